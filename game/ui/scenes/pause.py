"""The pause menu (Esc): resume, save, load, settings, rules help, export the position as a
scenario file, concede or agree a result (engine actions, so they are logged), quit to the
menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import AgreeResult, Concede, Game
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
        self.message = ""

    def build(self) -> None:
        width, height = self.app.size
        to_act = self.play.game.to_act
        names = self.ctx.names
        if self.confirm:
            items = [("Yes", self.yes, pygame.K_y, ""), ("No", self.no, pygame.K_n, "")]
        else:
            items = [
                ("Resume", self.app.pop, pygame.K_ESCAPE, ""),
                ("Save game", self.save, pygame.K_s, "Also Ctrl+S while playing"),
                ("Load game", self.load, pygame.K_o, "Also Ctrl+O while playing"),
                ("Settings", self.settings, pygame.K_g, ""),
                ("Export the position", self.export, pygame.K_e,
                 "Write this position as a scenario file, for a bug report or a puzzle"),
                ("Rules help", self.app.open_rules, pygame.K_h, "Or press F1 anywhere"),
                *([] if self.play.game.is_over else [
                    (f"{names.get(to_act, '')} concedes", lambda: self.ask("concede"),
                     pygame.K_c, "The other player wins the mission"),
                    ("Agree a draw", lambda: self.ask("draw"), pygame.K_d,
                     "Both players agree the mission ends in a draw"),
                ]),
                ("Quit to the menu", lambda: self.ask("quit"), pygame.K_q,
                 "The game so far stays in the autosave"),
            ]
        step = min(50, (height - 190) // len(items))
        top = (height - step * len(items)) // 2 + 30
        for i, (label, action, key, tip) in enumerate(items):
            rect = pygame.Rect(0, 0, 300, step - 8)
            rect.midtop = (width // 2, top + i * step)
            self.button(label, rect, action, hotkey=key, tooltip=tip)

    def save(self) -> None:
        from game.ui.scenes.load import SaveScene
        self.app.push(SaveScene(self.app, self.play.game))

    def load(self) -> None:
        from game.ui.scenes.load import LoadScene
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.play import PlayScene

        def play(game: Game) -> None:
            self.app.replace(MenuScene(self.app))
            self.app.push(PlayScene(self.app, game))

        self.app.push(LoadScene(self.app, play))

    def settings(self) -> None:
        from game.ui.scenes.menu import apply_sound
        from game.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app, lambda s: apply_sound(self.ctx, s)))

    def export(self) -> None:
        from game.ui.session import export_position
        done, said = export_position(self.play.game)
        self.message = (f"Written: {said}" if done else f"Cannot be written as a scenario: "
                        f"{said}")

    def ask(self, what: str) -> None:
        self.confirm = what
        self.rebuild()

    def no(self) -> None:
        self.confirm = ""
        self.message = ""
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
                 "quit": "Quit to the menu? Unsaved play stays in the autosave."}.get(
                     self.confirm,
                                                                          "Paused")
        self.ctx.text(surface, title, 30, (width // 2, 60), GOLD, "bold", "center")
        if not self.confirm:
            self.ctx.text(surface, self.message or "Esc resumes", 14,
                          (width // 2, height - 30), GOLD if self.message else DIM,
                          anchor="center", width=width - 40)
        else:
            self.ctx.text(surface, "Y: yes, N: no", 14, (width // 2, height // 2 + 60), INK,
                          anchor="center")
