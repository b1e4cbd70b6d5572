"""What the player sees when something unexpected goes wrong: the game was autosaved, the
error went to the log file, and one button writes a bug report (the log, the save and the
position as a scenario file) into the data folder."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.context import DIM, GOLD, INK, RED
from game.ui.registry import SceneName
from game.ui.scene import Scene, key_name

if TYPE_CHECKING:
    from game.ui.app import App


class ErrorScene(Scene):
    """``saved``: where the game was autosaved (None: it could not be); ``had_game``: False
    when the error came with no game open (a menu, a set-up screen), so nothing was to be
    saved and the screen does not speak of it."""

    def __init__(self, app: App, summary: str, write_report: Callable[[], str] | None,
                 saved: str | None, had_game: bool = True) -> None:
        super().__init__(app)
        self.summary = summary
        self.write_report = write_report
        self.saved = saved
        self.had_game = had_game
        self.report: str | None = None

    def enter(self) -> None:
        # whatever the failed screen left half made (a list that raised while it opened)
        # goes with it: nothing of it may stay drawn on the screens that follow
        self.app.manager.clear_and_reset()
        super().enter()

    def build(self) -> None:
        width, height = self.app.size
        px = self.ctx.px
        y = height // 2 + px(80)
        buttons: list[tuple[str, Callable[[], None], int]] = []
        if self.write_report is not None:
            buttons.append(("Write a bug report", self.report_now, pygame.K_r))
        buttons += [("Main menu", self.menu, pygame.K_ESCAPE), ("Quit", self.quit, pygame.K_q)]
        # one width for the row: the widest label (with its key) in the theme's button font
        font = self.ctx.assets.font(px(15), "bold")
        wide = max(px(210), *(font.size(f"{label} [{key_name(key)}]")[0] + px(28)
                              for label, _, key in buttons))
        gap = px(15)
        x = width // 2 - (len(buttons) * wide + (len(buttons) - 1) * gap) // 2
        for label, action, key in buttons:
            self.button(label, pygame.Rect(x, y, wide, px(44)), action, hotkey=key)
            x += wide + gap

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
        px = ctx.px
        ctx.text(surface, "Something went wrong", 34, (width // 2, height // 2 - px(140)), RED,
                 "bold", "center")
        wide = min(px(840), width - 60)
        box = pygame.Rect(width // 2 - wide // 2, height // 2 - px(100), wide, px(90))
        if ctx.assets.font(px(14)).size(self.summary)[0] <= box.width:  # one line: centred
            ctx.text(surface, self.summary, 14, (box.centerx, box.top), INK, anchor="midtop")
        else:
            ctx.wrapped(surface, self.summary, 14, box, INK)
        note = ("Your game was saved and can be resumed from the menu." if self.saved
                else "The game could not be saved." if self.had_game
                else "No game was open, so nothing was lost.")
        ctx.text(surface, note, 15, (width // 2, height // 2 + px(20)), GOLD, anchor="center",
                 width=width - 60)
        ctx.text(surface, "The error was written to the log file.", 14,
                 (width // 2, height // 2 + px(46)), DIM, anchor="center", width=width - 60)
        if self.report:
            ctx.text(surface, f"Bug report written: {self.report}", 14,
                     (width // 2, height // 2 + px(150)), GOLD, anchor="center",
                     width=width - 60)
