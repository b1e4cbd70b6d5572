"""``fireteam serve [--host H] [--port P] [--db FILE]`` (or ``python -m game.cli.server``)
and its limits (``--rate``, ``--burst``, ``--max-connections``, ``--max-per-address``,
``--keep-finished``, ``--abandon-after``, ``--forwarded``; see docs/server.md): the
arguments of the game server (:mod:`game.net.server`), and the server run with them."""

from __future__ import annotations

import argparse
import asyncio
import itertools
import logging
import sqlite3
import sys
from collections.abc import Sequence
from pathlib import Path

from game.cli.args import Parser, count, number
from game.net.limits import DAY, Limits
from game.net.server import (
    DEFAULT_DB,
    DEFAULT_PORT,
    OncePerMinute,
    is_postgres,
    run,
)
from game.net.store import StoreError


def database(text: str) -> Path | str:
    """--db's value: a PostgreSQL URL as it is, anything else a SQLite file's path."""
    return text if is_postgres(text) else Path(text)


def build_parser(prog: str | None = None) -> Parser:
    parser = Parser(
        prog=prog, description="Run a Fireteam game server: players connect with 'Play "
        "online' in the game's menu. It listens on this computer only unless --host says "
        "otherwise (put it behind a TLS reverse proxy to open it to the internet: "
        "docs/server.md).")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default 127.0.0.1; 0.0.0.0: all)")
    parser.add_argument("--port", type=count(0, 65535), default=DEFAULT_PORT,
                        help=f"the TCP port (default {DEFAULT_PORT}; 0: any free port)")
    parser.add_argument("--db", type=database, default=Path(DEFAULT_DB),
                        help=f"the SQLite database of the games (default {DEFAULT_DB}); "
                        "every game in it is resumed (one that cannot be is quarantined); or "
                        "a PostgreSQL database's postgresql://USER:PASSWORD@HOST/NAME, which "
                        "any number of server processes share (docs/server.md)")
    parser.add_argument("--new-db", action="store_true",
                        help="make the database if the file is missing or empty (without "
                        "it, a missing or empty file is an error: a database was expected; "
                        "with PostgreSQL: make the tables if the database has none)")
    parser.add_argument("--accept-lost-wal", action="store_true",
                        help="serve a database whose write-ahead log (FILE-wal) was lost "
                        "after the server was killed (what the file holds; the changes since "
                        "its last checkpoint are gone)")
    parser.add_argument("--sync", choices=("full", "normal"), default="full",
                        help="full (default): every commit is synced to the disk before "
                        "anybody is told (nothing answered is lost, even to a power cut); "
                        "normal: written to the file but synced only at checkpoints "
                        "(nothing answered is lost when the server is killed; a power cut "
                        "or a crash of the machine may lose the last moments)")
    parser.add_argument("--seed", type=count(0), default=None, metavar="N",
                        help="fix the dice: the games created get the seeds N, N+1, N+2… "
                        "(for tests and demonstrations; by default every game gets fresh "
                        "randomness)")
    default = Limits()
    limits = parser.add_argument_group("limits (docs/server.md)")
    limits.add_argument("--rate", type=number(0.01), default=default.rate, metavar="N",
                        help="messages a second one connection may send, sustained (default "
                        f"{default.rate:g}); a faster one gets rate_limited errors")
    limits.add_argument("--burst", type=count(1), default=default.burst, metavar="N",
                        help=f"messages one connection may send at once (default "
                        f"{default.burst})")
    limits.add_argument("--max-connections", type=count(0), default=default.max_connections,
                        metavar="N", help="connections at once (default "
                        f"{default.max_connections}; 0: no cap)")
    limits.add_argument("--max-per-address", type=count(0), default=default.max_per_address,
                        metavar="N", help="connections at once from one address (default "
                        f"{default.max_per_address}; 0: no cap)")
    limits.add_argument("--keep-finished", type=count(0), default=int(default.keep_finished),
                        metavar="SECONDS", help="how long a finished game stays loaded to "
                        f"show its result (default {default.keep_finished:g})")
    limits.add_argument("--abandon-after", type=number(0), metavar="DAYS",
                        default=default.abandon_after / DAY,
                        help="a game in progress that nobody has played nor come back to for "
                        "this long, with no player connected, is ended as abandoned "
                        f"(default {default.abandon_after / DAY:g}; 0: never)")
    limits.add_argument("--address-rate", type=number(0), default=default.address_rate,
                        metavar="N", help="messages a second from one address, all its "
                        f"connections together (default {default.address_rate:g}; 0: no "
                        "limit)")
    limits.add_argument("--create-per-hour", type=number(0), metavar="N",
                        default=default.create_per_hour, help="games one address may create "
                        f"an hour, after 10 at once (default {default.create_per_hour:g}; 0: "
                        "no limit)")
    limits.add_argument("--guesses-per-minute", type=number(0), metavar="N",
                        default=default.guesses_per_minute, help="join, spectate and "
                        "reconnect attempts one address may make a minute, after 20 at once "
                        f"(default {default.guesses_per_minute:g}; 0: no limit)")
    limits.add_argument("--max-spectators", type=count(0), default=default.max_spectators,
                        metavar="N", help=f"spectators of one game (default "
                        f"{default.max_spectators}; 0: no cap)")
    limits.add_argument("--chat-per-minute", type=number(0), metavar="N",
                        default=default.chat_per_minute, help="chat lines a minute per seat "
                        "(the spectators of a game share one allowance), after 5 at once "
                        f"(default {default.chat_per_minute:g}; 0: no limit)")
    limits.add_argument("--claim-after", type=number(0), metavar="MINUTES",
                        default=default.claim_after / 60, help="how long a seat must have "
                        "been gone before the player still there may claim the win (default "
                        f"{default.claim_after / 60:g}; 0: never, by absence alone)")
    limits.add_argument("--idle", type=number(0), metavar="SECONDS",
                        default=default.idle_timeout, help="a connection that holds no seat "
                        "and watches no game is closed after this long without a message "
                        f"(default {default.idle_timeout:g}; 0: never)")
    limits.add_argument("--handshake-timeout", type=number(0), metavar="SECONDS",
                        default=default.handshake_timeout, help="seconds a connection has "
                        f"to finish its WebSocket handshake (default "
                        f"{default.handshake_timeout:g})")
    limits.add_argument("--max-handshakes", type=count(0), default=default.max_handshakes,
                        metavar="N", help="connections still in their handshake, in all "
                        f"(default {default.max_handshakes}; "
                        f"{default.max_handshakes_per_address} from one address; 0: no cap)")
    limits.add_argument("--forwarded", action="store_true",
                        help="behind a reverse proxy on this machine: count a connection "
                        "against the address in its X-Forwarded-For header")
    return parser


