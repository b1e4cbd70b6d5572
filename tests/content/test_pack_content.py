"""A mission pack's content (game.content.rulesets, declared in game.content.systems): only
a mission of the pack may carry its rules key and it must, with the file, line and key named;
the placed markers are objectives its rules may name; and the readers, the card-text check
and the card reference take the pack's parts from its declaration."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.content import ContentError, ContentIssue, load_catalogue, systems
from game.content.card_text import rule_values
from game.content.cards_doc import render_cards
from game.content.rulesets import packs

HERE = Path(__file__).parent
SIDE = HERE / "good" / "test_side.yaml"
PACK = packs()[0]  # the one pack the game ships

MISSION = """id: toy_mission
name: Toy Mission
killzone: test_side
text: A mission.
territories:
  1: [A1, B1]
  2: [A5, B4]
objectives: {obj1: D1, obj2: D4}
objective_sides: {obj1: 1, obj2: 2}
"""


def _issues(tmp_path: Path, text: str) -> list[ContentIssue]:
    path = tmp_path / "mission.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_catalogue([SIDE, path], shipped=False)
    return caught.value.issues


def test_the_packs_key_needs_the_pack(tmp_path: Path) -> None:
    (issue,) = _issues(tmp_path, MISSION + f"{PACK.key}:\n  table_roll: 1\n")
    assert issue.file.endswith("mission.yaml") and issue.line == 11
    assert issue.key_path == PACK.key
    assert issue.message == f"'{PACK.key}' rules need 'pack: {PACK.pack}'"


def test_a_mission_of_the_pack_needs_its_key(tmp_path: Path) -> None:
    (issue,) = _issues(tmp_path, MISSION + f"pack: {PACK.pack}\n")
    assert issue.file.endswith("mission.yaml") and issue.line == 1
    assert issue.message == f"a mission of the {PACK.pack} pack needs its '{PACK.key}' rules"


def test_a_mission_of_the_pack_loads_with_its_placed_markers(tmp_path: Path) -> None:
    path = tmp_path / "mission.yaml"
    path.write_text(MISSION + f"pack: {PACK.pack}\n{PACK.key}:\n  table_roll: 2\n"
                    "  placed_objectives: 2\n", encoding="utf-8")
    mission = load_catalogue([SIDE, path], shipped=False).missions["toy_mission"]
    assert PACK.placed(mission.pack_rules) == ("marker1", "marker2")
    assert PACK.objective_rows(mission) == [("marker1", "placed by the players"),
                                            ("marker2", "placed by the players")]


def test_the_card_text_numbers_and_the_reference_are_the_packs(monkeypatch,
                                                               catalogue) -> None:
    data = {PACK.key: {"table_roll": 1}}
    assert [(v.key, v.value) for v in rule_values(data)] == [("vp", 1), ("table_roll", 1)]
    monkeypatch.setitem(systems.PACKS, PACK.pack, dataclasses.replace(
        PACK, numbers=lambda rules, path: iter([("toy", 9, path)]),
        section_title="Toy pack rules", section=lambda cat: ["## Toy pack rules", ""]))
    assert [(v.key, v.value, v.path) for v in rule_values(data)] == [
        ("toy", 9, (PACK.key,)), ("table_roll", 1, (PACK.key, "table_roll"))]
    text = render_cards(catalogue)
    assert "- [Toy pack rules](#toy-pack-rules)" in text and "\n## Toy pack rules\n" in text
