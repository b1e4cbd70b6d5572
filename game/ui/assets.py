"""Images, icons and fonts from ``assets/ui/``, loaded once and cached per size.

A missing file never stops the game: a plain placeholder of the asked size is drawn instead
and the problem is listed in :attr:`Assets.missing` (a test keeps that list empty).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.content.loader import content_root

FONT_FILES = {"regular": "DejaVuSans.ttf", "bold": "DejaVuSans-Bold.ttf",
              "condensed": "DejaVuSansCondensed-Bold.ttf"}
MIN_TEXT_PX = 13  # no text smaller than this at 1280 x 800


# PNG files as decoded, by path, shared by every Assets of the process (a screen drawn
# headless, the visualizer's pictures and the tests make many): decoding is the costly part
_DECODED: dict[tuple[str, int, int], pygame.Surface] = {}


def _decoded(path: Path) -> pygame.Surface:
    """The picture at ``path`` as pygame decodes it, decoded once per process and version
    of the file (its size and time of change). Raises ``pygame.error`` or ``OSError`` when
    it cannot be read. Callers must not draw on it."""
    info = path.stat()
    key = (str(path), info.st_mtime_ns, info.st_size)
    found = _DECODED.get(key)
    if found is None:
        found = _DECODED[key] = pygame.image.load(key[0])
    return found


def ui_folder() -> Path:
    return content_root() / "assets" / "ui"


class Assets:
    """Loads and caches what the screens draw."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or ui_folder()
        self.missing: list[str] = []
        self._images: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface] = {}
        self._icons: dict[tuple[str, int, tuple[int, int, int]], pygame.Surface] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def image(self, name: str) -> pygame.Surface:
        """``assets/ui/NAME`` as loaded (a magenta placeholder if it is missing)."""
        found = self._images.get(name)
        if found is None:
            path = self.folder / name
            try:
                found = _decoded(path)
                if pygame.display.get_surface() is not None:
                    found = found.convert_alpha()
            except (OSError, pygame.error, FileNotFoundError):
                self.missing.append(name)
                found = pygame.Surface((64, 64), pygame.SRCALPHA)
                found.fill((90, 90, 90, 255))
            self._images[name] = found
        return found

    def scaled(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        key = (name, max(1, size[0]), max(1, size[1]))
        found = self._scaled.get(key)
        if found is None:
            found = pygame.transform.smoothscale(self.image(name), key[1:])
            self._scaled[key] = found
        return found

    def icon(self, name: str, size: int, colour: tuple[int, int, int] = (235, 230, 215)
             ) -> pygame.Surface:
        """The game-icons.net icon ``NAME`` (``assets/ui/icons/NAME.svg``), tinted, at
        ``size`` pixels."""
        size = max(4, size)
        key = (name, size, colour)
        found = self._icons.get(key)
        if found is None:
            path = self.folder / "icons" / f"{name}.svg"
            try:
                base = pygame.image.load_sized_svg(str(path), (size, size))
            except (OSError, pygame.error, FileNotFoundError, AttributeError):
                self.missing.append(f"icons/{name}.svg")
                base = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.circle(base, (255, 255, 255), (size // 2, size // 2), size // 3)
            found = base.copy()
            found.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._icons[key] = found
        return found

    def font(self, size: int, style: str = "regular") -> pygame.font.Font:
        size = max(MIN_TEXT_PX, size)
        key = (style, size)
        found = self._fonts.get(key)
        if found is None:
            path = self.folder / "fonts" / FONT_FILES.get(style, FONT_FILES["regular"])
            try:
                found = pygame.font.Font(str(path), size)
            except (OSError, FileNotFoundError):
                self.missing.append(f"fonts/{path.name}")
                found = pygame.font.Font(None, size + 4)
            self._fonts[key] = found
        return found
