"""The pause menu (Esc): resume, concede or agree a result (engine actions, so they are
logged), quit to the menu. Saving, loading and settings come with the next version."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.actions import AgreeResult, Concede
from game.ui.context import DIM, GOLD, INK
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene


class PauseScene(Scene):
    overlay = True

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.confirm = ""

    def build(self) -> None:
        width, height = self.app.size
        to_act = self.play.game.to_act
        names = self.ctx.names
        if self.confirm:
            items = [("Yes", self.yes, pygame.K_y, ""), ("No", self.no, pygame.K_n, "")]
        else:
            items = [
                ("Resume", self.app.pop, pygame.K_ESCAPE, ""),
                (f"{names[to_act]} concedes", lambda: self.ask("concede"), pygame.K_c,
                 "The other player wins the mission"),
                ("Agree a draw", lambda: self.ask("draw"), pygame.K_d,
                 "Both players agree the mission ends in a draw"),
                ("Rules help", self.app.open_rules, pygame.K_h, "Or press F1 anywhere"),
                ("Quit to the menu", lambda: self.ask("quit"), pygame.K_q,
                 "The game is not saved in this version"),
            ]
        for i, (label, action, key, tip) in enumerate(items):
            rect = pygame.Rect(0, 0, 300, 44)
            rect.midtop = (width // 2, height // 2 - 60 + i * 54)
            self.button(label, rect, action, hotkey=key, tooltip=tip)

    def ask(self, what: str) -> None:
        self.confirm = what
        self.rebuild()

    def no(self) -> None:
        self.confirm = ""
        self.rebuild()

    def yes(self) -> None:
        play, what = self.play, self.confirm
        to_act = play.game.to_act
        self.app.pop()
        if what == "concede":
            play.act(Concede(to_act))
        elif what == "draw":
            play.act(AgreeResult(to_act, 0))
        elif what == "quit":
            from game.ui.scenes.menu import MenuScene
            self.app.replace(MenuScene(self.app))

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        veil = pygame.Surface((width, height), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 170))
        surface.blit(veil, (0, 0))
        title = {"concede": "Concede the mission?", "draw": "Do both players agree a draw?",
                 "quit": "Quit to the menu? The game will be lost."}.get(self.confirm,
                                                                          "Paused")
        self.ctx.text(surface, title, 30, (width // 2, height // 2 - 110), GOLD, "bold",
                      "center")
        if not self.confirm:
            self.ctx.text(surface, "Esc resumes", 14, (width // 2, height // 2 + 170), DIM,
                          anchor="center")
        else:
            self.ctx.text(surface, "Y: yes, N: no", 14, (width // 2, height // 2 + 60), INK,
                          anchor="center")
