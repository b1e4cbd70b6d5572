"""The flow of a game as one table: for each phase and step, what begins it, which decisions
it waits for, when it ends, what happens as it ends and what comes next.

:data:`FLOW` is the whole turn structure of this rule set; :func:`game.engine.flow.run` runs
it, :data:`game.engine.rulesets.fireteam.BY_STEP` (the actions listed at each step), the save
checker's steps of each phase (:data:`STEPS_OF_PHASE`) and the phase diagram of
``docs/engine.md`` (``tools/gen_flow_doc.py``) are derived from it. A second rule set brings
its own table. A mission pack (:mod:`game.engine.packs`) adds its stages to this one
(:data:`OWN_STAGES` are the rules' own), with the turns that lead into them in its own
missions' games (:class:`game.engine.contract.Detour`).

A stage that waits for nothing is passed through: the runner does its ``on_end`` work and
moves on at once. A stage that waits is left when its ``end_if`` holds; until then its
``meanwhile`` work (handing the decision to the other player, passing a player over) runs
between decisions. The mission may end at any stage (a concession, an agreed result, a
sudden victory): :func:`game.engine.rulesets.fireteam.end.final_end_phase` moves the game to
``over``.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from game.engine import actions
from game.engine.contract import Pack, Stage, Where, _never
from game.engine.packs import all_packs, pack_of
from game.engine.rulesets.fireteam import end, firefight, setup, strategy
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game

# Open at every stage that waits for a decision.
ANYTIME: tuple[type[actions.Action], ...] = (actions.Concede, actions.AgreeResult)

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


def _after_roll_off(game: Game) -> Where:
    """targets to deal: mulligan; else deploy"""
    return MULLIGAN if setup.deals_targets(game) else DEPLOY


def _after_activate(game: Game) -> Where:
    """an operative activated: act; every turn taken: end phase"""
    return END if firefight.last_turn_taken(game) else ACT


# the Fireteam rules' own stages; a mission pack adds its own (game.engine.packs)
OWN_STAGES: tuple[Stage, ...] = (
    Stage(*SETUP_ROLL, successors=(MULLIGAN, DEPLOY), on_end=setup.roll_off,
          choose=_after_roll_off),
    Stage(*MULLIGAN, successors=(DEPLOY,), waits_for=(actions.Keep, actions.Mulligan),
          on_begin=setup.deal, end_if=setup.mulligans_done),
    Stage(*DEPLOY, successors=(INITIATIVE,), waits_for=(actions.Deploy,),
          on_begin=setup.first_to_deploy, meanwhile=setup.hand_over_deployment,
          end_if=setup.all_deployed, on_end=setup.end_setup),
    Stage(*INITIATIVE, successors=(REVEAL,), on_end=strategy.roll_initiative),
    Stage(*REVEAL, successors=(PLOY,), waits_for=(actions.Reveal,),
          on_begin=strategy.begin_strategy, meanwhile=strategy.next_chooser,
          end_if=strategy.both_done, on_end=strategy.clear_done),
    Stage(*PLOY, successors=(FIREFIGHT,), waits_for=(actions.PlayPloy, actions.Use),
          meanwhile=strategy.next_chooser, end_if=strategy.both_done,
          on_end=strategy.clear_done),
    Stage(*FIREFIGHT, successors=(ACTIVATE,), on_end=strategy.start_firefight),
    Stage(*ACTIVATE, successors=(ACT, END), waits_for=(actions.Activate,),
          meanwhile=firefight.pass_turn, end_if=firefight.activation_started,
          choose=_after_activate),
    Stage(*ACT, successors=(ACTIVATE,),
          waits_for=(actions.Cancel, actions.Move, actions.Disengage, actions.Attack,
                     actions.MissionAction, actions.Use, actions.Wait),
          end_if=firefight.activation_over, on_end=firefight.end_activation),
    # the last end phase ends the mission itself (final_end_phase); the others lead on
    Stage(*END, successors=(INITIATIVE, OVER), on_begin=firefight.settle_turn_count,
          on_end=end.end_phase),
    Stage(*OVER, end_if=_never),
)


def _label(where: Where) -> str:
    phase, step = where
    return str(step) or phase.value


def _turning(stage: Stage, packs: tuple[Pack, ...]) -> Stage:
    """``stage`` with the packs' turns off it into their stages: the game goes where its
    pack's first turn that holds leads, else where the rules' own choice leads."""
    turns = [d for pack in packs for d in pack.detours if d.after == stage.where]
    if not turns:
        return stage
    own = stage.choose

    def choose(game: Game) -> Where:
        nxt = own(game) if own is not None else stage.successors[0]
        pack = pack_of(game.config)
        if pack is not None:
            for turn in pack.detours:
                if turn.after == stage.where and turn.instead_of == nxt and turn.when(game):
                    return turn.to
        return nxt

    # its words, for the flow diagram: the turns before the rules' own "else"
    parts = [p.strip() for p in (own.__doc__ or "").split(";") if p.strip()] if own else []
    rest = [p for p in parts if p.startswith("else ")] or [f"else {_label(stage.successors[0])}"]
    words = [p for p in parts if not p.startswith("else ")]
    words += [f"{turn.words}: {_label(turn.to)}" for turn in turns]
    choose.__doc__ = "; ".join(words + rest)
    choose.__name__ = f"choose_after_{_label(stage.where)}"
    # each turn listed before the stage it replaces
    successors = tuple(dict.fromkeys(w for own_next in stage.successors for w in (
        *(t.to for t in turns if t.instead_of == own_next), own_next)))
    return replace(stage, successors=successors, choose=choose)


def _with_packs(packs: tuple[Pack, ...]) -> tuple[Stage, ...]:
    """The rules' own stages with the packs' turns, each pack's stages after the stage it
    names."""
    out: list[Stage] = []
    for stage in OWN_STAGES:
        out.append(_turning(stage, packs))
        out.extend(s for pack in packs for s in pack.stages.get(stage.where, ()))
    return tuple(out)


STAGES: tuple[Stage, ...] = _with_packs(all_packs())

FLOW: dict[Where, Stage] = {stage.where: stage for stage in STAGES}
START: Where = SETUP_ROLL

# Which steps each phase can wait at: where a save can be made.
STEPS_OF_PHASE: dict[Phase, tuple[str, ...]] = {
    phase: steps for phase in Phase
    if (steps := tuple(s.step for s in STAGES if s.phase == phase and s.waits))}


def stages_waiting_for(action: type[actions.Action]) -> tuple[Stage, ...]:
    """The stages at which ``action`` may be taken."""
    return tuple(s for s in STAGES if s.waits_for and (action in s.waits_for
                                                       or action in ANYTIME))


__all__ = ["ANYTIME", "FLOW", "OWN_STAGES", "STAGES", "START", "STEPS_OF_PHASE", "Stage",
           "Where", "stages_waiting_for"]
