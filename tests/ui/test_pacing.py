"""Pacing against the computer: the person's own attack result stays until they move on (a
click or a key, or the setting's seconds), and a greyed verb says why in its tooltip."""

from __future__ import annotations

import pygame
import pytest

from game.engine.actions import Attack
from game.engine.state import Step
from game.ui.chooser import Chooser
from tests.ui.helpers import open_play


def attack_then_computer(game) -> bool:
    """Player 1's last AP, with an attack to make: after it the computer acts."""
    if game.state.step != Step.ACT or game.state.to_act != 1 or game.state.ap_left != 1:
        return False
    return any(isinstance(a, Attack) for a in game.legal_actions())


def attacked(make_app, catalogue, hold: float):
    from game.ui.scenes.play import PlayScene

    app, first, _ = open_play(make_app, catalogue, seed=4, until=attack_then_computer)
    game = first.game
    assert attack_then_computer(game)
    app.pop()
    scene = PlayScene(app, game, {1: "human", 2: "easy"})
    app.push(scene)
    app.ctx.settings.result_hold = hold
    scene.act(next(a for a in game.legal_actions() if isinstance(a, Attack)))
    assert scene.computer_to_act(), "the computer should act after this attack"
    return app, scene


@pytest.mark.parametrize("key", [True, False])
def test_the_persons_attack_stays_until_a_click_or_a_key(make_app, catalogue, key):
    app, scene = attacked(make_app, catalogue, 0.0)
    game = scene.game
    made = len(game.log)
    roll = scene.anim.roll
    for _ in range(400):  # long enough for the computer to think and play several times
        app.frame([])
    assert len(game.log) == made and scene.anim.roll is roll
    assert scene.hint().startswith("Your attack's result: click or press a key")
    assert scene.frame_rate() == 0.0  # the window rests while it waits
    if key:
        event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                   scancode=0)
        app.frame([event])
    else:
        at = scene.view_board.rect.center
        app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])
        # that click only meant "go on": nothing of the person's is done by it
        assert all(line.startswith("2 ") for line in game.log[made:])
    for _ in range(400):
        if len(game.log) > made:
            break
        app.frame([])
    assert len(game.log) > made and game.log[-1].startswith("2 ")


def test_the_setting_lets_the_computer_go_on_after_its_seconds(make_app, catalogue):
    app, scene = attacked(make_app, catalogue, 3.0)
    game = scene.game
    made = len(game.log)
    for _ in range(60):  # two seconds at 30 frames a second
        app.frame([], dt=1 / 30)
    assert len(game.log) == made
    for _ in range(600):
        if len(game.log) > made:
            break
        app.frame([], dt=1 / 30)
    assert len(game.log) > made


def test_a_greyed_verb_says_why(catalogue):
    from game.ai.random_player import RandomPlayer
    from game.engine.dice import RandomDice
    from game.engine.game import Game

    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"), RandomDice(2))
    player = RandomPlayer(2)
    said: set[str] = set()
    for _ in range(600):
        if game.is_over:
            break
        if game.state.step == Step.ACT:
            chooser = Chooser(game.state, game.config, game.legal_actions(), game.why_not)
            for option in chooser.buttons():
                if option.value in ("move", "attack", "disengage") and not option.enabled:
                    assert option.tooltip.startswith(f"{option.label} is not possible now: ")
                    said.add(option.tooltip)
        game.apply(player.choose(game))
    assert any(t.startswith("Attack") for t in said) and any(
        t.startswith("Disengage") for t in said)
    assert not any(t.endswith("not offered at this moment") for t in said), said
