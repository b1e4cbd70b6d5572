"""Several server processes serving the same games from one PostgreSQL database
(``fireteam serve --db postgresql://...``; docs/server.md "Several processes: PostgreSQL").

The database is the one truth; a process holds in memory only the games its own connections
use, and takes a game up from the database when a connection asks for it (by its join code,
a seat's token, or the lobby), from its latest snapshot on. Every change is written at its
ply (game/net/store_pg.py): when two processes change one game at once, one of them wins and
the other's change is refused, its player told ``stale`` and sent the position as stored.

Processes learn of each other's changes through PostgreSQL's LISTEN/NOTIFY: each commit
notifies the games it changed; a process holding one of them reads the lines it has not
seen and sends its own connections the update. (A check every few seconds of the stored
plies of the games held catches a notice missed while the listening connection was down.)

A process that dies loses nothing: everything it answered was committed; its clients
reconnect to another process (given several addresses) with their tokens and go on.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

from websockets.asyncio.server import ServerConnection

from game.engine.actions import parse_action
from game.engine.game import Game
from game.engine.persist import load as load_save
from game.engine.persist import save
from game.net.limits import Limits, client_address
from game.net.protocol import (
    ErrorCode,
    Kind,
    ProtocolError,
    Reply,
    deltas_to_wire,
    encode,
    error_reply,
    parse_request,
    reply,
)
from game.net.rooms import HANDLERS, Lobby, Peer, Room, token_hash
from game.net.server import Connection, Server
from game.net.store import Append, Entry, EntryKind, Finish, Op, SeatRecord
from game.net.store_pg import Conflict, PostgresStore, Snapshot, StoredGame

SNAPSHOT_EVERY = 40  # journal lines between snapshots (taken where no undo reaches back)
CHECK_EVERY = 2.0  # seconds between checks of the stored plies of the games held
log = logging.getLogger("fireteam.server")


class ClusterLobby(Lobby):
    """The lobby of one process among several: games taken up from the shared store when
    asked for, others' changes taken in as they are notified."""

    def __init__(self, catalogue: Any, store: PostgresStore, limits: Limits | None = None,
                 seeds: Callable[[], int] | None = None) -> None:
        self.pg = store
        self.snapshot_at: dict[str, int] = {}  # game id -> ply of its latest snapshot
        self.listing: list[dict[str, Any]] = []  # the lobby as last read
        self.inflight: set[str] = set()  # games with a batch being committed
        self.deferred: set[str] = set()  # games to read again once their batch is in
        self.wake: Callable[[], None] = lambda: None  # the server delivers what is posted
        # messages for the other processes' connections (chat, draw offers, presence), sent
        # in order by the server's relay task
        self.relays: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self.elsewhere: dict[str, set[int]] = {}  # game id -> seats connected elsewhere
        super().__init__(catalogue, store, limits=limits, seeds=seeds)  # type: ignore[arg-type]

    def resume(self) -> None:
        """Nothing is loaded at start-up: a game is taken up when a connection asks for it."""

    def handle(self, peer: Peer, req: Any) -> None:
        """As the lobby's, through this class's own handlers where it has them."""
        getattr(self, HANDLERS[req.kind].__name__)(peer, req)

    # --- taking games up -----------------------------------------------------------------

    async def prepare(self, raw: str | bytes) -> None:
        """Before a message is handled: take up the game it names if this process does not
        hold it (by code or token), or read the lobby for a list."""
        try:
            req = parse_request(raw)
        except ProtocolError:
            return  # handled (refused) as usual
        if req.kind in (Kind.JOIN, Kind.SPECTATE):
            code = str(req.get("code")).strip().upper()
            if code not in self.by_code:
                self.take_up(await self.pg.by_code(code))
        elif req.kind == Kind.RECONNECT:
            digest = token_hash(req.get("token"))
            if digest not in self.by_token:
                self.take_up(await self.pg.by_token(digest))
        elif req.kind == Kind.LIST:
            self.listing = await self.pg.lobby()

    def take_up(self, stored: StoredGame | None) -> Room | None:
        if stored is None:
            return None
        room = self.rooms.get(stored.record.id)
        if room is not None:
            return room  # taken up meanwhile (two connections asked at once)
        room = self.restore(stored)
        self.add(room)
        return room

    def restore(self, stored: StoredGame) -> Room:
        """The room of a stored game: its latest snapshot, then the journal lines since."""
        record = stored.record
        if stored.snapshot is None:
            room = self.rebuild(record)
            self.snapshot_at[room.id] = 0
            return room
        game = load_save(Game, stored.snapshot.data, self.catalogue)
        room = Room(record.id, record.code, record.spec, record.seed, record.open, game,
                    finished=record.finished, active=record.last_active)
        for seat in record.seats:
            room.names[seat.seat] = seat.name
            room.tokens[seat.seat] = seat.token_hash
        room.ply = stored.snapshot.n
        for entry in record.journal:
            self.replay(game, entry)
            room.ply = entry.n + 1
        self.snapshot_at[room.id] = stored.snapshot.n
        return room

    @staticmethod
    def replay(game: Game, entry: Entry) -> None:
        if entry.kind == EntryKind.ACT:
            game.apply(parse_action(entry.text))
        else:
            game.undo()

    def forget(self, room: Room) -> None:
        super().forget(room)
        self.snapshot_at.pop(room.id, None)
        self.elsewhere.pop(room.id, None)

    def list_games(self, peer: Peer, req: Any) -> None:
        games: list[dict[str, Any]] = []
        playing: list[dict[str, Any]] = []
        for row in self.listing:
            teams = row["spec"]["fireteams"]
            free = [s for s in (1, 2) if s not in row["names"]]
            summary = {"code": row["code"], "mission": row["spec"]["mission"],
                       "fireteams": [teams["1"], teams["2"]],
                       "names": {str(s): n for s, n in row["names"].items()}, "free": free}
            (games if free else playing).append(summary)
        message = reply(Reply.GAMES, games=games, playing=playing)
        if req.ref is not None:
            message["ref"] = req.ref
        self.post(peer, message)

    def sweep(self) -> None:
        """Before the usual sweep: a game nobody here is connected to is let go (another
        process may hold it; it is taken up again when asked for). The games abandoned are
        found in the database (:meth:`abandon_stale`)."""
        busy = self.inflight | {op.game_id for op in self.ops}
        for room in list(self.rooms.values()):
            if not room.peers and not room.spectators and room.id not in busy:
                self.forget(room)
        super().sweep()

    # --- what the other processes' connections hear -----------------------------------------

    def chat(self, peer: Peer, req: Any) -> None:
        super().chat(peer, req)
        self.relay(peer.room, Reply.CHAT)

    def offer_draw(self, peer: Peer, req: Any) -> None:
        super().offer_draw(peer, req)
        self.relay(peer.room, Reply.DRAW_OFFERED)

    def presence(self, room: Room, seat: int, connected: bool) -> None:
        super().presence(room, seat, connected)
        self.relays.put_nowait((room.id, reply(Reply.PRESENCE, seat=seat, connected=connected,
                                                names=room.wire_names())))

    def relay(self, room: Room | None, kind: Reply) -> None:
        """Pass on the last message of ``kind`` posted in ``room`` to the other processes."""
        if room is None:
            return
        for _, message in reversed(self.outbox):
            if message is not None and message.get("type") == kind.value:
                message = {k: v for k, v in message.items() if k != "ref"}
                self.relays.put_nowait((room.id, message))
                return

    def bind(self, peer: Peer, room: Room, seat: int, token: str, ref: str | None) -> None:
        super().bind(peer, room, seat, token, ref)
        for other in sorted(self.elsewhere.get(room.id, set()) - {seat}):
            self.post(peer, reply(Reply.PRESENCE, seat=other, connected=True,
                                  names=room.wire_names()))

    def notice(self, message: dict[str, Any]) -> None:
        """A notice from another process: a batch it committed, or a message for the
        connections of a game held here."""
        if "games" in message:
            asyncio.get_running_loop().create_task(
                self.refresh([str(g) for g in message["games"]]))
            return
        room = self.rooms.get(str(message.get("game")))
        relayed = message.get("message")
        if room is None or not isinstance(relayed, dict):
            return
        kind = relayed.get("type")
        if kind == Reply.DRAW_OFFERED.value:
            room.draw_offer = relayed.get("by")
        elif kind == Reply.PRESENCE.value:
            seats = self.elsewhere.setdefault(room.id, set())
            seat = relayed.get("seat")
            (seats.add if relayed.get("connected") else seats.discard)(seat)
            if seat in room.peers:
                return  # the seat was taken up here since: this process knows better
        elif kind != Reply.CHAT.value:
            return
        for other, _ in room.everyone():
            self.post(other, relayed)
        self.wake()

    # --- others' changes ------------------------------------------------------------------

    async def refresh(self, game_ids: list[str]) -> None:
        """Take in what other processes wrote to the games held here, and tell the
        connections here."""
        for game_id in game_ids:
            room = self.rooms.get(game_id)
            if room is None:
                continue
            if game_id in self.inflight or any(op.game_id == game_id for op in self.ops):
                self.deferred.add(game_id)  # read again once this process's batch is in
                continue
            entries, seats, finished = await self.pg.since(game_id, room.ply)
            if self.rooms.get(game_id) is not room or game_id in self.inflight or \
                    any(op.game_id == game_id for op in self.ops):
                self.deferred.add(game_id)
                continue
            self.take_in(room, [e for e in entries if e.n >= room.ply], seats, finished)
        self.wake()

    def take_in(self, room: Room, entries: list[Entry], seats: list[SeatRecord],
                finished: float | None) -> None:
        for seat in seats:
            if room.tokens.get(seat.seat) != seat.token_hash:
                old = room.tokens.get(seat.seat)
                if old is not None:
                    self.by_token.pop(old, None)
                room.tokens[seat.seat], room.names[seat.seat] = seat.token_hash, seat.name
                self.by_token[seat.token_hash] = (room, seat.seat)
                Lobby.presence(self, room, seat.seat, True)  # told here; not relayed back
        if entries and entries[0].n == room.ply:
            game = room.game
            events_before, log_before = len(game.events), len(game.log)
            lowest_events, lowest_log = events_before, log_before
            for entry in entries:
                if entry.n != room.ply:
                    break
                self.replay(game, entry)
                room.ply += 1
                lowest_events = min(lowest_events, len(game.events))
                lowest_log = min(lowest_log, len(game.log))
            room.draw_offer = None
            room.active = self.clock()
            everyone = room.everyone()
            deltas = deltas_to_wire(game, {s for _, s in everyone}, lowest_events, lowest_log)
            for other, other_seat in everyone:
                self.post(other, reply(Reply.UPDATE, ply=room.ply, by=entries[-1].seat,
                                       over=game.is_over, winner=game.winner,
                                       delta=deltas[other_seat]))
        if finished is not None and room.finished is None:
            room.finished = finished

    # --- batches -------------------------------------------------------------------------

    def snapshots(self, ops: list[Op]) -> list[Snapshot]:
        """Snapshots to write with a batch: for each game it appends to, when the game is
        SNAPSHOT_EVERY lines past its last one and no undo can reach back past this ply."""
        out = []
        for game_id in {op.game_id for op in ops if isinstance(op, Append)}:
            room = self.rooms.get(game_id)
            if room is None or room.game.can_undo:
                continue
            if room.ply - self.snapshot_at.get(game_id, 0) >= SNAPSHOT_EVERY:
                out.append(Snapshot(game_id, room.ply, save(room.game)))
                self.snapshot_at[game_id] = room.ply
        return out

    def commit_failed(self, ops: list[Op], out: list[tuple[Peer, dict[str, Any] | None]],
                      error: BaseException) -> list[tuple[Peer, dict[str, Any] | None]]:
        """A batch was refused, whole (the database failed) or for some games (another
        process changed them first: a :class:`Conflict`, which holds them as stored). The
        games concerned are put back as stored (or let go, when the database cannot be
        read: their connections are closed, and reconnect to read them afresh); the
        requests awaiting an answer in them are refused (``stale`` for a conflict) and
        everybody in them is sent the position."""
        if isinstance(error, Conflict):
            touched = set(error.game_ids)
            problem = ProtocolError(ErrorCode.STALE, "another server process changed this "
                                    "game first; this was not carried out (the position as "
                                    "stored follows)")
        else:
            touched = {op.game_id for op in ops}
            problem = ProtocolError(ErrorCode.SERVER, f"the server could not store the last "
                                    f"change ({error}); reconnect to take the game up again")
        self.ops = [op for op in self.ops if op.game_id not in touched]
        rooms = [self.rooms[g] for g in touched if g in self.rooms]
        room_of = {id(p): room.id for room in rooms for p, _ in room.everyone()}
        keep = [(p, m) for p, m in out + self.outbox if id(p) not in room_of]
        dropped = [(p, m) for p, m in out + self.outbox if id(p) in room_of]
        self.outbox = []
        stored = error.games if isinstance(error, Conflict) else {}
        gone = ProtocolError(ErrorCode.SERVER, "this game could not be created (its code was "
                             "drawn by another server process at the same moment); try again")
        for peer, message in dropped:
            if message is not None and message.get("ref") is not None:
                unborn = isinstance(error, Conflict) and room_of[id(peer)] not in stored
                keep.append((peer, error_reply(gone if unborn else problem, message["ref"])))
        for room in rooms:
            everyone = room.everyone()
            self.forget(room)
            fresh = self.take_up(stored[room.id]) if room.id in stored else None
            for peer, seat in everyone:
                if fresh is None:
                    peer.room, peer.seat = None, None
                    if not isinstance(error, Conflict):
                        keep.append((peer, None))  # closed: it reconnects, reads it afresh
                    continue
                if seat is None:
                    fresh.spectators.append(peer)
                else:
                    fresh.peers[seat] = peer
                peer.room = fresh
                keep.append((peer, reply(Reply.UPDATE, ply=fresh.ply, by=None,
                                         over=fresh.game.is_over, winner=fresh.game.winner,
                                         delta=deltas_to_wire(fresh.game, {seat}, 0, 0)[seat])))
        return keep

    async def abandon_stale(self) -> None:
        """End the games nobody has played for ``abandon_after`` (whichever process looks
        first; the others find them finished)."""
        if not self.limits.abandon_after:
            return
        for game_id in await self.pg.stale(self.clock() - self.limits.abandon_after):
            room = self.rooms.get(game_id)
            if room is None:
                self.ops.append(Finish(game_id, self.clock()))
            elif not room.peers:
                self.abandon(room)


