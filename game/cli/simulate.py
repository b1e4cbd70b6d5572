"""``python -m game.cli.simulate --games N --seed S [--mission M] [--fireteams X Y] [--rules R]``
``python -m game.cli.simulate --campaign --seed S [--fireteams X Y]``

Plays whole games between two random players, checks the invariants after every action,
prints a summary and exits non-zero on any exception or broken invariant.
"""

from __future__ import annotations

import argparse
import sys
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.ai.random_player import RandomPlayer
from game.cli.args import Parser, add_rules, count, fail, known, level, output_file
from game.cli.dask_table import cluster_address
from game.content import ContentError, load_catalogue, suggestion
from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.invariants import broken_invariants
from game.engine.rulesets import missions_of

MAX_ACTIONS = 5000


class InvariantError(AssertionError):
    pass


@dataclass
class Summary:
    games: int = 0
    wins: dict[int, int] = field(default_factory=lambda: {0: 0, 1: 0, 2: 0})
    vp: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    actions: int = 0


def play_random_game(catalogue: Catalogue, mission: str, fireteams: tuple[str, str],
                     seed: int, check: bool = True, rules: str = "fireteam") -> Game:
    """One whole game between random players under ``rules``; raises InvariantError on a
    broken invariant."""
    game = Game.new(catalogue, mission, fireteams, RandomDice(seed), rules=rules)
    players = {1: RandomPlayer(seed * 2 + 1), 2: RandomPlayer(seed * 2 + 2)}
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            return game
        before = game.vp if check else None
        action = players[game.to_act].choose(game)
        game.apply(action)
        if before is not None:
            problems = broken_invariants(game, before)
            if problems:
                raise InvariantError(f"after '{action}': " + "; ".join(problems))
    raise InvariantError(f"the game did not end within {MAX_ACTIONS} actions")


def missions_for(catalogue: Catalogue, rules: str) -> list[str]:
    """The missions the rule set can play, sorted."""
    return missions_of(catalogue, rules)


def balance_table(games: int, seed: int, rules: str = "fireteam") -> int:
    """Win rates of every fireteam against every other (both seats), as a Markdown table.
    A game counts half a win for each side when drawn."""
    catalogue = load_catalogue()
    missions = missions_for(catalogue, rules)
    teams = sorted(catalogue.fireteams)
    score: dict[tuple[str, str], float] = {}
    played: dict[tuple[str, str], int] = {}
    seat = {0: 0, 1: 0, 2: 0}
    n = 0
    for a in teams:
        for b in teams:
            for i in range(games):
                game_seed = seed + n
                n += 1
                mission = missions[i % len(missions)]
                try:
                    game = play_random_game(catalogue, mission, (a, b), game_seed,
                                            rules=rules)
                except Exception:
                    print(f"seed {game_seed}, {mission}, {a} v {b} failed:")
                    traceback.print_exc()
                    return 1
                assert game.winner is not None
                seat[game.winner] += 1
                for me, them, p in ((a, b, 1), (b, a, 2)):
                    won = 1.0 if game.winner == p else 0.5 if game.winner == 0 else 0.0
                    score[(me, them)] = score.get((me, them), 0.0) + won
                    played[(me, them)] = played.get((me, them), 0) + 1
    print(f"{n} games ({games} per ordered pair, missions in turn); player 1 won "
          f"{seat[1]}, player 2 won {seat[2]}, {seat[0]} drawn\n")
    print("| win rate of row v column | " + " | ".join(teams) + " |")
    print("|---" * (len(teams) + 1) + "|")
    worst = 0.0
    for a in teams:
        cells = []
        for b in teams:
            rate = score[(a, b)] / played[(a, b)]
            if a != b:
                worst = max(worst, rate)
            cells.append(f"{100 * rate:.0f}%")
        print(f"| {a} | " + " | ".join(cells) + " |")
    print(f"\nhighest win rate of one fireteam against another: {100 * worst:.0f}%")
    return 0


