"""What every scene is given: the content, the assets, the window's size and the settings of
this run. No globals: the app passes one :class:`Context` down."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import pygame

from game.engine import Catalogue
from game.ui.assets import Assets
from game.ui.services import Services

# Okabe-Ito colours: any two of them stay apart for colour-blind eyes
PALETTE = {"Blue": (0, 114, 178), "Orange": (230, 159, 0), "Vermillion": (213, 94, 0),
           "Bluish green": (0, 158, 115), "Sky blue": (86, 180, 233),
           "Reddish purple": (204, 121, 167), "Yellow": (240, 228, 66)}
PLAYER_COLOURS = {1: PALETTE["Blue"], 2: PALETTE["Orange"]}


def lighter(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour
    return (min(255, r + 80), min(255, g + 70), min(255, b + 60))
INK = (236, 230, 214)
DIM = (160, 156, 146)
PANEL = (24, 26, 30)
PANEL_EDGE = (92, 84, 60)
GOLD = (214, 178, 92)
RED = (210, 60, 50)
GREEN = (90, 190, 110)


SETTINGS_FILE = "settings.json"
TEXT_SIZE_RANGE = (0.85, 1.5)  # the text size setting: a multiplier of every Context.px
ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # 0: animations off
RESULT_HOLDS = (0.0, 3.0, 6.0)  # the result_hold setting; 0: until a click or a key
WINDOW_RANGE = ((800, 600), (7680, 4320))  # the smallest and largest window remembered
# the least room (in the pixels of Context.px, those of 1280 x 800 at 100 %) a screen is laid
# out in: a larger text size than the window holds so is limited to the largest that it holds
LEAST_ROOM = (980, 615)


@dataclass
class Settings:
    """What the player chose, kept between runs in ``settings.json`` of the data folder
    (:func:`load_settings`, :func:`save_settings`)."""

    hex_labels: bool = True
    animation_speed: float = 1.0  # one of ANIMATION_SPEEDS; 0: animations off
    window: tuple[int, int] = (1280, 800)  # the window's size at the start (not fullscreen)
    fullscreen: bool = False
    text_size: float = 1.0  # within TEXT_SIZE_RANGE; multiplies Context.px (text and panels)
    colours: tuple[str, str] = ("Blue", "Orange")  # PALETTE names of players 1 and 2
    sound: bool = True
    volume: float = 0.8  # 0 to 1
    # how long the result of the player's own attack stays before the computer plays on:
    # seconds, one of RESULT_HOLDS; 0 until the player clicks or presses a key
    result_hold: float = 0.0

    def player_colours(self) -> dict[int, tuple[int, int, int]]:
        return {1: PALETTE[self.colours[0]], 2: PALETTE[self.colours[1]]}

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["window"] = list(self.window)
        data["colours"] = list(self.colours)
        return data

    @classmethod
    def from_dict(cls, data: Any) -> tuple[Settings, list[str]]:
        """Settings from JSON data: every key that is missing keeps its default, every key
        with a wrong type or value too, and is named in the problems returned."""
        settings = cls()
        if not isinstance(data, dict):
            return settings, [f"expected an object of settings, found {_json_type(data)}"]
        problems: list[str] = []
        for name, check in _CHECKS.items():
            if name not in data:
                continue
            value, problem = check(data[name])
            if problem:
                problems.append(f"'{name}' {problem}")
            else:
                setattr(settings, name, value)
        return settings, problems


def _json_type(value: Any) -> str:
    return {bool: "true/false", int: "a number", float: "a number", str: "text",
            list: "a list", dict: "an object", type(None): "null"}.get(type(value),
                                                                      type(value).__name__)


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(
        value)


def _check_bool(value: Any) -> tuple[Any, str]:
    return (value, "") if isinstance(value, bool) else (
        None, f"should be true or false, not {_json_type(value)}")


def _check_speed(value: Any) -> tuple[Any, str]:
    if _is_number(value) and float(value) in ANIMATION_SPEEDS:
        return float(value), ""
    return None, "should be one of " + ", ".join(f"{s:g}" for s in ANIMATION_SPEEDS)


def _check_window(value: Any) -> tuple[Any, str]:
    (low_w, low_h), (high_w, high_h) = WINDOW_RANGE
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
            and low_w <= value[0] <= high_w and low_h <= value[1] <= high_h):
        return (value[0], value[1]), ""
    return None, (f"should be [width, height] in pixels, from {low_w} x {low_h} to "
                  f"{high_w} x {high_h}")


def _check_text_size(value: Any) -> tuple[Any, str]:
    low, high = TEXT_SIZE_RANGE
    if _is_number(value) and low <= value <= high:
        return float(value), ""
    return None, f"should be a number from {low:g} to {high:g}"


def _check_colours(value: Any) -> tuple[Any, str]:
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, str) and v in PALETTE for v in value)
            and value[0] != value[1]):
        return (value[0], value[1]), ""
    return None, "should be two different colours of: " + ", ".join(PALETTE)


def _check_hold(value: Any) -> tuple[Any, str]:
    if _is_number(value) and float(value) in RESULT_HOLDS:
        return float(value), ""
    return None, "should be one of " + ", ".join(f"{s:g}" for s in RESULT_HOLDS)


def _check_volume(value: Any) -> tuple[Any, str]:
    if _is_number(value) and 0 <= value <= 1:
        return float(value), ""
    return None, "should be a number from 0 to 1"


_CHECKS: dict[str, Callable[[Any], tuple[Any, str]]] = {
    "hex_labels": _check_bool, "animation_speed": _check_speed, "window": _check_window,
    "fullscreen": _check_bool, "text_size": _check_text_size, "colours": _check_colours,
    "sound": _check_bool, "volume": _check_volume, "result_hold": _check_hold,
}


def load_settings(folder: str | Path) -> tuple[Settings, str | None]:
    """The settings kept in ``folder/settings.json`` and a message when something was wrong
    with them (None when all is well or the file does not exist yet). A damaged file gives
    the defaults; a key with a wrong type or value gives that key's default."""
    path = Path(folder) / SETTINGS_FILE
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return Settings(), None
    except OSError as error:
        return Settings(), f"{path}: cannot read the settings ({error.strerror}); defaults used"
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return Settings(), f"{path}: not UTF-8 text; default settings used"
    except json.JSONDecodeError as error:
        return Settings(), (f"{path}:{error.lineno}:{error.colno}: not valid JSON "
                            f"({error.msg}); default settings used")
    except (ValueError, RecursionError):
        return Settings(), f"{path}: not valid JSON; default settings used"
    settings, problems = Settings.from_dict(data)
    if problems:
        return settings, f"{path}: " + "; ".join(problems) + " (the default used instead)"
    return settings, None


