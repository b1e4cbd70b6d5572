"""Whole skirmish games played only through the screens (the chooser's routes for its
orders, shots, strike-backs, steps and pushes; markers placed and operatives deployed by
clicks), each equal to the same seeds' game on the bare engine; and the new-game screen's
rule set choice reaching the game."""

from __future__ import annotations

from collections import Counter

import pytest

from game.engine.game import Game
from game.engine.rulesets import skirmish
from game.uitest.driver import BiasedChooser, Driver, play_on_engine, play_through_ui
from tests.helpers import new_game
from tests.ui.conftest import SIZE
from tests.ui.helpers import driven

# seeds whose three games between them make every kind of decision (42, 43, 40 since every
# ranged weapon fires and a charge may be met: 37-39 no longer pushed anybody)
GAMES = [("dual_strike", ("gideon", "bad_ladz"), 42), ("power_up", ("pathfinders",
                                                                      "flickering_blade"), 43),
         ("cache_raid", ("kappic_eagles", "quickstrike"), 40)]


@pytest.fixture(scope="module")
def played(catalogue) -> list[tuple[Game, Counter, str]]:
    out = []
    for i in range(len(GAMES)):
        mission, teams, seed = GAMES[i]
        game = new_game(seed, mission, teams, catalogue=catalogue, rules="skirmish")
        driver = driven(catalogue, i, game, SIZE)
        app = driver.app
        play_through_ui(driver, BiasedChooser(500 + i))
        out.append((game, driver.done, app.scene.name))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("i", range(len(GAMES)))
def test_skirmish_game_through_the_screens_equals_the_engine_game(played, catalogue, i):
    game, _, top = played[i]
    mission, teams, seed = GAMES[i]
    reference = play_on_engine(new_game(seed, mission, teams, catalogue=catalogue,
                                        rules="skirmish"), BiasedChooser(500 + i))
    assert game.is_over and top == "EndScene"
    assert game.log == reference.log
    assert game.winner == reference.winner


@pytest.mark.slow
def test_every_skirmish_decision_went_through_clicks(played):
    done: Counter = Counter()
    for _, kinds, _ in played:
        done.update(kinds)
    for kind in ("PlaceObjective", "Deploy", "Hold", "Advance", "Rush", "Charge", "Shoot",
                 "HoldFire", "Meet", "StrikeBack", "Consolidate", "Push"):
        assert done[kind] > 0, f"no {kind} through the screens: {dict(done)}"


def test_the_new_game_screen_starts_a_skirmish_game(make_app, catalogue):
    from game.ui.scenes.newgame import NewGameScene

    app = make_app(1)
    scene = NewGameScene(app, mission="kt_forward_push")
    app.push(scene)
    driver = Driver(app)
    driver.pump([])
    scene.set_rules(skirmish.RULE_SET)
    # the Kill Team classic pack is not offered under these rules
    assert all(catalogue.missions[m].pack_rules is None for m in scene.missions)
    assert scene.mission in scene.missions
    driver.pump([])
    driver.click_button("Start")
    game = app.scene.game
    assert game.config.rules == skirmish.RULE_SET
    assert game.state.step == skirmish.SkirmishStep.PLACE_OBJECTIVES
