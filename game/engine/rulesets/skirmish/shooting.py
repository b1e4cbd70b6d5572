"""Shooting in the skirmish rules, after a Hold or an Advance. As the seed says, the operative
fires *every* ranged weapon it carries that has an enemy in range and line of sight, one
after another (each a decision: which weapon, at whom), and may split its fire across two
targets (each of our weapons is a type of its own). Two profiles of one weapon (the ion
rifle's standard and overcharged shots) are one weapon: one of them fires. A Heavy weapon
fires only after Hold.
Holding fire is a choice before the first shot; once it shoots, every weapon that can
still fire does. The weapons fired and the enemies shot at this activation are noted on the
shooter (``shot:WEAPON:ENEMY`` flags, cleared when the activation ends)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.engine.rulesets.fireteam.base import ActionRule, not_the_active
from game.engine.rulesets.skirmish.actions import HoldFire, Shoot
from game.engine.rulesets.skirmish.combat import attack
from game.engine.rulesets.skirmish.core import profile, skirmish_state, visible
from game.engine.rulesets.skirmish.profiles import SkirmishWeapon, Special
from game.engine.state import OperativeState, opponent

if TYPE_CHECKING:
    from game.engine.game import Game


SHOT = "shot:"  # an operative flag: ``shot:WEAPON:ENEMY``, one per weapon fired
MAX_TARGETS = 2  # "a unit may split fire across two targets if the weapon types differ"


def fired(op: OperativeState) -> list[tuple[str, str]]:
    """(weapon, enemy) of each shot ``op`` has fired in this activation, in order."""
    out = []
    for flag in op.flags:
        if flag.startswith(SHOT):
            weapon, _, enemy = flag[len(SHOT):].partition(":")
            out.append((weapon, enemy))
    return out


def targets_shot(op: OperativeState) -> list[str]:
    """The enemies ``op`` has shot at in this activation, first shot first."""
    out: list[str] = []
    for _, enemy in fired(op):
        if enemy not in out:
            out.append(enemy)
    return out


def clear_shots(op: OperativeState) -> None:
    op.flags = tuple(f for f in op.flags if not f.startswith(SHOT))


def same_weapon(a: SkirmishWeapon, b: SkirmishWeapon) -> bool:
    """Whether two weapons of a datacard are one weapon's profiles, of which the seed fires
    one: the same name before a bracket ("Ion rifle" and "Ion rifle (overcharged)")."""
    return a.name.split(" (")[0] == b.name.split(" (")[0]


def why_not_shot(game: Game, op: OperativeState, weapon: SkirmishWeapon | None,
                 enemy: OperativeState | None) -> str | None:
    if weapon is None:
        return f"{op.id} has no such weapon"
    if weapon.is_melee:
        return f"{weapon.name} is a melee weapon"
    done = {w for w, _ in fired(op)}
    twin = next((w for w in profile(game, op).ranged if w.id in done
                 and same_weapon(w, weapon)), None)
    if twin is not None:
        return (f"{weapon.name} has already fired in this activation" if twin.id == weapon.id
                else f"{twin.name} has fired: {weapon.name} is another profile of that weapon")
    aimed = targets_shot(op)
    if enemy is not None and len(aimed) >= MAX_TARGETS and enemy.id not in aimed:
        return (f"{op.id} has already split its fire across {MAX_TARGETS} targets "
                f"({' and '.join(aimed)}): it may shoot only at them")
    if weapon.has(Special.HEAVY) and skirmish_state(game).order != "hold":
        return f"{weapon.name} is Heavy: it fires only after Hold"
    if enemy is None or enemy.player == op.player or not enemy.on_killzone:
        return "no such enemy on the killzone"
    assert op.hex is not None and enemy.hex is not None
    distance = game.grid.distance(op.hex, enemy.hex)
    if distance > weapon.range:
        return f"{enemy.id} is {distance} hexes away, beyond {weapon.name}'s {weapon.range}"
    if not visible(game, op.hex, enemy.hex):
        return f"{enemy.id} is not in line of sight"
    return None


def shots(game: Game, op: OperativeState) -> list[tuple[SkirmishWeapon, OperativeState]]:
    """Every (weapon, enemy) ``op`` may shoot now."""
    found = []
    for weapon in profile(game, op).ranged:
        for enemy in game.on_killzone(opponent(op.player)):
            if why_not_shot(game, op, weapon, enemy) is None:
                found.append((weapon, enemy))
    return found


class ShootRule(ActionRule[Shoot]):
    action = Shoot

    def generate(self, game: Game, player: int) -> Iterator[Shoot]:
        op_id = game.state.active
        assert op_id is not None
        for weapon, enemy in shots(game, game.state.operatives[op_id]):
            yield Shoot(player, op_id, weapon.id, enemy.id)

    def why_not(self, game: Game, action: Shoot) -> str | None:
        reason = not_the_active(game, action.operative)
        if reason is not None:
            return reason
        op = game.state.operatives[action.operative]
        return why_not_shot(game, op, profile(game, op).weapon(action.weapon),
                            game.state.operatives.get(action.target))

    def apply(self, game: Game, action: Shoot) -> None:
        state = skirmish_state(game)
        op = state.operatives[action.operative]
        enemy = state.operatives[action.target]
        weapon = profile(game, op).weapon(action.weapon)
        assert weapon is not None
        state.target, state.pending = enemy.id, None
        op.flags = (*op.flags, f"{SHOT}{weapon.id}:{enemy.id}")
        attack(game, op, enemy, weapon)
        if op.on_killzone and shots(game, op):
            state.pending = "shoot"  # every ranged weapon that still can, fires


class HoldFireRule(ActionRule[HoldFire]):
    action = HoldFire

    def generate(self, game: Game, player: int) -> Iterator[HoldFire]:
        if self.why_not(game, HoldFire(player)) is None:
            yield HoldFire(player)

    def why_not(self, game: Game, action: HoldFire) -> str | None:
        op_id = game.state.active
        if op_id is not None and fired(game.state.operatives[op_id]):
            return ("once it has shot, an operative fires every ranged weapon that has an "
                    "enemy in range and line of sight")
        return None

    def apply(self, game: Game, action: HoldFire) -> None:
        skirmish_state(game).pending = None


__all__ = ["MAX_TARGETS", "SHOT", "HoldFireRule", "ShootRule", "clear_shots", "fired",
           "same_weapon", "shots", "targets_shot", "why_not_shot"]
