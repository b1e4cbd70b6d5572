"""The pause menu and the end screen of an online game: what a seat may do from one computer
(offer or accept a draw, concede for itself, leave the game to come back to later) instead
of the table's save, load, export, replay and "play again"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import IllegalActionError, opponent
from game.ui.registry import SceneName
from game.ui.scenes.end import EndScene
from game.ui.scenes.pause import PauseScene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.online_play import OnlinePlayScene

TITLES = {"concede": "Concede the mission?", "draw": "Offer your opponent a draw?",
          "accept": "Accept the draw your opponent offers?",
          "quit": "Leave the game? It stays on the server: come back from Play online."}


class OnlinePauseScene(PauseScene):
    def __init__(self, app: App, play: OnlinePlayScene) -> None:
        super().__init__(app, play)
        self.online = play
        self.message = self.seed_note()

    def seed_note(self) -> str:
        """The line at the bottom: the game's real seed, or why it is not shown yet."""
        seed = self.online.remote.dice.seed
        if seed is None:  # the table's pause shows its local seed; say why there is none
            return ("Esc resumes · the dice seed stays secret on the server until the "
                    "mission ends (it would foretell every roll and card)")
        return f"Esc resumes · this game's dice seed was {seed}"

    def no(self) -> None:
        super().no()
        self.message = self.seed_note()

    def build(self) -> None:
        width, height = self.app.size
        remote = self.online.remote
        if self.confirm:
            items = [("Yes", self.yes, pygame.K_y, ""), ("No", self.no, pygame.K_n, "")]
        elif remote.seat is None:  # a spectator: nothing to agree nor concede
            items = [
                ("Resume", self.app.pop, pygame.K_ESCAPE, ""),
                ("Settings", self.settings, pygame.K_g, ""),
                ("Rules help", self.app.open_rules, pygame.K_h, "Or press F1 anywhere"),
                ("Stop watching", self.stop_watching, pygame.K_q, "Back to the main menu"),
            ]
        else:
            offered = remote.draw_offer == opponent(remote.seat)
            items = [
                ("Resume", self.app.pop, pygame.K_ESCAPE, ""),
                ("Settings", self.settings, pygame.K_g, ""),
                ("Rules help", self.app.open_rules, pygame.K_h, "Or press F1 anywhere"),
                *([] if remote.is_over else [
                    ("Accept the draw" if offered else "Offer a draw",
                     lambda: self.ask("accept" if offered else "draw"), pygame.K_d,
                     "The mission ends in a draw if both players agree"),
                    (f"{self.ctx.names.get(remote.seat, 'I')} concedes",
                     lambda: self.ask("concede"), pygame.K_c,
                     "Your opponent wins the mission")]),
                *([("Claim the win", self.claim, pygame.K_w, "Your opponent's time is out "
                    "(turn clock), or they have been gone too long")]
                  if self.online.claimable() else []),
                ("New token for this seat", self.rotate, pygame.K_t,
                 "Replace the secret that holds your seat (if someone else may have it): "
                 "the old one stops working; this computer keeps the new one"),
                ("Leave the game", lambda: self.ask("quit"), pygame.K_q,
                 "It goes on waiting on the server"),
            ]
        step = min(50, (height - 190) // len(items))
        top = (height - step * len(items)) // 2 + 30
        for i, (label, action, key, tip) in enumerate(items):
            rect = pygame.Rect(0, 0, 300, step - 8)
            rect.midtop = (width // 2, top + i * step)
            self.button(label, rect, action, hotkey=key, tooltip=tip)

    def rotate(self) -> None:
        from game.net.prefs import OnlinePrefs

        try:
            old, new = self.online.remote.rotate_token()
        except IllegalActionError as error:
            self.message = str(error)
            return
        OnlinePrefs.load().replace_token(old, new)
        self.message = "This seat has a new token: the old one no longer works"

    def claim(self) -> None:
        play = self.online
        self.app.pop()
        play.claim_win()

    def stop_watching(self) -> None:
        self.app.restart(SceneName.MENU)

    def yes(self) -> None:
        play, what = self.online, self.confirm
        self.app.pop()
        if what == "concede":
            play.concede()
        elif what in ("draw", "accept"):
            play.draw_offer()
        elif what == "quit":
            self.app.restart(SceneName.MENU)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.confirm in TITLES:  # our own question over the table's
            width = surface.get_width()
            pygame.draw.rect(surface, (0, 0, 0), pygame.Rect(0, 40, width, 44))
            from game.ui.context import GOLD
            self.ctx.text(surface, TITLES[self.confirm], 30, (width // 2, 60), GOLD, "bold",
                          "center", width=width - 40)


class OnlineEndScene(EndScene):
    """The result, with the way back to the menu (the game is kept on the server; a replay
    needs the dice, which only the server knows)."""

    def build(self) -> None:
        width, height = self.app.size
        self.button("Play online", pygame.Rect(width // 2 - 270, height - 80, 260, 48),
                    self.online, hotkey=pygame.K_RETURN, object_id="#big_button")
        self.button("Main menu", pygame.Rect(width // 2 + 10, height - 80, 260, 48),
                    self.menu, hotkey=pygame.K_ESCAPE, object_id="#big_button")

    def online(self) -> None:
        self.app.restart(SceneName.MENU)
        self.app.open(SceneName.ONLINE)
