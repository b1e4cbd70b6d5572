"""The skirmish rule set: the one-page skirmish rules (Quality tests, alternating
activations, four orders, morale and Shaken, fatigue, seizing markers) played with our
fireteams, converted by :mod:`game.engine.rulesets.skirmish.profiles`, on our killzones.

A plug-in of the engine beside the Fireteam rules (:mod:`game.engine.rulesets.fireteam`): its own
flow
table (:mod:`.table`), its own action rules (:data:`RULES`), listed and checked the same way
(:func:`generate`, :func:`why_not`); the :class:`game.engine.game.Game` picks the rule set
its config names. ``docs/rules-decisions.md`` ("The skirmish rule set") gives every
conversion and ruling.

What the screens and the computer player may use of it is :data:`__all__` (the engine's
public surface, beside ``game.engine``'s own): its decisions and events, the converted
profiles, the odds, its numbers and the questions that only read a game. Its book
(:mod:`.book`) is what the engine itself asks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.contract import Book
from game.engine.rulebook import OWN_PACK, register_rule_set
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.rulesets.fireteam.result import AgreeResultRule, ConcedeRule
from game.engine.rulesets.skirmish import book
from game.engine.rulesets.skirmish.actions import (
    ORDERS,
    Advance,
    Charge,
    Consolidate,
    Hold,
    HoldFire,
    Meet,
    Order,
    Push,
    Rush,
    Shoot,
    StrikeBack,
)
from game.engine.rulesets.skirmish.after import ConsolidateRule, MeetRule, PushRule, StrikeBackRule
from game.engine.rulesets.skirmish.core import (
    MARKERS,
    MELEE_REACH,
    ROUNDS,
    SEIZE_REACH,
    SkirmishFlag,
    SkirmishState,
    SkirmishStep,
    at_half,
    covered,
    fatigued,
    in_cover,
    profile_of,
    shaken,
    wounds_left,
)
from game.engine.rulesets.skirmish.events import (
    BattleEnded,
    DangerousRolled,
    DefenseRolled,
    Destroyed,
    Fatigued,
    MarkersLeftOut,
    MarkersRolled,
    MarkersScored,
    MeleeResult,
    Met,
    MoraleTested,
    ObjectiveSeized,
    Ordered,
    PulledBack,
    Pushed,
    QualityRolled,
    Rallied,
    RoundStarted,
    StruckBack,
    Wounded,
    count_markers,
)
from game.engine.rulesets.skirmish.odds import SkirmishOdds, WeaponOdds
from game.engine.rulesets.skirmish.orders import AdvanceRule, ChargeRule, HoldRule, RushRule
from game.engine.rulesets.skirmish.profiles import (
    SPECIAL_NAMES,
    SPECIAL_TEXT,
    Profile,
    SkirmishWeapon,
    Special,
)
from game.engine.rulesets.skirmish.rounds import PlaceMarkerRule, SkirmishDeployRule
from game.engine.rulesets.skirmish.shooting import HoldFireRule, ShootRule
from game.engine.rulesets.skirmish.table import stages_waiting_for
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game

_ALL: tuple[ActionRule[Any], ...] = (
    PlaceMarkerRule(), SkirmishDeployRule(), HoldRule(), AdvanceRule(), RushRule(),
    ChargeRule(), ShootRule(), HoldFireRule(), MeetRule(), StrikeBackRule(), ConsolidateRule(),
    PushRule(), ConcedeRule(), AgreeResultRule())
RULES: dict[type[Action], ActionRule[Any]] = {rule.action: rule for rule in _ALL}
BY_STEP: dict[str, tuple[ActionRule[Any], ...]] = {
    step: tuple(r for r in _ALL if any(s.step == step for s in stages_waiting_for(r.action)))
    for step in dict.fromkeys((*Step, *SkirmishStep))}

STEP_WORDS: dict[str, str] = {
              SkirmishStep.PLACE_OBJECTIVES: "placing objective markers", Step.DEPLOY: "deployment",
              Step.ACTIVATE: "giving an operative its order", SkirmishStep.SHOOT: "shooting",
              SkirmishStep.MEET: "the decision to meet a charge",
              SkirmishStep.STRIKE_BACK: "the decision to strike back",
              SkirmishStep.CONSOLIDATE: "the melee survivor's step", SkirmishStep.PUSH: "a push",
              SkirmishStep.MORALE: "morale tests", Step.NONE: "nothing"}


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


# the rule set's id (``rules`` of a recipe, a save, a scenario) and its name as a player reads it
RULE_SET = "skirmish"
NAME = "One-page skirmish"


def _book() -> Book:
    return book.make(RULES, generate, why_not)


# played on the Fireteam killzones only (the Fireteam rules' own missions)
register_rule_set(RULE_SET, NAME, _book, plays=lambda pack: pack == OWN_PACK)

# the public names (the book's parts, RULES, FLOW, generate, why_not, ..., are the engine's)
__all__ = [
    "MARKERS", "MELEE_REACH", "NAME", "ORDERS", "ROUNDS", "RULE_SET", "SEIZE_REACH",
    "SPECIAL_NAMES", "SPECIAL_TEXT", "SkirmishFlag", "SkirmishState", "SkirmishStep",
    "Advance", "BattleEnded", "Charge", "Consolidate", "DangerousRolled", "DefenseRolled",
    "Destroyed", "Fatigued", "Hold", "HoldFire", "MarkersLeftOut", "MarkersRolled",
    "MarkersScored", "Meet", "MeleeResult", "Met", "MoraleTested", "ObjectiveSeized", "Order",
    "Ordered", "Profile", "PulledBack", "Push", "Pushed", "QualityRolled", "Rallied",
    "RoundStarted", "Rush", "Shoot", "SkirmishOdds", "SkirmishWeapon", "Special", "StrikeBack",
    "StruckBack", "WeaponOdds", "Wounded", "at_half", "count_markers", "covered", "fatigued",
    "in_cover", "profile_of", "shaken", "wounds_left",
]
