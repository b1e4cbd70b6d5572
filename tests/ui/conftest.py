"""The UI tests run offscreen: SDL's dummy video and audio drivers are set before pygame is
imported anywhere in this package."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.content import load_catalogue  # noqa: E402
from game.engine.defs import Catalogue  # noqa: E402

SIZE = (1280, 800)


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return load_catalogue()


@pytest.fixture
def make_app(catalogue):
    """``make_app(seed)``: a fresh App at 1280x800 with animations off."""
    from game.uitest.headless import make_app as make

    def build(seed: int = 0, size: tuple[int, int] = SIZE):
        if pygame.display.get_init():
            pygame.event.clear()
        app = make(catalogue, seed, size)
        app.ctx.settings.animation_speed = 0
        return app

    yield build
    if pygame.display.get_init():
        pygame.event.clear()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A fresh user data folder for one test (``FIRETEAM_HOME``); its path."""
    folder = tmp_path / "home"
    monkeypatch.setenv("FIRETEAM_HOME", str(folder))
    return folder

