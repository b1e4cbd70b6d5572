"""Small helpers over pygame-gui widgets that several screens share: text shortened to fit at
a word, labels whose text is recorded like drawn text (``ctx.drawn``), and what part of a
scrolling container is on screen."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

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
