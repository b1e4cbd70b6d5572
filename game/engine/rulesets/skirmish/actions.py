"""The decisions of the skirmish rule set, in the notation of every action
(docs/scenario-format.md):

- ``1 hold a`` (stay put, then shoot or hold fire; a Shaken operative's idle activation);
- ``1 advance a D3 D4`` (move up to the Advance, then shoot or hold fire);
- ``1 rush a D3 D4 D5`` (move up to the Rush, no shooting);
- ``1 charge a b D3 D4`` (move up to the Rush into contact with enemy ``b`` and fight);
- ``1 shoot a pulse_carbine b`` and ``1 holdfire`` (after Hold or Advance);
- ``2 meet b D4`` or ``2 meet none`` (a charge that ended 2 hexes short: the charged
  operative steps one hex into contact, or stays);
- ``2 strikeback yes|no`` (the charged operative's player);
- ``1 consolidate a D5`` (the survivor of a melee steps one hex, or stays: its own hex);
- ``1 push b D6`` or ``1 push none`` (the attacker pushes a Shaken target one hex, on a 4+).

Each class owns its verb and is registered in :data:`game.engine.actions.VERBS` by being
defined.
"""

from __future__ import annotations

from typing import Self

from game.engine.actions import HEX, HEXES, OPERATIVE, PATH, YES_NO, Action, Words, _need


class Hold(Action, verb="hold", words=(OPERATIVE,)):
    """Stay put, then shoot or hold fire (a Shaken operative: stay idle)."""

    operative: str
    path: tuple[str, ...] = ()


class Advance(Action, verb="advance", words=(OPERATIVE, HEXES)):
    """Move up to the Advance, then shoot or hold fire."""

    operative: str
    path: tuple[str, ...]


class Rush(Advance, verb="rush"):
    """Move up to the Rush (no shooting after it)."""


class Charge(Action, verb="charge", words=(OPERATIVE, Words("ENEMY"), PATH)):
    """Move up to the Rush next to enemy ``target`` and fight it."""

    operative: str
    target: str
    path: tuple[str, ...] = ()


class Shoot(Action, verb="shoot", words=(OPERATIVE, Words("WEAPON"), Words("ENEMY"))):
    operative: str
    weapon: str
    target: str


class HoldFire(Action, verb="holdfire"):
    """End the order without shooting."""


class StrikeBack(Action, verb="strikeback", words=(YES_NO,)):
    strike: bool


class Consolidate(Action, verb="consolidate", words=(OPERATIVE, HEX)):
    operative: str
    hex: str


class Push(Action, verb="push"):
    operative: str | None  # None: no push
    hex: str | None = None

    def notation(self) -> str:
        return f"{self.verb} none" if self.operative is None else \
            f"{self.verb} {self.operative} {self.hex}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        if rest == ["none"]:
            return cls(player, None)
        _need(rest, 2, f"{cls.verb} OPERATIVE HEX (or '{cls.verb} none')")
        return cls(player, rest[0], rest[1].upper())


class Meet(Push, verb="meet"):
    """The charged operative steps one hex to meet a charge that fell short, or stays
    (``meet none``): the notation of a push."""


# an activation's order: its operative and path
Order = Hold | Advance | Rush | Charge
ORDERS: tuple[type[Action], ...] = (Hold, Advance, Rush, Charge)

__all__ = ["ORDERS", "Advance", "Charge", "Consolidate", "Hold", "HoldFire", "Meet", "Order",
           "Push", "Rush", "Shoot", "StrikeBack"]
