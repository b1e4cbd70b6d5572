"""What the tutorial's autoplay plays through: a driver that clicks the real screens as a
person would, and the window it runs in without one. The screens never import the client test
machinery (``game/uitest/``); it hands its driver over here when it is imported
(``game/uitest/__init__.py``), and ``python main.py tutorial --autoplay`` imports it first."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

import pygame

from game.ui.app import App
from game.ui.assets import Assets
from game.ui.context import Context

if TYPE_CHECKING:
    from game.content.loader import Catalogue
    from game.engine import Action


class DriverError(AssertionError):
    """The screen did not offer what the chosen action needs, or did something else."""


class ScreenDriver(Protocol):
    """The clicks the autoplay makes (``game.uitest.driver.Driver`` is the one)."""

    app: App

    def pump(self, events: list[pygame.event.Event]) -> None: ...
    def confirm_handovers(self) -> None: ...
    def find_button(self, name: str, prefix: bool = False) -> pygame.Rect | None: ...
    def click_button(self, name: str, prefix: bool = False, nudge: str = "") -> None: ...
    def perform(self, action: Action | str) -> None: ...
    def key(self, key: int, mod: int = 0) -> None: ...
    def hover(self, pos: tuple[int, int]) -> None: ...


_drivers: list[Callable[[App], ScreenDriver]] = []


def provide_driver(make: Callable[[App], ScreenDriver]) -> None:
    """Called once by the client test machinery: ``make(app)`` is the driver autoplay uses."""
    _drivers[:] = [make]


def screen_driver(app: App) -> ScreenDriver:
    """A driver for ``app``, from the client test machinery; RuntimeError when it was never
    imported (``import game.uitest`` first)."""
    if not _drivers:
        raise RuntimeError("the tutorial's autoplay needs the client test machinery: "
                           "import game.uitest first")
    return _drivers[0](app)


def make_app(catalogue: Catalogue, seed: int, size: tuple[int, int],
             sound: bool = False) -> App:
    """The app on ``catalogue`` (seeded, for a run without a person); with ``sound``, effects
    play (silent without a device)."""
    ctx = Context(catalogue, Assets(), seed, fixed_seed=seed)
    if sound:
        from game.ui.sound import Sound

        ctx.services.sound = Sound()
    return App(size, seed, ctx)
