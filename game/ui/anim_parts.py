"""What the animations are made of (game/ui/anim.py): a banner, the dice of one attack and
how long each shows. Below the animations, so that every rule set's own animations
(game/ui/rulesets/, a folder per system) build them without importing game/ui/anim.py."""

from __future__ import annotations

from dataclasses import dataclass, field

from game.engine import Die

BANNER_SECONDS = 1.8
MARK_SECONDS = 1.4
DIE_SECONDS = 0.12


@dataclass
class Banner:
    text: str
    colour: tuple[int, int, int]
    left: float = BANNER_SECONDS


@dataclass
class Roll:
    """One attack's dice, as the dice panel shows them."""

    title: str
    hit_dice: tuple[Die, ...] = ()
    hit_kinds: tuple[int, ...] = ()
    defence_dice: tuple[Die, ...] = ()
    blocks: tuple[int, ...] = ()  # indexes of defence dice that block
    cover: bool = False
    pairs: tuple[tuple[int, int], ...] = ()
    result: str = ""
    shown: float = 0.0  # seconds since it appeared
    extra: list[str] = field(default_factory=list)


__all__ = ["BANNER_SECONDS", "DIE_SECONDS", "MARK_SECONDS", "Banner", "Roll"]
