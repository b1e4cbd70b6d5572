"""Layers of a screen drawn once and reused while what they show has not changed: the play
screen keeps its board, tokens, highlights and side panels as one picture per state (keyed by
everything they are drawn from) and draws over it each frame only what moves (the hover, the
dice, the preview, banners, messages). A frame that shows another picture than the last one
copies it whole; one that shows the same picture again puts back only the places the last
frame drew over it (``python main.py --bench-frames 200 --size 3840 2160`` measures the
first kind: its mouse switches between move and attack every frame).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

import pygame

from game.ui.context import Context

KEEP = 2  # pictures kept: the position in the two modes a player switches between most


class LayerCache:
    """Pictures of the window's size by key, the newest :data:`KEEP` of them."""

    def __init__(self, keep: int = KEEP) -> None:
        self.keep = keep
        self._layers: OrderedDict[Hashable, tuple[pygame.Surface, list[tuple[pygame.Rect, str]],
                                                  object]] = OrderedDict()
        self.painted = 0  # pictures drawn afresh (the tests count them)
        # the picture on the window after the last frame, that frame's number and the
        # places it drew over the picture (None: put the whole picture back)
        self._shown: tuple[Hashable, int] | None = None
        self._over: list[pygame.Rect] | None = None

    def clear(self) -> None:
        self._layers.clear()
        self._shown = self._over = None

    def drawn_over(self, areas: list[pygame.Rect]) -> None:
        """What this frame drew over the picture: the next frame puts back only those places
        when it shows the same picture right after this one."""
        if self._shown is not None:
            self._over = [a.copy() for a in areas]

    def draw(self, ctx: Context, surface: pygame.Surface, key: Hashable,
             paint: Callable[[pygame.Surface], object],
             restore: Callable[[object], None] | None = None,
             frame: int | None = None) -> None:
        """Put the picture of ``key`` on ``surface``: the one kept, or ``paint``-ed afresh
        (``paint`` draws it and returns what it noted while drawing, which ``restore`` puts
        back when the picture is reused). ``frame``: the app's frame number when nothing
        but the picture's owner draws on ``surface``; then, right after a frame that showed
        the same picture, only the places that frame drew over (:meth:`drawn_over`) are put
        back. While texts are recorded (tests, the layout audit) everything is drawn
        afresh, straight onto ``surface``."""
        shown, over = self._shown, self._over
        self._shown = self._over = None
        if ctx.record is not None or ctx.drawn is not None:
            paint(surface)
            return
        key = (surface.get_size(), key)
        if frame is not None and shown == (key, frame - 1) and over is not None and \
                key in self._layers:
            # the window shows this picture as the last frame left it: put back only what
            # that frame drew over it
            found = self._layers[key]
            self._layers.move_to_end(key)
            ctx.shortened.extend(found[1])
            if restore is not None:
                restore(found[2])
            bounds = surface.get_rect()
            surface.blits([(found[0], area, area) for area in
                           (a.clip(bounds) for a in over) if area.width and area.height],
                          doreturn=False)
            self._shown = (key, frame)
            return
        found = self._layers.get(key)
        if found is None:
            layer = pygame.Surface(surface.get_size())
            if pygame.display.get_surface() is not None:
                layer = layer.convert()
            before = len(ctx.shortened)
            noted = paint(layer)
            found = (layer, ctx.shortened[before:], noted)
            self._layers[key] = found
            self.painted += 1
            while len(self._layers) > self.keep:
                self._layers.popitem(last=False)
        else:
            self._layers.move_to_end(key)
            ctx.shortened.extend(found[1])
            if restore is not None:
                restore(found[2])
        surface.blit(found[0], (0, 0))
        if frame is not None:
            self._shown = (key, frame)
