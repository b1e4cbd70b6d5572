"""The flow of a game as one table: for each phase and step, what begins it, which decisions
it waits for, when it ends, what happens as it ends and what comes next.

:data:`FLOW` is the whole turn structure of this rule set; :func:`game.engine.flow.step` runs
it, :data:`game.engine.rulesets.fireteam.BY_STEP` (the actions listed at each step), the save
checker's
steps of each phase (:data:`STEPS_OF_PHASE`) and the phase diagram of ``docs/engine.md``
(``tools/gen_flow_doc.py``) are derived from it. A second rule set brings its own table.

A stage that waits for nothing is passed through: the runner does its ``on_end`` work and
moves on at once. A stage that waits is left when its ``end_if`` holds; until then its
``meanwhile`` work (handing the decision to the other player, passing a player over) runs
between decisions. The mission may end at any stage (a concession, an agreed result, a
sudden victory): :func:`game.engine.rulesets.fireteam.end.final_end_phase` moves the game to
``over``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.actions import (
    Action,
    Activate,
    AgreeResult,
    Attack,
    Cancel,
    Concede,
    Deploy,
    Disengage,
    Keep,
    MissionAction,
    Move,
    Mulligan,
    PlayPloy,
    Reveal,
    Use,
    Wait,
)
from game.engine.rulesets.fireteam import end, firefight, setup, strategy
from game.engine.rulesets.killteam import rules as kt
from game.engine.rulesets.killteam.actions import Arrive, PlaceObjective, RollGameLength, Seize
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game

Where = tuple[Phase, Step]


def _always(game: Game) -> bool:
    """at once"""
    return True


def _never(game: Game) -> bool:
    """never"""
    return False


def _nothing(game: Game) -> None:
    """nothing"""


@dataclass(frozen=True)
class Stage:
    """One phase and step of the flow (see the module's docstring)."""

    phase: Phase
    step: Step
    # the next stage, chosen among ``successors`` (the first when ``choose`` is None)
    successors: tuple[Where, ...] = ()
    waits_for: tuple[type[Action], ...] = ()
    on_begin: Callable[[Game], None] = _nothing
    meanwhile: Callable[[Game], bool] | None = None
    end_if: Callable[[Game], bool] = _always
    on_end: Callable[[Game], None] = _nothing
    choose: Callable[[Game], Where] | None = None

    @property
    def where(self) -> Where:
        return self.phase, self.step

    @property
    def waits(self) -> bool:
        """Whether the game ever stops here for a decision (a save is made only there)."""
        return bool(self.waits_for) or not self.successors

    def next(self, game: Game) -> Where:
        """The stage that follows this one now."""
        where = self.choose(game) if self.choose is not None else self.successors[0]
        assert where in self.successors, f"{self.where} never leads to {where}"
        return where


# Open at every stage that waits for a decision.
ANYTIME: tuple[type[Action], ...] = (Concede, AgreeResult)

SETUP_ROLL = (Phase.SETUP, Step.NONE)
MULLIGAN = (Phase.SETUP, Step.MULLIGAN)
DEPLOY = (Phase.SETUP, Step.DEPLOY)
INITIATIVE = (Phase.INITIATIVE, Step.NONE)
REVEAL = (Phase.STRATEGY, Step.REVEAL)
PLOY = (Phase.STRATEGY, Step.PLOY)
FIREFIGHT = (Phase.FIREFIGHT, Step.NONE)
ACTIVATE = (Phase.FIREFIGHT, Step.ACTIVATE)
ACT = (Phase.FIREFIGHT, Step.ACT)
END = (Phase.END, Step.NONE)
OVER = (Phase.OVER, Step.NONE)
# the Kill Team classic pack's stages, used as its missions' data asks
PLACE = (Phase.SETUP, Step.PLACE_OBJECTIVES)
SEARCH = (Phase.SETUP, Step.SEARCH_PATTERN)
SEIZE = (Phase.INITIATIVE, Step.SEIZE)
BREAK = (Phase.FIREFIGHT, Step.BREAK_TESTS)
ARRIVE = (Phase.FIREFIGHT, Step.ARRIVE)
GAME_LENGTH = (Phase.END, Step.GAME_LENGTH)


def _after_roll_off(game: Game) -> Where:
    """targets to deal: mulligan; none: markers to place, Search Pattern or deploy"""
    return MULLIGAN if setup.deals_targets(game) else _before_deployment(game)


def _before_deployment(game: Game) -> Where:
    """markers to place: place them; Search Pattern: roll it; else deploy"""
    if kt.places_objectives(game):
        return PLACE
    return SEARCH if kt.uses_search_pattern(game) else DEPLOY


def _after_placing(game: Game) -> Where:
    """Search Pattern: roll it; else deploy"""
    return SEARCH if kt.uses_search_pattern(game) else DEPLOY


def _after_deployment(game: Game) -> Where:
    """seize the initiative in the mission: turning point 1 begins with it; else roll"""
    return SEIZE if kt.uses_seize(game) else INITIATIVE


def _after_firefight_begins(game: Game) -> Where:
    """a Kill Team classic mission: its start of the firefight phase; else activate"""
    return BREAK if kt.uses_start_of_firefight(game) else ACTIVATE


def _after_break_tests(game: Game) -> Where:
    """late operatives due: they arrive; else activate"""
    return ARRIVE if kt.arrivals_due(game) else ACTIVATE


def _after_end_phase(game: Game) -> Where:
    """a game length roll due: roll it; else the next turning point"""
    return GAME_LENGTH if kt.length_roll_due(game) else INITIATIVE


def _after_activate(game: Game) -> Where:
    """an operative activated: act; every turn taken: end phase"""
    return END if firefight.last_turn_taken(game) else ACT


STAGES: tuple[Stage, ...] = (
    Stage(*SETUP_ROLL, successors=(MULLIGAN, PLACE, SEARCH, DEPLOY), on_end=setup.roll_off,
          choose=_after_roll_off),
    Stage(*MULLIGAN, successors=(PLACE, SEARCH, DEPLOY), waits_for=(Keep, Mulligan),
          on_begin=setup.deal, end_if=setup.mulligans_done, choose=_before_deployment),
    Stage(*PLACE, successors=(SEARCH, DEPLOY), waits_for=(PlaceObjective,),
          on_begin=kt.objective_roll_off, end_if=kt.all_placed, choose=_after_placing),
    Stage(*SEARCH, successors=(DEPLOY,), on_end=kt.roll_search_pattern),
    Stage(*DEPLOY, successors=(INITIATIVE, SEIZE), waits_for=(Deploy,),
          on_begin=setup.first_to_deploy, meanwhile=setup.hand_over_deployment,
          end_if=setup.all_deployed, on_end=setup.end_setup, choose=_after_deployment),
    Stage(*SEIZE, successors=(REVEAL,), waits_for=(Seize,), on_begin=kt.first_turning_point,
          end_if=kt.seize_decided, on_end=kt.clear_done),
    Stage(*INITIATIVE, successors=(REVEAL,), on_end=strategy.roll_initiative),
    Stage(*REVEAL, successors=(PLOY,), waits_for=(Reveal,), on_begin=strategy.begin_strategy,
          meanwhile=strategy.next_chooser, end_if=strategy.both_done,
          on_end=strategy.clear_done),
    Stage(*PLOY, successors=(FIREFIGHT,), waits_for=(PlayPloy, Use),
          meanwhile=strategy.next_chooser, end_if=strategy.both_done,
          on_end=strategy.clear_done),
    Stage(*FIREFIGHT, successors=(ACTIVATE, BREAK), on_end=strategy.start_firefight,
          choose=_after_firefight_begins),
    Stage(*BREAK, successors=(ARRIVE, ACTIVATE), on_end=kt.start_of_firefight,
          choose=_after_break_tests),
    Stage(*ARRIVE, successors=(ACTIVATE,), waits_for=(Arrive,), on_begin=kt.first_to_arrive,
          meanwhile=kt.hand_over_arrivals, end_if=kt.all_arrived, on_end=kt.after_arrivals),
    Stage(*ACTIVATE, successors=(ACT, END), waits_for=(Activate,),
          meanwhile=firefight.pass_turn, end_if=firefight.activation_started,
          choose=_after_activate),
    Stage(*ACT, successors=(ACTIVATE,),
          waits_for=(Cancel, Move, Disengage, Attack, MissionAction, Use, Wait),
          end_if=firefight.activation_over, on_end=firefight.end_activation),
    # the last end phase ends the mission itself (final_end_phase); the others lead on
    Stage(*END, successors=(INITIATIVE, GAME_LENGTH, OVER),
          on_begin=firefight.settle_turn_count, on_end=end.end_phase, choose=_after_end_phase),
    Stage(*GAME_LENGTH, successors=(INITIATIVE,), waits_for=(RollGameLength,),
          on_begin=kt.length_roller, end_if=kt.length_decided, on_end=kt.clear_done),
    Stage(*OVER, end_if=_never),
)

FLOW: dict[Where, Stage] = {stage.where: stage for stage in STAGES}
START: Where = SETUP_ROLL

# Which steps each phase can wait at: where a save can be made.
STEPS_OF_PHASE: dict[Phase, tuple[Step, ...]] = {
    phase: steps for phase in Phase
    if (steps := tuple(s.step for s in STAGES if s.phase == phase and s.waits))}


def stages_waiting_for(action: type[Action]) -> tuple[Stage, ...]:
    """The stages at which ``action`` may be taken."""
    return tuple(s for s in STAGES if s.waits_for and (action in s.waits_for
                                                       or action in ANYTIME))


__all__ = ["ANYTIME", "FLOW", "STAGES", "START", "STEPS_OF_PHASE", "Stage",
           "stages_waiting_for"]
