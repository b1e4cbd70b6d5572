"""Each key of a scenario's ``start`` and ``expect`` is declared once in ``game/scenario/loader.py``
with its shape and its meaning: the shape check, the loader and the expectation check all
read the one registry, and the scenario format document names every key."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from game.cli.scenario import main as run_scenarios
from game.scenario import loader as scenario
from game.scenario.shapes import EXPECT_KEYS, START_KEYS, text

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
