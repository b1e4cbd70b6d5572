"""The computer uses the rule words of spotting and of drones (read from the cards, never
from a fireteam's id): it marks a target before the guided shots, values an enemy spotted
only when friends can still use it, and keeps a shield drone beside the leader it guards."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai import heuristics
from game.ai.common import spotting_value
from game.ai.players import player_for
from game.engine.actions import Attack, Move
from game.engine.effects import SPOTTED
from game.engine.game import Game
from game.scenario import load_scenario
from tests.ai.helpers import CATALOGUE

BRUTE = """
datacards:
  brute:
    apl: 2
    move: 3
    defence: 3
    save: 3
    wounds: 20
    weapons:
      - {id: claws, ap: 1, range: 2, attacks: 6, hit: 3, damage: [4, 6]}
"""
DICE = "dice: [" + ", ".join(["4", "5", "3", "6", "2", "5"] * 20) + "]\n"

SPOTTERS = """
killzone: {columns: 9, rows: 9, cover: [C7]}
operatives:
  - {id: s, player: 1, card: pathfinder, at: C2}
  - {id: r, player: 1, card: rail_rifle_pathfinder, at: E2}
  - {id: i, player: 1, card: ion_rifle_pathfinder, at: G2}
  - {id: b, player: 2, card: brute, at: C7}
start: {turning_point: 1, phase: firefight, initiative: 1, turn: 1}
"""

DRONE = """
killzone: {columns: 9, rows: 9}
operatives:
  - {id: d, player: 1, card: shield_drone, at: A1}
  - {id: s, player: 1, card: pathfinder_shasui, at: F3}
  - {id: b, player: 2, card: pathfinder, at: E9}
start: {turning_point: 1, phase: firefight, initiative: 1, turn: 1, activated: [s]}
"""


def position(tmp_path: Path, text: str) -> Game:
    path = tmp_path / "position.yaml"
    path.write_text(text + BRUTE + DICE)
    return load_scenario(path, CATALOGUE).game


def turn(game: Game, level: str, seed: int) -> list[object]:
    """The actions the computer takes for player 1 until the turn passes."""
    player = player_for(level, seed)
    taken = []
    while game.to_act == 1 and not game.is_over and len(taken) < 8:
        action = player.choose(game.view(1))
        taken.append(action)
        game.apply(action)
    return taken


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_spotter_marks_the_target_before_the_guided_shots(tmp_path: Path,
                                                               level: str) -> None:
    game = position(tmp_path, SPOTTERS)
    attacks = [a for a in turn(game, level, 4) if isinstance(a, Attack)]
    assert attacks and attacks[0].weapon == "marker_designator"
    assert SPOTTED in game.state.operatives["b"].flags  # the dice above give it a hit


def test_spotting_is_worth_something_only_while_friends_can_use_it(tmp_path: Path) -> None:
    game = position(tmp_path, SPOTTERS)
    ops = game.state.operatives
    spotter, target = ops["s"], ops["b"]
    fresh = heuristics.spot_value(game, spotter, "marker_designator", target, 1)
    assert fresh > 0
    assert heuristics.spot_value(game, spotter, "pulse_carbine", target, 1) == 0
    for friend in ("r", "i"):
        ops[friend].activated = True
    assert 0 < heuristics.spot_value(game, spotter, "marker_designator", target, 1) < fresh
    assert heuristics.spot_value(game, spotter, "marker_designator", target, 0) == 0
    ops["r"].activated = ops["i"].activated = False
    target.flags = (SPOTTED,)
    assert heuristics.spot_value(game, spotter, "marker_designator", target, 1) == 0
    assert spotting_value(game, 1) > 0 and spotting_value(game, 2) == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_a_shield_drone_keeps_beside_its_leader(tmp_path: Path, level: str) -> None:
    game = position(tmp_path, DRONE)
    assert any(isinstance(a, Move) for a in turn(game, level, 3))
    drone = game.state.operatives["d"]
    assert drone.hex is not None and game.grid.distance(drone.hex, "F3") <= 1


def test_the_escort_pull_reads_the_drones_rule(tmp_path: Path) -> None:
    game = position(tmp_path, DRONE)
    drone, leader = game.state.operatives["d"], game.state.operatives["s"]
    assert heuristics.escort_pull(game, drone, "F2") > heuristics.escort_pull(game, drone, "A1")
    # the leader carries no such rule: nothing pulls it anywhere
    assert heuristics.escort_pull(game, leader, "A1") == heuristics.escort_pull(game, leader,
                                                                                "F2") == 0
