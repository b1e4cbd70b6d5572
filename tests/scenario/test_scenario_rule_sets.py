"""The scenario tools ask each rule set's registered declaration (game.scenario.rulesets,
declared in game.scenario.systems) for its part of a position: every rule set of the engine
besides Fireteam has one, and what the exporter writes follows it."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.rulesets import PLAYS, RuleSet, skirmish
from game.engine.state import Phase, Step
from game.scenario import systems
from game.scenario.export import ExportError, export_data
from tests.helpers import seeded_game

SKIRMISH = skirmish.RULE_SET


def _position(catalogue):
    game = seeded_game(12, mission="dual_strike", teams=("gideon", "bad_ladz"), players=12,
                       catalogue=catalogue, rules="skirmish",
                       until=lambda g: g.state.phase == Phase.FIREFIGHT
                       and g.state.step == Step.ACTIVATE and g.state.turning_point == 2)
    assert not game.is_over and game.state.active is None
    return game


def test_every_rule_set_but_fireteam_declares_its_part() -> None:
    assert set(systems.RULE_SETS) == {str(r) for r in PLAYS} - {str(RuleSet.FIRETEAM)}


def test_the_export_writes_what_the_rule_set_declares(catalogue, monkeypatch) -> None:
    game = _position(catalogue)
    data = export_data(game)
    assert data["rules"] == SKIRMISH
    assert "finished" in data["start"] and "finished" not in data["expect"]
    declared = systems.RULE_SETS[SKIRMISH]
    monkeypatch.setitem(systems.RULE_SETS, SKIRMISH, dataclasses.replace(
        declared, expect_left_out=(),
        position=lambda state: {**declared.position(state), "toy": [1]}))
    data = export_data(game)
    assert data["start"]["toy"] == [1] and data["expect"]["toy"] == [1]
    assert "finished" in data["expect"]
    # without its declaration the placed markers are tokens the format cannot move
    monkeypatch.delitem(systems.RULE_SETS, SKIRMISH)
    with pytest.raises(ExportError, match="lies dropped at"):
        export_data(game)
