"""The runner of the flow table (:data:`game.engine.rulesets.fireteam.table.FLOW`), and control of
objectives.

``step(game)`` performs one automatic step (a roll-off, a skipped strategy step, a passed
turn, the end phase) and returns True, or returns False when the game waits for a decision
(or is over). ``Game._advance`` calls it until it returns False, after every action. The
stages' work lives with their actions in :mod:`game.engine.rulesets.fireteam`; the end phase and
the end
of the mission in :mod:`game.engine.rulesets.fireteam.end`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.events import ControlChanged
from game.engine.rulesets.fireteam.end import final_end_phase, tiebreak
from game.engine.rulesets.fireteam.table import FLOW, Where

if TYPE_CHECKING:
    from game.engine.game import Game


def check_control(game: Game) -> None:
    """A player gains an objective with more operatives within 1 hex of it than the enemy."""
    objectives = game.config.objectives
    if not objectives:  # (a mission without any)
        return
    control = game.state.control
    adjacency = game.grid.adjacency
    # (the operatives on the killzone, as Game.on_killzone lists them: read once a turn)
    where = {o.hex: o.player for o in game.state.operatives.values()
             if o.hex is not None and not o.taken_down}
    found = where.get
    for obj in objectives:
        hex_ = game.objective_hex(obj)
        if hex_ is None:
            continue
        near = [found(hex_), *map(found, adjacency[hex_])]  # who stands within 1 hex
        lead = near.count(1) - near.count(2)  # player 1's operatives there, less player 2's
        if lead:
            player = 1 if lead > 0 else 2
            previous = control.get(obj, 0)
            if previous != player:
                control[obj] = player
                game.emit(ControlChanged(obj, player, previous))


def enter(game: Game, where: Where) -> None:
    """Move the game to the stage ``where`` and do what begins it."""
    state = game.state
    state.phase, state.step = where
    game.invalidate()
    game.book.flow[where].on_begin(game)


def step(game: Game) -> bool:
    """Carry out one thing that needs no decision at the stage the game is at: its work
    between decisions, or its end and the move to the next stage. False when the game waits
    for a decision (or is over)."""
    state = game.state
    stage = game.book.flow[(state.phase, state.step)]
    if not stage.end_if(game):
        return stage.meanwhile(game) if stage.meanwhile is not None else False
    stage.on_end(game)
    if game.is_over:
        return False
    enter(game, stage.next(game))
    return True


__all__ = ["FLOW", "check_control", "enter", "final_end_phase", "step", "tiebreak"]
