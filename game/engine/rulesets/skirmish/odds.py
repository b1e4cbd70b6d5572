"""The exact odds of a skirmish shot or charge, by enumeration (never by sampling), for the
play screen's preview.

Each attack die is one Quality test; a hit is blocked by one Defense roll (cover +1 against
shooting, AP(1) -1, a 6 always blocks and a 1 never does); a Rending 6 skips the roll; every
hit not blocked is one wound, two for Deadly(2). The dice are independent, so the number of
unblocked hits of one weapon is binomial and the weapons of a melee add up. Wounds past the
target's wounds left are not counted: the last entry of a distribution is the chance that
the target is destroyed. The numbers follow :func:`game.engine.rulesets.skirmish.combat.attack`
step for step; they read only the public position (profiles, hexes, flags), so a copy
built from a player's view (``Game.from_view``) gives the same odds.

Raises nothing for a legal action; :meth:`game.engine.game.Game.odds_of` refuses an
illegal one.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

from game.engine.rulesets.skirmish.actions import Charge, Shoot
from game.engine.rulesets.skirmish.combat import defense_modifier
from game.engine.rulesets.skirmish.core import fatigued, profile, wounds_left
from game.engine.rulesets.skirmish.profiles import SPECIAL_NAMES, SkirmishWeapon, Special
from game.engine.state import OperativeState

if TYPE_CHECKING:
    from game.engine.actions import Action
    from game.engine.game import Game

SIXTH = Fraction(1, 6)


def p_hit(quality: int, sixes_only: bool = False, rends_on: int = 6,
          ) -> tuple[Fraction, Fraction]:
    """(P(an ordinary hit), P(a hit of ``rends_on`` or more, unmodified)) for one Quality
    test: a 6 always succeeds, a 1 always fails; fatigued (``sixes_only``), only an
    unmodified 6 hits and it does not count as a 6 for special rules."""
    if sixes_only:
        return SIXTH, Fraction(0)
    hits = [d for d in range(2, 7) if d == 6 or d >= quality]
    high = sum(1 for d in hits if d >= rends_on)
    return (len(hits) - high) * SIXTH, high * SIXTH


def p_block(defense: int, modifier: int = 0) -> Fraction:
    """P(one Defense roll blocks a hit): a 6 always does, a 1 never, else die + modifier
    reaching ``defense``."""
    return sum((SIXTH for d in range(1, 7)
                if d == 6 or (d != 1 and d + modifier >= defense)), Fraction(0))


def p_through(quality: int, defense: int, modifier: int = 0, rends_on: int | None = None,
              sixes_only: bool = False) -> Fraction:
    """P(one attack die becomes a hit that is not blocked); ``rends_on`` the lowest
    unmodified hit no roll blocks (Rending 6, Rending(5+) 5; None: every hit is rolled
    for)."""
    ordinary, high = p_hit(quality, sixes_only, rends_on or 6)
    unblocked = 1 - p_block(defense, modifier)
    if rends_on is not None and not sixes_only:
        return ordinary * unblocked + high
    return (ordinary + high) * unblocked


def weapon_wounds(attacks: int, through: Fraction, per_hit: int) -> dict[int, Fraction]:
    """The wounds of ``attacks`` dice each getting through with ``through``, ``per_hit``
    wounds each: binomial, not yet capped."""
    return {k * per_hit: comb(attacks, k) * through ** k * (1 - through) ** (attacks - k)
            for k in range(attacks + 1)}


def add(a: dict[int, Fraction], b: dict[int, Fraction], cap: int) -> dict[int, Fraction]:
    """The distribution of the sum of two independent wound counts, capped at ``cap``."""
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            key = min(cap, x + y)
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


@dataclass(frozen=True)
class WeaponOdds:
    """One weapon's part: what it rolls and why."""

    weapon: str
    attacks: int
    quality: int  # 6 when fatigued (unmodified 6s only)
    defense: int
    modifier: int  # +1 cover, -1 AP(1)
    per_hit: int  # 2 for Deadly(2)
    rends_on: int | None  # the lowest unmodified hit no roll blocks (None: none)
    through: Fraction  # P(one die gets through)


