"""Broken content is reported with file, line, column, key path and, for a near miss, the
id that was probably meant. Each file in broken/ holds one kind of mistake."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import ContentError, ContentIssue, load_catalogue

HERE = Path(__file__).parent
BROKEN = HERE / "broken"
SIDE = HERE / "good" / "test_side.yaml"  # the killzone side the broken missions name


def issues(*names: str) -> list[ContentIssue]:
    """The issues a run over these broken files (plus the test killzone) reports."""
    with pytest.raises(ContentError) as caught:
        load_catalogue([SIDE, *(BROKEN / name for name in names)], shipped=False)
    return caught.value.issues


def one(found: list[ContentIssue], key_path: str) -> ContentIssue:
    matching = [i for i in found if i.key_path == key_path]
    assert len(matching) == 1, f"{key_path} not in {[str(i) for i in found]}"
    return matching[0]


def where(issue: ContentIssue) -> tuple[str, int, int]:
    """Where an issue is: its file's name, line and column."""
    return Path(issue.file).name, issue.line, issue.column


def test_unknown_datacard_in_a_composition_suggests_the_near_miss() -> None:
    issue = one(issues("unknown_id.yaml"), "composition[gunner].card")
    assert where(issue) == ("unknown_id.yaml", 17, 12)
    assert "unknown datacard 'broken_guner'" in issue.message
    assert "did you mean 'broken_gunner'?" in issue.message


def test_unknown_weapon_rule_suggests_the_near_miss() -> None:
    issue = one(issues("unknown_id.yaml"),
                "datacards[broken_gunner].weapons[broken_gun].rules[0]")
    assert issue.line == 15
    assert "did you mean 'rapid_fire'?" in issue.message


def test_issue_prints_as_file_line_column_key_path_message() -> None:
    issue = one(issues("unknown_id.yaml"), "composition[gunner].card")
    assert str(issue) == (f"{issue.file}:17:12: composition[gunner].card: unknown datacard "
                          "'broken_guner' — did you mean 'broken_gunner'?")


def test_wrong_type_names_what_was_expected_and_got() -> None:
    (issue,) = issues("wrong_type.yaml")
    assert issue.file.endswith("wrong_type.yaml")
    assert (issue.line, issue.key_path) == (7, "datacards[broken_typed].apl")
    assert issue.message == "expected an integer, got the text 'two'"


def test_missing_key_points_at_its_mapping() -> None:
    (issue,) = issues("missing_key.yaml")
    assert issue.file.endswith("missing_key.yaml")
    assert (issue.line, issue.key_path) == (5, "datacards[broken_unsaved]")
    assert issue.message == "missing key 'save'"


def test_unknown_key_suggests_the_near_miss_instead_of_a_missing_key() -> None:
    (issue,) = issues("unknown_key.yaml")
    assert (issue.line, issue.column) == (12, 5)
    assert issue.key_path == "datacards[broken_keyed].wepons"
    assert issue.message == "unknown key 'wepons' — did you mean 'weapons'?"


def test_hex_off_the_board_of_its_killzone() -> None:
    found = issues("bad_hex.yaml")
    lower = one(found, "blocked[1]")
    assert lower.file.endswith("bad_hex.yaml")
    assert lower.line == 5
    assert "hex 'B5' is off the board: column B has rows 1 to 4" in lower.message
    wide = one(found, "cover[0]")
    assert wide.line == 6
    assert "columns run A to G" in wide.message


def test_duplicate_id_names_where_it_was_first_defined() -> None:
    (issue,) = issues("duplicate_id.yaml")
    assert (issue.line, issue.key_path) == (7, "targets[broken_twice].id")
    assert "duplicate target of opportunity id 'broken_twice'" in issue.message
    assert "duplicate_id.yaml:2" in issue.message


def test_yaml_syntax_error_has_line_and_column() -> None:
    (issue,) = issues("syntax_error.yaml")
    assert where(issue) == ("syntax_error.yaml", 5, 6)
    assert issue.message.startswith("YAML syntax error")
    assert "line 4" in issue.message  # where the unclosed list began


def test_stat_ranges() -> None:
    found = issues("bad_ranges.yaml")
    card = "datacards[broken_ranged]"
    assert one(found, f"{card}.apl").message == "apl must be between 1 and 4, got 0"
    assert one(found, f"{card}.move").message == "move must be between 0 and 12, got -1"
    assert one(found, f"{card}.save").message == "save must be between 2 and 6, got 7"
    assert one(found, f"{card}.wounds").message == "wounds must be between 1 and 50, got 0"
    gun = f"{card}.weapons[broken_gun]"
    assert one(found, f"{gun}.ap").message == "ap must be between 1 and 4, got 0"
    assert one(found, f"{gun}.range").message == "range must be between 1 and 30, got 0"
    assert one(found, f"{gun}.hit").message == "hit must be between 2 and 6, got 1"
    damage = one(found, f"{card}.weapons[broken_club].damage")
    assert damage.message.startswith("damage must be a pair")
    count = one(found, "composition[ranged].count")
    assert (count.line, count.message) == (16, "count must be between 1 and 20, got 0")


