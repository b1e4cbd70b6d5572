"""The computer uses the rule words of spotting and of drones (read from the cards, never
from a fireteam's id): it marks a target before the guided shots, values an enemy spotted
only when friends can still use it, and keeps a shield drone beside the leader it guards."""

from __future__ import annotations

from dataclasses import replace

import pytest

from game.ai import heuristics
from game.ai.common import evaluate, playable, spotting_value
from game.ai.players import player_for
from game.ai.search import LEVELS, Budget, SearchPlayer
from game.engine.actions import Attack, Move, Use, parse_action
from game.engine.effects import SPOTTED
from game.engine.game import Game
from game.engine.state import OperativeState
from tests import helpers

BRUTE = """
datacards:
  brute: {apl: 2, move: 3, defence: 3, save: 3, wounds: 20,
    weapons: [{id: claws, ap: 1, range: 2, attacks: 6, hit: 3, damage: [4, 6]}]}
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

# the enemy is the test's own brute (claws, Range 2), far off: nothing to flee or to shoot, so
# the drone's move is the escort's pull, and no fireteam's tuning (wounds, saves) changes it
DRONE = """
killzone: {columns: 9, rows: 9}
operatives:
  - {id: d, player: 1, card: shield_drone, at: A1}
  - {id: s, player: 1, card: pathfinder_shasui, at: F3}
  - {id: b, player: 2, card: brute, at: E9}
