"""Saved games on disk: JSON, written atomically (a temporary file renamed into place), so a
crash while saving never leaves a half-written save behind."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from game.engine.defs import Catalogue
from game.engine.game import Game, SaveError


def save_game(game: Game, path: str | Path) -> None:
    """Write ``game`` to ``path`` atomically; raises OSError when the folder is not writable."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(game.to_dict(), handle, indent=1)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_game(path: str | Path, catalogue: Catalogue) -> Game:
    """Read a save; raises SaveError naming the file and what is wrong with it."""
    shown = os.fspath(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise SaveError(f"{shown}: cannot read the save ({error.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveError(f"{shown}:{error.lineno}:{error.colno}: not valid JSON "
                        f"({error.msg})") from None
    try:
        return Game.from_dict(data, catalogue)
    except SaveError as error:
        raise SaveError(f"{shown}: {error}") from None
