"""The listing's shortcuts give what the rules' plain definitions give: the Move listing (its
own one-pass search) lists a Move along each path of :func:`move_paths`, in order; a mission
action's far objectives, skipped before its requirements are tested, would have failed
them; the attacks listed are each (weapon, target) of :func:`targets_from` whose weapon
:func:`weapon_problem` allows, and its pairs are those :func:`target_problem` allows; shared
action objects equal freshly built ones."""

from __future__ import annotations

import pytest

from game.engine.actions import Attack, Disengage, MissionAction, Move, shared
from game.engine.effects import all_hold
from game.engine.rulesets.fireteam.attacking import (
    OVERCHARGE,
    AttackRule,
    target_problem,
    targets_from,
    weapon_problem,
)
from game.engine.rulesets.fireteam.cards import MissionActionRule
from game.engine.rulesets.fireteam.movement import MoveRule, cannot_move, move_paths
from game.engine.state import Step, opponent
from tests.engine.positions import CATALOGUE, positions, setup_of
from tests.helpers import tiered

# seeds whose mission has a mission action taking an objective (Power Up, Sabotage...)
_SEEDS = [s for s in range(60) if any(
    a.argument == "objective" for a in CATALOGUE.missions[setup_of(s)[0]].actions)][:9]


@pytest.mark.parametrize("seed", tiered(_SEEDS, 3))  # the rest: slow tier
def test_the_activation_listings_equal_their_definitions(seed: int) -> None:
    checked = 0
    for game in positions(seed):
        state = game.state
        if game.is_over or state.step != Step.ACT:
            continue
        player, op = state.to_act, state.operatives[state.active or ""]
        assert op.hex is not None
        # Move: one per reachable hex, along move_paths' path, in its order
        expected_moves = [] if cannot_move(game, op) else [
            Move(player, op.id, path) for path in move_paths(game, op).values()]
        assert list(MoveRule().generate(game, player)) == expected_moves
        # mission actions: every objective tested against the requirements
        expected_actions = []
        for definition in game.config.mission_actions:
            if definition.ap > state.ap_left:
                continue
            if definition.argument == "objective":
                expected_actions += [
                    MissionAction(player, definition.id, op.id, (obj,))
                    for obj in game.config.objectives
                    if all_hold(game, definition.requires, op, objective=obj)]
            elif all_hold(game, definition.requires, op):
                expected_actions.append(MissionAction(player, definition.id, op.id, ()))
        assert list(MissionActionRule().generate(game, player)) == expected_actions
        # targets: target_problem's plain tests (Grid.visible among them) on every pair
        occupied, adjacent = game.occupied(), game.enemies_adjacent(op)
        assert targets_from(game, op) == [
            (weapon, enemy) for weapon in game.datacard(op).weapons
            for enemy in game.on_killzone(opponent(op.player))
            if target_problem(game, op, op.hex, weapon, enemy, occupied, adjacent) is None]
        # attacks: each usable weapon on each target, overcharged too where it may be
        expected_attacks = []
        for weapon, target in targets_from(game, op):
            if weapon_problem(game, op, weapon) is None:
                expected_attacks.append(Attack(player, op.id, weapon.id, target.id))
                if OVERCHARGE in weapon.rules:
                    expected_attacks.append(Attack(player, op.id, weapon.id, target.id, True))
        assert list(AttackRule().generate(game, player)) == expected_attacks
        checked += 1
    assert checked > 20


def test_shared_actions_equal_fresh_ones_and_are_built_once() -> None:
    one = shared(Attack, 1, "a", "carbine", "b")
    assert one == Attack(1, "a", "carbine", "b") and str(one) == "1 attack a carbine b"
    assert shared(Attack, 1, "a", "carbine", "b") is one
    assert shared(Attack, 1, "a", "carbine", "b", True) == Attack(1, "a", "carbine", "b", True)
    assert shared(Attack, 1, "a", "carbine", "b", True) != one
    assert shared(Disengage, 2, "c", "D4") == Disengage(2, "c", "D4")
    assert hash(shared(MissionAction, 1, "power_up", "a", ("O1",))) == hash(
        MissionAction(1, "power_up", "a", ("O1",)))
