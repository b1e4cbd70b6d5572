"""The balance table: every fireteam against every other (mirrors included) over all the
missions in turn, seats alternated, played by computer players of one level; each cell's win
share with its 99 % interval, and the seat result per mission (the roll-off winner against the
loser). ``python -m game.simulate --table --players LEVEL --games N --seed S`` writes it to
``docs/balance.md``."""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.ai.players import player_for
from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.ruleset import plays

Z99 = 2.576  # the normal quantile of a two-sided 99 % interval
FAIR = (0.40, 0.60)  # a cell is unfair only when its whole interval lies outside this


def wilson(share: float, n: int, z: float = Z99) -> tuple[float, float]:
    """The Wilson score interval of a share over ``n`` games."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Tally:
    games: int = 0
    points: float = 0.0  # wins, draws counting half

    def add(self, points: float) -> None:
        self.games += 1
        self.points += points

    @property
    def share(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass
class Table:
    teams: list[str]
    cells: dict[tuple[str, str], Tally] = field(default_factory=dict)
    seats: dict[str, Tally] = field(default_factory=dict)  # mission -> roll-off winner's share
    # (fireteam, mission) -> the fireteam's share on that mission against the others
    missions: dict[tuple[str, str], Tally] = field(default_factory=dict)
    games: int = 0

    def unfair(self) -> list[tuple[str, str, float, float, float]]:
        out = []
        for (a, b), tally in sorted(self.cells.items()):
            if a == b:
                continue
            low, high = wilson(tally.share, tally.games)
            if high < FAIR[0] or low > FAIR[1]:
                out.append((a, b, tally.share, low, high))
        return out


def play(catalogue: Catalogue, mission: str, teams: tuple[str, str], level: str,
         seed: int, rules: str = "fireteam") -> Game:
    """One game between two computer players of ``level`` under ``rules``."""
    game = Game.new(catalogue, mission, teams, RandomDice(seed), rules=rules)
    players = {p: player_for(level, seed * 2 + p) for p in (1, 2)}
    while not game.is_over:
        seat = game.state.to_act
        game.apply(players[seat].choose(game.view(seat)))
    return game


_CATALOGUE: Catalogue | None = None  # a worker process's copy of the table's content


def _start_worker(catalogue: Catalogue) -> None:
    global _CATALOGUE
    _CATALOGUE = catalogue


def _one(spec: tuple[str, tuple[str, str], str, int, str]) -> tuple[int | None, int]:
    """Play one game of the table in a worker: (winner, roll-off winner)."""
    mission, pair, level, seed, rules = spec
    assert _CATALOGUE is not None
    game = play(_CATALOGUE, mission, pair, level, seed, rules)
    return game.winner, game.state.rolloff_winner


def points(winner: int, player: int) -> float:
    """What one game is worth to ``player``: 1 for a win, a half for a draw (winner 0)."""
    return 1.0 if winner == player else 0.5 if winner == 0 else 0.0


def schedule(teams: Sequence[str], missions: Sequence[str], games: int,
             seed: int) -> list[tuple[str, tuple[str, str], int]]:
    """Every game of the table as (mission, (player 1's fireteam, player 2's), seed): for each
    pairing (mirrors included) ``games`` games: each mission in turn twice running, the
    fireteams swapping seats between the two, so every mission is played from both seats."""
    out = []
    for i, a in enumerate(teams):
        for b in teams[i:]:
            n = len(out)
            for k in range(games):
                pair = (a, b) if k % 2 == 0 else (b, a)
                out.append((missions[(k // 2) % len(missions)], pair, seed + n * 7919 + k))
    return out


def run(catalogue: Catalogue, level: str, games: int, seed: int, jobs: int = 1,
        rules: str = "fireteam") -> Table:
    """``games`` games for each pairing of fireteams (mirrors included), seats alternated,
    missions in turn (those ``rules`` can play); ``jobs`` worker processes (the result does
    not depend on it)."""
    teams = sorted(catalogue.fireteams)
    table = Table(teams)
    missions = sorted(m for m, mission in catalogue.missions.items()
                      if plays(rules, mission.kill_team))
    specs = schedule(teams, missions, games, seed)
    if jobs > 1:
        import multiprocessing
        # spawned, not forked: a fork copies whatever locks other threads of this process
        # hold at that moment, and a worker could wait on one for ever
        with multiprocessing.get_context("spawn").Pool(
                jobs, initializer=_start_worker, initargs=(catalogue,)) as pool:
            results = pool.map(_one, [(m, pair, level, s, rules) for m, pair, s in specs],
                               chunksize=4)
    else:
        results = [(g.winner, g.state.rolloff_winner)
                   for g in (play(catalogue, m, pair, level, s, rules)
                             for m, pair, s in specs)]
    for (mission, pair, _), (won, first) in zip(specs, results, strict=True):
        winner = won or 0
        for p, me, them in ((1, pair[0], pair[1]), (2, pair[1], pair[0])):
            table.cells.setdefault((me, them), Tally()).add(points(winner, p))
            if me != them:
                table.missions.setdefault((me, mission), Tally()).add(points(winner, p))
        table.seats.setdefault(mission, Tally()).add(points(winner, first))
        table.games += 1
    return table


def markdown(table: Table, command: str, seconds: float, level: str) -> str:
    """``docs/balance.md``'s text."""
    lines = ["# Balance", "",
             f"Made by `{command}` on {time.strftime('%Y-%m-%d')}: {table.games} games between "
             f"two computer players of the `{level}` level, every fireteam against every other "
             "(mirrors included), seats alternated, the missions in turn; "
             f"{seconds / 60:.1f} minutes on the project's 2-core machine.", "",
             "Each cell is the row fireteam's share of the games against the column fireteam "
             "(draws count half), with its 99 % interval. A cell is unfair only when its whole "
             "interval lies outside 40–60 %; those are marked **bold**.", ""]
    teams = table.teams
    lines.append("| row v column | " + " | ".join(teams) + " |")
    lines.append("|---" * (len(teams) + 1) + "|")
    for a in teams:
        cells = []
        for b in teams:
            tally = table.cells[(a, b)] if (a, b) in table.cells else Tally()
            if a == b:
                cells.append("mirror")
                continue
            low, high = wilson(tally.share, tally.games)
            text = f"{100 * tally.share:.0f}% ({100 * low:.0f}–{100 * high:.0f})"
            unfair = high < FAIR[0] or low > FAIR[1]
            cells.append(f"**{text}**" if unfair else text)
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    games = {k: t.games for k, t in table.cells.items()}
    lines += ["", f"Games per cell: {min(games.values())}–{max(games.values())}.", "",
              "## Seats: the roll-off winner's share, per mission", "",
              "| mission | games | roll-off winner's share (99 % interval) |", "|---|---|---|"]
    for mission, tally in sorted(table.seats.items()):
        low, high = wilson(tally.share, tally.games)
        lines.append(f"| {mission} | {tally.games} | {100 * tally.share:.0f}% "
                     f"({100 * low:.0f}–{100 * high:.0f}) |")
    missions = sorted(table.seats)
    lines += ["", "## Each fireteam's share per mission (against the other fireteams)", "",
              "| fireteam | " + " | ".join(missions) + " |", "|---" * (len(missions) + 1) + "|"]
    for a in teams:
        row = [f"{100 * table.missions[(a, m)].share:.0f}%" if (a, m) in table.missions
               else "–" for m in missions]
        lines.append(f"| {a} | " + " | ".join(row) + " |")
    unfair = table.unfair()
    lines += ["", "## Verdict", ""]
    if unfair:
        lines += [f"- {a} v {b}: {100 * s:.0f}% ({100 * lo:.0f}–{100 * hi:.0f})"
                  for a, b, s, lo, hi in unfair]
    else:
        lines.append("No cell's whole 99 % interval lies outside 40–60 %: no card changes "
                     "are called for at this level.")
    return "\n".join(lines) + "\n"


HISTORY = "<!-- balance history: kept when the table is made again -->"


def main(catalogue: Catalogue, level: str, games: int, seed: int,
         argv: Sequence[str], out: Path, jobs: int = 1, rules: str = "fireteam") -> int:
    """Play the table and write it to ``out``, keeping whatever follows the ``HISTORY``
    marker there (the record of card changes with their before and after tables)."""
    start = time.perf_counter()
    table = run(catalogue, level, games, seed, jobs, rules)
    command = "python -m game.simulate " + " ".join(argv)
    text = markdown(table, command, time.perf_counter() - start, level)
    print(text)
    old = out.read_text(encoding="utf-8") if out.exists() else ""
    if HISTORY in old:
        text += "\n" + old[old.index(HISTORY):]
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)
    return 1 if table.unfair() else 0
