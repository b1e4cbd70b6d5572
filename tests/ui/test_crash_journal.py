"""Autosave after every action: a real window process killed (SIGKILL) in the middle of an
activation, just after an attack, offers on restart a resume showing that attack's damage."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from game.engine.actions import Attack
from game.services import journal, userdata
from game.services.saves import load_game
from game.ui import session

ROOT = Path(__file__).resolve().parents[2]

# the window (dummy video driver), a game at an activation that can attack and go on, the
# attack made through the screen's clicks; then the window keeps running until killed
WINDOW = textwrap.dedent("""
    import os
    os.environ["SDL_VIDEODRIVER"] = "dummy"; os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.content import load_catalogue
    from game.engine.actions import Attack
    from game.engine.dice import RandomDice
    from game.engine.game import Game
    from game.ui import session
    from game.ui.app import App
    from game.uitest.driver import Driver
    from game.uitest.headless import play_until
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.play import PlayScene
    catalogue = load_catalogue()
    ctx = session.start(catalogue, 3)
    ctx.settings.animation_speed = 0
    app = App((1280, 800), 3, ctx)
    app.push(MenuScene(app))
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(3))
    def ready(g):
        return g.state.step == "act" and g.state.ap_left >= 2 and any(
            isinstance(a, Attack) and g.operative(a.target).damage == 0
            for a in g.legal_actions())
    play_until(game, 3, ready, 5000)
    assert ready(game)
    # against the computer (hard) in the other seat: the resume must keep it there
    me = game.state.to_act
    app.push(PlayScene(app, game, {me: "human", 3 - me: "hard"}))
    driver = Driver(app)
    attack = next(a for a in game.legal_actions() if isinstance(a, Attack)
                  and game.operative(a.target).damage == 0)
    driver.perform(attack)
    target = game.operative(attack.target)
    print("ATTACKED", attack.target, target.damage, len(game.log), game.state.ap_left, me,
          flush=True)
    while True:
        app.frame([])
""")


def test_kill_9_after_an_attack_resumes_with_its_damage(catalogue, home):
    env = dict(os.environ, FIRETEAM_HOME=str(home), PYTHONPATH=str(ROOT))
    out, err = home.parent / "window.out", home.parent / "window.err"
    with out.open("w") as stdout, err.open("w") as stderr:
        process = subprocess.Popen([sys.executable, "-c", WINDOW], env=env, stdout=stdout,
                                   stderr=stderr, text=True)
    try:
        line = ""
        while not line.endswith("\n"):  # until the window says the attack is made
            assert process.poll() is None, err.read_text()
            text = out.read_text()
            line = text[text.find("ATTACKED"):] if "ATTACKED" in text else ""
            time.sleep(0.05)
        _, target, damage, actions, ap_left, me = line.split()
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert process.returncode == -signal.SIGKILL
    assert int(ap_left) >= 1  # killed in the middle of the activation
    path = userdata.resume_available(catalogue)
    assert path is not None
    # the full autosave alone is from before the attack: the journal brings it back
    assert len(load_game(path, catalogue).log) < int(actions)
    game, setup, notes = session.resume_game(path, catalogue)
    assert notes == []
    # the record of the set-up came back with it: the computer still holds its seat
    assert setup.seats == {int(me): "human", 3 - int(me): "hard"} and not setup.inferred
    assert len(game.log) == int(actions)
    assert isinstance(__import__("game.engine.actions", fromlist=["parse_action"])
                      .parse_action(game.log[-1]), Attack)
    assert game.operative(target).damage == int(damage)


def test_a_half_written_last_line_is_ignored_with_a_note(catalogue, home, tmp_path):
    from game.ai.random_player import RandomPlayer
    from game.engine.dice import RandomDice
    from game.engine.game import Game

    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(4))
    start = game.to_dict()
    player = RandomPlayer(4)
    path = tmp_path / journal.JOURNAL
    for _ in range(5):
        action = player.choose(game)
        game.apply(action)
        journal.append(path, game, str(action))
    with path.open("a", encoding="utf-8") as handle:
        handle.write('{"at": 5, "act')  # the crash came in the middle of this line
    resumed = Game.from_dict(json.loads(json.dumps(start)), catalogue)
    notes = journal.catch_up(path, resumed)
    assert len(notes) == 1 and "cut short" in notes[0] and ":6:" in notes[0]
    assert resumed.state.to_dict() == game.state.to_dict()


@pytest.mark.parametrize("undo", [True])
def test_an_undo_in_the_journal_is_replayed(catalogue, home, tmp_path, undo):
    from game.engine.dice import RandomDice
    from game.engine.game import Game
    from game.uitest.headless import play_until

    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(6))
    play_until(game, 6, lambda g: g.state.step == "act" and g.state.ap_left >= 2, 5000)
    base = game.to_dict()
    path = tmp_path / journal.JOURNAL
    move = next(a for a in game.legal_actions() if type(a).__name__ == "Move")
    game.apply(move)
    journal.append(path, game, str(move))
    game.undo()
    journal.append(path, game, "undo")
    resumed = Game.from_dict(base, catalogue)
    assert journal.catch_up(path, resumed) == []
    assert resumed.state.to_dict() == game.state.to_dict()