@dataclass(frozen=True)
class SkirmishOdds:
    """The odds of one shot or charge: ``wounds`` given to the target (capped at its
    ``wounds_left``) -> probability; for a charge, ``own`` is what the charger takes if
    the target, still standing, strikes back (empty when it cannot)."""

    target: str
    wounds_left: int
    wounds: dict[int, Fraction]
    parts: tuple[WeaponOdds, ...]
    reasons: tuple[str, ...]
    own: dict[int, Fraction]
    own_wounds_left: int

    @property
    def expected(self) -> Fraction:
        return sum((w * p for w, p in self.wounds.items()), Fraction(0))

    @property
    def p_destroyed(self) -> Fraction:
        return self.wounds.get(self.wounds_left, Fraction(0))

    @property
    def p_none(self) -> Fraction:
        return self.wounds.get(0, Fraction(0))

    @property
    def p_own_destroyed(self) -> Fraction:
        return self.own.get(self.own_wounds_left, Fraction(0)) if self.own else Fraction(0)

    @property
    def expected_own(self) -> Fraction:
        return sum((w * p for w, p in self.own.items()), Fraction(0))


def _weapon_odds(game: Game, attacker: OperativeState, defender: OperativeState,
                 weapon: SkirmishWeapon) -> WeaponOdds:
    tired = weapon.is_melee and fatigued(attacker)
    quality = profile(game, attacker).quality
    defense = profile(game, defender).defense
    modifier, _ = defense_modifier(game, attacker, defender, weapon)
    rends_on = None if tired else weapon.rends_on
    per_hit = 2 if weapon.has(Special.DEADLY) else 1
    return WeaponOdds(weapon.name, weapon.attacks, 6 if tired else quality, defense, modifier,
                      per_hit, rends_on,
                      p_through(quality, defense, modifier, rends_on, sixes_only=tired))


def _strikes(game: Game, attacker: OperativeState, defender: OperativeState,
             weapons: tuple[SkirmishWeapon, ...]) -> tuple[dict[int, Fraction],
                                                           tuple[WeaponOdds, ...]]:
    cap = wounds_left(game, defender)
    total: dict[int, Fraction] = {0: Fraction(1)}
    parts = []
    for weapon in weapons:
        part = _weapon_odds(game, attacker, defender, weapon)
        parts.append(part)
        total = add(total, weapon_wounds(part.attacks, part.through, part.per_hit), cap)
    return total, tuple(parts)


def _reasons(game: Game, attacker: OperativeState, defender: OperativeState,
             parts: tuple[WeaponOdds, ...], weapons: tuple[SkirmishWeapon, ...]) -> list[str]:
    out: list[str] = []
    for part, weapon in zip(parts, weapons, strict=True):
        if weapon.is_melee and fatigued(attacker):
            out.append("fatigued: hits on 6s only")
        if not weapon.is_melee and defense_modifier(game, attacker, defender, weapon)[1]:
            out.append("in cover: +1 to Defense")
        out += [SPECIAL_NAMES[s] for s in weapon.specials
                if s in (Special.AP, Special.RENDING, Special.LETHAL, Special.DEADLY)
                and not (s in (Special.RENDING, Special.LETHAL) and part.rends_on is None)]
    return list(dict.fromkeys(out))


def odds(game: Game, action: Shoot | Charge) -> SkirmishOdds:
    """The odds of a legal skirmish shot or charge (see the module's text)."""
    ops = game.state.operatives
    attacker, defender = ops[action.operative], ops[action.target]
    if isinstance(action, Shoot):
        weapon = profile(game, attacker).weapon(action.weapon)
        assert weapon is not None
        weapons: tuple[SkirmishWeapon, ...] = (weapon,)
    else:
        weapons = profile(game, attacker).melee
    wounds, parts = _strikes(game, attacker, defender, weapons)
    reasons = _reasons(game, attacker, defender, parts, weapons)
    own: dict[int, Fraction] = {}
    back = profile(game, defender).melee
    if isinstance(action, Charge) and back:
        # the target strikes back only if it still stands (and its player wants to)
        survives = 1 - wounds.get(wounds_left(game, defender), Fraction(0))
        struck, _ = _strikes(game, defender, attacker, back)
        own = {w: p * survives for w, p in struck.items()}
        own[0] = own.get(0, Fraction(0)) + (1 - survives)
        if fatigued(defender):
            reasons.append(f"{defender.id} strikes back fatigued")
    return SkirmishOdds(defender.id, wounds_left(game, defender), wounds, parts,
                        tuple(reasons), own, wounds_left(game, attacker))


def odds_of(game: Game, action: Action) -> SkirmishOdds | None:
    """The odds of a legal shot or charge (the book's ``odds``); None for other actions."""
    return odds(game, action) if isinstance(action, (Shoot, Charge)) else None


__all__ = ["SkirmishOdds", "WeaponOdds", "add", "odds", "odds_of", "p_block", "p_hit",
           "p_through", "weapon_wounds"]
