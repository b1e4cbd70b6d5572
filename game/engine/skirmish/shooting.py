"""Shooting in the skirmish rules, after a Hold or an Advance: one ranged weapon of the
datacard (its ranged weapons are alternatives, not a load-out carried together) at one
visible enemy within the weapon's range; a Heavy weapon only after Hold. Or hold fire."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.engine.rules.base import ActionRule, not_the_active
from game.engine.skirmish.actions import HoldFire, Shoot
from game.engine.skirmish.combat import attack
from game.engine.skirmish.core import profile, visible
from game.engine.skirmish.profiles import SkirmishWeapon, Special
from game.engine.state import OperativeState, opponent

if TYPE_CHECKING:
    from game.engine.game import Game


def why_not_shot(game: Game, op: OperativeState, weapon: SkirmishWeapon | None,
                 enemy: OperativeState | None) -> str | None:
    if weapon is None:
        return f"{op.id} has no such weapon"
    if weapon.is_melee:
        return f"{weapon.name} is a melee weapon"
    if weapon.has(Special.HEAVY) and game.state.order != "hold":
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
        state = game.state
        op = state.operatives[action.operative]
        enemy = state.operatives[action.target]
        weapon = profile(game, op).weapon(action.weapon)
        assert weapon is not None
        state.target, state.pending = enemy.id, None
        attack(game, op, enemy, weapon)


class HoldFireRule(ActionRule[HoldFire]):
    action = HoldFire

    def generate(self, game: Game, player: int) -> Iterator[HoldFire]:
        yield HoldFire(player)

    def why_not(self, game: Game, action: HoldFire) -> str | None:
        return None

    def apply(self, game: Game, action: HoldFire) -> None:
        game.state.pending = None


__all__ = ["HoldFireRule", "ShootRule", "shots", "why_not_shot"]
