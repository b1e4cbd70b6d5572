"""The game log: our own small widget (pygame-gui's text box slows down as lines are added).
Each line is rendered once, when it arrives; a frame blits only the visible ones."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui.context import DIM, INK, Context


class GameLog:
    def __init__(self, ctx: Context, size: int = 13) -> None:
        self.ctx = ctx
        self.words: Callable[[str], str] | None = None  # the engine's ids into names
        self.size = size
        self.lines: list[tuple[str, pygame.Surface]] = []
        self.scroll = 0  # lines scrolled up from the newest
        self.width = 0

    def set_width(self, width: int) -> None:
        if width != self.width:
            self.width = width
            texts = [t for t, _ in self.lines]
            self.lines = []
            for text in texts:
                self.add(text)

    def add(self, text: str) -> None:
        if self.words is not None:
            text = self.words(text)
        font = self.ctx.assets.font(self.ctx.px(self.size))
        colour = INK if not text.startswith("---") else (214, 178, 92)
        words, line = text.split(), ""
        for word in words:
            trial = f"{line} {word}".strip()
            if self.width and font.size(trial)[0] > self.width and line:
                self.lines.append((line, font.render(line, True, colour)))
                line = "   " + word
            else:
                line = trial
        if line:
            self.lines.append((line, font.render(line, True, colour)))
        if self.ctx.drawn is not None:
            self.ctx.drawn.append(text)

    def on_wheel(self, dy: int) -> None:
        self.scroll = max(0, min(max(0, len(self.lines) - 3), self.scroll + dy * 3))

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self.set_width(rect.width)
        height = self.ctx.assets.font(self.ctx.px(self.size)).get_linesize()
        visible = max(1, rect.height // height)
        bottom = rect.bottom
        if self.scroll and visible > 1:  # the last row tells how many newer lines are below
            visible -= 1
            bottom -= height
        end = len(self.lines) - self.scroll
        start = max(0, end - visible)
        y = bottom - (end - start) * height
        clip = surface.get_clip()
        surface.set_clip(rect)
        for _, image in self.lines[start:end]:
            surface.blit(image, (rect.left, y))
            y += height
        surface.set_clip(clip)
        if self.scroll:
            self.ctx.text(surface, f"↓ {self.scroll} newer", 13, rect.bottomright, DIM,
                          anchor="bottomright")
