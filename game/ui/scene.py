"""A scene: one screen of the game (menu, play, hand-over...). The app keeps a stack of them;
the top one gets the input and is drawn over the ones below when it is an overlay."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.ui.context import Context, DrawnText, shorten

if TYPE_CHECKING:
    from game.ui.app import App


FPS = 60  # frames a second while something animates
TIMER_RATE = 10  # frames a second while a message waits to disappear (a toast, a reminder)

KEY_NAMES = {pygame.K_RETURN: "Enter", pygame.K_ESCAPE: "Esc", pygame.K_TAB: "Tab",
             pygame.K_SPACE: "Space", pygame.K_LEFT: "←", pygame.K_RIGHT: "→",
             pygame.K_UP: "↑", pygame.K_DOWN: "↓", pygame.K_HOME: "Home", pygame.K_END: "End",
             pygame.K_PAGEUP: "PgUp", pygame.K_PAGEDOWN: "PgDn", pygame.K_DELETE: "Del"}


BUTTON_PADDING = 14  # pixels of a button's width its label may not use


def key_name(key: int) -> str:
    """How a hotkey is written on its button."""
    return KEY_NAMES.get(key, pygame.key.name(key).upper())


class Scene:
    """Override :meth:`build` (create widgets for the current window size), :meth:`draw`
    (read-only: drawing never changes the game) and, as needed, :meth:`handle_event` and
    :meth:`update`."""

    overlay = False  # drawn over the scene below it
    # the engine's ids into names, for what this scene draws (game.ui.words.Words)
    words: Callable[[str], str] | None = None

    def __init__(self, app: App) -> None:
        self.app = app
        self.ctx: Context = app.ctx
        self.elements: list[pygame_gui.core.UIElement] = []
        self.actions: dict[pygame_gui.core.UIElement, Callable[[], None]] = {}
        self.hotkeys: dict[int, Callable[[], None]] = {}
        self.full_labels: dict[pygame_gui.core.UIElement, str] = {}  # buttons' full labels
        # each button's making (see reuse_buttons), and those a rebuild may take again
        self._button_keys: dict[pygame_gui.core.UIElement, tuple[object, ...]] = {}
        self._spare: dict[tuple[object, ...], list[pygame_gui.elements.UIButton]] = {}
        self.name = type(self).__name__

    # --- the stack ---------------------------------------------------------------------

    def enter(self) -> None:
        self.rebuild()

    def leave(self) -> None:
        self.clear_widgets()

    def resume(self) -> None:
        """The scene above was popped."""
        self.rebuild()

    def pause(self) -> None:
        """A scene was pushed above this one."""
        self.clear_widgets()

    # --- widgets -----------------------------------------------------------------------

    # a rebuild keeps the buttons that come back the same (label, place, tooltip, look,
    # enabled) instead of making them anew: pygame-gui renders a new button's text on its
    # first update, a cost each click would pay for every button of a busy panel
    reuse_buttons = False

    def rebuild(self) -> None:
        spare: dict[tuple[object, ...], list[pygame_gui.elements.UIButton]] = {}
        if self.reuse_buttons:
            for element in self.elements:
                key = self._button_keys.get(element)
                if key is not None and element.alive():
                    spare.setdefault(key, []).append(element)
            kept = {id(b) for buttons in spare.values() for b in buttons}
            self.elements = [e for e in self.elements if id(e) not in kept]
        self.clear_widgets()
        self._spare = spare
        try:
            self.build()
        finally:
            for buttons in self._spare.values():
                for button in buttons:
                    button.kill()
            self._spare = {}
        self.app.dirty = True

    def build(self) -> None:
        """Create this scene's widgets for the current window size."""

    def clear_widgets(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements.clear()
        self.actions.clear()
        self.hotkeys.clear()
        self.full_labels.clear()
        self._button_keys.clear()

    def button_width(self, text: str, hotkey: int | None = None, least: int = 0,
                     big: bool = False) -> int:
        """The width a button needs for its whole label (with its hotkey), in the theme's
        button font at the window's size; at least ``least``."""
        label = self.words(text) if self.words is not None else text
        if hotkey is not None:
            label = f"{label} [{key_name(hotkey)}]"
        font = self.ctx.assets.font(int((20 if big else 15) * self.ctx.scale), "bold")
        return max(least, font.size(label)[0] + BUTTON_PADDING + self.ctx.px(8))

    def button(self, text: str, rect: pygame.Rect, action: Callable[[], None],
               hotkey: int | None = None, tooltip: str = "", enabled: bool = True,
               object_id: str = "") -> pygame_gui.elements.UIButton:
        """A themed button; its hotkey is shown on it and works from the keyboard."""
        label = self.words(text) if self.words is not None else text
        if hotkey is not None:
            label = f"{label} [{key_name(hotkey)}]"
        full = label
        # a label too long for its button is shortened at a word's end, never clipped by
        # the widget; its full words go first in the tooltip
        size = 20 if object_id == "#big_button" else 15
        font = self.ctx.assets.font(int(size * self.ctx.scale), "bold")
        room = rect.width - BUTTON_PADDING
        cut = False
        if font.size(label)[0] > room:
            suffix = f" [{key_name(hotkey)}]" if hotkey is not None else ""
            words = self.words(text) if self.words is not None else text
            short, cut = shorten(font, words, room - font.size(suffix)[0])
            label = short + suffix
            tooltip = full + (f": {tooltip}" if tooltip else "")
        key = (label, tuple(rect), tooltip, object_id, enabled)
        spare = self._spare.get(key)
        if spare:
            button = spare.pop()
            button.unselect()
        else:
            button = pygame_gui.elements.UIButton(
                rect, label, manager=self.app.manager, tool_tip_text=tooltip or None,
                object_id=pygame_gui.core.ObjectID(object_id=object_id or None,
                                                   class_id="@game_button"))
            if not enabled:
                button.disable()
        self._button_keys[button] = key
        self.elements.append(button)
        self.full_labels[button] = full
        if self.ctx.record is not None:
            self.ctx.record.append(DrawnText(label, pygame.Rect(rect), pygame.Rect(rect), cut,
                                             self.ctx.layer, full if label != full else "",
                                             True, "bold"))
        if enabled:
            self.actions[button] = action
            if hotkey is not None:
                self.hotkeys[hotkey] = action
        if self.ctx.drawn is not None:
            self.ctx.drawn.append(label)
        return button

    # --- the loop ----------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.actions:
            self.actions[event.ui_element]()
        elif event.type == pygame.KEYDOWN and event.key in self.hotkeys and not (
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
            self.hotkeys[event.key]()
        else:
            self.on_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        """Input the widgets did not take."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def frame_rate(self) -> float:
        """Frames a second this scene needs with no input: 0 (the default) when nothing on it
        changes by itself; :data:`FPS` while an animation plays, the computer
        thinks or a timer runs. The window sleeps when every part of it asks for 0."""
        return 0.0

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene (never changes the game)."""

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        """What may be clicked now, named, for the fuzzer and the end-to-end tests."""
        return [(self.full_labels.get(b, getattr(b, "text", "")), b.rect) for b in self.actions
                if b.alive() and b.is_enabled]

    def find_clickable(self, name: str, prefix: bool = False) -> pygame.Rect | None:
        """Where the clickable labelled ``name`` is (its hotkey and marker aside), as given
        or with its ids put into names as this scene draws them; with ``prefix``, the first
        whose label starts so. None when there is none."""
        wanted = [name] if self.words is None else [name, self.words(name)]
        for each in wanted:
            for text, rect in self.clickables():
                label = base_label(text)
                if label.startswith(each) if prefix else label == each:
                    return rect
        return None


# the mark on the button of the option picked on the way to the choice now (a glyph every
# font of the game draws)
MARK = "• "


def base_label(label: str) -> str:
    """A button's label without its hotkey suffix and its marker (``"Move [M]"`` ->
    ``"Move"``)."""
    if label.endswith("]") and " [" in label:
        label = label[:label.rindex(" [")]
    return label.removeprefix(MARK)


def dropdown_clickables(drops: dict[tuple[str, int], pygame_gui.elements.UIDropDownMenu]
                        ) -> list[tuple[str, pygame.Rect]]:
    """Each drop-down list as a clickable ("seat 1"...) and, while one is open, its items
    ("seat 1: the computer, easy"...), for the fuzzer and the tests."""
    out: list[tuple[str, pygame.Rect]] = []
    for (kind, player), drop in drops.items():
        if not drop.alive():
            continue
        out.append((f"{kind} {player}", drop.rect))
        listing = getattr(drop.current_state, "options_selection_list", None)
        if listing is not None and listing.alive():
            for item in listing.item_list:
                button = item.get("button_element")
                if button is not None and button.alive():
                    out.append((f"{kind} {player}: {item['text']}", button.rect))
    return out
