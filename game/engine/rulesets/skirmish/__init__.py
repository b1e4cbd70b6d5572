"""The skirmish rule set: the one-page skirmish rules (Quality tests, alternating
activations, four orders, morale and Shaken, fatigue, seizing markers) played with our
fireteams, converted by :mod:`game.engine.rulesets.skirmish.profiles`, on our killzones.

A plug-in of the engine beside the Fireteam rules (:mod:`game.engine.rulesets.fireteam`): its own
flow
table (:mod:`.table`), its own action rules (:data:`RULES`), listed and checked the same way
(:func:`generate`, :func:`why_not`); the :class:`game.engine.game.Game` picks the rule set
its config names. ``docs/rules-decisions.md`` ("The skirmish rule set") gives every
conversion and ruling.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.rulesets.fireteam.result import AgreeResultRule, ConcedeRule
from game.engine.rulesets.skirmish.after import ConsolidateRule, MeetRule, PushRule, StrikeBackRule
from game.engine.rulesets.skirmish.orders import AdvanceRule, ChargeRule, HoldRule, RushRule
from game.engine.rulesets.skirmish.rounds import PlaceMarkerRule, SkirmishDeployRule
from game.engine.rulesets.skirmish.shooting import HoldFireRule, ShootRule
from game.engine.rulesets.skirmish.table import (
    FLOW,
    STAGES,
    START,
    STEPS_OF_PHASE,
    stages_waiting_for,
)
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game

_ALL: tuple[ActionRule[Any], ...] = (
    PlaceMarkerRule(), SkirmishDeployRule(), HoldRule(), AdvanceRule(), RushRule(),
    ChargeRule(), ShootRule(), HoldFireRule(), MeetRule(), StrikeBackRule(), ConsolidateRule(),
    PushRule(), ConcedeRule(), AgreeResultRule())
RULES: dict[type[Action], ActionRule[Any]] = {rule.action: rule for rule in _ALL}
BY_STEP: dict[Step, tuple[ActionRule[Any], ...]] = {
    step: tuple(r for r in _ALL if any(s.step == step for s in stages_waiting_for(r.action)))
    for step in Step}

STEP_WORDS = {Step.PLACE_OBJECTIVES: "placing objective markers", Step.DEPLOY: "deployment",
              Step.ACTIVATE: "giving an operative its order", Step.SHOOT: "shooting",
              Step.MEET: "the decision to meet a charge",
              Step.STRIKE_BACK: "the decision to strike back",
              Step.CONSOLIDATE: "the melee survivor's step", Step.PUSH: "a push",
              Step.MORALE: "morale tests", Step.NONE: "nothing"}


def generate(game: Game) -> list[Action]:
    """Every legal action of the player to act, in a stable order."""
    state = game.state
    legal: list[Action] = []
    if state.phase == Phase.OVER:
        return legal
    for rule in BY_STEP[state.step]:
        legal.extend(rule.generate(game, state.to_act))
    return legal


def why_not(game: Game, action: Action) -> str | None:
    """The reason ``action`` is not legal now under these rules; None when it is."""
    from game.engine.rulesets.fireteam import ANY_TIME as ANYTIME_ACTIONS

    state = game.state
    rule = RULES.get(type(action))
    if rule is None:
        return f"{action.verb} is not an action of the skirmish rules"
    if state.phase == Phase.OVER:
        return "the game is over"
    if action.player != state.to_act and not isinstance(action, ANYTIME_ACTIONS):
        return f"it is player {state.to_act}'s decision, not player {action.player}'s"
    steps = [s.step for s in stages_waiting_for(type(action))]
    if state.step not in steps:
        wanted = " or ".join(STEP_WORDS.get(s, str(s)) for s in dict.fromkeys(steps))
        return f"the game is at {STEP_WORDS.get(state.step, str(state.step))}, not {wanted}"
    return rule.why_not(game, action)


__all__ = ["BY_STEP", "FLOW", "RULES", "STAGES", "START", "STEPS_OF_PHASE", "generate",
           "why_not"]
