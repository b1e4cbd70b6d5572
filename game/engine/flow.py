"""The turn structure as a table: for each phase, what happens by itself.

``step(game)`` performs one automatic step (a roll-off, a skipped strategy step, a passed
turn, the end phase) and returns True, or returns False when the game waits for a decision
(or is over). ``Game._advance`` calls it until it returns False, after every action. The steps
of each phase live with their actions in :mod:`game.engine.rules`; the end phase, control of
objectives and the end of the mission are here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.effects import SPOTTED
from game.engine.events import ControlChanged, PhaseEnded, PhaseStarted, Scored
from game.engine.rules import firefight, setup, strategy
from game.engine.state import Duration, Phase, PloyInForce, Step

if TYPE_CHECKING:
    from game.engine.game import Game


def _end(game: Game) -> bool:
    state = game.state
    # end-of-firefight rules, then (once any sudden victory is settled) end-phase rules
    game.emit(PhaseEnded(Phase.FIREFIGHT, state.turning_point))
    game.check_sudden_victory()
    if game.is_over:
        return False
    game.emit(PhaseStarted(Phase.END, state.turning_point))
    if game.is_over:
        return False
    state.ploys = {1: list[PloyInForce](), 2: list[PloyInForce]()}
    state.boosts = [b for b in state.boosts if b.until == Duration.MISSION]
    for op in state.operatives.values():
        op.activated = False
        if SPOTTED in op.flags:  # markerlights spot until the turning point ends
            op.flags = tuple(f for f in op.flags if f != SPOTTED)
    game.rules_changed()
    if state.turning_point >= game.config.turning_points:
        final_end_phase(game)
        return False
    state.turning_point += 1
    state.turn = 1
    state.phase, state.step = Phase.INITIATIVE, Step.NONE
    return True


def final_end_phase(game: Game, winner: int | None = None, reason: str = "most VP") -> None:
    """Add completed targets of opportunity to the VP totals and decide the mission: the
    most VP wins, unless a rule or the players have already named the ``winner``. In a
    campaign game (``campaign: true`` in the config's recipe) a draw is never the result: the
    tiebreakers of :func:`tiebreak` decide it."""
    from game.engine.events import MissionEnded

    state = game.state
    if state.phase == Phase.OVER:
        return
    for player in (1, 2):
        for card in state.completed[player]:
            target = game.config.targets.get(card)
            if target is not None and target.vp:
                state.vp[player] += target.vp
                game.emit(Scored(player, target.vp, state.turning_point,
                                 "target of opportunity", target.name))
    one, two = state.vp[1], state.vp[2]
    if winner is None:
        winner = 0 if one == two else (1 if one > two else 2)
    if winner == 0 and game.config.spec.get("campaign"):
        winner, number = tiebreak(game)
        reason = f"tiebreaker {number}"
    state.winner = winner
    state.phase, state.step = Phase.OVER, Step.NONE
    # an activation cut short by the end of the mission ends with it
    state.active, state.ap_left, state.ap_spent, state.moved = None, 0, False, False
    game.emit(MissionEnded(winner, (one, two), reason))


def tiebreak(game: Game) -> tuple[int, int]:
    """A campaign mission must have a winner: the tiebreakers, in order, for a mission that
    ends level. Emits the deciding :class:`TiebreakerUsed` (after the roll-off of the last
    one) and returns (winner, tiebreaker number)."""
    from game.engine.events import TiebreakerUsed

    state = game.state
    left = {p: len(game.on_killzone(p)) for p in (1, 2)}
    if (left[1] == 0) != (left[2] == 0):
        winner = 1 if left[1] else 2
        game.emit(TiebreakerUsed(1, winner, f"only player {winner}'s operatives are left "
                                            "on the killzone"))
        return winner, 1
    held = {p: sum(1 for obj, who in state.control.items()
                   if who == p and obj in game.config.objectives
                   and game.objective_hex(obj) is not None) for p in (1, 2)}
    if held[1] != held[2]:
        winner = 1 if held[1] > held[2] else 2
        game.emit(TiebreakerUsed(2, winner, f"objectives controlled: {held[1]} to {held[2]}"))
        return winner, 2
    total = {p: sum(1 for o in state.operatives.values() if o.player == p) for p in (1, 2)}
    # compare left[1]/total[1] with left[2]/total[2] without fractions
    share_one, share_two = left[1] * total[2], left[2] * total[1]
    if share_one != share_two and total[1] and total[2]:
        winner = 1 if share_one > share_two else 2
        game.emit(TiebreakerUsed(3, winner, f"operatives left on the killzone: {left[1]} of "
                                            f"{total[1]} to {left[2]} of {total[2]}"))
        return winner, 3
    roll = game.roll_off("campaign tiebreaker")
    game.emit(roll)
    game.emit(TiebreakerUsed(4, roll.winner, "nothing else separates the players, so they "
                                              "roll off"))
    return roll.winner, 4


def check_control(game: Game) -> None:
    """A player gains an objective with more operatives within 1 hex of it than the enemy."""
    state = game.state
    grid = game.grid
    where = {o.hex: o.player for o in game.on_killzone()}
    for obj in game.config.objectives:
        hex_ = game.objective_hex(obj)
        if hex_ is None:
            continue
        counts = {1: 0, 2: 0}
        for h in grid.within(hex_, 1):
            player = where.get(h)
            if player is not None:
                counts[player] += 1
        for player in (1, 2):
            previous = state.control.get(obj, 0)
            if counts[player] > counts[3 - player] and previous != player:
                state.control[obj] = player
                game.emit(ControlChanged(obj, player, previous))


def _over(game: Game) -> bool:
    return False


PHASES: dict[Phase, Callable[[Game], bool]] = {
    Phase.SETUP: setup.advance,
    Phase.INITIATIVE: strategy.advance_initiative,
    Phase.STRATEGY: strategy.advance_strategy,
    Phase.FIREFIGHT: firefight.advance,
    Phase.END: _end,
    Phase.OVER: _over,
}


def step(game: Game) -> bool:
    return PHASES[game.state.phase](game)


__all__ = ["check_control", "final_end_phase", "step", "tiebreak"]
