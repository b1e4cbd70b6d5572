"""The fields an action is picked by in the chooser (game/ui/chooser.py): what each is (a
button or a place on the board) and what was picked. Below the chooser, so that every rule
set's routing (game/ui/rulesets/, a folder per system) builds its fields without importing the
chooser."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Kind(Enum):
    """What one field of an action is, and so where it is picked."""

    VERB = "verb"  # a button: what to do (Move, Wait, a ploy, a wargear card, a reveal)
    TRAY = "tray"  # a button: an operative not yet on the killzone (deployment)
    WEAPON = "weapon"  # a button: the weapon of an attack (and whether overcharged)
    OPERATIVE = "operative"  # the board: one of the player's own operatives
    ENEMY = "enemy"  # the board: an enemy operative
    HEX = "hex"  # the board: a hex
    OBJECTIVE = "objective"  # the board: an objective marker

    @property
    def on_board(self) -> bool:
        return self in BOARD_KINDS


BOARD_KINDS = frozenset({Kind.OPERATIVE, Kind.ENEMY, Kind.HEX, Kind.OBJECTIVE})


@dataclass(frozen=True)
class Field:
    """One picked field of an action: its kind, its value (an id or a hex) and its label."""

    kind: Kind
    value: str
    label: str
    tooltip: str = ""


__all__ = ["BOARD_KINDS", "Field", "Kind"]
