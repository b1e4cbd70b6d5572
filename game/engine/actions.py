"""Actions: small frozen values with a text form that parses back to an equal action.

The notation is that of docs/scenario-format.md: ``<player> <verb> <arguments>``, e.g.
``1 move a D3 D4`` or ``2 attack b carbine a overcharge``. Each action class owns its verb
and declares its arguments once, as ``words``: one :class:`Words` codec per field (a word, a
hex, a list of hexes, a yes|no choice, a trailing flag...), from which
:meth:`Action.notation` writes the words after the player, :meth:`Action.parse` reads them
back and :meth:`Action.usage` names the form in error messages; a class is registered in
:data:`VERBS` by being defined.
"""

from __future__ import annotations

import dataclasses
from abc import ABC
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, ClassVar, Self, TypeVar, dataclass_transform


class NotationError(ValueError):
    """A line of action notation that cannot be read."""


# verb -> the action class that owns it, filled as each class is defined
VERBS: dict[str, type[Action]] = {}


# --- the codecs of the notation's fields --------------------------------------------------

@dataclass(frozen=True)
class Words:
    """How one field of an action is written: ``shown`` names it in the usage
    (``OPERATIVE``), ``least``/``most`` bound its number of words (``most`` None: the rest
    of the line); a plain codec is one word, read as written."""

    shown: str
    least: int = 1
    most: int | None = 1

    def read(self, words: list[str], verb: str) -> Any:
        """The field's value from its words (already counted)."""
        return words[0]

    def write(self, value: Any) -> tuple[str, ...]:
        """The field's words."""
        return (value,)


@dataclass(frozen=True)
class Hex(Words):
    """A hex, written in capitals whatever the case it was read in."""

    shown: str = "HEX"

    def read(self, words: list[str], verb: str) -> Any:
        return words[0].upper()


@dataclass(frozen=True)
class Many(Words):
    """The rest of the line as a tuple (``least`` words at the least); ``hexes``: in
    capitals."""

    least: int = 0
    most: int | None = None
    hexes: bool = False

    def read(self, words: list[str], verb: str) -> Any:
        return tuple(w.upper() for w in words) if self.hexes else tuple(words)

    def write(self, value: Any) -> tuple[str, ...]:
        return tuple(value)


@dataclass(frozen=True)
class Choice(Words):
    """One of a few words, each standing for a value (``yes|no``: True or False)."""

    values: tuple[tuple[str, Any], ...] = ()

    def read(self, words: list[str], verb: str) -> Any:
        for word, value in self.values:
            if words[0] == word:
                return value
        forms = [f"'{verb} {word}'" for word, _ in self.values]
        raise NotationError(f"expected {', '.join(forms[:-1])} or {forms[-1]}")

    def write(self, value: Any) -> tuple[str, ...]:
        return (next((w for w, v in self.values if v == value), str(value)),)


@dataclass(frozen=True)
class OrNone(Words):
    """A word, or ``none`` for None."""

    def read(self, words: list[str], verb: str) -> Any:
        return None if words[0] == "none" else words[0]

    def write(self, value: Any) -> tuple[str, ...]:
        return (value or "none",)


@dataclass(frozen=True)
class Flag(Words):
    """A word that may end the line: True when it does."""

    least: int = 0

    def write(self, value: Any) -> tuple[str, ...]:
        return (self.shown,) if value else ()


OPERATIVE = Words("OPERATIVE")
HEX = Hex()
HEXES = Many("HEX [HEX ...]", least=1, hexes=True)
PATH = Many("[HEX ...]", hexes=True)
ARGUMENTS = Many("[ARGUMENTS]")
YES_NO = Choice("yes|no", values=(("yes", True), ("no", False)))


def _shown(codec: Words) -> str:
    return f"[{codec.shown}]" if isinstance(codec, Flag) else codec.shown


