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
import itertools
import logging
import signal
import sqlite3
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.args import Parser, count, number
from game.net.limits import DAY, Gate, Limits, RateLimit, client_address
from game.net.protocol import (
    MAX_FRAME_BYTES,
    ErrorCode,
    ProtocolError,
    encode,
    error_reply,
    parse_request,
)
from game.net.rooms import Lobby, Room
from game.net.store import Op, SQLiteStore, Store, StoreError

DEFAULT_PORT = 8765
DEFAULT_DB = "fireteam-server.sqlite3"
OUTBOX = 512  # messages waiting for one client; a client this far behind is dropped
log = logging.getLogger("fireteam.server")


class Connection:
    """One client connection: what it holds (a seat or a spectator's place) and its
    outgoing queue, written in order by its own task."""

    def __init__(self, ws: ServerConnection, bucket: RateLimit) -> None:
        self.ws = ws
        self.bucket = bucket
        self.room: Room | None = None
        self.seat: int | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.writer = asyncio.get_running_loop().create_task(self.write())
        self.closing = False

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        try:
            self.outbox.put_nowait(encode(message))
        except asyncio.QueueFull:
            self.close("too slow: it is sent the whole view when it reconnects")

    def close(self, reason: str) -> None:
        """Close after what is queued has been sent."""
        if self.closing:
            return
        self.closing = True
        try:
            self.outbox.put_nowait(None)
        except asyncio.QueueFull:
            self.writer.cancel()
            asyncio.get_running_loop().create_task(self.ws.close(1008, reason[:100]))

    async def write(self) -> None:
        try:
            while True:
                text = await self.outbox.get()
                if text is None:
                    await self.ws.close(1000, "closed by the server")
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            return


