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
from typing import Any

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
    """What an operative carries through a mission besides its wounds."""

    MARKED = "marked"  # Headhunt: the prize
    REANIMATION_USED = "reanimation_used"  # Reanimation Protocols has been tried
    SPOTTED = "spotted"  # an enemy markerlight hit it this turning point
    # the skirmish rule set (game/engine/rulesets/skirmish): morale and melee fatigue
    SHAKEN = "shaken"  # failed a morale test: idle until one idle activation clears it
    FATIGUED = "fatigued"  # attacked in a melee this round: hits only on unmodified 6s


class Phase(StrEnum):
    SETUP = "setup"
    INITIATIVE = "initiative"
    STRATEGY = "strategy"
    FIREFIGHT = "firefight"
    END = "end"
    OVER = "over"


class Step(StrEnum):
    """Where inside a phase the game waits for a decision."""

    MULLIGAN = "mulligan"
    DEPLOY = "deploy"
    REVEAL = "reveal"
    PLOY = "ploy"
    ACTIVATE = "activate"  # the player to act picks an operative to activate
    ACT = "act"  # the active operative makes actions
    # Kill Team classic (its stages: game/engine/rulesets/killteam/pack.py)
    PLACE_OBJECTIVES = "place_objectives"  # the players place objective markers in turn
    SEARCH_PATTERN = "search_pattern"  # each operative's roll: deploy now or arrive later
    SEIZE = "seize"  # the player due to go second may try to seize the initiative
    BREAK_TESTS = "break_tests"  # night fighting's roll and a broken force's Break tests
    ARRIVE = "arrive"  # late operatives arrive from a killzone edge
    GAME_LENGTH = "game_length"  # a die decides whether one more turning point is played
    # the skirmish rule set (game/engine/rulesets/skirmish/table.py)
    SHOOT = "shoot"  # after Hold or Advance: fire each ranged weapon, or hold fire
    MEET = "meet"  # a charge ended 2 hexes short: the defender's player may move to meet it
    STRIKE_BACK = "strike_back"  # the charged operative's player decides to strike back
    MORALE = "morale"  # the end of an activation: the morale tests owed
    CONSOLIDATE = "consolidate"  # a melee left one side destroyed: the other may step
    PUSH = "push"  # the attacker may push a Shaken target
    NONE = ""


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
    phase: Phase = Phase.SETUP
    step: Step = Step.NONE
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
    # Kill Team classic: the players whose force is Broken, the player whose operative was
    # the first removed (0: none yet), whether night fighting is in force
    broken: list[int] = field(default_factory=list)
    first_removed: int = 0
    night: bool = False
    # the skirmish rule set: the running activation's order (hold, advance, rush, charge),
    # the enemy it shot at or charged, the decision it still owes (shoot, strike_back,
    # consolidate, push), the wounds each operative took during it
    order: str | None = None
    target: str | None = None
    pending: str | None = None
    wounds_now: dict[str, int] = field(default_factory=dict)

    def copy(self) -> State:
        """A snapshot independent of this state: each field copied as deep as its declared
        type says it is mutable (the copying code is generated from the fields, below)."""
        return _copy_state(self)

    def to_dict(self) -> dict[str, Any]:
        """JSON-able data: enums as their words, flags and ploys in their notation."""
        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = _to_json(getattr(self, f.name))
        out["operatives"] = [_to_json(vars(o)) for o in self.operatives.values()]
        out["boosts"] = [[b.player, b.card, b.operative, str(b.until)] for b in self.boosts]
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> State:
        """Rebuild a state from ``to_dict`` output; raises KeyError/TypeError/ValueError."""
        state = State()
        for f in fields(State):
            if f.name not in data and f.name in _ADDED_FIELDS:
                continue  # a save from before the field existed keeps its default
            if f.name not in data:
                raise KeyError(f.name)
            value = data[f.name]
            kind = _FIELD_KINDS[f.name]
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


# fields added after saves were first written (a save without them keeps the default)
_ADDED_FIELDS = frozenset({"broken", "first_removed", "night", "order", "target",
                           "pending", "wounds_now"})


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


def _step_from_json(value: Any) -> Step:
    if value not in Step._value2member_map_:
        raise ValueError(f"unknown step {value!r}")
    return Step(value)


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
    "Phase": "value", "Step": "value", "int": "value", "bool": "value",
    "str | None": "value", "int | None": "value",
    "dict[str, OperativeState]": "operatives",
    "dict[int, int]": "player_map", "dict[str, int]": "map", "dict[str, str]": "map",
    "list[int]": "list", "list[str]": "list", "list[Boost]": "list",
    "dict[str, list[Flag]]": "map_of_lists",
    "dict[int, list[str]]": "player_lists", "dict[int, list[PloyInForce]]": "player_lists",
}
_FIELD_KINDS = {f.name: _KIND_OF_TYPE[str(f.type)] for f in fields(State)}

_COPY_EXPR = {
    "value": "s.{n}",
    "operatives": "{{k: _op_copy(o) for k, o in s.{n}.items()}}",
    "player_map": "dict(s.{n})",
    "map": "dict(s.{n})",
    "list": "list(s.{n})",
    "map_of_lists": "{{k: list(v) for k, v in s.{n}.items()}}",
    "player_lists": "{{k: list(v) for k, v in s.{n}.items()}}",
}


def _derive_copy() -> Callable[[State], State]:
    """The copying function of :class:`State`, one line per field."""
    body = ["def copy(s):", "    new = _new(State)", "    d = new.__dict__"]
    for name, kind in _FIELD_KINDS.items():
        body.append(f"    d[{name!r}] = " + _COPY_EXPR[kind].format(n=name))
    body.append("    return new")
    namespace: dict[str, Any] = {"_new": object.__new__, "State": State,
                                 "_op_copy": OperativeState.copy}
    exec("\n".join(body), namespace)  # noqa: S102 - generated from the fields above
    copy: Callable[[State], State] = namespace["copy"]
    return copy


_copy_state = _derive_copy()