def test_effects_outside_the_vocabulary() -> None:
    found = issues("bad_effects.yaml")
    python = one(found, "datacards[broken_effector].abilities[broken_python].effects[0].id")
    assert "unknown python effect 'reanimation_protocol'" in python.message
    assert "did you mean 'reanimation_protocols'?" in python.message
    kind = one(found, "ploys[broken_kind].effects[0].kind")
    assert (kind.line, kind.message) == (27, "unknown effect kind 'stats' — did you mean 'stat'?")
    mods = "ploys[broken_mods].effects[0].mods"
    assert "did you mean 'attacks'?" in one(found, f"{mods}.attack").message
    assert "did you mean 'ones'?" in one(found, f"{mods}.reroll_hits").message
    attack_only = one(found, "ploys[broken_mods].effects[1].if[0].target_damaged")
    assert "attack condition" in attack_only.message
    event = one(found, "ploys[broken_mods].effects[2].on")
    assert event.message == "unknown event 'end_turn' — did you mean 'end_of_turn'?"
    assert "did you mean 'heal'?" in one(found, "ploys[broken_mods].effects[2].do[0].heel").message
    weapon = one(found, "ploys[broken_mods].effects[3].weapon.ids[0]")
    assert "did you mean 'broken_knife'?" in weapon.message


def test_mission_names_an_unknown_killzone_and_overlapping_territories() -> None:
    found = issues("bad_mission.yaml")
    killzone = one(found, "killzone")
    assert killzone.line == 3
    assert "did you mean 'test_side'?" in killzone.message
    overlap = one(found, "territories.2[0]")
    assert (overlap.line, overlap.message) == (6, "hex 'C1' is in both territories")


def test_objective_on_a_blocked_hex_or_off_its_killzone() -> None:
    found = issues("bad_mission_map.yaml")
    assert "blocked" in one(found, "objectives.obj1").message
    assert "off the board" in one(found, "objectives.obj2").message
    assert "unknown objective 'obj3'" in one(found, "rules[0].do[0].objectives[0]").message


def test_all_errors_of_a_run_are_reported_together() -> None:
    found = issues("several_errors.yaml", "wrong_type.yaml", "syntax_error.yaml")
    assert {Path(i.file).name for i in found} == {
        "several_errors.yaml", "wrong_type.yaml", "syntax_error.yaml"}
    several = [i for i in found if i.file.endswith("several_errors.yaml")]
    assert [i.key_path for i in several] == [
        "datacards[broken_many].move",
        "datacards[broken_many].save",
        "datacards[broken_many].weapons[broken_knife]",
        "composition[many].card",
    ]
    with pytest.raises(ContentError) as caught:
        load_catalogue([BROKEN / "several_errors.yaml", BROKEN / "wrong_type.yaml"],
                       shipped=False)
    lines = str(caught.value).splitlines()
    assert len(lines) == len(caught.value.issues) == 5


def test_every_broken_file_is_reported() -> None:
    found = issues(*(p.name for p in BROKEN.glob("*.yaml")))
    assert {Path(i.file).name for i in found} == {p.name for p in BROKEN.glob("*.yaml")}


def test_missing_path_is_an_issue_not_a_crash(tmp_path: Path) -> None:
    with pytest.raises(ContentError) as caught:
        load_catalogue([tmp_path / "nowhere.yaml"], shipped=False)
    (issue,) = caught.value.issues
    assert issue.message == "no such file or folder"


