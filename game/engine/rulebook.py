"""The rule set a game is played under, as the engine uses it: its :class:`Book` (the
contract, :mod:`game.engine.contract`: its flow table, its action rules, the listing and
checking of its legal actions, ...). :func:`book_of` picks it from a config's ``rules``
(:class:`game.engine.rulesets.RuleSet`); the Fireteam rules are the default."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.contract import Book, Listener
from game.engine.rulesets import OWN_PACK, PLAYS, RULE_SET_NAMES, RuleSet

if TYPE_CHECKING:
    from game.engine.config import Config


def _fireteam() -> Book:
    from game.engine.rulesets.fireteam.book import make

    return make()


def _skirmish() -> Book:
    from game.engine.rulesets.skirmish.book import make

    return make()


# how each rule set's book is made (on first use): the registry of the rule sets, each
# declaring its book in its own folder (game/engine/rulesets/<rule set>/book.py)
_MAKERS: dict[str, Callable[[], Book]] = {RuleSet.FIRETEAM: _fireteam,
                                          RuleSet.SKIRMISH: _skirmish}
_BOOKS: dict[str, Book] = {}


def register_rule_set(rules: str, name: str, make: Callable[[], Book],
                      plays: Callable[[str], bool] = lambda pack: pack == OWN_PACK
                      ) -> None:
    """Add a rule set from outside the package: its id (``rules`` in a recipe), its name as a
    player reads it, how its :class:`Book` is made, and which missions it plays (by a
    mission's pack: by default the Fireteam missions only). Raises ValueError for an id
    already taken."""
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
