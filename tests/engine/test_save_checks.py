"""Loading checks every part of a save: each damaged save is refused with a SaveError naming
what is wrong; the content fingerprint and the version migrations."""

from __future__ import annotations

import copy
import dataclasses
import json
from collections.abc import Callable
from typing import Any

import pytest

from game.ai.random_player import RandomPlayer
from game.content import load_catalogue
from game.engine import persist
from game.engine.game import Game, SaveError
from game.engine.invariants import broken_invariants
from game.engine.state import Step
from tests.helpers import seeded_game

CATALOGUE = load_catalogue()
TEAMS = ("gideon", "deathless_destroyers")
Save = dict[str, Any]


def _game(seed: int = 1, until: Callable[[Game], bool] = lambda g: True,
          limit: int = 3000) -> Game:
    return seeded_game(seed, mission="power_up", teams=TEAMS, wargear={1: ["auspex"]},
                       players=(seed, seed + 1), until=until, steps=limit)


def _data(game: Game) -> Save:
    data: Save = json.loads(json.dumps(game.to_dict()))
    return data


AT_START = _data(_game())
IN_ACT = _data(_game(3, lambda g: g.state.step == Step.ACT and g.state.ap_left >= 1
                     and g.turning_point == 2))
AT_END = _data(_game(5, lambda g: False))


def _op(data: Save, n: int = 0) -> dict[str, Any]:
    op: dict[str, Any] = data["state"]["operatives"][n]
    return op


def _on_board(data: Save) -> list[dict[str, Any]]:
    return [op for op in data["state"]["operatives"] if op["hex"]]


def refused(base: Save, damage: Callable[[Save], object], message: str) -> None:
    """``base`` damaged by ``damage`` must be refused with ``message`` in the error."""
    data = copy.deepcopy(base)
    damage(data)
    with pytest.raises(SaveError) as error:
        Game.from_dict(data, CATALOGUE)
    assert message in str(error.value), str(error.value)


def test_every_sample_save_loads() -> None:
    for data in (AT_START, IN_ACT, AT_END):
        game = Game.from_dict(copy.deepcopy(data), CATALOGUE)
        assert broken_invariants(game) == []
    assert IN_ACT["state"]["step"] == Step.ACT


# --- types ---------------------------------------------------------------------------------

def test_a_string_where_a_number_is_expected_is_refused() -> None:
    refused(AT_START, lambda d: d["state"].update(turning_point="1"),
            "state.turning_point: expected a whole number, not '1'")


def test_a_list_where_a_mapping_is_expected_is_refused() -> None:
    refused(AT_START, lambda d: d["state"].update(control=[]), "state")


def test_true_is_not_a_number() -> None:
    refused(AT_START, lambda d: _op(d).update(player=True), "state.operatives.sergeant.player")


def test_null_where_a_list_is_expected_is_refused() -> None:
    refused(AT_START, lambda d: d["state"].update(deck=None), "state.deck")


def test_a_wrongly_typed_flag_is_refused() -> None:
    refused(AT_START, lambda d: _op(d).update(flags=[3]), "state.operatives.sergeant.flags[0]")


def test_a_state_that_is_not_a_mapping_is_refused() -> None:
    refused(AT_START, lambda d: d.update(state=[1, 2]), "state: expected a mapping")


def test_a_config_that_is_not_a_mapping_is_refused() -> None:
    refused(AT_START, lambda d: d.update(config="power_up"), "config: expected a mapping")


def test_a_huge_inline_killzone_is_refused() -> None:
    refused(AT_START, lambda d: d.update(config={"killzone": {"rows": 10**9}}),
            "config.killzone.rows: must be 1..")


# --- operatives ----------------------------------------------------------------------------

def test_an_operative_on_a_blocked_hex_is_refused() -> None:
    blocked = sorted(CATALOGUE.killzones[CATALOGUE.missions["power_up"].killzone].blocked)[0]
    refused(IN_ACT, lambda d: _on_board(d)[0].update(hex=blocked), "is a blocked hex")


def test_two_operatives_on_one_hex_are_refused() -> None:
    refused(IN_ACT, lambda d: _on_board(d)[1].update(hex=_on_board(d)[0]["hex"]),
            "is also the hex of")


