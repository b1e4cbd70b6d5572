"""The data folder, the list of saves, the autosave, the crash marker and the settings kept
between runs."""

from __future__ import annotations

import json
import os
import time
from dataclasses import fields

import pytest

from game.engine.dice import RandomDice
from game.engine.game import Game
from game.services import userdata
from game.services.saves import save_game
from game.ui.context import PALETTE, SETTINGS_FILE, Context, Settings, load_settings, save_settings
from tests.helpers import play
from tests.ui.helpers import midgame

TEAMS = ("gideon", "deathless_destroyers")


pytestmark = pytest.mark.usefixtures("home")


def finished(catalogue, seed: int = 4) -> Game:
    game = Game.new(catalogue, "dual_strike", TEAMS, RandomDice(seed))
    return play(game, seed, until=lambda g: g.is_over, steps=5000)


def test_data_folder_from_env_created_on_first_use(home):
    assert not home.exists()
    folder = userdata.data_folder()
    assert folder == home
    for sub in ("saves", "autosaves", "missions", "scenarios", "replays", "reports"):
        assert (home / sub).is_dir()
    assert userdata.log_path() == home / "fireteam.log"
    assert userdata.save_path("Club night") == home / "saves" / "Club night.json"


def test_data_folder_default_is_platformdirs(monkeypatch, tmp_path):
    import platformdirs
    monkeypatch.delenv("FIRETEAM_HOME")
    monkeypatch.setattr(platformdirs, "user_data_dir",
                        lambda name, appauthor=None: str(tmp_path / "pd" / name))
    assert userdata.data_folder() == tmp_path / "pd" / "fireteam"


def test_save_names_stay_in_the_saves_folder(home):
    assert userdata.save_path("../../etc/passwd").parent == home / "saves"
    assert userdata.save_path("game.json").name == "game.json"
    with pytest.raises(ValueError):
        userdata.save_path("  ...  ")


def test_list_saves_good_and_damaged(catalogue, home):
    game = midgame(catalogue)
    save_game(game, userdata.save_path("good"))
    damaged = userdata.save_path("damaged")
    damaged.write_text('{"format": ', encoding="utf-8")
    old = time.time() - 3600
    os.utime(damaged, (old, old))
    (home / "saves" / "notes.txt").write_text("not a save", encoding="utf-8")
    saves = userdata.list_saves(catalogue)
    assert [s.name for s in saves] == ["good", "damaged"]  # newest first
    good, bad = saves
    assert good.error is None
    assert good.mission == "Dual Strike"
    assert good.fireteams == (catalogue.fireteams[TEAMS[0]].name,
                              catalogue.fireteams[TEAMS[1]].name)
    assert good.turning_point == game.state.turning_point
    assert good.phase == "firefight"
    assert good.winner is None and not good.over
    assert good.date == time.strftime(userdata.DATE_FORMAT, time.localtime(good.mtime))
    assert bad.error is not None and "damaged.json" in bad.error and "JSON" in bad.error
    assert bad.summary == "cannot be loaded"


def test_list_saves_over_game_shows_winner(catalogue):
    game = finished(catalogue)
    userdata.autosave(game)
    (info,) = userdata.list_saves(catalogue)
    assert info.autosave and info.over and info.winner == game.winner
    assert info.name == "Autosave"


def test_autosave_atomic_and_previous_kept(catalogue, home):
    first = midgame(catalogue, 4)
    second = midgame(catalogue, 5)
    path = userdata.autosave(first)
    assert path == home / "autosaves" / "latest.json"
    assert not (home / "autosaves" / "previous.json").exists()
    userdata.autosave(second)
    latest = json.loads(path.read_text(encoding="utf-8"))
    previous = json.loads((home / "autosaves" / "previous.json").read_text(encoding="utf-8"))
    assert latest == second.to_dict()
    assert previous == first.to_dict()
    # nothing half-written or temporary left behind
    assert sorted(p.name for p in (home / "autosaves").iterdir()) == ["latest.json",
                                                                      "previous.json"]