def play_random_campaign(seed: int, fireteams: Sequence[str] | None = None) -> int:
    """A whole campaign between random players (random fireteams unless given), in memory:
    prints the winner and the mission history; 1 on any error."""
    from game.engine.dice import SplitMix64
    from game.services.campaign import Campaign, Profile, history_lines, play_campaign

    try:
        catalogue = load_catalogue()
    except ContentError as error:
        print(f"the shipped content has errors:\n{error}", file=sys.stderr)
        return 2
    teams = sorted(catalogue.fireteams)
    if fireteams:
        for team in fireteams:
            if team not in catalogue.fireteams:
                return fail("python -m game.cli.simulate",
                            f"argument --fireteams: unknown fireteam "
                            f"{team!r}{suggestion(team, teams)}; choose from {', '.join(teams)}")
        chosen = {1: fireteams[0], 2: fireteams[1]}
    else:
        rng = SplitMix64(seed ^ 0x7EA3)
        chosen = {1: teams[rng.below(len(teams))], 2: teams[rng.below(len(teams))]}
    players = {1: Profile("random_1", "Random 1"), 2: Profile("random_2", "Random 2")}
    try:
        campaign = Campaign.start(catalogue, players, chosen, seed=seed,
                                  seats={1: "computer", 2: "computer"})
        play_campaign(campaign, seed)
    except Exception:  # report any failure with the seed that reproduces it
        print(f"campaign (seed {seed}, {chosen[1]} v {chosen[2]}) failed:")
        traceback.print_exc()
        return 1
    winner = campaign.winner
    print(f"campaign (seed {seed}): {chosen[1]} v {chosen[2]}: "
          f"{campaign.players[winner]['name']} ({chosen[winner]}) wins after "
          f"{len(campaign.history)} missions")
    for line in history_lines(campaign):
        print(line)
    return 0


def _parser() -> Parser:
    parser = Parser(prog="python -m game.cli.simulate",
                    description="Random games with invariant checks, a campaign, or the "
                                "win-rate tables.")
    parser.add_argument("--games", type=count(), default=20, metavar="N")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--mission", help="a mission id (default: every mission in turn)")
    parser.add_argument("--fireteams", nargs=2, metavar=("X", "Y"),
                        help="two fireteam ids (default: every pairing in turn; with --table "
                             "--players: only the games between these two, no mirrors)")
    parser.add_argument("--table", action="store_true",
                        help="play --games games for EVERY ordered pair of fireteams (mirror "
                             "matches included), spread over the missions, and print the "
                             "win-rate table")
    parser.add_argument("--players", metavar="LEVEL", type=level,
                        help="with --table: computer players of this level (easy, normal, "
                             "hard, greedy, random) instead of random players, writing the "
                             "balance table with 99%% intervals to --out")
    parser.add_argument("--out", type=output_file(".md"), metavar="FILE.md",
                        help="with --players: the file to write (a checkout's shipped one is "
                             "docs/balance.md; default: balance.md in the user data folder)")
    parser.add_argument("--jobs", type=count(1, 64), metavar="J",
                        help="with --players: worker processes (default 1; with --cluster "
                             "local, the local cluster's workers, default one per core; the "
                             "table does not depend on it)")
    parser.add_argument("--cluster", type=cluster_address, metavar="ADDRESS",
                        help="with --players: play the games on a Dask cluster, its "
                             "scheduler's tcp://HOST:8786, or 'local' for a local cluster "
                             "(needs the 'cluster' extra; docs/balance.md; the table does not "
                             "depend on it)")
    parser.add_argument("--partial", type=output_file(".jsonl"), metavar="FILE.jsonl",
                        help="with --players: a journal of the table's finished games; a run "
                             "given the same journal plays only the games it does not list "
                             "(an interrupted table goes on where it stopped)")
    parser.add_argument("--limit", type=count(), metavar="N",
                        help="with --partial: play at most N more games, then stop (the table "
                             "is written once every game is in the journal)")
    parser.add_argument("--campaign", action="store_true",
                        help="play one whole campaign between random players (seed --seed, "
                             "fireteams --fireteams or random) and print its history")
    add_rules(parser)
    return parser


