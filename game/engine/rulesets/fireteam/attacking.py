"""The Attack action: who may attack whom with what (range, visibility, the adjacency rule,
Pistol, Heavy, AP), the attack sequence as the game rolls it, the weapon rules that act
after it, and the questions a screen asks: targets from any hex, threat, odds with reasons
(docs/rules-decisions.md, "Hits")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from game.engine.actions import Attack, shared
from game.engine.attack import (
    AttackProfile,
    assign_blocks,
    clamp_target,
    finish,
    roll_defence,
    roll_hits,
)
from game.engine.defs import (
    BRUTAL,
    DEVASTATING,
    HAZARDOUS,
    HEAVY,
    IGNORES_COVER,
    LETHAL,
    MARKERLIGHT,
    MELTA,
    OVERCHARGE,
    PIERCING,
    PISTOL,
    RAPID_FIRE,
    TWIN_LINKED,
    Reroll,
    Weapon,
)
from game.engine.effects import (
    SPOTTED,
    AttackContext,
    Reason,
    ReasonKind,
    attack_mods,
    python_effects_for,
)
from game.engine.events import (
    AttackDeclared,
    AttackResolved,
    BlocksAssigned,
    CoverBlock,
    DefenceDiceRolled,
    HazardRolled,
    HitDiceRolled,
    Spotted,
)
from game.engine.odds import AttackOdds, damage_distribution, self_damage_distribution
from game.engine.rulesets.fireteam.base import ActionRule, active_operative, not_the_active
from game.engine.state import OperativeState, opponent

if TYPE_CHECKING:
    from game.engine.game import Game

OVERCHARGE_DAMAGE = 4  # per 1 among the final hit dice
HAZARDOUS_DAMAGE = 3  # on a 1 on the die rolled after the attack
WEAPON_RULE_NAMES = {PISTOL: "Pistol", RAPID_FIRE: "Rapid Fire", OVERCHARGE: "Overcharge",
                     IGNORES_COVER: "Ignores Cover", LETHAL: "Lethal", PIERCING: "Piercing",
                     DEVASTATING: "Devastating", BRUTAL: "Brutal", HEAVY: "Heavy",
                     HAZARDOUS: "Hazardous", TWIN_LINKED: "Twin-linked", MELTA: "Melta",
                     MARKERLIGHT: "Markerlight"}


@dataclass(frozen=True)
class Shot:
    """An attack worked out before any die: the profile and every reason it differs from
    the weapon's printed line."""

    profile: AttackProfile
    reasons: tuple[Reason, ...]
    distance: int


def covered(game: Game, shooter_hex: str, target: OperativeState,
            target_hex: str | None = None) -> bool:
    """Whether the killzone puts ``target`` (standing on ``target_hex``, by default where it
    is) in cover from a shot from ``shooter_hex``: a cover hex, more than one hex from the
    shooter. The Fireteam rules' answer to :meth:`game.engine.game.Game.covered` (a card
    may still give cover, or a weapon ignore it: :func:`shot` counts those)."""
    at = target.hex if target_hex is None else target_hex
    return at in game.grid.cover and game.grid.distance(shooter_hex, at) > 1


