"""Card texts against their rule data (``game.content.card_text``, run by ``check``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content import REPO_ROOT
from game.content.card_text import FIXED, HEX_LABEL, NUMBER, card_issues, cards, text_issues
from game.content.loader import shipped_files
from game.content.yamlio import load_yaml
from game.engine.effects import ReanimationProtocols
from tests.content.test_cli import run
from tests.helpers import sampled

SHIPPED = [path for path, _ in shipped_files()]


def test_every_shipped_card_text_agrees_with_its_rules() -> None:
    assert [str(issue) for issue in text_issues(SHIPPED)] == []


def _shipped_numbers() -> list[tuple[Path, int, int]]:
    """(file, card index, offset) of every number stated in a shipped card text."""
    found = []
    for path in SHIPPED:
        for index, (_, card) in enumerate(cards(load_yaml(path))):
            text = card["text"]
            fixed = {i for m in FIXED.finditer(text) for i in range(m.start(), m.end())}
            found += [(path, index, m.start()) for m in NUMBER.finditer(text)
                      if m.start() not in fixed]
    return found


NUMBERS = _shipped_numbers()


def test_the_shipped_texts_state_many_numbers() -> None:
    assert len(NUMBERS) > 150


# a third of them, spread over every file, in the fast tier
@pytest.mark.parametrize("path,index,offset", sampled(NUMBERS, 3, unpack=True),
                         ids=[f"{p.stem}-{i}-{o}" for p, i, o in NUMBERS])
def test_changing_any_number_in_any_card_text_is_found(path: Path, index: int,
                                                       offset: int) -> None:
    doc = load_yaml(path)
    where, card = list(cards(doc))[index]
    text = card["text"]
    number = NUMBER.match(text, offset)
    assert number is not None
    changed = text[:offset] + "97" + text[number.end():]
    assert card_issues(doc, where, {**card, "text": changed}), changed


def _mission(tmp_path: Path, old: str, new: str, name: str = "shrinking_ground") -> Path:
    source = (REPO_ROOT / "missions" / f"{name}.yaml").read_text(encoding="utf-8")
    assert old in source
    path = tmp_path / f"{name}.yaml"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return path


def test_shrinking_ground_cap_in_words_is_checked_with_file_line_and_both_values(
        tmp_path: Path) -> None:
    path = _mission(tmp_path, "at most 2 VP", "at most 3 VP")
    (issue,) = text_issues([path])
    assert issue.file.endswith("shrinking_ground.yaml")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert "at most 3 VP" in lines[issue.line - 1]
    assert lines[issue.line - 1].index("at most 3 VP") + 1 == issue.column
    assert "'at most 3 VP' (3)" in issue.message and "max: 2 (line 20)" in issue.message


def test_a_changed_rule_value_is_found_too(tmp_path: Path) -> None:
    path = _mission(tmp_path, "{damage: 3}", "{damage: 4}")
    (issue,) = text_issues([path])
    assert "'suffers 3 damage' (3)" in issue.message and "damage: 4" in issue.message


def test_storm_distances_are_checked_in_turning_point_order(tmp_path: Path) -> None:
    path = _mission(tmp_path, "[6, 4, 3]", "[4, 6, 3]")
    assert len(text_issues([path])) == 2


def test_a_rule_the_text_names_that_the_data_lacks(tmp_path: Path) -> None:
    path = _mission(tmp_path, "sudden_victory: {vp_at_least: 5}\n", "", name="data_heist")
    (issue,) = text_issues([path])
    assert "'reach 5 VP' (5)" in issue.message and "has no vp_at_least" in issue.message


def test_a_number_no_phrase_reads_is_an_issue(tmp_path: Path) -> None:
    path = _mission(tmp_path, "the most VP wins", "the most VP wins by 4")
    (issue,) = text_issues([path])
    assert "states the number 4" in issue.message


def test_a_hex_the_data_does_not_hold_is_an_issue(tmp_path: Path) -> None:
    path = _mission(tmp_path, "hexes from both H5 and H6", "hexes from both H5 and J6")
    (issue,) = text_issues([path])
    assert "J6" in issue.message


def test_numbers_of_a_rule_in_code_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ReanimationProtocols, "NUMBERS",
                        {"success_on": 4, "wounds_minus": 3})
    (issue,) = text_issues([REPO_ROOT / "assets" / "fireteams" / "deathless_destroyers.yaml"])
    assert "'On a 5 or 6' (5)" in issue.message and "success_on: 4" in issue.message


def test_hex_labels_and_model_names_are_not_numbers() -> None:
    assert [m.group(0) for m in NUMBER.finditer("XV25 at H5 within 3")] == ["3"]
    assert HEX_LABEL.findall("H5, O11 and P3") == ["H5", "O11"]


def test_check_command_fails_on_a_card_that_disagrees(tmp_path: Path) -> None:
    path = _mission(tmp_path, "at most 2 VP", "at most 3 VP")
    path = path.rename(tmp_path / "my_ground.yaml")
    path.write_text(re.sub(r"^id: shrinking_ground", "id: my_ground",
                           path.read_text(encoding="utf-8"), flags=re.M), encoding="utf-8")
    result = run("check", path)  # the command's main, in this process
    assert result.returncode == 1
    assert "my_ground.yaml:8:13:" in result.stdout
    assert "max: 2" in result.stdout
    assert result.stdout.rstrip().endswith("1 issue in 1 file")
