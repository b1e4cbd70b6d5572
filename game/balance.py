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
         seed: int) -> Game:
    """One game between two computer players of ``level``."""
    game = Game.new(catalogue, mission, teams, RandomDice(seed))
    players = {p: player_for(level, seed * 2 + p) for p in (1, 2)}
    while not game.is_over:
        seat = game.state.to_act
        game.apply(players[seat].choose(game.view(seat)))
    return game


def run(catalogue: Catalogue, level: str, games: int, seed: int) -> Table:
    """``games`` games for each pairing of fireteams (mirrors included), seats alternated,
    missions in turn."""
    teams = sorted(catalogue.fireteams)
    missions = sorted(catalogue.missions)
    table = Table(teams)
    n = 0
    for i, a in enumerate(teams):
        for b in teams[i:]:
            for k in range(games):
                pair = (a, b) if k % 2 == 0 else (b, a)
                mission = missions[(n + k) % len(missions)]
                game = play(catalogue, mission, pair, level, seed + n * 7919 + k)
                winner = game.winner or 0
                for p, me, them in ((1, pair[0], pair[1]), (2, pair[1], pair[0])):
                    points = 1.0 if winner == p else 0.5 if winner == 0 else 0.0
                    table.cells.setdefault((me, them), Tally()).add(points)
                first = game.state.rolloff_winner
                points = 1.0 if winner == first else 0.5 if winner == 0 else 0.0
                table.seats.setdefault(mission, Tally()).add(points)
                table.games += 1
            n += games
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
    unfair = table.unfair()
    lines += ["", "## Verdict", ""]
    if unfair:
        lines += [f"- {a} v {b}: {100 * s:.0f}% ({100 * lo:.0f}–{100 * hi:.0f})"
                  for a, b, s, lo, hi in unfair]
    else:
        lines.append("No cell's whole 99 % interval lies outside 40–60 %: no card changes "
                     "are called for at this level.")
    return "\n".join(lines) + "\n"


def main(catalogue: Catalogue, level: str, games: int, seed: int,
         argv: Sequence[str], out: Path) -> int:
    start = time.perf_counter()
    table = run(catalogue, level, games, seed)
    command = "python -m game.simulate " + " ".join(argv)
    text = markdown(table, command, time.perf_counter() - start, level)
    out.write_text(text, encoding="utf-8")
    print(text)
    return 1 if table.unfair() else 0
