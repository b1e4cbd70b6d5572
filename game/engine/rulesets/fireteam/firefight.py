"""The firefight phase's turns: activating an operative (again at APL 1 once every friendly
operative has been), cancelling before any AP is spent, Wait, passing with no operatives, and
the end of each turn (docs/rules-decisions.md, "Firefight phase").

A cancel takes back the choice of operative, never the turn: an operative whose activation
was cancelled is not offered again in the same turn, and an activation can be cancelled only
while another operative could be activated instead. So every turn ends with one activation,
and no sequence of actions can activate and cancel for ever."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.actions import Activate, Cancel, Wait
from game.engine.events import (
    Activated,
    ActivationCancelled,
    ActivationEnded,
    PhaseStarted,
    TurnPassed,
    Waited,
)
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.state import Duration, OperativeState, Phase, initiative_order

if TYPE_CHECKING:
    from game.engine.game import Game

TURNS_PER_PHASE = 8
_OVER = Phase.OVER  # (read at every turn's end: a member read off its Enum class is slower)


def pass_turn(game: Game) -> bool:
    """A player with no operative on the killzone passes the turn.

    True when it did."""
    state = game.state
    if game.on_killzone(state.to_act):
        return False
    game.emit(TurnPassed(state.to_act, state.turn))
    end_turn(game)
    return True


def activation_started(game: Game) -> bool:
    """An operative has been activated, or every turn of the phase has been taken."""
    state = game.state
    return state.active is not None or state.turn > TURNS_PER_PHASE


def last_turn_taken(game: Game) -> bool:
    """Every turn of the firefight phase has been taken."""
    return game.state.turn > TURNS_PER_PHASE


def settle_turn_count(game: Game) -> None:
    """The turn count stays at the last turn once the phase's turns are used up."""
    state = game.state
    state.turn = min(state.turn, TURNS_PER_PHASE)


def activation_over(game: Game) -> bool:
    """The activation was cancelled, its operative has left the killzone or has no AP left."""
    state = game.state
    if state.active is None:
        return True
    op = state.operatives[state.active]
    # (OperativeState.on_killzone written out: asked after every action)
    return op.hex is None or op.taken_down or state.ap_left <= 0


def end_activation(game: Game) -> None:
    """An activation that was not cancelled ends the player's turn."""
    if game.state.active is not None:
        end_turn(game)


def end_turn(game: Game) -> None:
    """The player to act has finished a turn: objectives, end-of-turn rules, the next turn."""
    state = game.state
    player = state.to_act
    finished = state.active
    state.active, state.ap_left, state.ap_spent, state.moved = None, 0, False, False
    # wargear that lasts for an activation ends with that operative's activation
    boosts = state.boosts
    kept = boosts and [b for b in boosts
                       if not (b.until == Duration.ACTIVATION and b.operative == finished)]
    game.clear_undo()
    if len(kept) != len(boosts):
        state.boosts = kept
        game.rules_changed()
    else:
        game.invalidate()
    game.check_control()
    # end-of-turn card rules and targets of opportunity listen for this event
    game.emit(ActivationEnded(player, finished, state.turn))
    if state.phase == _OVER:  # (game.is_over: the state is not replaced in between)
        return
    first, second = initiative_order(state.initiative)  # (strategy.order without a call)
    if player == first:
        state.to_act = second
    else:
        state.turn += 1  # past TURNS_PER_PHASE: the flow moves on to the end phase
        state.to_act = first


def activatable(game: Game, player: int) -> list[OperativeState]:
    """Operatives not yet activated this turning point (once there are none, any of them),
    less those whose activation ``player`` cancelled in this turn."""
    ready = game.on_killzone(player)
    fresh = [o for o in ready if not o.activated]
    cancelled = cancelled_this_turn(game, player)
    if not cancelled:  # (most turns)
        return fresh or list(ready)
    return [o for o in fresh or ready if o.id not in cancelled]


def cancelled_this_turn(game: Game, player: int) -> set[str]:
    """The operatives whose activation ``player`` has cancelled in the current turn (read
    back from the events to the end of the last turn, so clones, views, undo and saves
    agree)."""
    cancelled: set[str] = set()
    for event in reversed(game.events):
        if isinstance(event, _TURN_OVER):
            break
        if isinstance(event, ActivationCancelled) and event.player == player:
            cancelled.add(event.operative)
    return cancelled


