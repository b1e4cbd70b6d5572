"""The attack sequence's arithmetic, as pure functions of dice and profile.

The game (``game.py``) resolves attacks with these functions, and the odds calculator
(``game/cli/odds.py``) enumerates over the very same ones, so the preview can never disagree with
the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.engine.defs import Reroll
from game.engine.events import Die

MISS, HIT, CRIT = 0, 1, 2


@dataclass(frozen=True)
class AttackProfile:
    """One attack with every modifier already applied."""

    attacks: int  # attack dice (Rapid Fire and card bonuses included)
    hit: int  # hit value, 2..6
    normal: int  # damage of a normal hit (overcharge and card bonuses included)
    crit: int  # damage of a critical hit
    defence: int  # defence dice before cover
    save: int  # save value, 2..6
    cover: bool = False  # the defender has cover (one retained block, one die fewer)
    crit_on: int = 6
    reroll_hits: Reroll | None = None
    reroll_defence: Reroll | None = None
    reduce_damage: int = 0
    crits_unblockable: bool = False  # Devastating: blocks cannot cancel critical hits
    reroll_hits_by: str | None = None  # the card or rule that re-rolls hit dice
    reroll_defence_by: str | None = None

    @property
    def defence_dice(self) -> int:
        return max(0, self.defence - 1) if self.cover and self.defence > 0 else self.defence

    @property
    def retained_blocks(self) -> int:
        return 1 if self.cover and self.defence > 0 else 0

    @property
    def normal_damage(self) -> int:
        return max(1, self.normal - self.reduce_damage) if self.normal > 0 else 0

    @property
    def crit_damage(self) -> int:
        return max(1, self.crit - self.reduce_damage) if self.crit > 0 else 0


def clamp_target(value: int) -> int:
    """Hit and Save values stay within 2+..6+ however cards modify them."""
    return max(2, min(6, value))


def hit_result(die: int, profile: AttackProfile) -> int:
    """MISS, HIT or CRIT for one attack die (a 1 always misses)."""
    if die >= profile.crit_on and die > 1:
        return CRIT
    if die >= profile.hit and die > 1:
        return HIT
    return MISS


def wants_hit_reroll(die: int, profile: AttackProfile) -> bool:
    if profile.reroll_hits == Reroll.ONES:
        return die == 1
    if profile.reroll_hits == Reroll.FAILED:
        return hit_result(die, profile) == MISS
    return False


def is_block(die: int, profile: AttackProfile) -> bool:
    return die >= profile.save and die > 1


def wants_defence_reroll(die: int, profile: AttackProfile) -> bool:
    if profile.reroll_defence == Reroll.ONES:
        return die == 1
    if profile.reroll_defence == Reroll.FAILED:
        return not is_block(die, profile)
    return False


def cancel(hits: int, crits: int, blocks: int,
           crits_unblockable: bool = False) -> tuple[int, int]:
    """Blocks cancel normal hits first; only then critical hits (never, for a Devastating
    weapon). Returns what is left."""
    on_hits = min(hits, blocks)
    hits -= on_hits
    if not crits_unblockable:
        crits -= min(crits, blocks - on_hits)
    return hits, crits


def damage_of(hits: int, crits: int, profile: AttackProfile) -> int:
    return hits * profile.normal_damage + crits * profile.crit_damage


@dataclass(frozen=True)
class Rolled:
    """What the dice did in one attack."""

    hits: int
    crits: int
    blocks: int  # retained block included
    hits_left: int
    crits_left: int
    damage: int


def roll_hits(profile: AttackProfile, d6: Callable[[], int]) -> tuple[Die, ...]:
    """The hit dice, then their re-rolls (docs/rules-decisions.md, "Order of dice")."""
    firsts = [d6() for _ in range(profile.attacks)]
    return tuple(Die(d6(), die, profile.reroll_hits_by) if wants_hit_reroll(die, profile)
                 else Die(die) for die in firsts)


def roll_defence(profile: AttackProfile, d6: Callable[[], int]) -> tuple[Die, ...]:
    """The defender's dice, then any re-rolls of those."""
    firsts = [d6() for _ in range(profile.defence_dice)]
    return tuple(Die(d6(), die, profile.reroll_defence_by)
                 if wants_defence_reroll(die, profile) else Die(die) for die in firsts)


def tally_hits(dice: Sequence[int], profile: AttackProfile) -> tuple[int, int]:
    results = [hit_result(d, profile) for d in dice]
    return results.count(HIT), results.count(CRIT)


def values(dice: Sequence[int | Die]) -> list[int]:
    """Dice as their final values."""
    return [d.value if isinstance(d, Die) else d for d in dice]


def finish(hit_dice: Sequence[int | Die], defence_dice: Sequence[int | Die],
           profile: AttackProfile) -> Rolled:
    """What the rolled dice did: hits, blocks, what got through, the damage."""
    hits, crits = tally_hits(values(hit_dice), profile)
    blocks = profile.retained_blocks + sum(1 for d in values(defence_dice)
                                           if is_block(d, profile))
    hits_left, crits_left = cancel(hits, crits, blocks, profile.crits_unblockable)
    return Rolled(hits, crits, blocks, hits_left, crits_left,
                  damage_of(hits_left, crits_left, profile))


def assign_blocks(hit_dice: Sequence[int | Die], defence_dice: Sequence[int | Die],
                  profile: AttackProfile) -> tuple[tuple[int, int], ...]:
    """Which block cancels which hit, as (block die index, hit die index) pairs; the block
    cover retains is index -1. Blocks go to normal hits first, then critical hits, exactly
    as :func:`cancel` counts them."""
    results = [hit_result(d, profile) for d in values(hit_dice)]
    targets = [i for i, r in enumerate(results) if r == HIT]
    if not profile.crits_unblockable:
        targets += [i for i, r in enumerate(results) if r == CRIT]
    blocks = [-1] * profile.retained_blocks + [
        i for i, d in enumerate(values(defence_dice)) if is_block(d, profile)]
    return tuple(zip(blocks, targets, strict=False))
