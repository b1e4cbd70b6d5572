"""What may be done now: the generation of legal actions, kept apart from the rules that
carry actions out. ``Game.legal_actions()`` lists what ``generate`` yields."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from game.engine.actions import (
    Action,
    Activate,
    Attack,
    Cancel,
    Deploy,
    Disengage,
    Keep,
    MissionAction,
    Move,
    Mulligan,
    PlayPloy,
    Reveal,
    Use,
    Wait,
)
from game.engine.defs import HEAVY, OVERCHARGE, PISTOL, Weapon
from game.engine.defs import MissionAction as MissionActionDef
from game.engine.effects import all_hold
from game.engine.state import OperativeState, Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game


def generate(game: Game) -> Iterator[Action]:
    state = game.state
    player = state.to_act
    if state.phase == Phase.OVER:
        return
    if state.step == Step.MULLIGAN:
        yield Keep(player)
        hand = state.hands[player]
        for size in range(1, len(hand) + 1):
            for cards in combinations(hand, size):
                yield Mulligan(player, cards)
    elif state.step == Step.DEPLOY:
        zone = game.deploy_hexes(player)
        for op in state.operatives.values():
            if op.player == player and op.hex is None and not op.taken_down:
                for h in zone:
                    yield Deploy(player, op.id, h)
    elif state.step == Step.REVEAL:
        yield Reveal(player, None)
        for card in state.hands[player]:
            yield Reveal(player, card)
    elif state.step == Step.PLOY:
        for ploy in game.config.ploys_of(player):
            if ploy.target == "operative":
                for op in state.on_killzone(player):
                    yield PlayPloy(player, ploy.id, (op.id,))
            else:
                yield PlayPloy(player, ploy.id)
        yield from wargear_uses(game, player, "strategy", state.on_killzone(player))
    elif state.step == Step.ACTIVATE:
        for op in game.activatable(player):
            yield Activate(player, op.id)
    elif state.step == Step.ACT:
        yield from operative_actions(game, player)


def deploy_hexes(game: Game, player: int) -> list[str]:
    """Empty hexes of ``player``'s territory (both territories before the first
    operative is placed)."""
    state = game.state
    sides = [state.territory[player]] if player in state.territory else [
        s for s in sorted(game.config.territories) if s not in state.territory.values()]
    taken = game.occupied()
    return [h for s in sides for h in game.config.territories[s]
            if h not in taken and h not in game.grid.blocked]


def activatable(game: Game, player: int) -> list[OperativeState]:
    ready = game.state.on_killzone(player)
    fresh = [o for o in ready if not o.activated]
    return fresh or ready


def operative_actions(game: Game, player: int) -> Iterator[Action]:
    state = game.state
    assert state.active is not None
    op = state.operatives[state.active]
    assert op.hex is not None
    if not state.ap_spent:
        yield Cancel(player)
    if state.ap_left >= 1:
        adjacent = game.enemies_adjacent(op)
        if not adjacent:
            for path in game.move_paths(op).values():
                yield Move(player, op.id, path)
        else:
            for h in game.disengage_hexes(op):
                yield Disengage(player, op.id, h)
    for weapon, target in game.attack_options(op):
        yield Attack(player, op.id, weapon.id, target.id)
        if OVERCHARGE in weapon.rules:
            yield Attack(player, op.id, weapon.id, target.id, True)
    for mission_action in game.config.mission_actions:
        for args in game.mission_action_args(op, mission_action):
            yield MissionAction(player, mission_action.id, op.id, args)
    yield from wargear_uses(game, player, "activation", [op])
    if state.ap_left >= 1:
        yield Wait(player)


def wargear_uses(game: Game, player: int, timing: str,
                  operatives: list[OperativeState]) -> Iterator[Action]:
    used = game.state.wargear_used[player]
    for card in game.config.wargear.get(player, ()):
        if card.timing == timing and card.id not in used:
            for op in operatives:
                yield Use(player, card.id, op.id)


def move_paths(game: Game, op: OperativeState) -> dict[str, tuple[str, ...]]:
    """Each hex ``op`` can reach with one Move action, with a shortest path to it."""
    assert op.hex is not None
    steps = game.stat(op, "move")
    grid = game.grid
    blocked = grid.blocked
    taken = game.occupied()
    paths: dict[str, tuple[str, ...]] = {}
    frontier: list[tuple[str, tuple[str, ...]]] = [(op.hex, ())]
    seen = {op.hex}
    for _ in range(steps):
        nxt: list[tuple[str, tuple[str, ...]]] = []
        for here, path in frontier:
            for h in grid.neighbours(here):
                if h in seen or h in blocked or h in taken:
                    continue
                seen.add(h)
                route = (*path, h)
                paths[h] = route
                nxt.append((h, route))
        frontier = nxt
    return paths


def disengage_hexes(game: Game, op: OperativeState) -> list[str]:
    assert op.hex is not None
    taken = game.occupied()
    enemy_hexes = {e.hex for e in game.state.on_killzone(3 - op.player)}
    out: list[str] = []
    for h in game.grid.neighbours(op.hex):
        if h in taken or h in game.grid.blocked:
            continue
        if any(n in enemy_hexes for n in game.grid.neighbours(h)):
            continue
        out.append(h)
    return out


def attack_options(game: Game, op: OperativeState) -> list[tuple[Weapon, OperativeState]]:
    """Every (weapon, defender) pair ``op`` may pick now, AP permitting."""
    assert op.hex is not None
    card = game.datacard(op)
    adjacent = game.enemies_adjacent(op)
    occupied = game.occupied()
    out: list[tuple[Weapon, OperativeState]] = []
    for weapon in card.weapons:
        if weapon.ap > game.state.ap_left:
            continue
        if HEAVY in weapon.rules and game.state.moved:
            continue
        if adjacent:
            if weapon.range != 1 and PISTOL not in weapon.rules:
                continue
            targets = adjacent
        else:
            targets = [e for e in game.state.on_killzone(3 - op.player)
                       if e.hex is not None
                       and game.grid.distance(op.hex, e.hex) <= weapon.range
                       and game.grid.visible(op.hex, e.hex, occupied)]
        out.extend((weapon, t) for t in targets)
    return out


def mission_action_args(game: Game, op: OperativeState,
                        action: MissionActionDef) -> list[tuple[str, ...]]:
    if action.ap > game.state.ap_left:
        return []
    if action.argument == "objective":
        return [(obj,) for obj in game.config.objectives
                if all_hold(game, action.requires, op, objective=obj)]
    return [()] if all_hold(game, action.requires, op) else []


def is_legal_move(game: Game, action: Move) -> bool:
    state = game.state
    if state.step != Step.ACT or action.player != state.to_act:
        return False
    if action.operative != state.active or state.ap_left < 1:
        return False
    op = state.operatives[action.operative]
    if op.hex is None or game.enemies_adjacent(op) or not action.path:
        return False
    if len(action.path) > game.stat(op, "move"):
        return False
    taken = game.occupied()
    here = op.hex
    for h in action.path:
        if not game.grid.is_on_board(h) or h in taken or h in game.grid.blocked:
            return False
        if h not in game.grid.neighbours(here):
            return False
        here = h
    return True
