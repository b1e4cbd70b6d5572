"""The computer player under the skirmish rules: every level plays from its view only (the
game's dice untouched), picks a legal action, and the scored levels beat random play."""

from __future__ import annotations

import pytest

from game.ai.players import player_for
from game.engine.dice import RandomDice
from game.engine.game import Game
from tests.ai.helpers import CATALOGUE, Sentinel, cheap_player, decisions

TEAMS = sorted(CATALOGUE.fireteams)


# every 9th decision of three random skirmish games
POSITIONS = [game.clone() for seed in range(3)
             for game in decisions(seed, 9, mission=("dual_strike", "power_up", "cache_raid")[seed],
                                   teams=(TEAMS[seed], TEAMS[seed + 3]), rules="skirmish")]


@pytest.mark.parametrize("level", ["random", "greedy", "easy", "normal", "hard"])
def test_every_level_picks_a_legal_action_from_its_view_without_the_dice(level: str) -> None:
    assert len(POSITIONS) > 20
    for n, game in enumerate(POSITIONS[:: 1 if level in ("random", "greedy", "easy") else 4]):
        real = game.clone(dice=Sentinel())  # type: ignore[arg-type]
        view = real.view(real.to_act)
        action = cheap_player(level, n).choose(view)  # type: ignore[attr-defined]
        assert real.is_legal(action), (level, n, action)


@pytest.mark.slow
def test_greedy_and_easy_beat_random_play() -> None:
    for level in ("greedy", "easy"):
        wins = 0
        for seed in range(8):
            seat = 1 + seed % 2
            game = Game.new(CATALOGUE, "dual_strike", (TEAMS[seed % 7], TEAMS[(seed + 2) % 7]),
                            RandomDice(seed), rules="skirmish")
            players = {seat: player_for(level, seed), 3 - seat: player_for("random", seed)}
            while not game.is_over:
                game.apply(players[game.to_act].choose(game.view(game.to_act)))
            wins += game.winner == seat
        assert wins >= 5, (level, wins)
