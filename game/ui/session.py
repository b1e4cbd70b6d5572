"""One run of the game window: the user's data folder, the settings kept between runs, the
autosave after every turn, resuming after a crash or a closed window, and what happens when
something unexpected goes wrong (the game is autosaved, the error goes to the log file, and a
bug report can be written)."""

from __future__ import annotations

import time
import traceback
from pathlib import Path
from typing import TYPE_CHECKING

from game.engine import Catalogue
from game.services import journal, userdata
from game.services.own_missions import load_own_missions
from game.ui.assets import Assets
from game.ui.context import Context, load_settings
from game.ui.services import Services

if TYPE_CHECKING:
    from game.engine import Game
    from game.services.game_setup import GameSetup
    from game.ui.app import App


def start(catalogue: Catalogue, seed: int | None) -> Context:
    """The context of a run: settings (a damaged file gives the defaults and a notice), own
    missions, sound, the autosave, and whether the last run left a game to resume. With
    ``seed`` (``--seed``) every new game takes that seed; without, each takes a fresh one."""
    folder = userdata.data_folder()
    settings, problem = load_settings(folder)
    resume = userdata.resume_available(catalogue)
    userdata.write_crash_marker()
    own = load_own_missions(catalogue, folder / "missions")
    ctx = Context(own.catalogue, Assets(), 1 if seed is None else seed, settings=settings,
                  fixed_seed=seed)
    from game.ui.sound import Sound

    ctx.services = Services(sound=Sound(enabled=settings.sound, volume=settings.volume),
                            own_missions=own, resume=resume, settings_notice=problem,
                            autosave=safe_autosave, journal=safe_journal)
    return ctx


def finish() -> None:
    """A clean exit: no game to resume next time."""
    userdata.remove_crash_marker()


def safe_autosave(game: Game, setup: GameSetup | None = None) -> str | None:
    """Autosave ``game`` with the record of how it was set up; a full disk or a read-only
    folder never stops play (the problem goes to the log file)."""
    try:
        saved = str(userdata.autosave(game, setup=setup))
        journal.reset(journal_path())
        return saved
    except OSError as error:
        log(f"autosave failed: {error}")
        return None


def journal_path() -> Path:
    """The journal of the actions since the last full autosave (game/services/journal.py)."""
    return userdata.autosaves_folder() / journal.JOURNAL


def safe_journal(game: Game, action: str, setup: GameSetup | None = None) -> None:
    """Append ``action`` (just applied to ``game``, or "undo") to the journal, synced to
    disk (a new journal starts with ``setup``); a full disk never stops play (the problem
    goes to the log file)."""
    try:
        journal.append(journal_path(), game, action, setup)
    except OSError as error:
        log(f"journal failed: {error}")


def resume_game(path: Path, catalogue: Catalogue,
                services: Services | None = None) -> tuple[Game, GameSetup, list[str]]:
    """The autosaved game at ``path`` with the journal's actions applied (the position
    after the last completed action) and the record of how it was set up. Raises SaveError
    for a damaged autosave."""
    from game.services.saves import load_game

    game = load_game(path, catalogue)
    setup, notes = setup_of_save(path, game, catalogue, services)
    if setup.inferred:  # the journal's first line may still say who played
        found = journal.read_setup(journal_path())
        if found is not None and not found.differences(game):
            setup = found
    return game, setup, notes + journal.catch_up(journal_path(), game)


def setup_of_save(path: Path | str, game: Game, catalogue: Catalogue,
                  services: Services | None = None) -> tuple[GameSetup, list[str]]:
    """The record of how the saved ``game`` (read from ``path``) was set up, and notes for
    the player. A save older than the record gets the seats it can infer (a campaign
    mission: its campaign's; else two people, marked as a guess for the screen to ask); a
    damaged record, or one of another game, is said in a note and inferred likewise."""
    from game.services.game_setup import SetupError, infer
    from game.services.saves import read_players, read_setup

    notes: list[str] = []
    try:
        setup = read_setup(path)
    except SetupError as error:
        setup, notes = None, [f"{error}; who played is asked again"]
    if setup is not None:
        wrong = setup.differences(game)
        if not wrong:
            return setup, notes
        notes.append(f"{path}: the record of the set-up is of another game ({wrong[0]}); "
                     "who played is asked again")
    return infer(game, read_players(path), campaign_seats(game, catalogue, services)), notes


def campaign_seats(game: Game, catalogue: Catalogue,
                   services: Services | None) -> dict[int, str] | None:
    """The seats and levels of the campaign ``game`` is a mission of (None: no campaign, or
    it is gone)."""
    return None if services is None else services.campaign_seats(catalogue, game)


def log(text: str) -> None:
    try:
        with userdata.log_path().open("a", encoding="utf-8") as handle:
            handle.write(f"{time.strftime('%Y-%m-%d %H:%M:%S')} {text}\n")
    except OSError:
        pass


def playing(app: App) -> Game | None:
    """The game being played, if any scene holds one."""
    for scene in reversed(app.stack):
        game = getattr(scene, "game", None)
        if game is not None and hasattr(game, "legal_actions"):
            return game  # type: ignore[no-any-return]
    return None


def crashed(app: App, error: BaseException) -> None:
    """Something went wrong in a frame: autosave, log, and show the error screen."""
    text = "".join(traceback.format_exception(error))
    log(f"unexpected error:\n{text}")
    game = playing(app)
    setup = next((scene.setup for scene in reversed(app.stack)
                  if getattr(scene, "game", None) is game and hasattr(scene, "setup")), None)
    saved = safe_autosave(game, setup) if game is not None else None
    from game.ui.registry import SceneName

    summary = f"{type(error).__name__}: {error}"
    app.restart(SceneName.ERROR, summary, lambda: bug_report(text, game), saved,
                game is not None)


def bug_report(trace: str, game: Game | None) -> str:
    """One file in the data folder's reports/: the error, the game's log, the save and the
    position as a scenario file. Returns its path."""
    import json

    from game.scenario.export import ExportError, export_scenario

    parts = [f"# Fireteam bug report, {time.strftime('%Y-%m-%d %H:%M:%S')}", "", "## error",
             trace]
    if game is not None:
        parts += ["## actions", *game.log, "", "## save", json.dumps(game.to_dict())]
        try:
            parts += ["", "## scenario", export_scenario(game)]
        except (ExportError, ValueError) as problem:
            parts += ["", "## scenario", f"(not exportable: {problem})"]
    folder = userdata.data_folder() / "reports"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"report-{time.strftime('%Y%m%d-%H%M%S')}.txt"
    path.write_text("\n".join(parts) + "\n", encoding="utf-8")
    return str(path)


def export_position(game: Game, name: str | None = None) -> tuple[bool, str]:
    """Write the position as a scenario file into the data folder's scenarios/; returns
    (done, the path or why it cannot be written)."""
    from game.scenario.export import ExportError, export_scenario

    try:
        text = export_scenario(game)
    except (ExportError, ValueError) as problem:
        return False, str(problem)
    folder = userdata.data_folder() / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name or time.strftime('position-%Y%m%d-%H%M%S')}.yaml"
    path.write_text(text, encoding="utf-8")
    return True, str(path)


__all__ = ["Path", "bug_report", "crashed", "export_position", "finish", "start"]
