"""``python -m game.content check|list``."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

from game.cli.content import main as content_main
from game.content import REPO_ROOT

HERE = Path(__file__).parent


def run(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``python -m game.content ARGS`` run in this process from the repository's top (its
    main, output captured); the command as a process is tested once, below."""
    words = list(map(str, args))
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    os.chdir(REPO_ROOT)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = content_main(words)
            except SystemExit as stopped:  # a bad argument (game/cli/args.py)
                code = stopped.code if isinstance(stopped.code, int) else 1
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["game.content", *words], code, out.getvalue(),
                                       err.getvalue())


def test_the_command_runs_as_a_process() -> None:
    result = subprocess.run([sys.executable, "-m", "game.content", "check"], cwd=REPO_ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and result.stdout.startswith("ok: "), result.stdout


def test_check_broken_files_prints_every_issue_and_exits_1() -> None:
    result = run("check", HERE / "good" / "test_side.yaml", HERE / "broken" / "unknown_id.yaml",
                 HERE / "broken" / "wrong_type.yaml")
    assert result.returncode == 1
    out = result.stdout
    assert "unknown_id.yaml:17:12: composition[gunner].card: unknown datacard 'broken_guner'" \
        in out
    assert "wrong_type.yaml:7:10: datacards[broken_typed].apl: expected an integer" in out
    assert out.rstrip().splitlines()[-1] == "3 issues in 2 files"
    assert "Traceback" not in result.stderr


def test_check_good_files_prints_a_summary_and_exits_0() -> None:
    result = run("check", HERE / "good")
    assert result.returncode == 0, result.stdout
    (line,) = result.stdout.splitlines()
    assert line.startswith("ok: ")
    for kind in ("fireteam", "datacard", "mission", "target", "special issue wargear",
                 "special operation", "killzone side"):
        assert kind in line


def counts(summary_line: str) -> dict[str, int]:
    """``ok: 2 fireteams, 0 special issue wargear`` -> {"fireteams": 2, ...}."""
    assert summary_line.startswith("ok: ")
    parts = (part.split(" ", 1) for part in summary_line[4:].split(", "))
    return {what: int(n) for n, what in parts}


def test_check_counts_wargear_and_special_operations() -> None:
    shipped = run("check")
    assert shipped.returncode == 0, shipped.stdout
    both = run("check", HERE / "good")
    assert both.returncode == 0, both.stdout
    before, after = counts(shipped.stdout.strip()), counts(both.stdout.strip())
    assert after["special issue wargear"] == before["special issue wargear"] + 2
    operations = [k for k in after if k.startswith("special operation")]
    assert len(operations) == 1
    assert after[operations[0]] == sum(v for k, v in before.items()
                                       if k.startswith("special operation")) + 3


def test_check_a_missing_path_is_a_message_not_a_traceback() -> None:
    # a path that is not there is a bad argument: one line, exit 2 (game/cli/args.py)
    result = run("check", "no/such/place.yaml")
    assert result.returncode == 2
    assert "no such file or folder: 'no/such/place.yaml'" in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_list_prints_ids_by_kind() -> None:
    result = run("list", HERE / "good")
    assert result.returncode == 0, result.stdout
    out = result.stdout.splitlines()
    titles = {"fireteams:", "datacards:", "weapons:", "weapon ids:", "ploys:", "missions:",
              "objectives:", "targets of opportunity:", "special issue wargear:",
              "special operations:", "weapon rules:"}
    ids = {"  test_trooper.test_carbine", "  test_carbine", "  test_mission.obj1", "  test_stimm",
           "  test_team_first (test_team, first; battle honour: Steady Hands)",
           "  test_team_final (test_team, final; command asset: Resupply)"}
    assert (titles | ids) - set(out) == set()
    rules = out[out.index("weapon rules:") + 1:]
    assert "  lethal" in rules and "  melta" in rules


def test_list_shipped_content_exits_0() -> None:
    result = run("list")
    assert result.returncode == 0, result.stdout


def test_check_counts_the_seven_shipped_fireteams() -> None:
    shipped = counts(run("check").stdout.strip())
    assert shipped["fireteams"] == 7  # the Pathfinders joined the six of the rulebook
    assert shipped["tactical ploys"] == 2  # Point-Blank Ambush, Aggressive Mobility
