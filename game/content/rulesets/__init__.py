"""The content tools' view of each mission pack beyond the Fireteam missions: the one module
of this layer that lists them. Each pack's folder declares its :class:`PackContent`
(:mod:`game.content.systems`) and registers it when imported below; the readers, the card
text check and the card reference ask :func:`pack_content` and :func:`packs`. A new pack is
a new folder and a name on the import line."""

from __future__ import annotations

from game.content.rulesets import killteam  # noqa: F401  (each registers itself)
from game.content.systems import PACKS, PackContent, TeamRoles


def packs() -> list[PackContent]:
    """Every pack's content declaration, in the order they registered."""
    return list(PACKS.values())


def pack_content(pack: str | None) -> PackContent | None:
    """The declaration of the pack with id ``pack`` (None: the Fireteam missions' own)."""
    return None if pack is None else PACKS.get(pack)


NO_ROLES: TeamRoles = ("", (), ())
