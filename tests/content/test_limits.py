"""Every number the content schema bounds is accepted at its bound and refused one past it,
with an issue naming the key (game/content/schema.py: LIMITS, EFFECT_LIMITS)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from game.content import ContentError, load_catalogue
from game.content.schema import EFFECT_LIMITS, EFFECT_NUMBER_LIMIT, LIMITS
from game.content.yamlio import load_yaml

GOOD = Path(__file__).parent / "good"

# The bounds as docs/content-format.md gives them, written out here so that a bound moved in
# the schema fails this file (the tests below use these numbers, not the schema's).
BOUNDS: dict[str, tuple[int, int]] = {
    "columns": (1, 26), "rows": (1, 30), "turning_points": (1, 10), "vp_at_least": (1, 50),
    "action_ap": (1, 4), "count": (1, 20), "operatives": (1, 20), "most": (1, 6), "apl": (1, 4),
    "move": (0, 12), "defence": (0, 6), "save": (2, 6), "wounds": (1, 50), "ap": (1, 4),
    "range": (1, 30), "attacks": (1, 20), "hit": (2, 6), "damage": (0, 30), "vp": (0, 20),
}
EFFECT_BOUNDS: dict[str, tuple[int, int]] = {
    "add": (-6, 6), "attacks": (-10, 10), "hit": (-5, 5), "normal": (-10, 10),
    "crit": (-10, 10), "defence": (-6, 6), "save": (-5, 5), "reduce_damage": (1, 10),
    "heal": (1, 50), "damage": (1, 50), "score": (0, 20), "max": (1, 50),
}
GENERAL_BOUND = 100


def test_the_schema_has_the_documented_bounds() -> None:
    assert LIMITS == BOUNDS
    assert EFFECT_LIMITS == EFFECT_BOUNDS
    assert EFFECT_NUMBER_LIMIT == GENERAL_BOUND

# (limit name, file, key path to the number, bounds that can be tested without breaking
# something else: "low", "high" or both)
PLACES: list[tuple[str, str, tuple[Any, ...], tuple[str, ...]]] = [
    ("columns", "test_side.yaml", ("columns",), ("high",)),
    ("rows", "test_side.yaml", ("rows",), ("high",)),
    ("turning_points", "test_mission.yaml", ("turning_points",), ("low", "high")),
    ("vp_at_least", "test_mission.yaml", ("sudden_victory", "vp_at_least"), ("low", "high")),
    ("action_ap", "test_mission.yaml", ("actions", 0, "ap"), ("low", "high")),
    ("count", "test_team.yaml", ("composition", 0, "count"), ("low", "high")),
    ("apl", "test_team.yaml", ("datacards", 0, "apl"), ("low", "high")),
    ("move", "test_team.yaml", ("datacards", 0, "move"), ("low", "high")),
    ("defence", "test_team.yaml", ("datacards", 0, "defence"), ("low", "high")),
    ("save", "test_team.yaml", ("datacards", 0, "save"), ("low", "high")),
    ("wounds", "test_team.yaml", ("datacards", 0, "wounds"), ("low", "high")),
    ("ap", "test_team.yaml", ("datacards", 0, "weapons", 0, "ap"), ("low", "high")),
    ("range", "test_team.yaml", ("datacards", 0, "weapons", 1, "range"), ("low", "high")),
    ("attacks", "test_team.yaml", ("datacards", 0, "weapons", 0, "attacks"), ("low", "high")),
    ("hit", "test_team.yaml", ("datacards", 0, "weapons", 0, "hit"), ("low", "high")),
    ("damage", "test_team.yaml", ("datacards", 0, "weapons", 0, "damage", 1), ("high",)),
    ("damage", "test_team.yaml", ("datacards", 0, "weapons", 0, "damage", 0), ("low",)),
    ("vp", "test_targets.yaml", ("targets", 0, "vp"), ("low", "high")),
]
EFFECT_PLACES: list[tuple[str, str, tuple[Any, ...]]] = [
    ("add", "test_team.yaml", ("ploys", 1, "effects", 0, "add")),
    ("defence", "test_team.yaml", ("ploys", 0, "effects", 0, "mods", "defence")),
    ("damage", "test_mission.yaml", ("actions", 1, "effects", 2, "damage")),
    ("score", "test_mission.yaml", ("actions", 2, "effects", 1, "score")),
]


def _issues(tmp_path: Path, file: str, path: tuple[Any, ...], value: int) -> list[str]:
    """The issues of the good fixture content with one number changed (their key paths and
    messages)."""
    folder = tmp_path / "content"
    shutil.copytree(GOOD, folder)
    target = folder / file
    doc = load_yaml(target)
    assert isinstance(doc.at(*path).data, int)
    line, column = doc.position(*path)
    lines = target.read_text(encoding="utf-8").split("\n")
    text = lines[line - 1]
    number = re.match(r"-?\d+", text[column - 1:])
    assert number is not None, text
    lines[line - 1] = text[:column - 1] + str(value) + text[column - 1 + number.end():]
    target.write_text("\n".join(lines), encoding="utf-8")
    try:
        load_catalogue([folder], shipped=False)
    except ContentError as error:
        return [f"{issue.key_path}: {issue.message}" for issue in error.issues]
    return []


def _about(issues: list[str], key: str) -> list[str]:
    return [i for i in issues if i.split(":")[0].split(".")[-1].split("[")[0] == key
            or i.split(":")[0].endswith(f"{key}[0]") or i.split(":")[0].endswith(f"{key}[1]")]


CASES = [(name, file, path, side) for name, file, path, sides in PLACES for side in sides]


@pytest.mark.parametrize("name,file,path,side", CASES,
                         ids=[f"{n}-{s}-{'.'.join(map(str, p))}" for n, _, p, s in CASES])
def test_a_schema_limit_is_accepted_at_the_bound_and_refused_past_it(
        tmp_path: Path, name: str, file: str, path: tuple[Any, ...], side: str) -> None:
    low, high = BOUNDS[name]
    bound, past = (low, low - 1) if side == "low" else (high, high + 1)
    key = str(path[-1]) if isinstance(path[-1], str) else str(path[-2])
    at = _issues(tmp_path / "at", file, path, bound)
    assert _about(at, key) == [], at
    beyond = _issues(tmp_path / "past", file, path, past)
    about = _about(beyond, key)
    assert about, beyond
    assert any(str(low) in i and str(high) in i for i in about), about


def _team_of(tmp_path: Path, first: int, second: int) -> list[str]:
    folder = tmp_path / "content"
    shutil.copytree(GOOD, folder)
    team = folder / "test_team.yaml"
    line = "  - {card: test_trooper, count: 3, id: trooper}"
    text = team.read_text(encoding="utf-8")
    assert line in text
    team.write_text(text.replace(line, f"  - {{card: test_trooper, count: {first}, id: "
                                       f"trooper}}\n  - {{card: test_trooper, count: {second}, "
                                       "id: second}"), encoding="utf-8")
    try:
        load_catalogue([folder], shipped=False)
    except ContentError as error:
        return [f"{issue.key_path}: {issue.message}" for issue in error.issues]
    return []


def test_a_fireteam_of_more_operatives_than_the_limit_is_refused(tmp_path: Path) -> None:
    low, high = BOUNDS["operatives"]
    assert _team_of(tmp_path / "at", high // 2, high - high // 2) == []
    issues = _team_of(tmp_path / "past", high // 2, high - high // 2 + 1)
    assert any(f"{low} to {high} operatives" in i for i in issues), issues


@pytest.mark.parametrize("name,file,path", EFFECT_PLACES,
                         ids=[f"{n}-{'.'.join(map(str, p))}" for n, _, p in EFFECT_PLACES])
def test_an_effect_limit_is_accepted_at_both_bounds_and_refused_past_them(
        tmp_path: Path, name: str, file: str, path: tuple[Any, ...]) -> None:
    low, high = EFFECT_BOUNDS[name]
    for n, (bound, past) in enumerate(((low, low - 1), (high, high + 1))):
        assert _about(_issues(tmp_path / f"at{n}", file, path, bound), name) == []
        beyond = _about(_issues(tmp_path / f"past{n}", file, path, past), name)
        assert beyond and any(str(low) in i and str(high) in i for i in beyond), beyond


def test_any_other_effect_number_is_bounded_by_the_general_limit(tmp_path: Path) -> None:
    path = ("rules", 2, "if", 1, "far_from_hex", "distance")
    assert "distance" not in EFFECT_LIMITS
    assert _about(_issues(tmp_path / "at", "test_mission.yaml", path, GENERAL_BOUND),
                  "distance") == []
    beyond = _about(_issues(tmp_path / "past", "test_mission.yaml", path,
                            GENERAL_BOUND + 1), "distance")
    assert beyond and str(GENERAL_BOUND) in beyond[0], beyond
