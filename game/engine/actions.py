"""Actions: small frozen values with a text form that parses back to an equal action.

The notation is that of docs/scenario-format.md: ``<player> <verb> <arguments>``, e.g.
``1 move a D3 D4`` or ``2 attack b carbine a overcharge``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass


class NotationError(ValueError):
    """A line of action notation that cannot be read."""


@dataclass(frozen=True)
class Action(ABC):
    """One decision of one player. ``str()`` gives its notation, which parses back."""

    player: int

    def __str__(self) -> str:
        return f"{self.player} {self.notation()}"

    @abstractmethod
    def notation(self) -> str:
        """The action's words after the player number."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


@dataclass(frozen=True, repr=False)
class Mulligan(Action):
    cards: tuple[str, ...]

    def notation(self) -> str:
        return "mulligan " + " ".join(self.cards)


@dataclass(frozen=True, repr=False)
class Keep(Action):
    def notation(self) -> str:
        return "keep"


@dataclass(frozen=True, repr=False)
class Deploy(Action):
    operative: str
    hex: str

    def notation(self) -> str:
        return f"deploy {self.operative} {self.hex}"


@dataclass(frozen=True, repr=False)
class Reveal(Action):
    card: str | None  # None: reveal nothing

    def notation(self) -> str:
        return f"reveal {self.card or 'none'}"


@dataclass(frozen=True, repr=False)
class PlayPloy(Action):
    ploy: str
    args: tuple[str, ...] = ()

    def notation(self) -> str:
        return " ".join(("ploy", self.ploy, *self.args))


@dataclass(frozen=True, repr=False)
class Activate(Action):
    operative: str

    def notation(self) -> str:
        return f"activate {self.operative}"


@dataclass(frozen=True, repr=False)
class Cancel(Action):
    def notation(self) -> str:
        return "cancel"


@dataclass(frozen=True, repr=False)
class Move(Action):
    operative: str
    path: tuple[str, ...]

    @property
    def destination(self) -> str:
        return self.path[-1]

    def notation(self) -> str:
        return " ".join(("move", self.operative, *self.path))


@dataclass(frozen=True, repr=False)
class Attack(Action):
    operative: str
    weapon: str
    target: str
    overcharge: bool = False

    def notation(self) -> str:
        text = f"attack {self.operative} {self.weapon} {self.target}"
        return text + " overcharge" if self.overcharge else text


@dataclass(frozen=True, repr=False)
class Disengage(Action):
    operative: str
    hex: str

    def notation(self) -> str:
        return f"disengage {self.operative} {self.hex}"


@dataclass(frozen=True, repr=False)
class Wait(Action):
    def notation(self) -> str:
        return "wait"


@dataclass(frozen=True, repr=False)
class MissionAction(Action):
    action: str
    operative: str
    args: tuple[str, ...] = ()

    def notation(self) -> str:
        return " ".join(("action", self.action, self.operative, *self.args))


@dataclass(frozen=True, repr=False)
class Use(Action):
    """Use a special issue wargear card on an operative."""

    card: str
    operative: str

    def notation(self) -> str:
        return f"use {self.card} {self.operative}"


@dataclass(frozen=True, repr=False)
class Concede(Action):
    """The player gives up: the other player wins the mission."""

    def notation(self) -> str:
        return "concede"


@dataclass(frozen=True, repr=False)
class AgreeResult(Action):
    """Both players agree the result (0: a draw); the client asks both before applying it."""

    winner: int

    def notation(self) -> str:
        return "agree " + ("draw" if self.winner == 0 else str(self.winner))


_new = object.__new__


def new_move(player: int, operative: str, path: tuple[str, ...]) -> Move:
    """``Move(player, operative, path)``, built without the dataclass's checks: for the
    generation of legal actions, where thousands are listed and the fields are known good."""
    move = _new(Move)
    fields = move.__dict__
    fields["player"], fields["operative"], fields["path"] = player, operative, path
    return move


def new_deploy(player: int, operative: str, hex_: str) -> Deploy:
    """``Deploy(player, operative, hex_)``, built as :func:`new_move` builds a Move."""
    deploy = _new(Deploy)
    fields = deploy.__dict__
    fields["player"], fields["operative"], fields["hex"] = player, operative, hex_
    return deploy


def _need(words: list[str], count: int, usage: str) -> None:
    if len(words) != count:
        raise NotationError(f"expected '{usage}'")


def parse_action(text: str) -> Action:
    """Read one line of notation (``1 move a D3``); raises NotationError saying what is wrong."""
    words = text.split()
    if len(words) < 2:
        raise NotationError(f"'{text}': expected '<player> <action> ...'")
    if words[0] not in ("1", "2"):
        raise NotationError(f"'{text}': the player must be 1 or 2, not {words[0]!r}")
    player = int(words[0])
    verb, rest = words[1], words[2:]
    try:
        return _parse_verb(player, verb, rest)
    except NotationError as error:
        raise NotationError(f"'{text}': {error}") from None


def _parse_verb(player: int, verb: str, rest: list[str]) -> Action:
    if verb == "mulligan":
        if not rest:
            raise NotationError("expected 'mulligan CARD [CARD ...]' (or 'keep')")
        return Mulligan(player, tuple(rest))
    if verb == "keep":
        _need(rest, 0, "keep")
        return Keep(player)
    if verb == "deploy":
        _need(rest, 2, "deploy OPERATIVE HEX")
        return Deploy(player, rest[0], rest[1].upper())
    if verb == "reveal":
        _need(rest, 1, "reveal CARD|none")
        return Reveal(player, None if rest[0] == "none" else rest[0])
    if verb == "ploy":
        if not rest:
            raise NotationError("expected 'ploy PLOY [ARGUMENTS]'")
        return PlayPloy(player, rest[0], tuple(rest[1:]))
    if verb == "activate":
        _need(rest, 1, "activate OPERATIVE")
        return Activate(player, rest[0])
    if verb == "cancel":
        _need(rest, 0, "cancel")
        return Cancel(player)
    if verb == "move":
        if len(rest) < 2:
            raise NotationError("expected 'move OPERATIVE HEX [HEX ...]'")
        return Move(player, rest[0], tuple(h.upper() for h in rest[1:]))
    if verb == "attack":
        if len(rest) == 4 and rest[3] == "overcharge":
            return Attack(player, rest[0], rest[1], rest[2], True)
        _need(rest, 3, "attack OPERATIVE WEAPON TARGET [overcharge]")
        return Attack(player, rest[0], rest[1], rest[2])
    if verb == "disengage":
        _need(rest, 2, "disengage OPERATIVE HEX")
        return Disengage(player, rest[0], rest[1].upper())
    if verb == "wait":
        _need(rest, 0, "wait")
        return Wait(player)
    if verb == "action":
        if len(rest) < 2:
            raise NotationError("expected 'action ACTION OPERATIVE [ARGUMENTS]'")
        return MissionAction(player, rest[0], rest[1], tuple(rest[2:]))
    if verb == "use":
        _need(rest, 2, "use CARD OPERATIVE")
        return Use(player, rest[0], rest[1])
    if verb == "concede":
        _need(rest, 0, "concede")
        return Concede(player)
    if verb == "agree":
        _need(rest, 1, "agree draw|1|2")
        if rest[0] not in ("draw", "1", "2"):
            raise NotationError("expected 'agree draw', 'agree 1' or 'agree 2'")
        return AgreeResult(player, 0 if rest[0] == "draw" else int(rest[0]))
    raise NotationError(f"unknown action {verb!r}")
