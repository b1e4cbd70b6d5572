"""The registry of the engine's systems: the one module that lists them. The Fireteam rules
(:mod:`game.engine.rulesets.fireteam`) are built in; each other rule set and each mission
pack is a folder of this package that declares itself (its book or pack, its name, which
missions it plays) and registers with :mod:`game.engine.rulebook` or
:mod:`game.engine.packs` when imported below. A new system is a new folder and a name on the
import line. The packs come before the rule sets (alphabetically, as it happens): the
Fireteam rules take the packs' rules and stages as they load. ``game.engine`` imports this
module before anything else, so that every lookup finds them all."""

from __future__ import annotations

from game.engine.rulebook import (
    OWN_PACK,
    PLAYS,
    RULE_SET_NAMES,
    RuleSet,
    missions_of,
    plays,
    rule_set,
    state_type,
)
from game.engine.rulesets import killteam, skirmish  # noqa: F401  (each registers itself)

__all__ = ["OWN_PACK", "PLAYS", "RULE_SET_NAMES", "RuleSet", "missions_of", "plays", "rule_set",
           "state_type"]
