"""What happened, as typed events: the one stream the log, the screens' animations, the
targets of opportunity and the card triggers all read.

Every event is a frozen dataclass: a subclass of :class:`Event` is made one by being defined
(no decorator), its fields declared once as annotations. ``str(event)`` is the sentence the
game log prints (the only place each sentence is written): a class's ``text``, its fields
named in braces (``{field:words}`` stands for the words when the field is set, true or
non-empty, and for nothing otherwise; ``{field:words|other words}`` for one or the other),
or its own ``__str__``. Every d6 the engine rolls appears in exactly one event: in its field
named ``roll`` (one die, 0 when none was rolled), ``rolls`` (d6 results) or ``dice`` (d6
results, or :class:`Die`), which ``dice_rolled`` reads, or in what its own ``dice_rolled``
reports. An event with a secret part (targets of opportunity dealt or drawn) names who may
see it in :meth:`Event.seen_by` and gives the form everybody else sees with
:meth:`Event.redacted`.

Events are saved as ``{"type": name, ...fields}`` (:func:`event_to_dict` /
:func:`event_from_dict`).
"""

from __future__ import annotations

import dataclasses
import string
from dataclasses import dataclass
from typing import Any, ClassVar, dataclass_transform

# class name -> event class, for saves and scenario files: every subclass of Event is
# registered here by being defined
EVENT_TYPES: dict[str, type[Event]] = {}

# the names of the fields that hold the dice an event rolled (see Event.dice_rolled)
DICE_FIELDS = ("roll", "rolls", "dice")


_FORMAT = string.Formatter()


def sentence(text: str, fields: dict[str, Any]) -> str:
    """``text`` with its fields filled in, as ``str.format`` does, except that a field's
    format spec holds words said when the field is set: ``{f:A}`` is A when field f is true
    or non-empty and nothing otherwise, ``{f:A|B}`` A or else B (the words may name fields
    in braces in turn; they are chosen before any value is put in)."""
    out = []
    for literal, name, spec, conversion in _FORMAT.parse(text):
        out.append(literal)
        if name is None:
            continue
        value = _FORMAT.get_field(name, (), fields)[0]
        if conversion:
            value = _FORMAT.convert_field(value, conversion)
        if spec:
            when_set, _, otherwise = spec.partition("|")
            out.append(sentence(when_set if value else otherwise, fields))
        else:
            out.append(format(value))
    return "".join(out)


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


@dataclass_transform(frozen_default=True)
@dataclass(frozen=True)
class Event:
    """Base of every event. Defining a subclass makes it a frozen dataclass and registers it
    in :data:`EVENT_TYPES` under its class name (which must be new)."""

    # per class: whether the event carries a secret part (see seen_by/redacted)
    secret: ClassVar[bool] = False
    # per class: the log sentence, the fields named in braces ("{operative} waits")
    text: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        dataclass(frozen=True)(cls)
        _quick_init(cls)  # every system's events alike
        assert cls.__name__ not in EVENT_TYPES, f"two events are named {cls.__name__}"
        assert cls.text or cls.__str__ is not Event.__str__, \
            f"event {cls.__name__} has no log sentence: give it a text or a __str__"
        EVENT_TYPES[cls.__name__] = cls

    def __str__(self) -> str:
        return sentence(self.text, self.__dict__)

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
        fields = self.__dict__
        name = next((n for n in DICE_FIELDS if n in fields), None)
        if name is None:
            return ()
        value = fields[name]
        if isinstance(value, int):
            return (value,) if value else ()
        return rolled_order(value) if value and isinstance(value[0], Die) else tuple(value)


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


def dice_text(dice: tuple[Die, ...] | tuple[int, ...]) -> str:
    """Dice as the log writes them: ``[1->2, 3, 2]`` (a die re-rolled from 1 to 2)."""
    return "[" + ", ".join(str(d) for d in dice) + "]"


# --- set-up -------------------------------------------------------------------------------

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


