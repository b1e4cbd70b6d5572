"""Our datacards in the skirmish rules: each Fireteam datacard converted to a Quality, a
Defense, a Tough and weapon profiles, by code, every time it is asked (there is no second,
hand-typed copy of any profile). ``docs/rules-decisions.md`` ("The skirmish rule set")
gives the conversion table with the reason for each line; this module is that table.

- Quality: the hit value of the datacard's first ranged weapon (the weapon it is built
  around), or of its first weapon when it has none; between 2 and 6.
- Defense: the datacard's Save.
- One wound of these rules is 2.5 damage of ours (:data:`WOUND_SCALE`): Tough is the
  datacard's Wounds in wounds (divided by 2.5, rounded half up, at least 1), and a weapon
  whose normal damage is two wounds (4 or more) is Deadly(2).
- Moves: Advance = its Move in hexes, Rush and Charge = twice that.
- Each weapon: the same range in hexes (range 1 = a melee weapon), half its attack dice
  rounded up, and the special rules our weapon rules map to (:data:`RULE_MAP`): Lethal
  (critical hits on 5+) becomes Rending(5+), Devastating Rending (on 6s).
- Stealth: an ability of the datacard that gives the operative itself cover against ranged
  attacks (from some distance on, or always) makes it count as in cover against shooting
  from that distance on (:func:`stealth_of`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from game.engine.defs import Datacard, Weapon
from game.engine.vocabulary import EffectKind


class Special(StrEnum):
    """The weapon special rules of the skirmish rules (names and effects our own design,
    built on the seed's "counts as a 6" hook)."""

    AP = "ap"  # -1 to the defender's Defense rolls
    RENDING = "rending"  # an unmodified 6 to hit cannot be blocked
    LETHAL = "lethal"  # Rending(5+): an unmodified 5 or 6 that hits cannot be blocked
    DEADLY = "deadly"  # each unblocked hit is 2 wounds
    HEAVY = "heavy"  # fires only after Hold
    INDIRECT = "indirect"  # the target gets no cover


SPECIAL_NAMES = {Special.AP: "AP(1)", Special.RENDING: "Rending",
                 Special.LETHAL: "Rending(5+)", Special.DEADLY: "Deadly(2)",
                 Special.HEAVY: "Heavy", Special.INDIRECT: "Ignores cover"}
SPECIAL_TEXT = {
    Special.AP: "the target's Defense rolls are at -1",
    Special.RENDING: "each unmodified 6 to hit is a wound no Defense roll can block",
    Special.LETHAL: "each unmodified 5 or 6 that hits is a wound no Defense roll can block",
    Special.DEADLY: "each hit that is not blocked is 2 wounds",
    Special.HEAVY: "fires only in a Hold activation",
    Special.INDIRECT: "the target gets no +1 for cover",
}

# our weapon rules -> the skirmish special rules they become (the others have no
# counterpart in these rules and are dropped: Pistol, Rapid Fire, Overcharge, Brutal,
# Hazardous, Twin-linked, Markerlight)
RULE_MAP: dict[str, Special] = {
    "piercing": Special.AP, "melta": Special.AP,
    "lethal": Special.LETHAL, "devastating": Special.RENDING,
    "heavy": Special.HEAVY, "ignores_cover": Special.INDIRECT,
}
# the damage of our rules that is one wound of these rules: a datacard's Tough is its
# Wounds in these units, and a weapon whose normal damage is two or more of them (4 and
# more: 4 / 2.5 rounds to 2) is Deadly(2) (no datacard of ours reaches three)
WOUND_SCALE = Fraction(5, 2)


def in_wounds(damage: int) -> int:
    """``damage`` of our rules in wounds of these: divided by :data:`WOUND_SCALE`, rounded
    half up, at least 1."""
    return max(1, int(damage / WOUND_SCALE + Fraction(1, 2)))


# a weapon whose normal damage is at least this is Deadly(2)
DEADLY_DAMAGE = next(d for d in range(1, 20) if in_wounds(d) >= 2)


@dataclass(frozen=True)
class SkirmishWeapon:
    id: str
    name: str
    range: int  # hexes; 1 = melee
    attacks: int
    specials: tuple[Special, ...] = ()

    @property
    def is_melee(self) -> bool:
        return self.range == 1

    def has(self, special: Special) -> bool:
        return special in self.specials

    @property
    def rends_on(self) -> int | None:
        """The lowest unmodified hit that no Defense roll blocks (None: none)."""
        return 5 if Special.LETHAL in self.specials else 6 if Special.RENDING in \
            self.specials else None

    def describe(self) -> str:
        """``Pulse carbine (6 hexes, A3, AP(1))``: the profile in one line."""
        reach = "melee" if self.is_melee else f"{self.range} hexes"
        extra = "".join(f", {SPECIAL_NAMES[s]}" for s in self.specials)
        return f"{self.name} ({reach}, A{self.attacks}{extra})"


@dataclass(frozen=True)
class Profile:
    card: str
    name: str
    quality: int
    defense: int
    tough: int
    advance: int  # hexes
    rush: int  # hexes (Rush and Charge)
    weapons: tuple[SkirmishWeapon, ...]
    # in cover against shooting from this many hexes on (None: only where the map gives it)
    stealth: int | None = None

    @property
    def ranged(self) -> tuple[SkirmishWeapon, ...]:
        return tuple(w for w in self.weapons if not w.is_melee)

    @property
    def melee(self) -> tuple[SkirmishWeapon, ...]:
        return tuple(w for w in self.weapons if w.is_melee)

    def weapon(self, weapon_id: str) -> SkirmishWeapon | None:
        return next((w for w in self.weapons if w.id == weapon_id), None)

    def lines(self) -> list[str]:
        """The profile as lines of text (the card library and the datacards show them)."""
        head = (f"Quality {self.quality}+  Defense {self.defense}+  Tough {self.tough}  "
                f"Advance {self.advance}  Rush {self.rush}")
        lines = [head, *(w.describe() for w in self.weapons)]
        if self.stealth is not None:
            lines.append(f"Stealth: in cover against shooting from {self.stealth}+ hexes"
                         if self.stealth > 1 else "Stealth: in cover against all shooting")
        return lines


def convert_weapon(weapon: Weapon) -> SkirmishWeapon:
    specials = {RULE_MAP[r] for r in weapon.rules if r in RULE_MAP}
    if weapon.normal >= DEADLY_DAMAGE:
        specials.add(Special.DEADLY)
    if Special.LETHAL in specials:  # Rending(5+) holds Rending
        specials.discard(Special.RENDING)
    if weapon.range == 1:
        specials.discard(Special.HEAVY)
        specials.discard(Special.INDIRECT)
    ordered = tuple(s for s in Special if s in specials)
    return SkirmishWeapon(weapon.id, weapon.name, weapon.range, max(1, -(-weapon.attacks // 2)),
                          ordered)


def quality_of(card: Datacard) -> int:
    ranged = [w for w in card.weapons if w.range > 1]
    source = ranged[0] if ranged else (card.weapons[0] if card.weapons else None)
    return min(6, max(2, source.hit if source is not None else 6))


def tough_of(wounds: int) -> int:
    return in_wounds(wounds)


def stealth_of(card: Datacard) -> int | None:
    """The distance in hexes from which ``card`` counts as in cover against shooting, from
    an ability that gives the operative itself cover when it defends against ranged attacks
    (or any attack) with no condition but a distance (0: always); None without one."""
    found: list[int] = []
    for ability in card.abilities:
        for effect in ability.effects:
            params = effect.params
            mods = params.get("mods") or {}
            weapon = params.get("weapon") or {}
            conditions = params.get("if") or []
            if effect.kind != EffectKind.ATTACK or params.get("role") != "defender" \
                    or params.get("who", "self") != "self" or mods.get("cover") is not True \
                    or set(weapon) - {"ranged"} or weapon.get("ranged", True) is not True:
                continue
            distances = [int(c["distance_at_least"]) for c in conditions
                         if set(c) == {"distance_at_least"}]
            if len(distances) == len(conditions):
                found.append(max(distances, default=0))
    return min(found) if found else None


def convert(card: Datacard) -> Profile:
    """The skirmish profile of ``card`` (see the module's docstring)."""
    return Profile(card.id, card.name, quality_of(card), min(6, max(2, card.save)),
                   tough_of(card.wounds), card.move, 2 * card.move,
                   tuple(convert_weapon(w) for w in card.weapons), stealth_of(card))


__all__ = ["DEADLY_DAMAGE", "RULE_MAP", "SPECIAL_NAMES", "SPECIAL_TEXT", "WOUND_SCALE",
           "Profile", "SkirmishWeapon", "Special", "convert", "convert_weapon", "in_wounds",
           "quality_of", "stealth_of", "tough_of"]
