"""The screens' registry of rule sets and mission packs: what each system declares to the core
screens (a :class:`~game.ui.systems.Screens`), looked up by a game's rule set id or its
mission's pack. The Fireteam rules are the default declaration; each other system's folder
registers its own when it is imported here (the one module of the screens that lists the
systems: a new system is a new folder and a name on the import line)."""

from __future__ import annotations

from game.engine import Config, Mission
from game.ui.rulesets import killteam, skirmish  # noqa: F401  (each registers itself)
from game.ui.systems import FIRETEAM, PACKS, RULE_SETS, Screens


def screens_of(rules: Config | str) -> Screens:
    """The declaration of the rule set a configuration is played under (or of the rule set
    of id ``rules``); the Fireteam rules' for any rule set that declared none."""
    key = str(rules.rules) if isinstance(rules, Config) else str(rules)
    return RULE_SETS.get(key, FIRETEAM)


def pack_of(mission: Mission | None) -> Screens | None:
    """The declaration of the mission pack ``mission`` belongs to (None: no pack's)."""
    return PACKS.get(mission.pack) if mission is not None else None


def in_play(config: Config) -> tuple[Screens, ...]:
    """The declarations a game asks, first first: its mission's pack's, then its rule set's."""
    pack = pack_of(config.mission)
    return (pack, screens_of(config)) if pack is not None else (screens_of(config),)


def at_steps(config: Config) -> tuple[Screens, ...]:
    """The declarations asked at a step of a game (its hint): every pack's (a rule set may
    borrow a pack's decision, such as placing objective markers), then
    the rule set's."""
    return (*PACKS.values(), screens_of(config))


def every() -> tuple[Screens, ...]:
    """Every registered declaration (what is asked whatever the game: the words of actions,
    the routing of decisions, the animations and token markers of a system's own events and
    states)."""
    return (*RULE_SETS.values(), *PACKS.values())


def length_words(mission: Mission) -> str:
    """A mission's length in words: its pack's ("3 turning points, up to 5"), else "3 turning
    points"."""
    pack = pack_of(mission)
    found = pack.length_words(mission) if pack is not None else None
    return found if found is not None else f"{mission.turning_points} turning points"


__all__ = ["FIRETEAM", "Screens", "at_steps", "every", "in_play", "length_words",
           "pack_of", "screens_of"]
