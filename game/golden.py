"""``python -m game.golden``: rewrite the golden transcript of one seeded full game.

The transcript (every action in notation, every event, the final score) is diffed by
``tests/engine/test_golden.py``; regenerate it only when a change of behaviour is intended.
"""

from __future__ import annotations

import sys
from pathlib import Path

from game.content import load_catalogue
from game.simulate import play_random_game

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "dual_strike_seed7.txt"
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


def main() -> int:
    GOLDEN.write_text(transcript(), encoding="utf-8")
    print(f"wrote {GOLDEN}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
