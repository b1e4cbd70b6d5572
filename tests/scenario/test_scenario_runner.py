"""The scenario runner keeps the contract of docs/scenario-format.md: exit codes, FILE:LINE
messages for a malformed file, and a readable report of each failed expectation."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli.scenario import main as scenario_main

HERE = Path(__file__).parents[1] / "runner"


def run(*files: str) -> subprocess.CompletedProcess[str]:
    """``python -m game.scenario FILES`` run in this process (its main, with its output
    captured); the command itself as a process is tested once, below."""
    args = [str(HERE / f) for f in files]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = scenario_main(args)
        except SystemExit as stopped:  # a bad argument (game/cli/args.py)
            code = stopped.code if isinstance(stopped.code, int) else 1
    return subprocess.CompletedProcess(["game.scenario.loader", *args], code, out.getvalue(),
                                       err.getvalue())


def test_a_passing_scenario_exits_0() -> None:
    out = run("good.yaml")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 passed" in out.stdout


def test_a_failed_expectation_exits_1_with_expected_and_actual() -> None:
    out = run("failing.yaml")
    assert out.returncode == 1
    assert "a.at: expected 'A3', got 'A2'" in out.stdout


@pytest.mark.parametrize("name, line, words", [
    ("unknown_key.yaml", 6, "unknown key 'phasee' — did you mean 'phase'?"),
    ("bad_hex.yaml", 5, "bad hex 'Q9'"),
    ("unknown_card.yaml", 4, "unknown datacard 'assault_intercesor' — did you mean "
                             "'assault_intercessor'?"),
    ("unknown_weapon_rule.yaml", 11, "rapidfire"),
    ("yaml_syntax.yaml", 3, "YAML syntax error"),
])
def test_a_malformed_file_exits_2_naming_file_and_line(name: str, line: int,
                                                       words: str) -> None:
    out = run(name)
    assert out.returncode == 2
    assert f"{name}:{line}:" in out.stderr, out.stderr
    assert words in out.stderr


def test_malformed_wins_over_failed() -> None:
    assert run("failing.yaml", "bad_hex.yaml").returncode == 2


def test_running_out_of_dice_fails_the_scenario() -> None:
    out = run("dice_run_out.yaml")
    assert out.returncode == 1 and "ran out" in out.stdout


def test_an_unexpected_illegal_action_fails_with_the_reason() -> None:
    out = run("illegal_action.yaml")
    assert out.returncode == 1
    assert "player 1's decision" in out.stdout


def test_a_folder_is_searched_recursively(tmp_path: Path) -> None:
    """(The command run as a process.)"""
    nested = tmp_path / "a" / "b"
    nested.mkdir(parents=True)
    (nested / "x.yml").write_text((HERE / "good.yaml").read_text())
    out = subprocess.run([sys.executable, "-m", "game.scenario", str(tmp_path)],
                         capture_output=True, text=True)
    assert out.returncode == 0 and "1 passed" in out.stdout


def test_a_missing_file_is_malformed() -> None:
    assert run("no_such_file.yaml").returncode == 2
