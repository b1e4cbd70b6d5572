"""``python -m game.cli.attack --host 127.0.0.1 --port P --seed S [--external] [--duration
SECONDS] [--pairs N]``: the server's attack test (:mod:`game.net.attack` says what it does and
prints), its arguments, the server and the honest players' process it starts, and its last
line."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.cli.args import Parser, count, number
from game.net.attack import SERVER_OPTIONS, Run, attack_all, honest


def honest_main(options: Any) -> int:
    url = f"ws://{options.host}:{options.port}"
    tally = asyncio.run(honest(url, options.pairs, options.seed, options.duration,
                               options.think))
    print(json.dumps({"finished": tally.finished, "errors": tally.errors,
                      "lost": tally.lost, "round_trips": tally.round_trips}))
    return 0


def build_parser() -> Parser:
    parser = Parser(prog="python -m game.cli.attack",
                    description="Attack a game server on this machine while honest players "
                    "play on it, and say which attacks it held.")
    parser.add_argument("--host", default="127.0.0.1", help="a loopback address only")
    parser.add_argument("--port", type=count(1, 65535), required=True)
    parser.add_argument("--seed", type=int, default=1, help="seed of the players' choices "
                        "and of the attackers' guesses")
    parser.add_argument("--external", action="store_true",
                        help="attack a server already running at --host/--port (started "
                        f"with {' '.join(SERVER_OPTIONS)} for every check to apply)")
    parser.add_argument("--duration", type=number(5, 600), default=60.0, metavar="SECONDS",
                        help="how long the honest players start new games (default 60)")
    parser.add_argument("--pairs", type=count(1, 50), default=4,
                        help="honest games played at once (default 4)")
    parser.add_argument("--think", type=number(0, 10), default=0.05, metavar="SECONDS",
                        help="the honest players' mean time to decide (default 0.05)")
    parser.add_argument("--honest", action="store_true", help="(internal) be the honest "
                        "players' process")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    options = build_parser().parse_args(argv)
    try:
        loopback = ipaddress.ip_address(options.host).is_loopback
    except ValueError:
        loopback = options.host == "localhost"
    if not loopback:
        print(f"--host {options.host}: this tool attacks a server on this machine only "
              "(127.0.0.1)", file=sys.stderr)
        return 2
    if options.honest:
        return honest_main(options)
    url = f"ws://{options.host}:{options.port}"
    folder = tempfile.TemporaryDirectory(prefix="fireteam-attack-")
    log_path = Path(folder.name) / "server.log"
    server: subprocess.Popen[str] | None = None
    try:
        if not options.external:
            with log_path.open("w") as log_file:
                server = subprocess.Popen(
                    [sys.executable, "-m", "game", "serve", "--host", options.host, "--port",
                     str(options.port), "--db", str(Path(folder.name) / "games.sqlite3"),
                     "--new-db", *SERVER_OPTIONS], stdout=subprocess.PIPE,
                    stderr=log_file, text=True, env=dict(os.environ, PYTHONUNBUFFERED="1"))
            assert server.stdout is not None
            line = server.stdout.readline()
            if not line.startswith("listening on"):
                server.wait(10)
                print(f"the server did not start (exit {server.returncode})",
                      file=sys.stderr)
                return 1
            print(f"server: {line.strip()}", flush=True)
        players = subprocess.Popen(
            [sys.executable, "-m", "game.cli.attack", "--honest", "--host", options.host,
             "--port", str(options.port), "--seed", str(options.seed), "--duration",
             f"{options.duration:g}", "--pairs", str(options.pairs), "--think",
             f"{options.think:g}"], stdout=subprocess.PIPE, text=True)
        run = Run(url, options.host, options.port, random.Random(options.seed))
        time.sleep(1.0)  # the players are seated before the attacks begin
        asyncio.run(attack_all(run))
        out, _ = players.communicate(timeout=options.duration + 300)
        result = json.loads(out.strip().splitlines()[-1])
    finally:
        if server is not None and server.poll() is None:
            server.terminate()
            try:
                server.wait(20)
            except subprocess.TimeoutExpired:
                server.kill()
        log_lines = len(log_path.read_text().splitlines()) if log_path.exists() else 0
        folder.cleanup()
    for problem in result["errors"][:10]:
        print(problem)
    rtt = sorted(result["round_trips"]) or [0.0]
    p95 = rtt[min(len(rtt) - 1, int(len(rtt) * 0.95))] * 1000
    held = sum(o.held for o in run.outcomes)
    errors = len(result["errors"]) + result["lost"]
    log = f"{log_lines} lines" if not options.external else "unknown (--external)"
    print(f"honest round trips: {len(rtt)}, median {statistics.median(rtt) * 1000:.1f} ms")
    print(f"attacks: {len(run.outcomes)} tried, {held} held; honest games: "
          f"{result['finished']} finished, {errors} errors, round trip p95 {p95:.0f} ms; "
          f"codes found: {run.codes_found}; server log: {log}")
    return 0 if held == len(run.outcomes) and not errors and run.codes_found == 0 else 1



if __name__ == "__main__":
    sys.exit(main())
