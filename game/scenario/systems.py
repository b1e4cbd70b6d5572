"""The contract between the scenario tools and a rule set beyond the Fireteam rules: what a
rule set's folder under :mod:`game.scenario.rulesets` declares and registers here, and what
the scenario loader and the exporter ask (through :func:`game.scenario.rulesets.scenario_rules`)
instead of testing which rule set a game is played under."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.engine.actions import Action
from game.engine.defs import Datacard
from game.engine.state import State


@dataclass(frozen=True)
class ScenarioRules:
    rules: str  # the rule set's id (a scenario's ``rules``)
    # the damage a taken-down operative of this datacard carries
    taken_down_damage: Callable[[Datacard], int]
    # what a position adds to ``start`` and ``expect`` (markers placed, flags carried...)
    position: Callable[[State], dict[str, Any]]
    expect_left_out: tuple[str, ...] = ()  # keys of ``position`` an ``expect`` leaves out
    flags: tuple[StrEnum, ...] = ()  # the flags the format writes besides ``marked``
    # the players place the objective markers: the markers not placed are not in the game,
    # and those placed are written where they stand
    places_markers: bool = False
    own_length: bool = False  # its games may last other than the mission's turning points
    opens_activation: tuple[type[Action], ...] = ()  # actions that begin an activation


RULE_SETS: dict[str, ScenarioRules] = {}


def register_rule_set(rules: ScenarioRules) -> ScenarioRules:
    RULE_SETS[rules.rules] = rules
    return rules
