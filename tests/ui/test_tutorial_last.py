"""The tutorial's last turning point played by the player against the computer's scripted
Necrons, by clicks on the real screens, to the end of the mission; no hand-over words once the
player plays alone (nor in a game against the computer); the hint only ever speaks for the
player's own seat; and the save step done by saving from the pause menu (issue 37)."""

from __future__ import annotations

import pygame
import pytest

from game.engine import Game, RandomDice, Step
from game.help.tutorial_script import load_script
from game.services.userdata import data_folder
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.tutorial import PLAYER, TutorialScene, TutorialScreen
from tests.helpers import play
from tests.ui.helpers import tutorial_at, tutorial_step

HANDOVER_WORDS = ("Hand the screen", "Pass to", "I am Player")


def drawn_words(app) -> str:  # type: ignore[no-untyped-def]
    app.ctx.drawn = []
    app.frame([])
    drawn, app.ctx.drawn = app.ctx.drawn, None
    return " ".join(drawn)


def play_steps_by_clicks(app, driver, until: str, seen: list[str]) -> TutorialScene:  # type: ignore[no-untyped-def]
    """The player's actions by clicks, the computer's by itself, until the step titled
    ``until``; every frame's words gathered in ``seen``; never a hand-over screen."""
    scene = app.scene
    assert isinstance(scene, TutorialScene)
    for _ in range(400):
        if scene.step.title.startswith(until):
            return scene
        assert not isinstance(app.scene, HandoverScene), scene.step.title
        assert scene.error is None, scene.error
        seen.append(scene.hint())
        seen.append(drawn_words(app))
        action = scene.runner.expected()
        if action is None or scene.runner.computer_action() is not None:
            driver.pump([])  # the computer's scripted move comes by itself
            continue
        assert action.player == PLAYER
        scene.computer_held = True  # its answer once the click is checked
        try:
            driver.perform(action)
        finally:
            scene.computer_held = False
    raise AssertionError(f"stuck at step {scene.step.index}: {scene.step.title}")


def test_the_player_plays_turning_point_3_by_clicks_to_the_end_of_the_mission(make_app):
    app, driver = tutorial_at(make_app, tutorial_step("Turning point 3: the last one"))
    scene = app.scene
    assert isinstance(scene, TutorialScene) and scene.step.computer == 2
    assert scene.game.state.turning_point == 3 and scene.game.state.initiative == PLAYER
    start = len(scene.game.log)
    seen: list[str] = []
    scene = play_steps_by_clicks(app, driver, "The final scoring", seen)
    played = scene.game.log[start:]
    # the player's 8 turns made by clicks, the Necrons' 8 by the computer, on scripted dice
    assert sum(1 for a in played if a.startswith("1 activate ")) == 8
    assert sum(1 for a in played if a.startswith("2 activate ")) == 8
    assert "1 reveal infiltration" in played and "1 ploy transhuman_physiology" in played
    assert scene.game.is_over and scene.game.state.winner == PLAYER
    assert scene.game.state.control["obj1"] == PLAYER  # held to the end
    # nothing on screen asked for a hand-over, and no line spoke of the other seat's choice
    assert not any(word in text for text in seen for word in HANDOVER_WORDS)
    # then the final scoring, the result, and the end screen
    driver.click_button("Next")
    driver.click_button("Next")
    driver.pump([])
    assert isinstance(app.scene, TutorialScreen) and app.scene.kind == "end"


def test_no_handover_words_from_turning_point_2_to_the_end_screen(make_app):
    """The steps played alone, the summary between them and the readings after: the line
    under the board never says to hand the screen over (it did on the summary step)."""
    script = load_script()
    first = tutorial_step("Turning point 2: on your own")
    end = next(s.index - 1 for s in script.steps if s.screen == "end")
    for index in range(first, end + 1):
        app, driver = tutorial_at(make_app, index)
        tutorial = app.scene.tutorial if isinstance(app.scene, TutorialScreen) else app.scene
        assert isinstance(tutorial, TutorialScene)
        words = drawn_words(app) + " " + tutorial.hint()
        assert not any(w in words for w in HANDOVER_WORDS), (index + 1, tutorial.hint())
        assert not isinstance(app.scene, HandoverScene), index + 1
    # the summary step says what to do there
    app, _ = tutorial_at(make_app, tutorial_step("The turning point's summary"))
    assert app.scene.tutorial.hint() == "Press Next to go on."


