"""The decisions of the Kill Team classic pack, in the notation of every action
(docs/scenario-format.md): ``1 place H5`` (an objective marker), ``2 seize yes|no``,
``1 arrive scion2 A6`` (a late operative), ``1 roll`` (the game length die, rolled when the
player is ready: the screen shows what it needs first).

Each class owns its verb and is registered in :data:`game.engine.actions.VERBS` by being
defined (this module is imported by :mod:`game.engine.rulesets.fireteam`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from game.engine.actions import HEX, OPERATIVE, YES_NO, Action, Words


@dataclass(frozen=True, repr=False)
class PlaceObjective(Action):
    """Place the next objective marker on a hex."""

    verb: ClassVar[str] = "place"
    words: ClassVar[tuple[Words, ...]] = (HEX,)
    hex: str


@dataclass(frozen=True, repr=False)
class Seize(Action):
    """Try to seize the initiative (``attempt``) or let the other player keep it."""

    verb: ClassVar[str] = "seize"
    words: ClassVar[tuple[Words, ...]] = (YES_NO,)
    attempt: bool


@dataclass(frozen=True, repr=False)
class Arrive(Action):
    """Place a late operative (Search Pattern) on a hex of its killzone edge."""

    verb: ClassVar[str] = "arrive"
    words: ClassVar[tuple[Words, ...]] = (OPERATIVE, HEX)
    operative: str
    hex: str


@dataclass(frozen=True, repr=False)
class RollGameLength(Action):
    """Roll the die that decides whether one more turning point is played."""

    verb: ClassVar[str] = "roll"
    words: ClassVar[tuple[Words, ...]] = ()


__all__ = ["Arrive", "PlaceObjective", "RollGameLength", "Seize"]
