"""The computer player in the Kill Team classic pack: it tries to seize the initiative (a
failed roll costs nothing), places objective markers legally and by its plan, counts the
secondary objectives as they stand, and keeps its operatives within the leader's command
range once Break tests threaten (docs/ai.md)."""

from __future__ import annotations

import pytest

from game.ai.heuristics import stand_terms
from game.ai.rulesets.killteam.scores import decision_score, flee_risk, pack_value
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.rulesets.killteam import PackStep
from game.engine.rulesets.killteam import core as kt
from game.engine.rulesets.killteam.actions import PlaceObjective, Seize
from game.engine.state import Step
from game.uitest.headless import play_until
from tests.ai.helpers import CATALOGUE, cheap_player
from tests.helpers import position

LEVELS = ["easy", "normal", "hard"]


def at_step(mission: str, step: Step, seed: int = 2) -> Game:
    game = Game.new(CATALOGUE, mission, ("gideon", "deathless_destroyers"), RandomDice(seed))
    play_until(game, seed, lambda g: g.state.step == step)
    assert game.state.step == step
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_it_tries_to_seize_the_initiative(level: str) -> None:
    game = at_step("kt_head_hunt", PackStep.SEIZE)
    seat = game.to_act
    choice = cheap_player(level, 1).choose(game.view(seat))
    assert choice == Seize(seat, True)


@pytest.mark.parametrize("level", LEVELS)
def test_it_places_a_marker_where_the_rules_allow(level: str) -> None:
    game = at_step("kt_forward_push", PackStep.PLACE_OBJECTIVES)
    seat = game.to_act
    choice = cheap_player(level, 1).choose(game.view(seat))
    assert isinstance(choice, PlaceObjective) and choice in game.legal_actions()


def test_the_roll_off_winner_gathers_markers_on_one_side_the_other_keeps_them_central(
) -> None:
    game = at_step("kt_forward_push", PackStep.PLACE_OBJECTIVES)
    legal = [a for a in game.legal_actions() if isinstance(a, PlaceObjective)]
    zones = game.config.territories

    def lean(action: PlaceObjective) -> int:  # nearer territory 1 than 2: positive
        near = {side: min(game.grid.distance(action.hex, h) for h in hexes)
                for side, hexes in zones.items()}
        return near[2] - near[1]

    best = max(legal, key=lambda a: decision_score(game, a, stand_terms) or 0.0)
    leans = sorted(lean(a) for a in legal)
    if legal[0].player == game.state.rolloff_winner:
        assert lean(best) == leans[-1]
    else:
        assert abs(lean(best)) == min(abs(x) for x in leans)


POSITION = """
mission: kt_forward_push
fireteams: {1: gideon, 2: deathless_destroyers}
operatives:
  - {id: sergeant, player: 1, card: assault_intercessor_sergeant, at: H6}
  - {id: near, player: 1, card: assault_intercessor, at: %s}
  - {id: lost1, player: 1, card: assault_intercessor}
  - {id: lost2, player: 1, card: assault_intercessor}
  - {id: lost3, player: 1, card: assault_intercessor}
  - {id: warrior1, player: 2, card: necron_warrior, at: H10}
start: {turning_point: 2, phase: firefight, initiative: 1, turn: 1}
"""


def broken_position(near: str) -> Game:
    game = position(POSITION % near)
    for op_id in ("lost1", "lost2", "lost3"):
        game.state.operatives[op_id].taken_down = True
    assert kt.more_than_half_lost(game, 1)
    return game


def test_operatives_out_of_command_range_count_as_at_risk_once_broken() -> None:
    worth = {"sergeant": 5.0, "near": 3.0}
    inside = broken_position("H4")  # 2 hexes from the sergeant
    outside = broken_position("B2")  # far out of its 3 hexes
    assert inside.grid.distance("H4", "H6") <= kt.COMMAND_RANGE
    assert outside.grid.distance("B2", "H6") > kt.COMMAND_RANGE
    assert flee_risk(outside, 1, worth) > flee_risk(inside, 1, worth)
    assert pack_value(inside, 1, worth) > pack_value(outside, 1, worth)


def test_the_secondary_objectives_count_as_they_stand() -> None:
    worth: dict[str, float] = {}
    game = broken_position("H4")
    enemy_zone = game.config.territories[game.state.territory[2]]
    before = pack_value(game, 1, worth)
    game.state.operatives["near"].hex = next(h for h in enemy_zone
                                             if h not in game.occupied()
                                             and h not in game.grid.blocked)
    assert pack_value(game, 1, worth) > before  # Linebreaker would score now
