"""A mission's deck of targets of opportunity holds only the cards that can be completed on it
(docs/rules-decisions.md, "Cards"): every shipped mission checked, and a mission of one
objective."""

from __future__ import annotations

import dataclasses

from game.engine.config import build_config

OBJECTIVE_CARDS = {"foothold", "hold_the_line", "total_dominance"}


def left_out(catalogue, mission_id: str) -> set[str]:
    config = build_config(catalogue, {"mission": mission_id,
                                      "fireteams": {1: "gideon", 2: "bad_ladz"}})
    return set(catalogue.targets) - set(config.targets)


def test_every_shipped_mission_deals_only_cards_it_lets_a_player_complete(catalogue):
    for mission in catalogue.missions.values():
        if mission.pack_rules is not None:
            continue  # Kill Team classic missions score secondary objectives instead
        gone = left_out(catalogue, mission.id)
        if not mission.objectives:
            assert gone == OBJECTIVE_CARDS, mission.id
        else:  # every other shipped mission has two objectives or more: the whole deck
            assert len(mission.objectives) >= 2 and gone == set(), mission.id


def test_a_mission_of_one_objective_sets_hold_the_line_aside(catalogue):
    base = catalogue.missions["dual_strike"]
    first = next(iter(base.objectives))
    single = dataclasses.replace(base, id="single", objectives={first: base.objectives[first]})
    cat = dataclasses.replace(catalogue, missions={**catalogue.missions, "single": single})
    assert left_out(cat, "single") == {"hold_the_line"}


def test_a_test_board_keeps_the_whole_deck(catalogue):
    config = build_config(catalogue, {"killzone": {"columns": 7, "rows": 7},
                                      "fireteams": {1: "gideon", 2: "bad_ladz"}})
    assert set(config.targets) == set(catalogue.targets)
