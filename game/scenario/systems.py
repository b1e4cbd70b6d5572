"""The contract between the scenario tools and a system beyond the Fireteam rules (a rule set
or a mission pack): what its folder under :mod:`game.scenario.rulesets` declares and registers
here, and what the scenario loader and the exporter ask (through
:func:`game.scenario.rulesets.scenario_rules` and :func:`game.scenario.rulesets.pack_rules`,
and the keys of :data:`SYSTEM_KEYS`) instead of testing which rule set or pack a game is played
under."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.engine.actions import Action
from game.engine.config import Config
from game.engine.defs import Datacard
from game.engine.game import Game
from game.engine.state import OperativeState, State
from game.scenario.shapes import ScenarioReader, Shape


@dataclass(frozen=True)
class ScenarioRules:
    rules: str  # the rule set's id (a scenario's ``rules``)
    # the damage a taken-down operative of this datacard carries
    taken_down_damage: Callable[[Datacard], int]
    # what a position adds to ``start`` and ``expect`` (markers placed, flags carried...)
    position: Callable[[State], dict[str, Any]]
    expect_left_out: tuple[str, ...] = ()  # keys of ``position`` an ``expect`` leaves out
    flags: tuple[StrEnum, ...] = ()  # the flags the format writes besides ``marked``
    # the players place the objective markers: the markers not placed are not in the game,
    # and those placed are written where they stand
    places_markers: bool = False
    own_length: bool = False  # its games may last other than the mission's turning points
    opens_activation: tuple[type[Action], ...] = ()  # actions that begin an activation


RULE_SETS: dict[str, ScenarioRules] = {}


def register_rule_set(rules: ScenarioRules) -> ScenarioRules:
    RULE_SETS[rules.rules] = rules
    return rules


@dataclass(frozen=True)
class PackRules:
    """What a mission pack adds to an exported position, beside its rule set's part: the
    exporter asks it (through :func:`game.scenario.rulesets.pack_rules`) for a game on one of
    the pack's missions."""
    pack: str  # the pack's id (``pack`` of its missions)
    # what a position adds to ``start`` (the pack's state, the markers its players placed)
    start: Callable[[State, Config], dict[str, Any]]
    # what it adds to ``expect`` once the script is played
    expect: Callable[[Game], dict[str, Any]]
    # the objective markers the players place (written as ``objective_hexes`` where they stand)
    markers: Callable[[Config], tuple[str, ...]]
    # the pack's words on an operative, written in its ``flags`` (a word outside them is refused)
    words: Callable[[OperativeState], tuple[str, ...]]
    # an operative with no hex that is part of a position after set-up (one still to arrive)
    waiting: Callable[[OperativeState], bool]


PACKS: dict[str, PackRules] = {}


def register_pack(rules: PackRules) -> PackRules:
    PACKS[rules.pack] = rules
    return rules


# --- the keys a system adds to a scenario file ---------------------------------------------

def _as_given(value: Any) -> Any:
    return value


@dataclass(frozen=True)
class StartKey:
    """``start.<name>``, a key of a system's own position: its shape (checked with every
    other key before anything is read) and how it sets the position, ``apply(reader, value,
    state, config)`` (``value`` None when the file leaves the key out: ``apply`` sets the
    default). With ``keeps`` (the state class of the system's games) the key is the system's
    state's: under any other state ``apply`` is not called, and a value given is reported."""
    name: str
    shape: Shape
    apply: Callable[[ScenarioReader, Any, State, Config], None]
    keeps: type[State] | None = None


@dataclass(frozen=True)
class ExpectKey:
    """``expect.<name>``: what the file gives, ``wanted(value)``, must equal
    ``actual(game)`` after the script (a failure reads ``name: expected X, got Y``)."""
    name: str
    shape: Shape
    actual: Callable[[Game], Any]
    wanted: Callable[[Any], Any] = _as_given


@dataclass(frozen=True)
class ScenarioKeys:
    """The keys a system adds to a scenario's ``start`` and ``expect``, in the order they
    run (the order a position is built in and failures are reported)."""
    system: str  # the rule set's or pack's id
    start: tuple[StartKey, ...] = ()
    expect: tuple[ExpectKey, ...] = ()


# every system's keys, in the order the registry (:mod:`game.scenario.rulesets`) imports them;
# the loader declares them beside its own when it is imported, and those of a system
# registered later as they are registered (:func:`when_keys_registered`)
SYSTEM_KEYS: dict[str, ScenarioKeys] = {}
_WATCHERS: list[Callable[[ScenarioKeys], None]] = []


def register_keys(keys: ScenarioKeys) -> ScenarioKeys:
    SYSTEM_KEYS[keys.system] = keys
    for watcher in _WATCHERS:
        watcher(keys)
    return keys


def when_keys_registered(watcher: Callable[[ScenarioKeys], None]) -> None:
    """Call ``watcher`` with the keys of every system registered from now on."""
    _WATCHERS.append(watcher)
