"""The tutorial on the real screens: the whole autoplay by synthesized clicks, the
highlight drawn where its target is, reminders for other clicks, Back and resuming."""

from __future__ import annotations

import json

import pygame
import pytest

from game.help.tutorial_script import PROGRESS_FILE, load_script
from game.services.saves import load_game
from game.services.userdata import data_folder
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.tutorial import (
    HIGHLIGHT,
    NEXT,
    PLAY_REAL,
    TutorialScene,
    autoplay,
    use_tool,
)
from game.uitest.driver import Driver
from tests.helpers import tiered

# steps whose highlight is checked on screen (46-49 and 51-54: turning points 2 and 3 against
# the computer; 50 and 57: the summary and the end screen; 58-65: the second chapter, with the
# Hint button and the save; 66-69: the third and fourth, the fist and a tactical ploy)
SAMPLE = {1, 3, 7, 9, 14, 19, 20, 25, 28, 29, 31, 36, 43, 46, 47, 50, 51, 52, 53, 54, 57, 58,
          60, 61, 62, 63, 64, 65, 66, 67, 68, 69}


def ring_drawn(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    """The highlight colour on the ring around ``rect`` (its top and left edges)."""
    ring = rect.inflate(8, 8)
    points = [(ring.centerx, ring.top + 1), (ring.left + 1, ring.centery),
              (ring.centerx, ring.bottom - 2), (ring.right - 2, ring.centery)]
    hits = sum(1 for p in points if surface.get_rect().collidepoint(p)
               and tuple(surface.get_at(p))[:3] == HIGHLIGHT)
    return hits >= 2


@pytest.mark.slow  # the whole tutorial played through the screens
def test_autoplay_reaches_the_final_summary_and_draws_each_highlight(make_app):
    app = make_app()
    checked: list[int] = []

    def on_step(scene: TutorialScene) -> None:
        if scene.step.index in SAMPLE:
            app.frame([])  # (the computer may make its next scripted move in it)
            rect = scene.target_rect()
            assert rect is not None, scene.step.index
            assert ring_drawn(app.screen, rect), f"no highlight at step {scene.step.index}"
            checked.append(scene.step.index)

    scene = autoplay(app, on_step=on_step)
    # the last chapter: the Pathfinders' tactical ploy, on Dual Strike
    assert scene.step.final and scene.game.config.fireteams[1].id == "pathfinders"
    assert sorted(checked) == sorted(SAMPLE)
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


@pytest.mark.parametrize("index", tiered([2, 24, 27], keep=1))  # later steps: slow tier
def test_steps_render(make_app, tmp_path, index):
    app = make_app()
    scene = TutorialScene(app, index, remember=False)
    app.push(scene)
    app.frame([])
    app.ctx.drawn = []
    app.frame([])
    step = load_script().steps[index]
    drawn = " ".join(app.ctx.drawn)
    assert step.title in drawn  # the step's panel shows its title


def chapter_start(script) -> int:
    return next(i for i, s in enumerate(script.steps) if s.position)


def test_a_new_chapter_is_a_new_game_on_a_new_screen(make_app):
    script = load_script()
    app = make_app()
    scene = TutorialScene(app, chapter_start(script) - 1, remember=False)
    app.push(scene)
    driver = Driver(app)
    driver.pump([])
    assert scene.game.is_over
    driver.click_button(NEXT)
    chapter = app.scene
    assert isinstance(chapter, TutorialScene) and chapter is not scene
    assert chapter.runner is scene.runner and chapter.game is chapter.runner.game
    assert chapter.game.config.mission.id == "data_heist" and not chapter.game.is_over
    assert scene not in app.stack


def test_the_overcharge_step_refuses_the_plain_attack(make_app):
    from game.engine.actions import Attack

    script = load_script()
    index = next(i for i, s in enumerate(script.steps) if "overcharge" in " ".join(s.actions))
    app = make_app()
    scene = TutorialScene(app, index, remember=False)
    app.push(scene)
    driver = Driver(app)
    driver.pump([])
    driver.perform(scene.runner.expected())  # activate the sergeant
    wanted = scene.runner.expected()
    assert isinstance(wanted, Attack) and wanted.overcharge
    plain = Attack(1, wanted.operative, wanted.weapon, wanted.target)
    before = list(scene.game.log)
    scene.act(plain)
    assert scene.game.log == before and scene.reminder is not None
    assert "overcharged" in scene.reminder[0]
    driver.perform(wanted)  # through the chooser: target, then the overcharge line
    assert scene.game.log[-1].endswith("overcharge")


def test_tool_steps_wait_for_the_tool_at_their_place(make_app, home):
    script = load_script()
    index = next(i for i, s in enumerate(script.steps) if s.tool == "sight")
    app = make_app()
    scene = TutorialScene(app, index, remember=False)
    app.push(scene)
    driver = Driver(app)
    driver.pump([])
    board = scene.view_board
    target = scene.step.target
    before = list(scene.game.log)
    # a click on the board, a key elsewhere, the other tool: reminders or nothing
    other = next(o for o in scene.game.state.operatives.values() if o.player == 2 and o.hex)
    driver.click(board.centre(other.hex))
    assert scene.runner.index == index and scene.game.log == before
    driver.hover(board.centre(other.hex))
    driver.key(pygame.K_l)
    assert scene.runner.index == index
    driver.hover(board.centre(target))
    driver.key(pygame.K_t)
    assert scene.runner.index == index
    assert "hold L" in scene.instruction() and target in scene.instruction()
    # L with the mouse on the step's hex: the sight is shaded while L is held, and the
    # step waits until it has been seen (issue 37: it used to go on at the key press)
    driver.pump([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="",
                                    scancode=0)])
    assert scene.runner.index == index and scene.planning
    app.frame([], dt=0.5)
    assert scene.runner.index == index  # half a second: not yet
    app.frame([], dt=0.6)
    assert scene.runner.index == index + 1
    driver.pump([pygame.event.Event(pygame.KEYUP, key=pygame.K_l, mod=0, unicode="",
                                    scancode=0)])
    # T over the scarab swarm, held as long
    enemy = scene.game.state.operatives[scene.step.target]
    driver.hover(board.centre(enemy.hex))
    use_tool(driver, scene)
    assert scene.runner.index == index + 2 and scene.step.tool == "hint"
    # the Hint button is offered at the hint step, and pressing it ends the chapter
    app.frame([])
    assert scene.target_rect() is not None  # the highlight is on the Hint button
    driver.click_button("Hint")
    assert scene.suggestion is not None and scene.step.tool == "save"
    assert scene.suggestion.player == 1  # the player's own move, never the Necrons'
    # the save step: Esc opens the menu (the hint goes with it); closing it unsaved is not
    # enough, the game has to be saved, and the step goes on once play resumes
    driver.key(pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "PauseScene" and scene.step.tool == "save"
    driver.click_button("Resume", prefix=True)
    assert app.scene is scene and scene.step.tool == "save"
    driver.key(pygame.K_ESCAPE)
    driver.click_button("Save game", prefix=True)
    driver.click_button("Save")
    assert type(app.scene).__name__ == "PauseScene" and scene.step.tool == "save"
    saves = list((data_folder() / "saves").glob("*.json"))
    assert saves and load_game(saves[0], app.ctx.catalogue).log == scene.game.log
    driver.click_button("Resume", prefix=True)
    chapter = app.scene  # the next chapter begins, a new game on a new screen
    assert isinstance(chapter, TutorialScene) and chapter.step.position
    assert scene.game.log == before  # the tools never act on the game
