"""The mission packs: the registry of what a mission's pack (``pack:`` in its file) adds to
the Fireteam rules. Each pack declares itself (a :class:`~game.engine.contract.Pack`) in its
own folder and registers here (the registry, :mod:`game.engine.rulesets`, lists them);
the Fireteam rules, the effects, the config and the
save checks ask :func:`pack_of` a game's pack instead of naming one. A mission of the rule
set's own (``pack: fireteam``) has none."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.contract import Pack

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.defs import Mission


# how each pack is made (on first use), by the id its missions name: each pack's folder
# registers itself (:func:`register_pack`) when the registry (:mod:`game.engine.rulesets`)
# imports it, before the Fireteam rules load
_MAKERS: dict[str, Callable[[], Pack]] = {}
_PACKS: dict[str, Pack | None] = {}


def register_pack(pack_id: str, make: Callable[[], Pack]) -> None:
    """Add a mission pack: the id its missions name and how its :class:`Pack` is made.
    :func:`pack_of` finds it at once (its listener, markers, scoring, card rules, ...); the
    Fireteam rules' action rules and flow table are built once, from the packs registered
    when they load, so a pack that brings rules or stages of its own registers from its
    folder as the registry (:mod:`game.engine.rulesets`) imports it rather than later.
    Raises ValueError for an id already taken."""
    if pack_id in _MAKERS:
        raise ValueError(f"a mission pack {pack_id!r} is registered already")
    _MAKERS[pack_id] = make
    _PACKS.pop(pack_id, None)


def unregister_pack(pack_id: str) -> None:
    """Take back a pack :func:`register_pack` added."""
    _MAKERS.pop(pack_id, None)
    _PACKS.pop(pack_id, None)


def pack(pack_id: str) -> Pack | None:
    """The pack a mission names (None: the rule set's own missions, or a pack nobody
    registered)."""
    try:
        return _PACKS[pack_id]
    except KeyError:
        make = _MAKERS.get(pack_id)
        found = _PACKS[pack_id] = make() if make is not None else None
        return found


def pack_of_mission(mission: Mission | None) -> Pack | None:
    return pack(mission.pack) if mission is not None else None


def pack_of(config: Config) -> Pack | None:
    """The pack of a game's mission (None for a drawn killzone or a mission of the rule
    set's own)."""
    mission = config.mission
    return pack(mission.pack) if mission is not None else None


def all_packs() -> tuple[Pack, ...]:
    """Every registered pack, in the order they are listed."""
    return tuple(p for p in map(pack, _MAKERS) if p is not None)


def placed_markers(config: Config) -> tuple[str, ...]:
    """The objective markers of a game's mission that the players place (none without a
    pack)."""
    found = pack_of(config)
    return found.placed(config.mission) if found is not None and config.mission else ()


def last_turning_point(config: Config) -> int:
    """The most turning points a game can last (its pack's extra ones included)."""
    found = pack_of(config)
    return config.turning_points + (found.extra_turning_points(config) if found else 0)


__all__ = ["all_packs", "last_turning_point", "pack", "pack_of", "pack_of_mission",
           "placed_markers", "register_pack", "unregister_pack"]