def test_a_repeated_key_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "side.yaml"
    path.write_text("id: dup_side\nname: Dup\nblocked: [A1]\nblocked: [A2]\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalogue([path], shipped=False)
    (issue,) = caught.value.issues
    assert (issue.line, issue.key_path) == (4, "blocked")
    assert "duplicate key 'blocked' (first given on line 3)" in issue.message


def test_a_file_of_unknown_kind_says_what_it_expected(tmp_path: Path) -> None:
    path = tmp_path / "what.yaml"
    path.write_text("hello: world\n", encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalogue([path], shipped=False)
    assert "cannot tell what this file holds" in caught.value.issues[0].message


# --- wargear, special operations, mission extensions ----------------------------------------

TEAM = HERE / "good" / "test_team.yaml"  # the fireteam the broken special operations name


def with_team(*names: str) -> list[ContentIssue]:
    """The issues of these broken files loaded with the test killzone and fireteam."""
    with pytest.raises(ContentError) as caught:
        load_catalogue([SIDE, TEAM, *(BROKEN / name for name in names)], shipped=False)
    return caught.value.issues


def test_unknown_wargear_timing_suggests_the_near_miss() -> None:
    found = issues("bad_wargear.yaml")
    timing = one(found, "wargear[broken_kit].timing")
    assert where(timing) == ("bad_wargear.yaml", 5, 13)
    assert timing.message == "unknown wargear timing 'activaton' — did you mean 'activation'?"
    duration = one(found, "wargear[broken_forever].duration")
    assert duration.line == 13
    assert "did you mean 'mission'?" in duration.message
    assert "did you mean 'heal'?" in one(found,
                                         "wargear[broken_forever].effects[0].do[0].hael").message


def test_special_operation_of_an_unknown_fireteam() -> None:
    (issue,) = with_team("bad_operation_fireteam.yaml")
    assert where(issue) == ("bad_operation_fireteam.yaml", 3, 15)
    assert issue.key_path == "special_operations[broken_lost].fireteam"
    assert issue.message == "unknown fireteam 'test_tem' — did you mean 'test_team'?"


def test_reward_card_must_be_in_the_fireteam_and_kind_must_fit_the_stage() -> None:
    found = with_team("bad_reward.yaml", "unknown_id.yaml")  # unknown_id defines broken_gunner
    card = one(found, "special_operations[broken_stranger].reward.card")
    assert card.file.endswith("bad_reward.yaml")
    assert card.line == 11
    assert card.message == ("datacard 'broken_gunner' is not in the composition of fireteam "
                            "'test_team' (its datacards: test_trooper)")
    kind = one(found, "special_operations[broken_asset].reward.kind")
    assert kind.line == 20
    assert kind.message == ("the reward of a final special operation is a command_asset, "
                            "not a battle_honour")
    rules = one(found, "special_operations[broken_asset].rules[0].who")
    assert rules.line == 18
    assert "'who: target' is not allowed in a special operation's rules" in rules.message


def test_who_target_only_where_an_operative_is_named() -> None:
    found = issues("bad_who_target.yaml")
    ability = one(found, "datacards[broken_pointer].abilities[broken_aim].effects[0].who")
    assert where(ability) == ("bad_who_target.yaml", 19, 51)
    assert ability.message.startswith("'who: target' is not allowed in a datacard ability")
    ploy = one(found, "ploys[broken_untargeted].effects[0].who")
    assert ploy.line == 28
    assert "a ploy without 'target: operative'" in ploy.message
    use = one(found, "datacards[broken_pointer].abilities[broken_aim].effects[1].on")
    assert use.line == 20
    assert "the event 'use' is not allowed in a datacard ability" in use.message
    # a ploy that names an operative may use it
    assert not [i for i in found if "broken_targeted" in i.key_path]
    assert len(found) == 3


def test_one_special_operation_per_stage_and_fireteam() -> None:
    (issue,) = with_team("duplicate_stage.yaml")
    assert issue.file.endswith("duplicate_stage.yaml")
    assert (issue.line, issue.key_path) == (10, "special_operations[broken_second_b].stage")
    assert issue.message.startswith("fireteam 'test_team' already has a second special "
                                    "operation: 'broken_second_a' (")
    assert "duplicate_stage.yaml:4)" in issue.message


def test_a_stage_already_taken_by_another_file() -> None:
    found = with_team("../good/test_special_operations.yaml", "duplicate_stage.yaml")
    stages = [i for i in found if i.key_path.endswith(".stage")]
    assert [i.key_path for i in stages] == ["special_operations[broken_second_a].stage",
                                            "special_operations[broken_second_b].stage"]
    assert all("'test_team_second' (" in i.message for i in stages)
    assert "test_special_operations.yaml:19)" in stages[0].message


def test_mission_objective_sides_and_sudden_victory() -> None:
    found = issues("bad_mission_extras.yaml")
    unknown = one(found, "objective_sides.obj3")
    assert where(unknown) == ("bad_mission_extras.yaml", 8, 28)
    assert unknown.message == "unknown objective 'obj3' — did you mean 'obj2'?"
    assert one(found, "objective_sides.obj2").message == (
        "an objective's side is 1 or 2, got the integer 3")
    sudden = one(found, "sudden_victory.vp_at_least")
    assert (sudden.line, sudden.message) == (9, "vp_at_least must be between 1 and 50, got 0")
    assert "not allowed in a mission rule" in one(found, "rules[0].who").message
    assert "the event 'use' is not allowed" in one(found, "rules[0].on").message
    assert "unknown score 'for' value 'everyone'" in one(found, "rules[0].do[0].for").message


def test_objective_side_condition_needs_objective_sides() -> None:
    (issue,) = issues("bad_mission_sides.yaml")
    assert issue.file.endswith("bad_mission_sides.yaml")
    assert (issue.line, issue.key_path) == (
        14, "actions[broken_raid].requires[0].near_objective.side")
    assert "objective_sides" in issue.message
