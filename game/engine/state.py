"""The game state as plain data, cheap to copy (undo snapshots) and to turn into JSON."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any


class Phase:
    SETUP = "setup"
    INITIATIVE = "initiative"
    STRATEGY = "strategy"
    FIREFIGHT = "firefight"
    END = "end"
    OVER = "over"

    ALL = (SETUP, INITIATIVE, STRATEGY, FIREFIGHT, END, OVER)


class Step:
    """Where inside a phase the game waits for a decision."""

    MULLIGAN = "mulligan"
    DEPLOY = "deploy"
    REVEAL = "reveal"
    PLOY = "ploy"
    ACTIVATE = "activate"  # the player to act picks an operative to activate
    ACT = "act"  # the active operative makes actions
    NONE = ""

    ALL = (MULLIGAN, DEPLOY, REVEAL, PLOY, ACTIVATE, ACT, NONE)


@dataclass
class OperativeState:
    id: str
    player: int
    card: str
    hex: str | None = None  # None: not yet deployed, or taken down
    damage: int = 0  # wound counters
    taken_down: bool = False
    activated: bool = False  # has an activation token this turning point
    flags: list[str] = field(default_factory=list)  # e.g. "reanimated"

    def copy(self) -> OperativeState:
        return OperativeState(self.id, self.player, self.card, self.hex, self.damage,
                              self.taken_down, self.activated, list(self.flags))

    @property
    def on_killzone(self) -> bool:
        return self.hex is not None and not self.taken_down


@dataclass
class State:
    phase: str = Phase.SETUP
    step: str = Step.NONE
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
    objective_flags: dict[str, list[str]] = field(default_factory=dict)
    objective_hexes: dict[str, str] = field(default_factory=dict)  # moved (dropped) tokens
    carried: dict[str, str] = field(default_factory=dict)  # objective -> carrying operative
    removed_objectives: list[str] = field(default_factory=list)
    # cards
    deck: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    hands: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})
    active_targets: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})
    completed: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})
    ploys: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})  # "id[:op]"
    wargear_used: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})
    boosts: list[list[Any]] = field(default_factory=list)  # [player, card, operative, until]
    vp: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    winner: int | None = None  # None while the mission runs; 0 = draw

    def copy(self) -> State:
        """A snapshot independent of this state (much cheaper than deepcopy)."""
        new = State.__new__(State)
        new.__dict__.update(self.__dict__)
        new.operatives = {k: o.copy() for k, o in self.operatives.items()}
        new.territory = dict(self.territory)
        new.mulliganed = list(self.mulliganed)
        new.done = list(self.done)
        new.control = dict(self.control)
        new.objective_flags = {k: list(v) for k, v in self.objective_flags.items()}
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.hands = {p: list(v) for p, v in self.hands.items()}
        new.active_targets = {p: list(v) for p, v in self.active_targets.items()}
        new.completed = {p: list(v) for p, v in self.completed.items()}
        new.ploys = {p: list(v) for p, v in self.ploys.items()}
        new.vp = dict(self.vp)
        new.objective_hexes = dict(self.objective_hexes)
        new.carried = dict(self.carried)
        new.removed_objectives = list(self.removed_objectives)
        new.wargear_used = {p: list(v) for p, v in self.wargear_used.items()}
        new.boosts = [list(b) for b in self.boosts]
        return new

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "operatives":
                value = [vars(o) | {"flags": list(o.flags)} for o in value.values()]
            elif isinstance(value, dict):
                value = {str(k): (list(v) if isinstance(v, list) else v)
                         for k, v in value.items()}
            elif isinstance(value, list):
                value = [list(v) if isinstance(v, list) else v for v in value]
            out[f.name] = value
        return out

    @staticmethod
    def from_dict(data: dict[str, Any]) -> State:
        """Rebuild a state from ``to_dict`` output; raises KeyError/TypeError/ValueError."""
        state = State()
        per_player = ("territory", "hands", "active_targets", "completed", "ploys", "vp",
                      "wargear_used")
        for f in fields(State):
            if f.name not in data:
                raise KeyError(f.name)
            value = data[f.name]
            if f.name == "operatives":
                ops = {}
                for raw in value:
                    op = OperativeState(**raw)
                    ops[op.id] = op
                value = ops
            elif f.name in per_player:
                value = {int(k): (list(v) if isinstance(v, list) else v)
                         for k, v in value.items()}
            elif isinstance(value, dict):
                value = {k: (list(v) if isinstance(v, list) else v) for k, v in value.items()}
            setattr(state, f.name, value)
        return state

    def on_killzone(self, player: int | None = None) -> list[OperativeState]:
        return [o for o in self.operatives.values()
                if o.on_killzone and (player is None or o.player == player)]