def test_wounds_beyond_the_datacard_are_refused() -> None:
    refused(AT_START, lambda d: _op(d).update(damage=99), "state.operatives.sergeant.damage")


def test_negative_wounds_are_refused() -> None:
    refused(AT_START, lambda d: _op(d).update(damage=-1), "must be 0..")


def test_an_operative_with_its_wounds_on_the_killzone_is_refused() -> None:
    wounds = CATALOGUE.datacards[_on_board(IN_ACT)[0]["card"]].wounds
    refused(IN_ACT, lambda d: _on_board(d)[0].update(damage=wounds), "take it down")


def test_duplicate_operative_ids_are_refused() -> None:
    refused(AT_START, lambda d: d["state"]["operatives"].append(dict(_op(d))),
            "the id 'sergeant' is used twice")


def test_an_unknown_datacard_is_refused() -> None:
    refused(AT_START, lambda d: _op(d).update(card="gretchin"), "unknown datacard 'gretchin'")


# --- cards ---------------------------------------------------------------------------------

@pytest.mark.parametrize("place", ["deck", "discard", "hands", "active_targets", "completed"])
def test_an_unknown_target_of_opportunity_is_refused(place: str) -> None:
    def damage(d: Save) -> None:
        if place in ("deck", "discard"):
            d["state"][place].append("no_such_card")
        else:
            d["state"][place]["1"] = ["no_such_card"]
    refused(AT_START, damage, "unknown target of opportunity 'no_such_card'")


def test_a_target_card_in_two_places_is_refused() -> None:
    refused(AT_START, lambda d: d["state"]["discard"].append(d["state"]["deck"][0]),
            "is also in deck")


def test_an_unknown_ploy_in_force_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"]["ploys"].update({"1": ["no_such_ploy"]}),
            "unknown ploy 'no_such_ploy'")


def test_unknown_wargear_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"]["wargear_used"].update({"2": ["auspex"]}),
            "player 2 holds no wargear 'auspex'")


def test_a_boost_of_unknown_wargear_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"]["boosts"].append([1, "nothing", "sergeant", "mission"]),
            "state.boosts[")


# --- counters ------------------------------------------------------------------------------

def test_an_impossible_turning_point_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(turning_point=4),
            "state.turning_point: must be 1..3")


def test_a_turn_outside_1_to_8_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(turn=9), "state.turn: must be 1..8")


def test_initiative_other_than_0_1_2_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(initiative=3), "state.initiative")


def test_nobody_holding_the_initiative_in_the_firefight_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(initiative=0), "nobody has the initiative")


def test_to_act_other_than_1_or_2_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(to_act=0), "state.to_act: must be 1..2")


def test_negative_ap_left_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(ap_left=-1), "state.ap_left")


def test_ap_left_above_the_possible_maximum_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(ap_left=9), "state.ap_left: must be 1..")


def test_an_activation_with_no_ap_left_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(ap_left=0), "state.ap_left")


def test_an_unknown_active_operative_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(active="nobody"), "unknown operative 'nobody'")


def test_an_active_operative_off_the_killzone_is_refused() -> None:
    def damage(d: Save) -> None:
        active = next(op for op in d["state"]["operatives"] if op["id"] == d["state"]["active"])
        active["hex"] = None
    refused(IN_ACT, damage, "is not on the killzone")


def test_an_active_operative_of_the_other_player_is_refused() -> None:
    def damage(d: Save) -> None:
        other = next(op for op in _on_board(d) if op["player"] != d["state"]["to_act"])
        d["state"]["active"] = other["id"]
    refused(IN_ACT, damage, "is to act")


def test_negative_vp_are_refused() -> None:
    refused(IN_ACT, lambda d: d["state"]["vp"].update({"2": -1}), "state.vp.2")


def test_a_winner_while_the_mission_runs_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(winner=1), "while the mission is still")


def test_no_winner_once_the_mission_is_over_is_refused() -> None:
    refused(AT_END, lambda d: d["state"].update(winner=None), "state.winner")


def test_an_unknown_phase_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(phase="lunch"), "unknown phase 'lunch'")


def test_an_unknown_step_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(step="dance"), "unknown step 'dance'")


def test_a_step_the_phase_never_waits_in_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(step="deploy"), "never waits at step 'deploy'")


def test_a_phase_that_never_waits_for_a_decision_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"].update(phase="initiative", step=""), "never waits")


