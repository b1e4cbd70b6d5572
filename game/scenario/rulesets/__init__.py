"""The scenario tools' view of each rule set beyond the Fireteam rules: the one module of
this layer that lists them. Each rule set's folder declares its :class:`ScenarioRules`
(:mod:`game.scenario.systems`) and registers it when imported below; the loader and the
exporter ask :func:`scenario_rules`. A new rule set is a new folder and a name on the import
line."""

from __future__ import annotations

from game.engine.actions import Action
from game.scenario.rulesets import skirmish  # noqa: F401  (each registers itself)
from game.scenario.systems import RULE_SETS, ScenarioRules


def scenario_rules(rules: object) -> ScenarioRules | None:
    """What the rule set with id ``rules`` declares (None: the Fireteam rules)."""
    return RULE_SETS.get(str(rules))


def activation_openers() -> tuple[type[Action], ...]:
    """The actions of every rule set that begin an activation (besides Activate)."""
    return tuple(kind for declared in RULE_SETS.values() for kind in declared.opens_activation)
