"""The attack preview: the exact odds of an attack with every card rule in force."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from game.content import load_catalogue
from game.engine.actions import parse_action
from game.engine.attack import AttackProfile
from game.engine.game import Game, IllegalActionError
from game.engine.odds import damage_distribution
from game.scenario.loader import load_scenario
from tests.helpers import position

CATALOGUE = load_catalogue()
FIXTURE = Path(__file__).parent / "fixtures" / "preview.yaml"


def game_with(active: str) -> Game:
    game = load_scenario(FIXTURE, CATALOGUE).game
    game.apply(parse_action(f"1 activate {active}"))
    return game


def test_preview_matches_the_plain_profile_without_card_rules() -> None:
    game = game_with("bro")
    odds = game.attack_odds(parse_action("1 attack bro heavy_bolt_pistol s"))  # type: ignore[arg-type]
    # Scarab: Defence 2, Save 5+, and Swarming Mass (each hit deals 1 less)
    plain = damage_distribution(AttackProfile(4, 3, 3, 5, 2, 5, reduce_damage=1))
    assert odds.damage == plain.damage


def test_preview_includes_the_attackers_ability() -> None:
    sarge = game_with("sarge").attack_odds(
        parse_action("1 attack sarge plasma_pistol w"))  # type: ignore[arg-type]
    without = damage_distribution(AttackProfile(4, 3, 4, 5, 3, 4))
    assert sarge.expected > without.expected  # Battle-Hardened re-rolls ones


def test_preview_of_overcharge_adds_two_damage() -> None:
    game = game_with("sarge")
    hot = game.attack_odds(parse_action("1 attack sarge plasma_pistol w overcharge"))  # type: ignore[arg-type]
    assert max(hot.damage) > max(game.attack_odds(
        parse_action("1 attack sarge plasma_pistol w")).damage)  # type: ignore[arg-type]
    assert sum(hot.damage.values()) == Fraction(1)


def test_preview_of_an_illegal_attack_is_refused() -> None:
    with pytest.raises(IllegalActionError):
        game_with("bro").attack_odds(
            parse_action("1 attack bro astartes_chainsword w"))  # type: ignore[arg-type]


MARKERLIGHT_SCENARIO = """name: a pathfinder aims its marker designator (Markerlight) at x
killzone: {columns: 7, rows: 7}
datacards:
  target:
    apl: 2
    move: 3
    defence: 3
    save: 4
    wounds: 30
    weapons:
      - {id: carbine, ap: 1, range: 6, attacks: 3, hit: 3, damage: [2, 3]}
operatives:
  - {id: d, player: 1, card: pathfinder, at: C1}
  - {id: x, player: 2, card: target, at: C5}
start: {turning_point: 1, phase: firefight, initiative: 1, turn: 1}
actions: []
"""


def test_the_preview_says_a_markerlight_hit_spots_only_an_enemy_not_yet_spotted() -> None:
    from game.engine import SPOTTED

    game = position(MARKERLIGHT_SCENARIO)
    game.apply(parse_action("1 activate d"))
    attack = parse_action("1 attack d marker_designator x")

    def spots() -> list[str]:
        odds = game.attack_odds(attack)  # type: ignore[arg-type]
        return [r.text for r in odds.reasons if "spots the defender" in r.text]

    assert spots() == ["a hit spots the defender until the turning point ends"]
    spotted = game.state.operatives["x"]
    spotted.flags = (*spotted.flags, str(SPOTTED))  # an earlier hit spotted it
    game.invalidate()
    assert spots() == []