class ClusterServer(Server):
    """The server of one process among several: connection caps counted across them all,
    games taken up before a message about them is handled, commits awaited on the event
    loop (asyncpg), and others' changes taken in as they are notified."""

    lobby: ClusterLobby

    def __init__(self, lobby: ClusterLobby) -> None:
        super().__init__(lobby)
        lobby.wake = self.wake.set

    async def handler(self, ws: ServerConnection) -> None:
        forwarded = ws.request.headers.get("X-Forwarded-For") if ws.request else None
        address = client_address(ws.remote_address, forwarded, self.limits.forwarded)
        problem = await self.lobby.pg.admit(address, self.limits.max_per_address,
                                            self.limits.max_connections)
        if problem is not None:
            await ws.send(encode(error_reply(ProtocolError(ErrorCode.SERVER_FULL, problem))))
            await ws.close(1013, problem[:120])
            return
        try:
            await self.serve(ws)
        finally:
            await self.lobby.pg.release(address)

    async def before(self, conn: Connection, raw: str | bytes) -> None:
        await self.lobby.prepare(raw)

    async def store_commit(self, ops: list[Op]) -> None:
        lobby = self.lobby
        shots = lobby.snapshots(ops)
        games = {op.game_id for op in ops}
        lobby.inflight |= games
        try:
            await lobby.pg.commit_async(ops, shots)
        finally:
            lobby.inflight -= games
            again = lobby.deferred & games
            lobby.deferred -= again
            if again:
                asyncio.get_running_loop().create_task(lobby.refresh(sorted(again)))

    async def send_relays(self) -> None:
        """Pass on to the other processes, in order, what this one's connections said."""
        while True:
            game_id, message = await self.lobby.relays.get()
            try:
                await self.lobby.pg.relay(game_id, message)
            except Exception:  # the database is away: the message is only lost to others
                log.exception("a message for the other server processes was not sent")

    async def watch(self) -> None:
        """Every few seconds: the stored plies of the games held (a missed notice), the
        process's heartbeat, and the games abandoned."""
        lobby = self.lobby
        beats = 0
        while True:
            await asyncio.sleep(CHECK_EVERY)
            try:
                if not lobby.pg.listening():  # the listening connection was lost
                    await lobby.pg.listen(lobby.notice)
                    await lobby.refresh(list(lobby.rooms))
                held = list(lobby.rooms)
                if held:
                    plies = await lobby.pg.plies(held)
                    behind = [g for g, ply in plies.items()
                              if g in lobby.rooms and ply > lobby.rooms[g].ply]
                    if behind:
                        await lobby.refresh(behind)
                await lobby.pg.heartbeat()
                beats += 1
                if beats % 30 == 0:
                    await lobby.abandon_stale()
                    self.wake.set()
            except Exception:  # the database is away for a moment: try again later
                log.exception("the periodic check of the shared store failed")


