"""``python -m game.cli.arena --a LEVEL --b LEVEL --games N --seed S [--mission M]
[--fireteams X Y] [--first K] [--rules R] [--cluster ADDRESS]``: a match of computer against
computer (:mod:`game.ai.arena` plays the games and says what the lines mean), its arguments,
its lines and the benchmark line last."""

from __future__ import annotations

import argparse
import statistics
import sys
import traceback
from collections.abc import Iterable, Sequence

from game.ai.arena import Tally, arena_game, game_plan, p95
from game.ai.players import LEVEL_NAMES
from game.cli.args import Parser, add_rules, count, known, level
from game.cli.dask_table import cluster_address
from game.content import load_catalogue
from game.engine import Catalogue, missions_of


def _times(values: list[float]) -> str:
    med = statistics.median(values) if values else 0.0
    return f"median {med:.3f} s, p95 {p95(values):.3f} s"


def _parser() -> Parser:
    parser = Parser(prog="python -m game.cli.arena",
                    description="Computer against computer, seats alternated.")
    parser.add_argument("--a", required=True, type=level, metavar="LEVEL",
                        help=f"player A's level: {', '.join(LEVEL_NAMES)}")
    parser.add_argument("--b", required=True, type=level, metavar="LEVEL",
                        help="player B's level")
    parser.add_argument("--games", type=count(), default=10, metavar="N")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mission", help="a mission id (default: every mission in turn)")
    parser.add_argument("--fireteams", nargs=2, metavar=("X", "Y"),
                        help="two fireteam ids (default: every pairing in turn)")
    parser.add_argument("--first", type=count(0), default=0, metavar="K",
                        help="play only games K to N-1 of the N (a long match in parts)")
    parser.add_argument("--quiet", action="store_true", help="only the last line")
    parser.add_argument("--cluster", type=cluster_address, metavar="ADDRESS",
                        help="play the games on a Dask cluster (its scheduler's "
                        "tcp://HOST:8786, or 'local'; docs/balance.md): the same games and "
                        "results, the lines in the order the games end, the decision times "
                        "those of the workers' processes")
    add_rules(parser)
    return parser


def _match(parser: Parser, args: argparse.Namespace, catalogue: Catalogue,
           ) -> tuple[list[str], list[tuple[str, ...]]]:
    """The missions and the (A's, B's) fireteam pairings the arguments ask for, each checked
    against the catalogue (a bad one ends the command with the parser's message)."""
    playing = missions_of(catalogue, args.rules)
    missions: list[str] = [args.mission] if args.mission else playing
    teams = sorted(catalogue.fireteams)
    pairs: list[tuple[str, ...]] = [tuple(args.fireteams)] if args.fireteams else \
        [(x, y) for x in teams for y in teams]
    for m in missions:
        known(parser, "--mission", m, playing)
    for pair in pairs:
        for t in pair:
            known(parser, "--fireteams", t, catalogue.fireteams)
    if args.first >= args.games:
        parser.error(f"argument --first: must be below --games ({args.games}), "
                     f"not {args.first}")
    return missions, pairs


Plan = dict[int, tuple[str, tuple[str, str], int, int]]
Result = tuple[int, tuple[Tally, int, tuple[int, int]]]


def _results(args: argparse.Namespace, catalogue: Catalogue, plan: Plan,
             tally: Tally) -> Iterable[Result]:
    """Each planned game's number and result, played here one after another (their times
    going straight into ``tally``) or on the cluster (in the order they end)."""
    if args.cluster:
        from game.cli.dask_table import on_cluster

        calls = [(i, f"arena-{args.a}-{args.b}-{args.rules}-{m}-{x}-{y}-{a_seat}-{seed}",
                  arena_game, (args.a, args.b, args.rules, m, (x, y), a_seat, seed))
                 for i, (m, (x, y), a_seat, seed) in plan.items()]
        return on_cluster(catalogue, args.cluster, None, calls)
    return ((i, arena_game(catalogue, args.a, args.b, args.rules, m, (x, y), a_seat,
                           seed, tally))
            for i, (m, (x, y), a_seat, seed) in plan.items())


def _count(tally: Tally, winner: int, a_seat: int) -> str:
    """Count one game's result in ``tally``; the result as its line gives it."""
    if winner == a_seat:
        tally.wins += 1
        return "A"
    if winner == 0:
        tally.draws += 1
        return "draw"
    tally.losses += 1
    return "B"


def _failed(args: argparse.Namespace, plan: Plan, tally: Tally, error: Exception) -> None:
    """Print which game failed (its number, seed, mission and fireteams) and the error."""
    index = getattr(error, "index", None)
    failed = index if index is not None else args.first + tally.games
    mission, (x, y), a_seat, seed = plan[failed]
    fireteams = (x, y) if a_seat == 1 else (y, x)
    print(f"game {failed} (seed {seed}, {mission}, {fireteams[0]} v {fireteams[1]}) "
          f"failed:")
    traceback.print_exception(error.__cause__ if args.cluster and
                              error.__cause__ is not None else error)


def _summary(args: argparse.Namespace, tally: Tally) -> None:
    """The last lines: A's share (unless quiet), the games without an attack and the
    benchmark line."""
    share, low, high = tally.share()
    if not args.quiet:
        print(f"A's share {100 * share:.1f}% (95% interval {100 * low:.1f}-{100 * high:.1f}%)"
              f" over {tally.games} games")
    turns = statistics.median(tally.turns) if tally.turns else 0.0
    print(f"games without an attack: {tally.quiet_games} of {tally.games}")
    print(f"{args.a} v {args.b}: {tally.wins} wins, {tally.losses} losses, {tally.draws} draws; "
          f"{args.a}'s decisions {_times(tally.decisions)}; "
          f"{args.b}'s decisions {_times(tally.b_decisions)}; turns median {turns:.3f} s")


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    catalogue = load_catalogue()
    missions, pairs = _match(parser, args, catalogue)
    tally = Tally()
    plan = {i: game_plan(i, args.seed, missions, pairs) for i in range(args.first, args.games)}
    results = _results(args, catalogue, plan, tally)
    try:
        for i, (played, winner, vp) in results:
            mission, (x, y), a_seat, seed = plan[i]
            if args.cluster:
                tally.add(played)
            result = _count(tally, winner, a_seat)
            if not args.quiet:
                print(f"game {i}: {mission}, A={args.a} ({x}, seat {a_seat}) v B={args.b} "
                      f"({y}): VP {vp[0]}-{vp[1]}, {result}", flush=True)
    except KeyboardInterrupt:
        # a long match stopped by hand (Ctrl-C): the lines for the games finished
        unfinished = "" if args.cluster else f"game {args.first + tally.games} unfinished, "
        print(f"stopped: {unfinished}{tally.games} games played")
    except Exception as error:
        _failed(args, plan, tally, error)
        return 1
    _summary(args, tally)
    return 0



if __name__ == "__main__":
    sys.exit(main())
