"""The game's window: one run of :class:`~game.ui.app.App` with the user's settings, saves and
autosave (``game/ui/session.py``), started at the menu or wherever ``first`` puts it (the
tutorial, the visualizer, a seeded scene for a screenshot). Every way of opening the window
(``python main.py``, ``tutorial``, ``visualize``, ``--frames``/``--screenshot``) comes here."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine.defs import Catalogue
from game.ui.app import App
from game.ui.registry import SceneName


def run_window(catalogue: Catalogue, seed: int | None, size: tuple[int, int] | None = None,
               frames: int | None = None, screenshot: str | None = None,
               first: Callable[[App], None] | None = None, menu: bool = True) -> int:
    """Open the window at the menu (unless ``menu`` is False), then call ``first`` (which
    pushes the scene to start at); run until the window closes or for ``frames`` frames, and
    save the last one to ``screenshot``. ``seed`` fixes every new game's dice (None: fresh
    ones from the operating system). An unexpected error in a frame shows the error screen
    instead of closing the window. Returns the exit status (0)."""
    from game.ui import session

    ctx = session.start(catalogue, seed)
    app = App(size or ctx.settings.window, ctx.seed, ctx)
    if menu:
        app.open(SceneName.MENU)
    if first is not None:
        first(app)
    if ctx.settings.fullscreen:
        app.apply_settings(ctx.settings, resize=False)
    try:
        app.run(frames, on_error=session.crashed)
        if screenshot:
            pygame.image.save(app.screen, screenshot)
            print(f"saved {screenshot}")
    finally:
        session.finish()
        pygame.quit()
    return 0
