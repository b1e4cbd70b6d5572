"""``python -m game.ai.arena --a LEVEL --b LEVEL --games N --seed S [--mission M]
[--fireteams X Y] [--first K]``

Computer against computer, seats alternated (A is player 1 in even games; games 2k and 2k+1
are the same mission and fireteams from both seats), missions and fireteams in turn unless
given (every shipped mission pack: the Fireteam missions and the Kill
Team classic ``kt_*`` ones). Each player sees only ``game.view(seat)``. Every game is fixed by
its number and the seed, so a long match can be run in parts: ``--first K`` plays only games K
to N-1 of the N (the same games as in one run; add up the parts' wins, losses and draws), and
one stopped by Ctrl-C still prints its last lines for the games it finished (the decision times
then include those of the unfinished game).
Exits non-zero on any engine error. The line before the last counts the games in which nobody
attacked: ``games without an attack: N of G``. The last line reads, from A's side:
``A v B: W wins, L losses, D draws; A's decisions median X s, p95 Y s; B's decisions median
X s, p95 Y s; turns median Z s`` where decision times count only decisions with more than one
legal action (conceding and agreeing a result aside) and a turn is one of A's activations,
from its first action to its last. Times are the processor time the arena's process spends
deciding (``time.process_time``): on an idle machine that is the wall-clock time a player
waits, and on a shared one it leaves out the time other jobs take. This last line is the
shipped benchmark of the levels' speed targets (docs/ai.md).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from game.ai.common import playable
from game.ai.players import LEVEL_NAMES, player_for
from game.cli.args import Parser, add_rules, count, known, level
from game.cli.dask_table import cluster_address
from game.content import load_catalogue
from game.engine import (
    Activate,
    Attack,
    Catalogue,
    Game,
    Order,
    RandomDice,
    missions_of,
    opponent,
)

MAX_ACTIONS = 5000


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    decisions: list[float] = field(default_factory=list)  # A's non-forced decisions
    b_decisions: list[float] = field(default_factory=list)  # B's non-forced decisions
    quiet_games: int = 0  # games in which nobody attacked
    turns: list[float] = field(default_factory=list)  # A's activations, thinking time

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    def add(self, other: Tally) -> None:
        """Another tally's times and quiet games (its results are counted by the caller)."""
        self.decisions += other.decisions
        self.b_decisions += other.b_decisions
        self.turns += other.turns
        self.quiet_games += other.quiet_games

    def share(self) -> tuple[float, float, float]:
        """A's share (draws half) with a 95 % Wilson interval."""
        n = self.games
        if n == 0:
            return 0.0, 0.0, 0.0
        p = (self.wins + 0.5 * self.draws) / n
        z = 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return p, max(0.0, centre - half), min(1.0, centre + half)


def play(game: Game, players: dict[int, object], a_seat: int, tally: Tally) -> None:
    """Play ``game`` to its end; the thinking times and whether anybody attacked go into
    ``tally``."""
    turn_time = 0.0
    in_turn = False
    attacked = False
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            if not attacked:
                tally.quiet_games += 1
            return
        seat = game.to_act
        view = game.view(seat)
        start = time.process_time()  # the deciding process's own time (see the module)
        action = players[seat].choose(view)  # type: ignore[attr-defined]
        spent = time.process_time() - start
        attacked = attacked or isinstance(action, Attack)
        if seat != a_seat and len(playable(view.legal_actions)) > 1:
            tally.b_decisions.append(spent)
        if seat == a_seat:
            if len(playable(view.legal_actions)) > 1:
                tally.decisions.append(spent)
            if isinstance(action, (Activate, Order)):
                in_turn, turn_time = True, 0.0
            if in_turn:
                turn_time += spent
        game.apply(action)
        if in_turn and (game.state.active is None or game.is_over):
            tally.turns.append(turn_time)
            in_turn = False
    raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")


def _p95(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def pairing(i: int, pairs: Sequence[tuple[str, ...]]) -> tuple[str, ...]:
    """Game ``i``'s fireteams (A's, B's): each pairing for two games running, the pairings
    taken in steps of 7 or the next number prime to their count, so every pairing comes up
    (with 7 fireteams, steps of 7 gave B the first fireteam in every game)."""
    step = 7
    while math.gcd(step, len(pairs)) != 1:
        step += 1
    return pairs[(i // 2) * step % len(pairs)]


def game_plan(i: int, seed: int, missions: Sequence[str],
              pairs: Sequence[tuple[str, ...]]) -> tuple[str, tuple[str, str], int, int]:
    """Game ``i`` of a match: its mission, A's and B's fireteams, A's seat and its seed.
    Games 2k and 2k+1 are one mission and one pairing from both seats: a mission that
    favours a seat favours A and B alike."""
    x, y = pairing(i, pairs)
    return missions[(i // 2) % len(missions)], (x, y), 1 if i % 2 == 0 else 2, seed + i


def arena_game(catalogue: Catalogue, a: str, b: str, rules: str, mission: str,
               teams: tuple[str, str], a_seat: int, seed: int,
               tally: Tally | None = None) -> tuple[Tally, int, tuple[int, int]]:
    """One game of a match (here, or as a task on a cluster): the tally of its times (into
    ``tally`` when given), its winner (0: a draw) and A's VP and B's."""
    tally = tally if tally is not None else Tally()
    x, y = teams
    fireteams = (x, y) if a_seat == 1 else (y, x)
    players = {a_seat: player_for(a, seed * 2 + 1), opponent(a_seat): player_for(b, seed * 2 + 2)}
    game = Game.new(catalogue, mission, fireteams, RandomDice(seed), rules=rules)
    play(game, players, a_seat, tally)
    return tally, game.winner or 0, (game.vp[a_seat], game.vp[opponent(a_seat)])


def _times(values: list[float]) -> str:
    med = statistics.median(values) if values else 0.0
    return f"median {med:.3f} s, p95 {_p95(values):.3f} s"


def _parser() -> Parser:
    parser = Parser(prog="python -m game.ai.arena",
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