def limits_of(options: argparse.Namespace) -> Limits:
    return Limits(rate=options.rate, burst=options.burst,
                  max_connections=options.max_connections,
                  max_per_address=options.max_per_address,
                  keep_finished=float(options.keep_finished),
                  abandon_after=options.abandon_after * DAY, forwarded=options.forwarded,
                  address_rate=options.address_rate,
                  create_per_hour=options.create_per_hour,
                  guesses_per_minute=options.guesses_per_minute,
                  max_spectators=options.max_spectators,
                  chat_per_minute=options.chat_per_minute,
                  claim_after=options.claim_after * 60, idle_timeout=options.idle,
                  handshake_timeout=options.handshake_timeout,
                  max_handshakes=options.max_handshakes,
                  max_handshakes_per_address=(0 if options.max_handshakes == 0 else
                                              Limits().max_handshakes_per_address))


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    options = build_parser(prog).parse_args(argv)
    if not 0 <= options.port <= 65535:
        print(f"--port {options.port}: a port is 0 to 65535", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(OncePerMinute())
    try:
        seeds = None if options.seed is None else itertools.count(options.seed).__next__
        asyncio.run(run(options.host, options.port, options.db, limits=limits_of(options),
                        durable=options.sync == "full", seeds=seeds,
                        create=options.new_db, accept_lost_wal=options.accept_lost_wal))
    except OSError as error:
        print(f"cannot serve on {options.host}:{options.port}: {error}", file=sys.stderr)
        return 1
    except (StoreError, sqlite3.Error) as error:
        where = "" if is_postgres(str(options.db)) else f" {options.db}"
        print(f"cannot use the database{where}: {error}", file=sys.stderr)
        return 1
    return 0



if __name__ == "__main__":
    sys.exit(main(prog="python -m game.cli.server"))