async def run(host: str, port: int, url: str, ready: asyncio.Future[int] | None = None,
              stop: asyncio.Event | None = None, limits: Limits | None = None,
              sweep_every: float = 60.0, seeds: Callable[[], int] | None = None) -> None:
    """One server process on the PostgreSQL database at ``url`` (see game.net.server.run,
    which calls this for a postgresql:// database)."""
    from websockets.asyncio.server import serve

    from game.content import load_catalogue
    from game.net.protocol import MAX_FRAME_BYTES
    from game.net.server import stop_on_signals

    store = await PostgresStore.open(url, secrets.token_hex(6))
    lobby = ClusterLobby(load_catalogue(), store, limits=limits, seeds=seeds)
    server = ClusterServer(lobby)
    stop = stop_on_signals(stop)
    await store.listen(lobby.notice)
    loop = asyncio.get_running_loop()
    flusher = loop.create_task(server.flush())
    helpers = [loop.create_task(server.watch()), loop.create_task(server.send_relays())]
    try:
        async with serve(server.handler, host, port, max_size=MAX_FRAME_BYTES,
                         compression=None) as ws_server:
            bound = ws_server.sockets[0].getsockname()
            print(f"listening on ws://{bound[0]}:{bound[1]} (PostgreSQL, process "
                  f"{store.process})", flush=True)
            if ready is not None:
                ready.set_result(int(bound[1]))
            while not stop.is_set():
                try:
                    await asyncio.wait_for(stop.wait(), sweep_every)
                except TimeoutError:
                    lobby.sweep()
                    server.wake.set()
    finally:
        for helper in helpers:
            helper.cancel()
        server.stopping = True
        server.wake.set()
        await flusher
        await store.aclose()