def save_settings(settings: Settings, folder: str | Path) -> None:
    """Write ``folder/settings.json`` atomically; raises OSError when it cannot be written."""
    from game.services.saves import write_json_atomic

    write_json_atomic(settings.to_dict(), Path(folder) / SETTINGS_FILE)


@dataclass(frozen=True)
class DrawnText:
    """One text drawn: its words, where, the clip (the box it belongs to), whether it was cut
    inside a word, and the overlay layer it was drawn in."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect
    cut_in_word: bool
    layer: int
    full: str = ""  # the whole text when it was shortened to fit ("" when drawn whole)
    control: bool = False  # a button, list entry, choice or other text a player must read
    style: str = "regular"  # the font it was drawn in (FONT_FILES' names)
    panel: bool = False  # begun inside a framed panel of its layer (the audit's ``box`` then)
    plain: bool = True  # drawn on a plain ground (a box of its own), not over a picture


def shorten(font: pygame.font.Font, text: str, width: int) -> tuple[str, bool]:
    """``text`` cut at the end of a word with an ellipsis to fit ``width`` pixels; only when
    not even its first word fits is it cut inside that word (then the flag is True)."""
    words = text.split(" ")
    for count in range(len(words) - 1, 0, -1):
        trial = " ".join(words[:count]).rstrip(",;:·-—(") + "…"
        if font.size(trial)[0] <= width:
            return trial, False
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…", True


@dataclass
class Context:
    catalogue: Catalogue
    assets: Assets
    seed: int = 0
    settings: Settings = field(default_factory=Settings)
    names: dict[int, str] = field(default_factory=lambda: {1: "Player 1", 2: "Player 2"})
    colours: dict[int, tuple[int, int, int]] = field(
        default_factory=lambda: dict(PLAYER_COLOURS))
    # every string drawn, when a test records them (None: not recording)
    drawn: list[str] | None = None
    # the engine's ids into names for the scene being drawn (game.ui.words.Words; the app
    # sets it from the scene's ``words`` before the scene draws)
    words: Callable[[str], str] | None = None
    services: Services = field(default_factory=Services)
    scale: float = 1.0  # text and panels grow with the window (1 at 1280 x 800)
    # texts shortened this frame with their full words, for tooltips (cleared each frame)
    shortened: list[tuple[pygame.Rect, str]] = field(default_factory=list)
    # every text drawn with where, when the layout audit records them (None: not recording)
    record: list[DrawnText] | None = None
    layer: int = 0
    # boxes drawn over the board that the player did not ask for (layout audit; None: off)
    covers: list[pygame.Rect] | None = None
    # guidance boxes the player reads at their own pace (the tutorial's): they may lie on an
    # objective or a highlighted hex, never on an operative (layout audit; None: off)
    guides: list[pygame.Rect] | None = None
    # the framed panels drawn (``panel``), with their layer: a text begun in one must end in
    # it, and an overlay's text over what lies below sits in one (layout audit; None: off)
    panels: list[tuple[pygame.Rect, int]] | None = None
    # the dice seed every new game takes (--seed, tests); None: fresh from the OS each game
    fixed_seed: int | None = None
    window: tuple[int, int] = (1280, 800)  # the size set_window was last given

    def __post_init__(self) -> None:
        self.colours = self.settings.player_colours()

    def new_game_seed(self) -> int:
        """The dice seed of a game started now: :attr:`fixed_seed` when one is set, else a
        fresh one from the operating system's randomness (every new game rolls its own
        dice; the seed is kept in the save and shown in the pause menu)."""
        if self.fixed_seed is not None:
            return self.fixed_seed
        return int.from_bytes(os.urandom(8), "big") >> 2

    def set_window(self, size: tuple[int, int]) -> None:
        """The window's size now: text and panels grow with it, times the text size
        setting."""
        self.window = (size[0], size[1])
        fitted = max(0.85, min(size[0] / 1280, size[1] / 800))
        self.scale = fitted * self.settings.text_size
        # the screens hold text up to the scale that leaves them LEAST_ROOM: beyond it a larger
        # text size is limited to that (never below the 100 % of this window)
        most = max(fitted, min(size[0] / LEAST_ROOM[0], size[1] / LEAST_ROOM[1]))
        self.scale = min(self.scale, most)

    def text_size_shown(self) -> float:
        """The text size in force in this window: the setting's, or the largest the window
        holds when it holds less (see :data:`LEAST_ROOM`)."""
        fitted = max(0.85, min(self.window[0] / 1280, self.window[1] / 800))
        return self.scale / fitted

    def apply_settings(self, settings: Settings) -> None:
        """Use ``settings`` from now on: the players' colours and the scale of text and
        panels. In a running app, :meth:`game.ui.app.App.apply_settings` also rebuilds the
        widgets' theme, the window and full screen."""
        self.settings = settings
        self.colours = settings.player_colours()
        self.set_window(self.window)

    def px(self, value: int) -> int:
        """``value`` pixels at 1280 x 800, at the window's size now."""
        return int(value * self.scale)

    def text(self, surface: pygame.Surface, text: str, size: int, pos: tuple[int, int],
             colour: tuple[int, int, int] = INK, style: str = "regular",
             anchor: str = "topleft", width: int = 0, essential: bool = False) -> pygame.Rect:
        """Draw ``text`` (the engine's ids in it put into names, when :attr:`words` is set);
        with ``width`` it is shortened at a word's end with an ellipsis to fit (the full text
        then shows as a tooltip where the scene draws them). ``essential``: a text the player
        must read whole (the layout audit counts it as a truncated control when shortened).
        Returns the rectangle drawn (recorded when :attr:`drawn` or :attr:`record` is
        set)."""
        if self.words is not None:
            text = self.words(text)
        font = self.assets.font(self.px(size), style)
        full, cut = text, False
        if width and font.size(text)[0] > width:
            text, cut = shorten(font, text, width)
        image = font.render(text, True, colour)
        rect = image.get_rect(**{anchor: pos})
        plain = self.record is None or not self.layer or plain_ground(surface, rect)
        surface.blit(image, rect)
        if self.drawn is not None:
            self.drawn.append(text)
        if text != full:
            self.shortened.append((rect, full))
        if self.record is not None:
            self.record.append(DrawnText(text, rect, surface.get_clip().copy(), cut,
                                         self.layer, full if text != full else "", essential,
                                         style, plain=plain))
        return rect

    def fitted(self, surface: pygame.Surface, text: str, size: int, rect: pygame.Rect,
               colour: tuple[int, int, int] = INK, style: str = "regular") -> pygame.Rect:
        """Draw ``text`` into ``rect``: on one line (vertically centred) when it fits, else
        wrapped when the lines fit its height, else shortened at a word's end (its full text
        as a tooltip). Returns the area used."""
        font = self.assets.font(self.px(size), style)
        if font.size(text)[0] <= rect.width:
            return self.text(surface, text, size, (rect.left, rect.centery), colour, style,
                             "midleft")
        height = self.wrapped(None, text, size, rect, style=style)
        if height <= rect.height:
            top = rect.top + (rect.height - height) // 2
            self.wrapped(surface, text, size, pygame.Rect(rect.left, top, rect.width, height),
                         colour, style)
            return pygame.Rect(rect.left, top, rect.width, height)
        return self.text(surface, text, size, (rect.left, rect.centery), colour, style,
                         "midleft", width=rect.width)

    def new_layer(self) -> None:
        """What is drawn from now on covers what was drawn before on purpose (an overlay):
        the layout audit does not count it as text drawn over text."""
        self.layer += 1

    def wrapped(self, surface: pygame.Surface | None, text: str, size: int, rect: pygame.Rect,
                colour: tuple[int, int, int] = INK, style: str = "regular",
                first: int = 0) -> int:
        """Draw ``text`` wrapped into ``rect``; returns the height used. The first line starts
        ``first`` pixels right of ``rect.left`` (after something drawn before it on that
        line). With no ``surface`` only measure, however tall ``rect`` is."""
        words, self.words = self.words, None  # names put in once: a line is not put in again
        try:
            return self._wrap(surface, words(text) if words is not None else text, size,
                              rect, colour, style, first)
        finally:
            self.words = words

    def _wrap(self, surface: pygame.Surface | None, text: str, size: int, rect: pygame.Rect,
              colour: tuple[int, int, int], style: str, first: int) -> int:
        """:meth:`wrapped`, its text already in names."""
        font = self.assets.font(self.px(size), style)
        bottom = rect.bottom if surface is not None else 1 << 30
        x = rect.left + first
        y = rect.top
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if x + font.size(trial)[0] <= rect.right or not line:
                    line = trial
                else:
                    if y + font.get_linesize() > bottom:
                        return self._ran_out(surface, line, rect, y, font) - rect.top
                    if surface is not None:
                        self.text(surface, line, size, (x, y), colour, style)
                    y += font.get_linesize()
                    x, line = rect.left, word
            if line:
                if y + font.get_linesize() > bottom:
                    return self._ran_out(surface, line, rect, y, font) - rect.top
                if surface is not None:
                    self.text(surface, line, size, (x, y), colour, style)
                y += font.get_linesize()
                x = rect.left
        return y - rect.top

    def _ran_out(self, surface: pygame.Surface | None, line: str, rect: pygame.Rect, y: int,
                 font: pygame.font.Font) -> int:
        """A wrapped text ran out of room at ``line``: for the layout audit, the line that
        did not fit is recorded as reaching out of its box (the rest of the text is not
        shown). Returns ``y``."""
        if surface is not None and self.record is not None:
            where = pygame.Rect(rect.left, y, min(rect.width, font.size(line)[0]),
                                font.get_linesize())
            self.record.append(DrawnText(line + " …", where, rect.copy(), False, self.layer))
        return y


