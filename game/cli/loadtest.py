"""``python -m game.cli.loadtest --host 127.0.0.1 --port P --games N --seed S [--external]
[--kill-server-after SECONDS] [--think SECONDS] [--servers N --db postgresql://...]``: the
server's load test (:mod:`game.net.loadtest` says what it does and prints), its arguments and
its report."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from game.cli.args import Parser, count
from game.net.loadtest import DEFAULT_THINK, ServerProcess, Tally, load


def build_parser() -> Parser:
    parser = Parser(
        prog="python -m game.cli.loadtest",
        description="Play many games at once against a game server and measure it.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=count(1, 65535), required=True)
    parser.add_argument("--games", type=count(), required=True, help="games played at once")
    parser.add_argument("--seed", type=int, default=1, help="seed of the scripted choices")
    parser.add_argument("--external", action="store_true",
                        help="use a server already running at --host/--port")
    parser.add_argument("--kill-server-after", type=float, metavar="SECONDS",
                        help="SIGKILL the server once after this long, then restart it")
    parser.add_argument("--think", type=float, default=DEFAULT_THINK, metavar="SECONDS",
                        help="players' mean time to decide (uniform in 0 to twice it; "
                        f"default {DEFAULT_THINK}); 0: every answer at once, the server "
                        "saturated")
    parser.add_argument("--sync", choices=("full", "normal"), default="full",
                        help="the started server's --sync (default full: see "
                        "docs/server.md)")
    parser.add_argument("--servers", type=count(1, 16), default=1, metavar="N",
                        help="server processes to start (ports --port, --port + 1, ...); more "
                        "than one needs a shared --db postgresql://...")
    parser.add_argument("--db", metavar="URL",
                        help="the started servers' database: a PostgreSQL URL, shared by "
                        "them all (default: a fresh SQLite file in a temporary folder)")
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds to wait for any one answer (default 60)")
    return parser


def _refusal(options: argparse.Namespace) -> str:
    """Why the options cannot be run together, or "" when they can."""
    if options.games < 1:
        return "--games must be at least 1"
    if options.external and options.kill_server_after is not None:
        return "--kill-server-after needs a server this command started (not --external)"
    if options.servers > 1 and not (options.db or "").startswith(("postgresql://",
                                                                   "postgres://")):
        return ("--servers N: several processes share a PostgreSQL database: give --db "
                "postgresql://...")
    if options.external and (options.servers > 1 or options.db):
        return "--servers and --db are for the servers this command starts (not --external)"
    return ""


def _report(tally: Tally, servers: list[ServerProcess], seconds: float,
            load_before: float) -> None:
    """Print the run's figures: errors, throughput, CPU, round trips and memory."""
    server = servers[0] if servers else None
    for problem in tally.errors[:10]:
        print(problem)
    rtt = sorted(tally.round_trips) or [0.0]
    median = statistics.median(rtt) * 1000
    p95 = rtt[min(len(rtt) - 1, int(len(rtt) * 0.95))] * 1000
    memory = f"{max(s.peak_kib for s in servers) / 1024:.0f}" if servers else "unknown"
    own = time.process_time()
    print(f"the machine's load average (1 min): {load_before:.1f} at the start, "
          f"{os.getloadavg()[0]:.1f} at the end")
    cpu = " + ".join(f"{s.cpu:.1f}" for s in servers) if server is not None else "unknown"
    print(f"{tally.actions} actions in {seconds:.1f} s ({tally.actions / seconds:.0f} a "
          f"second); CPU seconds: server{'s' if len(servers) > 1 else ''} {cpu}, these "
          f"clients {own:.1f}")
    print(f"{tally.finished} games finished, {len(tally.errors)} errors, {tally.lost} lost "
          f"actions; round trip median {median:.1f} ms, p95 {p95:.1f} ms; server peak "
          f"memory {memory} MiB")


def main(argv: Sequence[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    refused = _refusal(options)
    if refused:
        print(refused, file=sys.stderr)
        return 2
    ports = [options.port + i for i in range(options.servers)]
    urls = [f"ws://{options.host}:{port}" for port in ports]
    folder = tempfile.TemporaryDirectory(prefix="fireteam-load-")
    db = options.db or Path(folder.name) / "games.sqlite3"
    servers = [] if options.external else [
        ServerProcess(options.host, port, db, () if options.db else ("--sync", options.sync))
        for port in ports]
    start = time.perf_counter()
    load_before = os.getloadavg()[0]
    try:
        for each in servers:
            each.start()
        tally = asyncio.run(load(urls, options.games, options.seed, servers,
                                 options.kill_server_after, options.timeout,
                                 options.think))
    finally:
        for each in servers:
            each.stop()
        folder.cleanup()
    _report(tally, servers, time.perf_counter() - start, load_before)
    return 0 if not tally.errors and not tally.lost and tally.finished == options.games else 1



if __name__ == "__main__":
    sys.exit(main())
