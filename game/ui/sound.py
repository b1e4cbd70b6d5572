"""Sound effects: short WAVs from ``assets/ui/sounds/`` (made by tools/gen_sounds.py) played
through pygame's mixer.

Sound never stops the game: the mixer is started lazily on the first effect played, and where
there is no audio device (or it fails for any other reason) the game simply stays silent. No
exception escapes from :class:`Sound`. What was asked to play is recorded in
:attr:`Sound.played` (whether or not it could be heard), which the tests read.

The play scene hands the events of each step to :meth:`Sound.play_events`; which effects a
list of events calls for is :meth:`Sound.for_events`.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from game.engine import (
    ControlChanged,
    Damaged,
    DefenceDiceRolled,
    HitDiceRolled,
    InitiativeRolled,
    Moved,
    RollOff,
    TakenDown,
    TargetCompleted,
)
from game.ui.rulesets import every

NAMES = ("dice", "move", "hit", "take_down", "control", "target", "click")

# the effect each kind of event calls for
EVENT_SOUNDS: dict[type, str] = {
    RollOff: "dice",
    InitiativeRolled: "dice",
    HitDiceRolled: "dice",
    DefenceDiceRolled: "dice",
    Moved: "move",
    Damaged: "hit",
    TakenDown: "take_down",
    ControlChanged: "control",
    TargetCompleted: "target",
    # each registered rule set's and pack's own (their rolls, the seizing of a marker, ...)
    **{kind: name for screens in every() for kind, name in screens.sounds.items()},
}

# the order they sound in when one list of events calls for several: what happens first in an
# activation first (move, then the dice, the blow), the outcomes (scoring) last
ORDER = ("move", "dice", "hit", "take_down", "control", "target", "click")

# a little balance between effects that are all normalised to the same peak
GAINS = {"click": 0.5, "move": 0.8, "dice": 0.9}


def sounds_folder() -> Path:
    from game.ui.assets import ui_folder
    return ui_folder() / "sounds"


class Sound:
    """The game's sound effects (silent when disabled or when there is no audio)."""

    def __init__(self, folder: Path | str | None = None, enabled: bool = True,
                 volume: float = 0.8) -> None:
        self.folder = Path(folder) if folder is not None else sounds_folder()
        self._enabled = bool(enabled)
        self._volume = _clamp(volume)
        self.played: list[str] = []  # every effect asked for, in order (heard or not)
        self.available: bool | None = None  # None: the mixer not tried yet
        self.error: str | None = None  # why there is no sound, when there is none
        self._cache: dict[str, Any] = {}  # name -> pygame.mixer.Sound (None: failed to load)

    # --- settings -------------------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        self._enabled = bool(value)
        if not self._enabled:
            self.stop()

    @property
    def volume(self) -> float:
        return self._volume

    def set_volume(self, volume: float) -> None:
        """0 (silent) to 1 (full); applies to the effects already loaded too."""
        self._volume = _clamp(volume)
        for name, snd in self._cache.items():
            if snd is not None:
                try:
                    snd.set_volume(self._volume * GAINS.get(name, 1.0))
                except Exception:  # noqa: BLE001 - sound must never break the game
                    pass

    # --- playing --------------------------------------------------------------------------

    def play(self, name: str) -> bool:
        """Play the effect ``name`` (e.g. "dice"); True when it was handed to the mixer."""
        self.played.append(name)
        if not self._enabled or self._volume <= 0:
            return False
        try:
            snd = self._load(name)
            if snd is None:
                return False
            snd.play()
            return True
        except Exception as exc:  # noqa: BLE001 - sound must never break the game
            self.error = f"{type(exc).__name__}: {exc}"
            return False

    @staticmethod
    def for_events(events: Iterable[Any]) -> list[str]:
        """The effects a list of engine events calls for: at most one of each, in ORDER."""
        wanted: set[str] = set()
        for event in events:
            if any(screens.silent(event) for screens in every()):
                continue  # a die that was not rolled (a declined push)
            name = EVENT_SOUNDS.get(type(event))
            if name is None:  # a subclass of a mapped event
                name = next((n for cls, n in EVENT_SOUNDS.items() if isinstance(event, cls)),
                            None)
            if name is not None:
                wanted.add(name)
        return [name for name in ORDER if name in wanted]

    def play_events(self, events: Iterable[Any]) -> list[str]:
        """Play what :meth:`for_events` says; returns those names."""
        try:
            names = self.for_events(events)
        except Exception:  # noqa: BLE001
            return []
        for name in names:
            self.play(name)
        return names

    def stop(self) -> None:
        """Stop every effect that is still sounding."""
        if not self.available:
            return
        try:
            import pygame
            if pygame.mixer.get_init():
                pygame.mixer.stop()
        except Exception:  # noqa: BLE001
            pass

    # --- the mixer ------------------------------------------------------------------------

    def _ensure_mixer(self) -> bool:
        if self.available is not None:
            return self.available
        self.available = False
        try:
            import pygame
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
            if pygame.mixer.get_num_channels() < 16:
                pygame.mixer.set_num_channels(16)
            self.available = bool(pygame.mixer.get_init())
        except Exception as exc:  # noqa: BLE001 - no audio device: stay silent
            self.error = f"{type(exc).__name__}: {exc}"
        return self.available

    def _load(self, name: str) -> Any:
        if name in self._cache:
            return self._cache[name]
        if not self._ensure_mixer():
            return None
        snd = None
        try:
            import pygame
            snd = pygame.mixer.Sound(str(self.folder / f"{name}.wav"))
            snd.set_volume(self._volume * GAINS.get(name, 1.0))
        except Exception as exc:  # noqa: BLE001 - a missing file: that effect is silent
            self.error = f"{type(exc).__name__}: {exc}"
            snd = None
        self._cache[name] = snd
        return snd


def _clamp(volume: float) -> float:
    try:
        return max(0.0, min(1.0, float(volume)))
    except (TypeError, ValueError):
        return 0.8
