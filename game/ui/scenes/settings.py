"""The settings: every one editable with the mouse, saved to ``settings.json`` in the data
folder as soon as it changes, and in force at once (and after a restart)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine import OperativeState, build_config
from game.services import userdata
from game.ui.board import BoardView
from game.ui.context import (
    DIM,
    GOLD,
    GREEN,
    INK,
    PALETTE,
    RED,
    TEXT_SIZE_RANGE,
    Settings,
    panel,
    save_settings,
    two_columns,
)
from game.ui.scene import TIMER_RATE, Scene

if TYPE_CHECKING:
    from game.ui.app import App

WINDOW_SIZES = ((1024, 700), (1280, 800), (1440, 900), (1600, 1000), (1920, 1080),
                (2560, 1440))
TEXT_SIZES = (0.85, 1.0, 1.15, 1.3, 1.5)
ANIMATIONS = {0.0: "Off", 0.5: "Slow", 1.0: "Normal", 2.0: "Fast"}
HOLDS = {0.0: "Until a click", 3.0: "3 seconds", 6.0: "6 seconds"}  # RESULT_HOLDS
SLIDER_SAVE_DELAY = 0.3  # seconds after the volume slider last moved
PREVIEW_MISSION = "dual_strike"
# the tokens on the preview board: (player, datacard, hex)
PREVIEW_TOKENS = ((1, "assault_intercessor_sergeant", "E6"), (1, "assault_intercessor", "F7"),
                  (2, "necron_warrior", "J5"), (2, "canoptek_scarab_swarm", "K7"))

# what each row is called and what it does (drawn beside its control)
ROWS = (
    ("window", "Window size", "Used when not in full screen"),
    ("fullscreen", "Full screen", "F11 switches it too"),
    ("text_size", "Text size", "Text, panels and buttons grow or shrink, up to the largest "
     "that the window holds"),
    ("animation_speed", "Animations", "Dice, moves and banners"),
    ("result_hold", "Your attack's dice", "How long they stay before the computer plays on"),
    ("hex_labels", "Hex names", "A1 to O11 written on the board"),
    ("colour1", "Player 1 colour", "Tokens, control rings and names"),
    ("colour2", "Player 2 colour", "Always different from player 1's"),
    ("sound", "Sound", "Sound effects on or off"),
    ("volume", "Volume", "How loud the sound effects are"),
)


def size_label(size: tuple[int, int]) -> str:
    return f"{size[0]} × {size[1]}"


def percent(value: float) -> str:
    return f"{round(value * 100)} %"


class SettingsScene(Scene):
    """Edits ``app.ctx.settings``; ``on_change(settings)`` is called after each change (after
    it has been saved and put in force)."""

    def __init__(self, app: App, on_change: Callable[[Settings], None] | None = None,
                 notice: str | None = None) -> None:
        super().__init__(app)
        self.on_change = on_change
        self.message = notice or ""
        self.message_colour = RED if notice else INK
        self.drops: dict[str, pygame_gui.elements.UIDropDownMenu] = {}
        self.slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.save_in: float | None = None  # seconds until a pending save (the slider)
        self.rows: dict[str, pygame.Rect] = {}
        self._preview: tuple[tuple[object, ...], pygame.Surface] | None = None

    @property
    def settings(self) -> Settings:
        return self.ctx.settings

    # --- layout ------------------------------------------------------------------------

    def layout(self) -> None:
        width, height = self.app.size
        px = self.ctx.px
        top = px(100)
        bottom = height - px(84)
        self.left, self.right = two_columns(width, top, bottom)
        inner = self.left.inflate(-32, -24)
        self.row_height = min(px(58), inner.height // len(ROWS))
        inner.height = self.row_height * len(ROWS)
        self.left.height = self.right.height = inner.height + 24
        self.label_width = min(px(290), inner.width // 2)
        self.rows = {}
        for i, (key, _, _) in enumerate(ROWS):
            self.rows[key] = pygame.Rect(inner.left, inner.top + i * self.row_height,
                                         inner.width, self.row_height)

    def control_rect(self, key: str, width: int | None = None) -> pygame.Rect:
        row = self.rows[key]
        height = min(self.ctx.px(36), row.height - 8)
        left = row.left + self.label_width
        full = row.right - left
        rect = pygame.Rect(left, 0, min(full, width) if width else full, height)
        rect.centery = row.centery
        return rect

    def build(self) -> None:
        self.layout()
        px = self.ctx.px
        s = self.settings
        self.drops = {}
        manager = self.app.manager
        sizes = [size_label(size) for size in WINDOW_SIZES]
        if size_label(s.window) not in sizes:
            sizes.append(size_label(s.window))
        self.dropdown("window", sizes, size_label(s.window))
        self.toggle("fullscreen", s.fullscreen)
        sizes = [percent(v) for v in TEXT_SIZES]
        if percent(s.text_size) not in sizes:
            sizes.append(percent(s.text_size))
        self.dropdown("text_size", sizes, percent(s.text_size))
        self.dropdown("animation_speed", list(ANIMATIONS.values()),
                      ANIMATIONS.get(s.animation_speed, "Normal"))
        self.dropdown("result_hold", list(HOLDS.values()), HOLDS.get(s.result_hold,
                                                                      HOLDS[0.0]))
        self.toggle("hex_labels", s.hex_labels)
        self.dropdown("colour1", list(PALETTE), s.colours[0], swatch=True)
        self.dropdown("colour2", list(PALETTE), s.colours[1], swatch=True)
        self.toggle("sound", s.sound)
        rect = self.control_rect("volume")
        rect.width -= px(70)
        self.slider = pygame_gui.elements.UIHorizontalSlider(
            rect, int(round(s.volume * 100)), (0, 100), manager=manager, click_increment=5)
        if not s.sound:
            self.slider.disable()
        self.elements.append(self.slider)
        width, height = self.app.size
        y = height - px(64)
        self.button("Back", pygame.Rect(30, y, px(150), px(44)), self.app.pop,
                    hotkey=pygame.K_ESCAPE)
        self.button("Defaults", pygame.Rect(width - 30 - px(200), y, px(200), px(44)),
                    self.defaults, tooltip="Put every setting back as it was first")

    def dropdown(self, key: str, options: list[str], current: str,
                 swatch: bool = False) -> None:
        rect = self.control_rect(key)
        if swatch:
            rect.left += rect.height + 8
            rect.width -= rect.height + 8
        drop = pygame_gui.elements.UIDropDownMenu(options, current, rect,
                                                  manager=self.app.manager)
        self.drops[key] = drop
        self.elements.append(drop)

    def toggle(self, key: str, on: bool) -> None:
        rect = self.control_rect(key, self.ctx.px(130))
        self.button("On" if on else "Off", rect, lambda: self.flip(key),
                    object_id="" if on else "#toggle_off")

    # --- changes -----------------------------------------------------------------------

    def change(self, **values: object) -> None:
        """Put new values in force, save them and tell ``on_change``."""
        old = self.settings
        new = replace(old, **values)  # type: ignore[arg-type]
        self.app.apply_settings(new, resize="window" in values)
        if self.app.stack and self.app.scene is self:
            self.rebuild()
        self.save()
        if self.on_change is not None:
            self.on_change(new)

    def save(self) -> bool:
        self.save_in = None
        folder = userdata.data_folder()
        try:
            save_settings(self.settings, folder)
        except OSError as error:
            self.message = f"Could not save the settings in {folder}: {error.strerror}"
            self.message_colour = RED
            return False
        if self.message_colour == RED:  # an old problem is solved by saving
            self.message = ""
        self.message_colour = GREEN
        return True

    def flip(self, key: str) -> None:
        self.change(**{key: not getattr(self.settings, key)})

    def defaults(self) -> None:
        fresh = Settings()
        self.change(**{name: getattr(fresh, name) for name in vars(fresh)})
        self.message = "Every setting is back to its first value."
        self.message_colour = GREEN

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            key = next((k for k, d in self.drops.items() if d is event.ui_element), None)
            if key is not None:
                self.picked(key, event.text)
        elif (event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED
              and event.ui_element is self.slider):
            volume = max(0.0, min(1.0, float(event.value) / 100))
            self.ctx.settings.volume = volume  # no rebuild while the slider is dragged
            self.save_in = SLIDER_SAVE_DELAY
            if self.on_change is not None:
                self.on_change(self.settings)

    def picked(self, key: str, text: str) -> None:
        s = self.settings
        if key == "window":
            width, height = (int(v) for v in text.split(" × "))
            self.change(window=(width, height))
        elif key == "text_size":
            value = float(text.rstrip(" %")) / 100
            low, high = TEXT_SIZE_RANGE
            self.change(text_size=max(low, min(high, value)))
        elif key == "animation_speed":
            speed = next(v for v, name in ANIMATIONS.items() if name == text)
            self.change(animation_speed=speed)
        elif key == "result_hold":
            self.change(result_hold=next(v for v, name in HOLDS.items() if name == text))
        elif key in ("colour1", "colour2"):
            mine = 0 if key == "colour1" else 1
            colours = list(s.colours)
            colours[mine] = text
            if colours[1 - mine] == text:  # the two always differ
                colours[1 - mine] = next(n for n in PALETTE if n not in colours)
            self.change(colours=(colours[0], colours[1]))

    def frame_rate(self) -> float:
        """A few frames a second while a change waits to be saved."""
        return TIMER_RATE if self.save_in is not None else 0.0

    def update(self, dt: float) -> None:
        if self.save_in is not None:
            self.save_in -= dt
            if self.save_in <= 0 and not pygame.mouse.get_pressed()[0]:
                self.save()

    def leave(self) -> None:
        if self.save_in is not None:
            self.save()
        super().leave()

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        s = self.settings
        surface.fill((16, 17, 20))
        self.layout()
        width, height = surface.get_size()
        ctx.text(surface, "SETTINGS", 30, (30, px(20)), GOLD, "condensed")
        ctx.text(surface, f"Kept in {userdata.data_folder()}", 13, (30, px(62)), DIM,
                 width=width - 60)
        panel(surface, self.left)
        for key, label, hint in ROWS:
            row = self.rows[key]
            if key != ROWS[-1][0]:
                pygame.draw.line(surface, (40, 42, 47), (row.left, row.bottom - 1),
                                 (row.right, row.bottom - 1))
            text_width = self.label_width - px(12)
            two_lines = row.height >= px(44)
            y = row.top + (row.height - px(36 if two_lines else 18)) // 2
            ctx.text(surface, label, 15, (row.left, y), INK, "bold", width=text_width)
            if two_lines:
                ctx.text(surface, hint, 13, (row.left, y + px(19)), DIM, width=text_width)
            control = self.control_rect(key)
            if key in ("colour1", "colour2"):
                player = 1 if key == "colour1" else 2
                box = pygame.Rect(control.left, control.top, control.height, control.height)
                pygame.draw.rect(surface, PALETTE[s.colours[player - 1]], box,
                                 border_radius=5)
                pygame.draw.rect(surface, INK, box, 1, border_radius=5)
            elif key == "volume":
                ctx.text(surface, percent(s.volume), 15, (control.right, control.centery),
                         INK if s.sound else DIM, "bold", "midright")
            elif key in ("fullscreen", "hex_labels", "sound"):
                on = getattr(s, key)
                dot = (control.left + px(130) + px(18), control.centery)
                pygame.draw.circle(surface, GREEN if on else (70, 70, 74), dot, px(7))
        self.draw_preview(surface)
        if self.message:
            ctx.wrapped(surface, self.message, 14, pygame.Rect(
                30 + px(170), height - px(60), width - 60 - px(400), px(44)),
                self.message_colour)

    def draw_preview(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        s = self.settings
        inner = panel(surface, self.right, "Preview", ctx)
        board_area = pygame.Rect(inner.left, inner.top, inner.width,
                                 min(int(inner.width * 0.7), inner.height - px(150)))
        key = (board_area.size, s.hex_labels, s.colours, ctx.scale)
        if self._preview is None or self._preview[0] != key:
            self._preview = (key, self.preview_board(board_area.size))
        surface.blit(self._preview[1], board_area)
        y = board_area.bottom + px(12)
        for player in (1, 2):
            colour = ctx.colours[player]
            pygame.draw.circle(surface, colour, (inner.left + px(9), y + px(10)), px(8))
            ctx.text(surface, f"{ctx.names[player]} — {s.colours[player - 1]}", 15,
                     (inner.left + px(24), y), colour, "bold", width=inner.width - px(24))
            y += px(24)
        y += px(6)
        speed = ANIMATIONS.get(s.animation_speed, "Normal").lower()
        sound = f"sound on at {percent(s.volume)}" if s.sound else "sound off"
        text = f"text at {percent(s.text_size)}"
        shown = ctx.text_size_shown()
        if shown < s.text_size - 0.005:  # the window holds less: the size in force
            text += f" ({percent(shown)} in this window)"
        summary = (f"Animations {speed}; {sound}; {text}; "
                   + ("full screen." if s.fullscreen else
                      f"window {s.window[0]}×{s.window[1]}."))
        ctx.wrapped(surface, summary, 14, pygame.Rect(inner.left, y, inner.width,
                                                      max(0, inner.bottom - y)), DIM)

    def preview_board(self, size: tuple[int, int]) -> pygame.Surface:
        ctx = self.ctx
        config = build_config(ctx.catalogue, {"mission": PREVIEW_MISSION,
                                              "fireteams": {1: None, 2: None}})
        view = BoardView(ctx, config, pygame.Rect((0, 0), size))
        image = pygame.Surface(size, pygame.SRCALPHA)
        image.blit(view.layer(), view.rect)
        for obj, where in config.objectives.items():
            if where:  # a marker the players place has no hex yet
                view.objective(image, obj, where, 0)
        for i, (player, card, where) in enumerate(PREVIEW_TOKENS):
            if where not in view.grid.hexes or card not in ctx.catalogue.datacards:
                continue
            op = OperativeState(id=f"preview{i}", player=player, card=card, hex=where)
            view.token(image, op, ctx.catalogue.datacards[card].wounds)
        return image