class TargetsDealt(Event):
    """Three targets of opportunity dealt to each player; each sees only their own."""

    secret: ClassVar[bool] = True
    dealer: int
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # player 1's, player 2's (None-free)
    viewer: int | None = None  # set in a redacted copy: whose hand it still shows
    text = "player {dealer} deals three targets of opportunity to each player"

    def seen_by(self, player: int | None) -> bool:
        return False

    def redacted(self) -> Event:
        return dataclasses.replace(self, hands=((), ()))

    def for_viewer(self, player: int | None) -> Event:
        if player not in (1, 2):
            return self.redacted()
        hands = tuple(h if i + 1 == player else () for i, h in enumerate(self.hands))
        return dataclasses.replace(self, hands=hands, viewer=player)  # type: ignore[arg-type]


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


class Deployed(Event):
    player: int
    operative: str
    hex: str
    text = "player {player} deploys {operative} on {hex}"


class SetupComplete(Event):
    text = "set-up is complete"


# --- turning points and phases ------------------------------------------------------------

class TurningPointStarted(Event):
    turning_point: int
    text = "--- turning point {turning_point} ---"


class InitiativeRolled(Event):
    player: int
    roll_off: RollOff
    text = "{roll_off}; player {player} has the initiative"

    @property
    def dice_rolled(self) -> tuple[int, ...]:
        return self.roll_off.dice_rolled


class PhaseStarted(Event):
    phase: str
    turning_point: int
    text = "the {phase} phase of turning point {turning_point} begins"


class PhaseEnded(Event):
    phase: str
    turning_point: int
    text = "the {phase} phase of turning point {turning_point} ends"


class TargetRevealed(Event):
    player: int
    card: str | None
    name: str = ""
    text = "player {player} reveals {card:{name}|no target}"


class PloyPlayed(Event):
    player: int
    ploy: str
    name: str
    operative: str | None = None
    text = "player {player} uses {name}{operative: on {operative}}"


class WargearUsed(Event):
    player: int
    card: str
    name: str
    operative: str
    text = "player {player} uses {name} on {operative}"


# --- the firefight ------------------------------------------------------------------------

class Activated(Event):
    player: int
    operative: str
    ap: int
    reactivation: bool = False
    text = "player {player} activates {operative}{reactivation: again} ({ap} AP)"


class ActivationCancelled(Event):
    player: int
    operative: str
    text = "player {player} cancels the activation of {operative}"


class Moved(Event):
    operative: str
    path: tuple[str, ...]  # the start hex first, the end hex last
    disengage: bool = False

    def __str__(self) -> str:
        verb = "disengages" if self.disengage else "moves"
        return f"{self.operative} {verb} to {self.path[-1]}"


class Waited(Event):
    operative: str
    text = "{operative} waits"


class MissionActionMade(Event):
    player: int
    operative: str
    action: str
    name: str
    objective: str | None = None
    text = "{operative} makes {name}{objective: on {objective}}"


class TurnPassed(Event):
    player: int
    turn: int
    text = "player {player} has no operatives and passes turn {turn}"


class ActivationEnded(Event):
    player: int
    operative: str | None
    turn: int
    text = "player {player}'s turn {turn} ends ({operative:{operative}|no operative})"


# --- attacks ------------------------------------------------------------------------------

class AttackDeclared(Event):
    player: int
    attacker: str
    weapon: str
    weapon_name: str
    target: str
    overcharge: bool = False
    text = "{attacker} attacks {target} with {weapon_name}{overcharge: (overcharged)}"


class HitDiceRolled(Event):
    attacker: str
    dice: tuple[Die, ...]
    hits: int
    crits: int

    def __str__(self) -> str:
        if not self.hits and not self.crits:
            return f"{len(self.dice)} dice {dice_text(self.dice)}: the attack misses"
        return (f"{len(self.dice)} dice {dice_text(self.dice)}: {self.hits} hit(s), "
                f"{self.crits} critical")


class CoverBlock(Event):
    defender: str
    text = "{defender} is in cover: 1 block retained, one die fewer"


