"""The main menu."""

from __future__ import annotations

import pygame

from game.ui.context import DIM, GOLD, INK
from game.ui.scene import Scene

ITEMS = (
    ("New game", "new", ""),
    ("Tutorial", "tutorial", "The guided Dual Strike tutorial comes in a later version"),
    ("Mission visualizer", "visualizer", "The set-up visualizer comes in a later version"),
    ("Campaign", "campaign", "Campaign play comes in a later version"),
    ("Load game", "load", "Saving and loading come in the next version"),
    ("Rules help", "rules", ""),
    ("Card library", "cards", ""),
    ("Settings", "settings", "Settings come in the next version"),
    ("Quit", "quit", ""),
)


HOTKEYS = {"new": pygame.K_n, "quit": pygame.K_q, "cards": pygame.K_c, "rules": pygame.K_h}


class MenuScene(Scene):
    def build(self) -> None:
        width, height = self.app.size
        top = int(height * 0.34)
        step = min(52, (height - top - 20) // len(ITEMS))
        for i, (label, key, tip) in enumerate(ITEMS):
            rect = pygame.Rect(0, 0, 320, step - 8)
            rect.midtop = (width // 2, top + i * step)
            self.button(label, rect, lambda key=key: self.choose(key),
                        hotkey=HOTKEYS.get(key),
                        tooltip=tip, enabled=not tip, object_id="#big_button")

    def choose(self, key: str) -> None:
        if key == "new":
            from game.ui.scenes.newgame import NewGameScene
            self.app.push(NewGameScene(self.app))
        elif key == "rules":
            self.app.open_rules()
        elif key == "cards":
            from game.ui.scenes.cards import CardBrowserScene
            self.app.push(CardBrowserScene(self.app))
        elif key == "quit":
            self.app.running = False

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        art = self.ctx.assets.scaled("menu_background.png", (width, height))
        surface.blit(art, (0, 0))
        self.ctx.text(surface, "WARHAMMER 40,000", 30, (width // 2, int(height * 0.12)), GOLD,
                      "condensed", "center")
        self.ctx.text(surface, "FIRETEAM", 64, (width // 2, int(height * 0.21)), INK,
                      "condensed", "center")
        self.ctx.text(surface, "Digital edition — an unofficial fan project", 15,
                      (width // 2, int(height * 0.29)), DIM, anchor="center")
