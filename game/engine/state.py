"""The game state as plain, typed data: cheap to copy (undo snapshots, clones for search) and
to turn into JSON.

:meth:`State.copy` is derived from the dataclass fields when the module is imported: each field
is copied as deep as its declared type says it is mutable, so a field added later can never be
shared between two snapshots by mistake (an unknown kind of field stops the import).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from enum import IntEnum, StrEnum
from typing import Any, TypeVar

from game.engine.defs import Duration as Duration  # re-exported: boosts last a Duration


class Player(IntEnum):
    """A seat at the table. Stored as the plain whole numbers 1 and 2 (in the state, saves,
    events and actions, which YAML and JSON write as they are); :attr:`opponent` is the other
    seat, :func:`opponent` the same for a stored number."""

    ONE = 1
    TWO = 2

    @property
    def opponent(self) -> Player:
        return Player(_OPPONENT[self])


_OPPONENT: dict[int, int] = {1: 2, 2: 1}
PLAYERS: tuple[int, int] = (1, 2)


def opponent(player: int) -> int:
    """The other player of ``player`` (1 or 2), as stored; raises KeyError for any other
    number."""
    return _OPPONENT[player]


def initiative_order(initiative: int | None) -> tuple[int, int]:
    """The players in turn order: the initiative holder first (player 1 before any roll)."""
    first = initiative or 1
    return first, _OPPONENT[first]


class OperativeFlag(StrEnum):
    """What an operative carries through a mission besides its wounds, under the Fireteam
    rules. A rule set or pack declares its own flags in its folder (a StrEnum of its own:
    ``OperativeState.flags`` holds their values) and registers them
    (:func:`register_flags`)."""

    MARKED = "marked"  # Headhunt: the prize
    REANIMATION_USED = "reanimation_used"  # Reanimation Protocols has been tried
    SPOTTED = "spotted"  # an enemy markerlight hit it this turning point


class Phase(StrEnum):
    SETUP = "setup"
    INITIATIVE = "initiative"
    STRATEGY = "strategy"
    FIREFIGHT = "firefight"
    END = "end"
    OVER = "over"


class Step(StrEnum):
    """Where inside a phase the game waits for a decision, under the Fireteam rules. A rule
    set or pack declares its own steps in its folder (a StrEnum of its own) and registers
    them (:func:`register_steps`); ``State.step`` holds any registered step, compared by its
    value."""

    MULLIGAN = "mulligan"
    DEPLOY = "deploy"
    REVEAL = "reveal"
    PLOY = "ploy"
    ACTIVATE = "activate"  # the player to act picks an operative to activate
    ACT = "act"  # the active operative makes actions
    NONE = ""


# every step a game may wait at and every flag an operative may carry, by value: the
# Fireteam rules' own and those each system registers (saves and scenarios are read by them)
STEPS: dict[str, StrEnum] = dict(Step._value2member_map_)
FLAGS: dict[str, StrEnum] = dict(OperativeFlag._value2member_map_)


def register_steps(steps: type[StrEnum]) -> None:
    """Add a system's steps (two systems may share a step's value: the first kept)."""
    for step in steps:
        STEPS.setdefault(step.value, step)


def register_flags(flags: type[StrEnum]) -> None:
    """Add a system's operative flags."""
    for flag in flags:
        FLAGS.setdefault(flag.value, flag)


@dataclass(frozen=True)
class PloyInForce:
    """A strategic ploy played this turning point, with the operative it names (if any)."""

    ploy: str
    operative: str | None = None

    def __str__(self) -> str:
        return f"{self.ploy}:{self.operative}" if self.operative else self.ploy

    @staticmethod
    def parse(text: str) -> PloyInForce:
        """``id`` or ``id:operative`` (the scenario and save notation)."""
        ploy, _, operative = str(text).partition(":")
        return PloyInForce(ploy, operative or None)


@dataclass(frozen=True)
class Boost:
    """A special issue wargear card in force on an operative until ``until`` runs out."""

    player: int
    card: str
    operative: str
    until: Duration


