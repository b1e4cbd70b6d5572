"""A third rule set plugs in from a folder of its own: a toy (a flow of two steps, one action:
each player in turn tallies a point, the first to three wins) written into a temporary
folder registers itself with the registries (the engine's rule sets, the play screen's
routes, the words) and is played through the engine, the random player and a headless play
screen, with no file of the game touched."""

from __future__ import annotations

import importlib
import sys
import textwrap

import pygame
import pytest

from game.engine import actions as engine_actions
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.rulebook import unregister_rule_set

TOY = '''
"""A toy rule set: each player in turn tallies a point; the first to three wins."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.actions import Action, NotationError
from game.engine.events import Scored
from game.engine.rulebook import Book, register_rule_set
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.rulesets.fireteam.table import Stage
from game.engine.state import Phase, Step, opponent
from game.ui.chooser import register_route
from game.ui.fields import Field, Kind
from game.ui.words import register_phrases

GOAL = 3


class Tally(Action):
    verb: ClassVar[str] = "tally"

    def notation(self):
        return self.verb

    @classmethod
    def parse(cls, player, rest):
        if rest:
            raise NotationError("expected 'tally'")
        return cls(player)


class TallyRule(ActionRule[Tally]):
    action = Tally

    def generate(self, game, player):
        yield Tally(player)

    def why_not(self, game, action):
        return None

    def apply(self, game, action):
        state = game.state
        state.vp[action.player] += 1
        game.emit(Scored(action.player, 1, state.turning_point, "tally", "Tally"))
        state.to_act = opponent(action.player)


def begin(game):
    game.state.to_act = 1


def done(game):
    return max(game.state.vp.values()) >= GOAL


def finish(game):
    state = game.state
    state.winner = 1 if state.vp[1] > state.vp[2] else 2
    state.phase, state.step = Phase.OVER, Step.NONE
    game.emit(game.book.ended(state.winner, (state.vp[1], state.vp[2])))


START = (Phase.SETUP, Step.NONE)
FLOW = {START: Stage(Phase.SETUP, Step.NONE, successors=((Phase.FIREFIGHT, Step.ACT),)),
        (Phase.FIREFIGHT, Step.ACT): Stage(Phase.FIREFIGHT, Step.ACT, waits_for=(Tally,),
                                           on_begin=begin, end_if=done, on_end=finish)}
RULES = {Tally: TallyRule()}


def generate(game):
    if game.is_over:
        return []
    return list(RULES[Tally].generate(game, game.state.to_act))


def why_not(game, action):
    if not isinstance(action, Tally):
        return f"{action} is not an action of the toy rules"
    if game.is_over:
        return "the game is over"
    if action.player != game.state.to_act:
        return f"it is player {game.state.to_act}'s turn"
    return None


def make_book():
    return Book(RULES, FLOW, START, {Phase.SETUP: (Step.NONE,),
                                     Phase.FIREFIGHT: (Step.ACT,)},
                generate, why_not, lambda game, at, target, where=None: False,
                lambda game, player: [])


def route(action, state, config, label):
    if isinstance(action, Tally):
        return (Field(Kind.VERB, "tally", "Tally", "Score one point"),)
    return None


register_rule_set("toy", "Toy tallies", make_book)
register_route(route)
register_phrases({Tally: lambda words, action: "tally a point"})
'''


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The toy rule set's module, imported from a temporary folder; every registry is
    given back as it was afterwards."""
    from game.ui import chooser, words

    folder = tmp_path / "toy_rules"
    folder.mkdir()
    (folder / "__init__.py").write_text(textwrap.dedent(TOY))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(engine_actions, "VERBS", dict(engine_actions.VERBS))
    monkeypatch.setattr(chooser, "ROUTES", list(chooser.ROUTES))
    monkeypatch.setattr(words, "_ACTION_PHRASES", dict(words._ACTION_PHRASES))
    module = importlib.import_module("toy_rules")
    yield module
    unregister_rule_set("toy")
    sys.modules.pop("toy_rules", None)


def new_game(catalogue, seed: int = 1) -> Game:
    return Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(seed), rules="toy")


def test_the_engine_plays_the_toy_rule_set(toy, catalogue) -> None:
    game = new_game(catalogue)
    assert str(game.rules) == "toy" and not game.is_over
    assert [str(a) for a in game.legal_actions()] == ["1 tally"]
    assert game.why_not(toy.Tally(2)) == "it is player 1's turn"
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.log == ["1 tally", "2 tally", "1 tally", "2 tally", "1 tally"]
    assert game.winner == 1 and game.vp == {1: 3, 2: 2}
    assert game.state.phase.value == "over"


def test_the_random_player_plays_it(toy, catalogue) -> None:
    from game.ai.random_player import RandomPlayer

    game = new_game(catalogue)
    player = RandomPlayer(5)
    while not game.is_over:
        game.apply(player.choose(game))
    assert len(game.log) == 5 and game.winner == 1


def test_a_headless_play_screen_plays_it(toy, catalogue) -> None:
    from game.ui.scenes.play import PlayScene
    from game.ui.words import Words
    from game.uitest.driver import BiasedChooser, Driver, play_through_ui
    from game.uitest.headless import make_app

    if pygame.display.get_init():
        pygame.event.clear()
    app = make_app(catalogue, 1, (1280, 800))
    app.ctx.settings.animation_speed = 0
    game = new_game(catalogue)
    assert Words(game, {}).action(game.legal_actions()[0]) == "tally a point"
    app.push(PlayScene(app, game))
    play_through_ui(Driver(app), BiasedChooser(3))
    assert game.is_over and game.winner == 1
    assert game.log == ["1 tally", "2 tally", "1 tally", "2 tally", "1 tally"]
