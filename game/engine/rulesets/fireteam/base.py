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

from abc import ABC, abstractmethod
from collections.abc import Iterator
from typing import TYPE_CHECKING, ClassVar, Generic, TypeVar

from game.engine.actions import Action
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


A = TypeVar("A", bound=Action)


class ActionRule(ABC, Generic[A]):
    """The rule of one kind of action ``A`` (``action``: its class). Where in the flow it may
    be taken is the flow table's to say (:mod:`game.engine.rulesets.fireteam.table`); a rule open
    at more
    than one step says in ``why_not`` which of them it is open at now. ``why_not`` and
    ``apply`` are only given actions of this rule's own class (:data:`rules.RULES` picks the
    rule by the action's class)."""

    action: type[A]
    # Whether the action may be taken back (moves: yes; anything that rolls or reveals: no)
    undoable: ClassVar[bool] = False

    @abstractmethod
    def generate(self, game: Game, player: int) -> Iterator[A]:
        """Every legal action of this kind for ``player`` now, in a stable order."""

    @abstractmethod
    def why_not(self, game: Game, action: A) -> str | None:
        """The reason ``action`` cannot be taken now, or None when it is legal. Called only
        once the game is at a stage that waits for this action and it is
        ``action.player``'s decision."""

    @abstractmethod
    def apply(self, game: Game, action: A) -> None:
        """Carry out a legal ``action``: change the state and emit its events."""

    def is_undoable(self, game: Game, action: A) -> bool:
        return self.undoable
