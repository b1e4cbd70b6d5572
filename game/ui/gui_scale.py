"""pygame-gui's fixed pixel sizes grown with the text, installed once by ``game.ui.app``.

pygame-gui (0.6.x) takes its widgets' fonts from the theme (which ``game.ui.app.theme`` grows
with the window), but a few sizes are written into its code: the vertical scroll bar of a text
box, a selection list (a drop-down's open list too) and a scrolling container is 20 px wide,
and the scroll bar's arrow buttons are 20 px tall. At 3840 x 2160, where the text is 2.7 times
its size at 1280 x 800, they would stay a sliver beside it.

Here those attributes become :class:`Grown` descriptors: a size pygame-gui sets (20, or 0
for "no bar") is stored multiplied by the scale of the manager the widget belongs to (kept
by :func:`manager`), never below what pygame-gui asked. Nothing else of pygame-gui changes.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame_gui
from pygame_gui.elements import (
    UIScrollingContainer,
    UISelectionList,
    UITextBox,
    UIVerticalScrollBar,
)

BAR = 20  # pygame-gui's own width of a vertical scroll bar (and height of its arrows)
SCALE = "_grown_scale"  # the attribute of a manager holding the scale its widgets grow by


class Grown:
    """A pixel size of a pygame-gui widget, grown by its manager's scale when set."""

    def __init__(self, name: str) -> None:
        self.slot = "_grown_" + name

    def __get__(self, widget: Any, owner: type | None = None) -> Any:
        if widget is None:
            return self
        return widget.__dict__.get(self.slot, 0)

    def __set__(self, widget: Any, value: int) -> None:
        manager = getattr(widget, "ui_manager", None)
        scale = getattr(manager, SCALE, 1.0)
        widget.__dict__[self.slot] = max(value, round(value * scale))


# each class and the attribute holding its fixed size
GROWN = ((UITextBox, "scroll_bar_width"), (UISelectionList, "scroll_bar_width"),
         (UIScrollingContainer, "scroll_bar_width"), (UIVerticalScrollBar, "button_height"))


def install() -> None:
    """Make the fixed sizes grow (idempotent)."""
    for cls, name in GROWN:
        if not isinstance(cls.__dict__.get(name), Grown):
            setattr(cls, name, Grown(name))


def manager(size: tuple[int, int], theme: dict[str, object] | str | Path | None,
            scale: float) -> pygame_gui.UIManager:
    """A UI manager whose widgets' scroll bars grow by ``scale`` (at least 1)."""
    made = pygame_gui.UIManager(size, theme)
    setattr(made, SCALE, max(1.0, scale))
    return made


def bar_width(made: object) -> int:
    """The width of a vertical scroll bar among ``made``'s widgets."""
    return max(BAR, round(BAR * getattr(made, SCALE, 1.0)))
