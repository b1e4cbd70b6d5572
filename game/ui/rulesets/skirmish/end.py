"""The one-page skirmish rules on the end screen: the markers each player held when the battle
ended (these rules score no VP and have no cards)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Game, Scored
from game.engine.rulesets.skirmish import count_markers
from game.ui.context import DIM, GOLD, INK

if TYPE_CHECKING:
    from game.ui.scenes.end import EndScene


def score_line(game: Game) -> str:
    """The end screen's score: "2 markers to 1 marker held"."""
    return f"{count_markers(game.state.vp[1])} to {count_markers(game.state.vp[2])} held"


def markers_column(end: EndScene, surface: pygame.Surface, inner: pygame.Rect,
                   player: int) -> int:
    """A player's markers held when the battle ended; returns the height reached."""
    ctx, game, px = end.ctx, end.play.game, end.ctx.px
    y = inner.top + 4
    held = [o for e in game.events if isinstance(e, Scored) and e.player == player
            for o in e.objectives]
    ctx.text(surface, "Markers held at the end", 15, (inner.left, y), GOLD, "bold")
    y += px(24)
    for obj in held:
        where = end.words.objective(obj)
        ctx.text(surface, where[:1].upper() + where[1:], 14, (inner.left, y), INK,
                 width=inner.width)
        y += px(20)
    if not held:
        ctx.text(surface, "none", 14, (inner.left, y), DIM)
        y += px(20)
    ctx.text(surface, f"Total: {count_markers(game.state.vp[player])}", 14,
             (inner.right, y), GOLD, "bold", "topright")
    return y + px(30)


__all__ = ["markers_column", "score_line"]
