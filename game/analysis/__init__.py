"""Post-game analysis: the decisions of one seat that cost the most, with what was better.

For every decision of the chosen seat in a finished (or saved) game, :mod:`game.analysis.core`
rebuilds the position from that seat's view alone (``Game.from_view``: the other hand, the
deck order and the dice to come are drawn afresh, never read from the real game), plays the
choice made and the computer player's best alternatives out on the same rebuilt games, and
values each in VP with its uncertainty. The ``top`` costliest decisions are kept, and the
decisions where the player found the best move are marked. :mod:`game.analysis.reasons` puts
the difference in a player's words (the odds of the two attacks, the operative lost, the
objective given up), :mod:`game.analysis.planted` proves the analysis on the tactical
positions, and ``python -m game.analysis`` prints it (docs/analysis.md).
"""

from __future__ import annotations

from game.analysis.core import (
    Analysis,
    Choice,
    Decision,
    Record,
    Settings,
    analyse,
    analysing,
    record_from_file,
)

__all__ = ["Analysis", "Choice", "Decision", "Record", "Settings", "analyse", "analysing",
           "record_from_file"]
