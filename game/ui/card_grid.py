"""The card library's grid as a pygame-gui scrolling container: each card (and each section's
heading) is a picture (``UIImage``) placed in the container, rendered the first time it comes
into view and kept (a card's art is drawn once, not every frame). The container scrolls (wheel,
its scroll bar, :meth:`CardGrid.scroll_to`); the grid lights the card under the mouse and
tells which cards are on screen, and the texts drawn on them (for ``ctx.drawn``).

The scene gives the layout (content coordinates) and two painters: ``paint(item, size,
hover)`` returns a picture and the strings written on it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.ui.widgets import visible_part

if TYPE_CHECKING:
    from game.ui.scene import Scene

# (what, item, rectangle in content coordinates); what is "head" or "card"
Content = list[tuple[str, Any, pygame.Rect]]
Painter = Callable[[str, Any, tuple[int, int], bool], tuple[pygame.Surface, list[str]]]
AHEAD = 1.0  # pictures are placed this many screens above and below the view
WHEEL_SPEED = 90.0  # pygame-gui's scroll bar speed for the wheel (its default is 40)


class CardGrid:
    """The scrolling grid of ``content`` in ``rect`` (screen), for ``scene``."""

    def __init__(self, scene: Scene, rect: pygame.Rect, content: Content, height: int,
                 width: int, paint: Painter) -> None:
        self.scene = scene
        self.content = content
        self.height = height
        self.paint = paint
        manager = scene.app.manager
        self.container = pygame_gui.elements.UIScrollingContainer(
            rect, manager=manager, allow_scroll_x=False, object_id="#card_grid")
        scene.elements.append(self.container)
        self.container.set_scrollable_area_dimensions((width, max(height, 1)))
        bar = self.container.vert_scroll_bar
        if bar is not None:  # a turn of the wheel: about a fifth of a card, not a line
            bar.scroll_wheel_speed = WHEEL_SPEED
        self.tiles: dict[int, pygame_gui.elements.UIImage] = {}
        self.hovered: int | None = None
        self.offset = 0  # pixels scrolled, as last set or seen
        self._seen = self._bar_share()
        self.place()

    # --- scrolling ---------------------------------------------------------------------

    @property
    def max_scroll(self) -> int:
        return max(0, self.height - self.container.rect.height)

    def _bar_share(self) -> float:
        bar = self.container.vert_scroll_bar
        return bar.start_percentage if bar is not None else 0.0

    def scroll_to(self, offset: int) -> None:
        """Show the grid from ``offset`` pixels down (kept within the grid)."""
        self.offset = max(0, min(self.max_scroll, offset))
        bar = self.container.vert_scroll_bar
        if bar is not None and self.height > 0:
            bar.set_scroll_from_start_percentage(self.offset / self.height)
            # the container moves its contents in its update: move them now too
            self.container.scrollable_container.set_relative_position(
                (0, -int(bar.start_percentage * self.height)))
            self._seen = bar.start_percentage
        self.place()

    def shifted(self) -> int:
        """How far the container has moved its contents up, in pixels."""
        return -self.container.scrollable_container.relative_rect.top

    def update(self) -> None:
        """After the widgets' update: follow a scroll made with the wheel or the bar."""
        share = self._bar_share()
        if share != self._seen:
            self._seen = share
            self.offset = max(0, min(self.max_scroll, self.shifted()))
            self.place()
            self.scene.app.dirty = True

    # --- the pictures ------------------------------------------------------------------

    def view(self) -> pygame.Rect:
        """The screen rectangle the cards are seen in (left of the scroll bar)."""
        return visible_part(self.container)

    def screen_rect(self, rect: pygame.Rect) -> pygame.Rect:
        """``rect`` (content coordinates) on screen now."""
        return rect.move(self.container.rect.left, self.container.rect.top - self.shifted())

    def place(self) -> None:
        """Pictures for what is in view (and a screen around it); none for the rest."""
        margin = int(self.container.rect.height * AHEAD)
        top, bottom = self.offset - margin, self.offset + self.container.rect.height + margin
        inside = self.container.get_container()
        for index, (what, item, rect) in enumerate(self.content):
            near = rect.bottom >= top and rect.top <= bottom
            tile = self.tiles.get(index)
            if near and tile is None:
                image, _ = self.paint(what, item, rect.size, index == self.hovered)
                self.tiles[index] = pygame_gui.elements.UIImage(
                    rect, image, manager=self.scene.app.manager, container=inside)
            elif not near and tile is not None:
                tile.kill()
                del self.tiles[index]

    def hover(self, pos: tuple[int, int] | None) -> None:
        """Light the card under ``pos`` (None: no card)."""
        index = self.card_index_at(pos) if pos is not None else None
        if index == self.hovered:
            return
        for old_or_new, lit in ((self.hovered, False), (index, True)):
            if old_or_new is not None and old_or_new in self.tiles:
                what, item, rect = self.content[old_or_new]
                self.tiles[old_or_new].set_image(self.paint(what, item, rect.size, lit)[0])
        self.hovered = index
        self.scene.app.dirty = True

    def card_index_at(self, pos: tuple[int, int]) -> int | None:
        if not self.view().collidepoint(pos):
            return None
        for index, (what, _, rect) in enumerate(self.content):
            if what == "card" and self.screen_rect(rect).collidepoint(pos):
                return index
        return None

    def card_at(self, pos: tuple[int, int]) -> Any:
        """The card under ``pos`` on screen, or None."""
        index = self.card_index_at(pos)
        return None if index is None else self.content[index][1]

    def visible_cards(self, least: int) -> list[tuple[Any, pygame.Rect]]:
        """The cards on screen with at least ``least`` pixels of height showing, with the
        part of them that shows."""
        view = self.view()
        out = []
        for what, item, rect in self.content:
            if what == "card":
                shown = self.screen_rect(rect).clip(view)
                if shown.height > least:
                    out.append((item, shown))
        return out

    def visible_strings(self) -> list[str]:
        """The texts written on the pictures in view, in the grid's order."""
        view = self.view()
        out: list[str] = []
        for index, (what, item, rect) in enumerate(self.content):
            if self.screen_rect(rect).colliderect(view):
                out += self.paint(what, item, rect.size, index == self.hovered)[1]
        return out
