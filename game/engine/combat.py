"""The attack sequence as the game plays it: the profile with every modifier, the rolls,
damage, and the weapon rules that act after the attack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import Attack
from game.engine.attack import AttackProfile, clamp_target, finish, roll_defence, roll_hits
from game.engine.defs import (
    BRUTAL,
    DEVASTATING,
    HAZARDOUS,
    IGNORES_COVER,
    LETHAL,
    MELTA,
    PIERCING,
    RAPID_FIRE,
    TWIN_LINKED,
    Weapon,
)
from game.engine.effects import AttackContext, attack_mods
from game.engine.state import OperativeState

if TYPE_CHECKING:
    from game.engine.game import Game


def attack_profile(game: Game, attacker: OperativeState, defender: OperativeState,
                   weapon: Weapon, overcharge: bool = False) -> AttackProfile:
    """The attack exactly as it would be rolled now (used by the attack preview)."""
    assert attacker.hex is not None and defender.hex is not None
    distance = game.grid.distance(attacker.hex, defender.hex)
    mods = attack_mods(game, AttackContext(attacker, defender, weapon, distance))
    rules = weapon.rules
    half_range = distance * 2 <= weapon.range
    attacks = weapon.attacks + mods.attacks
    if RAPID_FIRE in rules and half_range:
        attacks += 1
    bonus = (2 if overcharge else 0) + (2 if MELTA in rules and half_range else 0)
    ignores = IGNORES_COVER in rules or mods.ignores_cover
    in_cover = (defender.hex in game.grid.cover or mods.cover) and distance > 1 \
        and not ignores
    defence = game.stat(defender, "defence") + mods.defence - (1 if PIERCING in rules
                                                               else 0)
    save = 6 if BRUTAL in rules else clamp_target(game.stat(defender, "save") + mods.save)
    crit_on = min(mods.crit_on, 5) if LETHAL in rules else mods.crit_on
    reroll_hits = mods.reroll_hits or ("ones" if TWIN_LINKED in rules else None)
    return AttackProfile(
        attacks=max(0, attacks), hit=clamp_target(weapon.hit + mods.hit),
        normal=weapon.normal + mods.normal + bonus, crit=weapon.crit + mods.crit + bonus,
        defence=max(0, defence), save=save, cover=in_cover,
        crit_on=max(2, crit_on), reroll_hits=reroll_hits,
        reroll_defence=mods.reroll_defence, reduce_damage=mods.reduce_damage,
        crits_unblockable=DEVASTATING in rules)


def do_attack(game: Game, action: Attack) -> None:
    state = game.state
    attacker = state.operatives[action.operative]
    defender = state.operatives[action.target]
    weapon = game.datacard(attacker).weapon(action.weapon)
    assert weapon is not None and attacker.hex and defender.hex
    distance = game.grid.distance(attacker.hex, defender.hex)
    profile = game.attack_profile(attacker, defender, weapon, action.overcharge)
    full_health = defender.damage == 0
    game._spend(weapon.ap)
    oc = " (overcharged)" if action.overcharge else ""
    hit_dice = roll_hits(profile, game.roll)
    hits = sum(1 for d in hit_dice if d >= profile.hit or d >= profile.crit_on)
    game.note(f"{attacker.id} attacks {defender.id} with {weapon.name}{oc}: "
              f"{len(hit_dice)} dice {hit_dice}")
    if action.overcharge and hit_dice.count(1):
        burn = 4 * hit_dice.count(1)
        game.note(f"{attacker.id} suffers {burn} damage from overcharging")
        game.wound(attacker, burn)
    if hits == 0 or not any(d > 1 and (d >= profile.hit or d >= profile.crit_on)
                            for d in hit_dice):
        game.note("the attack misses")
        game._event({"type": "attack", "attacker_player": attacker.player,
                     "defender_player": defender.player, "hit_any": False,
                     "crits_landed": 0, "unblocked": 0})
        hazard(game, attacker, weapon)
        return
    defence_dice = roll_defence(profile, game.roll)
    rolled = finish(hit_dice, defence_dice, profile)
    cover = " (cover: 1 block retained)" if profile.cover else ""
    game.note(f"{rolled.hits} hit(s), {rolled.crits} critical; {defender.id} rolls "
              f"{defence_dice}{cover}: {rolled.blocks} block(s); {rolled.damage} damage")
    game._event({"type": "attack", "attacker_player": attacker.player,
                 "defender_player": defender.player, "hit_any": True,
                 "crits_landed": rolled.crits_left,
                 "unblocked": rolled.hits_left + rolled.crits_left})
    if rolled.damage:
        game.wound(defender, rolled.damage, attacker.player, weapon.is_melee, distance,
                   full_health)
    hazard(game, attacker, weapon)


def hazard(game: Game, attacker: OperativeState, weapon: Weapon) -> None:
    """Hazardous: after the attack, one d6; on a 1 the attacker suffers 3 damage."""
    if HAZARDOUS in weapon.rules and attacker.on_killzone and not game.is_over:
        roll = game.roll()
        if roll == 1:
            game.note(f"{weapon.name} backfires (1): {attacker.id} suffers 3 damage")
            game.wound(attacker, 3)
        else:
            game.note(f"{weapon.name} holds ({roll})")