def test_crash_marker_and_resume(catalogue):
    game = midgame(catalogue)
    assert userdata.resume_available(catalogue) is None  # no marker, no autosave
    userdata.write_crash_marker()
    assert userdata.resume_available(catalogue) is None  # a marker but no autosave
    userdata.autosave(game)
    # the program "crashes": the marker stays; at the next start the autosave is offered
    assert userdata.resume_available(catalogue) == userdata.autosave_path()
    userdata.remove_crash_marker()  # a clean exit
    assert userdata.resume_available(catalogue) is None
    userdata.remove_crash_marker()  # twice is fine


def test_no_resume_when_the_autosaved_game_is_over(catalogue):
    userdata.write_crash_marker()
    userdata.autosave(finished(catalogue))
    assert userdata.resume_available(catalogue) is None


def test_no_resume_of_a_damaged_autosave(catalogue):
    userdata.write_crash_marker()
    userdata.autosave_path().write_text("{}", encoding="utf-8")
    assert userdata.resume_available(catalogue) is None


# --- settings ----------------------------------------------------------------------------

CHANGED = Settings(hex_labels=False, animation_speed=2.0, window=(1600, 1000),
                   fullscreen=True, text_size=1.3, colours=("Vermillion", "Sky blue"),
                   sound=False, volume=0.35, result_hold=6.0)


def test_every_setting_differs_from_default_in_the_test():
    default = Settings()
    for f in fields(Settings):
        assert getattr(CHANGED, f.name) != getattr(default, f.name), f.name


def test_settings_round_trip(home):
    folder = userdata.data_folder()
    assert load_settings(folder) == (Settings(), None)  # no file yet: defaults, no message
    save_settings(CHANGED, folder)
    assert load_settings(folder) == (CHANGED, None)
    assert [p.name for p in folder.iterdir() if p.is_file()] == [SETTINGS_FILE]


def test_settings_take_effect_after_restart(make_app, catalogue):
    save_settings(CHANGED, userdata.data_folder())
    settings, message = load_settings(userdata.data_folder())
    assert message is None
    from game.ui.app import App
    from game.ui.assets import Assets
    ctx = Context(catalogue, Assets(), 0, settings=settings)
    app = App(settings.window, 0, ctx)
    assert app.size == (1600, 1000)
    assert ctx.colours == {1: PALETTE["Vermillion"], 2: PALETTE["Sky blue"]}
    assert ctx.px(100) == int(100 * 1.25 * 1.3)  # the window's scale times the text size
    assert ctx.settings.animation_speed == 2.0 and not ctx.settings.hex_labels
    small = Context(catalogue, Assets(), 0, settings=Settings(text_size=0.85))
    small.set_window((1280, 800))
    assert small.px(100) == 85


def test_damaged_settings_file_gives_defaults_and_says_so(home):
    folder = userdata.data_folder()
    (folder / SETTINGS_FILE).write_text('{"hex_labels": fals', encoding="utf-8")
    settings, message = load_settings(folder)
    assert settings == Settings()
    assert message is not None and SETTINGS_FILE in message and "JSON" in message
    (folder / SETTINGS_FILE).write_bytes(b"\xff\xfe")
    settings, message = load_settings(folder)
    assert settings == Settings() and message and SETTINGS_FILE in message
    (folder / SETTINGS_FILE).write_text("[1, 2]", encoding="utf-8")
    settings, message = load_settings(folder)
    assert settings == Settings() and message and SETTINGS_FILE in message


@pytest.mark.parametrize("key,value", [
    ("hex_labels", "yes"), ("animation_speed", 3), ("window", [10, 10]),
    ("window", "big"), ("fullscreen", 1), ("text_size", 4.0), ("text_size", True),
    ("colours", ["Blue", "Blue"]), ("colours", ["Blue", "Pink"]), ("sound", None),
    ("volume", 1.5), ("volume", "loud"),
])
def test_wrong_setting_names_the_key_and_keeps_the_rest(home, key, value):
    folder = userdata.data_folder()
    data = CHANGED.to_dict()
    data[key] = value
    (folder / SETTINGS_FILE).write_text(json.dumps(data), encoding="utf-8")
    settings, message = load_settings(folder)
    assert message is not None and SETTINGS_FILE in message and f"'{key}'" in message
    assert getattr(settings, key) == getattr(Settings(), key)
    for f in fields(Settings):
        if f.name != key:
            assert getattr(settings, f.name) == getattr(CHANGED, f.name)
