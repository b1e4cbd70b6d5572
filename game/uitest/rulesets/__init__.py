"""The screen audits' view of each rule set and mission pack beyond the Fireteam rules: the
one module of this layer that lists them. Each system's folder declares its
:class:`AuditSystem` (:mod:`game.uitest.systems`) and registers it when imported below; a
new system is a new folder and a name on the import line."""

from __future__ import annotations

from game.uitest.rulesets import killteam, skirmish  # noqa: F401  (each registers itself)
from game.uitest.systems import SYSTEMS, AuditSystem


def audit_systems() -> list[AuditSystem]:
    """Every system's audit declaration, in the order they registered."""
    return list(SYSTEMS.values())
