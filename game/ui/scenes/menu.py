"""The main menu."""

from __future__ import annotations

import pygame

from game.engine.errors import SaveError
from game.engine.game import Game
from game.ui.context import DIM, GOLD, INK, Context, Settings
from game.ui.scene import Scene

ITEMS = (
    ("New game", "new", ""),
    ("Load game", "load", ""),
    ("Tutorial", "tutorial", ""),
    ("Mission visualizer", "visualizer", ""),
    ("Campaign", "campaign", ""),
    ("Rules help", "rules", ""),
    ("Card library", "cards", ""),
    ("Settings", "settings", ""),
    ("Quit", "quit", ""),
)


HOTKEYS = {"new": pygame.K_n, "quit": pygame.K_q, "cards": pygame.K_c, "rules": pygame.K_h,
           "load": pygame.K_l, "settings": pygame.K_s, "resume": pygame.K_r,
           "visualizer": pygame.K_v, "tutorial": pygame.K_t, "campaign": pygame.K_a}


def apply_sound(ctx: Context, settings: Settings) -> None:
    """The sound settings, in force at once."""
    sound = ctx.extra.get("sound")
    if sound is not None:
        sound.enabled = settings.sound
        sound.set_volume(settings.volume)


class MenuScene(Scene):
    notice = ""

    def build(self) -> None:
        width, height = self.app.size
        items = list(ITEMS)
        if self.ctx.extra.get("resume"):
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
            from game.ui.scenes.newgame import NewGameScene
            self.app.push(NewGameScene(self.app))
        elif key == "resume":
            self.resume_last()
        elif key == "load":
            from game.ui.scenes.load import LoadScene
            self.app.push(LoadScene(self.app, self.play))
        elif key == "settings":
            from game.ui.scenes.settings import SettingsScene
            self.app.push(SettingsScene(self.app, self.settings_changed,
                                        notice=self.ctx.extra.pop("settings_notice", None)))
        elif key == "rules":
            self.app.open_rules()
        elif key == "tutorial":
            from game.ui.scenes.tutorial import TutorialScene
            self.app.push(TutorialScene(self.app))
        elif key == "campaign":
            from game.ui.scenes.campaign import CampaignListScene
            self.app.push(CampaignListScene(self.app))
        elif key == "visualizer":
            from game.ui.scenes.visualizer import VisualizerScene
            self.app.push(VisualizerScene(self.app))
        elif key == "cards":
            from game.ui.scenes.cards import CardBrowserScene
            self.app.push(CardBrowserScene(self.app))
        elif key == "quit":
            self.app.running = False

    def play(self, game: Game) -> None:
        from game.ui.scenes.play import PlayScene
        self.app.push(PlayScene(self.app, game))

    def resume_last(self) -> None:
        from game.saves import read_players
        path = self.ctx.extra.pop("resume", None)
        self.rebuild()
        if path is None:
            return
        from game.ui.session import resume_game
        try:
            game, notes = resume_game(path, self.ctx.catalogue)
        except SaveError as error:
            self.notice = str(error)
            return
        self.notice = " ".join(notes)
        self.ctx.names = read_players(path) or self.ctx.names
        self.play(game)

    def settings_changed(self, settings: Settings) -> None:
        apply_sound(self.ctx, settings)

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
        notice = self.notice or self.ctx.extra.get("settings_notice")
        if notice:
            self.ctx.text(surface, notice, 14, (width // 2, height - 18), (230, 120, 100),
                          anchor="midbottom", width=width - 40)
