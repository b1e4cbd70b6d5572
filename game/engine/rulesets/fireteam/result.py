"""Ending a mission by the players' word: a concession, or a result both players agree.
Both are actions like any other: logged, replayed, and the mission ends with that result.

The engine lists them for the player whose decision it is; agreeing a result stands for both
players' consent, which the client asks for before it applies the action."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.engine.actions import AgreeResult, Concede
from game.engine.events import Conceded, ResultAgreed
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.state import opponent

if TYPE_CHECKING:
    from game.engine.game import Game


# the same few action objects every time they are listed
_CONCEDE = {p: (Concede(p),) for p in (1, 2)}
_AGREE = {p: tuple(AgreeResult(p, w) for w in (0, 1, 2)) for p in (1, 2)}


class ConcedeRule(ActionRule[Concede]):
    action = Concede

    def generate(self, game: Game, player: int) -> Sequence[Concede]:
        return _CONCEDE[player]

    def why_not(self, game: Game, action: Concede) -> str | None:
        return None

    def apply(self, game: Game, action: Concede) -> None:
        game.emit(Conceded(action.player))
        game.end_mission(opponent(action.player), reason="concession")


class AgreeResultRule(ActionRule[AgreeResult]):
    action = AgreeResult

    def generate(self, game: Game, player: int) -> Sequence[AgreeResult]:
        return _AGREE[player]

    def why_not(self, game: Game, action: AgreeResult) -> str | None:
        if action.winner not in (0, 1, 2):
            return "the result is 0 (a draw), 1 or 2"
        return None

    def apply(self, game: Game, action: AgreeResult) -> None:
        game.emit(ResultAgreed(action.player, action.winner))
        game.end_mission(action.winner, reason="agreement")
