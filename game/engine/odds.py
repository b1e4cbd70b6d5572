"""The exact distribution of one attack's damage, by enumeration (never by sampling).

It walks the very functions the game rolls attacks with (``attack.py``), so the attack
preview always agrees with the rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import comb
from typing import Any

from game.engine.attack import (
    CRIT,
    HIT,
    MISS,
    AttackProfile,
    cancel,
    damage_of,
    hit_result,
    is_block,
    wants_defence_reroll,
    wants_hit_reroll,
)

SIXTH = Fraction(1, 6)


def hit_die_odds(profile: AttackProfile) -> dict[int, Fraction]:
    """P(MISS), P(HIT), P(CRIT) for one attack die, re-rolls included."""
    odds = {MISS: Fraction(0), HIT: Fraction(0), CRIT: Fraction(0)}
    for first in range(1, 7):
        if wants_hit_reroll(first, profile):
            for second in range(1, 7):
                odds[hit_result(second, profile)] += SIXTH * SIXTH
        else:
            odds[hit_result(first, profile)] += SIXTH
    return odds


def block_odds(profile: AttackProfile) -> Fraction:
    """P(block) for one defence die, re-rolls included."""
    p = Fraction(0)
    for first in range(1, 7):
        if wants_defence_reroll(first, profile):
            p += SIXTH * sum((SIXTH for s in range(1, 7) if is_block(s, profile)), Fraction(0))
        elif is_block(first, profile):
            p += SIXTH
    return p


@dataclass(frozen=True)
class Odds:
    damage: dict[int, Fraction]  # damage dealt -> probability

    @property
    def expected(self) -> Fraction:
        return sum((d * p for d, p in self.damage.items()), Fraction(0))

    def p_at_least(self, amount: int) -> Fraction:
        return sum((p for d, p in self.damage.items() if d >= amount), Fraction(0))

    def to_json(self, wounds_left: int | None = None) -> dict[str, object]:
        """The odds as JSON: the damage distribution, the mean, and the chance of at least
        ``wounds_left`` damage when given."""
        out: dict[str, object] = {
            "damage": {str(d): float(p) for d, p in sorted(self.damage.items())},
            "expected_damage": float(self.expected)}
        if wounds_left is not None:
            out["p_take_down"] = float(self.p_at_least(wounds_left))
        return out


def damage_distribution(profile: AttackProfile) -> Odds:
    """Exact P(damage = d) for every d the attack can deal."""
    die = hit_die_odds(profile)
    p_block = block_odds(profile)
    n = profile.attacks
    k = profile.defence_dice
    blocks_dist = {b + profile.retained_blocks: comb(k, b) * p_block ** b * (1 - p_block) ** (k - b)
                   for b in range(k + 1)}
    result: dict[int, Fraction] = {}
    for crits in range(n + 1):
        for hits in range(n - crits + 1):
            misses = n - crits - hits
            p_roll = (Fraction(comb(n, crits) * comb(n - crits, hits))
                      * die[CRIT] ** crits * die[HIT] ** hits * die[MISS] ** misses)
            if p_roll == 0:
                continue
            if hits + crits == 0:  # a miss: no defence dice are rolled
                result[0] = result.get(0, Fraction(0)) + p_roll
                continue
            for blocks, p_b in blocks_dist.items():
                left_h, left_c = cancel(hits, crits, blocks, profile.crits_unblockable)
                dmg = damage_of(left_h, left_c, profile)
                result[dmg] = result.get(dmg, Fraction(0)) + p_roll * p_b
    return Odds({d: p for d, p in sorted(result.items()) if p})


@dataclass(frozen=True)
class AttackOdds(Odds):
    """The preview of one attack in a game: the damage distribution, the chance to take the
    target down with every rule that can save it counted, the reasons the attack differs
    from the weapon's printed line, and the attacker's own risk (Overcharge, Hazardous)."""

    wounds_left: int = 0
    survival: Fraction = Fraction(0)  # the chance a saving rule keeps a target taken down
    reasons: tuple[Any, ...] = ()  # effects.Reason, each card or rule that changed it
    self_damage: dict[int, Fraction] = field(default_factory=lambda: {0: Fraction(1)})
    attacker_wounds_left: int = 0
    attacker_survival: Fraction = Fraction(0)

    @property
    def p_take_down(self) -> Fraction:
        return self.p_at_least(self.wounds_left) * (1 - self.survival)

    @property
    def expected_self_damage(self) -> Fraction:
        return sum((d * p for d, p in self.self_damage.items()), Fraction(0))

    @property
    def p_self_take_down(self) -> Fraction:
        p = sum((p for d, p in self.self_damage.items() if d >= self.attacker_wounds_left),
                Fraction(0))
        return p * (1 - self.attacker_survival) if self.attacker_wounds_left else Fraction(0)


def ones_distribution(profile: AttackProfile) -> dict[int, Fraction]:
    """P(k ones among the final hit dice), re-rolls included (Overcharge)."""
    p_one = Fraction(0)
    for first in range(1, 7):
        if wants_hit_reroll(first, profile):
            p_one += SIXTH * SIXTH
        elif first == 1:
            p_one += SIXTH
    n = profile.attacks
    return {k: comb(n, k) * p_one ** k * (1 - p_one) ** (n - k) for k in range(n + 1)
            if comb(n, k) * p_one ** k * (1 - p_one) ** (n - k)}


def self_damage_distribution(profile: AttackProfile, overcharge: bool, hazardous: bool,
                             wounds_left: int, per_one: int = 4,
                             hazard: int = 3) -> dict[int, Fraction]:
    """The attacker's own damage: ``per_one`` for each 1 rolled when overcharging, then, if
    it is still standing, ``hazard`` on a 1 in six for a Hazardous weapon."""
    first = {per_one * k: p for k, p in ones_distribution(profile).items()} if overcharge \
        else {0: Fraction(1)}
    if not hazardous:
        return first
    out: dict[int, Fraction] = {}
    for dmg, p in first.items():
        if dmg >= wounds_left:
            out[dmg] = out.get(dmg, Fraction(0)) + p
            continue
        out[dmg] = out.get(dmg, Fraction(0)) + p * 5 * SIXTH
        out[dmg + hazard] = out.get(dmg + hazard, Fraction(0)) + p * SIXTH
    return dict(sorted(out.items()))