class Server:
    """The lobby behind a WebSocket endpoint. Messages are handled as they come; what they
    change is committed to the store in batches by :meth:`flush` (one transaction and one
    sync to disk for everything handled while the last batch was being written), and what
    they answer is delivered only after its batch is committed."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.limits = lobby.limits
        self.gate = Gate(self.limits)
        self.wake = asyncio.Event()
        self.stopping = False
        # whether a commit waits for the disk (then it runs on a worker thread)
        self.store_syncs = bool(getattr(lobby.store, "durable", True))

    async def handler(self, ws: ServerConnection) -> None:
        forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request else None
        address = client_address(ws.remote_address, forwarded, self.limits.forwarded)
        problem = self.gate.admit(address)
        if problem is not None:
            await ws.send(encode(error_reply(ProtocolError(ErrorCode.SERVER_FULL, problem))))
            await ws.close(1013, problem[:120])
            return
        try:
            await self.serve(ws)
        finally:
            self.gate.release(address)

    async def serve(self, ws: ServerConnection) -> None:
        conn = Connection(ws, RateLimit(self.limits.rate, self.limits.burst))
        try:
            async for raw in ws:
                await self.before(conn, raw)
                self.receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self.lobby.leave(conn)
            self.wake.set()
            conn.closing = True
            conn.writer.cancel()

    async def before(self, conn: Connection, raw: str | bytes) -> None:
        """What a server of several processes does before a message is handled (takes up
        the game it names: game/net/cluster.py); nothing here."""

    async def store_commit(self, ops: list[Op]) -> None:
        """Write one batch to the store."""
        if self.store_syncs:  # the disk's sync waits on a worker thread
            await asyncio.to_thread(self.lobby.store.commit, ops)
        else:  # a write to the file only: quicker than handing it over
            self.lobby.store.commit(ops)

    def receive(self, conn: Connection, raw: str | bytes) -> None:
        """Handle one message: a refused one gets an error reply, nothing else changes."""
        ref = about = None
        try:
            req = parse_request(raw)
            ref, about = req.ref, req.kind.value
            if not conn.bucket.allow():
                raise ProtocolError(ErrorCode.RATE_LIMITED, "too many messages: this one was "
                                    f"not carried out; send {conn.bucket.describe()}")
            self.lobby.handle(conn, req)
        except ProtocolError as error:
            self.lobby.post(conn, error_reply(error, ref, about))
        except Exception as error:  # a bug must not take the server or the game down
            log.exception("message %r failed", raw[:200])
            self.lobby.post(conn, error_reply(
                ProtocolError(ErrorCode.SERVER, f"server error: {error}"), ref, about))
        self.wake.set()

    async def flush(self) -> None:
        """Commit what was queued, then deliver the messages waiting for it; until
        ``stopping`` is set and nothing is left to write."""
        while True:
            if not self.stopping:
                await self.wake.wait()
            self.wake.clear()
            ops, out = self.lobby.take()
            if ops:
                try:
                    await self.store_commit(ops)
                except Exception as error:  # the disk is full, the file is gone...
                    log.exception("the store refused a batch of %d writes", len(ops))
                    out = self.lobby.commit_failed(ops, out, error)
            for peer, message in out:
                if message is None:
                    peer.close("replaced")
                else:
                    peer.send(message)
            if self.stopping and not self.lobby.ops:
                return


async def run(host: str, port: int, db: Path | str, ready: asyncio.Future[int] | None = None,
              stop: asyncio.Event | None = None, store: Store | None = None,
              limits: Limits | None = None, sweep_every: float = 60.0,
              durable: bool = True, seeds: Callable[[], int] | None = None) -> None:
    """Serve until ``stop`` is set (or SIGTERM/SIGINT); prints the address once ready and
    sets ``ready`` to the port bound. A ``db`` that is a postgresql:// URL is served as one
    process of several sharing it (game/net/cluster.py). ``store`` replaces the SQLite
    store of ``db`` (synced
    to the disk at every commit unless ``durable`` is off: ``--sync normal``); the games are
    swept (:meth:`Lobby.sweep`) every ``sweep_every`` seconds. ``seeds`` gives each new
    game's dice seed (tests fix it; by default the OS's fresh randomness)."""
    from game.content import load_catalogue

    if store is None and is_postgres(str(db)):
        from game.net.cluster import run as run_cluster

        await run_cluster(host, port, str(db), ready, stop, limits, sweep_every, seeds)
        return
    store = store or SQLiteStore(db, durable=durable)
    lobby = Lobby(load_catalogue(), store, limits=limits, seeds=seeds)
    server = Server(lobby)
    stop = stop_on_signals(stop)
    flusher = asyncio.get_running_loop().create_task(server.flush())
    try:
        async with serve(server.handler, host, port, max_size=MAX_FRAME_BYTES,
                         compression=None) as ws_server:
            bound = ws_server.sockets[0].getsockname()
            games = sum(1 for r in lobby.rooms.values() if r.finished is None)
            print(f"listening on ws://{bound[0]}:{bound[1]} ({games} games resumed)",
                  flush=True)
            if ready is not None:
                ready.set_result(int(bound[1]))
            while not stop.is_set():
                try:
                    await asyncio.wait_for(stop.wait(), sweep_every)
                except TimeoutError:
                    lobby.sweep()
                    server.wake.set()  # an abandoned game's mark is written
    finally:
        server.stopping = True  # what was handled is still written before the file closes
        server.wake.set()
        await flusher
        store.close()


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
                        help=f"the SQLite database of the games (default {DEFAULT_DB}; "
                        "created if missing, and every game in it is resumed), or a "
                        "PostgreSQL database's postgresql://USER:PASSWORD@HOST/NAME, which "
                        "any number of server processes share (docs/server.md)")
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
    limits.add_argument("--forwarded", action="store_true",
                        help="behind a reverse proxy on this machine: count a connection "
                        "against the address in its X-Forwarded-For header")
    return parser


def limits_of(options: argparse.Namespace) -> Limits:
    return Limits(rate=options.rate, burst=options.burst,
                  max_connections=options.max_connections,
                  max_per_address=options.max_per_address,
                  keep_finished=float(options.keep_finished),
                  abandon_after=options.abandon_after * DAY, forwarded=options.forwarded)


def main(argv: Sequence[str] | None = None, prog: str | None = None) -> int:
    options = build_parser(prog).parse_args(argv)
    if not 0 <= options.port <= 65535:
        print(f"--port {options.port}: a port is 0 to 65535", file=sys.stderr)
        return 2
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(message)s")
    try:
        seeds = None if options.seed is None else itertools.count(options.seed).__next__
        asyncio.run(run(options.host, options.port, options.db, limits=limits_of(options),
                        durable=options.sync == "full", seeds=seeds))
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