def shot(game: Game, attacker: OperativeState, defender: OperativeState, weapon: Weapon,
         overcharge: bool = False) -> Shot:
    """The attack exactly as it would be rolled now, with the reasons for each change."""
    assert attacker.hex is not None and defender.hex is not None
    distance = game.grid.distance(attacker.hex, defender.hex)
    mods = attack_mods(game, AttackContext(attacker, defender, weapon, distance))
    reasons = list(mods.reasons)
    rules = weapon.rules

    def rule(name: str, text: str) -> None:
        reasons.append(Reason(ReasonKind.WEAPON_RULE, WEAPON_RULE_NAMES[name], text))

    half_range = distance * 2 <= weapon.range
    attacks = weapon.attacks + mods.attacks
    if RAPID_FIRE in rules and half_range:
        attacks += 1
        rule(RAPID_FIRE, "within half range: one more attack die")
    bonus = 0
    if overcharge:
        bonus += 2
        rule(OVERCHARGE, "+2 damage; each 1 rolled deals 4 damage to the attacker")
    if MELTA in rules and half_range:
        bonus += 2
        rule(MELTA, "within half range: +2 damage")
    ignores = IGNORES_COVER in rules or mods.ignores_cover
    could_cover = covered(game, attacker.hex, defender) or (mods.cover and distance > 1)
    in_cover = could_cover and not ignores
    if in_cover:
        reasons.append(Reason(ReasonKind.COVER, "Cover",
                              "one block retained, one defence die fewer"))
    elif could_cover and IGNORES_COVER in rules:
        rule(IGNORES_COVER, "the defender gets no benefit from cover")
    defence = game.stat(defender, "defence") + mods.defence
    if PIERCING in rules:
        defence -= 1
        rule(PIERCING, "one defence die fewer")
    save = clamp_target(game.stat(defender, "save") + mods.save)
    if BRUTAL in rules:
        save = 6
        rule(BRUTAL, "blocks only on a 6")
    crit_on = mods.crit_on
    if LETHAL in rules and crit_on > 5:
        crit_on = 5
        rule(LETHAL, "critical hits on 5+")
    reroll_hits, reroll_by = mods.reroll_hits, mods.reroll_hits_by
    if TWIN_LINKED in rules and reroll_hits is None:
        reroll_hits, reroll_by = Reroll.ONES, WEAPON_RULE_NAMES[TWIN_LINKED]
        rule(TWIN_LINKED, "re-roll hit dice that show 1")
    if DEVASTATING in rules:
        rule(DEVASTATING, "blocks cannot cancel critical hits")
    if HAZARDOUS in rules:
        rule(HAZARDOUS, "after the attack, a 1 on one die deals 3 damage to the attacker")
    if MARKERLIGHT in rules and SPOTTED not in defender.flags:
        rule(MARKERLIGHT, "a hit spots the defender until the turning point ends")
    profile = AttackProfile(
        attacks=max(0, attacks), hit=clamp_target(weapon.hit + mods.hit),
        normal=weapon.normal + mods.normal + bonus, crit=weapon.crit + mods.crit + bonus,
        defence=max(0, defence), save=save, cover=in_cover,
        crit_on=max(2, crit_on), reroll_hits=reroll_hits,
        reroll_defence=mods.reroll_defence, reduce_damage=mods.reduce_damage,
        crits_unblockable=DEVASTATING in rules, reroll_hits_by=reroll_by,
        reroll_defence_by=mods.reroll_defence_by)
    return Shot(profile, tuple(reasons), distance)


# --- who may attack whom --------------------------------------------------------------------

def target_problem(game: Game, attacker: OperativeState, at: str, weapon: Weapon,
                   target: OperativeState, occupied: set[str],
                   adjacent: list[OperativeState]) -> str | None:
    """Why ``attacker`` standing on ``at`` cannot pick ``target`` with ``weapon`` (AP and
    Heavy aside), or None. ``occupied`` are the hexes holding operatives, ``adjacent`` the
    enemies next to ``at``."""
    if target.player == attacker.player:
        return f"{target.id} is a friendly operative"
    if not target.on_killzone or target.hex is None:
        return f"{target.id} is not on the killzone"
    if adjacent:
        if target not in adjacent:
            near = ", ".join(e.id for e in adjacent)
            return f"must fight the adjacent enemy first ({near})"
        if weapon.range != 1 and PISTOL not in weapon.rules:
            return (f"against an adjacent enemy only a Range 1 or Pistol weapon can be "
                    f"picked, and {weapon.name} is neither")
        return None
    problem = out_of_range(weapon, game.grid.distance(at, target.hex))
    if problem:
        return problem
    if not game.grid.visible(at, target.hex, occupied):
        return f"no line of sight: {sight_breaker(game, at, target.hex, occupied)}"
    return None


def out_of_range(weapon: Weapon, distance: int) -> str | None:
    """Why ``weapon`` cannot reach an enemy ``distance`` hexes away (None: it can)."""
    if distance > weapon.range:
        return f"out of range: {distance} hexes, {weapon.name} Range {weapon.range}"
    return None


def weapon_problem(game: Game, op: OperativeState, weapon: Weapon) -> str | None:
    """Why the active ``op`` cannot attack with ``weapon`` now, whatever the target: its AP
    cost, and the Heavy rule (None: it can)."""
    state = game.state
    if weapon.ap > state.ap_left:
        return f"{weapon.name} costs {weapon.ap}AP and only {state.ap_left}AP are left"
    if HEAVY in weapon.rules and state.moved:
        return (f"{weapon.name} is Heavy: it cannot be used in an activation in which "
                f"{op.id} has made a Move or Disengage action")
    return None


