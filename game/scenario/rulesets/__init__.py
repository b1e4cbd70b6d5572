"""The scenario tools' view of each system beyond the Fireteam rules (a rule set, a mission
pack): the one module of this layer that lists them. Each system's folder declares what it
adds to a scenario file in the shapes of :mod:`game.scenario.systems` (a rule set's
:class:`ScenarioRules`, a pack's :class:`PackRules`; the ``start`` and ``expect`` keys of a
rule set or pack) and registers it when imported below; the loader and the exporter ask
:func:`scenario_rules`, :func:`pack_rules` and :data:`~game.scenario.systems.SYSTEM_KEYS`.
A new system is a new folder and a name on the import line."""

from __future__ import annotations

from game.engine.actions import Action
from game.scenario.rulesets import killteam, skirmish  # noqa: F401  (each registers itself)
from game.scenario.systems import PACKS, RULE_SETS, PackRules, ScenarioRules


def scenario_rules(rules: object) -> ScenarioRules | None:
    """What the rule set with id ``rules`` declares (None: the Fireteam rules)."""
    return RULE_SETS.get(str(rules))


def pack_rules(mission: object) -> PackRules | None:
    """What the pack of ``mission`` (a :class:`~game.engine.defs.Mission`, None for a custom
    killzone) declares (None: the Fireteam pack's missions, which add nothing)."""
    return PACKS.get(str(getattr(mission, "pack", None)))


def activation_openers() -> tuple[type[Action], ...]:
    """The actions of every rule set that begin an activation (besides Activate)."""
    return tuple(kind for declared in RULE_SETS.values() for kind in declared.opens_activation)
