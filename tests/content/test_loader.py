"""The content loader: shipped content, the test fixtures in good/, scenario datacards."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from game.content import (
    REPO_ROOT,
    ContentError,
    file_kind,
    is_hex_on_board,
    load_catalogue,
    load_yaml,
    parse_datacards,
    shipped_files,
    to_python_with_lines,
)
from game.engine import defs

HERE = Path(__file__).parent
GOOD = HERE / "good"


def test_shipped_content_loads_and_hangs_together() -> None:
    if not any(kind == "fireteam" for _, kind in shipped_files()):
        pytest.skip("no shipped fireteams yet")
    cat = load_catalogue()
    assert cat.fireteams and cat.datacards and cat.killzones
    for team in cat.fireteams.values():
        assert team.ploys
        for entry in team.composition:
            assert entry.card in cat.datacards
    for mission in cat.missions.values():
        assert mission.killzone in cat.killzones
    for card in cat.datacards.values():
        assert all(isinstance(w, defs.Weapon) for w in card.weapons)


def test_fixture_content_becomes_frozen_definitions() -> None:
    cat = load_catalogue([GOOD], shipped=False)
    team = cat.fireteams["test_team"]
    assert team.composition == (defs.CompositionEntry("test_trooper", 3, "trooper"),)
    assert [p.id for p in team.ploys] == ["test_dig_in", "test_pick_one"]
    assert team.ploys[1].target == "operative"
    card = cat.datacards["test_trooper"]
    carbine = card.weapon("test_carbine")
    assert carbine == defs.Weapon("test_carbine", "Carbine", 1, 6, 3, 3, 2, 3, ("rapid_fire",))
    steady = card.abilities[0].effects[0]
    assert steady.kind == "attack"
    assert steady.text == "Steady"
    assert steady.params == {"role": "attacker", "weapon": {"ids": ["test_carbine"]},
                             "if": [{"in_cover": True}], "mods": {"crit_on": 5}}
    # `on:` stays the word "on" (YAML 1.1 would read it as true)
    trigger = card.abilities[0].effects[1]
    assert trigger.params == {"on": "end_phase", "do": [{"heal": 1}]}

    side = cat.killzones["test_side"]
    assert (side.columns, side.rows, side.blocked, side.cover) == (7, 5, ("D3",), ("E2", "C2"))

    mission = cat.missions["test_mission"]
    assert mission.killzone == "test_side"
    assert mission.turning_points == 4
    assert mission.territories == {1: ("A1", "B1", "C1"), 2: ("A5", "B4", "C5")}
    assert mission.objectives == {"obj1": "D1", "obj2": "D4"}
    action = mission.actions[0]
    assert action.argument == "objective"
    assert action.requires == ({"near_objective": {"distance": 1, "control": "own",
                                                   "not_flag": "powered"}},)
    assert action.effects == ({"set_flag": "powered"},)

    hold = cat.targets["test_hold_line"]
    assert hold.condition == defs.Effect("end_of_turn", {"near_hex": {"hex": "H6", "distance": 1}})


def test_definitions_are_frozen() -> None:
    cat = load_catalogue([GOOD], shipped=False)
    with pytest.raises(AttributeError):
        cat.datacards["test_trooper"].apl = 3  # type: ignore[misc]


def test_a_file_given_twice_is_read_once() -> None:
    cat = load_catalogue([GOOD, GOOD / "test_team.yaml"], shipped=False)
    assert "test_team" in cat.fireteams


def test_a_load_again_is_the_same_content_in_new_dictionaries_and_sees_an_edit(
        tmp_path: Path) -> None:
    team = tmp_path / "team.yaml"
    team.write_bytes((GOOD / "test_team.yaml").read_bytes())
    first = load_catalogue([team], shipped=False)
    again = load_catalogue([team], shipped=False)
    assert again == first and again.fireteams is not first.fireteams
    del again.fireteams["test_team"]  # a caller's change stays its own
    assert "test_team" in load_catalogue([team], shipped=False).fireteams
    name = first.fireteams["test_team"].name
    team.write_text(team.read_text().replace(f"name: {name}", "name: Renamed Squad", 1))
    assert load_catalogue([team], shipped=False).fireteams["test_team"].name == "Renamed Squad"
    team.write_text("datacards: [\n")
    with pytest.raises(ContentError):
        load_catalogue([team], shipped=False)


def test_scenario_datacards_may_omit_names(tmp_path: Path) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(
        "name: a scenario\n"
        "datacards:\n"
        "  trooper:\n"
        "    apl: 2\n    move: 3\n    defence: 3\n    save: 4\n    wounds: 12\n"
        "    weapons:\n"
        "      - {id: carbine, ap: 1, range: 6, attacks: 3, hit: 3, damage: [2, 3]}\n"
        "    abilities:\n"
        "      - id: tough\n"
        "        effects: [{kind: attack, role: defender, mods: {reduce_damage: 1}}]\n",
        encoding="utf-8")
    doc = load_yaml(path)
    cards = parse_datacards(doc.at("datacards"))
    trooper = cards["trooper"]
    assert trooper.name == "trooper"
    assert trooper.weapons[0].name == "carbine"
    assert trooper.abilities[0].name == "tough"
    # a composed node (whole file) works as well
    node = yaml.compose(path.read_text(encoding="utf-8"))
    assert parse_datacards(node, path) == cards


def test_scenario_datacard_errors_name_file_line_and_key_path(tmp_path: Path) -> None:
    path = tmp_path / "scenario.yaml"
    path.write_text(
        "datacards:\n"
        "  trooper:\n"
        "    apl: 2\n    move: 3\n    defence: 3\n    save: 8\n    wounds: 12\n"
        "    weapons: [{id: carbine, ap: 1, range: 6, attacks: 3, hit: 3, damage: [2, 3]}]\n",
        encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        parse_datacards(load_yaml(path))
    (issue,) = caught.value.issues
    assert (issue.line, issue.key_path) == (6, "datacards.trooper.save")
    assert issue.file.endswith("scenario.yaml")


def test_every_key_path_keeps_its_line(tmp_path: Path) -> None:
    path = tmp_path / "lines.yaml"
    path.write_text("a: 1\nb:\n  - x\n  - {c: 2}\n", encoding="utf-8")
    doc = load_yaml(path)
    assert doc.line("b", 1, "c") == 4
    assert doc.line("b", 1, "missing") == 4  # an absent key points at its mapping
    data, lines = to_python_with_lines(yaml.compose(path.read_text(encoding="utf-8")))
    assert data == {"a": 1, "b": ["x", {"c": 2}]}
    assert lines[("a",)] == 1 and lines[("b", 0)] == 3


@pytest.mark.parametrize(("label", "on_board"), [
    ("A1", True), ("A11", True), ("O11", True), ("B10", True),
    ("B11", False), ("N11", False), ("P1", False), ("A0", False), ("a1", False), ("D", False),
])
def test_lower_set_columns_have_one_hex_fewer(label: str, on_board: bool) -> None:
    assert is_hex_on_board(label) is on_board


def test_repo_root_is_found_from_the_package() -> None:
    assert (REPO_ROOT / "game" / "content" / "loader.py").is_file()


def test_wargear_becomes_definitions() -> None:
    cat = load_catalogue([GOOD], shipped=False)
    assert list(cat.wargear) == ["test_medi_kit", "test_stimm"]
    kit = cat.wargear["test_medi_kit"]
    assert (kit.name, kit.timing, kit.duration) == ("Medi-kit", "activation", "instant")
    assert kit.effects == (defs.Effect("trigger", {"on": "use", "do": [{"heal": 3}]}),)
    stimm = cat.wargear["test_stimm"]
    assert (stimm.timing, stimm.duration) == ("strategy", "turning_point")
    assert stimm.effects[0].params == {"stat": "move", "add": 1, "who": "target"}
    assert stimm.text.endswith("until the turning point ends.")  # a folded YAML line


def test_special_operations_become_definitions() -> None:
    cat = load_catalogue([GOOD], shipped=False)
    ops = cat.special_operations
    assert list(ops) == ["test_team_first", "test_team_second", "test_team_final"]
    first = ops["test_team_first"]
    assert (first.fireteam, first.stage, first.name) == ("test_team", "first", "Under Fire")
    assert first.rules == (defs.Effect("trigger", {"on": "start_mission", "who": "friendly",
                                                   "do": [{"damage": 1}]}),)
    assert first.reward.kind == "battle_honour"
    assert first.reward.card == "test_trooper"
    assert first.reward.effects[0].params["mods"] == {"hit": -1}
    second = ops["test_team_second"]
    assert second.rules == ()
    assert second.reward.card == ""
    assert second.reward.effects[0].params["who"] == "target"
    final = ops["test_team_final"]
    assert final.reward == defs.Reward("command_asset", "Resupply",
                                       "Once per mission, heal an operative.", "", ())


def test_mission_extensions() -> None:
    cat = load_catalogue([GOOD], shipped=False)
    mission = cat.missions["test_mission"]
    assert mission.objective_sides == {"obj1": 1, "obj2": 2}
    assert mission.sudden_victory == 6
    assert mission.rules[1].params == {"on": "start_mission", "do": [{"mark_random": True}]}
    assert mission.rules[2].params["do"] == [{"score": 1, "for": "own", "per": "operative"}]
    grab = mission.actions[1]
    assert grab.requires[0] == {"near_objective": {"distance": 0, "side": "enemy",
                                                   "carried": False,
                                                   "not_player_flag": "secured"}}
    assert grab.requires[3:] == ({"wounds_at_most": 12},
                                 {"near_hex": {"hexes": ["D1", "D4"], "distance": 3}})
    assert grab.effects == ({"pick_up": True}, {"set_player_flag": "secured"}, {"damage": 1})
    escape = mission.actions[2]
    assert escape.effects[-1] == {"score": 2, "for": "enemy"}
    # missions that do not say have neither
    dual = load_catalogue().missions.get("dual_strike")
    if dual is not None:
        assert dual.objective_sides == {} and dual.sudden_victory == 0


def test_a_targeted_ploy_may_use_who_target() -> None:
    cat = load_catalogue([GOOD], shipped=False)
    ploy = cat.fireteams["test_team"].ploys[1]
    assert ploy.effects[0].params["who"] == "target"


@pytest.mark.parametrize(("data", "kind"), [
    ({"wargear": []}, "wargear"),
    ({"special_operations": []}, "special_operations"),
    ({"targets": []}, "targets"),
    ({"hello": 1}, None),
])
def test_file_kind_is_told_by_the_top_level_key(data: object, kind: str | None) -> None:
    assert file_kind(data) == kind


def test_shipped_files_include_wargear_and_special_operations(tmp_path: Path) -> None:
    (tmp_path / "assets" / "special_operations").mkdir(parents=True)
    (tmp_path / "assets" / "wargear.yaml").write_text("wargear: []\n", encoding="utf-8")
    for name in ("b.yaml", "a.yaml"):
        (tmp_path / "assets" / "special_operations" / name).write_text(
            "special_operations: []\n", encoding="utf-8")
    files = shipped_files(tmp_path)
    assert [(p.relative_to(tmp_path).as_posix(), kind) for p, kind in files] == [
        ("assets/wargear.yaml", "wargear"),
        ("assets/special_operations/a.yaml", "special_operations"),
        ("assets/special_operations/b.yaml", "special_operations"),
    ]


def test_an_error_in_a_nested_part_of_a_file_names_its_whole_key_path(tmp_path):
    """A reader given a part of a file two keys deep reports an issue with the key path from
    the top of the file (the loader itself reads parts one key deep: ``datacards``)."""
    from game.content.schema import Reader
    from game.content.yamlio import load_yaml

    path = tmp_path / "nested.yaml"
    path.write_text("outer:\n  inner:\n    - {id: first, apl: x}\n", encoding="utf-8")
    issues: list = []
    Reader(load_yaml(path).at("outer", "inner"), issues).error(
        ("outer", "inner", 0, "apl"), "expected an integer")
    assert [(i.line, i.key_path, i.message) for i in issues] == [
        (3, "outer.inner[first].apl", "expected an integer")]
