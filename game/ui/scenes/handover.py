"""The hand-over screen: everything is hidden until the named player is at the screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.context import DIM, INK
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App


class HandoverScene(Scene):
    """Covers the whole screen (nothing below is drawn) until ``player`` confirms."""

    def __init__(self, app: App, player: int, on_done: Callable[[int], None]) -> None:
        super().__init__(app)
        self.player = player
        self.on_done = on_done

    def build(self) -> None:
        width, height = self.app.size
        px = self.ctx.px
        rect = pygame.Rect(0, 0, px(380), px(52))
        rect.center = (width // 2, height // 2 + px(60))
        self.button(f"I am {self.ctx.names[self.player]}", rect, self.done,
                    hotkey=pygame.K_RETURN, object_id="#big_button")
        menu = pygame.Rect(0, 0, self.button_width("Menu", pygame.K_ESCAPE, px(140)), px(40))
        menu.bottomleft = (36 + px(12), height - 36 - px(12))  # inside the coloured frame
        self.button("Menu", menu, self.open_menu, hotkey=pygame.K_ESCAPE,
                    tooltip="Save, settings or leave the game; the cards stay hidden")

    def open_menu(self) -> None:
        """The pause menu of the game below (save, settings, leave), over this cover: nothing
        secret is shown meanwhile."""
        from game.ui.registry import SceneName

        play = next((s for s in reversed(self.app.stack[:-1]) if hasattr(s, "game")), None)
        if play is not None:
            self.app.open(SceneName.PAUSE, play)

    def done(self) -> None:
        self.app.pop()
        self.on_done(self.player)

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.fill((10, 10, 12))
        colour = self.ctx.colours[self.player]
        pygame.draw.rect(surface, colour, surface.get_rect().inflate(-40, -40), 4,
                         border_radius=12)
        self.ctx.text(surface, f"Pass to {self.ctx.names[self.player]}", 40,
                      (width // 2, height // 2 - self.ctx.px(40)), colour, "bold", "center")
        self.ctx.text(surface, "Secret cards are about to be shown. The other player "
                      "should look away.", 16, (width // 2, height // 2 + self.ctx.px(10)), DIM,
                      anchor="center", width=width - 80)
        self.ctx.text(surface, "Press Enter or click when ready; Esc for the menu", 14,
                      (width // 2, height // 2 + self.ctx.px(110)), INK, anchor="center")
