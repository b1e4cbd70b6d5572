"""``python -m game.cli.golden [--check] [--out FILE]``: rewrite (or check) the golden transcript
of one seeded full game.

The transcript (every action in notation, every event, the final score) is diffed by
``tests/engine/test_golden.py``; regenerate it only when a change of behaviour is intended.
The transcript lives in a checkout (``tests/golden/``); from an installed copy, which has no
tests, the command says so and exits 2 unless ``--out`` names a file to write.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from game.cli.args import Parser, fail, output_file
from game.cli.simulate import play_random_game
from game.content import load_catalogue

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "golden" / "dual_strike_seed7.txt"
SEED = 7
MISSION = "dual_strike"
FIRETEAMS = ("gideon", "deathless_destroyers")


def transcript() -> str:
    game = play_random_game(load_catalogue(), MISSION, FIRETEAMS, SEED)
    lines = [f"# {MISSION}, {FIRETEAMS[0]} v {FIRETEAMS[1]}, seed {SEED}", "", "## actions"]
    lines += game.log
    lines += ["", "## events"] + [str(e) for e in game.events]
    lines += ["", f"## result: VP {game.vp[1]}-{game.vp[2]}, winner {game.winner}"]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    prog = "python -m game.cli.golden"
    parser = Parser(prog=prog, description="Rewrite the golden transcript of one seeded full "
                    f"game ({MISSION}, {' v '.join(FIRETEAMS)}, seed {SEED}) that the tests "
                    "compare against; only when a change of behaviour is intended.")
    parser.add_argument("--check", action="store_true",
                        help="write nothing: exit 1 if the transcript differs from the file")
    parser.add_argument("--out", type=output_file(".txt"), metavar="FILE.txt",
                        help=f"the file (default: a checkout's {GOLDEN.relative_to(ROOT)})")
    args = parser.parse_args(argv)
    path: Path = args.out or GOLDEN
    if args.out is None and not GOLDEN.parent.is_dir():
        return fail(prog, f"needs a checkout: the golden transcript lives in "
                    f"{GOLDEN.relative_to(ROOT)}, and {GOLDEN.parent} does not exist (an "
                    "installed copy has no tests); run it in a checkout, or give --out FILE")
    text = transcript()
    if args.check:
        if not path.is_file():
            return fail(prog, f"no transcript at {path} to check", 1)
        if path.read_text(encoding="utf-8") != text:
            return fail(prog, f"{path} differs from this game's transcript", 1)
        print(f"{path} is up to date")
        return 0
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