@dataclass(frozen=True)
class Flag:
    """A flag on an objective (``powered``); ``player`` set for a flag one player placed
    (``downloaded`` by player 1 is written ``downloaded@1``)."""

    name: str
    player: int = 0

    def __str__(self) -> str:
        return f"{self.name}@{self.player}" if self.player else self.name

    @staticmethod
    def parse(text: str) -> Flag:
        name, _, player = str(text).partition("@")
        return Flag(name, int(player) if player else 0)


@dataclass
class OperativeState:
    id: str
    player: int
    card: str
    hex: str | None = None  # None: not yet deployed, or taken down
    damage: int = 0  # wound counters
    taken_down: bool = False
    activated: bool = False  # has an activation token this turning point
    flags: tuple[str, ...] = ()  # OperativeFlag values (a tuple: cheap copies)

    def copy(self) -> OperativeState:
        """An independent copy (every field is an immutable value). The copying code is
        generated from the fields and replaces this method (:func:`_derive_operative_copy`)."""
        raise NotImplementedError

    @property
    def on_killzone(self) -> bool:
        return self.hex is not None and not self.taken_down


def _derive_operative_copy() -> Callable[[OperativeState], OperativeState]:
    """:meth:`OperativeState.copy`, one line per field. Each field is read and set as an
    attribute: an object whose ``__dict__`` has been asked for keeps its attributes in a real
    dict from then on, and every later read of them (an operative's are read all the time)
    is slower."""
    body = ["def copy(self):", "    new = _new(OperativeState)"]
    body += [f"    new.{f.name} = self.{f.name}" for f in fields(OperativeState)]
    body.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "OperativeState": OperativeState}
    exec("\n".join(body), namespace)  # noqa: S102 - generated from the fields above
    copy: Callable[[OperativeState], OperativeState] = namespace["copy"]
    copy.__doc__ = OperativeState.copy.__doc__
    return copy


setattr(OperativeState, "copy", _derive_operative_copy())  # noqa: B010 - made from the fields


def _per_player_lists() -> dict[int, list[str]]:
    return {1: [], 2: []}


