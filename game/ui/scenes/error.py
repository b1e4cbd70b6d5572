"""What the player sees when something unexpected goes wrong: the game was autosaved, the
error went to the log file, and one button writes a bug report (the log, the save and the
position as a scenario file) into the data folder."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.context import DIM, GOLD, INK, RED
from game.ui.registry import SceneName
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App


class ErrorScene(Scene):
    def __init__(self, app: App, summary: str, write_report: Callable[[], str] | None,
                 saved: str | None) -> None:
        super().__init__(app)
        self.summary = summary
        self.write_report = write_report
        self.saved = saved
        self.report: str | None = None

    def build(self) -> None:
        width, height = self.app.size
        y = height // 2 + 80
        if self.write_report is not None:
            self.button("Write a bug report", pygame.Rect(width // 2 - 330, y, 210, 44),
                        self.report_now, hotkey=pygame.K_r)
        self.button("Main menu", pygame.Rect(width // 2 - 105, y, 210, 44), self.menu,
                    hotkey=pygame.K_ESCAPE)
        self.button("Quit", pygame.Rect(width // 2 + 120, y, 210, 44), self.quit,
                    hotkey=pygame.K_q)

    def report_now(self) -> None:
        assert self.write_report is not None
        self.report = self.write_report()

    def menu(self) -> None:
        self.app.restart(SceneName.MENU)

    def quit(self) -> None:
        self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.fill((16, 12, 12))
        ctx = self.ctx
        ctx.text(surface, "Something went wrong", 34, (width // 2, height // 2 - 140), RED,
                 "bold", "center")
        box = pygame.Rect(width // 2 - 420, height // 2 - 100, 840, 90)
        ctx.wrapped(surface, self.summary, 14, box, INK)
        note = ("Your game was saved and can be resumed from the menu."
                if self.saved else "The game could not be saved.")
        ctx.text(surface, note, 15, (width // 2, height // 2 + 20), GOLD, anchor="center")
        ctx.text(surface, "The error was written to the log file.", 14,
                 (width // 2, height // 2 + 46), DIM, anchor="center")
        if self.report:
            ctx.text(surface, f"Bug report written: {self.report}", 14,
                     (width // 2, height // 2 + 150), GOLD, anchor="center",
                     width=width - 60)
