"""The tactical positions of missions/puzzles load as puzzles, and the hard level solves a few
of the quick ones (the whole set is `python -m game.cli.puzzles`, a benchmark, not a test)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import puzzles
from game.ai.puzzles import POSITIONS, PuzzleError, load_puzzle, load_puzzles, same, solve, solved
from game.cli import puzzles as puzzles_cli
from game.engine import Move
from game.engine.rulesets.skirmish import Advance, Rush
from tests.ai.helpers import CATALOGUE

ALL = load_puzzles([POSITIONS], CATALOGUE)


def test_at_least_twenty_positions_of_every_theme() -> None:
    assert len(ALL) >= 20
    assert {p.theme for p in ALL} == set(puzzles.THEMES)


def test_every_solution_is_legal_and_there_is_something_else_to_do() -> None:
    for puzzle in ALL:
        legal = puzzle.game.legal_actions()
        assert all(any(same(a, b) for a in legal) for b in puzzle.best), puzzle.path
        assert any(not solved(puzzle, a) for a in legal), puzzle.path


def test_a_move_is_matched_by_where_it_ends() -> None:
    assert same(Move(1, "a", ("C2", "C3")), Move(1, "a", ("D2", "C3")))
    assert not same(Move(1, "a", ("C2", "C3")), Move(1, "a", ("C2",)))
    assert not same(Move(1, "a", ("C3",)), Move(1, "b", ("C3",)))


def test_a_skirmish_advance_or_rush_is_matched_by_its_kind_and_where_it_ends() -> None:
    assert same(Advance(1, "a", ("C2", "C3")), Advance(1, "a", ("D2", "C3")))
    assert same(Rush(1, "a", ("C2", "C3")), Rush(1, "a", ("D2", "C3")))
    assert not same(Rush(1, "a", ("C2", "C3")), Advance(1, "a", ("C2", "C3")))
    assert not same(Advance(1, "a", ("C2", "C3")), Advance(1, "a", ("C2",)))
    assert not same(Advance(1, "a", ("C3",)), Advance(1, "b", ("C3",)))


def test_a_solution_that_is_not_legal_names_its_file_and_line(tmp_path: Path) -> None:
    text = (POSITIONS / "take_down_target_1.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("- 1 attack a rifle b", "- 1 attack a knife b"),
                   encoding="utf-8")
    wrong = r"bad\.yaml:\d+: '1 attack a knife b' is not a legal action"
    with pytest.raises(PuzzleError, match=wrong):
        load_puzzle(bad, CATALOGUE)
    plain = tmp_path / "plain.yaml"
    plain.write_text(text.split("puzzle:")[0], encoding="utf-8")
    with pytest.raises(PuzzleError, match="not a puzzle"):
        load_puzzle(plain, CATALOGUE)


@pytest.mark.parametrize("name", ["take_down_target_1", "take_down_first_1",
                                  "objective_last_move_1", "target_reveal_1"])
def test_hard_solves_the_quick_ones(name: str) -> None:
    puzzle = next(p for p in ALL if Path(p.path).stem == name)
    assert solved(puzzle, solve(puzzle, "hard"))


def test_a_level_that_shoots_the_wrong_enemy_misses() -> None:
    puzzle = next(p for p in ALL if Path(p.path).stem == "take_down_target_1")
    wrong = next(a for a in puzzle.game.legal_actions()
                 if a.verb == "attack" and getattr(a, "target", "") == "c")
    assert not solved(puzzle, wrong)


def test_the_command_ends_with_the_tally(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    for name in ("take_down_weapon_1", "take_down_target_1"):
        (tmp_path / f"{name}.yaml").write_text(
            (POSITIONS / f"{name}.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert puzzles_cli.main([str(tmp_path), "--levels", "easy"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == "puzzles: easy 2/2"
