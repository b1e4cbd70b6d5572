"""The easy level's beginner habits (docs/ai.md): it picks its strategic ploy at random, keeps
its once-a-mission cards, and activates its operatives in no particular order; normal does
none of these. Each test fails with the habit removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai.common import playable
from game.ai.players import player_for
from game.ai.puzzles import POSITIONS, load_puzzle
from game.ai.search import LEVELS, SearchPlayer
from game.engine.actions import Activate, PlayPloy, Use
from game.engine.game import Game
from tests.ai.helpers import CATALOGUE
from tests.ai.test_spotting_and_drones import ploy_position, turn

SEEDS = range(12)


def puzzle_game(name: str) -> Game:
    return load_puzzle(POSITIONS / f"{name}.yaml", CATALOGUE).game


def choices(game: Game, level: str, **habits: bool) -> list[str]:
    """What ``level`` (with ``habits`` changed) chooses for player 1 with each seed."""
    budget = replace(LEVELS[level], **habits)
    return [SearchPlayer(seed, level, budget).choose(game.view(1)).notation() for seed in SEEDS]


def test_easy_picks_its_strategic_ploy_at_random() -> None:
    game = puzzle_game("ploy_wins_the_attack_1")
    assert all(isinstance(a, PlayPloy) for a in playable(game.legal_actions()))
    # normal reads the position: Shock Assault wins the attacks to come, whatever its seed
    assert set(choices(game, "normal")) == {"ploy shock_assault"}
    # easy has not learned the ploys: over a dozen seeds it picks most of them
    picked = choices(game, "easy")
    assert len(set(picked)) >= 3
    assert len(set(choices(game, "easy", ploy_at_random=False))) < len(set(picked))


def test_easy_activates_its_operatives_in_no_particular_order() -> None:
    # x sees a wounded brute it can take down before the brute acts; y is behind a wall
    game = puzzle_game("take_down_first_1")
    assert all(isinstance(a, Activate) for a in playable(game.legal_actions()))
    assert set(choices(game, "normal")) == {"activate x"}
    # without the habit easy's choice is its heuristics' one (the same for every seed)
    assert len(set(choices(game, "easy", order_at_random=False))) == 1
    assert set(choices(game, "easy")) == {"activate x", "activate y"}


@pytest.mark.parametrize("seed", [2, 5])
def test_easy_keeps_its_cards_where_normal_plays_them(seed: int) -> None:
    # Point-Blank Ambush for a grenadier 3 hexes from its target: normal plays it before the
    # shot
    game = ploy_position(at="C4", card="grenadier_pathfinder")
    assert any(isinstance(a, Use) for a in turn(game.clone(), "normal", seed))
    assert not any(isinstance(a, Use) for a in turn(game.clone(), "easy", seed))
    keen = SearchPlayer(seed, "easy", replace(LEVELS["easy"], keeps_cards=False))
    assert isinstance(keen.choose(game.view(1)), Use)


def test_normal_and_hard_have_none_of_the_habits() -> None:
    for level in ("normal", "hard"):
        budget = LEVELS[level]
        assert not (budget.ploy_at_random or budget.keeps_cards or budget.order_at_random)
    assert player_for("easy").level == "easy"
