"""The shape every action's rule takes: its legal-move generation, its "why not", its effect.

Each step of the flow keeps these together in one module of this package (as boardgame.io
keeps a phase's moves, turn order and end condition in one config), so a rule is written
once: ``generate`` lists exactly the actions for which ``why_not`` says nothing, because both
are built from the same predicates. Where a rule's question is more than a line it is one
function that both ask: ``cannot_move`` (Move), ``attack_problem`` with ``weapon_problem`` and
``target_problem`` (Attack), ``use_problem`` (wargear and tactical ploys), ``ploy_problem``
(strategic ploys), ``activatable`` (Activate), ``deploy_hexes`` (Deploy); the listing filters
its candidates through it. ``tests/engine/test_queries.py`` checks the agreement on random
games and on every card use and ploy of a position.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.contract import A, ActionRule
from game.engine.state import OperativeState

if TYPE_CHECKING:
    from game.engine.game import Game


def active_operative(game: Game) -> OperativeState:
    """The operative whose activation is running (only called at the ACT step)."""
    state = game.state
    assert state.active is not None
    return state.operatives[state.active]


def not_the_active(game: Game, op_id: str) -> str | None:
    """Why ``op_id`` cannot act now: it is not the active operative (None: it is)."""
    active = game.state.active
    return None if op_id == active else f"{op_id} is not the active operative ({active} is)"


# the shape of a rule is the engine's contract (game.engine.contract), shared with every rule
# set and mission pack
__all__ = ["A", "ActionRule", "active_operative", "not_the_active"]