@dataclass
class State:
    """A game's state under the Fireteam rules. A rule set or pack that keeps more declares
    its fields in its folder, as a dataclass deriving from this one, registered with
    :func:`register_state` (its book's or pack's ``state``): the copying and the saving
    below take each class's own fields, without knowing them."""

    phase: Phase = Phase.SETUP
    step: str = Step.NONE  # a Step, or a step a system registered (register_steps)
    turning_point: int = 1
    initiative: int = 0  # initiative token holder; 0 = nobody yet
    turn: int = 1
    to_act: int = 1  # whose decision it is
    rolloff_winner: int = 0  # the set-up roll-off winner
    operatives: dict[str, OperativeState] = field(default_factory=dict)
    # activation in progress
    active: str | None = None
    ap_left: int = 0
    ap_spent: bool = False
    reactivation: bool = False  # the active operative had already been activated
    moved: bool = False  # the active operative has made a Move or Disengage action
    # set-up
    territory: dict[int, int] = field(default_factory=dict)  # player -> territory key (1/2)
    mulliganed: list[int] = field(default_factory=list)
    # strategy phase bookkeeping: players who have done the current step
    done: list[int] = field(default_factory=list)
    # objectives
    control: dict[str, int] = field(default_factory=dict)
    objective_flags: dict[str, list[Flag]] = field(default_factory=dict)
    objective_hexes: dict[str, str] = field(default_factory=dict)  # moved (dropped) tokens
    carried: dict[str, str] = field(default_factory=dict)  # objective -> carrying operative
    removed_objectives: list[str] = field(default_factory=list)
    # cards
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: dict[int, list[str]] = field(default_factory=_per_player_lists)
    active_targets: dict[int, list[str]] = field(default_factory=_per_player_lists)
    completed: dict[int, list[str]] = field(default_factory=_per_player_lists)
    ploys: dict[int, list[PloyInForce]] = field(
        default_factory=lambda: {1: [], 2: []})
    wargear_used: dict[int, list[str]] = field(default_factory=_per_player_lists)
    boosts: list[Boost] = field(default_factory=list)
    vp: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    winner: int | None = None  # None while the mission runs; 0 = draw

    def copy(self) -> State:
        """A snapshot independent of this state: each field copied as deep as its declared
        type says it is mutable (the copying code is generated from each registered class's
        fields and replaces this method: :func:`register_state`)."""
        raise TypeError(f"{type(self).__name__} is not registered (register_state)")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # a class deriving from State copies nothing until it is registered (it would copy
        # only its base's fields)
        super().__init_subclass__(**kwargs)
        setattr(cls, "copy", _UNREGISTERED_COPY)  # noqa: B010 - until register_state

    def end_activation(self) -> None:
        """An activation cut short (by the end of the mission) ends: no operative active.
        A system whose state keeps more of an activation clears it too."""
        self.active, self.ap_left, self.ap_spent, self.moved = None, 0, False, False

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data: enums as their words, flags and ploys in their notation."""
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        out["operatives"] = [_to_json(vars(o)) for o in self.operatives.values()]
        out["boosts"] = [[b.player, b.card, b.operative, str(b.until)] for b in self.boosts]
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> State:
        """Rebuild a state of this class from ``to_dict`` output (a key of another system's
        state is left out); raises KeyError/TypeError/ValueError."""
        state = cls()
        kinds = _FIELD_KINDS[cls]
        for f in fields(cls):
            if f.name not in data and f.name not in _BASE_FIELDS:
                continue  # a save from before a system's field existed keeps its default
            if f.name not in data:
                raise KeyError(f.name)
            value = data[f.name]
            kind = kinds[f.name]
            try:
                setattr(state, f.name, _field_from_json(f.name, kind, value))
            except (TypeError, ValueError, KeyError, AttributeError) as error:
                raise ValueError(f"{f.name}: {error}") from None
        return state

    def on_killzone(self, player: int | None = None) -> list[OperativeState]:
        # OperativeState.on_killzone written out: asked at every action, for every operative
        if player is None:
            return [o for o in self.operatives.values() if o.hex is not None and not o.taken_down]
        return [o for o in self.operatives.values()
                if o.player == player and o.hex is not None and not o.taken_down]


# the Fireteam state's fields, every save has (a system's own, added later, may be missing)
_BASE_FIELDS = frozenset(f.name for f in fields(State))


def _operatives_from_json(value: Any) -> dict[str, OperativeState]:
    ops: dict[str, OperativeState] = {}
    for raw in value:
        op = OperativeState(**raw)
        if not isinstance(op.flags, list):
            raise TypeError(f"operative {op.id} flags: expected a list")
        op.flags = tuple(op.flags)
        ops[op.id] = op
    return ops


def _phase_from_json(value: Any) -> Phase:
    if value not in Phase._value2member_map_:
        raise ValueError(f"unknown phase {value!r}")
    return Phase(value)


def _step_from_json(value: Any) -> StrEnum:
    found = STEPS.get(value) if isinstance(value, str) else None
    if found is None:
        raise ValueError(f"unknown step {value!r}")
    return found


# the fields read by a rule of their own (the others by their kind)
_FIELD_READERS: dict[str, Callable[[Any], Any]] = {
    "operatives": _operatives_from_json,
    "phase": _phase_from_json,
    "step": _step_from_json,
    "boosts": lambda value: [Boost(int(b[0]), str(b[1]), str(b[2]), Duration(b[3]))
                             for b in value],
    "ploys": lambda value: {int(k): [PloyInForce.parse(x) for x in v]
                            for k, v in value.items()},
    "objective_flags": lambda value: {str(k): [Flag.parse(x) for x in v]
                                      for k, v in value.items()},
}


def _field_from_json(name: str, kind: str, value: Any) -> Any:
    """One field of :meth:`State.from_dict`; raises TypeError/ValueError saying why."""
    if kind in ("operatives", "list") and not isinstance(value, list):
        raise TypeError(f"expected a list, not {type(value).__name__}")
    if kind in ("player_map", "map", "map_of_lists", "player_lists") and \
            not isinstance(value, dict):
        raise TypeError(f"expected a mapping, not {type(value).__name__}")
    reader = _FIELD_READERS.get(name)
    if reader is not None:
        return reader(value)
    if kind in ("player_lists", "player_map"):
        value = {int(k): (list(v) if isinstance(v, list) else v)
                 for k, v in value.items()}
    elif kind == "map_of_lists":
        value = {str(k): list(v) for k, v in value.items()}
    elif kind in ("map", "list"):
        value = dict(value) if kind == "map" else list(value)
    return value


_PLAIN = frozenset({int, str, bool, float, type(None)})  # as they are in JSON (not StrEnum)


def _to_json(value: Any) -> Any:
    # plain values are most of a state: checked first, and inside dicts and lists before
    # any call (the game server turns a state into JSON on every action)
    kind = type(value)
    if kind in _PLAIN:
        return value
    if kind is dict:
        return {k if type(k) is str else str(k): v if type(v) in _PLAIN else _to_json(v)
                for k, v in value.items()}
    if kind is list or kind is tuple:
        return [v if type(v) in _PLAIN else _to_json(v) for v in value]
    if isinstance(value, StrEnum):
        return str(value)
    if isinstance(value, (Flag, PloyInForce)):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _to_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_json(v) for v in value]
    return value


# How deep each declared field type must be copied. A field whose type is not listed here
# makes the import fail, so that State.copy can never share a new mutable field.
_KIND_OF_TYPE = {
    "Phase": "value", "str": "value", "int": "value", "bool": "value",
    "str | None": "value", "int | None": "value",
    "dict[str, OperativeState]": "operatives",
    "dict[int, int]": "player_map", "dict[str, int]": "map", "dict[str, str]": "map",
    "list[int]": "list", "list[str]": "list", "list[Boost]": "list",
    "dict[str, list[Flag]]": "map_of_lists",
    "dict[int, list[str]]": "player_lists", "dict[int, list[PloyInForce]]": "player_lists",
}
# each registered class's fields by name, with their kinds
_FIELD_KINDS: dict[type[State], dict[str, str]] = {}

_COPY_EXPR = {
    "value": "s.{n}",
    "operatives": "{{k: _op_copy(o) for k, o in s.{n}.items()}}",
    "player_map": "dict(s.{n})",
    "map": "dict(s.{n})",
    "list": "list(s.{n})",
    "map_of_lists": "{{k: list(v) for k, v in s.{n}.items()}}",
    "player_lists": "{{k: list(v) for k, v in s.{n}.items()}}",
}


def _derive_copy(cls: type[State], kinds: dict[str, str]) -> Callable[[State], State]:
    """The copying function of ``cls``, one line per field."""
    body = ["def copy(s):", "    new = _new(State)", "    d = new.__dict__"]
    for name, kind in kinds.items():
        body.append(f"    d[{name!r}] = " + _COPY_EXPR[kind].format(n=name))
    body.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "State": cls,
                                 "_op_copy": OperativeState.copy}
    exec("\n".join(body), namespace)  # noqa: S102 - generated from the fields above
    copy: Callable[[State], State] = namespace["copy"]
    copy.__doc__ = State.copy.__doc__
    return copy


def _type_name(declared: object) -> str:
    """A field's declared type as written (``list[int]``), whether the module declaring it
    keeps its annotations as text or not."""
    if isinstance(declared, str):
        return declared
    return declared.__name__ if isinstance(declared, type) else str(declared)


StateType = TypeVar("StateType", bound=type[State])


def register_state(cls: StateType) -> StateType:
    """Make ``cls`` (:class:`State` or a dataclass deriving from it with a system's fields)
    copyable and saveable: its copying function is generated from its fields (one whose
    declared type :data:`_KIND_OF_TYPE` does not know stops the import)."""
    kinds = {f.name: _KIND_OF_TYPE[_type_name(f.type)] for f in fields(cls)}
    _FIELD_KINDS[cls] = kinds
    setattr(cls, "copy", _derive_copy(cls, kinds))  # noqa: B010 - a method made per class
    return cls


_UNREGISTERED_COPY = State.__dict__["copy"]
register_state(State)
