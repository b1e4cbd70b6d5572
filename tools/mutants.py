"""Seeded mutation testing of the game's modules: does a test selection notice a small change?

Usage:
    python tools/mutants.py MODULE=TESTS [MODULE=TESTS ...] [--per-module N] [--seed S]
                            [--timeout SECONDS] [--all-tiers] [--list] [--only FILE:LINE]

``MODULE`` is a source file (``game/engine/flow.py``); ``TESTS`` a comma-separated pytest
selection run against each of its mutants (``tests/engine,tests/scenario/test_scenarios.py``). Each
mutant makes one change to one place, chosen with ``random.Random(SEED)`` among every place
of the module where one of these applies:

- ``compare``: a comparison's first operator flipped (``<`` to ``>=``, ``==`` to ``!=``,
  ``in`` to ``not in``, ``is`` to ``is not``, ...);
- ``constant``: an integer constant changed by one (``n`` to ``n + 1``), ``True`` / ``False``
  swapped;
- ``boolop``: ``and`` and ``or`` swapped;
- ``drop``: a state change inside a function (an assignment to an attribute or an item, an
  augmented assignment, a container's ``append``/``add``/``update``/...) replaced by
  ``pass``.

The mutated module is written into a throwaway copy of the checkout (``game/`` copied, every
other top-level entry linked), and the selection runs there as a new process (``-x``, the fast
tier ``-m "not slow"`` unless ``--all-tiers``, ``PYTHONPATH`` at the copy) with a time limit:
a mutant is *killed* when the run fails or exceeds the limit, else it *survived*. The source
files of the checkout are never written, so an interrupted run leaves nothing mutated.

Prints one line per mutant and last ``mutants: K killed of N, S survived`` with the survivors'
``file:line`` and change; exits 0 (a survivor is a finding, not an error).
``--list`` prints the chosen mutants without running them; ``--only FILE:LINE`` (repeatable)
takes every mutant at that place instead of a draw (to check a survivor again after writing
its test).
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FLIP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.In: ast.NotIn, ast.NotIn: ast.In,
    ast.Is: ast.IsNot, ast.IsNot: ast.Is,
}


@dataclass(frozen=True)
class Mutant:
    """One change to one module: where (``line``, ``col``, ``end_line``, ``end_col`` of the
    node replaced, as ``ast`` numbers them), what it was and what it becomes."""

    path: str
    kind: str
    line: int
    col: int
    end_line: int
    end_col: int
    before: str
    after: str

    def describe(self) -> str:
        """``file:line kind: before -> after``, on one line."""
        def short(text: str) -> str:
            one = " ".join(text.split())
            return one if len(one) <= 60 else one[:57] + "..."
        return f"{self.path}:{self.line} {self.kind}: {short(self.before)} -> {short(self.after)}"


def _annotation_nodes(tree: ast.AST) -> set[int]:
    """Ids of every node inside a type annotation, a docstring or an f-string (left alone:
    annotations are not run, and f-string parts carry no reliable positions)."""
    skip: set[int] = set()

    def mark(node: ast.AST | None) -> None:
        if node is not None:
            skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.AnnAssign):
            mark(node.annotation)
        elif isinstance(node, ast.arg):
            mark(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            mark(node.returns)
        elif isinstance(node, ast.JoinedStr):
            mark(node)
    return skip


def _inside_functions(tree: ast.AST) -> set[int]:
    """Ids of the statements that are part of a function's body."""
    inside: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for stmt in node.body:
                inside.update(id(n) for n in ast.walk(stmt))
    return inside


def _mutated(node: ast.expr | ast.stmt) -> list[tuple[str, str]]:
    """The (kind, new source) mutants of one node."""
    if isinstance(node, ast.Compare):
        new = FLIP.get(type(node.ops[0]))
        if new is None:
            return []
        copy = ast.Compare(left=node.left, ops=[new(), *node.ops[1:]],
                           comparators=node.comparators)
        return [("compare", ast.unparse(copy))]
    if isinstance(node, ast.BoolOp):
        other = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        return [("boolop", ast.unparse(ast.BoolOp(op=other, values=node.values)))]
    if isinstance(node, ast.Constant):
        if isinstance(node.value, bool):
            return [("constant", repr(not node.value))]
        if isinstance(node.value, int):
            return [("constant", repr(node.value + 1))]
        return []
    if _changes_state(node):
        return [("drop", "pass")]
    return []


