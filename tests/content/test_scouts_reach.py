"""The Scouts ruling (docs/rules-decisions.md, "Pathfinders") folds the seed's scout move, made
after deployment, into our alternating set-up, and keeps a scout only "more than 8 inches"
(2 hexes) from enemy operatives. That is the seed's guarantee only because no enemy placed
later in its own territory can stand within 2 hexes of a scout: on every shipped mission the
enemy's territory is farther than that from any hex a scout move can reach."""

from __future__ import annotations

from game.engine import vocabulary as V
from game.engine.defs import Catalogue
from game.engine.hexgrid import Grid


def _scout_reach(catalogue: Catalogue) -> tuple[int, int]:
    """(the longest Scouts distance, its clearance) of any shipped datacard ability that
    keeps no distance from the enemy's territory."""
    best = (0, 0)
    for card in catalogue.datacards.values():
        for ability in card.abilities:
            for effect in ability.effects:
                if effect.kind == V.SCOUTS and not effect.get("territory"):
                    best = max(best, (int(effect.get("distance", 0)),
                                      int(effect.get("clear", 0))))
    return best


def _reach(grid: Grid, start: set[str], steps: int) -> set[str]:
    reached, frontier = set(start), set(start)
    for _ in range(steps):
        frontier = {n for h in frontier for n in grid.neighbours(h)
                    if n not in reached and n not in grid.blocked}
        reached |= frontier
    return reached - start


def test_no_enemy_territory_is_within_a_scouts_clearance(catalogue: Catalogue) -> None:
    distance, clear = _scout_reach(catalogue)
    assert distance == 2 and clear == 2  # the Pathfinders' Scouts 7", more than 8"
    for mission in catalogue.missions.values():
        side = catalogue.killzones[mission.killzone]
        grid = Grid(side.columns, side.rows, blocked=frozenset(side.blocked))
        for own, enemy in ((1, 2), (2, 1)):
            scouted = _reach(grid, set(mission.territories[own]), distance)
            nearest = min(grid.distance(h, e) for h in scouted
                          for e in mission.territories[enemy])
            assert nearest > clear, (mission.id, own, nearest)
