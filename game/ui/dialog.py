"""A dialog: a framed box centred on the window, over a dark veil, holding a title, a line to
type in and a row of buttons (Cancel on the left, the main choice on the right). The save-name,
export-as-puzzle, seats and turning-point summary boxes are dialogs; each says only its size,
its words and what its buttons do."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

from game.ui.context import GOLD, panel
from game.ui.scene import Scene

VEIL = (0, 0, 0, 170)  # the dark glass over the screen below a dialog


def veil(surface: pygame.Surface, colour: tuple[int, int, int, int] = VEIL) -> None:
    """Darken the whole of ``surface`` (what stands below an overlay)."""
    glass = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    glass.fill(colour)
    surface.blit(glass, (0, 0))


def centred(size: tuple[int, int], width: int, height: int) -> pygame.Rect:
    """A ``width`` × ``height`` rectangle in the middle of a window of ``size``."""
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (size[0] // 2, size[1] // 2)
    return rect


class Dialog(Scene):
    """A box of ``size`` (unscaled pixels, kept ``margin`` pixels inside the window) over the
    screen below; :meth:`frame` draws it, :meth:`text_entry` and :meth:`cancel_and` make its
    widgets; what is typed reaches :meth:`typed`."""

    overlay = True
    size = (560, 250)
    margin: tuple[int, int | None] = (60, None)  # kept free around the box (None: no cut)
    padding = 20  # from the box's sides to its entry and buttons
    entry: pygame_gui.elements.UITextEntryLine | None = None  # the line to type in, if any
    message = ""  # what went wrong (cleared by typing)

    def box(self) -> pygame.Rect:
        width, height = self.app.size
        px = self.ctx.px
        wide, high = px(self.size[0]), px(self.size[1])
        wide = min(width - self.margin[0], wide)
        if self.margin[1] is not None:
            high = min(height - self.margin[1], high)
        return centred(self.app.size, wide, high)

    def text_entry(self, top: int, text: str, limit: int) -> pygame_gui.elements.UITextEntryLine:
        """A focused line to type in, ``top`` unscaled pixels below the box's top."""
        px, box = self.ctx.px, self.box()
        entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(box.left + self.padding, box.top + px(top),
                        box.width - 2 * self.padding, px(38)),
            manager=self.app.manager)
        entry.set_text_length_limit(limit)
        entry.set_text(text)
        entry.focus()
        self.elements.append(entry)
        self.entry = entry
        return entry

    def typed(self, text: str) -> None:
        """The line to type in now says ``text``."""

    def take_typed(self) -> None:
        """What the line says, passed to :meth:`typed` (before the dialog acts on it)."""
        if self.entry is not None and self.entry.alive():
            self.typed(self.entry.get_text())

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry \
                and self.entry is not None:
            self.typed(self.entry.get_text())
            self.message = ""

    def cancel_and(self, label: str, action: Callable[[], None], least: int = 170,
                   cancel: bool = True) -> None:
        """The bottom row: Cancel (Esc) on the left, unless ``cancel`` is false, and
        ``label`` (Enter) on the right, at least ``least`` unscaled pixels wide."""
        px, box = self.ctx.px, self.box()
        y = box.bottom - px(60)
        if cancel:
            self.button("Cancel", pygame.Rect(box.left + self.padding, y, px(150), px(44)),
                        self.app.pop, hotkey=pygame.K_ESCAPE)
        wide = self.button_width(label, pygame.K_RETURN, px(least), big=True)
        self.button(label, pygame.Rect(box.right - self.padding - wide, y, wide, px(44)),
                    action, hotkey=pygame.K_RETURN, object_id="#big_button")

    def frame(self, surface: pygame.Surface, title: str, shade: bool = True) -> pygame.Rect:
        """The veil (unless ``shade`` is false), the box and its ``title``; returns the box's
        inner rectangle."""
        if shade:
            veil(surface)
        px = self.ctx.px
        inner = panel(surface, self.box())
        self.ctx.text(surface, title, 24, (inner.left + 4, inner.top + px(4)), GOLD, "bold")
        return inner
