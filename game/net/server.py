"""The game server behind ``fireteam serve`` (its arguments and limits are read by
:mod:`game.cli.server`; docs/server.md).

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

import asyncio
import contextlib
import logging
import signal
import time
from collections.abc import Callable
from pathlib import Path

from websockets.asyncio.server import serve

from game.net.connection import Server, guarded, log
from game.net.limits import Limits
from game.net.protocol import MAX_INCOMING_BYTES
from game.net.rooms import Lobby
from game.net.store import SQLiteStore, Store

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


def store_problems(store: Store) -> list[str]:
    problems = getattr(store, "problems", None)
    return list(problems()) if callable(problems) else []
