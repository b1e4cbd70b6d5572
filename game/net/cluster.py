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
import dataclasses
import logging
import secrets
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

from game.engine import opponent
from game.engine.actions import parse_action
from game.engine.defs import Catalogue
from game.engine.errors import SaveError
from game.engine.game import Game
from game.engine.persist import load as load_save
from game.engine.persist import save
from game.net.connection import GUESSES, Connection, Server
from game.net.limits import Limits
from game.net.protocol import (
    ErrorCode,
    Kind,
    ProtocolError,
    Reply,
    Request,
    deltas_to_wire,
    error_reply,
    parse_request,
    reply,
)
from game.net.rooms import HANDLERS, Lobby, Peer, ReplayError, Room, normal_code, token_hash
from game.net.store import (
    KEEP_CHAT,
    Append,
    ChatLine,
    Damaged,
    Entry,
    EntryKind,
    Finish,
    Op,
    SeatRecord,
)
from game.net.store_pg import Conflict, PostgresStore, Snapshot, StoredGame

SNAPSHOT_EVERY = 40  # journal lines between snapshots (taken where no undo reaches back)
CHECK_EVERY = 2.0  # seconds between checks of the stored plies of the games held
log = logging.getLogger("fireteam.server")


class ClusterLobby(Lobby):
    """The lobby of one process among several: games taken up from the shared store when
    asked for, others' changes taken in as they are notified."""

    def __init__(self, catalogue: Catalogue, store: PostgresStore, limits: Limits | None = None,
                 seeds: Callable[[], int] | None = None) -> None:
        self.pg = store
        self.snapshot_at: dict[str, int] = {}  # game id -> ply of its latest snapshot
        self.listing: list[dict[str, Any]] = []  # the lobby as last read
        self.inflight: set[str] = set()  # games with a batch being committed
        self.deferred: set[str] = set()  # games to read again once their batch is in
        self.wake: Callable[[], None] = lambda: None  # the server delivers what is posted
        # what the other processes are to hear (chat, draw offers, presence) and the seats
        # connected here, written in order by the server's task (send_relays)
        self.relays: asyncio.Queue[Callable[[], Awaitable[None]]] = asyncio.Queue()
        # game id -> seat -> the other process it is connected to
        self.elsewhere: dict[str, dict[int, str]] = {}
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
        stored: StoredGame | Damaged | None = None
        if req.kind in (Kind.JOIN, Kind.SPECTATE):
            code = normal_code(str(req.get("code")))
            if code not in self.by_code and code not in self.quarantined_by:
                stored = await self.pg.by_code(code)
        elif req.kind == Kind.RECONNECT:
            digest = token_hash(req.get("token"))
            if digest not in self.by_token and digest not in self.quarantined_by:
                stored = await self.pg.by_token(digest)
        elif req.kind == Kind.LIST:
            self.listing = await self.pg.lobby()
        if stored is not None:
            game_id = stored.id if isinstance(stored, Damaged) else stored.record.id
            present = await self.pg.present([game_id])
            room = self.take_up(stored)
            if room is not None:
                self.seen_elsewhere(room, present.get(game_id, {}))
                # a change notified while the game was being read was not taken in (it was
                # not held yet): read what is newer now
                asyncio.get_running_loop().create_task(self.refresh([game_id]))

    def take_up(self, stored: StoredGame | Damaged | None) -> Room | None:
        """The room of a stored game, held here from now on (None: it is not, or cannot be
        replayed: then it is quarantined, and its players told why)."""
        if stored is None:
            return None
        if isinstance(stored, Damaged):
            self.quarantine(stored)
            return None
        room = self.rooms.get(stored.record.id)
        if room is not None:
            return room  # taken up meanwhile (two connections asked at once)
        try:
            room = self.restore(stored)
        except Exception as error:  # noqa: BLE001 - this game is quarantined, no other
            record = stored.record
            self.quarantine(Damaged(record.id, record.code, str(error) if isinstance(
                error, ReplayError) else f"it does not replay ({type(error).__name__}: "
                f"{str(error)[:200]})", tuple(s.token_hash for s in record.seats)))
            return None
        self.add(room)
        return room

    def restore(self, stored: StoredGame) -> Room:
        """The room of a stored game: its latest snapshot, then the journal lines since.
        Raises ReplayError (or the engine's error) when it does not replay."""
        record = stored.record
        if stored.snapshot is None:
            room = self.rebuild(record)
            self.snapshot_at[room.id] = 0
            return room
        room = self.rebuild(dataclasses.replace(record, journal=()))  # seats, chat, clocks
        try:
            room.game = game = load_save(Game, stored.snapshot.data, self.catalogue)
        except SaveError as error:
            raise ReplayError(f"its snapshot at ply {stored.snapshot.n} does not load "
                              f"({error})") from None
        room.ply = stored.snapshot.n
        for entry in record.journal:
            try:
                self.replay(game, entry)
            except Exception as error:  # noqa: BLE001 - told as the reason
                raise ReplayError(f"journal line {entry.n} ({entry.text[:60]!r}) does not "
                                  f"replay ({type(error).__name__}: {str(error)[:200]})"
                                  ) from None
            room.ply = entry.n + 1
        if game.is_over and room.finished is None:
            self.ops.append(Finish(room.id, self.clock()))
            room.finished = self.clock()
        self.snapshot_at[room.id] = stored.snapshot.n
        return room

    def seen_elsewhere(self, room: Room, seats: dict[int, str]) -> None:
        """The seats of ``room`` connected to other processes now (as the database or a
        notice says): they count as present (no win may be claimed from them)."""
        now = self.clock()
        before = self.elsewhere.get(room.id, {})
        for seat in set(before) - set(seats):
            if seat not in room.peers:
                room.gone_since.setdefault(seat, now)
        for seat in seats:
            room.gone_since.pop(seat, None)
        if seats:
            self.elsewhere[room.id] = dict(seats)
        else:
            self.elsewhere.pop(room.id, None)

    def claimable_in(self, room: Room, seat: int) -> float | None:
        """As the lobby's, a seat connected to another process counting as present."""
        other = opponent(seat)
        if other not in room.tokens or room.ended:
            return None
        now = self.clock()
        waits = []
        if room.turn_minutes and room.game.to_act == other:
            waits.append(room.turn_since + room.turn_minutes * 60 - now)
        there = other in room.peers or other in self.elsewhere.get(room.id, {})
        if self.limits.claim_after and not there:
            waits.append(room.gone_since.get(other, now) + self.limits.claim_after - now)
        return max(0.0, min(waits)) if waits else None

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
            minutes = row["spec"].get("turn_minutes", 0)
            summary = {"code": row["code"], "mission": row["spec"]["mission"],
                       "fireteams": [teams["1"], teams["2"]],
                       "names": {str(s): n for s, n in row["names"].items()}, "free": free,
                       "turn_minutes": minutes if isinstance(minutes, int) else 0}
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
        """As the lobby's; the other processes are told, and the database knows the seat
        is connected here (or no longer)."""
        super().presence(room, seat, connected)
        message = reply(Reply.PRESENCE, seat=seat, connected=connected,
                        names=room.wire_names())
        self.relays.put_nowait(partial(self.pg.mark_present, room.id, seat, connected))
        self.relays.put_nowait(partial(self.pg.relay, room.id, message))

    def relay(self, room: Room | None, kind: Reply) -> None:
        """Pass on the last message of ``kind`` posted in ``room`` to the other processes."""
        if room is None:
            return
        for _, message in reversed(self.outbox):
            if message is not None and message.get("type") == kind.value:
                relayed = {k: v for k, v in message.items() if k != "ref"}
                self.relays.put_nowait(partial(self.pg.relay, room.id, relayed))
                return

    def bind(self, peer: Peer, room: Room, seat: int, token: str, ref: str | None) -> None:
        super().bind(peer, room, seat, token, ref)
        for other in sorted(set(self.elsewhere.get(room.id, {})) - {seat}):
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
            seat = relayed.get("seat")
            if not isinstance(seat, int) or seat in room.peers:
                return  # the seat was taken up here since: this process knows better
            seats = dict(self.elsewhere.get(room.id, {}))
            if relayed.get("connected"):
                seats[seat] = str(message.get("from"))
            else:
                seats.pop(seat, None)
            self.seen_elsewhere(room, seats)
        elif kind == Reply.CHAT.value:
            room.chat.append(ChatLine(relayed.get("seat"), str(relayed.get("name", "")),
                                      str(relayed.get("text", ""))))
            del room.chat[:-KEEP_CHAT]
        else:
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
                if old is not None:  # a token replaced (rotate_token) on another process
                    self.by_token.pop(old, None)
                room.tokens[seat.seat], room.names[seat.seat] = seat.token_hash, seat.name
                self.by_token[seat.token_hash] = (room, seat.seat)
                if old is None:  # a seat taken on another process: its player is there
                    Lobby.presence(self, room, seat.seat, True)  # told here, not relayed
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
            room.active = room.turn_since = self.clock()
            everyone = room.everyone()
            deltas = deltas_to_wire(game, {s for _, s in everyone}, lowest_events, lowest_log)
            for other, other_seat in everyone:
                message = reply(Reply.UPDATE, ply=room.ply, by=entries[-1].seat,
                                over=game.is_over, winner=game.winner,
                                delta=deltas[other_seat])
                if game.is_over:
                    message["seed"] = room.seed
                self.post(other, message)
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
        stored = {g: r for g, r in error.games.items() if isinstance(r, StoredGame)} \
            if isinstance(error, Conflict) else {}
        gone = ProtocolError(ErrorCode.SERVER, "this game could not be created (its code was "
                             "drawn by another server process at the same moment); try again")
        for peer, message in dropped:
            if message is not None and message.get("ref") is not None:
                unborn = isinstance(error, Conflict) and room_of[id(peer)] not in stored
                keep.append((peer, error_reply(gone if unborn else problem, message["ref"])))
        for room in rooms:
            self._take_up_again(room, stored, isinstance(error, Conflict), keep)
        return keep

    def _take_up_again(self, room: Room, stored: dict[str, StoredGame], conflict: bool,
                       keep: list[tuple[Peer, dict[str, Any] | None]]) -> None:
        """After a refused batch: ``room`` put back as stored (everybody in it sent the
        position), or let go when it is not in ``stored`` (its connections closed unless
        ``conflict``); the messages to send are added to ``keep``."""
        everyone = room.everyone()
        self.forget(room)
        fresh = self.take_up(stored[room.id]) if room.id in stored else None
        for peer, seat in everyone:
            if fresh is None:
                peer.room, peer.seat = None, None
                if not conflict:
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
    """The server of one process among several: connection caps, and the allowances of
    games created and of join, spectate and reconnect attempts per address, counted across
    them all in the database; games taken up before a message about them is handled;
    commits awaited on the event loop (asyncpg); others' changes taken in as they are
    notified."""

    lobby: ClusterLobby

    def __init__(self, lobby: ClusterLobby) -> None:
        super().__init__(lobby)
        lobby.wake = self.wake.set
        self.refusals: dict[int, ProtocolError] = {}  # id(connection) -> its next refusal

    async def admit(self, address: str) -> str | None:
        return await self.lobby.pg.admit(address, self.limits.max_per_address,
                                         self.limits.max_connections)

    async def release(self, address: str) -> None:
        await self.lobby.pg.release(address)

    async def before(self, conn: Connection, raw: str | bytes) -> None:
        """The allowances shared by every process (a refusal is given when the message is
        handled: :meth:`limited`), then the game the message names taken up."""
        try:
            req = parse_request(raw)
        except ProtocolError:
            return  # refused when it is handled
        limits = self.limits
        allowance = None
        if req.kind == Kind.CREATE:
            allowance = ("create", limits.create_per_hour / 3600, 10, "games created")
        elif req.kind in GUESSES:
            allowance = ("guess", limits.guesses_per_minute / 60, 20,
                         "join, spectate and reconnect attempts")
        if allowance is not None:
            key, rate, burst, what = allowance
            if not await self.lobby.pg.allow(f"{key} {conn.address}", rate, burst):
                self.refusals[id(conn)] = ProtocolError(
                    ErrorCode.RATE_LIMITED, f"too many {what} from this address (across the "
                    f"servers): this one was not carried out (try again in {1 / rate:.2f} s)",
                    retry_after=1 / rate)
                return
        await self.lobby.prepare(raw)

    def limited(self, conn: Connection, req: Request | None) -> None:
        super().limited(conn, req)
        refusal = self.refusals.pop(id(conn), None)
        if refusal is not None:
            raise refusal

    def banner(self) -> str:
        return f"PostgreSQL, process {self.lobby.pg.process}"

    async def begin(self) -> list[asyncio.Task[None]]:
        await self.lobby.pg.listen(self.lobby.notice)
        loop = asyncio.get_running_loop()
        return [loop.create_task(self.watch()), loop.create_task(self.send_relays())]

    async def end(self) -> None:
        await self.lobby.pg.aclose()

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
        """Write, in order, what the other processes are to hear and which seats are
        connected here."""
        while True:
            job = await self.lobby.relays.get()
            try:
                await job()
            except Exception:  # the database is away: only the other processes miss it
                log.exception("a notice for the other server processes was not sent")

    async def watch(self) -> None:
        """Every few seconds: the stored plies of the games held (a missed notice), the
        seats connected to other live processes, this process's heartbeat, and now and
        then the games abandoned."""
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
                    present = await lobby.pg.present(held)
                    for game_id in held:
                        if game_id in lobby.rooms:
                            lobby.seen_elsewhere(lobby.rooms[game_id],
                                                 present.get(game_id, {}))
                await lobby.pg.heartbeat()
                beats += 1
                if beats % 30 == 0:
                    await lobby.abandon_stale()
                    self.wake.set()
            except Exception:  # the database is away for a moment: try again later
                log.exception("the periodic check of the shared store failed")


async def open_cluster(url: str, catalogue: Catalogue, limits: Limits | None = None,
                       seeds: Callable[[], int] | None = None,
                       create: bool = True) -> tuple[ClusterLobby, ClusterServer]:
    """The lobby and server of one process on the PostgreSQL database at ``url`` (see
    game.net.server.run, which serves them for a postgresql:// database); raises
    StoreError when the database cannot be used."""
    store = await PostgresStore.open(url, secrets.token_hex(6), create)
    lobby = ClusterLobby(catalogue, store, limits=limits, seeds=seeds)
    return lobby, ClusterServer(lobby)
