"""The rule set a game is played under, as the engine uses it: its flow table, its action
rules, the listing and checking of its legal actions. :func:`book_of` picks them from a
config's ``rules`` (:class:`game.engine.rulesets.RuleSet`); the Fireteam rules are the
default."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.events import Event, MissionEnded, Scored
from game.engine.rulesets import PLAYS, RULE_SET_NAMES, RuleSet
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.game import Game
    from game.engine.rulesets.fireteam.base import ActionRule
    from game.engine.rulesets.fireteam.table import Stage, Where
    from game.engine.state import OperativeState


Listener = Callable[["Game", Event], None]


@dataclass(frozen=True)
class Book:
    rules: dict[type[Action], ActionRule[Any]]
    flow: dict[Where, Stage]
    start: Where
    steps_of_phase: dict[Phase, tuple[Step, ...]]
    generate: Callable[[Game], list[Action]]
    why_not: Callable[[Game, Action], str | None]
    # whether a shot from a hex finds an operative (standing on a hex) in cover
    covered: Callable[[Game, str, OperativeState, str | None], bool]
    # the operatives a player may activate now
    activatable: Callable[[Game, int], list[OperativeState]]
    # the events a score and the end of the game are told in (the skirmish rules count
    # markers held, in their own words)
    scored: type[Scored] = Scored
    ended: type[MissionEnded] = MissionEnded
    # who hears each event a game of a config emits, in order (the skirmish rules: nobody)
    listeners: Callable[[Config], tuple[Listener, ...]] = lambda config: ()
    # what is wrong with a position by the rule set's own rules (game.engine.invariants)
    invariants: Callable[[Game], list[str]] = lambda game: []
    # whether the datacards' own rules (abilities, the drones' auras) are in force (the
    # skirmish rules play the converted profiles only)
    card_rules: bool = True


def _fireteam() -> Book:
    from game.engine.rulesets import fireteam
    from game.engine.rulesets.fireteam import table
    from game.engine.rulesets.fireteam.attacking import covered
    from game.engine.rulesets.fireteam.firefight import activatable

    return Book(fireteam.RULES, table.FLOW, table.START, table.STEPS_OF_PHASE,
                fireteam.generate, fireteam.why_not, covered, activatable,
                listeners=fireteam.listeners)


def _skirmish() -> Book:
    from game.engine.rulesets import skirmish
    from game.engine.rulesets.skirmish import table as skirmish_table
    from game.engine.rulesets.skirmish.core import activatable, covered
    from game.engine.rulesets.skirmish.events import BattleEnded, MarkersScored
    from game.engine.rulesets.skirmish.invariants import broken

    return Book(skirmish.RULES, skirmish_table.FLOW, skirmish_table.START,
                skirmish_table.STEPS_OF_PHASE, skirmish.generate, skirmish.why_not,
                covered, activatable, MarkersScored, BattleEnded, invariants=broken,
                card_rules=False)


# how each rule set's book is made (on first use): the registry of the rule sets
_MAKERS: dict[str, Callable[[], Book]] = {RuleSet.FIRETEAM: _fireteam,
                                          RuleSet.SKIRMISH: _skirmish}
_BOOKS: dict[str, Book] = {}


def register_rule_set(rules: str, name: str, make: Callable[[], Book],
                      plays: Callable[[object], bool] = lambda kill_team: kill_team is None
                      ) -> None:
    """Add a rule set from outside the package: its id (``rules`` in a recipe), its name as a
    player reads it, how its :class:`Book` is made, and which missions it plays (by a
    mission's Kill Team pack rules: by default the Fireteam missions only). Raises
    ValueError for an id already taken."""
    if rules in _MAKERS:
        raise ValueError(f"a rule set {rules!r} is registered already")
    _MAKERS[rules] = make
    RULE_SET_NAMES[rules] = name
    PLAYS[rules] = plays


def unregister_rule_set(rules: str) -> None:
    """Take back a rule set :func:`register_rule_set` added (the built-in ones stay)."""
    if rules in set(RuleSet):
        raise ValueError(f"the rule set {rules!r} is built in")
    for registry in (_MAKERS, _BOOKS, RULE_SET_NAMES, PLAYS):
        registry.pop(rules, None)


def book(rules: RuleSet | str) -> Book:
    """The engine's parts of the rule set ``rules`` (built once, on first use)."""
    found = _BOOKS.get(rules)
    if found is None:
        found = _BOOKS[rules] = _MAKERS[rules]()
    return found


def book_of(config: Config) -> Book:
    found = _BOOKS.get(config.rules)  # asked at every action and event: the quick way first
    return found if found is not None else book(config.rules)


__all__ = ["Book", "Listener", "book", "book_of", "register_rule_set", "unregister_rule_set"]
