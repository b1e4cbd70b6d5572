"""Every command of the tables of README and the developer's guide, run as a new user would
(a subprocess), with one bad argument: exit code 2, exactly one line on standard error naming
the argument, nothing done.
And ``--help`` on every command and tool: exit 0, the usage printed, nothing done. The fast
tier runs the same checks in this process (the script or module run as ``__main__``); the
whole suite runs them in a new process as well."""

from __future__ import annotations

import argparse
import os
import re
import runpy
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from game.cli import args

ROOT = Path(__file__).resolve().parents[2]
BLOCKED = "/dev/null/folder"  # under a file: no folder can be made there

# README's command (the first `...` of its row) -> one bad invocation and the argument the
# error line must name
BAD: dict[str, tuple[list[str], str]] = {
    "python main.py [--size WIDTH HEIGHT]": (["main.py", "--size", "-5", "-5"], "--size"),
    "python main.py demo [--seed N] [--mission M] [--fireteams X Y] [--brief] [--rules R]": (
        ["main.py", "demo", "--rules", "chess"], "--rules"),
    "fireteam ...": (["-m", "game", "--fuzz", "0"], "--fuzz"),
    "python main.py --frames N --screenshot FILE.png [--scene NAME]": (
        ["main.py", "--frames", "1", "--screenshot", f"{BLOCKED}/shot.png"], "--screenshot"),
    "python main.py visualize [MISSION|FILE.yaml] [--png FILE.png] [--side S] [--heat]": (
        ["main.py", "visualize", "dual_strike", "--png", "picture.jpg"], "--png"),
    "python main.py tutorial [--autoplay]": (
        ["main.py", "tutorial", "--autoplay", "--screenshots", BLOCKED], "--screenshots"),
    "python -m game.cli.arena --a LEVEL --b LEVEL --games N --seed S [--mission M] "
    "[--fireteams X Y] [--rules R] [--cluster ADDRESS]": (
        ["-m", "game.cli.arena", "--a", "easy", "--b", "random", "--rules", "skirmish",
         "--mission", "kt_forward_push"], "--mission"),
    "python -m game.cli.puzzles [PATH...] [--levels L...] [--seed S]": (
        ["-m", "game.cli.puzzles", "--levels", "expert"], "--levels"),
    "python -m game.analysis FILE [--seat N] [--top K]": (
        ["-m", "game.analysis", "README.md", "--top", "0"], "--top"),
    "python -m game.analysis --planted [--seed S] | --bench N [--seed S]": (
        ["-m", "game.analysis", "--bench", "0"], "--bench"),
    "python -m game.cli.simulate --campaign --seed S [--fireteams X Y]": (
        ["-m", "game.cli.simulate", "--campaign", "--fireteams", "nobody", "gideon"],
        "--fireteams"),
    "python -m game.cli.simulate --table --players LEVEL --games N --seed S [--jobs J | "
    "--cluster tcp://HOST:8786 | --cluster local] [--out FILE.md] [--rules R] "
    "[--partial FILE.jsonl [--limit N]]": (
        ["-m", "game.cli.simulate", "--table", "--players", "normal", "--partial", "part.txt"],
        "--partial"),
    "python main.py --audit-layout [--audit-screens A,B] [--audit-pictures DIR] "
    "[--text-size PERCENT]": (
        ["main.py", "--audit-layout", "--text-size", "200"], "--text-size"),
    "python main.py --fuzz N --seed S": (["main.py", "--fuzz", "-5"], "--fuzz"),
    "python main.py --bench-frames N": (["main.py", "--bench-frames", "0"], "--bench-frames"),
    "python main.py --bench-computer-turns N": (["main.py", "--bench-computer-turns", "0"],
                                                "--bench-computer-turns"),
    "python main.py --bench-idle SECONDS [--scene NAME]": (
        ["main.py", "--bench-idle", "ten"], "--bench-idle"),
    "python -m game.content check [PATH...]": (
        ["-m", "game.content", "check", "no_such.yaml"], "PATH"),
    "python -m game.content list": (["-m", "game.content", "lists"], "command"),
    "python -m game.scenario FILE_OR_FOLDER...": (
        ["-m", "game.scenario", "no_such.yaml"], "FILE_OR_FOLDER"),
    "python -m game.cli.odds ATTACKS HIT N/C DEFENCE SAVE [--cover] [--wounds-left N]": (
        ["-m", "game.cli.odds", "4", "3+", "3/4", "3", "4+", "--wounds-left", "-2"],
        "--wounds-left"),
    "python -m game.cli.simulate --games N --seed S [--mission M] [--fireteams X Y] [--rules R]": (
        ["-m", "game.cli.simulate", "--rules", "skirmish", "--mission", "kt_alone_in_the_dark"],
        "--mission"),
    "python -m game.cli.simulate --table --games N --seed S [--rules R]": (
        ["-m", "game.cli.simulate", "--table", "--games", "-1"], "--games"),
    "python tools/gen_cards.py": (["tools/gen_cards.py", "--output", f"{BLOCKED}/c.md"],
                                  "--output"),
    "python tools/balance_probe.py TEAM [--players LEVEL] [--games N] [--seed S] [--jobs J]": (
        ["tools/balance_probe.py", "pathfinders", "--games", "0"], "--games"),
    "python tools/ai_ceiling.py [--budget LEVEL] [--cards-only] --a hard --b LEVEL ARENA ARGS...": (
        ["tools/ai_ceiling.py", "--a", "hard", "--b", "hard"], "--b"),
    "python tools/check_symmetry.py [--render]": (["tools/check_symmetry.py", "--draw"],
                                                  "--draw"),
    "python tools/gen_art.py": (["tools/gen_art.py", "--out", BLOCKED], "--out"),
    "python tools/get_icons.py": (["tools/get_icons.py", "--out", BLOCKED], "--out"),
    "python tools/screenshots.py [--only NAME...] [--check]": (
        ["tools/screenshots.py", "--only", "everything"], "--only"),
    "python tools/gen_sounds.py": (["tools/gen_sounds.py", "--only", "trumpet"], "--only"),
    "python tools/gen_layout_doc.py [--check]": (["tools/gen_layout_doc.py", "--chek"],
                                                "--chek"),
    "python -m game.cli.compiled [--require]": (["-m", "game.cli.compiled", "--fast"],
                                                 "--fast"),
    "python -m game.cli.bench [--games N]": (["-m", "game.cli.bench", "--games", "0"], "--games"),
    "python -m game.cli.golden [--check] [--out FILE.txt]": (
        ["-m", "game.cli.golden", "--out", "golden.md"], "--out"),
    "fireteam serve [--host H] [--port P] [--db FILE | --db postgresql://...]": (
        ["-m", "game", "serve", "--port", "65536"], "--port"),
    "python -m game.cli.bot --code CODE [--host H] [--port P] [--level L]": (
        ["-m", "game.cli.bot", "--code", "ABCDEF", "--level", "silly"], "--level"),
    "python -m game.cli.loadtest --host 127.0.0.1 --port P --games N --seed S [--external] "
    "[--kill-server-after SECONDS] [--think SECONDS] [--servers N --db postgresql://...]": (
        ["-m", "game.cli.loadtest", "--port", "8765", "--games", "1", "--servers", "2"],
        "--servers"),
    "python -m game.cli.attack --host 127.0.0.1 --port P --seed S [--external] "
    "[--duration SECONDS]": (
        ["-m", "game.cli.attack", "--port", "8765", "--duration", "0"], "--duration"),
}