def other_choice(game: Game, player: int) -> bool:
    """Whether ``player`` could activate another operative than the active one, were its
    activation cancelled (its activation token taken back, unless it was being activated
    again)."""
    state = game.state
    active = state.active
    ready = game.on_killzone(player)
    if state.reactivation:
        fresh = [o for o in ready if not o.activated]
    else:
        fresh = [o for o in ready if not o.activated or o.id == active]
    others = [o.id for o in fresh or ready if o.id != active]
    if not others:  # (the events are read back only when there is somebody else)
        return False
    cancelled = cancelled_this_turn(game, player)
    return not cancelled or not cancelled.issuperset(others)


# the events that end a turn (or come before its first), as cancelled_this_turn reads back
_TURN_OVER = (ActivationEnded, TurnPassed, PhaseStarted)


# the same few action objects every time they are listed (an action is an immutable value)
_CANCEL = {p: (Cancel(p),) for p in (1, 2)}
_WAIT = {p: (Wait(p),) for p in (1, 2)}
_ACTIVATIONS: dict[tuple[int, str], Activate] = {}


def _activate(player: int, op_id: str) -> Activate:
    """``Activate(player, op_id)``, built once (bounded by the content's operatives; emptied
    past a few thousand all the same)."""
    key = (player, op_id)
    found = _ACTIVATIONS.get(key)
    if found is None:
        if len(_ACTIVATIONS) >= 4000:
            _ACTIVATIONS.clear()
        found = _ACTIVATIONS[key] = Activate(player, op_id)
    return found


class ActivateRule(ActionRule[Activate]):
    action = Activate

    def generate(self, game: Game, player: int) -> Sequence[Activate]:
        made = _ACTIVATIONS.get
        return [made((player, op.id)) or _activate(player, op.id)
                for op in activatable(game, player)]

    def why_not(self, game: Game, action: Activate) -> str | None:
        op = game.state.operatives.get(action.operative)
        if op is None or op.player != action.player:
            return f"no operative {action.operative!r} of yours"
        if not op.on_killzone:
            return f"{op.id} is not on the killzone"
        if op not in activatable(game, action.player):
            if op.id in cancelled_this_turn(game, action.player):
                return (f"{op.id}'s activation was cancelled in this turn: activate another "
                        "operative")
            return (f"{op.id} has already been activated this turning point and other "
                    "friendly operatives have not")
        return None

    def apply(self, game: Game, action: Activate) -> None:
        state = game.state
        op = state.operatives[action.operative]
        state.reactivation = op.activated
        state.active = op.id
        state.ap_left = 1 if op.activated else game.stat(op, "apl")
        state.ap_spent = False
        state.moved = False
        op.activated = True
        game.emit(Activated(action.player, op.id, state.ap_left, state.reactivation))


class CancelRule(ActionRule[Cancel]):
    action = Cancel

    def generate(self, game: Game, player: int) -> Sequence[Cancel]:
        if not game.state.ap_spent and other_choice(game, player):
            return _CANCEL[player]
        return ()

    def why_not(self, game: Game, action: Cancel) -> str | None:
        if game.state.ap_spent:
            return ("the operative has already spent AP or had a card used on it: the "
                    "activation cannot be cancelled")
        if not other_choice(game, action.player):
            return ("no other operative could be activated instead: the activation cannot "
                    "be cancelled")
        return None

    def apply(self, game: Game, action: Cancel) -> None:
        state = game.state
        assert state.active is not None
        op = state.operatives[state.active]
        op.activated = state.reactivation
        state.active = None
        state.ap_left = 0
        game.emit(ActivationCancelled(action.player, op.id))


class WaitRule(ActionRule[Wait]):
    action = Wait

    def generate(self, game: Game, player: int) -> Sequence[Wait]:
        return _WAIT[player] if game.state.ap_left >= 1 else ()

    def why_not(self, game: Game, action: Wait) -> str | None:
        return None if game.state.ap_left >= 1 else "no AP left"

    def apply(self, game: Game, action: Wait) -> None:
        active = game.state.active
        assert active is not None
        game.spend(game.state.ap_left)
        game.emit(Waited(active))
