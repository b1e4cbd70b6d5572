"""One fireteam against each of the others, played by the computer: a cheap look at a new or
changed fireteam before the whole balance table (``python -m game.cli.simulate --table``) is made
again, which costs every pairing.

The games follow the table's schedule (``game.cli.balance.schedule``: each mission in turn, twice
running with the seats swapped) and its scoring (a draw counts half); each pairing's share is
printed with its 99 % interval. A cell is unfair only when its whole interval lies outside
40–60 %.

Usage: python tools/balance_probe.py TEAM [--players LEVEL] [--games N] [--seed S] [--jobs J]
"""

from __future__ import annotations

import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli import args as cli_args  # noqa: E402
from game.cli import balance  # noqa: E402
from game.content import load_catalogue  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = cli_args.Parser(prog="tools/balance_probe.py",
                             description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("team", help="the fireteam to measure against every other one")
    parser.add_argument("--players", default="easy", type=cli_args.level,
                        help="the computer level (default easy)")
    parser.add_argument("--games", type=cli_args.count(), default=24,
                        help="games per pairing (default 24)")
    parser.add_argument("--seed", type=cli_args.count(0), default=2026)
    parser.add_argument("--jobs", type=cli_args.count(), default=1, help="worker processes")
    args = parser.parse_args(argv)
    catalogue = load_catalogue()
    cli_args.known(parser, "TEAM", args.team, catalogue.fireteams, "fireteam")
    missions = sorted(catalogue.missions)
    others = [t for t in sorted(catalogue.fireteams) if t != args.team]
    specs = []
    for i, other in enumerate(others):
        for mission, pair, seed in balance.schedule([args.team, other], missions, args.games,
                                                   args.seed + i * 104729):
            if pair[0] != pair[1]:
                specs.append((mission, pair, args.players, seed))
    start = time.time()
    if args.jobs > 1:
        with multiprocessing.get_context("spawn").Pool(
                args.jobs, initializer=balance._start_worker, initargs=(catalogue,)) as pool:
            results = pool.map(balance._one, specs, chunksize=2)
    else:
        balance._start_worker(catalogue)
        results = [balance._one(spec) for spec in specs]
    shares: dict[str, list[float]] = {}
    for (_, pair, _, _), (winner, _) in zip(specs, results, strict=True):
        me = 1 if pair[0] == args.team else 2
        shares.setdefault(pair[2 - me], []).append(balance.points(winner or 0, me))
    for other, got in shares.items():
        share = sum(got) / len(got)
        low, high = balance.wilson(share, len(got))
        unfair = " UNFAIR" if high < balance.FAIR[0] or low > balance.FAIR[1] else ""
        print(f"{args.team} v {other}: {share:.0%} ({low:.0%}–{high:.0%}), "
              f"{len(got)} games{unfair}")
    print(f"{len(specs)} games in {time.time() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
