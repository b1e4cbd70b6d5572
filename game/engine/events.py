"""What happened, as typed events: the one stream the log, the screens' animations, the
targets of opportunity and the card triggers all read.

Every event is a frozen dataclass. ``str(event)`` is the sentence the game log prints (the
only place each sentence is written). Every d6 the engine rolls appears in exactly one event
(its ``dice`` / ``rolls`` fields). An event with a secret part (targets of opportunity dealt or
drawn) names who may see it in :meth:`Event.seen_by` and gives the form everybody else sees
with :meth:`Event.redacted`.

Events are saved as ``{"type": name, ...fields}`` (:func:`event_to_dict` /
:func:`event_from_dict`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

# class name -> event class, for saves and scenario files: every subclass of Event is
# registered here by being defined
EVENT_TYPES: dict[str, type[Event]] = {}


@dataclass(frozen=True)
class Event:
    """Base of every event. Defining a subclass registers it in :data:`EVENT_TYPES` under
    its class name (which must be new)."""

    # per class: whether the event carries a secret part (see seen_by/redacted)
    secret: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        assert cls.__name__ not in EVENT_TYPES, f"two events are named {cls.__name__}"
        EVENT_TYPES[cls.__name__] = cls

    def seen_by(self, player: int | None) -> bool:
        """Whether ``player`` (None: everybody, e.g. a spectator) may see all of it."""
        return True

    def redacted(self) -> Event:
        """The event as those who may not see its secret part see it."""
        return self

    def for_viewer(self, player: int | None) -> Event:
        return self if self.seen_by(player) else self.redacted()

    @property
    def dice_rolled(self) -> tuple[int, ...]:
        """Every d6 result this event reports (re-rolled dice count twice: both rolls)."""
        return ()


@dataclass(frozen=True)
class Die:
    """One die as it finally lies; ``first`` is its first value when a card re-rolled it."""

    value: int
    first: int | None = None
    rerolled_by: str | None = None

    def __str__(self) -> str:
        return f"{self.first}->{self.value}" if self.first is not None else str(self.value)

    @property
    def rolls(self) -> tuple[int, ...]:
        return (self.value,) if self.first is None else (self.first, self.value)


def rolled_order(dice: tuple[Die, ...]) -> tuple[int, ...]:
    """The d6 results of a set of dice in the order they were rolled: every first roll, then
    the re-rolls (docs/rules-decisions.md, "Order of dice")."""
    firsts = tuple(d.value if d.first is None else d.first for d in dice)
    return firsts + tuple(d.value for d in dice if d.first is not None)


def _dice_text(dice: tuple[Die, ...]) -> str:
    return "[" + ", ".join(str(d) for d in dice) + "]"


# --- set-up -------------------------------------------------------------------------------

@dataclass(frozen=True)
class RollOff(Event):
    """A roll-off: each pair of dice (player 1's first); ``tie_to`` decided a tie."""

    purpose: str  # "set-up" or "initiative"
    rolls: tuple[tuple[int, int], ...]
    winner: int
    tie_to: int = 0

    def __str__(self) -> str:
        parts = [f"player 1 rolls {a}, player 2 rolls {b}" for a, b in self.rolls]
        last_a, last_b = self.rolls[-1]
        tail = (f"a tie: it goes to player {self.winner}" if last_a == last_b
                else f"player {self.winner} wins")
        return f"{self.purpose} roll-off: " + "; roll again: ".join(parts) + f": {tail}"

    @property
    def dice_rolled(self) -> tuple[int, ...]:
        return tuple(d for pair in self.rolls for d in pair)


@dataclass(frozen=True)
class TargetsDealt(Event):
    """Three targets of opportunity dealt to each player; each sees only their own."""

    secret: ClassVar[bool] = True
    dealer: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # player 1's, player 2's (None-free)
    viewer: int | None = None  # set in a redacted copy: whose hand it still shows

    def __str__(self) -> str:
        return f"player {self.dealer} deals three targets of opportunity to each player"

    def seen_by(self, player: int | None) -> bool:
        return False

    def redacted(self) -> Event:
        return dataclasses.replace(self, hands=((), ()))

    def for_viewer(self, player: int | None) -> Event:
        if player not in (1, 2):
            return self.redacted()
        hands = tuple(h if i + 1 == player else () for i, h in enumerate(self.hands))
        return dataclasses.replace(self, hands=hands, viewer=player)  # type: ignore[arg-type]


@dataclass(frozen=True)
class Mulliganed(Event):
    """A player kept their targets (``discarded`` empty) or swapped some (drawn: secret)."""

    secret: ClassVar[bool] = True
    player: int
    discarded: tuple[str, ...]
    names: tuple[str, ...]
    drawn: tuple[str, ...] | None  # None in the redacted form

    def __str__(self) -> str:
        if not self.discarded:
            return f"player {self.player} keeps their targets of opportunity"
        return (f"player {self.player} discards {', '.join(self.names)} and draws "
                f"{len(self.discarded)}")

    def seen_by(self, player: int | None) -> bool:
        return player == self.player

    def redacted(self) -> Event:
        return dataclasses.replace(self, drawn=None)


@dataclass(frozen=True)
class Deployed(Event):
    player: int
    operative: str
    hex: str

    def __str__(self) -> str:
        return f"player {self.player} deploys {self.operative} on {self.hex}"


@dataclass(frozen=True)
class SetupComplete(Event):
    def __str__(self) -> str:
        return "set-up is complete"


# --- turning points and phases ------------------------------------------------------------

@dataclass(frozen=True)
class TurningPointStarted(Event):
    turning_point: int

    def __str__(self) -> str:
        return f"--- turning point {self.turning_point} ---"


@dataclass(frozen=True)
class InitiativeRolled(Event):
    player: int
    roll_off: RollOff

    def __str__(self) -> str:
        return f"{self.roll_off}; player {self.player} has the initiative"

    @property
    def dice_rolled(self) -> tuple[int, ...]:
        return self.roll_off.dice_rolled


@dataclass(frozen=True)
class PhaseStarted(Event):
    phase: str
    turning_point: int

    def __str__(self) -> str:
        return f"the {self.phase} phase of turning point {self.turning_point} begins"


@dataclass(frozen=True)
class PhaseEnded(Event):
    phase: str
    turning_point: int

    def __str__(self) -> str:
        return f"the {self.phase} phase of turning point {self.turning_point} ends"


@dataclass(frozen=True)
class TargetRevealed(Event):
    player: int
    card: str | None
    name: str = ""

    def __str__(self) -> str:
        if self.card is None:
            return f"player {self.player} reveals no target"
        return f"player {self.player} reveals {self.name}"


@dataclass(frozen=True)
class PloyPlayed(Event):
    player: int
    ploy: str
    name: str
    operative: str | None = None

    def __str__(self) -> str:
        on = f" on {self.operative}" if self.operative else ""
        return f"player {self.player} uses {self.name}{on}"


@dataclass(frozen=True)
class WargearUsed(Event):
    player: int
    card: str
    name: str
    operative: str

    def __str__(self) -> str:
        return f"player {self.player} uses {self.name} on {self.operative}"


# --- the firefight ------------------------------------------------------------------------

@dataclass(frozen=True)
class Activated(Event):
    player: int
    operative: str
    ap: int
    reactivation: bool = False

    def __str__(self) -> str:
        again = " again" if self.reactivation else ""
        return f"player {self.player} activates {self.operative}{again} ({self.ap} AP)"


@dataclass(frozen=True)
class ActivationCancelled(Event):
    player: int
    operative: str

    def __str__(self) -> str:
        return f"player {self.player} cancels the activation of {self.operative}"


@dataclass(frozen=True)
class Moved(Event):
    operative: str
    path: tuple[str, ...]  # the start hex first, the end hex last
    disengage: bool = False

    def __str__(self) -> str:
        verb = "disengages" if self.disengage else "moves"
        return f"{self.operative} {verb} to {self.path[-1]}"


@dataclass(frozen=True)
class Waited(Event):
    operative: str

    def __str__(self) -> str:
        return f"{self.operative} waits"


@dataclass(frozen=True)
class MissionActionMade(Event):
    player: int
    operative: str
    action: str
    name: str
    objective: str | None = None

    def __str__(self) -> str:
        where = f" on {self.objective}" if self.objective else ""
        return f"{self.operative} makes {self.name}{where}"


@dataclass(frozen=True)
class TurnPassed(Event):
    player: int
    turn: int

    def __str__(self) -> str:
        return f"player {self.player} has no operatives and passes turn {self.turn}"


@dataclass(frozen=True)
class ActivationEnded(Event):
    player: int
    operative: str | None
    turn: int

    def __str__(self) -> str:
        who = self.operative or "no operative"
        return f"player {self.player}'s turn {self.turn} ends ({who})"


# --- attacks ------------------------------------------------------------------------------

@dataclass(frozen=True)
class AttackDeclared(Event):
    player: int
    attacker: str
    weapon: str
    weapon_name: str
    target: str
    overcharge: bool = False

    def __str__(self) -> str:
        oc = " (overcharged)" if self.overcharge else ""
        return f"{self.attacker} attacks {self.target} with {self.weapon_name}{oc}"


@dataclass(frozen=True)
class HitDiceRolled(Event):
    attacker: str
    dice: tuple[Die, ...]
    hits: int
    crits: int

    def __str__(self) -> str:
        if not self.hits and not self.crits:
            return f"{len(self.dice)} dice {_dice_text(self.dice)}: the attack misses"
        return (f"{len(self.dice)} dice {_dice_text(self.dice)}: {self.hits} hit(s), "
                f"{self.crits} critical")

    @property
    def dice_rolled(self) -> tuple[int, ...]:
        return rolled_order(self.dice)


@dataclass(frozen=True)
class CoverBlock(Event):
    defender: str

    def __str__(self) -> str:
        return f"{self.defender} is in cover: 1 block retained, one die fewer"


@dataclass(frozen=True)
class DefenceDiceRolled(Event):
    defender: str
    dice: tuple[Die, ...]
    blocks: int  # the retained cover block included
    cover: bool = False  # one of the blocks is the one cover retained (no die rolled for it)

    def __str__(self) -> str:
        kept = ", one of them kept for cover" if self.cover else ""
        return f"{self.defender} rolls {_dice_text(self.dice)}: {self.blocks} block(s){kept}"

    @property
    def dice_rolled(self) -> tuple[int, ...]:
        return rolled_order(self.dice)


@dataclass(frozen=True)
class BlocksAssigned(Event):
    """Which block cancelled which hit: ``(block, hit)`` pairs of die indexes (block -1 is
    the block cover retained), then what got through."""

    pairs: tuple[tuple[int, int], ...]
    hits_left: int
    crits_left: int
    damage: int

    def __str__(self) -> str:
        return (f"{len(self.pairs)} cancelled; {self.hits_left} hit(s) and "
                f"{self.crits_left} critical hit(s) get through: {self.damage} damage")


@dataclass(frozen=True)
class AttackResolved(Event):
    """The end of an attack's dice (what targets of opportunity look at)."""

    attacker_player: int
    defender_player: int
    hit_any: bool
    crits_landed: int
    unblocked: int

    def __str__(self) -> str:
        return "the attack is over: it missed" if not self.hit_any else "the attack is over"


@dataclass(frozen=True)
class HazardRolled(Event):
    """Hazardous: one die after the attack; on a 1 the attacker suffers damage."""

    operative: str
    weapon_name: str
    roll: int

    def __str__(self) -> str:
        if self.roll == 1:
            return f"{self.weapon_name} backfires (1)"
        return f"{self.weapon_name} holds ({self.roll})"

    @property
    def dice_rolled(self) -> tuple[int, ...]:
        return (self.roll,)


@dataclass(frozen=True)
class Damaged(Event):
    operative: str
    amount: int
    total: int  # wound counters after
    cause: str = ""  # "attack", "overcharging", "hazardous", a card's name...

    def __str__(self) -> str:
        why = f" from {self.cause}" if self.cause and self.cause != "attack" else ""
        return f"{self.operative} suffers {self.amount} damage{why} ({self.total} wounds)"


@dataclass(frozen=True)
class Healed(Event):
    operative: str
    amount: int

    def __str__(self) -> str:
        return f"{self.operative} removes {self.amount} wound counter(s)"


@dataclass(frozen=True)
class Reanimation(Event):
    operative: str
    roll: int
    success: bool
    damage: int

    def __str__(self) -> str:
        if self.success:
            return (f"{self.operative} reanimates ({self.roll}): back with {self.damage} "
                    "wound counters")
        return f"{self.operative} fails to reanimate ({self.roll})"

    @property
    def dice_rolled(self) -> tuple[int, ...]:
        return (self.roll,)


@dataclass(frozen=True)
class TakenDown(Event):
    operative: str
    player: int
    hex: str
    by: int | None = None  # the attacking player
    melee: bool = False
    distance: int = 0
    full_health: bool = False

    def __str__(self) -> str:
        return f"{self.operative} is taken down"


# --- objectives, scoring, the end ---------------------------------------------------------

@dataclass(frozen=True)
class ControlChanged(Event):
    objective: str
    player: int
    previous: int

    def __str__(self) -> str:
        return f"player {self.player} takes control of {self.objective}"


@dataclass(frozen=True)
class ObjectivePickedUp(Event):
    operative: str
    objective: str

    def __str__(self) -> str:
        return f"{self.operative} picks up {self.objective}"


@dataclass(frozen=True)
class ObjectiveDropped(Event):
    operative: str
    objective: str
    hex: str

    def __str__(self) -> str:
        return f"{self.operative} drops {self.objective} on {self.hex}"


@dataclass(frozen=True)
class ObjectiveRemoved(Event):
    objective: str

    def __str__(self) -> str:
        return f"{self.objective} leaves the killzone"


@dataclass(frozen=True)
class Marked(Event):
    operative: str

    def __str__(self) -> str:
        return f"{self.operative} is marked"


@dataclass(frozen=True)
class Spotted(Event):
    """A markerlight hit: ``operative`` is spotted by ``player`` until the turning point ends."""

    operative: str
    player: int

    def __str__(self) -> str:
        return f"{self.operative} is spotted by player {self.player}"


@dataclass(frozen=True)
class Scored(Event):
    """VP scored, with where they came from: ``source`` is "mission rule", "mission action",
    "special operation", "ploy", "ability" or "target of opportunity", ``name`` the rule's or
    card's name, ``objectives`` those that counted, ``basis`` what the scoring rule pays for
    (e.g. "1 per powered objective held"; empty for a flat award), so two scores from one
    card read differently."""

    player: int
    vp: int
    turning_point: int
    source: str
    name: str
    objectives: tuple[str, ...] = ()
    basis: str = ""

    def __str__(self) -> str:
        why = f", {self.basis}" if self.basis else ""
        where = f" for {', '.join(self.objectives)}" if self.objectives else ""
        return (f"player {self.player} scores {self.vp} VP "
                f"({self.source}: {self.name}{why}{where})")


@dataclass(frozen=True)
class TargetCompleted(Event):
    player: int
    card: str
    name: str
    vp: int

    def __str__(self) -> str:
        return f"player {self.player} completes {self.name} ({self.vp} VP)"


@dataclass(frozen=True)
class SuddenVictory(Event):
    players: tuple[int, ...]
    target: int

    def __str__(self) -> str:
        if len(self.players) == 1:
            return f"player {self.players[0]} reaches {self.target} VP: the mission ends at once"
        return f"both players reach {self.target} VP: the mission ends at once"


@dataclass(frozen=True)
class Conceded(Event):
    player: int

    def __str__(self) -> str:
        return f"player {self.player} concedes"


@dataclass(frozen=True)
class ResultAgreed(Event):
    player: int  # who entered it
    winner: int  # 0 = a draw

    def __str__(self) -> str:
        result = "a draw" if self.winner == 0 else f"a win for player {self.winner}"
        return f"the players agree the mission ends in {result}"


@dataclass(frozen=True)
class MissionEnded(Event):
    winner: int  # 0 = a draw
    vp: tuple[int, int]
    reason: str = "most VP"  # "most VP", "sudden victory", "concession", "agreement"

    def __str__(self) -> str:
        result = "a draw" if self.winner == 0 else f"player {self.winner} wins"
        return f"the mission is over: {self.vp[0]} VP to {self.vp[1]} VP, {result}"


@dataclass(frozen=True)
class TiebreakerUsed(Event):
    """A campaign mission that would have been a draw, decided by a tiebreaker: ``number``
    1 (only one fireteam left on the killzone), 2 (more objectives controlled), 3 (a higher
    share of its operatives left on the killzone) or 4 (a roll-off, emitted just before)."""

    number: int
    winner: int
    detail: str = ""

    def __str__(self) -> str:
        return (f"campaign tiebreaker {self.number} decides the draw: {self.detail}; "
                f"player {self.winner} wins the mission")


# --- saving ---------------------------------------------------------------------------------

def event_to_dict(event: Event) -> dict[str, Any]:
    """An event as JSON-able data: ``{"type": class name, field: value, ...}``."""
    out: dict[str, Any] = {"type": type(event).__name__}
    for f in dataclasses.fields(event):
        value = getattr(event, f.name)
        if isinstance(value, Event):
            value = event_to_dict(value)
        elif isinstance(value, tuple):
            value = _plain(value)
        out[f.name] = value
    return out


def _plain(value: Any) -> Any:
    if isinstance(value, Die):
        return {"value": value.value, "first": value.first, "rerolled_by": value.rerolled_by}
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuple(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    if isinstance(value, dict) and "value" in value and "rerolled_by" in value:
        return Die(int(value["value"]), value["first"], value["rerolled_by"])
    return value


def event_from_dict(data: Any) -> Event:
    """Rebuild an event saved by :func:`event_to_dict`; raises ValueError/TypeError."""
    if not isinstance(data, dict) or data.get("type") not in EVENT_TYPES:
        raise ValueError(f"unknown event {data!r:.80}")
    cls = EVENT_TYPES[data["type"]]
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            continue
        value = data[f.name]
        if isinstance(value, dict) and "type" in value:
            value = event_from_dict(value)
        kwargs[f.name] = _tuple(value)
    return cls(**kwargs)


# --- building events --------------------------------------------------------------------

def _quick_init(cls: type[Event]) -> None:
    """Give the event class ``cls`` an ``__init__`` that writes its fields straight into the
    new event's ``__dict__``: the signature, defaults and result of the one dataclasses
    writes for a frozen class, at about half its cost (that one sets each field through
    ``object.__setattr__``; a game builds an event or two at every action). A class whose
    fields need more than a plain default keeps the dataclasses one."""
    fields = dataclasses.fields(cls)
    if "__post_init__" in dir(cls) or any(
            f.default_factory is not dataclasses.MISSING or not f.init or f.kw_only
            for f in fields):
        return
    namespace: dict[str, Any] = {}
    params = ["self"]
    lines = ["    values = self.__dict__"]
    for n, f in enumerate(fields):
        if f.default is dataclasses.MISSING:
            params.append(f.name)
        else:
            namespace[f"default{n}"] = f.default
            params.append(f"{f.name}=default{n}")
        lines.append(f"    values[{f.name!r}] = {f.name}")
    exec(f"def __init__({', '.join(params)}):\n" + "\n".join(lines), namespace)  # noqa: S102
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]


for _cls in list(EVENT_TYPES.values()):
    _quick_init(_cls)

