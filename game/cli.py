"""The game's command line: ``fireteam``, ``python -m game`` and ``python main.py``.

Until the graphical client lands it plays a headless demo game between two random players and
prints its log; ``--seed N --mission M --fireteams X Y`` picks the game and ``--brief`` prints
only the heading and the result.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from game.content import ContentError, load_catalogue
from game.simulate import play_random_game


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    parser = argparse.ArgumentParser(prog=prog,
                                     description="Warhammer 40,000: Fireteam (headless demo)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mission", default="dual_strike")
    parser.add_argument("--fireteams", nargs=2, default=["gideon", "deathless_destroyers"],
                        metavar=("PLAYER1", "PLAYER2"))
    parser.add_argument("--brief", action="store_true",
                        help="print only the heading and the result, not the whole log")
    args = parser.parse_args(argv)
    try:
        catalogue = load_catalogue()
    except ContentError as error:
        print(f"the game content has errors:\n{error}", file=sys.stderr)
        return 1
    if args.mission not in catalogue.missions:
        parser.error(f"unknown mission {args.mission!r}: choose from "
                     f"{', '.join(sorted(catalogue.missions))}")
    for team in args.fireteams:
        if team not in catalogue.fireteams:
            parser.error(f"unknown fireteam {team!r}: choose from "
                         f"{', '.join(sorted(catalogue.fireteams))}")
    game = play_random_game(catalogue, args.mission, (args.fireteams[0], args.fireteams[1]),
                            args.seed)
    mission = catalogue.missions[args.mission]
    print(f"{mission.name}: {catalogue.fireteams[args.fireteams[0]].name} (player 1) against "
          f"{catalogue.fireteams[args.fireteams[1]].name} (player 2), seed {args.seed}\n")
    for line in game.events[-1:] if args.brief else game.events:
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
