"""What every scene is given: the content, the assets, the window's size and the settings of
this run. No globals: the app passes one :class:`Context` down."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from game.engine.defs import Catalogue
from game.ui.assets import Assets

# Okabe-Ito colours: any two of them stay apart for colour-blind eyes
PALETTE = {"Blue": (0, 114, 178), "Orange": (230, 159, 0), "Vermillion": (213, 94, 0),
           "Bluish green": (0, 158, 115), "Sky blue": (86, 180, 233),
           "Reddish purple": (204, 121, 167), "Yellow": (240, 228, 66)}
PLAYER_COLOURS = {1: PALETTE["Blue"], 2: PALETTE["Orange"]}


def lighter(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour
    return (min(255, r + 80), min(255, g + 70), min(255, b + 60))
INK = (236, 230, 214)
DIM = (160, 156, 146)
PANEL = (24, 26, 30)
PANEL_EDGE = (92, 84, 60)
GOLD = (214, 178, 92)
RED = (210, 60, 50)
GREEN = (90, 190, 110)


@dataclass
class Settings:
    hex_labels: bool = True
    animation_speed: float = 1.0  # 0: animations off


@dataclass
class Context:
    catalogue: Catalogue
    assets: Assets
    seed: int = 0
    settings: Settings = field(default_factory=Settings)
    names: dict[int, str] = field(default_factory=lambda: {1: "Player 1", 2: "Player 2"})
    colours: dict[int, tuple[int, int, int]] = field(
        default_factory=lambda: dict(PLAYER_COLOURS))
    # every string drawn, when a test records them (None: not recording)
    drawn: list[str] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    scale: float = 1.0  # text and panels grow with the window (1 at 1280 x 800)

    def set_window(self, size: tuple[int, int]) -> None:
        self.scale = max(1.0, min(size[0] / 1280, size[1] / 800))

    def px(self, value: int) -> int:
        """``value`` pixels at 1280 x 800, at the window's size now."""
        return int(value * self.scale)

    def text(self, surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
             colour: tuple[int, int, int] = INK, style: str = "regular",
             anchor: str = "topleft", width: int = 0) -> pygame.Rect:
        """Draw ``text``; with ``width`` it is shortened with an ellipsis to fit. Returns the
        rectangle drawn (recorded when :attr:`drawn` is set)."""
        font = self.assets.font(self.px(size), style)
        if width and font.size(text)[0] > width:
            while text and font.size(text + "…")[0] > width:
                text = text[:-1]
            text += "…"
        image = font.render(text, True, colour)
        rect = image.get_rect(**{anchor: pos})
        surface.blit(image, rect)
        if self.drawn is not None:
            self.drawn.append(text)
        return rect

    def wrapped(self, surface: pygame.Surface, text: str, size: int, rect: pygame.Rect,
                colour: tuple[int, int, int] = INK, style: str = "regular") -> int:
        """Draw ``text`` wrapped into ``rect``; returns the height used."""
        font = self.assets.font(self.px(size), style)
        y = rect.top
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= rect.width or not line:
                    line = trial
                else:
                    if y + font.get_linesize() > rect.bottom:
                        return y - rect.top
                    self.text(surface, line, size, (rect.left, y), colour, style)
                    y += font.get_linesize()
                    line = word
            if line:
                if y + font.get_linesize() > rect.bottom:
                    return y - rect.top
                self.text(surface, line, size, (rect.left, y), colour, style)
                y += font.get_linesize()
        return y - rect.top


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str = "",
          ctx: Context | None = None) -> pygame.Rect:
    """A dark framed panel; returns the inner rectangle below its title."""
    pygame.draw.rect(surface, PANEL, rect, border_radius=6)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=6)
    inner = rect.inflate(-16, -12)
    if title and ctx is not None:
        ctx.text(surface, title.upper(), 13, (inner.left, inner.top), GOLD, "condensed")
        inner.top += ctx.px(20)
        inner.height -= ctx.px(20)
    return inner
