"""The application shell: the window rests when nothing changes (no frame drawn without input,
animation or timer), wakes on input, and animates at full rate only while something plays."""

from __future__ import annotations

import time

import pygame

from game.engine.actions import Attack
from game.ui.app import FPS, GRACE, GRACE_RATE, SMOOTH
from game.uitest.headless import open_scene, play_until
from tests.ui.helpers import midgame


def settled(app) -> None:
    """Past the first frames and the input's grace time, the queue empty."""
    app.frame([])
    pygame.event.clear()
    app.dirty = False
    app.awake_until = 0.0


def test_the_idle_menu_draws_no_frame(make_app):
    app = make_app()
    open_scene(app, "menu")
    settled(app)
    assert app.frame_rate() == 0
    drawn = app.drawn_frames
    app.run(until=time.perf_counter() + 0.15)
    assert app.drawn_frames == drawn


def test_input_wakes_the_window_and_the_grace_time_ends(make_app):
    app = make_app()
    open_scene(app, "menu")
    settled(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    drawn = app.drawn_frames
    app.run(until=time.perf_counter() + 0.1)
    assert app.drawn_frames > drawn  # the input was answered by a frame
    woke = app.awake_until - GRACE
    assert app.frame_rate(now=woke + SMOOTH / 2) == FPS  # a list may glide
    assert app.frame_rate(now=woke + SMOOTH + 0.01) == GRACE_RATE  # a tooltip may appear
    assert app.frame_rate(now=app.awake_until + 0.01) == 0


def test_a_pushed_scene_is_drawn_without_input(make_app):
    app = make_app()
    open_scene(app, "menu")
    settled(app)
    app.scene.choose("cards")
    drawn = app.drawn_frames
    app.run(until=time.perf_counter() + 0.1)
    assert app.drawn_frames == drawn + 1  # once: the library is still afterwards


def test_the_play_screen_rests_and_animates_only_while_dice_roll(make_app, catalogue):
    from game.ui.scenes.play import PlayScene

    app = make_app(4)
    app.ctx.settings.animation_speed = 1.0
    game = play_until(midgame(catalogue), 4, lambda g: any(
        isinstance(a, Attack) for a in g.legal_actions()))
    scene = PlayScene(app, game)
    app.push(scene)
    scene.anim.banners.clear()
    settled(app)
    assert scene.frame_rate() == 0 and app.frame_rate() == 0
    attack = next(a for a in game.legal_actions() if isinstance(a, Attack))
    scene.act(attack)
    assert scene.anim.running() and app.frame_rate() == FPS
    for _ in range(20 * FPS):  # twenty seconds of frames: every animation has ended
        if not scene.anim.running():
            break
        app.frame([], 1 / FPS)
    assert not scene.anim.running()
    assert scene.anim.roll is not None  # the dice stay shown, still
    if not game.is_over and game.state.to_act not in scene.computers:
        scene.toast = None
        assert scene.frame_rate() == 0


def test_a_focused_text_field_blinks_its_caret_slowly(make_app):
    from game.ui.app import CARET_RATE
    from game.ui.scenes.cards import CardBrowserScene

    app = make_app()
    app.push(CardBrowserScene(app))
    settled(app)
    app.manager.set_focus_set(app.scene.search)
    assert app.frame_rate() == CARET_RATE


def test_the_window_runs_its_frames_and_saves_the_last(catalogue, home, tmp_path):
    from game.services import userdata
    from game.ui.shell import run_window

    shot = tmp_path / "shot.png"
    assert run_window(catalogue, 1, (1024, 700), frames=4, screenshot=str(shot),
                      first=lambda app: open_scene(app, "play"), menu=False) == 0
    assert pygame.image.load(str(shot)).get_size() == (1024, 700)
    assert not userdata.crash_marker_left()  # a clean exit: nothing to resume


def test_the_idle_benchmark_prints_its_line(catalogue, capsys):
    import re

    from game.cli.main import main

    assert main(["--bench-idle", "1", "--scene", "menu"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert re.fullmatch(r"idle: \d+\.\d % of a core over 1 s \(scene menu\)", last), last
