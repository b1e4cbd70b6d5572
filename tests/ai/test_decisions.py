"""Small decisive positions: the computer takes the obvious winning line at every level
that searches (the scenario format builds them; the computer sees only its view)."""

from __future__ import annotations

import pytest

from game.ai.players import player_for
from game.engine.actions import Attack, MissionAction
from game.engine.game import Game
from game.engine.state import Step
from tests.ai.helpers import fixture, one_a_side
from tests.helpers import position

CARDS = """
datacards:
  trooper: {apl: 2, move: 3, defence: 3, save: 4, wounds: 8,
    weapons: [{id: gun, ap: 2, range: 6, attacks: 4, hit: 3, damage: [3, 4]},
              {id: knife, ap: 1, range: 1, attacks: 3, hit: 4, damage: [2, 3]}]}
  brute: {apl: 2, move: 3, defence: 3, save: 3, wounds: 14,
    weapons: [{id: cannon, ap: 1, range: 8, attacks: 6, hit: 2, damage: [4, 6]},
              {id: claws, ap: 1, range: 1, attacks: 5, hit: 2, damage: [4, 6]}]}
  runt: {apl: 2, move: 3, defence: 2, save: 6, wounds: 4,
    weapons: [{id: knife, ap: 1, range: 1, attacks: 2, hit: 5, damage: [1, 2]}]}
"""

DICE = "dice: [" + ", ".join(["4", "5", "3", "6", "2", "5"] * 20) + "]\n"


def setup(text: str) -> Game:
    return position(text + CARDS + DICE)


def activation(game: Game, level: str, seat: int = 1) -> list[object]:
    """Let the computer play ``seat``'s whole activation; the actions it took."""
    player = player_for(level, 3)
    taken = []
    while game.to_act == seat and game.state.step in (Step.ACTIVATE, Step.ACT):
        action = player.choose(game.view(seat))
        taken.append(action)
        game.apply(action)
        if game.state.step == Step.ACTIVATE:
            break
    return taken


LEVELS = ["easy", "normal", "hard"]


@pytest.mark.parametrize("level", LEVELS)
def test_takes_an_operative_down_when_the_odds_are_overwhelming(level: str) -> None:
    game = setup("""
killzone: {columns: 9, rows: 7, cover: [B2]}
operatives:
  - {id: a, player: 1, card: trooper, at: C3}
  - {id: b, player: 2, card: runt, at: E3, damage: 3}
  - {id: c, player: 2, card: trooper, at: G3}
start: {turning_point: 1, phase: firefight, initiative: 1}
""")
    # the gun costs 2AP: one attack this activation, and b dies to it almost surely
    taken = activation(game, level)
    attacks = [a for a in taken if isinstance(a, Attack)]
    assert attacks and attacks[0].target == "b", [str(a) for a in taken]


@pytest.mark.parametrize("level", LEVELS)
def test_does_not_walk_into_the_open_next_to_a_stronger_enemy(level: str) -> None:
    # a, a runt with a knife, sees the brute 5 hexes off; D4 beside it is cover
    game = setup("""
killzone: {columns: 9, rows: 9, cover: [D4, B2]}
operatives:
  - {id: a, player: 1, card: runt, at: D3}
  - {id: b, player: 2, card: brute, at: D8}
start: {turning_point: 1, phase: firefight, initiative: 1}
""")
    activation(game, level)
    where = game.state.operatives["a"].hex
    assert where is not None
    brute = game.state.operatives["b"].hex
    assert game.grid.distance(where, brute) > 1
    assert where in game.grid.cover or not game.grid.visible(brute, where, game.occupied())


@pytest.mark.parametrize("level", LEVELS)
def test_grabs_an_uncontested_objective_at_the_end_of_a_turning_point(level: str) -> None:
    game = setup(one_a_side("dual_strike", "E3", "O10", card="trooper", turning_point=3,
                            initiative=2, to_act=1, activated="[z]"))
    activation(game, level)
    assert game.state.control.get("obj1") == 1


