"""The Kill Team classic pack as the Fireteam rules take it (:class:`~game.engine.contract.Pack`,
listed by :mod:`game.engine.packs`): its action rules, its stages and where the Fireteam flow
turns into them, what it hears, the markers the players place, its extra turning points, its
scoring at the end, Search Pattern's spacing and its rules in the card vocabulary."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine import vocabulary as V
from game.engine.contract import Detour, Pack, Stage, Where
from game.engine.rulesets.killteam import core, rules
from game.engine.rulesets.killteam.actions import Arrive, PlaceObjective, RollGameLength, Seize
from game.engine.rulesets.killteam.core import PackStep
from game.engine.rulesets.killteam.events import MissionScoring, ReanimationOutOfReach
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.defs import Mission
    from game.engine.events import Event
    from game.engine.game import Game
    from game.engine.state import OperativeState

# the Fireteam rules' stages the pack's lead to or from
SETUP_ROLL = (Phase.SETUP, Step.NONE)
MULLIGAN = (Phase.SETUP, Step.MULLIGAN)
DEPLOY = (Phase.SETUP, Step.DEPLOY)
INITIATIVE = (Phase.INITIATIVE, Step.NONE)
REVEAL = (Phase.STRATEGY, Step.REVEAL)
FIREFIGHT = (Phase.FIREFIGHT, Step.NONE)
ACTIVATE = (Phase.FIREFIGHT, Step.ACTIVATE)
END = (Phase.END, Step.NONE)
# the pack's own, used as its missions' data asks
PLACE = (Phase.SETUP, PackStep.PLACE_OBJECTIVES)
SEARCH = (Phase.SETUP, PackStep.SEARCH_PATTERN)
SEIZE = (Phase.INITIATIVE, PackStep.SEIZE)
BREAK = (Phase.FIREFIGHT, PackStep.BREAK_TESTS)
ARRIVE = (Phase.FIREFIGHT, PackStep.ARRIVE)
GAME_LENGTH = (Phase.END, PackStep.GAME_LENGTH)


def _after_placing(game: Game) -> Where:
    """Search Pattern: roll it; else deploy"""
    return SEARCH if rules.uses_search_pattern(game) else DEPLOY


def _after_break_tests(game: Game) -> Where:
    """late operatives due: they arrive; else activate"""
    return ARRIVE if rules.arrivals_due(game) else ACTIVATE


STAGES: dict[Where, tuple[Stage, ...]] = {
    MULLIGAN: (
        Stage(*PLACE, successors=(SEARCH, DEPLOY), waits_for=(PlaceObjective,),
              on_begin=rules.objective_roll_off, end_if=rules.all_placed,
              choose=_after_placing),
        Stage(*SEARCH, successors=(DEPLOY,), on_end=rules.roll_search_pattern)),
    DEPLOY: (
        Stage(*SEIZE, successors=(REVEAL,), waits_for=(Seize,),
              on_begin=rules.first_turning_point, end_if=rules.seize_decided,
              on_end=rules.clear_done),),
    FIREFIGHT: (
        Stage(*BREAK, successors=(ARRIVE, ACTIVATE), on_end=rules.start_of_firefight,
              choose=_after_break_tests),
        Stage(*ARRIVE, successors=(ACTIVATE,), waits_for=(Arrive,),
              on_begin=rules.first_to_arrive, meanwhile=rules.hand_over_arrivals,
              end_if=rules.all_arrived, on_end=rules.after_arrivals)),
    END: (
        Stage(*GAME_LENGTH, successors=(INITIATIVE,), waits_for=(RollGameLength,),
              on_begin=rules.length_roller, end_if=rules.length_decided,
              on_end=rules.clear_done),),
}

MARKERS_TO_PLACE = "markers to place"
SEARCH_PATTERN = "Search Pattern"
# where the Fireteam flow turns into the pack's stages (the first that holds is taken)
DETOURS = (
    Detour(SETUP_ROLL, DEPLOY, PLACE, rules.places_objectives, MARKERS_TO_PLACE),
    Detour(SETUP_ROLL, DEPLOY, SEARCH, rules.uses_search_pattern, SEARCH_PATTERN),
    Detour(MULLIGAN, DEPLOY, PLACE, rules.places_objectives, MARKERS_TO_PLACE),
    Detour(MULLIGAN, DEPLOY, SEARCH, rules.uses_search_pattern, SEARCH_PATTERN),
    Detour(DEPLOY, INITIATIVE, SEIZE, rules.uses_seize,
           "the initiative may be seized (turning point 1 begins with it)"),
    Detour(FIREFIGHT, ACTIVATE, BREAK, rules.uses_start_of_firefight,
           "the pack's start of the firefight phase"),
    Detour(END, INITIATIVE, GAME_LENGTH, rules.length_roll_due, "a game length roll due"),
)

STEP_WORDS: dict[str, str] = {PackStep.PLACE_OBJECTIVES: "placing objective markers",
              PackStep.SEARCH_PATTERN: "the Search Pattern rolls",
              PackStep.SEIZE: "seizing the initiative", PackStep.BREAK_TESTS: "Break tests",
              PackStep.ARRIVE: "late arrivals", PackStep.GAME_LENGTH: "the game length roll"}


def _placed(mission: Mission) -> tuple[str, ...]:
    return core.placed_ids(core.mission_rules(mission))


def _extra_turning_points(config: Config) -> int:
    return core.last_turning_point(config) - config.turning_points


def _goes_on(game: Game) -> bool:
    return core.length_roll_needed(game) > 0


def _leader(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    """The card vocabulary's ``leader`` condition: the operative is its fireteam's leader."""
    return core.is_leader(game, op) == bool(value)


def _night(game: Game, value: Any, op: OperativeState, *_: Any) -> bool:
    """The card vocabulary's ``night`` condition: night fighting is in force."""
    return core.pack_state(game).night == bool(value)


REANIMATION = "reanimation_protocols"  # the Necrons' ability (game.engine.effects)


def _holds_off(game: Game, op: OperativeState, ability: str) -> Event | None:
    """Necron exception: Reanimation Protocols works only near another friendly operative."""
    if ability == REANIMATION and not core.reanimation_in_reach(game, op):
        return ReanimationOutOfReach(op.id)
    return None


def make() -> Pack:
    return Pack(core.PACK,
                rules=(rules.PlaceObjectiveRule(), rules.SeizeRule(), rules.ArriveRule(),
                       rules.RollGameLengthRule()),
                stages=STAGES, detours=DETOURS, step_words=STEP_WORDS,
                listener=rules.on_event, placed=_placed,
                extra_turning_points=_extra_turning_points, goes_on=_goes_on,
                score_at_end=rules.score_at_end, deploy_spacing=core.spaced,
                card_rules=core.pack_rules, targets=False,
                conditions={"leader": (V.BoolSpec(), _leader), "night": (V.BoolSpec(), _night)},
                triggers={V.END_MISSION: (MissionScoring, None)}, holds_off=_holds_off,
                state=core.PackState)
