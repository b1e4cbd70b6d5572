"""``python -m game.cli.compiled [--require]``: whether the engine and the computer player run
compiled, and which modules do not (``--require`` exits 1 unless every one does)."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game.cli.args import Parser
from game.compiled.guard import PURE, status


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m game.cli.compiled",
                    description="Whether the engine and the computer player run compiled "
                                "(built at install by setup.py with Cython).")
    parser.add_argument("--require", action="store_true",
                        help="exit 1 unless every module runs compiled")
    args = parser.parse_args(argv)
    every, built, stale = status()
    running = built - len(stale)
    if built == 0:
        print(f"the engine runs as Python: none of its {every} modules is compiled "
              "(no C compiler or Cython at install, or FIRETEAM_PURE=1 then)")
    elif stale:
        verb = "runs" if len(stale) == 1 else "run"
        print(f"{running} of {every} modules run compiled; {len(stale)} {verb} as Python "
              f"because its source changed since the build, or {PURE}=1 is set: "
              + ", ".join(stale))
        print("rebuild with: pip install -e .")
    else:
        print(f"{running} of {every} modules run compiled")
    return 0 if running == every or not args.require else 1


if __name__ == "__main__":
    sys.exit(main())
