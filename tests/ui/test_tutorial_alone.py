"""The tutorial's turning point played alone against the computer (its Necrons' moves and
the dice scripted), then the turning point's summary and the mission's end screen read beside
the tutorial's box; and the box, when every place on the board hides an operative, in the
side panel instead (issue 37)."""

from __future__ import annotations

import pygame

from game.engine import Step as EngineStep
from game.help.tutorial_script import load_script
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.tutorial import NEXT, TutorialScene, TutorialScreen
from tests.ui.helpers import tutorial_at, tutorial_step


def test_the_computer_makes_its_scripted_moves_and_the_player_reveals_without_a_handover(
        make_app):
    app, driver = tutorial_at(make_app, tutorial_step("Turning point 2: on your own"))
    scene = app.scene
    assert isinstance(scene, TutorialScene) and scene.step.computer == 2
    # the Necrons (initiative holders) revealed by themselves; player 1's hand is shown at
    # once: one player at the screen, no hand-over
    assert scene.game.log[-1] == "2 reveal picked_off"
    driver.pump([])
    assert not isinstance(app.scene, HandoverScene)
    assert scene.private_to == 1 and scene.game.state.step == EngineStep.REVEAL
    wanted = scene.runner.expected()
    assert wanted is not None and wanted.player == 1
    scene.computer_held = True  # as autoplay does: the click checked before the answer
    driver.perform(wanted)  # reveal Foothold by clicks
    scene.computer_held = False
    for _ in range(5):
        driver.pump([])
    # the computer's ploy came by itself; the player's is next
    assert "2 ploy gauss_volley" in scene.game.log
    assert scene.runner.expected().player == 1  # type: ignore[union-attr]


def test_clicks_during_the_computers_turn_are_told_to_wait(make_app):
    app, driver = tutorial_at(make_app, tutorial_step("Turning point 2: the first turns"))
    scene = app.scene
    scene.computer_held = True  # the computer's first move not made yet
    assert scene.runner.computer_action() is not None
    before = list(scene.game.log)
    scene.act(scene.runner.computer_action())
    assert scene.game.log == before
    assert scene.reminder is not None and "computer is playing" in scene.reminder[0]
    scene.computer_held = False
    for _ in range(10):
        driver.pump([])
    assert scene.runner.computer_action() is None  # it moved on its own; the player's turn
    assert scene.game.state.to_act == 1


def test_the_turning_points_summary_and_the_end_screen_are_read_beside_the_box(make_app):
    app, driver = tutorial_at(make_app, tutorial_step("The turning point's summary"))
    screen = app.scene
    assert isinstance(screen, TutorialScreen) and screen.kind == "summary"
    assert screen.shown.summary.turning_point == 2  # type: ignore[attr-defined]
    tutorial = screen.tutorial
    box, target = screen.box_rect(), tutorial.target_rect()
    assert target is not None and not target.colliderect(box)
    driver.click_button(NEXT)
    assert app.scene is tutorial and tutorial.step.title == "Turning point 3: the last one"

    app, driver = tutorial_at(make_app, tutorial_step("The end screen"))
    screen = app.scene
    assert isinstance(screen, TutorialScreen) and screen.kind == "end"
    assert screen.tutorial.game.is_over
    app.ctx.drawn = []
    app.frame([])
    drawn, app.ctx.drawn = app.ctx.drawn, None
    assert any(text.endswith(" wins") or text == "A draw" for text in drawn)
    assert "Operatives lost" in drawn
    assert not screen.target().colliderect(screen.box_rect())
    driver.click_button(NEXT)  # on to the second chapter: a new game on a new screen
    assert isinstance(app.scene, TutorialScene)
    assert app.scene.step.title.startswith("More to know: a second chapter")


def test_back_from_the_end_screen_goes_to_the_step_before(make_app):
    app, driver = tutorial_at(make_app, tutorial_step("The end screen"))
    driver.click_button("Back a step")
    assert isinstance(app.scene, TutorialScene) and app.scene.step.title == "Victory"


def test_a_box_that_hides_an_operative_everywhere_on_the_board_goes_to_the_side_panel(
        make_app):
    """Step 25 at 1024x700: every corner and edge of the board hid three of player 1's
    operatives; the box now stands in for the dice and the log and hides none."""
    script = load_script()
    index = next(s.index - 1 for s in script.steps if s.kind == "act"
                 and any(" attack " in a for a in s.actions))
    for size in ((1024, 700), (1280, 800), (1920, 1080)):
        app, _ = tutorial_at(make_app, index, size)
        scene = app.scene
        scene.remind()  # the box at its tallest
        board = scene.view_board
        hidden = [o.id for o in scene.game.state.operatives.values() if o.hex
                  and scene.box.collidepoint(board.centre(o.hex))]
        assert hidden == [], (size, hidden)
        target = scene.target_rect()
        assert target is not None and not target.colliderect(scene.box)
        if size == (1024, 700):
            assert scene.panels.hidden == {"dice", "log"}
            assert scene.box.colliderect(scene.panels.log_box)
    pygame.event.clear()
