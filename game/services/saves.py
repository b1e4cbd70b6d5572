"""Saved games on disk: JSON, written atomically (a temporary file renamed into place, then the
folder synced), so a crash while saving never leaves a half-written save behind. Temporary
files an interrupted save left behind are removed by the next save in the folder and by
:func:`clean_leftovers`."""

from __future__ import annotations

import json
import os
import re
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from game.engine.defs import Catalogue
from game.engine.game import Game, SaveError
from game.services.game_setup import GameSetup, SetupError

# what tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp") creates in save_game
_LEFTOVER = re.compile(r"^\.(?P<slot>.+)\.[a-z0-9_]{8}\.tmp$")
STALE_AFTER = 3600.0  # seconds: another slot's temporary file this old is surely abandoned


def save_game(game: Game, path: str | Path, players: dict[int, str] | None = None,
              setup: GameSetup | None = None) -> None:
    """Write ``game`` to ``path`` atomically, with the record of how it was set up (seats,
    levels, names, links: game/services/game_setup.py) and the players' names, when given; raises
    OSError when the folder is not writable. Leftovers of earlier interrupted saves of this
    slot (and stale ones of other slots) are removed first."""
    data = game.to_dict()
    if setup is not None:
        data["setup"] = setup.to_dict()
        players = players or setup.names
    if players:
        data["players"] = {str(p): str(name)[:40] for p, name in players.items()}
    write_json_atomic(data, path)


def read_players(path: str | Path) -> dict[int, str] | None:
    """The players' names a save was written with, or None (an older save, or unreadable:
    the names are a convenience, never a reason to refuse a save)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        names = data.get("players")
        found = {int(p): str(n) for p, n in names.items() if str(p) in ("1", "2")}
    except (OSError, ValueError, AttributeError, TypeError):
        return None
    return found if set(found) == {1, 2} else None


def read_setup(path: str | Path) -> GameSetup | None:
    """The record of how the saved game was set up (game/services/game_setup.py); None for a save
    written before records were kept (or one that cannot be read: loading it says why).
    Raises SetupError naming the key when the record is there but damaged."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("setup") is None:
        return None
    try:
        return GameSetup.from_dict(data["setup"])
    except SetupError as error:
        raise SetupError(f"{os.fspath(path)}: {error}") from None


def write_json_atomic(data: Any, path: str | Path) -> None:
    """Write ``data`` as JSON to ``path`` atomically (the way :func:`save_game` writes games:
    settings and other small files use it too); raises OSError when the folder is not
    writable."""
    write_atomic(path, lambda handle: json.dump(data, handle, indent=1))


def write_atomic(path: str | Path, write: Callable[[TextIO], object]) -> None:
    """Write a file at ``path`` atomically: ``write(handle)`` fills a temporary file beside it
    (UTF-8 text), which is then renamed into place and the folder synced; leftovers of
    earlier interrupted writes are removed first. Raises OSError when the folder is not
    writable (and whatever ``write`` raises, the temporary file removed)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(target.parent, slot=target.name, stale_after=STALE_AFTER)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sync_folder(target.parent)


def clean_leftovers(folder: str | Path) -> list[Path]:
    """Remove every temporary file an interrupted :func:`save_game` left in ``folder``;
    returns the files removed. Files that vanish or cannot be removed meanwhile are skipped."""
    return _remove_leftovers(Path(folder), slot=None, stale_after=0.0)


def _remove_leftovers(folder: Path, slot: str | None, stale_after: float) -> list[Path]:
    """Remove leftovers of ``slot`` (any age) and any leftover older than ``stale_after``."""
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        match = _LEFTOVER.match(entry.name)
        if match is None:
            continue
        try:
            if match["slot"] != slot and now - entry.stat().st_mtime < stale_after:
                continue
            if not entry.is_file():
                continue
            entry.unlink()
        except OSError:
            continue
        removed.append(entry)
    return removed


def _sync_folder(folder: Path) -> None:
    """Make the rename durable: fsync the folder (where the platform allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def load_game(path: str | Path, catalogue: Catalogue) -> Game:
    """Read a save; raises SaveError naming the file and what is wrong with it."""
    shown = os.fspath(path)
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise SaveError(f"{shown}: cannot read the save ({error.strerror})") from None
    return parse_save(raw, catalogue, shown)


def parse_save(raw: bytes, catalogue: Catalogue, shown: str = "<save>") -> Game:
    """A game from the bytes of a save file; raises SaveError naming ``shown`` and the
    position of bad bytes or bad JSON, or what is wrong with the game."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw.count(b"\n", 0, error.start) + 1
        column = error.start - (raw.rfind(b"\n", 0, error.start) + 1) + 1
        raise SaveError(f"{shown}:{line}:{column}: not UTF-8 text (byte {error.start}: "
                        f"{error.reason})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"{shown}:{error.lineno}:{error.colno}: not valid JSON "
                        f"({error.msg})") from None
    except (ValueError, RecursionError) as error:  # e.g. a number too long, nesting too deep
        raise SaveError(f"{shown}: not a valid save ({type(error).__name__}: "
                        f"{str(error)[:80]})") from None
    try:
        return Game.from_dict(data, catalogue)
    except SaveError as error:
        raise SaveError(f"{shown}: {error}") from None