start: {turning_point: 1, phase: firefight, initiative: 1, turn: 1, activated: [s]}
"""


def position(text: str) -> Game:
    return helpers.position(text + BRUTE + DICE)


def turn(game: Game, level: str, seed: int, budget: Budget | None = None) -> list[object]:
    """The actions the computer takes for player 1 until the turn passes (``budget``: the
    level's own unless given)."""
    player = SearchPlayer(seed, level, budget) if budget else player_for(level, seed)
    taken = []
    while game.to_act == 1 and not game.is_over and len(taken) < 8:
        action = player.choose(game.view(1))
        taken.append(action)
        game.apply(action)
    return taken


@pytest.mark.parametrize("level", [
    "normal", pytest.param("hard", marks=pytest.mark.slow)])  # hard: more playouts
def test_the_spotter_marks_the_target_before_the_guided_shots(level: str) -> None:
    game = position(SPOTTERS)
    attacks = [a for a in turn(game, level, 4) if isinstance(a, Attack)]
    assert attacks and attacks[0].weapon == "marker_designator"
    assert SPOTTED in game.state.operatives["b"].flags  # the dice above give it a hit


def test_spotting_is_worth_something_only_while_friends_can_use_it() -> None:
    game = position(SPOTTERS)
    ops = game.state.operatives
    spotter, target = ops["s"], ops["b"]
    fresh = heuristics.spot_value(game, spotter, "marker_designator", target, 1)
    assert fresh > 0
    assert heuristics.spot_value(game, spotter, "pulse_carbine", target, 1) == 0
    for friend in ("r", "i"):
        ops[friend].activated = True
    game.invalidate()  # the state changed (what is worked out once per state is forgotten)
    assert 0 < heuristics.spot_value(game, spotter, "marker_designator", target, 1) < fresh
    assert heuristics.spot_value(game, spotter, "marker_designator", target, 0) == 0
    ops["r"].activated = ops["i"].activated = False
    target.flags = (SPOTTED,)
    game.invalidate()
    assert heuristics.spot_value(game, spotter, "marker_designator", target, 1) == 0
    assert spotting_value(game, 1) > 0 and spotting_value(game, 2) == 0


@pytest.mark.parametrize("level", [
    "normal", pytest.param("hard", marks=pytest.mark.slow)])  # hard: more playouts
def test_a_shield_drone_keeps_beside_its_leader(level: str) -> None:
    game = position(DRONE)
    assert any(isinstance(a, Move) for a in turn(game, level, 3))
    drone = game.state.operatives["d"]
    assert drone.hex is not None and game.grid.distance(drone.hex, "F3") <= 1


def test_the_escort_pull_reads_the_drones_rule() -> None:
    game = position(DRONE)
    drone, leader = game.state.operatives["d"], game.state.operatives["s"]
    assert heuristics.escort_pull(game, drone, "F2") > heuristics.escort_pull(game, drone, "A1")
    # the leader carries no such rule: nothing pulls it anywhere
    assert heuristics.escort_pull(game, leader, "A1") == heuristics.escort_pull(game, leader,
                                                                                "F2") == 0


# --- the tactical ploys: played when they add to this activation, kept otherwise -------------

PLOYS = """
killzone: {columns: 9, rows: 9}
fireteams: {1: pathfinders}
operatives:
  - {id: p, player: 1, card: %(card)s, at: C1, damage: %(damage)s}
  - {id: b, player: 2, card: brute, at: %(at)s}
start: {turning_point: 1, phase: firefight, initiative: 1, turn: 1, spotted: [%(spotted)s]}
"""


def ploy_position(at: str = "C7", spotted: str = "", damage: int = 0,
                  card: str = "pathfinder") -> Game:
    game = position(PLOYS % {"at": at, "spotted": spotted, "damage": damage,
                                       "card": card})
    game.apply(parse_action("1 activate p"))
    return game


def ranked(game: Game) -> list[str]:
    """The legal actions' notations, best first by the heuristics."""
    return [a.notation() for a in sorted(playable(game.legal_actions()),
                                         key=lambda a: -heuristics.score(game, a))]


def uses(actions: list[object]) -> list[str]:
    return [a.card for a in actions if isinstance(a, Use)]


def test_point_blank_ambush_only_within_three_hexes() -> None:
    near = ploy_position(at="C4", card="grenadier_pathfinder")
    assert ranked(near)[0] == "use point_blank_ambush p"
    far = ploy_position(at="C7", card="grenadier_pathfinder")
    assert heuristics.score(far, Use(1, "point_blank_ambush", "p")) < 0


def test_the_heuristics_leave_the_game_as_it_was(monkeypatch: pytest.MonkeyPatch) -> None:
    """Scoring every legal action (spotting values on a clone, cards tried on clones) and
    evaluating the position change nothing of the game they are given, not even for a while:
    no field of its operatives is written (but the hex that the engine's own documented
    look-ahead, ``attacks_from``, moves and puts back)."""
    game = position(SPOTTERS)
    game.apply(parse_action("1 activate s"))
    mine = {id(op) for op in game.state.operatives.values()}
    written: list[str] = []
    setter = OperativeState.__setattr__

    def spy(op: OperativeState, name: str, value: object) -> None:
        if id(op) in mine and name != "hex":
            written.append(f"{op.id}.{name}")
        setter(op, name, value)

    monkeypatch.setattr(OperativeState, "__setattr__", spy)

    def snapshot() -> tuple[object, ...]:
        return (game.state.to_dict(), list(game.log), list(game.events), list(game.record),
                game.dice.to_dict(), game.legal_actions())

    before = snapshot()
    ops = game.state.operatives
    assert heuristics.spot_value(game, ops["s"], "marker_designator", ops["b"], 1) > 0
    for action in game.legal_actions():
        heuristics.score(game, action)
        heuristics.score(game, action, cheap=True)
    for op in game.on_killzone(1):
        heuristics.activation_score(game, op, cheap=False)
    evaluate(game, 1)
    assert snapshot() == before and written == []
    assert SPOTTED not in ops["b"].flags


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_marker_drone_goes_first_and_spots_for_the_guns(level: str) -> None:
    """A marker drone and two heavy guns that hit better against a spotted enemy: the drone
    is activated first and its markerlight is its first attack (easy's heuristics too, when
    it is not activating in no particular order: tests/ai/test_beginner.py)."""
    game = position(SPOTTERS.replace("card: pathfinder, at: C2",
                                               "card: pathfinder_marker_drone, at: C2"))
    taken = turn(game, level, 2, replace(LEVELS[level], order_at_random=False))
    assert taken[0] == parse_action("1 activate s")
    attacks = [a for a in taken if isinstance(a, Attack)]
    assert attacks and attacks[0] == Attack(1, "s", "marker_designator", "b")


def test_a_gun_waits_for_a_spotter_only_while_one_is_left_to_spot() -> None:
    game = position(SPOTTERS.replace("card: pathfinder, at: C2",
                                               "card: pathfinder_marker_drone, at: C2"))
    ops = game.state.operatives
    gun, drone = ops["r"], ops["s"]
    waiting = heuristics.spotting_wait(game, gun)
    assert waiting > 0 and heuristics.spotting_wait(game, gun, drone) == waiting
    assert heuristics.spotting_wait(game, drone) == 0  # nobody spots for the spotter
    drone.activated = True
    assert heuristics.spotting_wait(game, gun) == 0
    drone.activated = False
    ops["b"].flags = (SPOTTED,)
    assert heuristics.spotting_wait(game, gun) == 0
