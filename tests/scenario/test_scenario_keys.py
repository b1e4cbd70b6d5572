"""Each key of a scenario's ``start`` and ``expect`` is declared once with its shape and its
meaning, the core's in ``game/scenario/loader.py`` and a system's in its folder under
``game/scenario/rulesets/``: the shape check, the loader and the expectation check all read the
one registry, and the scenario format document names every key."""

from __future__ import annotations

import ast
import contextlib
import io
from pathlib import Path

import pytest

from game.cli.scenario import main as run_scenarios
from game.engine.rulesets import killteam, skirmish
from game.scenario import loader as scenario
from game.scenario.loader import Malformed, run, scenario_from_text
from game.scenario.rulesets import killteam as killteam_keys
from game.scenario.rulesets import skirmish as skirmish_keys
from game.scenario.shapes import EXPECT_KEYS, START_KEYS, text
from game.scenario.systems import RULE_SETS, SYSTEM_KEYS

ROOT = Path(__file__).resolve().parents[2]


def test_every_declared_key_has_its_meaning() -> None:
    assert list(START_KEYS) == list(scenario._START)
    assert list(EXPECT_KEYS) == list(scenario._EXPECT)
    assert set(scenario._EXPECT_CHECKS) <= set(EXPECT_KEYS)
    assert len(START_KEYS) >= 25 and len(EXPECT_KEYS) >= 33


def test_a_key_cannot_be_declared_twice() -> None:
    with pytest.raises(AssertionError, match="declared twice"):
        scenario.start_key("phase", text)(lambda *_: None)
    with pytest.raises(AssertionError, match="declared twice"):
        scenario.expect_key("phase", text)(lambda *_: None)


def test_the_scenario_format_names_every_key() -> None:
    document = (ROOT / "docs" / "scenario-format.md").read_text()
    missing = [key for key in (*START_KEYS, *EXPECT_KEYS) if f"`{key}" not in document]
    assert not missing, f"keys docs/scenario-format.md leaves out: {missing}"


def test_each_expectation_that_fails_is_reported_under_its_key() -> None:
    # one file that gets every expectation key wrong: each is reported, in the order the
    # keys are declared
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = run_scenarios([str(ROOT / "tests" / "runner" / "every_expectation_fails.yaml")])
    assert code == 1
    reported = [line.strip().split(":")[0].split(".")[0]
                for line in out.getvalue().splitlines() if line.startswith("  ")]
    named = [("operatives" if key in ("w",) else key) for key in reported]
    expected_order = [key for key in EXPECT_KEYS if key != "illegal"]
    assert list(dict.fromkeys(named)) == expected_order


# the keys the core declares (game/scenario/loader.py), besides the flags each rule set names
CORE_START = ["phase", "turning_point", "initiative", "turn", "to_act", "activated", "control",
              "objective_flags", "vp", "hands", "active", "completed", "objective_hexes",
              "marked", "spotted", "carried", "wargear_used", "territory", "ploys"]
CORE_EXPECT = ["operatives", "phase", "turning_point", "initiative", "turn", "to_act", "step",
               "control", "vp", "completed", "active_targets", "hands", "ploys",
               "objective_flags", "deployed_territory", "carried", "removed_objectives",
               "wargear_used", "marked", "spotted", "winner", "objective_hexes", "dice_left",
               "legal", "not_legal", "events", "illegal"]


def _system_keys(part: str) -> list[str]:
    return [key.name for declared in SYSTEM_KEYS.values() for key in getattr(declared, part)]


