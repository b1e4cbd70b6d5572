"""A swapped target of opportunity is shown to its owner before the hand-over: after a swap
the whole hand stays up with the drawn cards marked NEW and a Continue button, and only then
does "Pass to <other player>" come."""

from __future__ import annotations

from game.engine.actions import Keep, Mulligan
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Step
from game.uitest.driver import Driver


def start(make_app, catalogue, seats=None):
    from game.ui.scenes.play import PlayScene

    app = make_app(5)
    game = Game.new(catalogue, "dual_strike", ("gideon", "bad_ladz"), RandomDice(5))
    play = PlayScene(app, game, seats)
    app.push(play)
    return app, game, play


def test_the_new_card_is_shown_to_its_owner_before_the_hand_over(make_app, catalogue):
    from game.ui.scenes.handover import HandoverScene

    app, game, play = start(make_app, catalogue)
    driver = Driver(app)
    driver.settle()  # "I am <first player>" confirmed
    first = game.state.to_act
    assert game.state.step == Step.MULLIGAN
    old = game.state.hands[first][0]
    app.ctx.drawn = []
    driver.click_card(old)
    driver.click_button("Swap 1 selected")
    assert game.state.step == Step.MULLIGAN and game.state.to_act == 3 - first
    assert play.swapped is not None and play.swapped[0] == first
    drawn = play.swapped[1]
    assert drawn and old not in game.state.hands[first]
    assert set(drawn) <= set(game.state.hands[first])
    # frames go by: still the swapping player's hand, no hand-over yet
    app.ctx.drawn = []
    for _ in range(3):
        driver.pump([])
    assert not isinstance(app.scene, HandoverScene) and app.scene is play
    texts = app.ctx.drawn
    for card in drawn:
        assert catalogue_name(game, card) in " | ".join(texts)
    assert "NEW" in texts
    assert any("your new card is marked NEW" in t for t in texts)
    assert driver.find_button("Continue") is not None
    # nothing else can be picked meanwhile: the Continue button is the only one
    assert [label for label, _ in play.panels.clickables()] == []
    driver.click_button("Continue")
    driver.pump([])
    assert isinstance(app.scene, HandoverScene) and app.scene.player == 3 - first
    assert play.swapped is None


def first_kept(make_app, catalogue):
    """The first player to mulligan keeps the hand (through the screen): the app, the game,
    the play screen, the driver and that first player."""
    app, game, play = start(make_app, catalogue)
    driver = Driver(app)
    driver.settle()
    first = game.state.to_act
    driver.perform(Keep(first))
    return app, game, play, driver, first


def test_keeping_shows_nothing_more(make_app, catalogue):
    from game.ui.scenes.handover import HandoverScene

    app, game, play, driver, first = first_kept(make_app, catalogue)
    assert play.swapped is None
    assert isinstance(app.scene, HandoverScene) and app.scene.player == 3 - first


def test_the_second_swap_is_shown_too_before_deployment(make_app, catalogue):
    app, game, play, driver, first = first_kept(make_app, catalogue)
    driver.confirm_handovers()  # "I am <second player>"
    second = game.state.to_act
    card = game.state.hands[second][1]
    driver.click_card(card)
    driver.click_button("Swap 1 selected")
    assert game.state.step == Step.DEPLOY
    assert play.swapped is not None and play.swapped[0] == second
    assert play.chooser.candidates == ()  # no deploying under the shown cards
    driver.click_button("Continue")
    assert play.swapped is None and play.chooser.candidates


def test_a_computer_swap_is_never_shown(make_app, catalogue):
    app, game, play = start(make_app, catalogue, {1: "normal", 2: "normal"})
    while game.state.step == Step.MULLIGAN:
        player = game.state.to_act
        play.act(Mulligan(player, (game.state.hands[player][0],)))
        assert play.swapped is None


def catalogue_name(game: Game, card: str) -> str:
    return game.config.targets[card].name