def test_an_unknown_objective_is_refused() -> None:
    refused(IN_ACT, lambda d: d["state"]["control"].update(nowhere=1), "unknown objective")


# --- dice, log, record ---------------------------------------------------------------------

def test_dice_of_the_wrong_type_are_refused() -> None:
    refused(AT_START, lambda d: d["dice"].update(state="12"), "dice.state")


def test_unknown_dice_are_refused() -> None:
    refused(AT_START, lambda d: d["dice"].update(kind="loaded"), "unknown kind of dice")


def test_a_log_that_is_not_a_list_of_text_is_refused() -> None:
    refused(AT_START, lambda d: d.update(log=["1 keep", 3]), "log[1]")


def test_a_malformed_record_is_refused() -> None:
    refused(AT_START, lambda d: d["record"].append(["d6", 7]), "record[")


# --- playing on ----------------------------------------------------------------------------

@pytest.mark.parametrize("seed, actions", [(11, 0), (12, 40), (13, 110), (14, 150)])
def test_a_loaded_save_plays_on_to_the_end(seed: int, actions: int) -> None:
    original = _game(seed, lambda g: False, limit=actions)
    game = Game.from_dict(_data(original), CATALOGUE)
    assert not original.is_over and game.legal_actions()
    players = {1: RandomPlayer(seed), 2: RandomPlayer(seed + 1)}
    while not game.is_over:
        before = game.vp
        game.apply(players[game.to_act].choose(game))
        assert broken_invariants(game, before) == []


# --- fingerprint and versions --------------------------------------------------------------

def test_a_save_carries_a_fingerprint_of_its_content() -> None:
    fingerprint = AT_START["fingerprint"]
    assert AT_START["version"] == persist.SAVE_VERSION == 2
    assert len(fingerprint["sha256"]) == 64
    assert {"datacard:assault_intercessor", "fireteam:gideon", "mission:power_up",
            "killzone", "wargear:auspex"} <= set(fingerprint["parts"])


def _changed(**datacards: dict[str, Any]) -> Any:
    cards = dict(CATALOGUE.datacards)
    for card_id, changes in datacards.items():
        cards[card_id] = dataclasses.replace(cards[card_id], **changes)
    return dataclasses.replace(CATALOGUE, datacards=cards)


def test_a_changed_datacard_is_named_when_loading() -> None:
    catalogue = _changed(assault_intercessor={"wounds": 5})
    with pytest.raises(SaveError, match="card data changed since this save was made: "
                                        "the datacard 'assault_intercessor' changed"):
        Game.from_dict(copy.deepcopy(IN_ACT), catalogue)


def test_a_changed_card_not_in_play_does_not_matter() -> None:
    catalogue = _changed(**{card: {"wounds": 1} for card in CATALOGUE.datacards
                            if card not in {op["card"] for op in
                                            AT_START["state"]["operatives"]}})
    Game.from_dict(copy.deepcopy(AT_START), catalogue)


def test_a_damaged_fingerprint_is_refused() -> None:
    refused(AT_START, lambda d: d["fingerprint"]["parts"].update(killzone="0" * 16),
            "fingerprint: damaged")


def test_a_save_without_a_fingerprint_is_refused() -> None:
    refused(AT_START, lambda d: d.pop("fingerprint"), "no 'fingerprint'")


def test_a_version_1_save_is_migrated_and_loads() -> None:
    old = copy.deepcopy(IN_ACT)
    old["version"] = 1
    del old["fingerprint"]
    game = Game.from_dict(old, CATALOGUE)
    assert game.state.to_dict() == IN_ACT["state"]
    assert game.to_dict()["fingerprint"] == IN_ACT["fingerprint"]
    assert "fingerprint" not in old  # the caller's data is left alone


def test_migrations_go_one_version_at_a_time_up_to_the_current() -> None:
    assert sorted(persist.MIGRATIONS) == list(range(1, persist.SAVE_VERSION))


def test_a_future_version_is_refused_clearly() -> None:
    refused(AT_START, lambda d: d.update(version=3), "written by a newer build")


@pytest.mark.parametrize("version", ["2", None, True, 0, 1.5])
def test_a_version_that_is_not_a_number_is_refused(version: object) -> None:
    refused(AT_START, lambda d: d.update(version=version), "not a version number")