@dataclass_transform(frozen_default=True)
@dataclass(frozen=True)
class Action(ABC):
    """One decision of one player. ``str()`` gives its notation, which parses back.

    A subclass is declared as ``class Deploy(Action, verb="deploy", words=(OPERATIVE, HEX))``
    followed by its fields: defining it makes it a frozen dataclass (its ``repr`` is this
    one's) and registers its verb."""

    player: int
    verb: ClassVar[str]
    # the codecs of the fields after ``player``, in their order (the notation's arguments)
    words: ClassVar[tuple[Words, ...]] = ()

    def __init_subclass__(cls, verb: str | None = None, words: tuple[Words, ...] | None = None,
                          **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if verb is not None:
            cls.verb = verb
        if words is not None:
            cls.words = words
        dataclass(frozen=True, repr=False)(cls)
        verb = cls.__dict__.get("verb")
        if verb is not None:
            assert verb not in VERBS, f"two actions use the verb {verb!r}"
            VERBS[verb] = cls

    def __str__(self) -> str:
        # written once per action object (an action is an immutable value: the same objects
        # are listed at many decisions, and every action applied is logged), kept beside
        # its fields (not one of them: equality, hashing and the dataclass helpers ignore it)
        fields = self.__dict__
        line: str | None = fields.get("_line")
        if line is None:
            line = fields["_line"] = f"{self.player} {self.notation()}"
        return line

    def notation(self) -> str:
        """The action's words after the player number."""
        cls = type(self)
        write = cls.__dict__.get("_write") or cls._writer()
        return write(self)

    @classmethod
    def _writer(cls) -> Callable[[Action], str]:
        """The notation of this class's actions as one function, made once per class (every
        action applied is logged by it): a format string of the plain one-word fields, and
        the words of any other field after them."""
        fields = dataclasses.fields(cls)[1:len(cls.words) + 1]  # (a field left out comes last)
        names = [f.name for f in fields]
        plain = 0
        while plain < len(names) and type(cls.words[plain]) in (Words, Hex):
            plain += 1
        text = (cls.verb + " {}" * plain).format
        get = attrgetter(*names[:plain]) if plain > 1 else None
        first = names[0] if plain == 1 else None
        rest = list(zip(cls.words[plain:], names[plain:], strict=True))
        if len(rest) == 1 and type(rest[0][0]) is Many:  # (a Move's path: the rest as it is)
            many = rest[0][1]

            def write_many(action: Action) -> str:
                head = text(*get(action)) if get else text(getattr(action, first)) if first \
                    else cls.verb
                words = getattr(action, many)
                return f"{head} {' '.join(words)}" if words else head
            cls._write = write_many  # type: ignore[attr-defined]
            return write_many

        def write(action: Action) -> str:
            head = text(*get(action)) if get else text(getattr(action, first)) if first \
                else cls.verb
            for codec, name in rest:
                words = codec.write(getattr(action, name))
                if words:
                    head += " " + " ".join(words)
            return head
        cls._write = write  # type: ignore[attr-defined]
        return write

    @classmethod
    def usage(cls) -> str:
        """The form of the action's notation, as error messages name it."""
        return " ".join((cls.verb, *(_shown(codec) for codec in cls.words)))

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        """The action these words (after the verb) name; raises NotationError saying what
        form they should take."""
        codecs = list(cls.words)
        flag = codecs.pop() if codecs and isinstance(codecs[-1], Flag) else None
        flagged = flag is not None and len(rest) == sum(c.least for c in codecs) + 1 \
            and rest[-1] == flag.shown
        words = rest[:-1] if flagged else rest
        least = sum(c.least for c in codecs)
        most = None if any(c.most is None for c in codecs) else sum(c.most or 0 for c in codecs)
        if len(words) < least or (most is not None and len(words) > most):
            raise NotationError(f"expected '{cls.usage()}'")
        values, at = [], 0
        for codec in codecs:
            taken = words[at:] if codec.most is None else words[at:at + codec.most]
            values.append(codec.read(taken, cls.verb))
            at += len(taken)
        if flagged:
            values.append(True)
        return cls(player, *values)

    def __repr__(self) -> str:
        return f"parse_action({str(self)!r})"


def _need(words: list[str], count: int, usage: str) -> None:
    if len(words) != count:
        raise NotationError(f"expected '{usage}'")


class Mulligan(Action, verb="mulligan"):
    cards: tuple[str, ...]

    def notation(self) -> str:
        return self.verb + " " + " ".join(self.cards)

    @classmethod
    def parse(cls, player: int, rest: list[str]) -> Self:
        if not rest:
            raise NotationError("expected 'mulligan CARD [CARD ...]' (or 'keep')")
        return cls(player, tuple(rest))


class Keep(Action, verb="keep"):
    """Keep all three targets of opportunity dealt (no mulligan)."""


class Deploy(Action, verb="deploy", words=(OPERATIVE, HEX)):
    operative: str
    hex: str


class Reveal(Action, verb="reveal", words=(OrNone("CARD|none"),)):
    card: str | None  # None: reveal nothing


class PlayPloy(Action, verb="ploy", words=(Words("PLOY"), ARGUMENTS)):
    ploy: str
    args: tuple[str, ...] = ()


class Activate(Action, verb="activate", words=(OPERATIVE,)):
    operative: str


class Cancel(Action, verb="cancel"):
    """Cancel the activation just begun, to choose another operative instead."""


class Move(Action, verb="move", words=(OPERATIVE, HEXES)):
    operative: str
    path: tuple[str, ...]

    @property
    def destination(self) -> str:
        return self.path[-1]


class Attack(Action, verb="attack",
             words=(OPERATIVE, Words("WEAPON"), Words("TARGET"), Flag("overcharge"))):
    operative: str
    weapon: str
    target: str
    overcharge: bool = False


class Disengage(Action, verb="disengage", words=(OPERATIVE, HEX)):
    operative: str
    hex: str


class Wait(Action, verb="wait"):
    """End this operative's activation."""


class MissionAction(Action, verb="action", words=(Words("ACTION"), OPERATIVE, ARGUMENTS)):
    action: str
    operative: str
    args: tuple[str, ...] = ()


class Use(Action, verb="use", words=(Words("CARD"), OPERATIVE)):
    """Use a special issue wargear card on an operative."""

    card: str
    operative: str


class Concede(Action, verb="concede"):
    """The player gives up: the other player wins the mission."""


class AgreeResult(Action, verb="agree",
                  words=(Choice("draw|1|2", values=(("draw", 0), ("1", 1), ("2", 2))),)):
    """Both players agree the result (0: a draw); the client asks both before applying it."""

    winner: int


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


# the Deploy actions listed so far, by player and operative, then hex: a deployment lists
# every operative on every hex of its zone at each placement, mostly the same actions as at
# the last one, and an action is an immutable value that any game may share (bounded by the
# content's operatives and the board's hexes; emptied past _MANY_DEPLOYS all the same)
_DEPLOYS: dict[tuple[int, str], dict[str, Deploy]] = {}
_MANY_DEPLOYS = 2000


def deploys(player: int, operative: str, hexes: list[str]) -> list[Deploy]:
    """``Deploy(player, operative, h)`` for each ``h`` of ``hexes``, in order, each built
    once (as :func:`new_deploy` builds it) and shared after that."""
    row = deploy_row(player, operative)
    try:
        return list(map(row.__getitem__, hexes))
    except KeyError:  # the first listing of some of them
        for h in hexes:
            if h not in row:
                row[h] = new_deploy(player, operative, h)
        return list(map(row.__getitem__, hexes))


def deploy_row(player: int, operative: str) -> dict[str, Deploy]:
    """The Deploy actions of ``operative`` listed so far, by hex (:func:`deploys` fills it;
    a lazily built listing reads it one action at a time)."""
    row = _DEPLOYS.get((player, operative))
    if row is None:
        if len(_DEPLOYS) >= _MANY_DEPLOYS:
            _DEPLOYS.clear()
        row = _DEPLOYS[(player, operative)] = {}
    return row


# listed actions by class and fields, each built once and shared after that (an action is an
# immutable value that any game may share): the attacks, disengagements, mission actions
# and cards listed at every decision are mostly those listed at the last one (bounded by the
# content's operatives, weapons, cards and the board's hexes; emptied past _MANY_SHARED all
# the same)
_SHARED: dict[tuple[Any, ...], Action] = {}
_MANY_SHARED = 20000
_A = TypeVar("_A", bound=Action)


def shared(cls: type[_A], *values: Any) -> _A:
    """``cls(*values)``, built once per class and values and shared after that."""
    key = (cls, *values)
    found = _SHARED.get(key)
    if found is None:
        if len(_SHARED) >= _MANY_SHARED:
            _SHARED.clear()
        found = _SHARED[key] = cls(*values)
    return found  # type: ignore[return-value]


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
