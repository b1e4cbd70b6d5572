"""The flow of a skirmish game as one table, in the shape of the Fireteam rules' table
(:mod:`game.engine.rulesets.fireteam.table`): the set-up roll-off and markers, placing markers and
operatives in turn, then rounds of alternating activations, each activation an order and
what it owes (shooting, striking back, the survivor's step, the morale tests, a push), and
the end of each round (seizing markers), four rounds in all."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import Action, AgreeResult, Concede, Deploy
from game.engine.contract import _never
from game.engine.rulesets.fireteam import setup
from game.engine.rulesets.fireteam.table import Stage, Where
from game.engine.rulesets.killteam.actions import PlaceObjective
from game.engine.rulesets.skirmish import actions, after, rounds
from game.engine.rulesets.skirmish.core import SkirmishStep, skirmish_state
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game

ANYTIME: tuple[type[Action], ...] = (Concede, AgreeResult)

SETUP_ROLL = (Phase.SETUP, Step.NONE)
PLACE = (Phase.SETUP, SkirmishStep.PLACE_OBJECTIVES)
DEPLOY = (Phase.SETUP, Step.DEPLOY)
ROUND = (Phase.INITIATIVE, Step.NONE)
ACTIVATE = (Phase.FIREFIGHT, Step.ACTIVATE)
SHOOT = (Phase.FIREFIGHT, SkirmishStep.SHOOT)
MEET = (Phase.FIREFIGHT, SkirmishStep.MEET)
STRIKE_BACK = (Phase.FIREFIGHT, SkirmishStep.STRIKE_BACK)
CONSOLIDATE = (Phase.FIREFIGHT, SkirmishStep.CONSOLIDATE)
MORALE = (Phase.FIREFIGHT, SkirmishStep.MORALE)
PUSH = (Phase.FIREFIGHT, SkirmishStep.PUSH)
END = (Phase.END, Step.NONE)
OVER = (Phase.OVER, Step.NONE)

_OWED: dict[str, Where] = {"shoot": SHOOT, "meet": MEET, "strike_back": STRIKE_BACK,
                           "consolidate": CONSOLIDATE, "push": PUSH}


def _owed(game: Game, kind: str) -> bool:
    return skirmish_state(game).pending == kind


def _after_order(game: Game) -> Where:
    """a shot owed: shoot; a charge 2 hexes short: meet; a strike back owed: strike back;
    a melee side destroyed:
    consolidate; a push owed: push; nothing owed: morale; nobody left to activate: end"""
    state = skirmish_state(game)
    if state.active is None:
        return END
    return _OWED.get(state.pending or "", MORALE)


def _after_strike_back(game: Game) -> Where:
    """a melee side destroyed: consolidate; else morale"""
    return CONSOLIDATE if _owed(game, "consolidate") else MORALE


def _after_morale(game: Game) -> Where:
    """a Shaken target to push: push; else activate"""
    return PUSH if _owed(game, "push") else ACTIVATE


def _not_shooting(game: Game) -> bool:
    """the shot is taken or held"""
    return not _owed(game, "shoot")


def _after_meeting(game: Game) -> Where:
    """met: strike back owed: strike back; a melee side destroyed: consolidate; else
    morale"""
    return _OWED.get(skirmish_state(game).pending or "", MORALE)


def _not_meeting(game: Game) -> bool:
    """the defender has met the charge or not"""
    return not _owed(game, "meet")


def _not_striking(game: Game) -> bool:
    """the defender has decided"""
    return not _owed(game, "strike_back")


def _not_stepping(game: Game) -> bool:
    """the survivor has stepped or stayed"""
    return not _owed(game, "consolidate")


def _not_pushing(game: Game) -> bool:
    """the attacker has pushed or not"""
    return not _owed(game, "push")


def _after_round(game: Game) -> Where:
    """rounds left: initiative; the last round played (its end ended the game): over"""
    return ROUND


STAGES: tuple[Stage, ...] = (
    Stage(*SETUP_ROLL, successors=(PLACE,), on_end=rounds.roll_off),
    Stage(*PLACE, successors=(DEPLOY,), waits_for=(PlaceObjective,),
          on_begin=rounds.first_to_place, end_if=rounds.all_placed),
    Stage(*DEPLOY, successors=(ROUND,), waits_for=(Deploy,),
          on_begin=setup.first_to_deploy, meanwhile=setup.hand_over_deployment,
          end_if=setup.all_deployed, on_end=rounds.end_setup),
    Stage(*ROUND, successors=(ACTIVATE,), on_end=rounds.start_round),
    Stage(*ACTIVATE, successors=(SHOOT, MEET, STRIKE_BACK, CONSOLIDATE, MORALE, PUSH, END),
          waits_for=actions.ORDERS, meanwhile=rounds.pass_turn,
          end_if=rounds.activation_started, choose=_after_order),
    Stage(*SHOOT, successors=(MORALE,), waits_for=(actions.Shoot, actions.HoldFire),
          end_if=_not_shooting),
    Stage(*MEET, successors=(STRIKE_BACK, CONSOLIDATE, MORALE), waits_for=(actions.Meet,),
          end_if=_not_meeting, choose=_after_meeting),
    Stage(*STRIKE_BACK, successors=(CONSOLIDATE, MORALE), waits_for=(actions.StrikeBack,),
          end_if=_not_striking, choose=_after_strike_back),
    Stage(*CONSOLIDATE, successors=(MORALE,), waits_for=(actions.Consolidate,),
          end_if=_not_stepping),
    Stage(*MORALE, successors=(PUSH, ACTIVATE), on_end=after.morale, choose=_after_morale),
    Stage(*PUSH, successors=(ACTIVATE,), waits_for=(actions.Push,), end_if=_not_pushing),
    # the last round's end ends the game itself (end_round); the others lead on
    Stage(*END, successors=(ROUND, OVER), on_end=rounds.end_round, choose=_after_round),
    Stage(*OVER, end_if=_never),
)

FLOW: dict[Where, Stage] = {stage.where: stage for stage in STAGES}
START: Where = SETUP_ROLL

STEPS_OF_PHASE: dict[Phase, tuple[str, ...]] = {
    phase: steps for phase in Phase
    if (steps := tuple(s.step for s in STAGES if s.phase == phase and s.waits))}


def stages_waiting_for(action: type[Action]) -> tuple[Stage, ...]:
    return tuple(s for s in STAGES if s.waits_for and (action in s.waits_for
                                                       or action in ANYTIME))


__all__ = ["ANYTIME", "FLOW", "STAGES", "START", "STEPS_OF_PHASE", "stages_waiting_for"]
