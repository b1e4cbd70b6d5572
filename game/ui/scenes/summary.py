"""The turning point's summary, shown when it ends and before the next one's initiative roll:
the VP each player scored and why, the targets of opportunity completed and the operatives
lost. Everything on it is public (the events as everybody saw them)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.context import DIM, GOLD, INK, panel
from game.ui.dialog import Dialog, veil
from game.ui.turn_summary import Summary

if TYPE_CHECKING:
    from game.ui.app import App


class SummaryScene(Dialog):
    """An overlay over the play screen until Continue (Enter)."""

    size = (760, 440)
    margin = (40, 40)

    def __init__(self, app: App, summary: Summary, totals: dict[int, int]) -> None:
        super().__init__(app)
        self.summary = summary
        self.totals = totals

    def build(self) -> None:
        box = self.box()
        px = self.ctx.px
        font = self.ctx.assets.font(int(20 * self.ctx.scale), "bold")
        button = pygame.Rect(0, 0, font.size("Continue [Enter]")[0] + px(40), px(40))
        button.midbottom = (box.centerx, box.bottom - px(14))
        self.button("Continue", button, self.app.pop, hotkey=pygame.K_RETURN,
                    object_id="#big_button",
                    tooltip="On to the next turning point's initiative roll")

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        veil(surface)
        box = self.box()
        px = ctx.px
        inner = panel(surface, box, f"End of turning point {self.summary.turning_point}", ctx)
        inner.height -= px(60)
        half = (inner.width - px(20)) // 2
        for i, player in enumerate((1, 2)):
            column = pygame.Rect(inner.left + i * (half + px(20)), inner.top, half,
                                 inner.height)
            colour = ctx.colours[player]
            y = column.top
            y += ctx.wrapped(surface, f"{ctx.names[player]}: +{self.summary.vp[player]} VP "
                             f"(total {self.totals[player]})", 18,
                             pygame.Rect(column.left, y, column.width, px(50)), colour,
                             "bold") + px(6)
            cards = self.summary.cards_heading
            sections = (("Scored", self.summary.scored[player], INK),
                        *([(cards, self.summary.completed[player], INK)] if cards else []),
                        ("Operatives lost", self.summary.lost[player], INK))
            for title, lines, tint in sections:
                if y + px(20) > column.bottom:
                    break
                ctx.text(surface, title, 14, (column.left, y), GOLD, "bold")
                y += px(20)
                for line in lines or ["none"]:
                    rest = pygame.Rect(column.left + px(10), y, column.width - px(10),
                                       max(0, column.bottom - y))
                    used = ctx.wrapped(surface, line, 14, rest, tint if lines else DIM)
                    y += used + px(2)
                y += px(8)
