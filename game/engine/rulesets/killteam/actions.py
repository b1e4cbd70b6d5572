"""The decisions of the Kill Team classic pack, in the notation of every action
(docs/scenario-format.md): ``1 place H5`` (an objective marker), ``2 seize yes|no``,
``1 arrive scion2 A6`` (a late operative), ``1 roll`` (the game length die, rolled when the
player is ready: the screen shows what it needs first).

Each class owns its verb and is registered in :data:`game.engine.actions.VERBS` by being
defined (this module is imported by :mod:`game.engine.rulesets.fireteam`).
"""

from __future__ import annotations

from game.engine.actions import HEX, OPERATIVE, YES_NO, Action


class PlaceObjective(Action, verb="place", words=(HEX,)):
    """Place the next objective marker on a hex."""

    hex: str


class Seize(Action, verb="seize", words=(YES_NO,)):
    """Try to seize the initiative (``attempt``) or let the other player keep it."""

    attempt: bool


class Arrive(Action, verb="arrive", words=(OPERATIVE, HEX)):
    """Place a late operative (Search Pattern) on a hex of its killzone edge."""

    operative: str
    hex: str


class RollGameLength(Action, verb="roll"):
    """Roll the die that decides whether one more turning point is played."""


__all__ = ["Arrive", "PlaceObjective", "RollGameLength", "Seize"]
