"""The main menu."""

from __future__ import annotations

import pygame

from game.engine import Game, SaveError
from game.services.game_setup import GameSetup
from game.ui.context import DIM, GOLD, INK, Settings
from game.ui.registry import SceneName
from game.ui.scene import Scene

ITEMS = (
    ("New game", "new", ""),
    ("Load game", "load", ""),
    ("Play online", "online", ""),
    ("Tutorial", "tutorial", ""),
    ("Puzzles", "puzzles", ""),
    ("Mission visualizer", "visualizer", ""),
    ("Campaign", "campaign", ""),
    ("Rules help", "rules", ""),
    ("Card library", "cards", ""),
    ("Settings", "settings", ""),
    ("Quit", "quit", ""),
)


HOTKEYS = {"new": pygame.K_n, "quit": pygame.K_q, "cards": pygame.K_c, "rules": pygame.K_h,
           "load": pygame.K_l, "settings": pygame.K_s, "resume": pygame.K_r,
           "visualizer": pygame.K_v, "tutorial": pygame.K_t, "campaign": pygame.K_a,
           "online": pygame.K_o, "puzzles": pygame.K_p}


class MenuScene(Scene):
    notice = ""

    def build(self) -> None:
        width, height = self.app.size
        items = list(ITEMS)
        if self.ctx.services.resume:
            items.insert(0, ("Resume the last game", "resume",
                             ""))
        top = int(height * 0.33)
        px = self.ctx.px
        step = min(px(52), (height - top - 20) // len(items))
        for i, (label, key, tip) in enumerate(items):
            rect = pygame.Rect(0, 0, px(360), step - px(8))
            rect.midtop = (width // 2, top + i * step)
            self.button(label, rect, lambda key=key: self.choose(key),
                        hotkey=HOTKEYS.get(key),
                        tooltip=tip, enabled=not tip, object_id="#big_button")

    def choose(self, key: str) -> None:
        if key == "new":
            self.app.open(SceneName.NEW_GAME)
        elif key == "resume":
            self.resume_last()
        elif key == "online":
            self.app.open(SceneName.ONLINE)
        elif key == "load":
            self.app.open(SceneName.LOAD, self.play)
        elif key == "settings":
            self.app.open(SceneName.SETTINGS, self.settings_changed,
                          notice=self.take_settings_notice())
        elif key == "rules":
            self.app.open_rules()
        elif key == "tutorial":
            self.app.open(SceneName.TUTORIAL)
        elif key == "puzzles":
            self.app.open(SceneName.PUZZLES)
        elif key == "campaign":
            self.app.open(SceneName.CAMPAIGNS)
        elif key == "visualizer":
            self.app.open(SceneName.VISUALIZER)
        elif key == "cards":
            self.app.open(SceneName.CARDS)
        elif key == "quit":
            self.app.running = False

    def take_settings_notice(self) -> str | None:
        """The notice about damaged settings, shown once (on the settings screen)."""
        notice, self.ctx.services.settings_notice = self.ctx.services.settings_notice, None
        return notice

    def play(self, game: Game, setup: GameSetup) -> None:
        """Open the play screen on ``game`` set up as ``setup`` says (its seats, levels,
        names)."""
        self.app.open(SceneName.PLAY, game, setup=setup)

    def resume_last(self) -> None:
        path, self.ctx.services.resume = self.ctx.services.resume, None
        self.rebuild()
        if path is None:
            return
        from game.ui.session import resume_game
        try:
            game, setup, notes = resume_game(path, self.ctx.catalogue, self.ctx.services)
        except SaveError as error:
            self.notice = str(error)
            return
        self.notice = " ".join(notes)
        if setup.inferred:  # an autosave older than the record: who played is asked
            self.app.open(SceneName.SEATS, game, setup, self.play)
            return
        self.play(game, setup)

    def settings_changed(self, settings: Settings) -> None:
        self.ctx.services.apply_sound(settings)

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
        notice = self.notice or self.ctx.services.settings_notice
        if notice:
            self.ctx.text(surface, notice, 14, (width // 2, height - 18), (230, 120, 100),
                          anchor="midbottom", width=width - 40)