def _check_combinations(parser: Parser, args: argparse.Namespace) -> None:
    """Stop (with the usage) on options given without the ones they go with."""
    if args.campaign and args.rules != "fireteam":
        parser.error("argument --rules: a campaign is played under the Fireteam rules")
    if args.players and not args.table:
        parser.error("argument --players: only with --table")
    if (args.out or args.jobs is not None or args.partial or args.cluster) \
            and not args.players:
        parser.error("arguments --out, --jobs, --partial and --cluster: only with --table "
                     "--players LEVEL")
    if args.jobs is not None and args.cluster not in (None, "local"):
        parser.error("argument --jobs: a remote cluster has the workers it was given (start "
                     "more with `dask worker`)")
    if args.table and args.players and args.fireteams and args.partial:
        parser.error("argument --fireteams: a table of one pairing is played in one run "
                     "(not with --partial)")
    if args.limit and not args.partial:
        parser.error("argument --limit: only with --partial FILE.jsonl")


def _balance_table_with_players(parser: Parser, args: argparse.Namespace,
                                argv: Sequence[str] | None) -> int:
    """``--table --players LEVEL``: the balance table of computer players."""
    from game.cli.balance import main as balance
    from game.services.userdata import data_folder

    catalogue = load_catalogue()
    for team in args.fireteams or ():
        known(parser, "--fireteams", team, sorted(catalogue.fireteams))
    if args.fireteams and args.fireteams[0] == args.fireteams[1]:
        parser.error("argument --fireteams: two different fireteams (a mirror is 50 %)")
    out = args.out or data_folder() / "balance.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    return balance(catalogue, args.players, args.games, args.seed,
                   list(sys.argv[1:] if argv is None else argv), out,
                   args.jobs or (None if args.cluster else 1), args.partial, args.limit,
                   rules=args.rules, pairing=args.fireteams, cluster=args.cluster)


def _random_games(parser: Parser, args: argparse.Namespace) -> int:
    """Random games with invariant checks, and a summary of who won."""
    try:
        catalogue = load_catalogue()
    except ContentError as error:
        print(f"the shipped content has errors:\n{error}", file=sys.stderr)
        return 2
    known_missions = missions_for(catalogue, args.rules)
    teams = sorted(catalogue.fireteams)
    missions = [args.mission] if args.mission else known_missions
    pairs = [tuple(args.fireteams)] if args.fireteams else [(a, b) for a in teams for b in teams]
    for name in missions:
        known(parser, "--mission", name, known_missions)
    for pair in pairs:
        for team in pair:
            known(parser, "--fireteams", team, teams)
    summary = Summary()
    by_team: dict[str, list[int]] = {}
    for i in range(args.games):
        seed = args.seed + i
        mission = missions[i % len(missions)]
        pair = pairs[(i // len(missions)) % len(pairs)]
        try:
            game = play_random_game(catalogue, mission, (pair[0], pair[1]), seed,
                                    rules=args.rules)
        except Exception:  # report any failure with the seed that reproduces it
            print(f"game {i} (seed {seed}, {mission}, {pair[0]} v {pair[1]}) failed:")
            traceback.print_exc()
            return 1
        summary.games += 1
        assert game.winner is not None
        summary.wins[game.winner] += 1
        for p in (1, 2):
            summary.vp[p] += game.vp[p]
            stats = by_team.setdefault(pair[p - 1], [0, 0])
            stats[0] += 1
            stats[1] += game.winner == p
        summary.actions += len(game.log)
    n = max(1, summary.games)
    print(f"{summary.games} games: player 1 won {summary.wins[1]}, player 2 won "
          f"{summary.wins[2]}, {summary.wins[0]} drawn; mean VP {summary.vp[1] / n:.2f} to "
          f"{summary.vp[2] / n:.2f}; mean actions per game {summary.actions / n:.1f}")
    for team, (played, won) in sorted(by_team.items()):
        print(f"  {team}: won {won} of {played} sides played ({100 * won / played:.0f}%)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    _check_combinations(parser, args)
    if args.campaign:
        return play_random_campaign(args.seed, args.fireteams)
    if args.table and args.players:
        return _balance_table_with_players(parser, args, argv)
    if args.table:
        return balance_table(args.games, args.seed, args.rules)
    return _random_games(parser, args)

if __name__ == "__main__":
    sys.exit(main())
