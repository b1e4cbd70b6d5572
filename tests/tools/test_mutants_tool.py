"""tools/mutants.py: which changes it makes, that a mutant keeps every other line in its place,
and that the checkout's files are never written."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.helpers import tool_module

REPO_ROOT = Path(__file__).resolve().parents[2]

SAMPLE = '''\
"""A module to mutate."""

LIMIT: int = 3


def clamp(value: int, state: dict[str, int]) -> int:
    """Doc with 7 in it."""
    state["seen"] = value
    state["count"] += 1
    state.setdefault("log", 0)
    total = value
    if value > LIMIT and (
            value != 99):
        return LIMIT
    return total if f"{value > 1}" else 0
'''


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    path = tmp_path / "sample.py"
    path.write_text(SAMPLE, encoding="utf-8")
    return path


def test_each_kind_of_change_is_found_where_it_applies(sample: Path) -> None:
    mutants = tool_module("mutants").mutants_of(sample, sample.parent)
    found = {(m.line, m.kind, m.after) for m in mutants}
    assert (8, "drop", "pass") in found  # an item assigned
    assert (9, "drop", "pass") in found  # an augmented assignment
    assert (10, "drop", "pass") in found  # a container changed by its method
    assert (9, "constant", "2") in found
    assert (12, "compare", "value <= LIMIT") in found
    assert (12, "boolop", "value > LIMIT or value != 99") in found
    assert (13, "compare", "value == 99") in found
    assert (15, "constant", "1") in found
    assert (3, "constant", "4") in found  # a module's limit too
    # left alone: a plain local name's assignment, an annotation, a docstring, an f-string's
    # inside
    lines = {m.line for m in mutants}
    assert 11 not in lines and 7 not in lines
    assert [m.kind for m in mutants if m.line == 3] == ["constant"]
    assert not any(m.line == 15 and m.kind == "compare" for m in mutants)


def test_a_mutant_keeps_every_line_in_its_place_and_is_valid_python(sample: Path) -> None:
    mutants_tool = tool_module("mutants")
    for mutant in mutants_tool.mutants_of(sample, sample.parent):
        text = mutants_tool.apply(SAMPLE, mutant)
        assert text != SAMPLE
        assert len(text.splitlines()) == len(SAMPLE.splitlines()), mutant
        ast.parse(text)
        pairs = zip(SAMPLE.splitlines(), text.splitlines(), strict=True)
        for n, (old, new) in enumerate(pairs, 1):
            if not mutant.line <= n <= mutant.end_line:
                assert old == new, (mutant, n)


def test_the_choice_is_seeded_and_covers_every_kind(sample: Path) -> None:
    mutants_tool = tool_module("mutants")
    first = mutants_tool.choose([sample], 4, seed=5, root=sample.parent)
    assert first == mutants_tool.choose([sample], 4, seed=5, root=sample.parent)
    assert len(first) == 4
    assert {m.kind for m in first} == {"boolop", "compare", "constant", "drop"}


@pytest.mark.slow  # runs pytest as a new process, twice
def test_a_run_kills_a_mutant_its_tests_notice_and_leaves_the_checkout_unchanged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    mutants_tool = tool_module("mutants")
    module = REPO_ROOT / "game" / "engine" / "hexgrid.py"
    before = module.read_bytes()
    code = mutants_tool.main(["--per-module", "2", "--seed", "1", "--timeout", "300",
                              "game/engine/hexgrid.py=tests/engine/test_hexgrid.py"])
    out = capsys.readouterr().out
    assert code == 0
    assert module.read_bytes() == before
    last = [line for line in out.splitlines() if line.startswith("mutants: ")]
    assert last and last[0].endswith("survived") and " of 2," in last[0], out