STATE_METHODS = {"add", "append", "extend", "insert", "pop", "remove", "discard", "clear",
                 "update", "setdefault", "sort", "reverse", "popleft", "appendleft"}


def _changes_state(node: ast.AST) -> bool:
    """An assignment to an attribute or an item, an augmented assignment, or a call of a
    method that changes a container (``x.append(...)``): a state change. (An assignment to
    a plain local name is left alone: without it the next line fails on its name.)"""
    if isinstance(node, ast.AugAssign):
        return True
    if isinstance(node, ast.Assign):
        return any(isinstance(t, (ast.Attribute, ast.Subscript)) for t in node.targets)
    if isinstance(node, ast.AnnAssign):
        return node.value is not None and isinstance(node.target, (ast.Attribute,
                                                                   ast.Subscript))
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and node.value.func.attr in STATE_METHODS)


def mutants_of(path: Path, root: Path = ROOT) -> list[Mutant]:
    """Every mutant of the module at ``path``, in source order."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    skip = _annotation_nodes(tree)
    in_function = _inside_functions(tree)
    rel = path.resolve().relative_to(root).as_posix()
    found: list[Mutant] = []
    for node in ast.walk(tree):
        if id(node) in skip or not isinstance(node, (ast.expr, ast.stmt)):
            continue
        if isinstance(node, ast.stmt) and id(node) not in in_function:
            continue
        if node.end_lineno is None or node.end_col_offset is None:
            continue
        before = ast.get_source_segment(source, node) or ""
        for kind, after in _mutated(node):
            found.append(Mutant(rel, kind, node.lineno, node.col_offset, node.end_lineno,
                                node.end_col_offset, before, after))
    return sorted(found, key=lambda m: (m.line, m.col, m.kind))


def apply(source: str, mutant: Mutant) -> str:
    """``source`` with ``mutant``'s node replaced, keeping every other line where it was (an
    expression is parenthesised, and padded with line breaks inside its parentheses when it
    spanned several lines; a dropped statement leaves blank lines)."""
    lines = source.splitlines(keepends=True)
    # ast columns are UTF-8 byte offsets
    first = lines[mutant.line - 1].encode("utf-8")
    last = lines[mutant.end_line - 1].encode("utf-8")
    head = first[:mutant.col].decode("utf-8")
    tail = last[mutant.end_col:].decode("utf-8")
    spanned = mutant.end_line - mutant.line
    if mutant.kind == "drop":
        middle = "pass" + "\n" * spanned
    else:
        middle = "(" + mutant.after + "\n" * spanned + ")"
    lines[mutant.line - 1:mutant.end_line] = [head + middle + tail]
    out = "".join(lines)
    ast.parse(out)  # a mutant is always valid Python
    return out


def choose(paths: list[Path], per_module: int, seed: int, root: Path = ROOT) -> list[Mutant]:
    """``per_module`` mutants of each module, drawn by ``random.Random(seed)``; every kind of
    change present in a module is drawn at least once when ``per_module`` allows."""
    rng = random.Random(seed)
    chosen: list[Mutant] = []
    for path in paths:
        every = mutants_of(path, root)
        by_kind: dict[str, list[Mutant]] = {}
        for m in every:
            by_kind.setdefault(m.kind, []).append(m)
        picks: list[Mutant] = []
        for kind in sorted(by_kind):
            if len(picks) < per_module:
                picks.append(rng.choice(by_kind[kind]))
        rest = [m for m in every if m not in picks]
        picks += rng.sample(rest, min(len(rest), per_module - len(picks)))
        chosen += sorted(picks, key=lambda m: (m.line, m.col))
    return chosen


def shadow_tree(root: Path, into: Path) -> None:
    """A throwaway checkout in ``into``: ``game/`` copied (it is what gets mutated), every
    other top-level entry a link to the real one."""
    for entry in root.iterdir():
        if entry.name in {"game", ".git", ".venv"} or entry.name.startswith("build"):
            continue
        (into / entry.name).symlink_to(entry)
    shutil.copytree(root / "game", into / "game",
                    ignore=shutil.ignore_patterns("__pycache__", "_data"))


def run_tests(tree: Path, tests: list[str], timeout: float, all_tiers: bool) -> tuple[str, float]:
    """Run ``tests`` in the tree; ``("killed" | "survived" | "timeout", seconds)``."""
    command = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider",
               "--no-header", "-o", "addopts="]
    if not all_tiers:
        command += ["-m", "not slow"]
    env = dict(os.environ, PYTHONPATH=str(tree), PYTHONDONTWRITEBYTECODE="1",
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    start = time.monotonic()
    try:
        done = subprocess.run(command + tests, cwd=tree, env=env, timeout=timeout,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return "timeout", time.monotonic() - start
    # 0: every test passed; 5: no test collected (a selection naming nothing is no check)
    if done.returncode == 5:
        raise SystemExit(f"mutants: the selection {' '.join(tests)} collects no test")
    outcome = "survived" if done.returncode == 0 else "killed"
    return outcome, time.monotonic() - start


def parse_pair(text: str) -> tuple[Path, list[str]]:
    """``MODULE=TESTS`` -> (module path, test selection)."""
    module, sep, tests = text.partition("=")
    if not sep or not tests:
        raise argparse.ArgumentTypeError(f"{text!r}: expected MODULE=TESTS")
    path = (ROOT / module).resolve()
    if not path.is_file() or path.suffix != ".py":
        raise argparse.ArgumentTypeError(f"{module}: no such Python file")
    return path, [t for t in tests.split(",") if t]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", nargs="+", type=parse_pair, metavar="MODULE=TESTS")
    parser.add_argument("--per-module", type=int, default=6)
    parser.add_argument("--seed", type=int, default=18)
    parser.add_argument("--timeout", type=float, default=180.0,
                        help="seconds for one mutant's run (a run over it counts as killed)")
    parser.add_argument("--all-tiers", action="store_true",
                        help="run the slow tests of the selection too")
    parser.add_argument("--list", action="store_true", help="print the mutants, run nothing")
    parser.add_argument("--only", action="append", default=[], metavar="FILE:LINE")
    args = parser.parse_args(argv)
    tests_of = {path: tests for path, tests in args.pairs}
    if args.only:  # every mutant at those places, drawn or not
        mutants = [m for path in tests_of for m in mutants_of(path)
                   if f"{m.path}:{m.line}" in args.only]
    else:
        mutants = choose(list(tests_of), args.per_module, args.seed)
    if args.list:
        for m in mutants:
            print(m.describe())
        return 0
    survivors: list[Mutant] = []
    killed = 0
    # a kill (SIGTERM) unwinds like Ctrl-C, so the throwaway copy is removed
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with tempfile.TemporaryDirectory(prefix="fireteam-mutants-") as tmp:
        tree = Path(tmp)
        shadow_tree(ROOT, tree)
        for n, m in enumerate(mutants, 1):
            target = tree / m.path
            # the copy as taken at the start (the checkout may be edited meanwhile)
            original = target.read_text(encoding="utf-8")
            try:
                target.write_text(apply(original, m), encoding="utf-8")
                outcome, seconds = run_tests(tree, tests_of[(ROOT / m.path).resolve()],
                                             args.timeout, args.all_tiers)
            finally:
                target.write_text(original, encoding="utf-8")
            if outcome == "survived":
                survivors.append(m)
            else:
                killed += 1
            print(f"[{n}/{len(mutants)}] {outcome:8} {seconds:6.1f}s {m.describe()}",
                  flush=True)
    print(f"mutants: {killed} killed of {len(mutants)}, {len(survivors)} survived")
    for m in survivors:
        print(f"  survived {m.describe()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