class DefenceDiceRolled(Event):
    defender: str
    dice: tuple[Die, ...]
    blocks: int  # the retained cover block included
    cover: bool = False  # one of the blocks is the one cover retained (no die rolled for it)

    def __str__(self) -> str:
        kept = ", one of them kept for cover" if self.cover else ""
        return f"{self.defender} rolls {dice_text(self.dice)}: {self.blocks} block(s){kept}"


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


class AttackResolved(Event):
    """The end of an attack's dice (what targets of opportunity look at)."""

    attacker_player: int
    defender_player: int
    hit_any: bool
    crits_landed: int
    unblocked: int
    text = "the attack is over{hit_any:|: it missed}"


class HazardRolled(Event):
    """Hazardous: one die after the attack; on a 1 the attacker suffers damage."""

    operative: str
    weapon_name: str
    roll: int

    def __str__(self) -> str:
        if self.roll == 1:
            return f"{self.weapon_name} backfires (1)"
        return f"{self.weapon_name} holds ({self.roll})"


class Damaged(Event):
    operative: str
    amount: int
    total: int  # wound counters after
    cause: str = ""  # "attack", "overcharging", "hazardous", a card's name...

    def __str__(self) -> str:
        why = f" from {self.cause}" if self.cause and self.cause != "attack" else ""
        return f"{self.operative} suffers {self.amount} damage{why} ({self.total} wounds)"


class Healed(Event):
    operative: str
    amount: int
    text = "{operative} removes {amount} wound counter(s)"


class Reanimation(Event):
    operative: str
    roll: int
    success: bool
    damage: int
    text = ("{success:{operative} reanimates ({roll}): back with {damage} wound counters|"
            "{operative} fails to reanimate ({roll})}")


class TakenDown(Event):
    operative: str
    player: int
    hex: str
    by: int | None = None  # the attacking player
    melee: bool = False
    distance: int = 0
    full_health: bool = False
    text = "{operative} is taken down"


# --- objectives, scoring, the end ---------------------------------------------------------

class ControlChanged(Event):
    objective: str
    player: int
    previous: int
    text = "player {player} takes control of {objective}"


class ObjectivePickedUp(Event):
    operative: str
    objective: str
    text = "{operative} picks up {objective}"


class ObjectiveDropped(Event):
    operative: str
    objective: str
    hex: str
    text = "{operative} drops {objective} on {hex}"


class ObjectiveRemoved(Event):
    objective: str
    text = "{objective} leaves the killzone"


class Marked(Event):
    operative: str
    text = "{operative} is marked"


class Spotted(Event):
    """A markerlight hit: ``operative`` is spotted by ``player`` until the turning point ends."""

    operative: str
    player: int
    text = "{operative} is spotted by player {player}"


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


class TargetCompleted(Event):
    player: int
    card: str
    name: str
    vp: int
    text = "player {player} completes {name} ({vp} VP)"


class SuddenVictory(Event):
    players: tuple[int, ...]
    target: int

    def __str__(self) -> str:
        if len(self.players) == 1:
            return f"player {self.players[0]} reaches {self.target} VP: the mission ends at once"
        return f"both players reach {self.target} VP: the mission ends at once"


class Conceded(Event):
    player: int
    text = "player {player} concedes"


class ResultAgreed(Event):
    player: int  # who entered it
    winner: int  # 0 = a draw
    text = "the players agree the mission ends in {winner:a win for player {winner}|a draw}"


class MissionEnded(Event):
    winner: int  # 0 = a draw
    vp: tuple[int, int]
    reason: str = "most VP"  # "most VP", "sudden victory", "concession", "agreement"
    text = "the mission is over: {vp[0]} VP to {vp[1]} VP, {winner:player {winner} wins|a draw}"


class TiebreakerUsed(Event):
    """A campaign mission that would have been a draw, decided by a tiebreaker: ``number``
    1 (only one fireteam left on the killzone), 2 (more objectives controlled), 3 (a higher
    share of its operatives left on the killzone) or 4 (a roll-off, emitted just before)."""

    number: int
    winner: int
    detail: str = ""
    text = ("campaign tiebreaker {number} decides the draw: {detail}; player {winner} wins the "
            "mission")


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
