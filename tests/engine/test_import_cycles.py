"""No import cycle in ``game/``: every import statement of every module, those inside
functions included, is an edge from the module to the module it names, and the graph has no
cycle. Imports under ``if TYPE_CHECKING:`` are left out (they never run: a type named for the
checker is not a dependency). A module that needs something of a module above it is given
it (a parameter) or the shared piece moves down a layer; an import hidden in a function does
not hide it from this test."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from game.content import REPO_ROOT

Graph = dict[str, dict[str, int]]  # module -> {module it imports: line of the first import}


def modules(root: Path) -> dict[str, tuple[Path, bool]]:
    """Each module under ``root`` (a package folder) by dotted name: (its file, whether it is
    a package's ``__init__``)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root.parent).with_suffix("").parts)
        package = parts[-1] == "__init__"
        if package:
            parts.pop()
        found[".".join(parts)] = (path, package)
    return found


def _imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of ``tree`` at any depth, except under ``if TYPE_CHECKING``."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
            continue
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            stack.extend(node.orelse)
            continue
        stack.extend(ast.iter_child_nodes(node))


def import_graph(root: Path) -> Graph:
    """The import graph of the package at ``root``, inside the package only."""
    known = modules(root)
    graph: Graph = {}
    for name, (path, package) in known.items():
        edges = graph.setdefault(name, {})
        here = name if package else name.rpartition(".")[0]
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    anchor = here
                    for _ in range(node.level - 1):
                        anchor = anchor.rpartition(".")[0]
                    base = f"{anchor}.{base}" if base else anchor
                # ``from package import module`` names the module, else the package
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in known else base
                           for a in node.names]
            for target in targets:
                if target in known and target != name:
                    edges.setdefault(target, node.lineno)
    return graph


def cycles(graph: Graph) -> list[list[str]]:
    """The strongly connected parts of ``graph`` with more than one module (Tarjan's, without
    recursion), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, {}))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    part = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        part.append(member)
                        if member == node:
                            break
                    if len(part) > 1:
                        found.append(sorted(part))
    return found


def _describe(graph: Graph, part: list[str]) -> str:
    members = set(part)
    lines = [f"  {a} imports {b} (line {line})" for a in part
             for b, line in sorted(graph[a].items()) if b in members]
    return "a cycle of " + ", ".join(part) + ":\n" + "\n".join(lines)


def test_the_walker_sees_function_level_and_relative_imports_and_finds_a_cycle(
        tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / "sub").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "sub" / "__init__.py").write_text("")
    (package / "a.py").write_text("def f():\n    from pkg.sub import b\n")
    (package / "sub" / "b.py").write_text("from .. import c\n")
    (package / "c.py").write_text("import pkg.a\n")
    (package / "d.py").write_text("from typing import TYPE_CHECKING\n"
                                  "if TYPE_CHECKING:\n    from pkg import a\n")
    graph = import_graph(package)
    assert graph["pkg.a"] == {"pkg.sub.b": 2}
    assert graph["pkg.sub.b"] == {"pkg.c": 1}
    assert graph["pkg.c"] == {"pkg.a": 1}
    assert graph["pkg.d"] == {}
    assert cycles(graph) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    (package / "c.py").write_text("")
    assert cycles(import_graph(package)) == []


def test_no_import_cycle_in_the_game_package() -> None:
    graph = import_graph(REPO_ROOT / "game")
    assert len(graph) > 100  # the walker saw the package
    found = cycles(graph)
    assert not found, "\n".join(_describe(graph, part) for part in found)
