"""Every number the save checker bounds is accepted at its bound and refused one past it
(game/engine/save_check.py), so a bound moved by one fails a test."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from game.engine import Game, SaveError
from game.engine.config import build_config
from game.engine.hexgrid import MAX_COLUMNS
from game.engine.rulesets.fireteam.firefight import TURNS_PER_PHASE
from game.engine.save_check import (
    MAX_ROWS,
    MAX_TURNING_POINTS,
    _max_ap,
    check_config_spec,
    check_dice_data,
    check_record,
)
from tests.engine.test_save_checks import CATALOGUE, IN_ACT, Save, refused

U64 = (1 << 64) - 1


def test_the_checker_has_the_documented_bounds() -> None:
    """Written out, so that a bound moved in the code fails here (the tests below use the
    code's constants to build their cases)."""
    assert (MAX_TURNING_POINTS, MAX_COLUMNS, MAX_ROWS, TURNS_PER_PHASE) == (12, 26, 40, 8)


def accepted(base: Save, change: Callable[[Save], object]) -> Game:
    data = copy.deepcopy(base)
    change(data)
    return Game.from_dict(data, CATALOGUE)


def _state(**values: Any) -> Callable[[Save], object]:
    return lambda d: d["state"].update(**values)


@pytest.mark.parametrize("key,at,past,message", [
    ("turn", TURNS_PER_PHASE, TURNS_PER_PHASE + 1, f"state.turn: must be 1..{TURNS_PER_PHASE}"),
    ("turn", 1, 0, "state.turn: must be 1.."),
    ("turning_point", 1, 0, "state.turning_point: must be 1.."),
    ("turning_point", 3, 4, "state.turning_point: must be 1..3"),
    ("initiative", 2, 3, "state.initiative: must be 0..2"),
    ("rolloff_winner", 2, 3, "state.rolloff_winner: must be 0..2"),
    ("rolloff_winner", 1, -1, "state.rolloff_winner: must be 0..2"),
])
def test_a_state_counter_at_its_bound_loads_and_past_it_is_refused(
        key: str, at: int, past: int, message: str) -> None:
    accepted(IN_ACT, _state(**{key: at}))
    refused(IN_ACT, _state(**{key: past}), message)


def test_ap_left_at_the_most_possible_loads_and_one_more_is_refused() -> None:
    config = build_config(CATALOGUE, IN_ACT["config"])
    active = next(o for o in IN_ACT["state"]["operatives"]
                  if o["id"] == IN_ACT["state"]["active"])
    most = _max_ap(config, active["card"])
    accepted(IN_ACT, _state(ap_left=most))
    refused(IN_ACT, _state(ap_left=most + 1), f"state.ap_left: must be 1..{most}")
    accepted(IN_ACT, _state(ap_left=1))


def test_wounds_one_short_of_the_datacard_load() -> None:
    def almost(data: Save) -> None:
        op = next(o for o in data["state"]["operatives"] if o["hex"])
        op["damage"] = CATALOGUE.datacards[op["card"]].wounds - 1
    accepted(IN_ACT, almost)


def test_vp_of_zero_load_and_below_are_refused() -> None:
    accepted(IN_ACT, lambda d: d["state"]["vp"].update({"1": 0}))
    refused(IN_ACT, lambda d: d["state"]["vp"].update({"1": -1}), "state.vp.1: must be at least 0")


def bounded(check: Callable[[Any], object], value: Any, ok: bool) -> None:
    """``check`` accepts ``value`` when ``ok``, else refuses it as out of its bounds."""
    if ok:
        check(value)
    else:
        with pytest.raises(SaveError, match="must be"):
            check(value)


@pytest.mark.parametrize("spec,ok", [
    ({"turning_points": MAX_TURNING_POINTS}, True),
    ({"turning_points": MAX_TURNING_POINTS + 1}, False),
    ({"turning_points": 1}, True),
    ({"turning_points": 0}, False),
    ({"killzone": {"columns": MAX_COLUMNS, "rows": MAX_ROWS}}, True),
    ({"killzone": {"columns": MAX_COLUMNS + 1}}, False),
    ({"killzone": {"rows": MAX_ROWS + 1}}, False),
    ({"killzone": {"columns": 1, "rows": 1}}, True),
    ({"killzone": {"columns": 0}}, False),
    ({"killzone": {"rows": 0}}, False),
])
def test_config_bounds(spec: dict[str, Any], ok: bool) -> None:
    bounded(check_config_spec, spec, ok)


@pytest.mark.parametrize("dice,ok", [
    ({"kind": "random", "seed": 1, "state": U64}, True),
    ({"kind": "random", "seed": 1, "state": U64 + 1}, False),
    ({"kind": "random", "seed": 1, "state": 0}, True),
    ({"kind": "random", "seed": 1, "state": -1}, False),
    ({"kind": "scripted", "rolls": [1, 6], "seed": 0, "used": 2, "state": 0}, True),
    ({"kind": "scripted", "rolls": [1, 7], "seed": 0, "used": 0, "state": 0}, False),
    ({"kind": "scripted", "rolls": [0, 6], "seed": 0, "used": 0, "state": 0}, False),
    ({"kind": "scripted", "rolls": [1, 6], "seed": 0, "used": 3, "state": 0}, False),
    ({"kind": "replay", "record": [["d6", 6]], "used": 1}, True),
    ({"kind": "replay", "record": [["d6", 6]], "used": 2}, False),
    ({"kind": "replay", "record": [["d6", 6]], "used": -1}, False),
])
def test_dice_bounds(dice: dict[str, Any], ok: bool) -> None:
    bounded(check_dice_data, dice, ok)


@pytest.mark.parametrize("record,ok", [
    ([["d6", 1], ["d6", 6]], True),
    ([["d6", 0]], False),
    ([["d6", 7]], False),
    ([["below", 1, 0], ["below", 5, 4]], True),
    ([["below", 5, 5]], False),
    ([["below", 5, -1]], False),
    ([["below", 0, 0]], False),
])
def test_record_bounds(record: list[list[Any]], ok: bool) -> None:
    bounded(check_record, record, ok)


@pytest.mark.parametrize("turning_points,ok", [
    (1, True), (0, False), (MAX_TURNING_POINTS, True), (MAX_TURNING_POINTS + 1, False)])
def test_a_built_configs_turning_points_at_their_bounds(turning_points: int, ok: bool) -> None:
    """check_config (on the config a save builds, whose count may come from its mission)
    keeps the same bounds as the saved spec: 1 and MAX_TURNING_POINTS load, past them not."""
    from dataclasses import replace

    from game.engine.save_check import check_config
    from tests.helpers import seeded_game

    config = replace(seeded_game(1, steps=0).config, turning_points=turning_points)
    if ok:
        check_config(config)
    else:
        with pytest.raises(SaveError, match="turning points is not 1.."):
            check_config(config)


@pytest.mark.parametrize("source", ["ability", "ploy"])
def test_the_most_ap_counts_a_rule_in_play_that_adds_apl(source: str) -> None:
    """An operative may be saved with one more AP left when a rule in play adds 1 APL: its
    datacard's own ability, or a strategic ploy of a fireteam in the game (no shipped card
    adds APL yet; a mission's own datacard or a new fireteam may)."""
    from dataclasses import replace

    from game.engine.defs import Ability, Effect, Ploy
    from game.engine.save_check import STAT_LIMITS
    from game.engine.vocabulary import STAT

    config = build_config(CATALOGUE, IN_ACT["config"])
    card_id = next(o for o in IN_ACT["state"]["operatives"]
                   if o["id"] == IN_ACT["state"]["active"])["card"]
    plain = _max_ap(config, card_id)
    assert plain < STAT_LIMITS["apl"][1]  # room for one more
    keen = (Effect(STAT, {"stat": "apl", "add": 1}),)
    if source == "ability":
        card = config.datacards[card_id]
        config.datacards[card_id] = replace(card, abilities=(
            *card.abilities, Ability("keen", "Keen", "+1 APL", keen)))
    else:
        team = config.fireteams[2]
        assert team is not None
        config.fireteams[2] = replace(team, ploys=(*team.ploys,
                                                   Ploy("rush", "Rush", "+1 APL", keen)))
    assert _max_ap(config, card_id) == plain + 1
