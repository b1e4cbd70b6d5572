"""apply() is all or nothing, however long ago the last checkpoint was: a failed action is
rolled back to the checkpoint and the actions since are replayed (game.py, ``_roll_back``)."""

from __future__ import annotations

import pytest

from game.cli.simulate import play_random_game
from game.content import load_catalogue
from game.engine.actions import Deploy, Move, new_deploy, new_move, parse_action
from game.engine.dice import DiceExhaustedError, ReplayDice
from game.engine.game import Game

CATALOGUE = load_catalogue()
TEAMS = ("gideon", "deathless_destroyers")


@pytest.mark.parametrize("seed, keep", [(11, 0.3), (11, 0.7), (12, 0.5), (13, 0.9), (14, 0.6)])
def test_dice_running_out_mid_game_leave_the_game_as_it_was(seed: int, keep: float) -> None:
    full = play_random_game(CATALOGUE, "dual_strike", TEAMS, seed, check=False)
    after_setup = next(i for i, r in enumerate(full.record) if i > 2 and r[0] == "d6")
    record = full.record[:after_setup + int((len(full.record) - after_setup) * keep)]
    game = Game.new(CATALOGUE, "dual_strike", TEAMS, ReplayDice(record))
    for line in full.log:
        before = (game.state.to_dict(), list(game.log), [str(e) for e in game.events],
                  list(game.record), game.dice.to_dict(), game.can_undo)
        try:
            game.apply(parse_action(line))
        except DiceExhaustedError:
            after = (game.state.to_dict(), list(game.log), [str(e) for e in game.events],
                     list(game.record), game.dice.to_dict(), game.can_undo)
            assert after == before
            # and it plays on: with the dice back, the same action now goes through
            game.dice = ReplayDice(full.record, len(game.record))
            game.apply(parse_action(line))
            break
    else:
        pytest.fail("the dice never ran out")
    for line in full.log[len(game.log):]:
        game.apply(parse_action(line))
    assert game.state.to_dict() == full.state.to_dict()
    assert [str(e) for e in game.events] == [str(e) for e in full.events]


def test_undo_after_many_actions_restores_the_position_exactly() -> None:
    game = Game.new(CATALOGUE, "dual_strike", TEAMS, ReplayDice(
        play_random_game(CATALOGUE, "dual_strike", TEAMS, 3, check=False).record))
    moved = 0
    for line in play_random_game(CATALOGUE, "dual_strike", TEAMS, 3, check=False).log:
        action = parse_action(line)
        before = game.state.to_dict(), len(game.events)
        game.apply(action)
        if isinstance(action, Move) and game.can_undo:
            game.undo()
            assert (game.state.to_dict(), len(game.events)) == before
            game.apply(action)
            moved += 1
    assert moved > 5


def test_fast_built_actions_equal_those_built_the_usual_way() -> None:
    assert new_move(1, "a", ("C3", "C4")) == Move(1, "a", ("C3", "C4"))
    assert hash(new_move(2, "b", ("D1",))) == hash(Move(2, "b", ("D1",)))
    assert new_deploy(1, "a", "C3") == Deploy(1, "a", "C3")
    assert repr(new_deploy(1, "a", "C3")) == repr(Deploy(1, "a", "C3"))
