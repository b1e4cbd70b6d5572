"""Every public question of Game that the screens ask, checked at the engine's level against
the legal actions (or its definition) in seeded positions."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.engine import Activate, Attack, Deploy, Disengage, Game, Move, Step
from tests.helpers import play, seeded_game

SEEDS = range(6)


def _positions(step: Step, seeds: range = SEEDS, mission: str = "dual_strike",
               teams: tuple[str, str] = ("gideon", "deathless_destroyers")) -> Iterator[Game]:
    """For each seed, the game at several decisions of ``step``."""
    for seed in seeds:
        game = seeded_game(seed, mission=mission, teams=teams, steps=0)
        for _ in range(4):
            play(game, (seed * 2 + 1, seed * 2 + 2), until=lambda g: g.state.step == step)
            if game.is_over:
                break
            yield game
            play(game, (seed + 50, seed + 51), steps=7)


def test_deploy_hexes_are_the_listed_deployments() -> None:
    seen = 0
    for game in _positions(Step.DEPLOY):
        player = game.to_act
        listed = {a.hex for a in game.legal_actions() if isinstance(a, Deploy)}
        assert listed == set(game.deploy_hexes(player))
        seen += 1
    assert seen >= 6


def test_activatable_operatives_are_the_listed_activations() -> None:
    seen = 0
    for game in _positions(Step.ACTIVATE):
        listed = {a.operative for a in game.legal_actions() if isinstance(a, Activate)}
        assert listed == {o.id for o in game.activatable(game.to_act)}
        seen += 1
    assert seen >= 6


def test_move_paths_are_the_listed_moves_and_each_path_is_legal() -> None:
    seen = 0
    for game in _positions(Step.ACT):
        op = game.operative(game.state.active or "")
        listed = {a.destination: a.path for a in game.legal_actions() if isinstance(a, Move)}
        paths = game.move_paths(op)
        if game.enemies_adjacent(op) or game.state.ap_left < 1:
            assert listed == {}
            continue
        assert set(listed) == set(paths)
        for hex_, path in paths.items():
            assert path[-1] == hex_ and len(path) <= game.stat(op, "move")
            assert game.why_not(Move(op.player, op.id, path)) is None
        seen += 1
    assert seen >= 6


def test_enemies_adjacent_are_the_enemies_one_hex_away() -> None:
    seen = 0
    for game in _positions(Step.ACTIVATE):
        for op in game.on_killzone():
            assert op.hex is not None
            expected = {e.id for e in game.on_killzone(3 - op.player)
                        if e.hex is not None and game.grid.distance(op.hex, e.hex) == 1}
            assert {e.id for e in game.enemies_adjacent(op)} == expected
            seen += 1
    assert seen > 20


def _engaged_positions() -> Iterator[Game]:
    for seed in range(40):
        game = seeded_game(seed, until=lambda g: g.state.step == Step.ACT and bool(
            g.enemies_adjacent(g.operative(g.state.active or ""))))
        if not game.is_over:
            yield game


def test_disengage_hexes_are_the_listed_disengagements() -> None:
    seen = 0
    for game in _engaged_positions():
        op = game.operative(game.state.active or "")
        listed = {a.hex for a in game.legal_actions() if isinstance(a, Disengage)}
        assert listed == set(game.disengage_hexes(op)) or game.state.ap_left < 1
        for h in game.disengage_hexes(op):
            assert all(game.grid.distance(h, e.hex) > 1 for e in game.on_killzone(
                3 - op.player) if e.hex is not None)
        seen += 1
        if seen >= 3:
            break
    assert seen >= 1


def test_why_not_attack_is_none_exactly_for_the_listed_attacks() -> None:
    seen = 0
    for game in _positions(Step.ACT):
        op = game.operative(game.state.active or "")
        legal = [a for a in game.legal_actions() if isinstance(a, Attack)]
        for enemy in game.on_killzone(3 - op.player):
            assert (game.why_not_attack(op.id, enemy.id) is None) == \
                any(a.target == enemy.id for a in legal)
            for weapon in game.datacard(op).weapons:
                reason = game.why_not_attack(op.id, enemy.id, weapon.id)
                assert (reason is None) == any(a.target == enemy.id and a.weapon == weapon.id
                                               for a in legal), reason
                seen += 1
    assert seen > 20


def test_datacard_ploy_and_operative_answer_or_name_what_is_unknown() -> None:
    game = seeded_game(1, steps=40)
    for op in game.state.operatives.values():
        assert game.datacard(op) is game.config.datacards[op.card]
        assert game.operative(op.id) is op
    team = game.config.fireteams[1]
    assert team is not None
    assert game.ploy(1, team.ploys[0].id) is team.ploys[0]
    with pytest.raises(KeyError):
        game.ploy(1, "no_such_ploy")
    with pytest.raises(KeyError, match="no operative 'nobody'"):
        game.operative("nobody")


def test_a_deployment_onto_a_blocked_hex_is_refused_as_blocked() -> None:
    game = seeded_game(2, until=lambda g: g.state.step == Step.DEPLOY)
    player = game.to_act
    op = next(o for o in game.state.operatives.values() if o.player == player and o.hex is None)
    for blocked in sorted(game.grid.blocked)[:3]:
        reason = game.why_not(Deploy(player, op.id, blocked))
        assert reason == f"{blocked} is a blocked hex", reason
