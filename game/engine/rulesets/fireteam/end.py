"""The end phase and the end of the mission: what the end phase clears, the last end
phase's targets of opportunity and result, and a campaign mission's tiebreakers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import PhaseEnded, PhaseStarted, Scored, TiebreakerUsed
from game.engine.packs import pack_of
from game.engine.state import Duration, OperativeFlag, Phase, PloyInForce, Step

if TYPE_CHECKING:
    from game.engine.game import Game


def end_phase(game: Game) -> None:
    """The firefight phase ends (its rules and any sudden victory first), then the end phase:
    ploys and turning-point boosts end, every operative is ready again; after the last
    turning point the mission ends, else the next turning point begins."""
    state = game.state
    game.emit(PhaseEnded(Phase.FIREFIGHT, state.turning_point))
    game.check_sudden_victory()
    if game.is_over:
        return
    game.emit(PhaseStarted(Phase.END, state.turning_point))
    if game.is_over:
        return
    state.ploys = {1: list[PloyInForce](), 2: list[PloyInForce]()}
    state.boosts = [b for b in state.boosts if b.until == Duration.MISSION]
    for op in state.operatives.values():
        op.activated = False
        if OperativeFlag.SPOTTED in op.flags:  # markerlights spot until the turning point ends
            op.flags = tuple(f for f in op.flags if f != OperativeFlag.SPOTTED)
    game.rules_changed()
    if state.turning_point >= game.config.turning_points:
        pack = pack_of(game.config)
        if pack is not None and pack.goes_on(game):
            return  # a stage of the mission's pack decides (a roll for the game's length)
        final_end_phase(game)
        return
    state.turning_point += 1
    state.turn = 1


def final_end_phase(game: Game, winner: int | None = None, reason: str = "most VP") -> None:
    """Add completed targets of opportunity to the VP totals and decide the mission: the
    most VP wins, unless a rule or the players have already named the ``winner``. In a
    campaign game (``campaign: true`` in the config's recipe) a draw is never the result: the
    tiebreakers of :func:`tiebreak` decide it."""
    state = game.state
    if state.phase == Phase.OVER:
        return
    pack = pack_of(game.config)
    if winner is None and pack is not None:
        pack.score_at_end(game)  # the mission pack's own scoring
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
    if winner == 0 and game.config.campaign:
        winner, number = tiebreak(game)
        reason = f"tiebreaker {number}"
    state.winner = winner
    # the one move to a stage not made by the flow table's runner: the mission may end at
    # any stage (a concession, an agreed result, a sudden victory, the last end phase)
    state.phase, state.step = Phase.OVER, Step.NONE
    # an activation cut short by the end of the mission ends with it
    state.end_activation()
    game.emit(game.book.ended(winner, (one, two), reason))


def tiebreak(game: Game) -> tuple[int, int]:
    """A campaign mission must have a winner: the tiebreakers, in order, for a mission that
    ends level. Emits the deciding :class:`TiebreakerUsed` (after the roll-off of the last
    one) and returns (winner, tiebreaker number)."""
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
