"""Actions: small frozen values with a text form that parses back to an equal action.

The notation is that of docs/scenario-format.md: ``<player> <verb> <arguments>``, e.g.
``1 move a D3 D4`` or ``2 attack b carbine a overcharge``. Each action class owns its verb:
``verb`` names it, :meth:`Action.notation` writes the words after the player, and
:meth:`Action.parse` reads them back; a class is registered in :data:`VERBS` by being
defined.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import ClassVar, Self


class NotationError(ValueError):
    """A line of action notation that cannot be read."""


# verb -> the action class that owns it, filled as each class is defined
VERBS: dict[str, type[Action]] = {}


@dataclass(frozen=True)
class Action(ABC):
    """One decision of one player. ``str()`` gives its notation, which parses back."""

    player: int
    verb: ClassVar[str]

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        verb = cls.__dict__.get("verb")
        if verb is not None:
            assert verb not in VERBS, f"two actions use the verb {verb!r}"
            VERBS[verb] = cls

    def __str__(self) -> str:
        return f"{self.player} {self.notation()}"

    @abstractmethod
    def notation(self) -> str:
        """The action's words after the player number."""

    @classmethod
    @abstractmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        """The action these words (after the verb) name; raises NotationError saying what
        form they should take."""

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


def _need(words: list[str], count: int, usage: str) -> None:
    if len(words) != count:
        raise NotationError(f"expected '{usage}'")


def _yes_no(words: list[str], verb: str) -> bool:
    """The one word of a ``VERB yes|no`` action; raises NotationError for anything else."""
    _need(words, 1, f"{verb} yes|no")
    if words[0] not in ("yes", "no"):
        raise NotationError(f"expected '{verb} yes' or '{verb} no'")
    return words[0] == "yes"


@dataclass(frozen=True, repr=False)
class Mulligan(Action):
    verb: ClassVar[str] = "mulligan"

    cards: tuple[str, ...]

    def notation(self) -> str:
        return self.verb + " " + " ".join(self.cards)

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        if not rest:
            raise NotationError("expected 'mulligan CARD [CARD ...]' (or 'keep')")
        return cls(player, tuple(rest))


@dataclass(frozen=True, repr=False)
class Keep(Action):
    verb: ClassVar[str] = "keep"

    def notation(self) -> str:
        return self.verb

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 0, "keep")
        return cls(player)


@dataclass(frozen=True, repr=False)
class Deploy(Action):
    verb: ClassVar[str] = "deploy"

    operative: str
    hex: str

    def notation(self) -> str:
        return f"{self.verb} {self.operative} {self.hex}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 2, "deploy OPERATIVE HEX")
        return cls(player, rest[0], rest[1].upper())


@dataclass(frozen=True, repr=False)
class Reveal(Action):
    verb: ClassVar[str] = "reveal"

    card: str | None  # None: reveal nothing

    def notation(self) -> str:
        return f"{self.verb} {self.card or 'none'}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 1, "reveal CARD|none")
        return cls(player, None if rest[0] == "none" else rest[0])


@dataclass(frozen=True, repr=False)
class PlayPloy(Action):
    verb: ClassVar[str] = "ploy"

    ploy: str
    args: tuple[str, ...] = ()

    def notation(self) -> str:
        return " ".join((self.verb, self.ploy, *self.args))

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        if not rest:
            raise NotationError("expected 'ploy PLOY [ARGUMENTS]'")
        return cls(player, rest[0], tuple(rest[1:]))


@dataclass(frozen=True, repr=False)
class Activate(Action):
    verb: ClassVar[str] = "activate"

    operative: str

    def notation(self) -> str:
        return f"{self.verb} {self.operative}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 1, "activate OPERATIVE")
        return cls(player, rest[0])


@dataclass(frozen=True, repr=False)
class Cancel(Action):
    verb: ClassVar[str] = "cancel"

    def notation(self) -> str:
        return self.verb

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 0, "cancel")
        return cls(player)