def test_the_hint_never_proposes_the_opponents_move(make_app):
    """On the Necrons' turn the hint is refused with why; at the hint step (and at every
    step of the player's own) it proposes player 1's move."""
    app, driver = tutorial_at(make_app, tutorial_step("Turning point 2: the first turns"))
    scene = app.scene
    scene.computer_held = True  # the Necrons are to act
    assert scene.game.state.to_act == 2
    scene.ask_hint()
    assert scene.suggestion is None
    assert scene.reminder is not None and "your own moves" in scene.reminder[0]
    # at the hint step of the second chapter it is the player's turn, and the hint is theirs
    app, driver = tutorial_at(make_app, tutorial_step("Playing the computer"))
    scene = app.scene
    assert scene.game.state.to_act == PLAYER
    driver.click_button("Hint")
    assert scene.suggestion is not None and scene.suggestion.player == PLAYER
    assert scene.step.tool == "save"  # the hint step is done
    # through the whole second chapter, whoever is to act, a hint is never player 2's
    for title in ("Overcharge", "Special issue wargear",
                  "Mission actions", "Line of sight"):
        app, driver = tutorial_at(make_app, tutorial_step(title))
        scene = app.scene
        scene.ask_hint()
        assert scene.suggestion is None or scene.suggestion.player == PLAYER, title


def test_the_save_step_is_done_by_saving_and_resuming(make_app, home):
    app, driver = tutorial_at(make_app, tutorial_step("Saving the game"))
    scene = app.scene
    assert scene.step.tool == "save" and "Save game" in scene.instruction()
    # Ctrl+S works too: the save screen, Save, and the step goes on once play resumes
    driver.pump([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_s, mod=pygame.KMOD_CTRL,
                                    unicode="", scancode=0)])
    assert type(app.scene).__name__ == "SaveScene"
    assert scene.step.tool == "save"
    driver.click_button("Save")
    driver.pump([])
    assert list((data_folder() / "saves").glob("*.json"))
    assert isinstance(app.scene, TutorialScene) and app.scene is not scene  # next chapter
    assert app.scene.step.title == "Close quarters"


def test_a_game_against_the_computer_never_says_hand_the_screen_over(make_app, catalogue):
    """One person at the screen against the computer: the hidden hand is shown at once, and
    the line under the board never says to hand the screen over."""
    app = make_app(3)
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(3))
    play(game, 3, until=lambda g: g.state.step in (Step.MULLIGAN, Step.REVEAL)
         and g.state.to_act == 1)
    scene = PlayScene(app, game, {1: "human", 2: "normal"})
    app.push(scene)
    assert not scene.hands_over(1)
    assert "Hand the screen" not in scene.hint()
    app.frame([])
    assert not isinstance(app.scene, HandoverScene)
    assert "Hand the screen" not in scene.hint()
    # two people at one screen still hand it over
    hot_seat = PlayScene(make_app(3), game)
    assert hot_seat.hands_over(1)


def test_f2_shows_the_cards_on_the_summary_and_end_screen_steps(make_app):
    for title in ("The turning point's summary", "The end screen"):
        app, driver = tutorial_at(make_app, tutorial_step(title))
        screen = app.scene
        assert isinstance(screen, TutorialScreen)
        calls: list[int] = []
        original = screen.tutorial.panels.draw_cards_overlay
        screen.tutorial.panels.draw_cards_overlay = \
            lambda surface, original=original, calls=calls: (calls.append(1), original(surface))
        driver.key(pygame.K_F2)
        app.frame([])
        assert screen.tutorial.show_cards and calls, title
        driver.key(pygame.K_F2)
        assert not screen.tutorial.show_cards


@pytest.mark.slow  # the whole tutorial through the screens, at the smallest window
def test_every_step_title_is_whole_in_its_box_at_the_smallest_window(make_app):
    from game.ui.scenes.tutorial import autoplay

    app = make_app(0, (1024, 700))
    cut: list[str] = []

    def on_step(scene: TutorialScene) -> None:
        app.ctx.shortened = []
        app.frame([])
        cut.extend(f"step {scene.step.index}: {full}" for _, full in app.ctx.shortened
                   if full == scene.step.title)

    autoplay(app, on_step=on_step)
    assert not cut, cut
