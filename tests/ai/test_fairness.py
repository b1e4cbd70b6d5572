"""The computer plays fair: it decides from its view only, and never rolls the game's dice."""

from __future__ import annotations

import pytest

from game.engine.dice import RandomDice, SplitMix64, shuffle
from game.engine.game import Game
from tests.ai.helpers import Sentinel, cheap_player, decisions


def other_hidden(game: Game, seed: int) -> Game:
    """The same game as its player to act sees it, with everything else changed: the other
    hand swapped with deck cards, the deck reordered, other dice."""
    other = game.clone(dice=RandomDice(seed + 99991))
    state = other.state
    hidden = 3 - game.to_act
    pool = state.hands[hidden] + state.deck
    shuffle(pool, SplitMix64(seed).below)
    size = len(state.hands[hidden])
    state.hands[hidden], state.deck = pool[:size], pool[size:]
    other.rules_changed()
    return other


# every mission, fireteams in turn
POSITIONS = [game.clone() for seed in range(12) for game in decisions(seed, every=7)]


def test_enough_positions() -> None:
    assert len(POSITIONS) >= 200


# every level on every ``stride``-th position: the costlier levels on fewer, and in the fast
# tier on fewer again (the whole suite runs the slow cases too)
@pytest.mark.parametrize("level,stride", [
    ("easy", 6), ("greedy", 4), ("random", 1),
    pytest.param("easy", 3, marks=pytest.mark.slow),
    pytest.param("greedy", 1, marks=pytest.mark.slow),
    pytest.param("normal", 3, marks=pytest.mark.slow),
    pytest.param("hard", 8, marks=pytest.mark.slow)])
def test_equal_views_give_equal_decisions(level: str, stride: int) -> None:
    changed = 0
    for n, game in enumerate(POSITIONS):
        if n % stride:
            continue
        seat = game.to_act
        twin = other_hidden(game, n)
        view, twin_view = game.view(seat), twin.view(seat)
        assert view == twin_view
        changed += (twin.state.hands[3 - seat] != game.state.hands[3 - seat]
                    or twin.state.deck != game.state.deck)
        player, again = cheap_player(level, 7), cheap_player(level, 7)
        game.dice, twin.dice = Sentinel(), Sentinel()  # type: ignore[assignment]
        assert player.choose(view) == again.choose(twin_view), (n, str(view.log[-1:]))
    # the hidden cards did change in many of the positions tried
    assert changed > {1: 100, 2: 45, 3: 30, 4: 22, 6: 15, 8: 10}[stride]


@pytest.mark.slow  # the searching levels at full budget
def test_the_real_dice_are_never_touched_at_full_budget() -> None:
    from game.ai.players import player_for
    for n, game in enumerate(POSITIONS[::10]):
        real = game.clone(dice=Sentinel())  # type: ignore[arg-type]
        for level in ("normal", "hard") if n % 2 == 0 else ("normal",):
            action = player_for(level, n).choose(real.view(real.to_act))
            assert real.is_legal(action)
