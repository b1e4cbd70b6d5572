"""``python -m game.cli.bench``: full random games per second, and the median time of
``legal_actions()`` and of ``apply()``, in one process."""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence

from game.ai.random_player import RandomPlayer
from game.cli.args import Parser, count
from game.cli.simulate import play_random_game
from game.compiled.guard import status
from game.content import load_catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m game.cli.bench",
                    description="Full random games per second, legal_actions() and apply() "
                                "latency and the cost of Game.clone(), in one process.")
    parser.add_argument("--games", type=count(), default=100, metavar="N",
                        help="full random games to time (default 100)")
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    catalogue = load_catalogue()
    missions = sorted(catalogue.missions)
    teams = sorted(catalogue.fireteams)
    pairs = [(a, b) for a in teams for b in teams]
    # warm the line-of-sight caches, as a long-running client would have them
    for mission in missions:
        game = play_random_game(catalogue, mission, pairs[0], args.seed - 1, check=False)
        game.grid.precompute_sight()
    actions = 0
    start = time.perf_counter()
    for i in range(args.games):
        game = play_random_game(catalogue, missions[i % len(missions)],
                                pairs[i % len(pairs)], args.seed + i, check=False)
        actions += len(game.log)
    elapsed = time.perf_counter() - start
    every, built, stale = status()
    print(f"engine: {built - len(stale)} of {every} modules compiled "
          f"(python -m game.cli.compiled says which)")
    print(f"full random games: {args.games / elapsed:.1f} per second "
          f"({args.games} games, {actions / args.games:.0f} actions each, {elapsed:.2f} s), "
          f"{actions / elapsed:,.0f} actions per second")
    # legal_actions() timed on fresh positions (its cache emptied each time), and apply()
    # of the action chosen there
    timings: list[float] = []
    applying: list[float] = []
    for i in range(20):
        game = Game.new(catalogue, missions[i % len(missions)], pairs[i % len(pairs)],
                        RandomDice(args.seed + i))
        player = RandomPlayer(i)
        while not game.is_over:
            game.invalidate()
            t0 = time.perf_counter()
            game.legal_actions()
            timings.append(time.perf_counter() - t0)
            action = player.choose(game)
            t0 = time.perf_counter()
            game.apply(action)
            applying.append(time.perf_counter() - t0)
    median = statistics.median(timings) * 1000
    p95 = sorted(timings)[int(len(timings) * 0.95)] * 1000
    print(f"legal_actions(): median {median:.3f} ms, 95th percentile {p95:.3f} ms "
          f"over {len(timings)} positions")
    median = statistics.median(applying) * 1000
    p95 = sorted(applying)[int(len(applying) * 0.95)] * 1000
    print(f"apply(): median {median:.3f} ms, 95th percentile {p95:.3f} ms over the same "
          f"{len(applying)} actions (each with all that follows it by itself)")
    # the cost of a copy for search, mid-game
    game = Game.new(catalogue, missions[0], pairs[0], RandomDice(args.seed))
    player = RandomPlayer(args.seed)
    for _ in range(60):
        game.apply(player.choose(game))
    clones = 2000
    t0 = time.perf_counter()
    for _ in range(clones):
        game.clone()
    per_clone = (time.perf_counter() - t0) / clones * 1000
    print(f"clone(): {per_clone:.4f} ms mid-game ({len(game.events)} events so far)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
