"""Typed, frozen definitions of game content (datacards, fireteams, missions, cards).

These are what ``game.content`` produces from YAML and what the engine reads. They live in
the engine package so that the engine depends on nothing outside it; ``game.content`` builds
them.

Card rules are written as data: each :class:`Effect` is one entry of the closed vocabulary
that :mod:`game.engine.effects` interprets. See that module for the full vocabulary.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

# Weapon rules of the rulebook; content may add more only where effects.py knows them.
PISTOL = "pistol"
RAPID_FIRE = "rapid_fire"
OVERCHARGE = "overcharge"
IGNORES_COVER = "ignores_cover"
# Weapon rules this edition adds for the factions (docs/content-format.md).
LETHAL = "lethal"
PIERCING = "piercing"
DEVASTATING = "devastating"
BRUTAL = "brutal"
HEAVY = "heavy"
HAZARDOUS = "hazardous"
TWIN_LINKED = "twin_linked"
MELTA = "melta"
MARKERLIGHT = "markerlight"  # a hit spots the target (docs/content-format.md, "Spotting")
WEAPON_RULES = (PISTOL, RAPID_FIRE, OVERCHARGE, IGNORES_COVER, LETHAL, PIERCING, DEVASTATING,
                BRUTAL, HEAVY, HAZARDOUS, TWIN_LINKED, MELTA, MARKERLIGHT)


class Reroll(StrEnum):
    """Which dice a re-roll rule re-rolls."""

    ONES = "ones"  # the dice that show a 1
    FAILED = "failed"  # every die that failed (a hit die that missed, a defence die that
    # did not block)


class Duration(StrEnum):
    """How long a special issue wargear card stays in force once used."""

    INSTANT = "instant"
    ACTIVATION = "activation"
    TURNING_POINT = "turning_point"
    MISSION = "mission"


class WargearTiming(StrEnum):
    """When a special issue wargear card is used."""

    ACTIVATION = "activation"  # during one of its owner's activations, at no AP cost
    STRATEGY = "strategy"  # in its owner's strategy phase, before the ploy


@dataclass(frozen=True)
class Effect:
    """One card rule in the effects vocabulary: a ``kind`` and its parameters."""

    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    text: str = ""  # the rule in our own words, as printed on the card

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)


@dataclass(frozen=True)
class Weapon:
    id: str
    name: str
    ap: int
    range: int
    attacks: int
    hit: int
    normal: int
    crit: int
    rules: tuple[str, ...] = ()

    @property
    def is_melee(self) -> bool:
        return self.range == 1


@dataclass(frozen=True)
class Ability:
    id: str
    name: str
    text: str
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Datacard:
    id: str
    name: str
    apl: int
    move: int
    defence: int
    save: int
    wounds: int
    weapons: tuple[Weapon, ...]
    abilities: tuple[Ability, ...] = ()
    keywords: tuple[str, ...] = ()

    def weapon(self, weapon_id: str) -> Weapon | None:
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        return None


@dataclass(frozen=True)
class Ploy:
    """A strategic ploy: chosen in the strategy phase, in force until the end phase."""

    id: str
    name: str
    text: str
    effects: tuple[Effect, ...] = ()
    target: str = ""  # "" (no argument) or "operative": the ploy names one friendly operative


@dataclass(frozen=True)
class CompositionEntry:
    """One line of a fireteam's composition: ``count`` operatives using ``card``."""

    card: str
    count: int
    id: str  # operative id stem: "intercessor" gives intercessor1, intercessor2, ...


@dataclass(frozen=True)
class FireteamOption:
    """A choice made when the fireteam is picked (the Pathfinders' drones): up to ``most``
    operatives from ``entries`` (one entry per card, with its id stem), a card more than once
    if the player likes. The composition's entries of these cards are the choice made when
    the player makes none."""

    id: str
    name: str
    text: str
    most: int
    entries: tuple[CompositionEntry, ...]

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(e.card for e in self.entries)

    def combinations(self) -> list[tuple[str, ...]]:
        """Every choice within the limit, fewest first: ``()``, then each card alone, then
        every pair (repeats allowed, in the order of ``entries``), and so on."""
        found: list[tuple[str, ...]] = [()]
        for size in range(1, self.most + 1):
            found += list(itertools.combinations_with_replacement(self.cards, size))
        return found


