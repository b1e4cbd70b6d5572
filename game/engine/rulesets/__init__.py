"""The rule sets a game can be played under. A :class:`Config` names one (``rules`` in its
recipe); the Fireteam rules are the default.

- ``fireteam``: the Warhammer 40,000: Fireteam rules (:mod:`game.engine.rulesets.fireteam`);
- ``skirmish``: the one-page skirmish rules of Quality tests, alternating activations and
  morale (:mod:`game.engine.rulesets.skirmish`), played with converted datacards.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.engine.defs import Catalogue, Mission


class RuleSet(StrEnum):
    FIRETEAM = "fireteam"
    SKIRMISH = "skirmish"


# each rule set's name as a player reads it (a rule set registered from outside the package,
# game.engine.rulebook.register_rule_set, is added here by its id)
RULE_SET_NAMES: dict[str, str] = {RuleSet.FIRETEAM: "Fireteam",
                                  RuleSet.SKIRMISH: "One-page skirmish"}


def rule_set(text: object) -> RuleSet | str:
    """The rule set named ``text`` (None or empty: Fireteam): one of :class:`RuleSet`, or
    the id of one registered from outside the package (:data:`PLAYS` lists every rule set);
    raises ValueError naming the known ones."""
    if text is None or text == "":
        return RuleSet.FIRETEAM
    name = str(text)
    if name in RuleSet.__members__.values():
        return RuleSet(name)
    if name in PLAYS:
        return name
    raise ValueError(f"unknown rule set {text!r} (known: {', '.join(PLAYS)})")


# the pack of the Fireteam rules' own missions (``pack:`` of a mission file)
OWN_PACK = "fireteam"

# which missions each rule set plays, by a mission's pack (``pack:`` of its file): the one
# list the arena, the simulator, the balance table, the commands and the screens take their
# missions from
PLAYS: dict[str, Callable[[str], bool]] = {
    RuleSet.FIRETEAM: lambda pack: True,  # its own missions and every pack's
    RuleSet.SKIRMISH: lambda pack: pack == OWN_PACK,  # the Fireteam killzones only
}


def plays(rules: RuleSet | str, mission: Mission) -> bool:
    """Whether ``mission`` can be played under ``rules`` (:data:`PLAYS`, by the mission's
    pack; a rule set it does not list plays every mission)."""
    found = PLAYS.get(str(rules))
    return found is None or found(mission.pack)


def missions_of(catalogue: Catalogue, rules: RuleSet | str) -> list[str]:
    """The ids of the missions of ``catalogue`` that ``rules`` plays, in id order."""
    return sorted(m for m, mission in catalogue.missions.items() if plays(rules, mission))


__all__ = ["OWN_PACK", "PLAYS", "RULE_SET_NAMES", "RuleSet", "missions_of", "plays", "rule_set"]
