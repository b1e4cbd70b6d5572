"""The hard level's rivals: the enemy's first activation after ours is played out from each
of its best few picks, and a candidate is worth its worst pick's mean. Each test fails with
the piece it names removed."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai import search
from game.ai.common import playable
from game.engine import Activate, Game, RandomDice
from tests.ai.helpers import fixture


@pytest.fixture
def game() -> Game:
    return fixture("two_a_side")


def test_each_rival_pick_is_played_out_and_the_first_is_the_cheap_policys(game: Game) -> None:
    first = next(a for a in playable(game.legal_actions()) if isinstance(a, Activate))
    world = game.clone(dice=RandomDice(7))
    for replies in (1, 2):
        budget = replace(search.LEVELS["hard"], replies=replies)
        one = replace(budget, rivals=0)
        for rivals in (2, 3):
            values = search._play(world, first, replace(budget, rivals=rivals), 1)
            # the enemy has two operatives ready: two picks, best first, the first the one
            # the cheap policy makes (the same rolls, the same leaf, the same horizon)
            assert len(values) == 2, (replies, rivals)
            assert values[0] == search._play(world, first, one, 1)[0], (replies, rivals)
            assert values[0] != values[1]
            # the world itself is untouched, so every candidate is played on the same luck
            assert search._play(world, first, replace(budget, rivals=rivals), 1) == values


def test_a_candidate_is_worth_its_worst_rival_picks_mean(game: Game,
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    options = [a for a in playable(game.legal_actions()) if isinstance(a, Activate)]
    bold, steady = options[0], options[1]
    # the bold activation pays if the enemy answers as the cheap policy would, and costs
    # dear if it answers with its second pick; the steady one is fair against either
    worth = {str(bold): [10.0, -4.0], str(steady): [3.0, 2.0]}
    monkeypatch.setattr(search, "_play",
                        lambda world, action, budget, me: list(worth[str(action)]))
    budget = search.Budget(candidates=2, samples=2, replies=1)
    view = game.view(1)
    chosen = search.SearchPlayer(1, "hard", replace(budget, rivals=2)).choose(view)
    assert str(chosen) == str(steady)
    # with only the cheap policy's answer counted, the bold one is chosen
    worth = {str(bold): [10.0], str(steady): [3.0]}
    assert str(search.SearchPlayer(1, "hard", budget).choose(view)) == str(bold)


def test_the_finalists_are_chosen_by_their_mean_over_every_rebuilt_game(
        game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    options = [a for a in playable(game.legal_actions()) if isinstance(a, Activate)]
    early, late = str(options[0]), str(options[1])
    played: dict[str, int] = {}

    def fake(world: Game, action: object, budget: object, me: int) -> list[float]:
        # the first rebuilt games favour one activation, the many more the other
        n = played[str(action)] = played.get(str(action), 0) + 1
        first_round = n <= 2
        return [{early: 5.0, late: 4.0}[str(action)] if first_round
                else {early: 0.0, late: 6.0}[str(action)]] * 2

    monkeypatch.setattr(search, "_play", fake)
    budget = search.Budget(candidates=2, samples=2, replies=1, finalists=2, extra=4, rivals=2)
    chosen = search.SearchPlayer(1, "hard", budget).choose(game.view(1))
    assert str(chosen) == late
