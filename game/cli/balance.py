"""The balance table: every fireteam against every other (mirrors included) over all the
missions in turn, seats alternated, played by computer players of one level; each cell's win
share with its 99 % interval, and the seat result per mission (the roll-off winner against the
loser). ``python -m game.cli.simulate --table --players LEVEL --games N --seed S`` writes it to
``docs/balance.md``.

A table played by searching levels takes hours, so it can be played in parts: with a journal
(``--partial FILE.jsonl``) every finished game is appended to the file as it ends (a first
line names the table: level, games, seed, fireteams, missions), and a run given the same
journal plays only the games it does not list yet; ``--limit N`` stops after N new games. The
table, made once every game is in the journal, does not depend on how the run was split or on
``--jobs``."""

from __future__ import annotations

import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from game.ai.players import player_for
from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.rulesets import missions_of

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


def _one(spec: tuple[int, str, tuple[str, str], str, int, str]) -> tuple[int, int, int]:
    """Play one game of the table in a worker: (its index, winner, roll-off winner)."""
    index, mission, pair, level, seed, rules = spec
    assert _CATALOGUE is not None
    game = play(_CATALOGUE, mission, pair, level, seed, rules)
    return index, game.winner or 0, game.state.rolloff_winner


class JournalError(Exception):
    """A journal that belongs to another table or cannot be read: the message names the file
    and line."""


def _header(level: str, games: int, seed: int, teams: Sequence[str],
            missions: Sequence[str], rules: str = "fireteam") -> dict[str, object]:
    header: dict[str, object] = {"balance_journal": 1, "level": level, "games": games,
                                 "seed": seed, "fireteams": list(teams),
                                 "missions": list(missions)}
    if rules != "fireteam":
        header["rules"] = rules
    return header


def _missions(catalogue: Catalogue, rules: str) -> list[str]:
    """The missions of the table: every mission ``rules`` can play, in id order."""
    return missions_of(catalogue, rules)


def read_journal(path: Path, header: dict[str, object],
                 total: int) -> dict[int, tuple[int, int]]:
    """The games a journal lists, by their index in the schedule: (winner, roll-off winner).
    Raises JournalError when its first line names another table, or a line (other than a
    last one cut short by an interrupted run, which is ignored) is not a game of it."""
    if not path.exists():
        return {}
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines:
        return {}
    try:
        first = json.loads(lines[0])
    except ValueError:
        raise JournalError(f"{path}:1: not a balance journal (its first line is not "
                           "JSON)") from None
    if first != header:
        wanted = ", ".join(f"{k} {header[k]}" for k in ("level", "games", "seed"))
        found = ", ".join(f"{k} {first.get(k)}" for k in ("level", "games", "seed")) \
            if isinstance(first, dict) else "something else"
        raise JournalError(f"{path}:1: this journal is of another table ({found}, or other "
                           f"fireteams or missions), not of this one ({wanted}); name "
                           "another file or delete it")
    done: dict[int, tuple[int, int]] = {}
    for number, line in enumerate(lines[1:], start=2):
        try:
            entry = json.loads(line)
            index, winner, first_seat = int(entry["game"]), int(entry["winner"]), \
                int(entry["rolloff_winner"])
            if not 0 <= index < total or winner not in (0, 1, 2) or first_seat not in (1, 2):
                raise ValueError(line)
        except (ValueError, KeyError, TypeError):
            if number == len(lines):
                break  # the last line, cut short when a run was stopped: played again
            raise JournalError(f"{path}:{number}: not a game of this table: {line[:60]!r}") \
                from None
        done[index] = (winner, first_seat)
    return done


def _append(path: Path, entry: dict[str, object]) -> None:
    """One line at the end of the journal, on the disk before this returns."""
    with path.open("a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")
        out.flush()
        os.fsync(out.fileno())


def points(winner: int, player: int) -> float:
    """What one game is worth to ``player``: 1 for a win, a half for a draw (winner 0)."""
    return 1.0 if winner == player else 0.5 if winner == 0 else 0.0


