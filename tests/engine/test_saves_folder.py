"""Saving in the middle of a game and playing on from the save gives the same game as never
saving (the save holds the dice), and the atomic JSON writer the settings use."""

from __future__ import annotations

import json

import pytest

from game.ai.random_player import RandomPlayer
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.services.saves import load_game, save_game, write_json_atomic

MISSION = "dual_strike"
TEAMS = ("gideon", "deathless_destroyers")


def finish(game: Game, players: dict[int, RandomPlayer], limit: int = 5000) -> Game:
    for _ in range(limit):
        if game.is_over:
            return game
        game.apply(players[game.to_act].choose(game))
    raise AssertionError("the game did not end")


def players(seed: int) -> dict[int, RandomPlayer]:
    return {1: RandomPlayer(seed * 2 + 1), 2: RandomPlayer(seed * 2 + 2)}


@pytest.mark.parametrize("seed,stop", [(3, 40), (8, 150)])
def test_save_midgame_then_finish_matches(catalogue, tmp_path, seed, stop):
    straight = Game.new(catalogue, MISSION, TEAMS, RandomDice(seed))
    finish(straight, players(seed))

    game = Game.new(catalogue, MISSION, TEAMS, RandomDice(seed))
    chooser = players(seed)
    for _ in range(stop):
        if game.is_over:
            break
        game.apply(chooser[game.to_act].choose(game))
    path = tmp_path / "saves" / "middle.json"
    save_game(game, path)
    loaded = load_game(path, catalogue)
    assert loaded.to_dict() == game.to_dict()
    finish(loaded, chooser)  # the same players go on: their generators were not saved
    assert loaded.winner == straight.winner
    assert loaded.vp == straight.vp
    assert [str(e) for e in loaded.events] == [str(e) for e in straight.events]


def test_write_json_atomic_replaces_whole_file(tmp_path):
    path = tmp_path / "deep" / "settings.json"
    write_json_atomic({"a": 1}, path)
    write_json_atomic({"b": [1, 2]}, path)
    assert json.loads(path.read_text(encoding="utf-8")) == {"b": [1, 2]}
    assert [p.name for p in path.parent.iterdir()] == ["settings.json"]  # no leftovers
