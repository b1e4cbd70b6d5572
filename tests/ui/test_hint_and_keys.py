"""The hint stays until taken or dismissed, says why in a sentence, marks its move on the
board (a Wait too) and is taken with Enter; F2 shows the cards over a hand being chosen; Esc
on the hand-over screen opens the menu, the cards still hidden."""

from __future__ import annotations

import pygame

from game.engine import Game, RandomDice, Step, Wait
from game.ui.scenes.play import PlayScene
from game.ui.scenes.play_board import suggestion_hexes
from tests.helpers import play


def key(app, k: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def acting(make_app, catalogue, seed: int = 5):
    """Player 1 (a person) in an activation, against the computer."""
    app = make_app(seed)
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(seed))
    play(game, seed, until=lambda g: g.state.step == Step.ACT and g.state.to_act == 1)
    scene = PlayScene(app, game, {1: "human", 2: "normal"})
    app.push(scene)
    app.frame([])
    return app, scene, game


def test_the_hint_stays_says_why_marks_and_is_taken_with_enter(make_app, catalogue):
    app, scene, game = acting(make_app, catalogue)
    scene.ask_hint()
    suggestion = scene.suggestion
    assert suggestion is not None
    assert scene.hint_why.endswith(".") and len(scene.hint_why.split()) >= 4
    assert suggestion_hexes(scene)  # something on the board is marked
    for _ in range(5):  # many seconds later it is still there
        scene.update(1.0)
        app.frame([])
    app.ctx.drawn = []
    app.frame([])
    drawn = " ".join(app.ctx.drawn)
    app.ctx.drawn = None
    assert scene.hint_why in drawn and "Enter takes it" in drawn
    done = len(game.log)
    key(app, pygame.K_RETURN)
    assert len(game.log) == done + 1 and game.log[-1].endswith(suggestion.notation())
    assert scene.suggestion is None


def test_esc_dismisses_the_hint(make_app, catalogue):
    app, scene, game = acting(make_app, catalogue)
    scene.ask_hint()
    done = len(game.log)
    key(app, pygame.K_ESCAPE)
    assert scene.suggestion is None and len(game.log) == done
    assert type(app.scene).__name__ == "PlayScene"  # the first Esc only dismissed the hint


def test_a_wait_hint_marks_the_operative_that_waits(make_app, catalogue):
    app, scene, game = acting(make_app, catalogue)
    scene.suggestion = Wait(1)
    assert suggestion_hexes(scene) == [game.state.operatives[game.state.active].hex]


def test_f2_shows_the_cards_while_targets_are_chosen(make_app, catalogue):
    from game.uitest.driver import Driver

    app = make_app(1)
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(1))
    scene = PlayScene(app, game)
    app.push(scene)
    app.frame([])
    Driver(app).confirm_handovers()
    app.frame([])
    assert game.state.step == Step.MULLIGAN and scene.private_to == game.state.to_act
    calls = []
    original = scene.panels.draw_cards_overlay
    scene.panels.draw_cards_overlay = lambda surface: (calls.append(1), original(surface))
    key(app, pygame.K_F2)
    app.frame([])
    assert scene.show_cards and calls  # drawn over the hand, not behind it


def test_esc_on_the_hand_over_screen_opens_the_menu_with_the_cards_hidden(make_app,
                                                                          catalogue):
    app = make_app(1)
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(1))
    app.push(PlayScene(app, game))
    app.frame([])
    assert type(app.scene).__name__ == "HandoverScene"
    key(app, pygame.K_ESCAPE)
    assert type(app.scene).__name__ == "PauseScene"
    assert type(app.stack[-2]).__name__ == "HandoverScene"  # still covering the hand
    key(app, pygame.K_ESCAPE)
    app.frame([])
    assert type(app.scene).__name__ == "HandoverScene"


def test_the_tooltip_and_path_go_when_the_mouse_leaves_the_board(make_app, catalogue):
    app, scene, game = acting(make_app, catalogue)
    moves = [a for a in scene.chooser.candidates if type(a).__name__ == "Move"]
    if moves:
        h = moves[0].destination
        x, y = scene.view_board.centre(h)
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0),
                                      buttons=(0, 0, 0))])
        assert scene.hover == h
    for leave in (pygame.event.Event(pygame.MOUSEMOTION, pos=(scene.view_board.rect.right + 40,
                                                              300), rel=(0, 0),
                                     buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.WINDOWLEAVE),
                  pygame.event.Event(pygame.WINDOWFOCUSLOST)):
        scene.hover = "E6"
        app.frame([leave])
        assert scene.hover is None


def test_over_the_tutorial_box_the_mouse_is_off_the_board(make_app):
    from game.ui.scenes.tutorial import TutorialScene

    app = make_app(0)
    scene = TutorialScene(app, 19, remember=False)
    app.push(scene)
    app.frame([])
    scene = app.scene
    scene.hover = "E6"
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.box.center, rel=(0, 0),
                                  buttons=(0, 0, 0))])
    assert scene.hover is None
