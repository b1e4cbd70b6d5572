"""Shared material for the event, query and copy tests: random games over several missions
and fireteams (fixed seeds), the positions met along them, and small games built from
scenario text."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from game.ai.random_player import RandomPlayer
from game.cli.simulate import play_random_game
from game.content import load_catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game

CATALOGUE = load_catalogue()
MISSIONS = sorted(CATALOGUE.missions)
TEAMS = sorted(CATALOGUE.fireteams)


def setup_of(seed: int) -> tuple[str, tuple[str, str]]:
    """The mission and fireteams of random game ``seed`` (every mission and pairing in turn)."""
    mission = MISSIONS[seed % len(MISSIONS)]
    teams = (TEAMS[seed % len(TEAMS)], TEAMS[(seed * 5 + 1) % len(TEAMS)])
    return mission, teams


@cache
def finished_game(seed: int) -> Game:
    """Random game ``seed`` played to the end (do not change it: it is shared)."""
    mission, teams = setup_of(seed)
    return play_random_game(CATALOGUE, mission, teams, seed, check=False)


# seeds whose random game deals targets of opportunity (the Fireteam pack's missions; a Kill
# Team classic mission scores secondary objectives instead)
TARGET_SEEDS = [s for s in range(60)
                if CATALOGUE.missions[setup_of(s)[0]].pack == "fireteam"]


def positions(seed: int, every: int = 1) -> Iterator[Game]:
    """Random game ``seed`` at every ``every``-th decision, up to its end (the same game
    object, moved on between yields)."""
    mission, teams = setup_of(seed)
    game = Game.new(CATALOGUE, mission, teams, RandomDice(seed))
    players = {1: RandomPlayer(seed * 2 + 1), 2: RandomPlayer(seed * 2 + 2)}
    step = 0
    while not game.is_over:
        if step % every == 0:
            yield game
        game.apply(players[game.to_act].choose(game))
        step += 1
    yield game


def play_out(game: Game, seed: int, limit: int = 5000) -> None:
    """Play ``game`` to its end with random legal actions."""
    players = {1: RandomPlayer(seed), 2: RandomPlayer(seed + 1)}
    for _ in range(limit):
        if game.is_over:
            return
        game.apply(players[game.to_act].choose(game))
    raise AssertionError(f"the game did not end within {limit} actions")


TROOPER = """
datacards:
  trooper: {apl: 2, move: 3, defence: 3, save: 4, wounds: 12,
    weapons: [{id: carbine, ap: 1, range: 6, attacks: 3, hit: 3, damage: [2, 3]},
              {id: blade, ap: 1, range: 1, attacks: 4, hit: 3, damage: [3, 5]}]}
"""