def sight_breaker(game: Game, a: str, b: str, occupied: set[str]) -> str:
    """The words for what breaks the line between ``a`` and ``b``."""
    grid = game.grid
    walls = sorted(grid.touched_hexes(a, b) & grid.blocked, key=lambda h: grid.distance(a, h))
    if walls:
        return f"blocked at {walls[0]}"
    bodies = sorted(grid.interior_hexes(a, b) & (occupied - {a, b}),
                    key=lambda h: grid.distance(a, h))
    if bodies:
        return f"an operative stands in the way at {bodies[0]}"
    return "the line is broken"


def targets_from(game: Game, attacker: OperativeState, at: str | None = None,
                 ) -> list[tuple[Weapon, OperativeState]]:
    """Every (weapon, enemy) ``attacker`` could pick if it stood on ``at`` (where it stands
    when None), whatever its AP; the operative need not be active."""
    here = at or attacker.hex
    if here is None:
        return []
    occupied = game.occupied()
    grid = game.config.grid
    # enemies stand on occupied hexes: with none of them next to ``here`` (most often), the
    # enemies adjacent to it are not looked for
    adjacent = ([] if occupied.isdisjoint(grid.adjacency[here])
                else game.adjacent_enemies(attacker.player, here))
    if attacker.hex is not None and here != attacker.hex:
        occupied = (occupied - {attacker.hex}) | {here}
    weapons = game.datacard(attacker).weapons
    if adjacent:
        return [(weapon, e) for weapon in weapons for e in adjacent
                if target_problem(game, attacker, here, weapon, e, occupied, adjacent) is None]
    seen = _in_sight(game, attacker.player, here, occupied, weapons)
    # (out_of_range's test, written out)
    return [(weapon, e) for weapon in weapons for e, distance in seen
            if distance <= weapon.range]


def _in_sight(game: Game, player: int, here: str, occupied: set[str],
              weapons: tuple[Weapon, ...]) -> list[tuple[OperativeState, int]]:
    """The enemies of ``player`` on the killzone that one of ``weapons`` could reach from
    ``here`` and that are visible from it, with their distances, in order: target_problem's
    tests when no enemy is adjacent (enemies on the killzone: not friendly; range; sight),
    each enemy's distance and sight worked out once for all the weapons."""
    if not weapons:
        return []
    longest = _longest(weapons)
    grid = game.config.grid
    far = grid.distances(here)
    lines = grid.sight_from(here)  # (Grid.visible's test, the pair's facts read off a row)
    seen: list[tuple[OperativeState, int]] = []
    for enemy in game.on_killzone(opponent(player)):
        there = enemy.hex
        assert there is not None
        distance = far[there]
        if distance <= longest:
            line = lines.get(there)
            if (line[0] and line[1].isdisjoint(occupied) if line is not None
                    else grid.visible(here, there, occupied)):
                seen.append((enemy, distance))
    return seen


def _longest(weapons: tuple[Weapon, ...]) -> int:
    """The longest Range among ``weapons`` (a datacard's, kept by their identity)."""
    found = _LONGEST.get(id(weapons))
    if found is not None and found[0] is weapons:
        return found[1]
    longest = max(w.range for w in weapons)
    if len(_LONGEST) >= 1000:
        _LONGEST.clear()
    _LONGEST[id(weapons)] = (weapons, longest)
    return longest


# each datacard's weapons (kept alive beside the answer) and their longest Range
_LONGEST: dict[int, tuple[tuple[Weapon, ...], int]] = {}


def threat(game: Game, defender: OperativeState, enemy: OperativeState) -> dict[str, list[str]]:
    """The hexes from which ``enemy`` could attack ``defender`` (as the board stands, the
    enemy moved there), each with the weapons it could use: its own hex and empty ones."""
    if defender.hex is None or enemy.hex is None:
        return {}
    out: dict[str, list[str]] = {}
    taken = game.occupied() - {enemy.hex}
    grid = game.grid
    for h in grid.hexes:
        if h in grid.blocked or h in taken:
            continue
        weapons = [w.id for w, t in targets_from(game, enemy, h) if t.id == defender.id]
        if weapons:
            out[h] = weapons
    return out


