"""Computer seats in the client: a game of two computers plays itself to the end exactly as
the same players do on the bare engine; a human against a computer sees no hand-over screen;
the hint suggests a legal action without playing it (game/ui/scenes/play.py)."""

from __future__ import annotations

from game.ai.players import player_for
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene

TEAMS = ("gideon", "deathless_destroyers")


def test_two_computers_play_a_whole_game_as_on_the_engine(make_app, catalogue):
    app = make_app(5)
    app.push(MenuScene(app))
    seats = {1: "easy", 2: "easy"}
    scene = PlayScene.new_game(app, "dual_strike", TEAMS, seed=5, seats=seats)
    app.push(scene)
    for _ in range(5000):
        if scene.game.is_over:
            break
        app.frame([])
    assert scene.game.is_over
    app.frame([])
    assert type(app.scene).__name__ == "EndScene"
    # the same players, straight on the engine
    game = Game.new(catalogue, "dual_strike", TEAMS, RandomDice(5))
    players = {p: player_for(level, app.ctx.seed * 10 + p) for p, level in seats.items()}
    while not game.is_over:
        seat = game.state.to_act
        game.apply(players[seat].choose(game.view(seat)))
    assert game.log == scene.game.log and game.vp == scene.game.vp


def test_a_human_against_a_computer_needs_no_hand_over(make_app):
    app = make_app(2)
    app.push(MenuScene(app))
    scene = PlayScene.new_game(app, "dual_strike", TEAMS, seed=2, seats={1: "human", 2: "easy"})
    app.push(scene)
    seen = set()
    for _ in range(400):
        app.frame([])
        seen.add(type(app.scene))
        if scene.game.state.step == "deploy":
            break
        if scene.game.state.to_act == 1 and scene.private_to == 1:
            # the human's own hand is shown at once; the computer's never is
            scene.act(next(a for a in scene.game.legal_actions()
                           if type(a).__name__ == "Keep"))
    assert HandoverScene not in seen
    assert scene.game.state.step == "deploy"


def test_the_hint_is_a_legal_action_shown_not_played(make_app, catalogue):
    from game.uitest.headless import play_until

    app = make_app(4)
    app.push(MenuScene(app))
    game = Game.new(catalogue, "dual_strike", TEAMS, RandomDice(4))
    play_until(game, 4, lambda g: g.state.step == "act" and g.state.to_act == 1)
    scene = PlayScene(app, game, {1: "human", 2: "normal"})
    app.push(scene)
    before = list(game.log)
    scene.ask_hint()
    assert scene.suggestion in game.legal_actions() or game.is_legal(scene.suggestion)
    app.frame([])
    assert game.log == before
