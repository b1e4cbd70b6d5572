"""A player that picks uniformly among the legal actions (for simulations and benchmarks)."""

from __future__ import annotations

from game.engine.actions import Action, AgreeResult, Cancel, Concede
from game.engine.dice import SplitMix64
from game.engine.game import Game

_LEFT_OUT = (Cancel, Concede, AgreeResult)


class RandomPlayer:
    """Chooses uniformly among ``legal_actions()`` with its own seeded generator, so it never
    touches the game's dice. Cancelling an activation is left out (it only takes back a
    choice), and so are conceding and agreeing a result (it plays every game to the end).
    It draws over the whole list and draws again on a left-out action, so its games depend on
    which of those are listed."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix64(seed ^ 0x5EED)

    def choose(self, game: Game) -> Action:
        options = game.legal_actions()
        while True:  # uniform over the actions not left out (there is always a Wait, Keep...)
            action = options[self._rng.below(len(options))]
            if type(action) not in _LEFT_OUT:
                return action