def attack_problem(game: Game, action: Attack) -> str | None:
    """Why ``action`` is not a legal attack now, or None."""
    state = game.state
    wrong = not_the_active(game, action.operative)
    if wrong:
        return wrong
    op = state.operatives[action.operative]
    weapon = game.datacard(op).weapon(action.weapon)
    if weapon is None:
        return f"{op.id} has no weapon {action.weapon!r}"
    if weapon.ap > state.ap_left:
        return weapon_problem(game, op, weapon)
    if action.overcharge and OVERCHARGE not in weapon.rules:
        return f"{weapon.name} cannot be overcharged"
    problem = weapon_problem(game, op, weapon)
    if problem:
        return problem
    target = state.operatives.get(action.target)
    if target is None or not target.on_killzone:
        return f"no operative {action.target!r} on the killzone"
    assert op.hex is not None
    return target_problem(game, op, op.hex, weapon, target, game.occupied(),
                          game.enemies_adjacent(op))


def why_not_attack(game: Game, attacker: OperativeState, target: OperativeState,
                   weapon_id: str | None = None) -> str | None:
    """Why the active ``attacker`` cannot attack ``target`` now, with ``weapon_id`` or (when
    None) with any of its weapons: None when one of them can. With no weapon named, the
    reason given is that of its longest-ranged weapon."""
    weapons = game.datacard(attacker).weapons
    if weapon_id is not None:
        return attack_problem(game, Attack(attacker.player, attacker.id, weapon_id, target.id))
    reasons = [attack_problem(game, Attack(attacker.player, attacker.id, w.id, target.id))
               for w in sorted(weapons, key=lambda w: -w.range)]
    if any(r is None for r in reasons):
        return None
    return reasons[0] if reasons else f"{attacker.id} has no weapon"


class AttackRule(ActionRule[Attack]):
    action = Attack

    def generate(self, game: Game, player: int) -> Sequence[Attack]:
        op = active_operative(game)
        here = op.hex
        assert here is not None
        occupied = game.occupied()
        if occupied.isdisjoint(game.config.grid.adjacency[here]) or not game.enemies_adjacent(op):
            return _listed_shots(game, player, op, here, occupied)
        listed: list[Attack] = []
        add = listed.append
        usable: dict[str, bool] = {}  # weapon_problem's answer, once per weapon
        for weapon, target in targets_from(game, op):
            ok = usable.get(weapon.id)
            if ok is None:
                ok = usable[weapon.id] = weapon_problem(game, op, weapon) is None
            if ok:
                add(shared(Attack, player, op.id, weapon.id, target.id))
                if OVERCHARGE in weapon.rules:
                    add(shared(Attack, player, op.id, weapon.id, target.id, True))
        return listed

    def why_not(self, game: Game, action: Attack) -> str | None:
        return attack_problem(game, action)

    def apply(self, game: Game, action: Attack) -> None:
        resolve(game, action)


def _listed_shots(game: Game, player: int, op: OperativeState, here: str,
                  occupied: set[str]) -> list[Attack]:
    """The attack listing of the active ``op`` standing on ``here`` with no enemy adjacent:
    weapon by weapon, each enemy in its range and in sight (:func:`targets_from`'s pairs, in
    their order), the weapons :func:`weapon_problem` refuses left out."""
    weapons = game.datacard(op).weapons
    seen = _in_sight(game, player, here, occupied, weapons)
    if not seen:
        return []
    state = game.state
    listed: list[Attack] = []
    add = listed.append
    for weapon in weapons:
        rules = weapon.rules
        # (weapon_problem's tests, written out)
        if weapon.ap > state.ap_left or (HEAVY in rules and state.moved):
            continue
        reach, overcharge = weapon.range, OVERCHARGE in rules
        for target, distance in seen:
            if distance <= reach:
                add(shared(Attack, player, op.id, weapon.id, target.id))
                if overcharge:
                    add(shared(Attack, player, op.id, weapon.id, target.id, True))
    return listed


def shot_of(game: Game, action: Attack) -> tuple[OperativeState, OperativeState, Weapon, Shot]:
    """The attacker, the defender, the weapon and the worked-out shot of a legal attack."""
    state = game.state
    attacker = state.operatives[action.operative]
    defender = state.operatives[action.target]
    weapon = game.datacard(attacker).weapon(action.weapon)
    assert weapon is not None
    return attacker, defender, weapon, shot(game, attacker, defender, weapon,
                                            action.overcharge)


