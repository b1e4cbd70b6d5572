"""The decisions of the Kill Team classic pack, in the notation of every action
(docs/scenario-format.md): ``1 place H5`` (an objective marker), ``2 seize yes|no``,
``1 arrive scion2 A6`` (a late operative), ``1 roll`` (the game length die, rolled when the
player is ready: the screen shows what it needs first).

Each class owns its verb and is registered in :data:`game.engine.actions.VERBS` by being
defined (this module is imported by :mod:`game.engine.rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from game.engine.actions import Action, _need, _yes_no


@dataclass(frozen=True, repr=False)
class PlaceObjective(Action):
    """Place the next objective marker on a hex."""

    verb: ClassVar[str] = "place"
    hex: str

    def notation(self) -> str:
        return f"{self.verb} {self.hex}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 1, "place HEX")
        return cls(player, rest[0].upper())


@dataclass(frozen=True, repr=False)
class Seize(Action):
    """Try to seize the initiative (``attempt``) or let the other player keep it."""

    verb: ClassVar[str] = "seize"
    attempt: bool

    def notation(self) -> str:
        return f"{self.verb} {'yes' if self.attempt else 'no'}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        return cls(player, _yes_no(rest, cls.verb))


@dataclass(frozen=True, repr=False)
class Arrive(Action):
    """Place a late operative (Search Pattern) on a hex of its killzone edge."""

    verb: ClassVar[str] = "arrive"
    operative: str
    hex: str

    def notation(self) -> str:
        return f"{self.verb} {self.operative} {self.hex}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 2, "arrive OPERATIVE HEX")
        return cls(player, rest[0], rest[1].upper())


@dataclass(frozen=True, repr=False)
class RollGameLength(Action):
    """Roll the die that decides whether one more turning point is played."""

    verb: ClassVar[str] = "roll"

    def notation(self) -> str:
        return self.verb

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 0, "roll")
        return cls(player)


__all__ = ["Arrive", "PlaceObjective", "RollGameLength", "Seize"]
