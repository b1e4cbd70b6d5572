"""Small helpers over pygame-gui widgets that several screens share: text shortened to fit at
a word, labels whose text is recorded like drawn text (``ctx.drawn``), what part of a scrolling
container is on screen, and boxes that scroll whatever is drawn into them when it is taller
than they are."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.context import GOLD, INK

if TYPE_CHECKING:
    from game.ui.context import Context
    from game.ui.scene import Scene


def fit_text(ctx: Context, text: str, size: int, width: int, style: str = "regular") -> str:
    """``text`` as it fits ``width`` pixels at ``size`` (px at 1280 x 800): whole, or cut at
    a word with an ellipsis (at a character only when its first word is too wide)."""
    font = ctx.assets.font(ctx.px(size), style)
    if font.size(text)[0] <= width:
        return text
    words = text.split()
    while len(words) > 1 and font.size(" ".join(words) + "…")[0] > width:
        words.pop()
    out = " ".join(words)
    while out and font.size(out + "…")[0] > width:
        out = out[:-1]
    return out.rstrip(" ,;:") + "…"


def label(scene: Scene, text: str, rect: pygame.Rect, object_id: str,
          container: pygame_gui.core.interfaces.IContainerLikeInterface | None = None
          ) -> pygame_gui.elements.UILabel:
    """A themed label of ``scene`` (``object_id`` names its theme block: font, colour,
    alignment); its text is recorded in ``ctx.drawn`` like drawn text."""
    element = pygame_gui.elements.UILabel(
        rect, text, manager=scene.app.manager, container=container,
        object_id=pygame_gui.core.ObjectID(object_id=object_id, class_id="@game_label"))
    scene.elements.append(element)
    if scene.ctx.drawn is not None:
        scene.ctx.drawn.append(text)
    return element


def visible_part(scroller: pygame_gui.elements.UIScrollingContainer) -> pygame.Rect:
    """The screen rectangle in which ``scroller`` shows its contents (its scroll bar, when it
    has one, at the right of it)."""
    view = scroller.rect.copy()
    bar = scroller.vert_scroll_bar
    if bar is not None:
        view.width = max(0, bar.rect.left - view.left)
    return view


class ScrollBox:
    """Whatever a painter draws into a box, scrolled when it is taller than the box (the mouse
    wheel over it, or a click or drag on its bar at the right), instead of being cut or
    shrunk. :meth:`paint` each frame with the painter; :meth:`on_event` with the scene's
    input. What fits is drawn straight onto the screen (and measured by the layout audit);
    what scrolls is drawn off screen and shown in part (recorded in ``ctx.drawn``, not
    measured against its box)."""

    WHEEL_LINES = 3  # lines a turn of the wheel scrolls
    PAGE_LIMIT = 8192  # the tallest page drawn off screen, in pixels

    def __init__(self) -> None:
        self.offset = 0  # pixels scrolled from the top
        self.rect = pygame.Rect(0, 0, 0, 0)  # the box last drawn into
        self.height = 0  # the whole content's height (0: it fits, no scrolling)
        self.line = 1  # a line's height
        self.key: tuple[object, ...] = ()
        self.dragging = False

    @property
    def bar_width(self) -> int:
        """The scroll bar's width: a third of a line (6 px at the least)."""
        return max(6, self.line // 3)

    @property
    def bar(self) -> pygame.Rect:
        """The scroll bar's track (empty when the content fits)."""
        if not self.height:
            return pygame.Rect(self.rect.right, self.rect.top, 0, 0)
        width = self.bar_width
        return pygame.Rect(self.rect.right - width, self.rect.top, width, self.rect.height)

    @property
    def max_offset(self) -> int:
        return max(0, self.height - self.rect.height) if self.height else 0

    def scroll(self, pixels: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + pixels))

    def paint(self, ctx: Context, surface: pygame.Surface, rect: pygame.Rect,
              painter: Callable[[pygame.Surface, pygame.Rect], int], line: int,
              key: tuple[object, ...] = ()) -> int:
        """Draw what ``painter(surface, rect)`` draws (it returns the height it used) into
        ``rect``, scrolled; ``line`` is the height a wheel step counts, ``key`` what the
        content is (another key: back to its top). Returns the height used."""
        self.line = max(1, line)
        key = (*key, rect.size)
        if key != self.key:  # another content or box: from its top
            self.key, self.offset = key, 0
        self.rect = rect.copy()
        # measured first by drawing onto a one-pixel surface (nothing recorded)
        record, drawn, ctx.record, ctx.drawn = ctx.record, ctx.drawn, None, None
        try:
            needed = painter(pygame.Surface((1, 1), pygame.SRCALPHA),
                             pygame.Rect(0, 0, rect.width, 1 << 16))
        finally:
            ctx.record, ctx.drawn = record, drawn
        if needed <= rect.height:
            self.height = 0
            return painter(surface, rect)
        gap = self.bar_width + ctx.px(6)  # it scrolls: the content leaves room for its bar
        inner = pygame.Rect(0, 0, rect.width - gap, 1 << 16)
        # drawn off screen, then shown in part: not measured by the audit
        ctx.record, ctx.drawn = None, None
        try:
            self.height = min(self.PAGE_LIMIT, painter(pygame.Surface((1, 1)), inner))
            inner.height = max(1, self.height)
            page = pygame.Surface(inner.size, pygame.SRCALPHA)
            ctx.drawn = drawn
            painter(page, inner)
        finally:
            ctx.record, ctx.drawn = record, drawn
        self.scroll(0)
        surface.blit(page, rect.topleft, pygame.Rect(0, self.offset, inner.width, rect.height))
        track = self.bar
        pygame.draw.rect(surface, (40, 42, 48), track, border_radius=track.width // 2)
        thumb = track.copy()
        thumb.height = self._thumb_height()
        thumb.top = track.top + (track.height - thumb.height) * self.offset // max(
            1, self.max_offset)
        pygame.draw.rect(surface, GOLD, thumb, border_radius=track.width // 2)
        return rect.height

    def on_event(self, event: pygame.event.Event) -> bool:
        """Scroll on the wheel over the box or a click or drag on the bar; whether the event
        was taken."""
        if not self.height:
            return False
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll(-event.y * self.WHEEL_LINES * self.line)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.bar.inflate(self.line // 2, 0).collidepoint(event.pos):
            self.dragging = True
            self._follow(event.pos[1])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._follow(event.pos[1])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def _thumb_height(self) -> int:
        track = self.bar
        return min(track.height, max(track.width * 2,
                                     track.height * self.rect.height // max(1, self.height)))

    def _follow(self, y: int) -> None:
        """The bar dragged or clicked at ``y``: its thumb centred there (within the bar)."""
        thumb = self._thumb_height()
        share = (y - self.rect.top - thumb / 2) / max(1, self.rect.height - thumb)
        self.offset = round(max(0.0, min(1.0, share)) * self.max_offset)


class ScrollText(ScrollBox):
    """A wrapped text in a box that scrolls when it is taller than the box (a
    :class:`ScrollBox` whose painter wraps the text)."""

    def draw(self, ctx: Context, surface: pygame.Surface, text: str, size: int,
             rect: pygame.Rect, colour: tuple[int, int, int] = INK) -> int:
        """Draw ``text`` wrapped into ``rect``, scrolled; returns the height used."""
        def painter(page: pygame.Surface, box: pygame.Rect) -> int:
            return ctx.wrapped(page, text, size, box, colour)

        return self.paint(ctx, surface, rect, painter,
                          ctx.assets.font(ctx.px(size)).get_linesize(), (text, size))