@dataclass(frozen=True)
class Fireteam:
    id: str
    name: str
    faction: str
    composition: tuple[CompositionEntry, ...]
    ploys: tuple[Ploy, ...]
    text: str = ""
    # the Kill Team classic pack: the datacard of the leader (the first operative of that
    # card leads), datacards whose operatives always pass Break tests, and those that
    # re-roll a failed one; see
    # docs/rules-decisions.md, "Kill Team classic: leaders and Break tests"
    leader: str = ""
    fearless: tuple[str, ...] = ()
    break_rerolls: tuple[str, ...] = ()
    # once-a-mission cards of the fireteam itself, used like special issue wargear
    tactical_ploys: tuple[Wargear, ...] = ()
    # choices made when the fireteam is picked (see FireteamOption)
    options: tuple[FireteamOption, ...] = ()

    def cards(self) -> tuple[str, ...]:
        """Every datacard the fireteam may field: its composition's, then its options'."""
        found = [e.card for e in self.composition] + [c for o in self.options
                                                      for c in o.cards]
        return tuple(dict.fromkeys(found))

    def chosen(self, option: FireteamOption) -> tuple[str, ...]:
        """The cards of ``option`` this fireteam's composition fields, one per operative."""
        return tuple(e.card for e in self.composition if e.card in option.cards
                     for _ in range(e.count))


@dataclass(frozen=True)
class KillzoneSide:
    id: str
    name: str
    columns: int
    rows: int
    blocked: tuple[str, ...]
    cover: tuple[str, ...]


@dataclass(frozen=True)
class MissionAction:
    """A mission action such as Power Up: who may make it, what it costs, what it does."""

    id: str
    name: str
    ap: int
    text: str
    # conditions on the operative, as plain dicts of the vocabulary ({near_objective: {...}})
    requires: tuple[dict[str, Any], ...] = ()
    # what it does: outcome dicts of the vocabulary ({set_flag: powered})
    effects: tuple[dict[str, Any], ...] = ()
    argument: str = ""  # "" or "objective": the action names an objective id


@dataclass(frozen=True)
class Mission:
    id: str
    name: str
    killzone: str  # killzone side id
    territories: dict[int, tuple[str, ...]]  # map side "1"/"2" is chosen at deployment
    objectives: dict[str, str]  # objective id -> hex label
    turning_points: int
    rules: tuple[Effect, ...]
    actions: tuple[MissionAction, ...]
    text: str = ""
    objective_sides: dict[str, int] = field(default_factory=dict)  # objective -> territory key
    sudden_victory: int = 0  # >0: the first player to reach this many VP wins at once
    pack: str = "fireteam"  # its pack: the Fireteam rules' own, or one game.engine.packs lists
    # its pack's own rules, as the pack declares and reads them (under the pack's key of the
    # mission file; None for a mission of the rule set's own)
    pack_rules: object | None = None
    # its own terrain, in place of its killzone side's (a player's own layout): the blocked
    # and the cover hexes; None: the side's
    terrain: tuple[tuple[str, ...], tuple[str, ...]] | None = None


@dataclass(frozen=True)
class TargetOfOpportunity:
    id: str
    name: str
    text: str
    vp: int
    condition: Effect


@dataclass(frozen=True)
class Wargear:
    """A special issue wargear card: used once, at its timing, on one friendly operative."""

    id: str
    name: str
    text: str
    timing: WargearTiming
    duration: Duration
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class Reward:
    """The back of a special operation card: a Battle Honour or a Command Asset."""

    kind: str  # "battle_honour" or "command_asset"
    name: str
    text: str
    card: str  # the datacard it may be given to; "" for any operative of the fireteam
    effects: tuple[Effect, ...] = ()


@dataclass(frozen=True)
class SpecialOperation:
    id: str
    fireteam: str
    stage: str  # "first", "second" or "final"
    name: str
    text: str
    rules: tuple[Effect, ...]
    reward: Reward


@dataclass(frozen=True)
class Catalogue:
    """Everything the engine may name: the shipped content plus any test-only additions."""

    datacards: dict[str, Datacard]
    fireteams: dict[str, Fireteam]
    killzones: dict[str, KillzoneSide]
    missions: dict[str, Mission]
    targets: dict[str, TargetOfOpportunity]
    wargear: dict[str, Wargear] = field(default_factory=dict)
    special_operations: dict[str, SpecialOperation] = field(default_factory=dict)
