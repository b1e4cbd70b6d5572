"""A run of the game window around the table: own missions, resuming after a crash, the error
screen and its bug report, exporting the position (game/ui/session.py, own_missions.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pygame
import pytest

from game.ai.random_player import RandomPlayer
from game.engine.dice import RandomDice
from game.engine.events import ActivationEnded
from game.engine.game import Game
from game.services import userdata
from game.services.own_missions import load_own_missions
from game.services.saves import load_game
from game.ui import session

ROOT = Path(__file__).resolve().parents[2]


def test_own_missions_join_the_list_and_a_broken_one_is_named(catalogue, tmp_path):
    folder = tmp_path / "missions"
    folder.mkdir()
    text = (ROOT / "missions" / "dual_strike.yaml").read_text(encoding="utf-8")
    (folder / "mine.yaml").write_text(
        text.replace("id: dual_strike", "id: my_strike").replace("name: Dual Strike",
                                                                 "name: My Strike"),
        encoding="utf-8")
    (folder / "broken.yaml").write_text("id: broken\nname: [unclosed\n", encoding="utf-8")
    own = load_own_missions(catalogue, folder)
    assert own.own == ("my_strike",)
    assert own.catalogue.missions["my_strike"].name == "My Strike"
    assert set(catalogue.missions) < set(own.catalogue.missions)
    (name, message), = own.broken
    assert name == "broken.yaml" and "broken.yaml:" in message  # file:line


def test_a_mission_reusing_a_shipped_id_is_refused(catalogue, tmp_path):
    folder = tmp_path / "missions"
    folder.mkdir()
    text = (ROOT / "missions" / "dual_strike.yaml").read_text(encoding="utf-8")
    (folder / "clash.yaml").write_text(text.replace("turning_points: 3", "turning_points: 4"),
                                       encoding="utf-8")
    own = load_own_missions(catalogue, folder)
    assert own.own == () and "duplicate mission id 'dual_strike'" in own.broken[0][1]


def test_own_missions_appear_in_the_new_game_screen(catalogue, home, make_app):
    folder = home / "missions"
    folder.mkdir(parents=True)
    text = (ROOT / "missions" / "dual_strike.yaml").read_text(encoding="utf-8")
    (folder / "mine.yaml").write_text(text.replace("id: dual_strike", "id: my_strike"),
                                      encoding="utf-8")
    (folder / "bad.yaml").write_text("id: bad\n", encoding="utf-8")
    app = make_app()
    own = load_own_missions(catalogue, folder)
    app.ctx.catalogue = own.catalogue
    app.ctx.services.own_missions = own
    from game.ui.scenes.newgame import NewGameScene

    scene = NewGameScene(app, mission="my_strike")
    app.push(scene)
    app.ctx.drawn = []
    app.frame([])
    assert "my_strike" in scene.missions
    assert any("bad.yaml" in s for s in app.ctx.drawn)


CRASHING_RUN = textwrap.dedent("""
    import os, sys
    from game.content import load_catalogue
    from game.ai.random_player import RandomPlayer
    from game.engine.dice import RandomDice
    from game.engine.events import ActivationEnded
    from game.engine.game import Game
    from game.ui import session
    catalogue = load_catalogue()
    ctx = session.start(catalogue, 1)
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(7))
    player = RandomPlayer(7)
    turns = 0
    while True:
        events = game.apply(player.choose(game))
        if any(isinstance(e, ActivationEnded) for e in events):
            ctx.services.autosave(game, None)  # as the play scene does after every turn
            turns += 1
            print(len(game.log), flush=True)
        if turns >= 9 and game.state.step == "act":
            os._exit(3)  # killed mid-turn
""")


def test_a_crash_mid_turn_resumes_at_the_last_completed_turn(catalogue, home):
    env = dict(os.environ, FIRETEAM_HOME=str(home), PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", CRASHING_RUN], env=env, capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 3, run.stderr
    saved_at = int(run.stdout.split()[-1])  # actions done at the last autosave
    path = userdata.resume_available(catalogue)
    assert path is not None
    resumed = load_game(path, catalogue)
    assert len(resumed.log) == saved_at and resumed.state.step == "activate"
    # the same game, played straight, passes through exactly that position
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(7))
    player = RandomPlayer(7)
    while len(game.log) < saved_at:
        game.apply(player.choose(game))
    assert game.state.to_dict() == resumed.state.to_dict()


def test_a_clean_exit_leaves_nothing_to_resume(catalogue, home):
    session.start(catalogue, 1)
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(2))
    player = RandomPlayer(2)
    while not any(isinstance(e, ActivationEnded) for e in game.apply(player.choose(game))):
        pass
    assert session.safe_autosave(game)
    session.finish()
    assert userdata.resume_available(catalogue) is None


def test_an_error_in_a_frame_shows_the_error_screen_and_writes_a_report(catalogue, home,
                                                                         make_app):
    from game.uitest.headless import open_scene

    app = make_app(3)
    open_scene(app, "play")
    play = app.scene

    def broken(dt: float) -> None:
        raise RuntimeError("a deliberate fault")

    play.update = broken  # type: ignore[method-assign]
    with pytest.raises(RuntimeError):
        app.frame([])
    session.crashed(app, RuntimeError("a deliberate fault"))
    assert type(app.scene).__name__ == "ErrorScene"
    assert userdata.autosave_path().is_file()  # the game was saved
    assert "a deliberate fault" in userdata.log_path().read_text(encoding="utf-8")
    report = Path(app.scene.write_report())
    text = report.read_text(encoding="utf-8")
    assert report.parent == userdata.data_folder() / "reports"
    assert "## error" in text and "## actions" in text and "## save" in text
    assert "## scenario" in text
    app.frame([])


def test_the_pause_menu_exports_the_position_as_a_scenario(catalogue, home, make_app):
    from game.ui.scenes.pause import PauseScene
    from game.uitest.headless import open_scene

    app = make_app(4)
    open_scene(app, "play")
    play = app.scene
    pause = PauseScene(app, play)
    app.push(pause)
    pause.export()
    written = list((home / "scenarios").glob("*.yaml"))
    assert pause.message and (written or "Cannot be written" in pause.message)
    if written:
        result = subprocess.run([sys.executable, "-m", "game.scenario", str(written[0])],
                                capture_output=True, text=True, cwd=ROOT, timeout=60)
        assert result.returncode == 0, result.stdout + result.stderr
    app.frame([])
    assert pygame.display.get_init()