def test_the_core_declares_no_system_key() -> None:
    # the pack's keys, and the skirmish rules' own, are declared in their folders ...
    assert SYSTEM_KEYS[killteam.PACK] is killteam_keys.KEYS
    assert [k.name for k in killteam_keys.KEYS.start] == ["broken", "night", "first_removed"]
    assert [k.name for k in killteam_keys.KEYS.expect] == ["broken", "night", "fled", "late"]
    assert SYSTEM_KEYS[skirmish.RULE_SET] is skirmish_keys.KEYS
    assert [k.name for k in skirmish_keys.KEYS.start] == ["finished"]
    # ... the rest are the core's (with a flag key for each flag a rule set declares) ...
    flags = [str(flag) for declared in RULE_SETS.values() for flag in declared.flags]
    system_start, system_expect = _system_keys("start"), _system_keys("expect")
    assert [k for k in START_KEYS if k not in system_start + flags] == CORE_START
    assert [k for k in EXPECT_KEYS if k not in system_expect + flags] == CORE_EXPECT
    assert set(system_start + system_expect) <= set(START_KEYS) | set(EXPECT_KEYS)
    # ... and the loader's own text names none of the systems' keys, nor reads their fields
    source = (ROOT / "game" / "scenario" / "loader.py").read_text(encoding="utf-8")
    words = {node.value for node in ast.walk(ast.parse(source))
             if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert not words & set(system_start + system_expect)
    assert "getattr(game.state" not in source and "hasattr(state" not in source


POSITION = """\
name: a pack key on {mission}
mission: {mission}
operatives:
  - {{id: a, player: 1, card: assault_intercessor, at: A1}}
  - {{id: x, player: 2, card: assault_intercessor, at: E1}}
start: {{phase: firefight, {start}}}
actions: ["1 activate a"]
expect: {{{expect}}}
"""


def _problems(catalogue, mission: str, start: str, expect: str = "") -> list[str]:
    with pytest.raises(Malformed) as error:
        scenario_from_text(POSITION.format(mission=mission, start=start, expect=expect),
                           catalogue, "case.yaml")
    return error.value.lines


def test_the_packs_keys_set_and_check_its_position(catalogue) -> None:
    loaded = scenario_from_text(POSITION.format(
        mission="kt_forward_push", start="night: true, broken: [2, 1], first_removed: 1",
        expect="broken: [1, 2], night: true, fled: [], late: []"), catalogue, "case.yaml")
    state = loaded.game.state
    assert isinstance(state, killteam.PackState)
    assert (state.broken, state.night, state.first_removed) == ([1, 2], True, 1)
    assert run(loaded).ok
    # on another mission the game keeps no night and no Broken forces
    other = scenario_from_text(POSITION.format(
        mission="dual_strike", start="finished: [2]",
        expect="broken: [1], night: false, fled: [a], late: [x]"), catalogue, "case.yaml")
    assert other.game.state.done == [2]
    assert run(other).failures == ["broken: expected [1], got []",
                                   "night: expected False, got None",
                                   "fled: expected ['a'], got []",
                                   "late: expected ['x'], got []"]


def test_a_wrong_pack_key_is_reported_with_file_line_and_key(catalogue) -> None:
    assert _problems(catalogue, "kt_forward_push", "nigth: true") == [
        "case.yaml:6: start.nigth: unknown key 'nigth' — did you mean 'night'?"]
    assert _problems(catalogue, "kt_forward_push", "night: 3, broken: [3], first_removed: 5",
                     "fled: 3") == [
        "case.yaml:6: start.night: expected true or false, not 3",
        "case.yaml:6: start.broken.0: expected a whole number 1..2, not 3",
        "case.yaml:6: start.first_removed: expected a whole number 0..2, not 5",
        "case.yaml:8: expect.fled: expected a list, not 3"]
    # given, even empty, for a mission whose game keeps none of them
    assert _problems(catalogue, "dual_strike", "broken: [], night: false, first_removed: 0") == [
        f"case.yaml:6: start.{key}: a game of this mission and rule set keeps no '{key}'"
        for key in ("broken", "night", "first_removed")]


def test_a_system_registered_after_the_loader_gets_its_keys(catalogue) -> None:
    """A system whose folder is loaded after the scenario loader (a later plug-in, a test's
    toy system) has its keys declared as it registers them: they are shape-checked, set the
    position and are checked after the script like any other."""
    from game.scenario import shapes, systems
    from game.scenario.systems import ExpectKey, ScenarioKeys, StartKey, register_keys

    # everything registered here is taken back after the test
    saved = [(registry, dict(registry)) for registry in
             (START_KEYS, EXPECT_KEYS, scenario._START, scenario._EXPECT, SYSTEM_KEYS)]
    declared = set(scenario._DECLARED)
    seen: list[object] = []
    try:
        register_keys(ScenarioKeys(
            "toy_late",
            start=(StartKey("toy_note", shapes.text,
                            lambda r, value, state, config: seen.append(value)),),
            expect=(ExpectKey("toy_turn", shapes.COUNT, lambda game: game.state.turn),)))
        assert "toy_note" in START_KEYS and "toy_turn" in EXPECT_KEYS
        loaded = scenario_from_text(POSITION.format(
            mission="dual_strike", start="toy_note: hello", expect="toy_turn: 7"),
            catalogue, "case.yaml")
        assert seen == ["hello"]
        assert run(loaded).failures == ["toy_turn: expected 7, got 1"]
        problems = _problems(catalogue, "dual_strike", "toy_note: [1, 2]")
        assert any("toy_note" in line and "case.yaml" in line for line in problems), problems
        # registered again (a module run twice): declared once
        register_keys(systems.SYSTEM_KEYS["toy_late"])
    finally:
        for registry, before in saved:
            registry.clear()
            registry.update(before)
        scenario._DECLARED.clear()
        scenario._DECLARED.update(declared)
