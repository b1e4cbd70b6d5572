"""``python -m game.analysis FILE [--seat N] [--top K]``, ``--planted [--seed S]`` and
``--bench N [--seed S]`` (docs/analysis.md).

- FILE: a save (``.json``), an autosave's journal (``.jsonl``) or a scenario file with its
  actions (``.yaml``): the costliest decisions of the seat, each with the choice made, the
  better one, the VP each was worth and why, then the decisions where the best move was
  found.
- ``--planted``: a worse move planted in place of each tactical position's answer; prints a
  line per position and last ``analysis: found N/M planted mistakes``.
- ``--bench N``: N games between two ``greedy`` computer players (the arena's missions and
  fireteams in turn), each analysed for seat 1; prints each game's analysis time (processor
  seconds) and last ``analysis bench: median X s over N games (D decisions a game)``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from game.analysis.core import (
    Analysis,
    AnalysisError,
    Record,
    Settings,
    analyse,
    record_from_file,
    record_from_game,
)
from game.analysis.reasons import describe
from game.cli.args import Parser, count, existing_path, fail
from game.content import load_catalogue
from game.engine import Catalogue, Game, RandomDice, RuleSet, missions_of

BENCH_LEVEL = "greedy"  # the players of the bench's games (quick to play; the analysis is timed)


def report(record: Record, analysis: Analysis) -> list[str]:
    """The analysis as lines of text for a player."""
    seat = analysis.seat
    name = record.names.get(seat, f"Player {seat}")
    lines = [f"{name} (seat {seat}): {len(analysis.decisions)} decisions analysed, the best "
             f"move found in {len(analysis.found)}."]
    top = analysis.top
    if not top:
        lines.append("No decision cost anything the analysis could measure.")
    for rank, decision in enumerate(top, 1):
        game = record.game_at(decision.index)
        made = describe(game, decision.made.action, record.names)
        better = describe(game, decision.best.action, record.names)
        lines += [f"{rank}. Turning point {decision.turning_point}, action "
                  f"{decision.index + 1}: cost {decision.cost:.1f} VP (± "
                  f"{decision.spread:.1f})",
                  f"   played: {made} (worth {decision.made.worth:+.1f} VP)",
                  f"   better: {better} (worth {decision.best.worth:+.1f} VP)",
                  f"   why: {decision.reason}"]
    if analysis.found:
        shown = ", ".join(str(d.index + 1) for d in analysis.found[:20])
        more = "" if len(analysis.found) <= 20 else f" and {len(analysis.found) - 20} more"
        lines.append(f"The best move was found at actions {shown}{more}.")
    return lines


def bench_games(catalogue: Catalogue, games: int, seed: int) -> list[Game]:
    """``games`` finished games between two :data:`BENCH_LEVEL` players, the arena's missions and
    fireteam pairings in turn (Fireteam rules)."""
    from game.ai.arena import game_plan
    from game.ai.players import player_for

    missions = missions_of(catalogue, RuleSet.FIRETEAM)
    teams = sorted(catalogue.fireteams)
    pairs = [(x, y) for x in teams for y in teams]
    out = []
    for i in range(games):
        mission, fireteams, _, game_seed = game_plan(i, seed, missions, pairs)
        game = Game.new(catalogue, mission, fireteams, RandomDice(game_seed))
        players = {s: player_for(BENCH_LEVEL, game_seed * 2 + s) for s in (1, 2)}
        while not game.is_over:
            game.apply(players[game.to_act].choose(game.view(game.to_act)))
        out.append(game)
    return out


def bench(catalogue: Catalogue, games: int, seed: int, settings: Settings) -> int:
    times, counts = [], []
    for n, game in enumerate(bench_games(catalogue, games, seed)):
        record = record_from_game(game)
        start = time.process_time()
        analysis = analyse(record, 1, 3, settings)
        spent = time.process_time() - start
        times.append(spent)
        counts.append(len(analysis.decisions))
        print(f"game {n + 1} ({game.config.mission.id if game.config.mission else '?'}): "
              f"{len(analysis.decisions)} decisions of seat 1 analysed in {spent:.1f} s",
              flush=True)
    print(f"analysis bench: median {statistics.median(times):.1f} s over {games} games "
          f"({statistics.median(counts):.0f} decisions a game; slowest {max(times):.1f} s)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m game.analysis",
                    description="The costliest decisions of one seat in a recorded game.")
    parser.add_argument("file", nargs="?", type=existing_path, metavar="FILE",
                        help="a save (.json), an autosave's journal (.jsonl) or a scenario "
                             "file with actions (.yaml)")
    parser.add_argument("--seat", type=count(1, 2), default=None,
                        help="the seat analysed (default: the player of the file's last "
                             "action)")
    parser.add_argument("--top", type=count(1, 20), default=3,
                        help="how many of the costliest decisions to show (default 3)")
    parser.add_argument("--planted", action="store_true",
                        help="plant a worse move in each tactical position and count how "
                             "many the analysis finds")
    parser.add_argument("--bench", type=count(1, 100), default=None, metavar="N",
                        help="time the analysis of N computer games for seat 1")
    parser.add_argument("--seed", type=int, default=1,
                        help="the seed of the planted mistakes, the bench games and the "
                             "analysis's rebuilt games (default 1)")
    args = parser.parse_args(argv)
    modes = sum(x for x in (args.file is not None, args.planted, args.bench is not None))
    if modes != 1:
        parser.error("name one FILE, or --planted, or --bench N")
    settings = Settings(seed=args.seed)
    catalogue = load_catalogue()
    if args.planted:
        from game.ai.puzzles import POSITIONS, PuzzleError
        from game.analysis.planted import run

        if not POSITIONS.is_dir():
            return fail(parser.prog, f"no puzzle folder {POSITIONS} (run it from a checkout)")
        try:
            found, total = run([POSITIONS], catalogue, args.seed, settings)
        except PuzzleError as error:
            print(error, file=sys.stderr)
            return 2
        print(f"analysis: found {found}/{total} planted mistakes")
        return 0
    if args.bench is not None:
        return bench(catalogue, args.bench, args.seed, settings)
    try:
        record = record_from_file(Path(args.file), catalogue)
    except AnalysisError as error:
        return fail(parser.prog, str(error))
    seat = args.seat or (record.actions[-1].player if record.actions else 1)
    analysis = analyse(record, seat, args.top, settings)
    print("\n".join(report(record, analysis)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
