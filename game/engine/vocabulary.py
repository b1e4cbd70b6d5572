"""The closed vocabulary card rules are written in, as a schema (``docs/content-format.md``).

Pure data: :mod:`game.content` validates YAML against it and :mod:`game.engine.effects`
interprets what passes. The condition and outcome words are the exception: each is declared
once, beside its meaning, in :mod:`game.engine.effects`, which fills :data:`CONDITIONS` and
:data:`OUTCOMES` here. Each value a rule may hold is described by a small frozen *spec*
(:class:`IntSpec`, :class:`EnumSpec`, ...); a mapping of such specs is a :class:`MapSpec`.

How rules arrive in :class:`game.engine.defs.Effect`:

- an effect (``stat``, ``attack``, ``trigger``, ``python``): ``Effect(kind, params, text)`` where
  ``params`` is the written mapping without ``kind`` and ``text``;
- a condition (``if`` lists, mission action ``requires``) is a one-key mapping such as
  ``{"in_cover": True}`` (:func:`condition_name` gives the key);
- an outcome (``do`` lists, mission action ``effects``) is a mapping with one head key from
  :data:`OUTCOMES`, e.g. ``{"score": 1, "per": "objective"}`` (:func:`outcome_name`);
- a target of opportunity's ``condition`` is ``Effect(kind, mapping without kind)``.

Only the standard library and :mod:`game.engine.defs` are imported here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.engine.defs import WEAPON_RULES, Duration, Reroll, WargearTiming

# --- value specs ----------------------------------------------------------------------


@dataclass(frozen=True)
class IntSpec:
    """An integer (never a bool), optionally bounded (inclusive)."""

    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True)
class BoolSpec:
    """``true`` or ``false``."""


@dataclass(frozen=True)
class StrSpec:
    """Free text."""


@dataclass(frozen=True)
class EnumSpec:
    """One of a closed set of words."""

    choices: tuple[str, ...]


@dataclass(frozen=True)
class HexSpec:
    """A hex label such as ``D6`` on the board in question (15 x 11 when there is none)."""


@dataclass(frozen=True)
class RefSpec:
    """The id of something defined elsewhere: one of :data:`REF_KINDS`."""

    ref: str


@dataclass(frozen=True)
class ListSpec:
    """A list whose items all match ``item``."""

    item: ValueSpec


@dataclass(frozen=True)
class MapSpec:
    """A mapping with these keys; those in ``required`` must be present, the rest may be."""

    keys: Mapping[str, ValueSpec]
    required: tuple[str, ...] = ()


@dataclass(frozen=True)
class ConditionListSpec:
    """A list of conditions (one-key mappings): operative conditions, and the attack
    conditions too when ``attack`` (only an attack effect's ``if`` has those)."""

    attack: bool = False

    @property
    def allowed(self) -> tuple[str, ...]:
        """The condition words such a list may hold, read from the registry."""
        return tuple(CONDITIONS if self.attack else OPERATIVE_CONDITIONS)


@dataclass(frozen=True)
class OutcomeListSpec:
    """A list of outcomes (mappings with one head key of :data:`OUTCOMES`)."""


ValueSpec = (
    IntSpec | BoolSpec | StrSpec | EnumSpec | HexSpec | RefSpec | ListSpec | MapSpec
    | ConditionListSpec | OutcomeListSpec
)

# --- words ----------------------------------------------------------------------------

class EffectKind(StrEnum):
    """What a card rule does: change a stat, change an attack, react to an event, run a
    rule written in Python, (a datacard ability) let its operative be set up beyond its
    territory (a pre-battle move), or lengthen the Range of some weapons."""

    STAT = "stat"
    ATTACK = "attack"
    TRIGGER = "trigger"
    PYTHON = "python"
    SCOUTS = "scouts"
    RANGE = "range"


STAT = EffectKind.STAT
ATTACK = EffectKind.ATTACK
TRIGGER = EffectKind.TRIGGER
PYTHON = EffectKind.PYTHON
SCOUTS = EffectKind.SCOUTS
RANGE = EffectKind.RANGE
EFFECT_KINDS = tuple(k.value for k in EffectKind)
EFFECT_COMMON_KEYS = ("kind", "text")  # on every effect; not part of Effect.params

# who: which operatives a rule picks, relative to the card's owner
WHO_SELF = "self"
WHO_FRIENDLY = "friendly"
WHO_ENEMY = "enemy"
WHO_ANY = "any"
WHO_TARGET = "target"  # the operative a ploy, wargear card or honour names
WHO_VALUES = (WHO_SELF, WHO_FRIENDLY, WHO_ENEMY, WHO_ANY, WHO_TARGET)

STAT_NAMES = ("apl", "move", "defence", "save")

ATTACKER = "attacker"
DEFENDER = "defender"
ROLES = (ATTACKER, DEFENDER)

REROLL_VALUES = tuple(r.value for r in Reroll)

# weapon rules (WEAPON_RULES) are defined with the weapons, in defs.py

# trigger events
START_TURNING_POINT = "start_turning_point"
END_FIREFIGHT_PHASE = "end_firefight_phase"
END_PHASE = "end_phase"
END_OF_TURN = "end_of_turn"
TAKEN_DOWN = "taken_down"
START_MISSION = "start_mission"
USE = "use"  # a wargear card is used
END_MISSION = "end_mission"  # the mission's end, before its result (Kill Team classic)
EVENTS = (START_MISSION, START_TURNING_POINT, END_FIREFIGHT_PHASE, END_PHASE, END_OF_TURN,
          TAKEN_DOWN, USE, END_MISSION)

CONTROL_VALUES = ("own", "enemy", "any", "none")
TERRITORY_VALUES = ("own", "enemy")
OBJECTIVE_FLAGS = ("powered", "sabotaged", "downloaded", "activated", "secured",
                   # what a mysterious objective turned out to be (Kill Team classic)
                   "booby_trapped", "inert", "ammunition_cache", "sanctified", "vital_intel")
SCORE_PER = ("objective", "powered_objective", "operative")
SCORE_FOR = ("each", "own", "enemy")
WARGEAR_TIMINGS = tuple(t.value for t in WargearTiming)
WARGEAR_DURATIONS = tuple(d.value for d in Duration)
SPECIAL_OPERATION_STAGES = ("first", "second", "final")
REWARD_KINDS = ("battle_honour", "command_asset")
ACTION_ARGUMENTS = ("", "objective")  # what a mission action names when it is made
PLOY_TARGETS = ("", "operative")  # what a strategic ploy names when it is played

# what a RefSpec may refer to
REF_WEAPON = "weapon"
REF_OBJECTIVE = "objective"
REF_PYTHON_EFFECT = "python_effect"
REF_KINDS = (REF_WEAPON, REF_OBJECTIVE, REF_PYTHON_EFFECT)

# ids of the rules written in Python (registered in game.engine.effects.PYTHON_EFFECTS)
KNOWN_PYTHON_EFFECTS: tuple[str, ...] = ("reanimation_protocols",)

# --- conditions -------------------------------------------------------------------------

NEAR_OBJECTIVE = MapSpec({
    "distance": IntSpec(0),
    "control": EnumSpec(CONTROL_VALUES),
    "flag": EnumSpec(OBJECTIVE_FLAGS),
    "not_flag": EnumSpec(OBJECTIVE_FLAGS),
    "side": EnumSpec(TERRITORY_VALUES),
    "player_flag": EnumSpec(OBJECTIVE_FLAGS),
    "not_player_flag": EnumSpec(OBJECTIVE_FLAGS),
    "carried": BoolSpec(),
})

NEAR_HEX = MapSpec({"hex": HexSpec(), "hexes": ListSpec(HexSpec()), "distance": IntSpec(0)})
FAR_FROM_HEX = MapSpec({"hex": HexSpec(), "hexes": ListSpec(HexSpec()), "distance": IntSpec(0),
                        "by_turning_point": ListSpec(IntSpec(0))})

# The condition and outcome words are declared once each, with their shape and their
# meaning, by :mod:`game.engine.effects` (``@condition`` and ``@outcome``), which fills these
# registries as it is imported; importing :mod:`game.engine` imports it, so every reader of
# the vocabulary sees them whole.
# conditions on an operative: in `if` of any effect and in mission action `requires`
OPERATIVE_CONDITIONS: dict[str, ValueSpec] = {}
# conditions on an attack: only in the `if` of an attack effect
ATTACK_CONDITIONS: dict[str, ValueSpec] = {}
CONDITIONS: dict[str, ValueSpec] = {}  # both, in the order they are declared

# --- outcomes ---------------------------------------------------------------------------

# each outcome's mapping, its head key included (a `do` list item, a mission action's effect)
OUTCOMES: dict[str, MapSpec] = {}

# --- effects ----------------------------------------------------------------------------

ATTACK_MODS: dict[str, ValueSpec] = {
    "attacks": IntSpec(),  # attack dice
    "hit": IntSpec(),  # the Hit value; -1 makes hitting easier
    "normal": IntSpec(),  # normal Damage
    "crit": IntSpec(),  # critical Damage
    "crit_on": IntSpec(2, 6),  # critical hits on N+
    "reroll_hits": EnumSpec(REROLL_VALUES),
    "reroll_defence": EnumSpec(REROLL_VALUES),
    "ignores_cover": BoolSpec(),
    "defence": IntSpec(),  # defence dice
    "save": IntSpec(),  # the Save value; -1 makes saving easier
    "reduce_damage": IntSpec(1),  # each hit and critical hit deals N less, never below 1
    "cover": BoolSpec(),  # the defender counts as in cover
}

WEAPON_FILTER = MapSpec({
    "melee": BoolSpec(),
    "ranged": BoolSpec(),
    "rule": EnumSpec(WEAPON_RULES),
    "ids": ListSpec(RefSpec(REF_WEAPON)),
})

_WHO = EnumSpec(WHO_VALUES)
_OPERATIVE_IF = ConditionListSpec()
_ATTACK_IF = ConditionListSpec(attack=True)

# the keys of each effect kind (besides EFFECT_COMMON_KEYS)
EFFECT_SCHEMAS: dict[str, MapSpec] = {
    STAT: MapSpec(
        {"stat": EnumSpec(STAT_NAMES), "add": IntSpec(), "who": _WHO, "if": _OPERATIVE_IF},
        ("stat", "add"),
    ),
    ATTACK: MapSpec(
        {
            "role": EnumSpec(ROLES),  # default attacker
            "who": _WHO,
            "weapon": WEAPON_FILTER,
            "if": _ATTACK_IF,
            "mods": MapSpec(ATTACK_MODS),
        },
        ("mods",),
    ),
    TRIGGER: MapSpec(
        {"on": EnumSpec(EVENTS), "who": _WHO, "if": _OPERATIVE_IF, "do": OutcomeListSpec()},
        ("on", "do"),
    ),
    PYTHON: MapSpec({"id": RefSpec(REF_PYTHON_EFFECT)}, ("id",)),
    # the operative may be set up up to `distance` hexes beyond its territory, but never
    # within `clear` hexes of the enemy's territory or of an enemy operative
    SCOUTS: MapSpec({"distance": IntSpec(1, 20), "clear": IntSpec(0, 10),
                     "territory": IntSpec(0, 10)}, ("distance",)),
    # the ranged weapons `weapon` picks, of the operatives `who` picks, have `add` more Range
    # (a melee weapon never gains Range)
    RANGE: MapSpec({"add": IntSpec(1, 6), "who": _WHO, "weapon": WEAPON_FILTER,
                    "if": _OPERATIVE_IF}, ("add",)),
}

# --- targets of opportunity -----------------------------------------------------------

TARGET_CONDITIONS: dict[str, MapSpec] = {
    "take_down": MapSpec({
        "melee": BoolSpec(),
        "min_distance": IntSpec(0),
        "full_health": BoolSpec(),
    }),
    "attack": MapSpec({
        "role": EnumSpec(ROLES),  # default attacker
        "crits_at_least": IntSpec(1),
        "blocked_all": BoolSpec(),
    }),
    "end_of_turn": MapSpec({
        "control_at_least": IntSpec(1),
        "in_enemy_territory": IntSpec(1),
        "near_hex": NEAR_HEX,
        "control_all": BoolSpec(),
    }),
}

# --- a mission's own pack (``pack:`` of a mission: the other packs register theirs) ------

PACK_FIRETEAM = "fireteam"

# --- helpers ------------------------------------------------------------------------------


def condition_name(condition: Mapping[str, Any]) -> str:
    """The word a condition mapping is written with (its only key)."""
    (key,) = condition
    return str(key)


def outcome_name(outcome: Mapping[str, Any]) -> str | None:
    """The head key of an outcome mapping (``heal``, ``score``, ...), or None if it has none."""
    for key in outcome:
        if key in OUTCOMES:
            return str(key)
    return None

__all__ = ["WEAPON_RULES"]  # re-exported for the content loader
