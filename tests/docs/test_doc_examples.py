"""The examples of README.md and docs/*.md run as written.

- Every ```python block is executed (a doctest-like runner: the blocks of one document run in
  order in one namespace). A ``while`` loop shown in a block runs under a step limit, so an
  example that would never end fails here instead of hanging.
- Every ```yaml block reads as YAML; one that is a whole scenario file (it has ``actions`` and
  ``expect``) is run by the scenario runner and must pass.
- Every call written as ``name(parameter, ...)`` in docs/engine.md names the real parameters of
  the engine's function, in order.
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```(\w*)[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
STEP_LIMIT = 5000  # iterations of any one loop shown in an example


class StepLimitExceeded(AssertionError):
    pass


def blocks(path: Path, language: str) -> list[tuple[int, str]]:
    """The fenced blocks of ``language`` in a Markdown file, with their first line number."""
    text = path.read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start()) + 2, m.group(2)) for m in FENCE.finditer(text)
            if m.group(1) == language]


class _LimitLoops(ast.NodeTransformer):
    """Puts ``__step__()`` first in the body of every while and for loop."""

    def _limit(self, node: ast.While | ast.For) -> ast.AST:
        self.generic_visit(node)
        call = ast.Expr(ast.Call(ast.Name("__step__", ast.Load()), [], []))
        node.body.insert(0, call)
        return node

    visit_While = _limit  # noqa: N815 (ast.NodeTransformer's naming)
    visit_For = _limit  # noqa: N815


def step_counter(limit: int) -> Callable[[], None]:
    steps = [0]

    def step() -> None:
        steps[0] += 1
        if steps[0] > limit:
            raise StepLimitExceeded(f"a loop of the example ran more than {limit} times")

    return step


def run_python(source: str, where: str, namespace: dict[str, Any],
               limit: int = STEP_LIMIT) -> None:
    """Executes one example block with its loops limited; raises what the example raises."""
    tree = ast.fix_missing_locations(_LimitLoops().visit(ast.parse(source, where)))
    namespace["__step__"] = step_counter(limit)
    exec(compile(tree, where, "exec"), namespace)  # noqa: S102 - our own documentation


PYTHON = [(path, blocks(path, "python")) for path in DOCUMENTS if blocks(path, "python")]


def test_the_documents_have_python_examples() -> None:
    assert any(path.name == "engine.md" for path, _ in PYTHON)


@pytest.mark.parametrize("path, examples", PYTHON, ids=[p.name for p, _ in PYTHON])
def test_python_examples_run_as_written(path: Path, examples: list[tuple[int, str]],
                                        capsys: pytest.CaptureFixture[str]) -> None:
    namespace: dict[str, Any] = {"__name__": "__doc_example__"}
    for line, source in examples:
        run_python(source, f"{path.relative_to(ROOT)}:{line}", namespace)


def test_the_playing_example_plays_a_whole_game(capsys: pytest.CaptureFixture[str]) -> None:
    (line, source), *_ = blocks(ROOT / "docs" / "engine.md", "python")
    namespace: dict[str, Any] = {}
    run_python(source, f"docs/engine.md:{line}", namespace)
    game = namespace["game"]
    assert game.is_over and game.winner is not None
    # what the example's comment says it prints
    printed = capsys.readouterr().out.strip()
    comment = source.split("print(", 1)[1].split("#", 1)[1].split(" — ", 1)[0].strip()
    assert printed == comment
    assert f"in {len(game.log)} actions" in (ROOT / "docs" / "engine.md").read_text("utf-8")


def test_an_endless_example_is_stopped() -> None:
    with pytest.raises(StepLimitExceeded):
        run_python("while True:\n    pass\n", "endless", {}, limit=100)
    with pytest.raises(StepLimitExceeded):
        run_python("for _ in iter(int, 1):\n    pass\n", "endless", {}, limit=100)
    namespace: dict[str, Any] = {}
    run_python("n = 0\nwhile n < 100:\n    n += 1\n", "bounded", namespace, limit=100)
    assert namespace["n"] == 100


YAML = [(path, line, text) for path in DOCUMENTS for line, text in blocks(path, "yaml")]


@pytest.mark.parametrize("path, line, text", YAML, ids=[f"{p.name}:{n}" for p, n, _ in YAML])
def test_yaml_examples_are_yaml(path: Path, line: int, text: str) -> None:
    """Even the sketches of the content format (with ``...`` and ``<effect>`` in them) read as
    YAML, as a mapping."""
    assert isinstance(yaml.safe_load(text), dict)


SCENARIOS = [(path, line, text) for path in DOCUMENTS for line, text in blocks(path, "yaml")
             if isinstance(yaml.safe_load(text), dict)
             and {"actions", "expect"} <= set(yaml.safe_load(text))]


def test_the_scenario_format_shows_a_whole_scenario() -> None:
    assert any(path.name == "scenario-format.md" for path, _, _ in SCENARIOS)


@pytest.mark.parametrize("path, line, text", SCENARIOS,
                         ids=[f"{p.name}:{n}" for p, n, _ in SCENARIOS])
def test_scenario_examples_pass(path: Path, line: int, text: str, tmp_path: Path,
                                capsys: pytest.CaptureFixture[str]) -> None:
    from game.content import load_catalogue
    from game.scenario.loader import run_paths

    example = tmp_path / "example.yaml"
    example.write_text(text, encoding="utf-8")
    assert run_paths([example], load_catalogue()) == 0, capsys.readouterr()


# --- the calls named in docs/engine.md --------------------------------------------------------

CALL = re.compile(r"`(?:[A-Za-z_]+\.)*([A-Za-z_]+)\(([^`()]*)\)`")
LITERALS = {"None", "True", "False"}


def _owners() -> list[Any]:
    from game.engine.events import Event
    from game.engine.game import Game
    from game.scenario import export as scenario_export
    from game.services.replay import Replay

    return [Game, Replay, scenario_export, Event]


def documented_calls() -> list[tuple[str, list[str]]]:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    calls = []
    for name, params in CALL.findall(text):
        if name == "str":
            continue
        names = [p.split("=")[0].strip() for p in params.split(",") if p.strip()]
        calls.append((name, [n for n in names if n not in LITERALS and not n.isdigit()]))
    return calls


def test_engine_md_names_calls() -> None:
    names = {name for name, _ in documented_calls()}
    assert {"reach", "targets_from", "threat", "why_not_attack", "attack_odds"} <= names


@pytest.mark.parametrize("name, params", documented_calls(),
                         ids=[f"{n}({', '.join(p)})" for n, p in documented_calls()])
def test_engine_md_calls_use_the_real_parameter_names(name: str, params: list[str]) -> None:
    function = next((getattr(owner, name) for owner in _owners() if hasattr(owner, name)), None)
    assert function is not None, f"docs/engine.md names {name}(), which the engine lacks"
    real = [p for p in inspect.signature(function).parameters if p not in ("self", "cls")]
    assert params == real[:len(params)], f"{name}: documented {params}, real {real}"
