"""Content files that would crash or hang a naive loader are refused with the usual
``file:line`` message: alias bombs, recursive aliases, huge integers, impossible dates,
characters YAML forbids, bytes that are not UTF-8; numbers beyond the documented limits; and
mission actions whose outcomes would have no objective to act on in play."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import ContentError, ContentIssue, load_catalogue, load_yaml
from game.content.schema import LIMITS

SIDE = Path(__file__).parent / "good" / "test_side.yaml"

MISSION = """\
id: hostile
name: Hostile
killzone: test_side
territories:
  1: [A1, B1]
  2: [A5, B4]
objectives: {obj1: D1, obj2: D4}
"""
ACTION = """\
actions:
  - id: act
    name: Act
    ap: 1
    text: "x"
"""


def refused(tmp_path: Path, text: str | bytes, name: str = "hostile.yaml") -> ContentIssue:
    """The first issue loading this file (with the test killzone side) reports."""
    path = tmp_path / name
    if isinstance(text, str):
        path.write_text(text, encoding="utf-8")
    else:
        path.write_bytes(text)
    with pytest.raises(ContentError) as caught:
        load_catalogue([SIDE, path], shipped=False)
    issue = caught.value.issues[0]
    assert issue.file.endswith(name) and issue.line > 0, str(issue)
    return issue


def test_an_alias_bomb_is_refused_before_it_is_expanded(tmp_path: Path) -> None:
    levels = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
    for i, name in enumerate("bcdefghi"):
        previous = "abcdefghi"[i]
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 10) + "]")
    # a billion strings if it were expanded: refused by counting, not by running out of time
    issue = refused(tmp_path, "\n".join(levels) + "\n")
    assert "aliases are expanded" in issue.message


@pytest.mark.parametrize("text", ["a: &r [1, *r]\n", "a: &m {k: *m}\n",
                                  "a: &r [[[*r]]]\nb: 1\n"])
def test_a_value_that_contains_itself_is_refused(tmp_path: Path, text: str) -> None:
    issue = refused(tmp_path, text)
    assert issue.line == 1
    assert "cannot contain itself" in issue.message


def test_deep_nesting_is_refused(tmp_path: Path) -> None:
    issue = refused(tmp_path, "a: " + "[" * 200 + "]" * 200 + "\n")
    assert "nested" in issue.message


def test_an_integer_of_5000_digits_is_refused_at_its_line(tmp_path: Path) -> None:
    issue = refused(tmp_path, MISSION + "turning_points: " + "9" * 5000 + "\n")
    assert issue.line == 8
    assert "cannot read value" in issue.message and "4300" in issue.message


def test_an_impossible_date_is_refused_at_its_line(tmp_path: Path) -> None:
    issue = refused(tmp_path, MISSION + "text: 2020-13-45\n")
    assert (issue.line, issue.key_path) == (8, "text")
    assert "month must be in 1..12" in issue.message


def test_bytes_that_are_not_utf8_are_named_with_their_line(tmp_path: Path) -> None:
    issue = refused(tmp_path, MISSION.encode() + b"text: caf\xe9\n")
    assert (issue.line, issue.column) == (8, 10)
    assert "not UTF-8" in issue.message and "0xe9" in issue.message


def test_a_control_character_is_named_with_its_line(tmp_path: Path) -> None:
    issue = refused(tmp_path, MISSION + "text: a\x08b\n")
    assert (issue.line, issue.column) == (8, 8)
    assert "#x0008" in issue.message


def test_a_file_too_large_is_refused(tmp_path: Path) -> None:
    issue = refused(tmp_path, "# " + "x" * 2_100_000 + "\n")
    assert "larger than" in issue.message


def test_load_yaml_refuses_what_the_catalogue_refuses(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text("a: &a [1, *a]\n", encoding="utf-8")
    with pytest.raises(ContentError):
        load_yaml(path)


@pytest.mark.parametrize("key, value", [("turning_points", 11), ("turning_points", 0)])
def test_mission_numbers_have_limits(tmp_path: Path, key: str, value: int) -> None:
    issue = refused(tmp_path, MISSION + f"{key}: {value}\n")
    low, high = LIMITS[key]
    assert issue.message == f"{key} must be between {low} and {high}, got {value}"


def test_effect_numbers_have_limits(tmp_path: Path) -> None:
    issue = refused(tmp_path, MISSION + "rules:\n  - {kind: stat, stat: apl, add: 1000}\n")
    assert issue.key_path == "rules[0].add"
    assert issue.message == "add must be between -6 and 6, got 1000"


def test_a_flag_outcome_needs_an_action_that_chooses_an_objective(tmp_path: Path) -> None:
    issue = refused(tmp_path, MISSION + ACTION + "    effects: [{set_flag: powered}]\n")
    assert issue.key_path == "actions[act].effects[0]"
    assert "argument: objective" in issue.message


def test_choosing_an_objective_needs_a_mission_with_objectives(tmp_path: Path) -> None:
    text = MISSION.replace("{obj1: D1, obj2: D4}", "{}") + ACTION + (
        "    argument: objective\n    effects: [{pick_up: true}]\n")
    issue = refused(tmp_path, text)
    assert issue.key_path == "actions[act].argument"
    assert "names none" in issue.message


def test_removing_an_objective_needs_one_chosen_or_carried(tmp_path: Path) -> None:
    issue = refused(tmp_path, MISSION + ACTION + "    effects: [{remove_objective: true}]\n")
    assert "{carrying: true}" in issue.message
    carried = MISSION + ACTION + ("    requires: [{carrying: true}]\n"
                                  "    effects: [{remove_objective: true}]\n")
    path = tmp_path / "carried.yaml"
    path.write_text(carried, encoding="utf-8")
    assert "hostile" in load_catalogue([SIDE, path], shipped=False).missions


@pytest.mark.parametrize("outcome", ["{set_flag: powered}", "{set_player_flag: secured}",
                                     "{pick_up: true}", "{remove_objective: true}"])
def test_a_trigger_cannot_use_an_objective_outcome(tmp_path: Path, outcome: str) -> None:
    issue = refused(tmp_path, MISSION + f"rules:\n  - {{kind: trigger, on: end_phase, "
                                        f"do: [{outcome}]}}\n")
    assert issue.key_path == "rules[0].do[0]"
    assert "only a mission action" in issue.message
