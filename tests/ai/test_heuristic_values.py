"""The numbers the heuristics give a hex: the danger there (cover against guns from more than
a hex away), the pull of objectives (shared with the friends already holding one), of the
ground a mission scores and of an errand (a relic walked to the enemy's territory). Each
test pins one term, so a changed sign, reach or weight fails it."""

from __future__ import annotations

import pytest

from game.ai import heuristics
from game.engine import Game
from tests.ai.helpers import fixture, one_a_side
from tests.helpers import position


@pytest.fixture
def guns() -> Game:
    return fixture("guns")


def approx(game: Game, cover: bool) -> float:
    z, a = game.state.operatives["z"], game.state.operatives["a"]
    card = game.datacard(z)
    return heuristics._approx(card, card.weapons[0], a, game, cover)


def test_cover_counts_against_a_gun_more_than_a_hex_away(guns: Game) -> None:
    a = guns.state.operatives["a"]
    open_, covered = approx(guns, False), approx(guns, True)
    assert covered < open_
    # E4 and E3 (in cover) are 4 and 5 hexes from the rifle at E8; E5 is in the open
    assert heuristics.danger(guns, a, "E4") == covered
    assert heuristics.danger(guns, a, "E3") == covered
    assert heuristics.danger(guns, a, "E5") == open_


def test_cover_counts_two_hexes_away_but_not_next_to_the_gun(guns: Game) -> None:
    a = guns.state.operatives["a"]
    guns.state.operatives["z"].hex = "E5"  # E7 (cover) is 2 hexes away
    guns.rules_changed()
    assert heuristics.danger(guns, a, "E7") == approx(guns, True)
    guns.state.operatives["z"].hex = "E6"  # E7 is next to it: cover does not count
    guns.rules_changed()
    assert heuristics.danger(guns, a, "E7") == approx(guns, False)


def test_an_objective_pulls_within_a_hex_and_shares_its_pull_with_the_friends_there(
        guns: Game) -> None:
    a = guns.state.operatives["a"]
    # nobody of ours near either objective: next to O1 is worth 2.5, less a quarter for
    # each hex short of O2 (6 hexes away: the nearest objective nobody of ours holds)
    beside = heuristics.objective_pull(guns, a, "B7")
    assert beside == pytest.approx(2.5 - 0.25 * guns.grid.distance("B7", "H8"))
    # two hexes from O1: no pull of its own, only the closing on the nearest one
    assert heuristics.objective_pull(guns, a, "B6") == pytest.approx(
        -0.25 * min(guns.grid.distance("B6", "B8"), guns.grid.distance("B6", "H8")))
    # a friend holds O1 (within a hex of it): a shares the pull, and closes only on O2
    guns.state.operatives["f"].hex = "C8"
    guns.rules_changed()
    assert heuristics.objective_pull(guns, a, "B7") == pytest.approx(
        2.5 / 2 - 0.25 * guns.grid.distance("B7", "H8"))
    # ... and the friend is not its own helper
    f = guns.state.operatives["f"]
    assert heuristics.objective_pull(guns, f, "C8") == pytest.approx(
        2.5 - 0.25 * guns.grid.distance("C8", "H8"))


SHRINKING = one_a_side("shrinking_ground", "A1", "O11")


def test_the_ground_a_mission_scores_pulls_within_its_reach() -> None:
    game = position(SHRINKING)
    a = game.state.operatives["a"]
    # Shrinking Ground scores operatives within 3 hexes of H5 or H6
    inside = next(h for h in game.grid.hexes if min(game.grid.distance(h, c)
                                                    for c in ("H5", "H6")) == 3)
    outside = next(h for h in game.grid.hexes if min(game.grid.distance(h, c)
                                                     for c in ("H5", "H6")) == 6)
    assert heuristics.objective_pull(game, a, inside) == 1.5
    assert heuristics.objective_pull(game, a, outside) == pytest.approx(-0.25 * 3)


RELIC = one_a_side("relic_run", "I7", "A1", territory="{1: 1, 2: 2}", carried="{relic3: a}")


def test_a_relic_carrier_is_drawn_to_the_enemys_territory() -> None:
    game = position(RELIC)
    a = game.state.operatives["a"]
    # Extract scores 3 VP in the enemy's (the southern) territory: worth 3 there, and a
    # third of them less for each hex short of it, up to 12
    # (I10 is in it, I9 one hex short, I8 two, I7 three)
    assert heuristics.errand_pull(game, a, "I10") == 3
    assert heuristics.errand_pull(game, a, "I9") == pytest.approx(-3 / 3 * 1)
    assert heuristics.errand_pull(game, a, "I8") == pytest.approx(-3 / 3 * 2)
    assert heuristics.errand_pull(game, a, "I7") == pytest.approx(-3 / 3 * 3)
    # on an errand the objectives pull half as much, and it closes on none of them
    near_relic = heuristics.objective_pull(game, a, "I8")
    assert near_relic == pytest.approx(-2.0 + 1.25 * sum(
        1 for obj in game.config.objectives
        if (w := game.objective_hex(obj)) and game.grid.distance("I8", w) <= 1))
    # the enemy carries nothing: no errand
    assert heuristics.errand_pull(game, game.state.operatives["z"], "A1") is None
