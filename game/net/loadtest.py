"""The server's load test (``python -m game.cli.loadtest --host 127.0.0.1 --port P --games N
--seed S [--external] [--kill-server-after SECONDS]``): its servers, scripted games and tally.

The command starts a server as a separate process (``fireteam serve`` on a fresh database in a
temporary folder; ``--external``: one already running at that address instead), plays N games
at once, each between two scripted clients over real connections (choices drawn from the
position with the seed; the server rolls the dice), checks that every action the server
confirmed is in the game where it was confirmed, stops what it started, and prints as its
last line (one line; wrapped here)::

    N games finished, E errors, L lost actions; round trip median X ms, p95 Y ms;
    server peak memory M MiB

``--kill-server-after SECONDS`` kills its server with SIGKILL once, that long after the games
start, and starts it again on the same database; the clients reconnect by themselves.

``--servers N --db postgresql://...`` starts N server processes (ports P, P+1, ...) sharing
that PostgreSQL database (docs/server.md): each game's first seat plays on one process and its
second on the next, each client given every address; ``--kill-server-after`` then kills the
first process once (its clients go on through the others) and starts it again.
Each scripted player pauses before each decision as a quick person would, 2 s on average
(``--think``; people at a table take far longer: a mission of some 165 actions lasts about an
hour); ``--think 0`` answers at once and measures a saturated server.
Errors are games that did not finish and actions the server refused; a round trip is the
time from sending an action to taking in the server's update for it.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from game.net.client import (
    Client,
    ServerError,
    play_scripted,
    seeded_chooser,
)
from game.net.limits import UNLIMITED

DEFAULT_THINK = 2.0  # seconds: a quick player (a mission of ~165 actions in ~6 minutes)
PAIRINGS = (("dual_strike", ("gideon", "deathless_destroyers")),
            ("sabotage", ("bad_ladz", "kappic_eagles")),
            ("spearhead", ("flickering_blade", "gideon")),
            ("power_up", ("deathless_destroyers", "bad_ladz")))


@dataclass
class Tally:
    finished: int = 0
    errors: list[str] = field(default_factory=list)
    lost: int = 0
    round_trips: list[float] = field(default_factory=list)
    actions: int = 0


class ServerProcess:
    """``fireteam serve`` (as ``python -m game serve``) started, killed and restarted."""

    def __init__(self, host: str, port: int, db: Path | str,
                 extra: Sequence[str] = ()) -> None:
        self.host, self.port, self.db = host, port, db
        self.extra = list(extra)
        self.proc: subprocess.Popen[str] | None = None
        self.peak_kib = 0
        self.cpu_before = 0.0  # CPU seconds of the processes killed before this one
        self.cpu = 0.0

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--host", self.host, "--port",
             str(self.port), "--db", str(self.db), "--new-db", *UNLIMITED, *self.extra],
            stdout=subprocess.PIPE,
            text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"))
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line.startswith("listening on"):
            self.proc.wait(10)
            raise SystemExit(f"the server did not start (exit {self.proc.returncode})")
        print(f"server: {line.strip()}", flush=True)

    def sample(self) -> None:
        """Note the process's peak resident memory so far (Linux: VmHWM)."""
        if self.proc is None:
            return
        try:
            fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
            ticks = os.sysconf("SC_CLK_TCK")
            self.cpu = self.cpu_before + (int(fields[11]) + int(fields[12])) / ticks
            for row in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if row.startswith("VmHWM:"):
                    self.peak_kib = max(self.peak_kib, int(row.split()[1]))
        except (OSError, ValueError):
            pass

    def kill(self) -> None:
        assert self.proc is not None
        self.sample()
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()
        self.cpu_before = self.cpu

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.sample()
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def thinking(choose: Callable[[Client], str], seed: int,
             think: float) -> Callable[[Client], Awaitable[str]]:
    """``choose`` after a pause like a player's: uniform in 0 to twice ``think`` seconds."""
    rng = random.Random(seed)

    async def decide(client: Client) -> str:
        if think > 0:
            await asyncio.sleep(rng.uniform(0, 2 * think))
        return choose(client)  # on a position gone meanwhile, play_scripted decides again

    return decide


async def one_game(urls: str | Sequence[str], index: int, seed: int, tally: Tally,
                   timeout: float, think: float,
                   addresses: tuple[str, str] | None = None) -> None:
    """One game between two scripted clients (from ``addresses``, when given: two
    addresses of this machine the clients connect from): its first seat on the server at
    ``urls[index]`` (in turn), its second on the next, each given the others too."""
    if isinstance(urls, str):
        urls = [urls]
    mission, teams = PAIRINGS[index % len(PAIRINGS)]
    first, second = index % len(urls), (index + 1) % len(urls)
    local = addresses or (None, None)
    one = Client(urls[first], timeout=timeout, local_address=local[0],
                 fallbacks=[u for i, u in enumerate(urls) if i != first])
    two = Client(urls[second], timeout=timeout, local_address=local[1],
                 fallbacks=[u for i, u in enumerate(urls) if i != second])
    acked: list[tuple[int, str]] = []

    def ack(ply: int, action: str, seconds: float) -> None:
        acked.append((ply, action))
        tally.round_trips.append(seconds)

    try:
        await one.connect()
        await two.connect()
        await one.create(mission, teams, name=f"load{index}a", open_=False)
        await two.join(one.code or "", name=f"load{index}b")
        seeds = (seed * 1000 + 2 * index, seed * 1000 + 2 * index + 1)
        await asyncio.gather(
            play_scripted(one, thinking(seeded_chooser(seeds[0]), seeds[0], think), ack),
            play_scripted(two, thinking(seeded_chooser(seeds[1]), seeds[1], think), ack))
        while two.ply != one.ply:
            await asyncio.wait_for(two.wait_change(), timeout)
        if one.log != two.log:
            tally.errors.append(f"game {index}: the seats' logs differ")
        tally.lost += sum(1 for ply, action in acked
                          if ply >= len(one.log) or one.log[ply] != action)
        tally.actions += len(acked)
        tally.finished += 1
    except (ServerError, OSError, TimeoutError, AssertionError) as error:
        tally.errors.append(f"game {index}: {type(error).__name__}: {error}")
    except Exception as error:  # noqa: BLE001 - every failure is counted, none stops the run
        tally.errors.append(f"game {index}: {type(error).__name__}: {error}")
    finally:
        await one.close()
        await two.close()


async def load(urls: Sequence[str], games: int, seed: int, servers: Sequence[ServerProcess],
               kill_after: float | None, timeout: float, think: float) -> Tally:
    tally = Tally()
    server = servers[0] if servers else None  # the one killed

    async def sampler() -> None:
        while servers:
            for each in servers:
                each.sample()
            await asyncio.sleep(0.5)

    async def killer() -> None:
        assert server is not None and kill_after is not None
        await asyncio.sleep(kill_after)
        print(f"killing the server (SIGKILL) on port {server.port} after {kill_after:g} s",
              flush=True)
        server.kill()
        start = time.perf_counter()
        await asyncio.to_thread(server.start)
        print(f"the server took {time.perf_counter() - start:.1f} s to start again",
              flush=True)

    extra = [asyncio.create_task(sampler())]
    if kill_after is not None:
        extra.append(asyncio.create_task(killer()))
    await asyncio.gather(*(one_game(urls, i, seed, tally, timeout, think)
                           for i in range(games)))
    for task in extra:
        if not task.done():
            task.cancel()
    return tally
