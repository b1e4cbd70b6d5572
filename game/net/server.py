"""The game server: ``fireteam serve [--host H] [--port P] [--db FILE]`` and its limits
(``--rate``, ``--burst``, ``--max-connections``, ``--max-per-address``, ``--keep-finished``,
``--abandon-after``, ``--forwarded``; see docs/server.md), or ``python -m game.net.server``.

One asyncio process on the ``websockets`` library holds every game's engine
(:class:`game.net.rooms.Lobby`); each connection's messages are checked
(:func:`game.net.protocol.parse_request`) and handled one at a time, and every reply goes
through the connection's own outgoing queue (so a slow client never holds up a game). A
connection over its rate is answered ``rate_limited`` for each message it sends too fast (the
message is not carried out; the connection goes on); one over the caps on connections is
sent ``server_full`` and closed (code 1013, "try again later"). It
binds 127.0.0.1 unless ``--host`` says otherwise, and prints ``listening on ws://HOST:PORT``
once it accepts connections (``--port 0`` picks a free port).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import logging
import signal
import sqlite3
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from websockets.asyncio.server import serve

from game.cli.args import Parser, count, number
from game.net.connection import Server, guarded, log
from game.net.limits import DAY, Limits
from game.net.protocol import MAX_INCOMING_BYTES
from game.net.rooms import Lobby
from game.net.store import SQLiteStore, Store, StoreError

DEFAULT_PORT = 8765
DEFAULT_DB = "fireteam-server.sqlite3"


class OncePerMinute(logging.Filter):
    """The same log line (its logger and format) is written once a minute at most, so that
    no flood of connections or messages can fill the disk with the log."""

    def __init__(self, every: float = 60.0) -> None:
        super().__init__()
        self.every = every
        self.last: dict[tuple[str, str], float] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg))
        now = time.monotonic()
        if now - self.last.get(key, -self.every - 1) < self.every:
            return False
        if len(self.last) > 10000:
            self.last.clear()
        self.last[key] = now
        return True


def raise_open_files(wanted: int) -> None:
    """Raise this process's limit of open files to ``wanted`` (within the hard limit):
    every connection, and every one in its handshake, holds a file."""
    try:
        import resource
    except ImportError:  # Windows
        return
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    if soft != resource.RLIM_INFINITY and soft < wanted:
        log.warning("only %d open files allowed: fewer than the connection caps need (%d); "
                    "lower --max-connections or raise LimitNOFILE", soft, wanted)


async def run(host: str, port: int, db: Path | str, ready: asyncio.Future[int] | None = None,
              stop: asyncio.Event | None = None, store: Store | None = None,
              limits: Limits | None = None, sweep_every: float = 60.0,
              durable: bool = True, seeds: Callable[[], int] | None = None,
              create: bool = True, accept_lost_wal: bool = False) -> None:
    """Serve until ``stop`` is set (or SIGTERM/SIGINT); prints the address once ready and
    sets ``ready`` to the port bound. A ``db`` that is a postgresql:// URL is served as one
    process of several sharing it (game/net/cluster.py). ``store`` replaces the SQLite
    store of ``db`` (synced to the disk at every commit unless ``durable`` is off:
    ``--sync normal``); the games are swept (:meth:`Lobby.sweep`) every ``sweep_every``
    seconds. ``seeds`` gives each new game's dice seed (tests fix it; by default the OS's
    fresh randomness). ``create`` off: a missing or empty database is an error
    (StoreError) rather than made anew.

    What the store's checks found and every quarantined game are logged (one line each)
    before the ``listening`` line, which counts them."""
    from game.content import load_catalogue

    if store is None and is_postgres(str(db)):
        from game.net.cluster import open_cluster

        lobby, server = await open_cluster(str(db), load_catalogue(), limits, seeds, create)
    else:
        store = store or SQLiteStore(db, durable=durable, create=create,  # type: ignore[arg-type]
                                     accept_lost_wal=accept_lost_wal)
        lobby = Lobby(load_catalogue(), store, limits=limits, seeds=seeds)
        server = Server(lobby)
    for problem in store_problems(lobby.store):
        log.warning("storage: %s", problem)
    for damaged in lobby.quarantined.values():
        log.warning("quarantined game %s (code %s): %s", damaged.id, damaged.code,
                    damaged.reason)
    stop = stop_on_signals(stop)
    limits = lobby.limits
    if limits.max_connections:
        raise_open_files(limits.max_connections + (limits.max_handshakes or 1024) + 64)
    flusher = asyncio.get_running_loop().create_task(server.flush())
    idle = limits.idle_timeout
    patrol = asyncio.get_running_loop().create_task(
        server.patrol(min(5.0, idle / 4) if idle else 5.0))
    helpers: list[asyncio.Task[None]] = []
    ping = limits.ping_interval or None
    try:
        helpers = await server.begin()
        async with serve(server.handler, host, port, max_size=MAX_INCOMING_BYTES,
                         compression=None, open_timeout=limits.handshake_timeout or None,
                         ping_interval=ping, ping_timeout=ping, max_queue=8,
                         create_connection=guarded(server.doorway, limits.forwarded)
                         ) as ws_server:
            bound = ws_server.sockets[0].getsockname()
            print(f"listening on ws://{bound[0]}:{bound[1]} ({server.banner()})", flush=True)
            if ready is not None:
                ready.set_result(int(bound[1]))
            while not stop.is_set():
                try:
                    await asyncio.wait_for(stop.wait(), sweep_every)
                except TimeoutError:
                    lobby.sweep()
                    server.wake.set()  # an abandoned game's mark is written
    finally:
        patrol.cancel()
        for helper in helpers:
            helper.cancel()
        server.stopping = True  # what was handled is still written before the file closes
        server.wake.set()
        await flusher
        await server.end()


def stop_on_signals(stop: asyncio.Event | None) -> asyncio.Event:
    """``stop``, or (run from the command line) an event SIGTERM and Ctrl+C set."""
    if stop is not None:
        return stop
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):  # not the main thread, or Windows
            pass
    return stop


def is_postgres(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database (a URL) rather than a SQLite file."""
    return db.startswith(("postgresql://", "postgres://"))


def database(text: str) -> Path | str:
    """--db's value: a PostgreSQL URL as it is, anything else a SQLite file's path."""
    return text if is_postgres(text) else Path(text)


def store_problems(store: Store) -> list[str]:
    problems = getattr(store, "problems", None)
    return list(problems()) if callable(problems) else []


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
    sys.exit(main(prog="python -m game.net.server"))
