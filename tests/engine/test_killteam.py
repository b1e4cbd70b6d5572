"""The Kill Team classic pack's rulings that a scenario file cannot reach (docs/rules-decisions.md,
"Kill Team classic: secondary and primary objectives" and "Kill Team classic: night, mysteries,
Search Pattern, reanimation"): the fallbacks when no hex keeps every distance, fleeing as the
first removal, who leads, and that a Fireteam mission is untouched by the pack."""

from __future__ import annotations

from game.content import load_catalogue
from game.engine.hexgrid import grid_for
from game.engine.rulesets.killteam import PackStep
from game.engine.rulesets.killteam import core as kt
from game.engine.rulesets.killteam import rules as rules_kt
from tests.helpers import new_game

CATALOGUE = load_catalogue()


def test_marker_distance_to_other_markers_is_dropped_only_when_nothing_else_is_left() -> None:
    grid = grid_for(9, 7, (), ())
    territories = {1: ("A1", "B1"), 2: ("A7", "B6")}
    free = kt.placement_hexes(grid, territories, [])
    assert free and all(grid.distance(h, e) >= kt.OBJECTIVE_EDGE
                        for h in free for e in kt.edge_hexes(grid))
    crowded = kt.placement_hexes(grid, territories, ["E4"])
    # every free hex lies within 4 of E4 on this small map: the apart rule is dropped ...
    assert all(grid.distance(h, "E4") < kt.OBJECTIVE_APART for h in free)
    # ... but the other rules hold, and the hex already taken is not offered again
    assert "E4" not in crowded and set(crowded) <= set(free)


def test_search_pattern_spacing_gives_way_when_no_spaced_hex_is_left() -> None:
    game = new_game(mission="kt_alone_in_the_dark")
    op = next(o for o in game.state.operatives.values() if o.player == 1)
    op.hex = "C1"
    game.rules_changed()  # operatives set on the killzone
    assert kt.spaced(game, ["D1", "G1"]) == ["G1"]  # D1 is next to C1
    assert kt.spaced(game, ["D1", "B1"]) == ["D1", "B1"]  # nothing spaced left: all of them
    assert kt.spaced(new_game(mission="kt_forward_push"), ["D1"]) == ["D1"]  # no Search Pattern


def test_late_operative_with_no_edge_hex_arrives_in_its_territory() -> None:
    game = new_game(mission="kt_alone_in_the_dark")
    op = next(o for o in game.state.operatives.values() if o.player == 1)
    op.flags = ("late", "edge:west")
    game.state.territory = {1: 1, 2: 2}
    enemies = [o for o in game.state.operatives.values() if o.player == 2]
    for enemy, h in zip(enemies, ("B1", "B3", "B5", "B7", "B9", "B10"), strict=False):
        enemy.hex = h  # every hex of the west edge is next to one of them
    game.rules_changed()  # operatives set on the killzone
    arrival = kt.arrival_hexes(game, op)
    assert arrival and set(arrival) <= set(game.config.territories[1])
    op.flags = ("late", "edge:east")
    assert set(kt.arrival_hexes(game, op)) == {h for h in kt.side_edge(game.grid, "east")
                                               if h not in game.grid.blocked}


def test_fleeing_is_the_first_removal_and_not_a_take_down() -> None:
    game = new_game(mission="kt_forward_push")
    op = next(o for o in game.state.operatives.values() if o.player == 2)
    op.hex = "H6"
    game.rules_changed()  # operatives set on the killzone
    rules_kt.flee(game, op)
    assert game.state.first_removed == 2
    assert op.taken_down and op.hex is None and kt.fled(op)
    assert not any(type(e).__name__ == "TakenDown" for e in game.events)


def test_the_leader_is_the_first_operative_of_the_leader_card() -> None:
    game = new_game(mission="kt_forward_push")
    assert kt.leader_of(game, 1).id == "sergeant"
    assert kt.leader_of(game, 2).id == "warrior1"
    assert kt.is_fearless(game, game.state.operatives["scarab1"])
    assert kt.rerolls_break(game, game.state.operatives["intercessor2"])


def test_a_fireteam_mission_is_untouched_by_the_pack() -> None:
    game = new_game(mission="dual_strike")
    assert kt.rules_of(game.config) is None and kt.pack_rules(game.config) == []
    assert kt.last_turning_point(game.config) == game.config.turning_points
    assert game.config.targets  # targets of opportunity are dealt as ever
    kill_team = new_game(mission="kt_forward_push")
    assert not kill_team.config.targets
    assert kt.last_turning_point(kill_team.config) == kill_team.config.turning_points + 2
    assert kill_team.state.step == PackStep.PLACE_OBJECTIVES
