"""A scenario file with a value of the wrong type anywhere is malformed: exit 2 with
``FILE:LINE: message``, never a traceback (docs/scenario-format.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content import load_catalogue
from game.scenario.loader import run_paths

CATALOGUE = load_catalogue()
GOOD = """\
name: a passing scenario
killzone: {columns: 5, rows: 5}
operatives:
  - {id: a, player: 1, card: assault_intercessor, at: A1}
  - {id: b, player: 2, card: assault_intercessor, at: E5}
actions:
  - 1 activate a
  - 1 move a A2
expect:
  operatives:
    a: {at: A2, ap_left: 1}
"""


def outcome(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path = tmp_path / "case.yaml"
    path.write_text(text, encoding="utf-8")
    code = run_paths([path], CATALOGUE)
    captured = capsys.readouterr()
    return code, captured.out + captured.err


def test_the_base_scenario_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert outcome(tmp_path, GOOD, capsys)[0] == 0


# each case: the text of the passing scenario it replaces, what replaces it, and words the
# message must hold
WRONG = [
    ("killzone: {columns: 5, rows: 5}", "killzone: five", "expected a mapping"),
    ("killzone: {columns: 5, rows: 5}", "killzone: {columns: x, rows: 5}", "whole number"),
    ("player: 1, card", "player: true, card", "the boolean true"),
    ("player: 1, card", "player: [1], card", "a list"),
    ("{id: a, player", "{player", "missing key 'id'"),
    ("{id: a, player", "{id: [a], player", "expected an id"),
    ("at: A1}", "at: {x: 1}}", "expected text"),
    ("at: A1}", "at: A1, damage: -3}", "whole number"),
    ("operatives:\n  - {id: a", "operatives:\n  - 7\n  - {id: a", "expected a mapping"),
    ("actions:\n  - 1 activate a", "actions:\n  - 17\n  - 1 activate a", "expected text"),
    ("actions:\n  - 1 activate a", "actions:\n  - [1, activate]\n  - 1 activate a",
     "expected text"),
    ("name: a passing scenario", "name: {a: 1}", "expected text"),
    ("expect:\n  operatives:\n    a: {at: A2, ap_left: 1}", "expect: [1]", "expected a mapping"),
    ("a: {at: A2, ap_left: 1}", "a: [A2]", "expected a mapping"),
    ("a: {at: A2, ap_left: 1}", "a: {at: A2, ap_left: one}", "whole number"),
    ("a: {at: A2, ap_left: 1}", "a: {at: A2, taken_down: 1}", "true or false"),
]

# a key of the killzone of the wrong type
KILLZONE = {
    "blocked: [1, 2]": "expected text",
    "blocked: B2": "expected a list",
    "objectives: [A1]": "expected a mapping",
    "territories: {3: [A1]}": "unknown player",
}

# a top-level key of the wrong type, added after the name
TOP_LEVEL = {
    "dice: [1, 7]": "whole number 1..6",
    "dice: [true]": "boolean",
    "dice: 6": "expected a list",
    "seed: abc": "whole number",
    "start: [1]": "expected a mapping",
    "start: {phase: [a]}": "expected text",
    "start: {control: [a]}": "expected a mapping",
    "start: {vp: {1: x}}": "whole number",
    "start: {hands: {1: first_blood}}": "expected a list",
    "start: {objective_flags: {o: 1}}": "expected a list",
    "start: {territory: {1: [1]}}": "whole number",
    "fireteams: [gideon]": "expected a mapping",
    "fireteams: {1: [gideon]}": "expected an id",
    "wargear: {1: medi_pack}": "expected a list",
    "special_operation: gideon_first": "expected a mapping",
    "special_operation: {player: 1}": "missing key 'card'",
    "honours: {1: [gideon_first]}": "expected a mapping",
    "datacards: [1]": "expected a mapping",
}

# a key of the expected position of the wrong type, added after operative a's
EXPECTED = {
    "control: [a]": "expected a mapping",
    "vp: 3": "expected a mapping",
    "illegal: 3": "true, false or the words",
    "legal: [3]": "expected text",
    "events: {a: 1}": "expected a list",
    "winner: draw": "whole number",
    "marked: a": "expected a list",
    "carried: [a]": "expected a mapping",
    "objective_flags: {o: x}": "expected a list",
    "dice_left: [1]": "whole number",
}

CASES = (WRONG
         + [("killzone: {columns: 5, rows: 5}", f"killzone: {{columns: 5, rows: 5, {key}}}", words)
            for key, words in KILLZONE.items()]
         + [("name: a passing scenario", f"name: x\n{key}", words)
            for key, words in TOP_LEVEL.items()]
         + [("a: {at: A2, ap_left: 1}", f"a: {{at: A2}}\n  {key}", words)
            for key, words in EXPECTED.items()])


@pytest.mark.parametrize("old, new, words", CASES)
def test_a_wrong_type_is_malformed_with_its_line(tmp_path: Path, old: str, new: str,
                                                 words: str,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    assert old in GOOD
    code, output = outcome(tmp_path, GOOD.replace(old, new, 1), capsys)
    assert code == 2, output
    assert re.search(r"case\.yaml:[1-9]\d*: ", output), output
    assert words in output, output
    assert "Traceback" not in output


def test_dice_running_out_while_setting_up_fails_the_scenario(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = GOOD.replace("name: a passing scenario",
                        "name: x\nstart: {phase: initiative, initiative: 0}")
    code, output = outcome(tmp_path, text, capsys)
    assert code == 1, output
    assert "case.yaml" in output and "ran out" in output