def schedule(teams: Sequence[str], missions: Sequence[str], games: int,
             seed: int, mirrors: bool = True) -> list[tuple[str, tuple[str, str], int]]:
    """Every game of the table as (mission, (player 1's fireteam, player 2's), seed): for each
    pairing (mirrors included unless ``mirrors`` is False) ``games`` games: each mission in
    turn twice running, the fireteams swapping seats between the two, so every mission is
    played from both seats."""
    out = []
    for i, a in enumerate(teams):
        for b in teams[i if mirrors else i + 1:]:
            n = len(out)
            for k in range(games):
                pair = (a, b) if k % 2 == 0 else (b, a)
                out.append((missions[(k // 2) % len(missions)], pair, seed + n * 7919 + k))
    return out


def _cluster_game(catalogue: Catalogue, mission: str, pair: tuple[str, str], level: str,
                  seed: int, rules: str) -> tuple[int, int]:
    """One game of the table on a Dask worker: (winner, roll-off winner)."""
    game = play(catalogue, mission, pair, level, seed, rules)
    return game.winner or 0, game.state.rolloff_winner


def _results(catalogue: Catalogue, level: str,
             specs: Sequence[tuple[int, str, tuple[str, str], int]],
             jobs: int | None, rules: str = "fireteam",
             cluster: str | None = None) -> Iterator[tuple[int, int, int]]:
    """(index, winner, roll-off winner) of each game of ``specs``, as they end: on the Dask
    ``cluster`` when one is named (game.cli.dask_table), else in ``jobs`` processes here."""
    if cluster is not None:
        from game.cli.dask_table import on_cluster

        # a task's key names everything its result depends on (game.cli.dask_table)
        calls = [(index, f"{level}-{rules}-{mission}-{pair[0]}-{pair[1]}-{seed}", _cluster_game,
                  (mission, pair, level, seed, rules)) for index, mission, pair, seed in specs]
        for index, (winner, first) in on_cluster(catalogue, cluster, jobs, calls):
            yield index, winner, first
        return
    if jobs is not None and jobs > 1:
        import multiprocessing
        # spawned, not forked: a fork copies whatever locks other threads of this process
        # hold at that moment, and a worker could wait on one for ever
        with multiprocessing.get_context("spawn").Pool(
                jobs, initializer=_start_worker, initargs=(catalogue,)) as pool:
            yield from pool.imap_unordered(
                _one, [(i, m, pair, level, s, rules) for i, m, pair, s in specs], chunksize=1)
        return
    for i, mission, pair, game_seed in specs:
        game = play(catalogue, mission, pair, level, game_seed, rules)
        yield i, game.winner or 0, game.state.rolloff_winner


def run(catalogue: Catalogue, level: str, games: int, seed: int, jobs: int | None = 1,
        journal: Path | None = None, limit: int | None = None,
        rules: str = "fireteam", pairing: Sequence[str] | None = None,
        cluster: str | None = None,
        progress: Callable[[int, int], None] | None = None) -> Table | None:
    """``games`` games for each pairing of fireteams (mirrors included), seats alternated,
    missions in turn (those ``rules`` can play); ``jobs`` worker processes (the result does
    not depend on it). With a ``journal``, the games it lists are not played again and each
    new one is appended to it as it ends; with a ``limit``, at most that many new games are
    played. With a ``pairing`` (two fireteam ids) only the games between those two are played
    (a partial re-measure: no mirror, no other fireteam). With a ``cluster`` (a Dask
    scheduler's address, or "local" for a local cluster of ``jobs`` processes) the games are
    played there. ``progress`` is told (games of the table finished, games in the table) as
    each game ends. None when games are still to play; raises JournalError for a journal of
    another table."""
    teams = sorted(pairing) if pairing else sorted(catalogue.fireteams)
    missions = _missions(catalogue, rules)
    specs = schedule(teams, missions, games, seed, mirrors=not pairing)
    done: dict[int, tuple[int, int]] = {}
    if journal is not None:
        header = _header(level, games, seed, teams, missions, rules)
        done = read_journal(journal, header, len(specs))
        if not journal.exists() or not journal.read_text(encoding="utf-8").strip():
            journal.parent.mkdir(parents=True, exist_ok=True)
            _append(journal, header)
        else:
            _trim_cut_line(journal)
    todo = [(i, m, pair, s) for i, (m, pair, s) in enumerate(specs) if i not in done]
    if limit is not None:
        todo = todo[:limit]
    if progress is not None:
        progress(len(done), len(specs))
    for index, winner, first in _results(catalogue, level, todo, jobs, rules, cluster):
        if index in done:
            continue  # a game already recorded (a cluster may hand one back twice)
        done[index] = (winner, first)
        if journal is not None:
            _append(journal, {"game": index, "winner": winner, "rolloff_winner": first})
        if progress is not None:
            progress(len(done), len(specs))
    if len(done) < len(specs):
        return None
    table = Table(teams)
    for index, (mission, pair, _) in enumerate(specs):
        winner, first = done[index]
        for p, me, them in ((1, pair[0], pair[1]), (2, pair[1], pair[0])):
            table.cells.setdefault((me, them), Tally()).add(points(winner, p))
            if me != them:
                table.missions.setdefault((me, mission), Tally()).add(points(winner, p))
        table.seats.setdefault(mission, Tally()).add(points(winner, first))
        table.games += 1
    return table


class ProgressBar:
    """The table's progress on a terminal: a bar redrawn in place with the games done and an
    estimate of the time left; when the stream is not a terminal (a log), one line at each
    tenth of the table."""

    WIDTH = 30

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self.start: tuple[float, int] | None = None  # when, and how many games were done
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.start is None:
            self.start = (now, done)
        fill = self.WIDTH * done // max(1, total)
        left = ""
        played = done - self.start[1]
        if played and done < total:
            seconds = (now - self.start[0]) / played * (total - done)
            left = f", about {_duration(seconds)} left"
        text = f"[{'#' * fill}{'.' * (self.WIDTH - fill)}] {done}/{total} games{left}"
        if self.tty:
            self.stream.write(f"\r{text}\x1b[K" + ("\n" if done >= total else ""))
            self.stream.flush()
            return
        tenth = 10 * done // max(1, total)
        if tenth != self.shown:
            self.shown = tenth
            print(text, file=self.stream, flush=True)


def _duration(seconds: float) -> str:
    """A time left, to the minute (seconds under two minutes)."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def _trim_cut_line(path: Path) -> None:
    """Drops a last line cut short by an interrupted run (no newline at its end), so the
    next game appended starts a line of its own."""
    text = path.read_text(encoding="utf-8")
    if text and not text.endswith("\n"):
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(text[:text.rfind("\n") + 1], encoding="utf-8")
        tmp.replace(path)


def markdown(table: Table, command: str, seconds: float | None, level: str,
             where: str = "on the project's 2-core machine") -> str:
    """``docs/balance.md``'s text; ``where`` says what played it in the time given."""
    mirrors = any(a == b for a, b in table.cells)
    who = ("every fireteam against every other (mirrors included)" if mirrors else
           f"only the pairing {' v '.join(table.teams)} (a partial re-measure)")
    lines = ["# Balance", "",
             f"Made by `{command}` on {time.strftime('%Y-%m-%d')}: {table.games} games between "
             f"two computer players of the `{level}` level, {who}, seats alternated, the "
             "missions in turn; "
             + (f"{seconds / 60:.1f} minutes {where}." if seconds
                is not None else "played in parts from a journal (`--partial`)."), "",
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
         argv: Sequence[str], out: Path, jobs: int | None = 1, journal: Path | None = None,
         limit: int | None = None, rules: str = "fireteam",
         pairing: Sequence[str] | None = None, cluster: str | None = None) -> int:
    """Play the table and write it to ``out``, keeping whatever follows the ``HISTORY``
    marker there (the record of card changes with their before and after tables). With a
    ``journal`` the run can be split (see the module's text): until every game is in it,
    nothing is written to ``out`` and the games left are counted instead. With a
    ``pairing`` only that pairing's games are played (see :func:`run`); with a ``cluster``
    they are played on Dask (see :func:`run`). A progress bar runs on stderr."""
    start = time.perf_counter()
    try:
        table = run(catalogue, level, games, seed, jobs, journal, limit, rules, pairing,
                    cluster, ProgressBar())
    except (JournalError, OSError) as error:
        print(f"python -m game.cli.simulate: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if journal is None:
            raise
        print("stopped: the games finished so far are in the journal", file=sys.stderr)
        table = None
        interrupted = True
    else:
        interrupted = False
    if table is None:
        assert journal is not None
        teams, missions = sorted(catalogue.fireteams), _missions(catalogue, rules)
        total = len(schedule(teams, missions, games, seed))
        done = len(read_journal(journal, _header(level, games, seed, teams, missions, rules),
                                total))
        print(f"{done} of {total} games of the table are in {journal}; run the same command "
              "again to play the rest")
        return 130 if interrupted else 0
    command = "python -m game.cli.simulate " + " ".join(argv)
    text = markdown(table, command, None if journal else time.perf_counter() - start, level,
                    *(["on a Dask cluster"] if cluster else []))
    print(text)
    old = out.read_text(encoding="utf-8") if out.exists() else ""
    if HISTORY in old:
        text += "\n" + old[old.index(HISTORY):]
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(out)
    return 1 if table.unfair() else 0
