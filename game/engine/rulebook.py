"""The rule sets a game can be played under, and each one's :class:`Book` as the engine uses
it (the contract, :mod:`game.engine.contract`: its flow table, its action rules, the listing
and checking of its legal actions, ...). A :class:`Config` names one (``rules`` in its
recipe); the Fireteam rules are the default and built in. Every other rule set declares
itself in its own folder and registers here (:func:`register_rule_set`) when the registry
(:mod:`game.engine.rulesets`) imports it; :func:`book_of` picks a config's book."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from game.engine.contract import Book, Listener
from game.engine.packs import pack_of
from game.engine.state import State, register_state

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.defs import Catalogue, Mission


class RuleSet(StrEnum):
    """The rule set built into the engine (the others are registered by their ids)."""

    FIRETEAM = "fireteam"


# the pack of the Fireteam rules' own missions (``pack:`` of a mission file)
OWN_PACK = "fireteam"


def _fireteam() -> Book:
    from game.engine.rulesets.fireteam.book import make

    return make()


# how each rule set's book is made (on first use), by its id; each rule set's name as a
# player reads it; which missions each plays, by a mission's pack (``pack:`` of its file):
# the one list the arena, the simulator, the balance table, the commands and the screens
# take their missions from
_MAKERS: dict[str, Callable[[], Book]] = {RuleSet.FIRETEAM: _fireteam}
_BOOKS: dict[str, Book] = {}
RULE_SET_NAMES: dict[str, str] = {RuleSet.FIRETEAM: "Fireteam"}
PLAYS: dict[str, Callable[[str], bool]] = {
    RuleSet.FIRETEAM: lambda pack: True,  # its own missions and every pack's
}


def register_rule_set(rules: str, name: str, make: Callable[[], Book],
                      plays: Callable[[str], bool] = lambda pack: pack == OWN_PACK
                      ) -> None:
    """Add a rule set: its id (``rules`` in a recipe), its name as a player reads it, how its
    :class:`Book` is made, and which missions it plays (by a mission's pack: by default the
    Fireteam missions only). Raises ValueError for an id already taken."""
    if rules in _MAKERS:
        raise ValueError(f"a rule set {rules!r} is registered already")
    _MAKERS[rules] = make
    RULE_SET_NAMES[rules] = name
    PLAYS[rules] = plays


def unregister_rule_set(rules: str) -> None:
    """Take back a rule set :func:`register_rule_set` added (the Fireteam rules stay)."""
    if rules == RuleSet.FIRETEAM:
        raise ValueError(f"the rule set {rules!r} is built in")
    for registry in (_MAKERS, _BOOKS, RULE_SET_NAMES, PLAYS):
        registry.pop(rules, None)


def rule_set(text: object) -> str:
    """The id of the rule set named ``text`` (None or empty: Fireteam), one :data:`PLAYS`
    lists; raises ValueError naming the known ones."""
    if text is None or text == "" or text == RuleSet.FIRETEAM:
        return RuleSet.FIRETEAM
    name = str(text)
    if name in PLAYS:
        return name
    raise ValueError(f"unknown rule set {text!r} (known: {', '.join(PLAYS)})")


def plays(rules: str, mission: Mission) -> bool:
    """Whether ``mission`` can be played under ``rules`` (:data:`PLAYS`, by the mission's
    pack; a rule set it does not list plays every mission)."""
    found = PLAYS.get(str(rules))
    return found is None or found(mission.pack)


def missions_of(catalogue: Catalogue, rules: str) -> list[str]:
    """The ids of the missions of ``catalogue`` that ``rules`` plays, in id order."""
    return sorted(m for m, mission in catalogue.missions.items() if plays(rules, mission))


def book(rules: str) -> Book:
    """The engine's parts of the rule set ``rules`` (built once, on first use)."""
    found = _BOOKS.get(rules)
    if found is None:
        found = _BOOKS[rules] = _MAKERS[rules]()
    return found


def book_of(config: Config) -> Book:
    found = _BOOKS.get(config.rules)  # asked at every action and event: the quick way first
    return found if found is not None else book(config.rules)


_COMBINED: dict[tuple[type[State], type[State]], type[State]] = {}


def state_type(config: Config) -> type[State]:
    """The state a game of ``config`` keeps: its rule set's, with its mission pack's fields
    (a class of both, made once, when both add fields)."""
    base = book_of(config).state
    found = pack_of(config)
    extra = found.state if found is not None else None
    if extra is None or issubclass(base, extra):
        return base
    if issubclass(extra, base):
        return extra
    both = _COMBINED.get((extra, base))
    if both is None:
        both = _COMBINED[extra, base] = register_state(
            dataclass(type(f"{extra.__name__}{base.__name__}", (extra, base), {})))
    return both


__all__ = ["OWN_PACK", "PLAYS", "RULE_SET_NAMES", "Book", "Listener", "RuleSet", "book",
           "book_of", "missions_of", "state_type", "plays", "register_rule_set", "rule_set",
           "unregister_rule_set"]