@pytest.mark.parametrize("level", LEVELS)
def test_uses_a_mission_action_that_wins(level: str) -> None:
    game = setup(one_a_side("data_heist", "B3", "F7", card="trooper", vp="{1: 4, 2: 3}"))
    taken = activation(game, level)
    assert any(isinstance(a, MissionAction) for a in taken), [str(a) for a in taken]
    assert game.is_over and game.winner == 1


def test_hard_plays_out_more_than_normal() -> None:
    from game.ai.search import LEVELS, slices
    assert slices(LEVELS["hard"]) > 4 * slices(LEVELS["normal"])
    hard, normal = LEVELS["hard"], LEVELS["normal"]
    # the same horizon, searched wider and on more rebuilt games, with the enemy's best
    # picks for its reply (normal plays only the cheap policy's)
    assert hard.candidates > normal.candidates and hard.samples > normal.samples
    assert hard.replies == normal.replies
    assert hard.rivals > 1 and normal.rivals == 0
    assert slices(LEVELS["easy"]) == 0


# Shrinking Ground scores operatives within 3 hexes of H5/H6 and has no objective tokens
SHRINKING = one_a_side("shrinking_ground", "A1", "O11", card="trooper")


@pytest.mark.parametrize("level", LEVELS)
def test_heads_for_the_ground_a_mission_scores_without_objectives(level: str) -> None:
    # a, alone in the north-west corner with nobody in sight, walks towards the centre
    game = setup(SHRINKING)
    start = min(game.grid.distance("A1", h) for h in ("H5", "H6"))
    activation(game, level)
    where = game.state.operatives["a"].hex
    assert where is not None
    assert min(game.grid.distance(where, h) for h in ("H5", "H6")) < start - 2


def test_the_scoring_zones_are_read_from_the_mission_rules() -> None:
    from game.ai.heuristics import scoring_zones
    game = setup(SHRINKING)
    assert scoring_zones(game) == ((("H5", "H6"), 3),)


def relic_carrier(at: str) -> Game:
    """Relic Run: player 1's ``a`` carries a relic on ``at``; the enemy's territory is rows 9
    to 11, its one operative far away."""
    return setup(one_a_side("relic_run", at, "O1", card="trooper", to_act=1,
                            territory="{1: 1, 2: 2}", carried="{relic2: a}",
                            objective_hexes=f"{{relic2: {at}}}"))


@pytest.mark.parametrize("level", LEVELS)
def test_a_relic_carrier_walks_it_towards_where_it_can_be_extracted(level: str) -> None:
    """An Extract (3 VP) needs the carrier in the enemy's territory, and the nearest free
    relic (E3) lies the other way."""
    game = relic_carrier("C6")
    enemy_side = game.config.territories[2]

    def short(hex_: str) -> int:
        return min(game.grid.distance(hex_, h) for h in enemy_side)

    before = short("C6")
    activation(game, level)
    where = game.state.operatives["a"].hex
    assert where is not None and short(where) < before, where


@pytest.mark.parametrize("level", LEVELS)
def test_a_carrier_in_the_enemys_territory_extracts(level: str) -> None:
    game = relic_carrier("D10")
    taken = activation(game, level)
    assert any(isinstance(a, MissionAction) and a.action == "extract" for a in taken), \
        [str(a) for a in taken]
    assert game.state.vp[1] == 3


def test_hard_plays_its_strategic_ploy_out() -> None:
    """The heuristics count every weapon against every enemy, in reach or not, and pick the
    melee ploy (Shock Assault) for two intercessors 6 hexes from the shootas that shoot
    first; hard plays each ploy to the end of the turning point and takes another."""
    game = fixture("ploy_in_the_open", played=True)
    assert game.state.step == Step.PLOY and game.to_act == 1
    view = game.view(1)
    assert str(player_for("normal", 3).choose(view)) == "1 ploy shock_assault"
    for seed in (1, 2, 3):
        assert str(player_for("hard", seed).choose(view)) != "1 ploy shock_assault"
