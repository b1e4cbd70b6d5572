"""The player's own files: one data folder (platformdirs' user data folder for "fireteam", or
``$FIRETEAM_HOME`` when set) holding the settings, saved games, the autosave, missions and
scenarios of their own, replays, reports and the log.

The autosave is ``autosaves/latest.json`` (the one before it kept as ``previous.json``). A
small "running" marker is written when the program starts and removed when it ends cleanly:
when the marker is still there at the next start, the program did not end cleanly and
:func:`resume_available` offers the autosave back.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from dataclasses import dataclass, field
from pathlib import Path

from game.engine import Catalogue, Game, SaveError
from game.services.game_setup import GameSetup
from game.services.saves import load_game, save_game, write_json_atomic

APP_NAME = "fireteam"
HOME_VARIABLE = "FIRETEAM_HOME"
SUBFOLDERS = ("saves", "autosaves", "missions", "scenarios", "replays", "reports")
LOG_FILE = "fireteam.log"
MARKER_FILE = "running.json"
AUTOSAVE = "latest.json"
PREVIOUS_AUTOSAVE = "previous.json"
DATE_FORMAT = "%Y-%m-%d %H:%M"


def data_folder() -> Path:
    """The data folder, created (with its subfolders) on first use."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        folder = Path(home).expanduser()
    else:
        import platformdirs

        folder = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    for sub in SUBFOLDERS:
        (folder / sub).mkdir(parents=True, exist_ok=True)
    return folder


def log_path() -> Path:
    return data_folder() / LOG_FILE


def saves_folder() -> Path:
    return data_folder() / "saves"


def autosaves_folder() -> Path:
    return data_folder() / "autosaves"


_UNSAFE = re.compile(r"[^\w\- .,'()]+")


def clean_name(name: str) -> str:
    """``name`` made safe as a file name (no folders, no odd characters); "" when nothing is
    left of it."""
    name = _UNSAFE.sub("_", name.strip()).strip(" .")
    if name.lower().endswith(".json"):
        name = name[:-5].rstrip(" .")
    return name[:60]


def save_path(name: str) -> Path:
    """Where the save called ``name`` goes: ``saves/NAME.json``. Raises ValueError when the
    name has nothing usable in it."""
    cleaned = clean_name(name)
    if not cleaned:
        raise ValueError("a save needs a name")
    return saves_folder() / f"{cleaned}.json"


# --- the list of saves -------------------------------------------------------------------------

@dataclass
class SaveInfo:
    """One save file as the load screen lists it."""

    path: Path
    mtime: float
    date: str  # the file's modification time, as shown
    autosave: bool = False
    mission: str = ""
    fireteams: tuple[str, str] = ("", "")
    turning_point: int = 0
    phase: str = ""
    over: bool = False
    winner: int | None = None  # when over: 0 a draw, else the winning player
    vp: dict[int, int] = field(default_factory=dict)
    error: str | None = None  # the SaveError message: the save cannot be loaded
    game: Game | None = field(default=None, repr=False, compare=False)  # as loaded

    @property
    def name(self) -> str:
        if self.autosave:
            return "Autosave" if self.path.name == AUTOSAVE else "Autosave (the one before)"
        return self.path.stem

    @property
    def summary(self) -> str:
        """One line: where the game stands."""
        if self.error is not None:
            return "cannot be loaded"
        if self.over:
            result = "a draw" if not self.winner else f"player {self.winner} won"
            return f"over, {result} ({self.vp.get(1, 0)}-{self.vp.get(2, 0)} VP)"
        return (f"turning point {self.turning_point}, {self.phase} "
                f"({self.vp.get(1, 0)}-{self.vp.get(2, 0)} VP)")


def save_info(path: Path, catalogue: Catalogue, autosave: bool = False) -> SaveInfo:
    """What the load screen shows of one file; a damaged file gives its error, never
    raises."""
    try:
        mtime = path.stat().st_mtime
    except OSError:
        mtime = 0.0
    info = SaveInfo(path, mtime, time.strftime(DATE_FORMAT, time.localtime(mtime)), autosave)
    try:
        game = load_game(path, catalogue)
    except SaveError as error:
        info.error = str(error)
        return info
    except Exception as error:  # noqa: BLE001 - a damaged save is listed, never a crash
        info.error = f"{path}: not a valid save ({type(error).__name__}: {str(error)[:80]})"
        return info
    describe(info, game)
    info.game = game
    return info


def describe(info: SaveInfo, game: Game) -> None:
    config, state = game.config, game.state
    info.mission = config.mission.name if config.mission else "?"
    teams = [config.fireteams.get(player) for player in (1, 2)]
    info.fireteams = (teams[0].name if teams[0] else "?", teams[1].name if teams[1] else "?")
    info.turning_point = state.turning_point
    info.phase = str(getattr(state.phase, "value", state.phase)).replace("_", " ")
    info.over = game.is_over
    info.winner = game.winner if game.is_over else None
    info.vp = dict(game.vp)


def list_saves(catalogue: Catalogue) -> list[SaveInfo]:
    """Every ``*.json`` in saves/ and autosaves/, newest first."""
    folder = data_folder()
    found: list[SaveInfo] = []
    for sub, autosave in (("saves", False), ("autosaves", True)):
        try:
            paths = sorted((folder / sub).glob("*.json"))
        except OSError:
            continue
        for path in paths:
            if path.is_file():
                found.append(save_info(path, catalogue, autosave))
    found.sort(key=lambda info: (-info.mtime, info.path.name))
    return found


# --- the autosave and the crash marker ---------------------------------------------------------

def autosave_path() -> Path:
    return autosaves_folder() / AUTOSAVE


def autosave(game: Game, players: dict[int, str] | None = None,
             setup: GameSetup | None = None) -> Path:
    """Save ``game`` atomically as autosaves/latest.json (with the record of how it was set
    up, game/services/game_setup.py), the one there before kept as previous.json. Raises
    OSError when
    the folder is not writable."""
    latest = autosave_path()
    if latest.is_file():  # copied, not moved: there is always a whole latest.json
        previous = latest.with_name(PREVIOUS_AUTOSAVE)
        temporary = latest.with_name(f".{PREVIOUS_AUTOSAVE}.copy.tmp")
        shutil.copyfile(latest, temporary)
        os.replace(temporary, previous)
    save_game(game, latest, players, setup)
    return latest


def marker_path() -> Path:
    return data_folder() / MARKER_FILE


def write_crash_marker() -> None:
    """Call at the start: the marker says the program is running."""
    write_json_atomic({"pid": os.getpid(), "started": time.time()}, marker_path())


def remove_crash_marker() -> None:
    """Call on a clean exit."""
    try:
        marker_path().unlink()
    except FileNotFoundError:
        pass


def crash_marker_left() -> bool:
    """Whether the last run left its marker behind (it did not end cleanly)."""
    return marker_path().exists()


def resume_available(catalogue: Catalogue | None = None) -> Path | None:
    """The autosave, when the last run did not end cleanly and the autosaved game is not
    over (nor damaged); else None. Call it before :func:`write_crash_marker`."""
    if not crash_marker_left():
        return None
    path = autosave_path()
    if not path.is_file():
        return None
    if catalogue is None:
        from game.content import load_catalogue

        catalogue = load_catalogue()
    try:
        game = load_game(path, catalogue)
    except Exception:  # noqa: BLE001 - a damaged autosave is simply not offered
        return None
    return None if game.is_over else path
