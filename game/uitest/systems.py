"""The contract between the screen audits and a rule set or mission pack beyond the
Fireteam rules: what a system's folder under :mod:`game.uitest.rulesets` declares and
registers here, and what :mod:`game.uitest.audit_screens` and the UI fuzzer ask (through
:func:`game.uitest.rulesets.audit_systems`) instead of naming the system."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

App = Any  # game.ui.app.App, imported lazily (pygame)


@dataclass(frozen=True)
class AuditSystem:
    name: str  # the first word of its screens' names ("<name>-preview", "puzzle-<name>")
    # its seeded game: (mission, the two fireteams, the rule set)
    game: tuple[str, tuple[str, str], str]
    steps: tuple[str, ...]  # the steps where player 1 decides, audited one screen each
    puzzle: tuple[str, str]  # (the puzzle's file name, what its screen shows)
    weapons: bool = True  # whether an attack offers a choice of weapon
    # its decisions that attack beside a Fireteam Attack (the dice screens pick one)
    attacks: tuple[type, ...] = ()
    # its own screens, by name
    screens: dict[str, Callable[[App], None]] = field(default_factory=dict)


SYSTEMS: dict[str, AuditSystem] = {}


def register(system: AuditSystem) -> AuditSystem:
    SYSTEMS[system.name] = system
    return system
