"""The scenario tools under the one-page skirmish rules: a taken-down operative carries its
profile's Tough, the players' placed markers, the players who have finished the round and
the Shaken and fatigued operatives are part of a position (``start.finished`` is its key),
and an order begins an activation (registered with :mod:`game.scenario.systems`)."""

from __future__ import annotations

from typing import Any

from game.engine.config import Config
from game.engine.rulesets.skirmish import RULE_SET, SkirmishFlag
from game.engine.rulesets.skirmish.actions import ORDERS
from game.engine.rulesets.skirmish.core import profile_of
from game.engine.state import State
from game.scenario.shapes import PLAYER, ScenarioReader, list_of
from game.scenario.systems import (
    ScenarioKeys,
    ScenarioRules,
    StartKey,
    register_keys,
    register_rule_set,
)

FLAGS = (SkirmishFlag.SHAKEN, SkirmishFlag.FATIGUED)


def position(state: State) -> dict[str, Any]:
    """What a skirmish position adds: where its markers stand, who has finished the round,
    who is Shaken or fatigued."""
    return {"objective_hexes": dict(state.objective_hexes), "finished": list(state.done),
            **{str(flag): [o.id for o in state.operatives.values() if flag in o.flags]
               for flag in FLAGS}}


RULES = register_rule_set(ScenarioRules(
    rules=RULE_SET, taken_down_damage=lambda card: profile_of(card).tough,
    position=position, expect_left_out=("finished",), flags=FLAGS, places_markers=True,
    own_length=True, opens_activation=ORDERS))


def _finished(r: ScenarioReader, value: Any, state: State, config: Config) -> None:
    state.done = [int(p) for p in value or ()]


# the players who have finished the round (the field is the core state's, so any game takes it)
KEYS = register_keys(ScenarioKeys(
    system=RULE_SET, start=(StartKey("finished", list_of(PLAYER), _finished),)))