def plain_ground(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """Whether ``rect`` of ``surface`` is (nearly) one colour: a text drawn there stands on a
    box of its own, not over other texts or pictures seen through a veil (layout audit)."""
    area = rect.clip(surface.get_rect())
    if area.width < 2 or area.height < 2:
        return True
    ground = surface.subsurface(area)
    colour = pygame.transform.average_color(ground)
    same = pygame.mask.from_threshold(ground, colour, (18, 18, 18, 255)).count()
    return same >= 0.97 * area.width * area.height


def two_columns(width: int, top: int, bottom: int) -> tuple[pygame.Rect, pygame.Rect]:
    """A list-and-details screen's columns from ``top`` to ``bottom`` of a window ``width``
    wide: the left one 58 % of the room, 30 pixels from each other and from the sides."""
    left = pygame.Rect(30, top, int((width - 90) * 0.58), bottom - top)
    return left, pygame.Rect(left.right + 30, top, width - left.right - 60, bottom - top)


def panel(surface: pygame.Surface, rect: pygame.Rect, title: str = "",
          ctx: Context | None = None) -> pygame.Rect:
    """A dark framed panel; returns the inner rectangle below its title."""
    pygame.draw.rect(surface, PANEL, rect, border_radius=6)
    pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=6)
    if ctx is not None and ctx.panels is not None:
        ctx.panels.append((rect.copy(), ctx.layer))
    inner = rect.inflate(-16, -12)
    if title and ctx is not None:
        if ctx.words is not None:  # names before capitals: an id in capitals is not found
            title = ctx.words(title)
        ctx.text(surface, title.upper(), 13, (inner.left, inner.top), GOLD, "condensed",
                 width=inner.width)
        inner.top += ctx.px(20)
        inner.height -= ctx.px(20)
    return inner
