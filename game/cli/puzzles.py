"""``python -m game.cli.puzzles [--levels L ...] [--seed S] [PATH ...]``: how many of the
tactical positions (:mod:`game.ai.puzzles`) each computer level solves."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from game.ai.puzzles import LEVELS, POSITIONS, PuzzleError, load_puzzles, solve, solved
from game.cli.args import Parser, existing_path, fail
from game.content import load_catalogue


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m game.cli.puzzles",
                    description="How many tactical positions each computer level solves.")
    parser.add_argument("paths", nargs="*", type=existing_path, metavar="PATH",
                        help="puzzle files or folders (default: the game's puzzles, "
                             "missions/puzzles)")
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS),
                        metavar="LEVEL", help="the levels to try (hard normal easy)")
    parser.add_argument("--seed", type=int, default=1, help="the players' seed")
    args = parser.parse_args(argv)
    paths = args.paths or [POSITIONS]
    if not args.paths and not POSITIONS.is_dir():
        return fail(parser.prog, f"no puzzle folder {POSITIONS} (is the game installed "
                                 "without its content? name puzzle files)")
    try:
        puzzles = load_puzzles(paths, load_catalogue())
    except PuzzleError as error:
        print(error, file=sys.stderr)
        return 2
    if not puzzles:
        return fail(parser.prog, f"no puzzle files in {', '.join(map(str, paths))}")
    found = {level: 0 for level in args.levels}
    for puzzle in puzzles:
        cells = []
        for level in args.levels:
            action = solve(puzzle, level, args.seed)
            ok = solved(puzzle, action)
            found[level] += ok
            cells.append(f"{level} {'found' if ok else 'missed'} ({action.notation()})")
        print(f"{Path(puzzle.path).stem} [{puzzle.theme}]: " + "; ".join(cells), flush=True)
    print("puzzles: " + ", ".join(f"{level} {found[level]}/{len(puzzles)}"
                                  for level in args.levels))
    return 0



if __name__ == "__main__":
    sys.exit(main())
