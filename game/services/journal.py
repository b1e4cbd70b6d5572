"""The autosave journal: every action since the last full autosave, one line each, appended,
flushed and synced to disk before play goes on, so that after a crash (or ``kill -9``) the
resume returns to the last completed action.

A line is ``{"at": N, "action": "1 move a D3 D4"}`` (``N``: the number of actions in the game's
log before it) or ``{"at": N, "undo": true}``. The first line of a journal is the record of
how the game was set up (``{"setup": {...}}``, game/services/game_setup.py), when the screen
gave one:
it says whose journal it is. A full autosave starts the journal afresh
(:func:`reset`). :func:`catch_up` applies the journal to the game loaded from the full
autosave: lines already in that save are skipped, the others applied in order; a last line
cut short by the crash is ignored, with a note saying so.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from game.engine.actions import NotationError, parse_action
from game.engine.errors import IllegalActionError
from game.engine.game import Game
from game.services.game_setup import GameSetup, SetupError

JOURNAL = "journal.jsonl"


def append(path: Path, game: Game, action: str, setup: GameSetup | None = None) -> None:
    """Record that ``action`` (its notation, or "undo") was just applied to ``game``; a new
    journal starts with ``setup``, when given. Raises OSError when the file cannot be
    written."""
    if action == "undo":
        line = {"at": len(game.log) + 1, "undo": True}
    else:
        line = {"at": len(game.log) - 1, "action": action}
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as handle:
        if setup is not None and handle.tell() == 0:
            handle.write(json.dumps({"setup": setup.to_dict()}) + "\n")
        handle.write(json.dumps(line) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def reset(path: Path) -> None:
    """A full autosave was written: the journal starts empty."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass


def read_setup(path: Path) -> GameSetup | None:
    """The record of how the journal's game was set up (its first line), or None (no
    journal, or one without a readable record)."""
    try:
        with path.open(encoding="utf-8") as handle:
            first = handle.readline()
        entry = json.loads(first)
        return GameSetup.from_dict(entry["setup"]) if isinstance(entry, dict) else None
    except (OSError, UnicodeDecodeError, ValueError, KeyError, SetupError):
        return None


def catch_up(path: Path, game: Game) -> list[str]:
    """Apply the journal at ``path`` to ``game`` (loaded from the last full autosave); the
    notes to show the player (a half-written last line ignored, a line that no longer fits
    the game). Never raises for a damaged journal: what cannot be used is left out."""
    notes: list[str] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return notes
    except (OSError, UnicodeDecodeError) as error:
        return [f"{path}: the journal of the last actions cannot be read ({error})"]
    for number, text in enumerate(lines, 1):
        try:
            entry = json.loads(text)
            if number == 1 and isinstance(entry, dict) and "setup" in entry:
                continue  # the record of the game's set-up (read_setup)
            at = int(entry["at"])
        except (ValueError, KeyError, TypeError):
            last = number == len(lines)
            notes.append(f"{path}:{number}: " + ("the last line was cut short by the crash "
                                                 "and is ignored" if last else
                                                 "a damaged line; the journal stops here"))
            break
        try:
            if entry.get("undo"):
                if at == len(game.log) and game.can_undo:
                    game.undo()
                continue
            if at < len(game.log):
                continue  # already in the full autosave
            if at > len(game.log):
                notes.append(f"{path}:{number}: a gap before this line; the journal stops here")
                break
            game.apply(parse_action(str(entry["action"])))
        except (NotationError, IllegalActionError, KeyError) as error:
            notes.append(f"{path}:{number}: {error}; the journal stops here")
            break
    return notes