def resolve(game: Game, action: Attack) -> None:
    """The attack sequence: hit dice and their re-rolls, Overcharge, defence dice and their
    re-rolls (only if something hit), blocks, damage, then Hazardous."""
    attacker, defender, weapon, worked = shot_of(game, action)
    profile = worked.profile
    full_health = defender.damage == 0
    game.spend(weapon.ap)
    game.emit(AttackDeclared(attacker.player, attacker.id, weapon.id, weapon.name, defender.id,
                             action.overcharge))
    hit_dice = roll_hits(profile, game.roll)
    rolled_hits = finish(tuple(d.value for d in hit_dice), (), profile)
    game.emit(HitDiceRolled(attacker.id, hit_dice, rolled_hits.hits, rolled_hits.crits))
    if MARKERLIGHT in weapon.rules and rolled_hits.hits + rolled_hits.crits:
        _spot(game, attacker, defender)
    ones = sum(1 for d in hit_dice if d.value == 1)
    if action.overcharge and ones:
        game.wound(attacker, OVERCHARGE_DAMAGE * ones, cause="overcharging")
    if rolled_hits.hits + rolled_hits.crits == 0:
        game.emit(AttackResolved(attacker.player, defender.player, False, 0, 0))
        _hazard(game, attacker, weapon)
        return
    if profile.cover:
        game.emit(CoverBlock(defender.id))
    defence_dice = roll_defence(profile, game.roll)
    rolled = finish(tuple(d.value for d in hit_dice), tuple(d.value for d in defence_dice),
                    profile)
    game.emit(DefenceDiceRolled(defender.id, defence_dice, rolled.blocks, profile.cover))
    pairs = assign_blocks(tuple(d.value for d in hit_dice),
                          tuple(d.value for d in defence_dice), profile)
    game.emit(BlocksAssigned(pairs, rolled.hits_left, rolled.crits_left, rolled.damage))
    game.emit(AttackResolved(attacker.player, defender.player, True, rolled.crits_left,
                             rolled.hits_left + rolled.crits_left))
    if rolled.damage and defender.on_killzone:
        game.wound(defender, rolled.damage, by=attacker.player, melee=weapon.is_melee,
                   distance=worked.distance, full_health=full_health, cause="attack")
    _hazard(game, attacker, weapon)


def _spot(game: Game, attacker: OperativeState, defender: OperativeState) -> None:
    """Markerlight: a hit (blocked or not) spots the defender until the turning point ends
    (the ``spotted`` and ``target_spotted`` conditions; the end phase clears it)."""
    if SPOTTED not in defender.flags:
        defender.flags = (*defender.flags, SPOTTED.value)
    game.emit(Spotted(defender.id, attacker.player))


def _hazard(game: Game, attacker: OperativeState, weapon: Weapon) -> None:
    """Hazardous: after the attack, one d6; on a 1 the attacker suffers 3 damage."""
    if HAZARDOUS in weapon.rules and attacker.on_killzone and not game.is_over:
        roll = game.roll()
        game.emit(HazardRolled(attacker.id, weapon.name, roll))
        if roll == 1:
            game.wound(attacker, HAZARDOUS_DAMAGE, cause=WEAPON_RULE_NAMES[HAZARDOUS])


def odds(game: Game, action: Attack) -> AttackOdds:
    """The exact preview of a legal attack (see :class:`AttackOdds`)."""
    attacker, defender, weapon, worked = shot_of(game, action)
    base = damage_distribution(worked.profile)
    wounds_left = game.datacard(defender).wounds - defender.damage
    own_left = game.datacard(attacker).wounds - attacker.damage
    return AttackOdds(
        base.damage, wounds_left=wounds_left, survival=_survival(game, defender),
        reasons=worked.reasons,
        self_damage=self_damage_distribution(worked.profile, action.overcharge,
                                             HAZARDOUS in weapon.rules, own_left,
                                             OVERCHARGE_DAMAGE, HAZARDOUS_DAMAGE),
        attacker_wounds_left=own_left, attacker_survival=_survival(game, attacker))


def _survival(game: Game, op: OperativeState) -> Fraction:
    """The chance that the rules which can keep ``op`` from being taken down do so."""
    fail = Fraction(1)
    for hook in python_effects_for(game, op):
        fail *= 1 - hook.survival_chance(game, op)
    return 1 - fail