# every program and sub-command, for --help: the game's, every command module of game/cli (those
# run as ``python -m game.cli.NAME``) and every tool
COMMAND_MODULES = [p.stem for p in sorted((ROOT / "game" / "cli").glob("*.py"))
                   if 'if __name__ == "__main__":' in p.read_text(encoding="utf-8")]
PROGRAMS = [["main.py"], ["main.py", "demo"], ["main.py", "visualize"], ["main.py", "tutorial"],
            ["-m", "game"], ["-m", "game.analysis"],
            ["-m", "game.content"], ["-m", "game.content", "check"],
            ["-m", "game.content", "list"], ["-m", "game.scenario"]] + [
    ["-m", f"game.cli.{name}"] for name in COMMAND_MODULES] + [
    [f"tools/{p.name}"] for p in sorted((ROOT / "tools").glob("*.py"))]


def readme_commands() -> list[str]:
    """The commands of README's table, then those of the developer's guide."""
    rows = []
    for doc, heading in (("README.md", "## Commands"),
                         ("docs/development.md", "## Commands for developers")):
        text = (ROOT / doc).read_text(encoding="utf-8")
        table = text.split(heading + "\n", 1)[1].split("\n## ", 1)[0]
        rows += [line for line in table.splitlines() if line.startswith("| `")]
    return [re.match(r"\| `([^`]+)`", row).group(1).replace("\\|", "|")  # type: ignore[union-attr]
            for row in rows]


