"""The loop: events -> the scene stack -> update -> draw, over one pygame-gui manager.

Under ``SDL_VIDEODRIVER=dummy`` the same loop runs headless (tests, screenshots, the fuzzer,
the frame benchmark). There is no catch-all exception handler: an error stops the program and
shows its traceback, so the fuzzer and the tests see it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui

from game.content import load_catalogue
from game.ui.assets import Assets, ui_folder
from game.ui.context import Context
from game.ui.scene import Scene

TITLE = "Warhammer 40,000: Fireteam"
# keys that still reach the scene while a text field has focus: Esc and Enter (leave or
# finish the field), and the keys that edit nothing in a one-line field but move through a
# list beside it (the rules help's and the card library's results)
TYPING_PASSES = (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB,
                 pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN)
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 700)
FPS = 60


def theme(folder: Path, scale: float = 1.0) -> dict[str, object]:
    """``assets/ui/theme.json`` with its fonts pointed at the shipped files and grown by
    ``scale`` (the window's size against 1280 x 800)."""
    data: dict[str, object] = json.loads((folder / "theme.json").read_text(encoding="utf-8"))
    fonts = folder / "fonts"
    for block in data.values():
        if isinstance(block, dict) and isinstance(block.get("font"), dict):
            font = block["font"]
            font["size"] = str(int(int(font.get("size", 15)) * scale))
            font["regular_path"] = str(fonts / "DejaVuSans.ttf")
            font["bold_path"] = str(fonts / "DejaVuSans-Bold.ttf")
            font["italic_path"] = str(fonts / "DejaVuSans.ttf")
            font["bold_italic_path"] = str(fonts / "DejaVuSans-Bold.ttf")
    return data


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
        self.manager = pygame_gui.UIManager(size, theme(ui_folder(), self.ctx.scale))
        self.stack: list[Scene] = []
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.first_frame_at: float | None = None
        self.after_frame: list[Callable[[], None]] = []
        # the text a key pressed before a text field took the focus must not land in it
        self.drop_text = False

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

    def pop(self) -> Scene:
        scene = self.stack.pop()
        scene.leave()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Leave every scene and start ``scene`` afresh (new game, back to the menu)."""
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    # --- the loop ----------------------------------------------------------------------

    def frame(self, events: list[pygame.event.Event] | None = None, dt: float = 1 / FPS) -> None:
        """One frame: handle ``events`` (the queue's when None), update, draw."""
        if events is None:
            events = pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running or not self.stack:
                return
        self.manager.update(dt)
        self.scene.update(dt)
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
            self.open_rules()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F3 and \
                pygame.K_F3 not in self.scene.hotkeys and \
                type(self.scene).__name__ != "CardBrowserScene":
            from game.ui.scenes.cards import CardBrowserScene  # the library, from anywhere

            self.push(CardBrowserScene(self))
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
            self.manager = pygame_gui.UIManager(size, theme(ui_folder(), self.ctx.scale))
        else:
            self.manager.set_window_resolution(size)
        self.scene.rebuild()

    def open_rules(self, topic: str | None = None) -> None:
        """Rules help, from anywhere (F1), at ``topic`` when given."""
        from game.ui.scenes.rules import RulesScene

        if type(self.scene).__name__ != "RulesScene":
            self.push(RulesScene(self, topic))

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
        except pygame.error:
            pass  # no fullscreen under the dummy driver: carry on windowed

    def draw(self) -> None:
        surface = self.screen
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

    def run(self, frames: int | None = None) -> None:
        """Run until quit (or for ``frames`` frames)."""
        while self.running and self.stack and (frames is None or self.frames < frames):
            self.frame()
            if frames is None:
                self.clock.tick(FPS)
