"""Who played a game saved before the record of its set-up was kept (game/services/game_setup.py):
the screen asks, seat by seat (a person at this screen or the computer at a level), before
the game opens. Nothing is guessed silently: a computer opponent never becomes a person."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.services.game_setup import HUMAN, LEVELS, GameSetup
from game.ui.context import DIM, INK
from game.ui.dialog import Dialog

if TYPE_CHECKING:
    from game.engine import Game
    from game.ui.app import App

CHOICES = (HUMAN, *LEVELS)
SEAT_KEYS = {1: pygame.K_1, 2: pygame.K_2}


def seat_label(setup: GameSetup, player: int, seat: str) -> str:
    """ "Quinn: a person at this screen", "Kai: the computer (normal)"."""
    who = "a person at this screen" if seat == HUMAN else f"the computer ({seat})"
    return f"{setup.names.get(player, f'Player {player}')}: {who}"


class SeatsScene(Dialog):
    """Asks who played each seat of ``game``; ``on_done(game, setup)`` opens it."""

    overlay = False  # a screen of its own: the game is not open yet
    size = (620, 330)
    padding = 24

    def __init__(self, app: App, game: Game, setup: GameSetup,
                 on_done: Callable[[Game, GameSetup], None]) -> None:
        super().__init__(app)
        self.game = game
        self.setup = setup
        self.on_done = on_done
        self.seats = dict(setup.seats)

    def build(self) -> None:
        px = self.ctx.px
        box = self.box()
        for i, player in enumerate((1, 2)):
            rect = pygame.Rect(box.left + 24, box.top + px(112) + i * px(54), box.width - 48,
                               px(44))
            self.button(seat_label(self.setup, player, self.seats[player]), rect,
                        lambda p=player: self.turn(p), hotkey=SEAT_KEYS[player],
                        tooltip="Click to change who played this seat")
        self.cancel_and("Play", self.done)

    def turn(self, player: int) -> None:
        """The next choice for ``player``'s seat: a person, then each computer level."""
        self.seats[player] = CHOICES[(CHOICES.index(self.seats[player]) + 1) % len(CHOICES)] \
            if self.seats[player] in CHOICES else HUMAN
        self.rebuild()

    def done(self) -> None:
        self.app.pop()
        self.on_done(self.game, self.setup.with_seats(self.seats))

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        width, _ = surface.get_size()
        surface.fill((16, 17, 20))
        box = self.box()
        inner = self.frame(surface, "Who played this game?", shade=False)
        ctx.wrapped(surface, "This save does not say whether the computer played a side. "
                    "Choose who plays each side from here on.", 14,
                    pygame.Rect(inner.left + 4, inner.top + px(40), inner.width - 8, px(60)),
                    INK)
        ctx.text(surface, "1 and 2 change a seat, Enter plays, Esc goes back", 13,
                 (width // 2, box.bottom + px(16)), DIM, anchor="center")