def run(argv: list[str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               FIRETEAM_HOME=str(tmp_path / "home"))
    return subprocess.run([sys.executable, *argv], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def run_here(argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
             capsys: pytest.CaptureFixture[str]) -> subprocess.CompletedProcess[str]:
    """``run`` in this process (the fast tier): the script or module is run as
    ``__main__`` with ``argv`` from the checkout, and its exit code and output kept."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(ROOT)
    if argv[0] == "-m":
        target, rest = argv[1], argv[2:]
        if target == "game":
            target = "game.__main__"
    else:
        target, rest = argv[0], argv[1:]
    monkeypatch.setattr(sys, "argv", [target, *rest])
    code: int | str | None = 0
    try:
        if argv[0] == "-m":
            with warnings.catch_warnings():  # a module the test process imported already
                warnings.simplefilter("ignore", RuntimeWarning)
                runpy.run_module(target, run_name="__main__", alter_sys=False)
        else:
            monkeypatch.syspath_prepend(str((ROOT / target).parent))
            runpy.run_path(str(ROOT / target), run_name="__main__")
    except SystemExit as stop:
        code = stop.code
    out = capsys.readouterr()
    return subprocess.CompletedProcess(argv, code if isinstance(code, int) else 1,
                                       out.out, out.err)


# the same checks, as a new process (slow: a Python start-up each) or in this one (fast)
WAYS = [pytest.param("process", marks=pytest.mark.slow), "in process"]


@pytest.fixture(params=WAYS)
def runner(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch,
           capsys: pytest.CaptureFixture[str]):
    if request.param == "process":
        return run
    return lambda argv, tmp_path: run_here(argv, tmp_path, monkeypatch, capsys)


def test_every_row_of_readmes_table_has_a_bad_argument_here() -> None:
    missing = [c for c in readme_commands() if c not in BAD]
    assert not missing, f"give BAD (above) one bad invocation of each new row: {missing}"
    assert sorted(readme_commands()) == sorted(BAD), "BAD lists rows the tables no longer have"


@pytest.mark.parametrize("command", list(BAD))
def test_a_bad_argument_gets_one_line_and_exit_2(command: str, tmp_path: Path,
                                                 runner) -> None:
    argv, named = BAD[command]
    before = sorted(p.name for p in tmp_path.iterdir())
    result = runner(argv, tmp_path)
    assert result.returncode == 2, (result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert named in lines[0]
    assert "Traceback" not in result.stdout
    assert sorted(p.name for p in tmp_path.iterdir() if p.name != "home") == before


@pytest.mark.parametrize("argv", PROGRAMS, ids=" ".join)
def test_help_prints_the_usage_and_does_nothing(argv: list[str], tmp_path: Path,
                                                runner) -> None:
    golden = (ROOT / "tests" / "golden" / "dual_strike_seed7.txt").stat().st_mtime_ns
    result = runner([*argv, "--help"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "usage:" in result.stdout
    assert result.stderr == ""
    assert not re.search(r"^(wrote|saved) ", result.stdout, re.MULTILINE)
    assert (ROOT / "tests" / "golden" / "dual_strike_seed7.txt").stat().st_mtime_ns == golden


# --- the argument types themselves (in process) ----------------------------------------------

def test_counts_refuse_zero_negatives_and_words() -> None:
    games = args.count()
    assert games("3") == 3
    for bad in ("0", "-5", "x", "1.5"):
        with pytest.raises(argparse.ArgumentTypeError, match="at least 1"):
            games(bad)
    dice = args.count(0, 20)
    assert dice("0") == 0 and dice("20") == 20
    with pytest.raises(argparse.ArgumentTypeError, match="from 0 to 20"):
        dice("21")


def test_window_sizes_stay_within_what_the_window_can_be(capsys) -> None:
    from game.ui.app import MIN_SIZE

    assert args.WINDOW_MIN == MIN_SIZE
    parser = args.Parser(prog="p")
    parser.add_argument("--size", nargs=2, action=args.WindowSize)
    assert parser.parse_args(["--size", "1024", "700"]).size == (1024, 700)
    for bad in (["1023", "700"], ["1280", "99999"], ["-5", "-5"], ["a", "800"]):
        with pytest.raises(SystemExit) as stop:
            parser.parse_args(["--size", *bad])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "argument --size" in err


def test_output_paths_must_be_creatable(tmp_path: Path) -> None:
    png = args.output_file(".png")
    assert png(str(tmp_path / "new" / "deeper" / "a.png")) == tmp_path / "new" / "deeper" / "a.png"
    (tmp_path / "file").write_text("x")
    with pytest.raises(argparse.ArgumentTypeError, match="is a file, not a folder"):
        png(str(tmp_path / "file" / "a.png"))
    with pytest.raises(argparse.ArgumentTypeError, match="must be a .png file"):
        png(str(tmp_path / "a.jpg"))
    with pytest.raises(argparse.ArgumentTypeError, match="not the folder"):
        png(str(tmp_path))
    assert args.output_folder(str(tmp_path / "a" / "b")) == tmp_path / "a" / "b"
    with pytest.raises(argparse.ArgumentTypeError, match="is a file"):
        args.output_folder(str(tmp_path / "file"))


def test_levels_and_known_ids(capsys) -> None:
    assert args.level("hard") == "hard"
    with pytest.raises(argparse.ArgumentTypeError, match="choose from easy, normal"):
        args.level("silly")
    parser = args.Parser(prog="p")
    args.known(parser, "--mission", "dual_strike", ["dual_strike", "power_up"])
    with pytest.raises(SystemExit):
        args.known(parser, "--mission", "dual_strik", ["dual_strike", "power_up"])
    err = capsys.readouterr().err
    assert err == ("p: argument --mission: unknown mission 'dual_strik' — did you mean "
                   "'dual_strike'?; choose from dual_strike, power_up (see p --help)\n")


# --- defaults that work from an installed copy ------------------------------------------------

def test_golden_outside_a_checkout_says_what_it_needs(monkeypatch, tmp_path, capsys) -> None:
    from game.cli import golden

    site = tmp_path / "site-packages"
    monkeypatch.setattr(golden, "ROOT", site)
    monkeypatch.setattr(golden, "GOLDEN", site / "tests" / "golden" / "dual_strike_seed7.txt")
    assert golden.main([]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs a checkout" in err and "--out" in err
    assert not (site / "tests").exists()


def test_golden_out_writes_and_checks_any_file(tmp_path, capsys) -> None:
    from game.cli import golden

    out = tmp_path / "new" / "golden.txt"
    assert golden.main(["--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == golden.GOLDEN.read_text(encoding="utf-8")
    assert golden.main(["--check", "--out", str(out)]) == 0
    out.write_text("something else", encoding="utf-8")
    assert golden.main(["--check", "--out", str(out)]) == 1
    assert "differs" in capsys.readouterr().err


def test_the_balance_table_goes_to_the_user_data_folder_by_default(monkeypatch,
                                                                   tmp_path) -> None:
    import game.cli.balance
    from game.cli import simulate

    written: list[Path] = []
    monkeypatch.setattr(game.cli.balance, "main",
                        lambda catalogue, level, games, seed, argv, out, jobs, journal, limit,
                        rules="fireteam", pairing=None, cluster=None:
                        written.append(out) or 0)
    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    assert simulate.main(["--table", "--players", "random", "--games", "1"]) == 0
    assert written == [tmp_path / "home" / "balance.md"]
    assert simulate.main(["--table", "--players", "random", "--games", "1", "--out",
                          "tables/b.md"]) == 0
    assert written[1] == Path("tables/b.md") and (tmp_path / "tables").is_dir()


def test_visualize_takes_a_shipped_mission_file(tmp_path, capsys) -> None:
    from game.cli.visualize import main as visualize

    out = tmp_path / "pictures" / "power_up.png"
    assert visualize([str(ROOT / "missions" / "power_up.yaml"), "--png", str(out)]) == 0
    assert out.is_file()
