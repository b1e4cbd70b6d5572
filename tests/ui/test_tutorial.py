"""The tutorial on the real screens: the whole autoplay by synthesized clicks, the
highlight drawn where its target is, reminders for other clicks, Back and resuming."""

from __future__ import annotations

import json
import time

import pygame
import pytest

from game.tutorial_script import PROGRESS_FILE, load_script
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.tutorial import (
    HIGHLIGHT,
    NEXT,
    PLAY_REAL,
    TutorialScene,
    autoplay,
)
from game.uitest.driver import Driver

SAMPLE = {1, 3, 7, 9, 14, 19, 20, 25, 28, 29, 31, 36, 43, 46}


def ring_drawn(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """The highlight colour on the ring around ``rect`` (its top and left edges)."""
    ring = rect.inflate(8, 8)
    points = [(ring.centerx, ring.top + 1), (ring.left + 1, ring.centery),
              (ring.centerx, ring.bottom - 2), (ring.right - 2, ring.centery)]
    hits = sum(1 for p in points if surface.get_rect().collidepoint(p)
               and tuple(surface.get_at(p))[:3] == HIGHLIGHT)
    return hits >= 2


def test_autoplay_reaches_the_final_summary_and_draws_each_highlight(make_app):
    app = make_app()
    checked: list[int] = []

    def on_step(scene: TutorialScene) -> None:
        if scene.step.index in SAMPLE:
            rect = scene.target_rect()
            assert rect is not None, scene.step.index
            app.frame([])
            assert ring_drawn(app.screen, rect), f"no highlight at step {scene.step.index}"
            checked.append(scene.step.index)

    started = time.perf_counter()
    scene = autoplay(app, on_step=on_step)
    took = time.perf_counter() - started
    assert scene.step.final and scene.game.is_over
    assert sorted(checked) == sorted(SAMPLE)
    assert took < 60
    # the last button starts a real game of Dual Strike
    Driver(app).click_button(PLAY_REAL)
    plays = [s for s in app.stack if type(s).__name__ == "PlayScene"]
    assert len(plays) == 1 and not any(isinstance(s, TutorialScene) for s in app.stack)
    assert plays[0].game.state.turning_point == 1 and not plays[0].game.is_over


def test_a_click_elsewhere_only_reminds(make_app):
    app = make_app()
    scene = TutorialScene(app, 18, remember=False)  # "Activation and AP": intercessor1
    app.push(scene)
    driver = Driver(app)
    driver.pump([])
    before = list(scene.game.log)
    other = scene.game.state.operatives["intercessor2"].hex
    driver.click(scene.view_board.centre(other))
    assert scene.game.log == before and scene.reminder is not None
    assert scene.runner.index == 18
    driver.click(scene.view_board.centre(scene.game.state.operatives["intercessor1"].hex))
    assert scene.runner.index == 19 and scene.game.log[-1] == "1 activate intercessor1"


def test_back_replays_the_script_and_next_goes_on(make_app):
    app = make_app()
    scene = TutorialScene(app, 28, remember=False)  # just after an attack rolled its dice
    app.push(scene)
    driver = Driver(app)
    driver.pump([])
    log = list(scene.game.log)
    driver.click_button("Back a step")
    back = app.scene
    assert isinstance(back, TutorialScene) and back.runner.index == 27
    assert back.game.log == log[:-1]  # the attack is not made yet: it will roll the same
    back.runner.do_step()
    back.runner.advance()
    assert back.game.log == log


def test_leave_and_resume_at_the_same_step(make_app, tmp_path, monkeypatch):
    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path))
    app = make_app()
    from game.ui.scenes.menu import MenuScene
    app.push(MenuScene(app))
    scene = TutorialScene(app)
    app.push(scene)
    driver = Driver(app)
    driver.pump([])
    assert scene.runner.index == 0
    driver.click_button(NEXT)
    driver.click_button(NEXT)
    driver.click_button("Leave tutorial")
    assert isinstance(app.scene, MenuScene)
    assert json.loads((tmp_path / PROGRESS_FILE).read_text()) == {"step": 2}
    again = TutorialScene(app)
    assert again.runner.index == 2


def test_the_hand_over_screen_shows_the_guidance(make_app, tmp_path):
    app = make_app()
    scene = TutorialScene(app, 6, remember=False)  # the mulligan, after a hand-over
    app.push(scene)
    app.frame([])
    assert isinstance(app.scene, HandoverScene)
    app.frame([])
    button = next(r for label, r in app.scene.clickables() if label.startswith("I am"))
    assert ring_drawn(app.screen, button)


@pytest.mark.parametrize("index", [2, 24, 27])
def test_steps_render(make_app, tmp_path, index):
    app = make_app()
    scene = TutorialScene(app, index, remember=False)
    app.push(scene)
    app.frame([])
    app.frame([])
    assert len(load_script().steps) > index
    pygame.image.save(app.screen, str(tmp_path / f"step{index}.png"))
