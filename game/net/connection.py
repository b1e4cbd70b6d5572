"""One game server process's connections (game/net/server.py serves them): each
connection's outgoing queue, the gate every new connection passes (the caps on connections
and the rate limits, game/net/limits.py), and :class:`Server`, which checks every message
(:func:`game.net.protocol.parse_request`) and hands it to the lobby one at a time. Below the
server's command and the several-process server (game/net/cluster.py), which builds on it."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net.limits import (
    Buckets,
    Doorway,
    Gate,
    Quiet,
    RateLimit,
    client_address,
)
from game.net.protocol import (
    ErrorCode,
    Kind,
    ProtocolError,
    Reply,
    Request,
    encode,
    error_reply,
    parse_request,
    reply,
    versions,
)
from game.net.rooms import Lobby, Room
from game.net.store import Op

OUTBOX = 512  # messages waiting for one client; a client this far behind is dropped
STRIKES = 3  # a connection refused this many bursts' worth of messages in a row is closed
log = logging.getLogger("fireteam.server")


class Connection:
    """One client connection: what it holds (a seat or a spectator's place) and its
    outgoing queue, written in order by its own task."""

    def __init__(self, ws: ServerConnection, bucket: RateLimit, address: str) -> None:
        self.ws = ws
        self.bucket = bucket
        self.address = address
        self.room: Room | None = None
        self.seat: int | None = None
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(OUTBOX)
        self.writer = asyncio.get_running_loop().create_task(self.write())
        self.closing = False
        self.heard = time.monotonic()  # when it last sent a message
        self.refused = 0  # messages refused in a row for their rate
        self.code = 1000  # the close code sent when the queue is done

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        try:
            self.outbox.put_nowait(encode(message))
        except asyncio.QueueFull:
            self.close("too slow: it is sent the whole view when it reconnects", 1008)

    def close(self, reason: str, code: int = 1000) -> None:
        """Close after what is queued has been sent."""
        if self.closing:
            return
        self.closing = True
        self.code = code
        self.reason = reason[:100]
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
                    await self.ws.close(self.code, getattr(self, "reason", "closed by the "
                                                           "server"))
                    return
                await self.ws.send(text)
        except ConnectionClosed:
            return


def guarded(doorway: Doorway, forwarded: bool) -> type[ServerConnection]:
    """The WebSocket connection class of this server: a TCP connection is counted by the
    :class:`Doorway` from the moment it is accepted until its handshake is done, and one
    over the caps is cut at once (before a byte of it is read)."""

    class Guarded(ServerConnection):
        entered: str | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            address = client_address(transport.get_extra_info("peername"), None, False)
            # behind a proxy every connection comes from it: only the total is capped
            if doorway.admit(address, per_address=not (forwarded and is_loopback(address))) \
                    is None:
                self.entered = address
            else:
                transport.abort()

        def connection_lost(self, exc: Exception | None) -> None:
            self.opened()
            super().connection_lost(exc)

        def opened(self) -> None:
            if self.entered is not None:
                doorway.release(self.entered)
                self.entered = None

    return Guarded


class Server:
    """The lobby behind a WebSocket endpoint. Messages are handled as they come; what they
    change is committed to the store in batches by :meth:`flush` (one transaction and one
    sync to disk for everything handled while the last batch was being written), and what
    they answer is delivered only after its batch is committed.

    Every message counts against its connection's rate, its address's rate (all its
    connections together) and, once it holds a seat, that seat's (all the connections of
    its token); games created and join, spectate or reconnect attempts have their own
    allowance per address. A message over any of them is answered ``rate_limited`` with a
    ``retry_after``; a connection that keeps sending regardless is closed (1008)."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.limits = limits = lobby.limits
        self.gate = Gate(self.limits)
        self.doorway = Doorway(self.limits)
        self.wake = asyncio.Event()
        self.stopping = False
        # whether a commit waits for the disk (then it runs on a worker thread)
        self.store_syncs = bool(getattr(lobby.store, "durable", True))
        self.connections: set[Connection] = set()
        self.by_address = Buckets(limits.address_rate, max(1, int(limits.address_rate * 2)),
                                  "messages from this address")
        self.by_token = Buckets(limits.rate, limits.burst, "messages for this seat")
        self.creating = Buckets(limits.create_per_hour / 3600, 10,
                                "games created from this address")
        self.guessing = Buckets(limits.guesses_per_minute / 60, 20,
                                "join, spectate and reconnect attempts from this address")
        self.quiet = Quiet()
        self.hello = reply(Reply.HELLO, **versions(), limits=limits.wire())

    async def handler(self, ws: ServerConnection) -> None:
        opened = getattr(ws, "opened", None)
        if callable(opened):
            opened()  # its handshake is done: no longer counted by the doorway
        forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request else None
        address = client_address(ws.remote_address, forwarded, self.limits.forwarded)
        problem = await self.admit(address)
        if problem is not None:
            await ws.send(encode(error_reply(ProtocolError(ErrorCode.SERVER_FULL, problem))))
            await ws.close(1013, problem[:120])
            return
        try:
            await self.serve(ws, address)
        finally:
            await self.release(address)

    async def admit(self, address: str) -> str | None:
        """Count one more connection of ``address`` against the caps, unless they are
        reached: then the reason (a server of several processes counts them all)."""
        return self.gate.admit(address)

    async def release(self, address: str) -> None:
        self.gate.release(address)

    async def serve(self, ws: ServerConnection, address: str = "unknown") -> None:
        conn = Connection(ws, RateLimit(self.limits.rate, self.limits.burst), address)
        self.connections.add(conn)
        conn.send(self.hello)
        try:
            async for raw in ws:
                await self.before(conn, raw)
                self.receive(conn, raw)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(conn)
            self.lobby.leave(conn)
            self.wake.set()
            conn.closing = True
            conn.writer.cancel()

    async def begin(self) -> list[asyncio.Task[None]]:
        """Start what runs beside the connections (a server of several processes: hearing
        the others, game/net/cluster.py); the tasks to cancel when it stops."""
        return []

    async def end(self) -> None:
        """After the last batch is written: the store closed."""
        self.lobby.store.close()

    def banner(self) -> str:
        """What the ``listening`` line says in brackets: the games resumed."""
        lobby = self.lobby
        games = sum(1 for r in lobby.rooms.values() if r.finished is None)
        aside = f", {len(lobby.quarantined)} quarantined" if lobby.quarantined else ""
        return f"{games} games resumed{aside}"

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
        """Handle one message: a refused one gets an error reply, nothing else changes.
        Every message counts against the limits, readable or not."""
        if conn.closing:
            return
        conn.heard = time.monotonic()
        ref = about = None
        try:
            try:
                req: Request | None = parse_request(raw)
            except ProtocolError as error:
                ref, about = error.ref, error.about
                self.limited(conn, None)
                raise
            assert req is not None
            ref, about = req.ref, req.kind.value
            self.limited(conn, req)
            self.lobby.handle(conn, req)
        except ProtocolError as error:
            if error.code not in (ErrorCode.RATE_LIMITED, ErrorCode.TOO_MANY) and \
                    error.code in UNREADABLE:
                self.note(conn, f"sent a message refused as {error.code.value}")
            if not conn.closing:
                self.lobby.post(conn, error_reply(error, ref, about))
        except Exception as error:  # a bug must not take the server or the game down
            if self.quiet.allow(conn.address):
                log.exception("a message from %s failed (%s)", conn.address,
                              type(error).__name__)
            self.lobby.post(conn, error_reply(ProtocolError(
                ErrorCode.SERVER, "server error: the message was not carried out (the "
                "server's log has the details)"), ref, about))
        self.wake.set()

    def limited(self, conn: Connection, req: Request | None) -> None:
        """Count one message against every limit it falls under; raises ProtocolError
        (rate_limited, with retry_after) if it is over one, and closes a connection that
        goes on sending far over its limit."""
        address = conn.address
        token = None
        if conn.room is not None and conn.seat is not None:
            token = conn.room.tokens.get(conn.seat)
        checks: list[tuple[Buckets | RateLimit, str | None]] = [
            (conn.bucket, None), (self.by_address, address)]
        if token is not None:
            checks.append((self.by_token, token))
        if req is not None and req.kind == Kind.CREATE:
            checks.append((self.creating, address))
        elif req is not None and req.kind in GUESSES:
            checks.append((self.guessing, address))
        for limit, key in checks:
            allowed = limit.allow() if key is None else limit.allow(key)  # type: ignore
            if allowed:
                continue
            conn.refused += 1
            wait = limit.retry_after() if key is None else limit.retry_after(key)  # type: ignore
            if conn.refused >= STRIKES * self.limits.burst:
                self.note(conn, "was closed for sending far over its rate")
                conn.close("too many messages over the rate", 1008)
            what = (f"messages: this one was not carried out; send {conn.bucket.describe()}"
                    if key is None else
                    f"{limit.what}: this one was not carried out")  # type: ignore
            raise ProtocolError(ErrorCode.RATE_LIMITED, f"too many {what} (try again in "
                                f"{max(wait, 0.01):.2f} s)", retry_after=max(wait, 0.01))
        conn.refused = 0

    def note(self, conn: Connection, what: str) -> None:
        """One log line per client address a minute at most."""
        if self.quiet.allow(conn.address):
            log.warning("client %s %s (logged once a minute at most)", conn.address, what)

    async def patrol(self, every: float) -> None:
        """Close the connections that hold nothing and have been silent longer than the
        idle limit; forget the rate allowances back to full."""
        idle = self.limits.idle_timeout
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            if idle:
                for conn in list(self.connections):
                    if conn.room is None and now - conn.heard > idle:
                        conn.close(f"idle for {idle:g} s with no game: connect again when "
                                   "needed", 1000)
            for buckets in (self.by_address, self.by_token, self.creating, self.guessing):
                buckets.prune()
            self.quiet.prune()

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


GUESSES = frozenset({Kind.JOIN, Kind.SPECTATE, Kind.RECONNECT})
# refusals that say the client is broken or hostile (logged, a line a minute at most)
UNREADABLE = frozenset({ErrorCode.TOO_LARGE, ErrorCode.NOT_JSON, ErrorCode.BAD_SHAPE,
                        ErrorCode.BAD_VERSION, ErrorCode.UNKNOWN_TYPE, ErrorCode.BAD_FIELD})


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False
