"""The application shell: the window, the scene stack and the one loop (events -> the top
scene -> update -> draw, over one pygame-gui manager) that the game, the tutorial, the
visualizer, the headless ``--frames``/``--screenshot`` runs, the fuzzer and the benchmarks all
run.

The window rests: a frame is drawn only when something changed. Input wakes it and keeps it
drawing for :data:`GRACE` seconds (at :data:`FPS` while the widgets' scrolling glides, then at
:data:`GRACE_RATE` frames a second for their delayed tooltips); a scene that animates asks for
frames through :meth:`Scene.frame_rate` (60 a second while an animation plays, the computer
thinks or a timer runs); a focused text field blinks its caret at :data:`CARET_RATE`.
Otherwise the loop sleeps, looking at the input queue 60 times a second (under 1 % of a core).

Under ``SDL_VIDEODRIVER=dummy`` the same loop runs headless. Without an ``on_error`` handler
an error stops the program and shows its traceback, so the fuzzer and the tests see it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.content import load_catalogue
from game.ui import gui_scale
from game.ui.assets import Assets, ui_folder
from game.ui.context import Context, Settings
from game.ui.gui_ids import install as install_gui_ids
from game.ui.registry import SceneName, is_scene, make_scene
from game.ui.scene import FPS, Scene

install_gui_ids()  # pygame-gui's theme-id look-up without its costly key
gui_scale.install()  # its scroll bars grow with the text

TITLE = "Warhammer 40,000: Fireteam"
# keys that still reach the scene while a text field has focus: Esc and Enter (leave or
# finish the field), and the keys that edit nothing in a one-line field but move through a
# list beside it (the rules help's and the card library's results)
TYPING_PASSES = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
                 pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 700)
GRACE = 1.5  # seconds of frames after an input (hover tooltips appear after a delay)
GRACE_RATE = 20  # frames a second in that time
SMOOTH = 0.5  # its first seconds run at FPS (the widgets' lists and texts glide as they scroll)
CARET_RATE = 5  # frames a second while a text field has the focus (its caret blinks)


# a theme's font name -> its regular and bold files in assets/ui/fonts
THEME_FONTS = {"dejavu": ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
               "condensed": ("DejaVuSansCondensed-Bold.ttf", "DejaVuSansCondensed-Bold.ttf")}


def theme(folder: Path, scale: float = 1.0) -> dict[str, object]:
    """``assets/ui/theme.json`` with its fonts pointed at the shipped files and grown by
    ``scale`` (the window's size against 1280 x 800)."""
    data: dict[str, object] = json.loads((folder / "theme.json").read_text(encoding="utf-8"))
    # a drop-down's arrow in the widgets' font (pygame-gui's own is small and never grows)
    data.setdefault("drop_down_menu.#expand_button", {"font": {"name": "dejavu", "size": "13"}})
    # a scroll bar's arrows likewise (their buttons grow: game.ui.gui_scale)
    data.setdefault("vertical_scroll_bar.button", {"font": {"name": "dejavu", "size": "11"}})
    fonts = folder / "fonts"
    for block in data.values():
        if not isinstance(block, dict):
            continue
        if isinstance(block.get("font"), dict):
            font = block["font"]
            font["size"] = str(int(int(font.get("size", 15)) * scale))
            regular, bold = THEME_FONTS.get(font.get("name", ""), THEME_FONTS["dejavu"])
            font["regular_path"] = font["italic_path"] = str(fonts / regular)
            font["bold_path"] = font["bold_italic_path"] = str(fonts / bold)
        misc = block.get("misc")
        if isinstance(misc, dict) and "list_item_height" in misc:  # rows grow with the text
            misc["list_item_height"] = str(int(int(misc["list_item_height"]) * scale))
    # a drop-down's arrow button grows with the text (pygame-gui's is 20 px wide)
    drop = data.setdefault("drop_down_menu", {})
    if isinstance(drop, dict):
        misc = drop.setdefault("misc", {})
        if isinstance(misc, dict):
            misc["open_button_width"] = str(max(20, int(22 * scale)))
    return data


def set_fullscreen(on: bool) -> None:
    """Switch the window to full screen or back; the dummy video driver (and any display
    that refuses) leaves it as it is."""
    try:
        surface = pygame.display.get_surface()
        now = bool(surface is not None and surface.get_flags() & pygame.FULLSCREEN)
        if now != on:
            pygame.display.toggle_fullscreen()
    except pygame.error:
        pass


class App:
    """The window, the scene stack and the loop."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, seed: int = 0,
                 ctx: Context | None = None) -> None:
        self.started = time.perf_counter()
        pygame.init()
        pygame.display.set_caption(TITLE)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.ctx = ctx or Context(load_catalogue(), Assets(), seed)
        try:
            pygame.display.set_icon(self.ctx.assets.image("icon.png"))
        except pygame.error:
            pass
        self.ctx.set_window(size)
        self.manager = gui_scale.manager(size, theme(ui_folder(), self.ctx.scale),
                                         self.ctx.scale)
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.first_frame_at: float | None = None
        self.after_frame: list[Callable[[], None]] = []
        # the text a key pressed before a text field took the focus must not land in it
        self.drop_text = False
        self.drawn_frames = 0  # frames drawn by run() (frames counts every step)
        self.awake_until = 0.0  # perf_counter time until which input keeps frames coming
        self.dirty = True  # something changed that no input or animation accounts for

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scene(self) -> Scene:
        return self.stack[-1]

    # --- the stack ---------------------------------------------------------------------

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.enter()
        self.dirty = True

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].resume()
        self.dirty = True
        return scene

    def open(self, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
        """Push a new screen ``name`` (given its class's arguments); returns it."""
        scene = make_scene(self, name, *args, **kwargs)
        self.push(scene)
        return scene

    def restart(self, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
        """Leave every screen and start at a new screen ``name``; returns it."""
        scene = make_scene(self, name, *args, **kwargs)
        self.replace(scene)
        return scene

    def replace(self, scene: Scene) -> None:
        """Leave every scene and start ``scene`` afresh (new game, back to the menu)."""
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    # --- the loop ----------------------------------------------------------------------

    def frame(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / FPS,
              draw: bool = True) -> None:
        """One step of the loop: handle ``events`` (the queue's when None), update the
        widgets and the top scene by ``dt`` seconds, and draw (unless ``draw`` is False)."""
        if events is None:
            events = pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running or not self.stack:
                return
        self.manager.update(dt)
        self.scene.update(dt)
        if draw and self.stack:
            self.draw()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
        for hook in self.after_frame:
            hook()

    def typing(self) -> bool:
        """Whether a text field has the keyboard focus (its keys then only edit it)."""
        return any(isinstance(element, pygame_gui.elements.UITextEntryLine)
                   and element.is_focused and element.alive()
                   for element in self.manager.get_sprite_group().sprites())

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT and self.drop_text:
            self.drop_text = False  # the key that opened a text field is not typed into it
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and self.typing() and \
                event.key not in TYPING_PASSES:
            self.drop_text = False
            self.manager.process_events(event)  # only the field hears it: no hotkey fires
            return
        if event.type == pygame.KEYDOWN:
            was_typing = self.typing()
            self.drop_text = False
            self.handle_other(event)
            # a key that types (no Ctrl or Alt held) and gave a field the focus: its text
            # follows as a TEXTINPUT event, which is dropped
            self.drop_text = not was_typing and self.typing() and bool(
                getattr(event, "unicode", "")) and not event.mod & (pygame.KMOD_CTRL
                                                                    | pygame.KMOD_ALT)
            return
        self.handle_other(event)

    def handle_other(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            # at the rules of the game being played, when a scene names them (rules_topic)
            topic = next((t for t in (getattr(s, "rules_topic", None) for s in
                                      reversed(self.stack)) if isinstance(t, str)), None)
            self.open_rules(topic)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F3 and \
                pygame.K_F3 not in self.scene.hotkeys and \
                not is_scene(self.scene, SceneName.CARDS):
            self.open(SceneName.CARDS)  # the card library, from anywhere
            return
        self.manager.process_events(event)
        self.scene.handle_event(event)

    def resize(self, size: tuple[int, int]) -> None:
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        for scene in self.stack:
            scene.clear_widgets()
        scale = self.ctx.scale
        self.ctx.set_window(size)
        if self.ctx.scale != scale:  # the widgets' text grows with the window too
            self.manager = gui_scale.manager(size, theme(ui_folder(), self.ctx.scale),
                                         self.ctx.scale)
        else:
            self.manager.set_window_resolution(size)
        self.scene.rebuild()
        self.dirty = True

    def apply_settings(self, settings: Settings, resize: bool = True) -> None:
        """Put ``settings`` in force: colours, text size (the widgets' theme follows), full
        screen and, with ``resize``, the window's size. The scenes' widgets are rebuilt when
        the scale changes."""
        ctx = self.ctx
        scale = ctx.scale
        ctx.apply_settings(settings)
        set_fullscreen(settings.fullscreen)  # compared with the window, not the old settings
        if resize and not settings.fullscreen and tuple(settings.window) != tuple(self.size):
            self.resize(settings.window)
        if ctx.scale != scale and self.stack:
            for scene in self.stack:
                scene.clear_widgets()
            self.manager = gui_scale.manager(self.size, theme(ui_folder(), ctx.scale), ctx.scale)
            self.scene.rebuild()
        self.dirty = True

    def open_rules(self, topic: str | None = None) -> None:
        """Rules help, from anywhere (F1), at ``topic`` when given."""
        if not is_scene(self.scene, SceneName.RULES):
            self.open(SceneName.RULES, topic)

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            pass  # no fullscreen under the dummy driver: carry on windowed

    def draw(self) -> None:
        surface = self.screen
        self.ctx.shortened.clear()  # the texts shortened in this frame only
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if not self.stack[i].overlay:
                start = i
                break
        below = None
        for scene in self.stack[start:]:
            # an overlay (pause, save) speaks of the game below it in that game's names
            below = scene.words or below
            self.ctx.words = below
            scene.draw(surface)
        self.ctx.words = None
        self.manager.draw_ui(surface)
        pygame.display.flip()

    def frame_rate(self, now: float | None = None) -> float:
        """How many frames a second the window needs now: 0 when nothing changes on its own
        (the loop then sleeps until the next input)."""
        if not self.stack:
            return 0.0
        rate = float(self.scene.frame_rate())
        now = time.perf_counter() if now is None else now
        if now < self.awake_until:
            rate = max(rate, FPS if now < self.awake_until - GRACE + SMOOTH else GRACE_RATE)
        if any(isinstance(element, pygame_gui.elements.UITextEntryLine) and element.is_focused
               for element in self.manager.get_focus_set() or ()):
            rate = max(rate, CARET_RATE)
        return rate

    def wake(self) -> None:
        """Input came: draw for the next :data:`GRACE` seconds."""
        self.awake_until = time.perf_counter() + GRACE

    def wait_events(self, seconds: float) -> list[pygame.event.Event]:
        """The input that comes within ``seconds`` (returned as soon as there is some, at
        most 1/:data:`FPS` s late). The loop sleeps between looks at the queue:
        ``pygame.event.wait`` would look a thousand times a second (pygame-ce waits by
        polling every millisecond, in a real window too), about 3 % of a core."""
        end = time.perf_counter() + seconds
        while True:
            events = pygame.event.get()
            left = end - time.perf_counter()
            if events or left <= 0:
                return events
            time.sleep(min(left, 1 / FPS))

    def run(self, frames: int | None = None, until: float | None = None,
            on_error: Callable[[App, Exception], None] | None = None) -> None:
        """The window's loop, until quit, for ``frames`` steps (each drawn: the headless
        ``--frames`` runs) or until the ``perf_counter`` time ``until`` (the idle
        benchmark). Between frames it waits for input, as long as :meth:`frame_rate`
        allows. ``on_error`` is given an error raised in a frame instead of stopping."""
        last = time.perf_counter()
        while self.running and self.stack and (frames is None or self.frames < frames):
            if frames is not None:
                events, dt, draw = pygame.event.get(), 1 / FPS, True
            else:
                rate = FPS if self.dirty else self.frame_rate()
                now = time.perf_counter()
                if until is not None and now >= until:
                    return
                if rate >= FPS:
                    self.clock.tick(FPS)
                    events = pygame.event.get()
                else:
                    wait = 1 / rate if rate > 0 else 1.0
                    if until is not None:
                        wait = min(wait, max(0.0, until - now))
                    events = self.wait_events(wait)
                    if not events and rate == 0:
                        continue  # asleep: nothing to update, nothing to draw
                now = time.perf_counter()
                dt, last = min(0.25, now - last), now
                if events:
                    self.wake()
                draw = True
            self.dirty = False
            try:
                self.frame(events, dt, draw)
            except Exception as error:  # noqa: BLE001 - handed to on_error when given
                if on_error is None:
                    raise
                on_error(self, error)
            if draw:
                self.drawn_frames += 1
