"""The Fireteam rules' :class:`~game.engine.contract.Book`: what the engine asks of them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.actions import Action, Attack
from game.engine.contract import Book
from game.engine.rulesets import fireteam
from game.engine.rulesets.fireteam import attacking, table
from game.engine.rulesets.fireteam.firefight import activatable

if TYPE_CHECKING:
    from game.engine.game import Game


def odds(game: Game, action: Action) -> Any:
    """An attack's damage (:class:`game.engine.odds.AttackOdds`); None for other actions."""
    return attacking.odds(game, action) if isinstance(action, Attack) else None


def make() -> Book:
    return Book(fireteam.RULES, table.FLOW, table.START, table.STEPS_OF_PHASE,
                fireteam.generate, fireteam.why_not, attacking.covered, activatable,
                listeners=fireteam.listeners, odds=odds)
