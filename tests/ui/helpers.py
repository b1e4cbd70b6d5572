"""Games the UI tests share."""

from __future__ import annotations

from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Phase
from game.uitest.headless import play_until


def midgame(catalogue: Catalogue, seed: int = 4) -> Game:
    """A seeded Dual Strike game between Gideon and the Destroyers at its first firefight."""
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(seed))
    return play_until(game, seed, lambda g: g.state.phase == Phase.FIREFIGHT)
