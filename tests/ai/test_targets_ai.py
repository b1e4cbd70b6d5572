"""Hard counts targets of opportunity (game/ai/targets.py): a completed target's VP join the
totals only at the end of the mission, so the static value does not see them; hard's leaves
do, and its pruning and playouts value a move that completes a revealed end-of-turn target."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai import targets as tops
from game.ai.puzzles import POSITIONS, load_puzzle, solve
from game.ai.search import LEVELS, SearchPlayer, _leaf, _to_turning_point_end, policy
from game.engine import Move, Phase
from game.engine.game import Game
from tests.ai.helpers import CATALOGUE, fixture, fixture_text

ZONE = {"F9", "G10", "H9", "I10", "J9"}  # the enemy territory's hexes a can reach


def last_move(completed: str = "{}") -> Game:
    """The last move's position (tests/ai/fixtures/last_move.yaml) with the targets of
    opportunity ``completed`` (the file's ``start.completed``)."""
    text = fixture_text("last_move").replace("completed: {}", f"completed: {completed}")
    return fixture("last_move", text, played=True)


def test_a_completed_target_counts_in_hard_leaves_as_mission_vp_do() -> None:
    game = last_move("{1: [hold_the_line], 2: [foothold]}")  # 2 VP and 1 VP
    assert game.state.vp == {1: 3, 2: 3}  # the totals hold them only at the end
    assert tops.completed_lead(game, 1) == 1 and tops.completed_lead(game, 2) == -1
    hard = LEVELS["hard"]
    blind = replace(hard, targets=False)
    for seat, lead in ((1, 1), (2, -1)):
        assert _leaf(game, hard, seat) - _leaf(game, blind, seat) == pytest.approx(12.0 * lead)


def test_a_completed_target_is_not_counted_twice_once_the_game_is_over() -> None:
    game = last_move("{1: [hold_the_line]}")
    game.state.phase = Phase.OVER  # the final VP hold the completed targets
    assert game.is_over
    assert tops.completed_lead(game, 1) == 0


def test_a_move_that_meets_a_revealed_target_is_worth_its_vp() -> None:
    game = last_move()
    open_targets = tops.pending(game, 1)
    assert open_targets == [({"in_enemy_territory": 1}, 1)]
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    worth = {m.destination: tops.move_bonus(game, m, open_targets) for m in moves}
    assert {h for h, w in worth.items() if w} == ZONE
    assert all(w == 12.0 for h, w in worth.items() if h in ZONE)
    assert game.state.operatives["a"].hex == "H7"  # looked at in place and put back
    # standing still meets nothing yet; once in the territory, staying is worth it too
    others = [a for a in game.legal_actions() if not isinstance(a, Move)]
    assert others and all(tops.move_bonus(game, a, open_targets) == 0.0 for a in others)
    game.state.operatives["a"].hex = "H9"
    assert all(tops.move_bonus(game, a, open_targets) == 12.0 for a in others)


def test_the_enemy_targets_are_not_ours() -> None:
    game = last_move()
    assert tops.pending(game, 2) == []


def test_the_playouts_walk_into_the_enemy_territory_for_a_revealed_target() -> None:
    game = last_move()
    blind = policy(game, sharp=True)
    assert not (isinstance(blind, Move) and blind.destination in ZONE)
    seen = policy(game, sharp=True, targets=True)
    assert isinstance(seen, Move) and seen.destination in ZONE


def test_hard_plays_its_reveal_out_where_normal_goes_by_the_card_alone() -> None:
    """Normal ranks the cards by their kind and VP and reveals Total Dominance (3 VP) while
    the orks hold the other objective; hard plays each reveal to the end of the turning point
    and reveals Foothold, which the board already meets."""
    puzzle = load_puzzle(POSITIONS / "target_reveal_1.yaml", CATALOGUE)
    assert str(solve(puzzle, "normal")) == "1 reveal total_dominance"
    for seed in (1, 2, 3):
        assert str(solve(puzzle, "hard", seed)) == "1 reveal foothold"


def test_hard_prunes_with_the_target_in_mind() -> None:
    """Hard's shortlist comes from the cheap scores plus what a move is worth for a revealed
    target: with one candidate (no playout) it is that score's best, a move into the enemy
    territory, where the cheap scores alone go for the orks' objective."""
    view = last_move().view(1)
    hard = LEVELS["hard"]
    for budget, into in ((replace(hard, candidates=1), True),
                         (replace(hard, candidates=1, targets=False), False)):
        action = SearchPlayer(1, budget=budget).choose(view)
        assert (isinstance(action, Move) and action.destination in ZONE) is into


def test_a_played_out_turning_point_chases_the_revealed_target() -> None:
    """The reveal's and the ploy's playouts run to the end of the turning point with the
    targets in mind: here the last move of the mission completes Infiltration."""
    for targets, done in ((True, ["infiltration"]), (False, [])):
        game = last_move()
        _to_turning_point_end(game, True, targets)
        assert game.state.completed[1] == done


def test_hard_reveals_the_target_its_playouts_walk_to() -> None:
    """Infiltration is one move away; hard's reveal playouts walk the intercessor there (the
    cheap policy alone would not), so it reveals that card where normal reveals Blade Work."""
    puzzle = load_puzzle(POSITIONS / "target_reveal_3.yaml", CATALOGUE)
    assert str(solve(puzzle, "normal")) == "1 reveal blade_work"
    for seed in (1, 2, 3):
        assert str(solve(puzzle, "hard", seed)) == "1 reveal infiltration"
