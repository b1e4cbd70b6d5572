"""The computer players behind one interface, and the hooks a client calls.

Every player is built with a seed and answers ``choose(view, rng=None) -> Action`` given only
``game.view(seat)``; ``think(view)`` (the searching levels) yields between playouts so a
client can run it in slices between frames.

- ``player_for(level, seed)``: ``easy``, ``normal``, ``hard``, ``greedy`` or ``random``.
- ``hint(view, seed=0)``: what the normal level would do in the viewer's place (to be shown,
  not played).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import Protocol

from game.ai.common import decision_rng, playable
from game.ai.greedy import GreedyPlayer
from game.ai.search import LEVELS, SearchPlayer
from game.engine import Action, SplitMix64, View

LEVEL_NAMES = ("easy", "normal", "hard", "greedy", "random")


class Player(Protocol):
    level: str

    def choose(self, view: View, rng: SplitMix64 | None = None) -> Action: ...


class RandomViewPlayer:
    """Uniform among the playable actions of the view (never concedes or cancels)."""

    level = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View, rng: SplitMix64 | None = None) -> Action:
        options = playable(view.legal_actions)
        rng = rng or decision_rng(self.seed, view)
        return options[rng.below(len(options))]


def player_for(level: str, seed: int = 0) -> Player:
    """A computer player of ``level`` with its own seed."""
    if level in LEVELS:
        return SearchPlayer(seed, level)
    if level == "greedy":
        return GreedyPlayer(seed)
    if level == "random":
        return RandomViewPlayer(seed)
    raise ValueError(f"unknown level {level!r}; choose from {', '.join(LEVEL_NAMES)}")


def think(player: Player, view: View) -> Generator[None, None, Action]:
    """A decision in slices for any player (those that do not search answer at once)."""
    if isinstance(player, SearchPlayer):
        return player.think(view)

    def once() -> Generator[None, None, Action]:
        return player.choose(view)
        yield  # pragma: no cover - makes this a generator

    return once()


def hint(view: View, seed: int = 0) -> Action:
    """The normal level's suggestion for the viewer's current decision."""
    if not view.legal_actions:
        raise ValueError("it is not this player's decision")
    return SearchPlayer(seed, "normal").choose(view)