@dataclass(frozen=True, repr=False)
class Move(Action):
    verb: ClassVar[str] = "move"

    operative: str
    path: tuple[str, ...]

    @property
    def destination(self) -> str:
        return self.path[-1]

    def notation(self) -> str:
        return " ".join((self.verb, self.operative, *self.path))

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        if len(rest) < 2:
            raise NotationError("expected 'move OPERATIVE HEX [HEX ...]'")
        return cls(player, rest[0], tuple(h.upper() for h in rest[1:]))


@dataclass(frozen=True, repr=False)
class Attack(Action):
    verb: ClassVar[str] = "attack"

    operative: str
    weapon: str
    target: str
    overcharge: bool = False

    def notation(self) -> str:
        text = f"{self.verb} {self.operative} {self.weapon} {self.target}"
        return text + " overcharge" if self.overcharge else text

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        if len(rest) == 4 and rest[3] == "overcharge":
            return cls(player, rest[0], rest[1], rest[2], True)
        _need(rest, 3, "attack OPERATIVE WEAPON TARGET [overcharge]")
        return cls(player, rest[0], rest[1], rest[2])


@dataclass(frozen=True, repr=False)
class Disengage(Action):
    verb: ClassVar[str] = "disengage"

    operative: str
    hex: str

    def notation(self) -> str:
        return f"{self.verb} {self.operative} {self.hex}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 2, "disengage OPERATIVE HEX")
        return cls(player, rest[0], rest[1].upper())


@dataclass(frozen=True, repr=False)
class Wait(Action):
    verb: ClassVar[str] = "wait"

    def notation(self) -> str:
        return self.verb

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 0, "wait")
        return cls(player)


@dataclass(frozen=True, repr=False)
class MissionAction(Action):
    verb: ClassVar[str] = "action"

    action: str
    operative: str
    args: tuple[str, ...] = ()

    def notation(self) -> str:
        return " ".join((self.verb, self.action, self.operative, *self.args))

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        if len(rest) < 2:
            raise NotationError("expected 'action ACTION OPERATIVE [ARGUMENTS]'")
        return cls(player, rest[0], rest[1], tuple(rest[2:]))


@dataclass(frozen=True, repr=False)
class Use(Action):
    """Use a special issue wargear card on an operative."""

    verb: ClassVar[str] = "use"
    card: str
    operative: str

    def notation(self) -> str:
        return f"{self.verb} {self.card} {self.operative}"

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 2, "use CARD OPERATIVE")
        return cls(player, rest[0], rest[1])


@dataclass(frozen=True, repr=False)
class Concede(Action):
    """The player gives up: the other player wins the mission."""

    verb: ClassVar[str] = "concede"
    def notation(self) -> str:
        return self.verb

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 0, "concede")
        return cls(player)


@dataclass(frozen=True, repr=False)
class AgreeResult(Action):
    """Both players agree the result (0: a draw); the client asks both before applying it."""

    verb: ClassVar[str] = "agree"
    winner: int

    def notation(self) -> str:
        return self.verb + " " + ("draw" if self.winner == 0 else str(self.winner))

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        _need(rest, 1, "agree draw|1|2")
        if rest[0] not in ("draw", "1", "2"):
            raise NotationError("expected 'agree draw', 'agree 1' or 'agree 2'")
        return cls(player, 0 if rest[0] == "draw" else int(rest[0]))


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


def parse_action(text: str) -> Action:
    """Read one line of notation (``1 move a D3``); raises NotationError saying what is wrong."""
    words = text.split()
    if len(words) < 2:
        raise NotationError(f"'{text}': expected '<player> <action> ...'")
    if words[0] not in ("1", "2"):
        raise NotationError(f"'{text}': the player must be 1 or 2, not {words[0]!r}")
    player = int(words[0])
    verb, rest = words[1], words[2:]
    kind = VERBS.get(verb)
    try:
        if kind is None:
            raise NotationError(f"unknown action {verb!r}")
        return kind.parse(player, rest)
    except NotationError as error:
        raise NotationError(f"'{text}': {error}") from None
