"""The server's games in PostgreSQL (``fireteam serve --db postgresql://...``), shared by any
number of server processes (game/net/cluster.py), through the asyncpg driver.

The tables hold what the SQLite store holds (games, seats, the append-only journal), plus
the game's ply (so appending line N is a check-and-set on the game's row), snapshots of long
games (so a process that takes a game up replays only the lines since its last snapshot) and
the server processes themselves (each with its connections per address, for the caps that
hold across all of them).

The rule that makes several processes safe: **a journal line is written only at its ply**.
``UPDATE games SET ply = N + 1 WHERE id = ... AND ply = N`` locks the game's row, so two
processes appending line N of one game are put one after the other, and the second finds
the ply moved on: its change is refused as a :class:`Conflict` (and the primary key
(game_id, n) of the journal refuses a second line N whatever happens). Each batch is one
transaction; each game's changes in it sit behind a savepoint, so one game's conflict
refuses that game's changes only. At commit, PostgreSQL tells every process that listens
(``NOTIFY fireteam``) which games changed; a process holding one of them reads its new lines.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.net.store import (
    KEEP_CHAT,
    Append,
    ChatLine,
    Damaged,
    Entry,
    EntryKind,
    Finish,
    GameRecord,
    NewGame,
    NewSeat,
    Op,
    Rotate,
    Say,
    SeatRecord,
    StoreError,
    seats_and_journal,
)

CHANNEL = "fireteam"
SCHEMA_VERSION = 1
SCHEMA = """
CREATE TABLE IF NOT EXISTS fireteam_meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    spec TEXT NOT NULL,
    seed BIGINT NOT NULL,
    open BOOLEAN NOT NULL,
    created DOUBLE PRECISION NOT NULL,
    finished DOUBLE PRECISION,
    ply INTEGER NOT NULL DEFAULT 0,
    active DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS games_in_progress ON games (created) WHERE finished IS NULL;
""" + seats_and_journal("SMALLINT", "DOUBLE PRECISION") + """CREATE TABLE IF NOT EXISTS chat (
    id BIGSERIAL PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games(id),
    seat SMALLINT,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_game ON chat (game_id, id);
CREATE TABLE IF NOT EXISTS snapshots (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, n)
);
CREATE TABLE IF NOT EXISTS processes (
    id TEXT PRIMARY KEY,
    seen DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS connections (
    process TEXT NOT NULL REFERENCES processes(id) ON DELETE CASCADE,
    address TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (process, address)
);
CREATE TABLE IF NOT EXISTS present (
    game_id TEXT NOT NULL,
    seat SMALLINT NOT NULL,
    process TEXT NOT NULL REFERENCES processes(id) ON DELETE CASCADE,
    PRIMARY KEY (game_id, seat, process)
);
CREATE TABLE IF NOT EXISTS allowances (
    key TEXT PRIMARY KEY,
    tokens DOUBLE PRECISION NOT NULL,
    at DOUBLE PRECISION NOT NULL
);
"""
SCHEMA_LOCK = 0x46697265  # the advisory lock held while the schema is made ("Fire")


@dataclass(frozen=True)
class Snapshot:
    """The engine's save of a game after its first ``n`` journal lines (taken where no
    undo can reach back past it)."""

    game_id: str
    n: int
    data: dict[str, Any]


@dataclass(frozen=True)
class StoredGame:
    """A game as a process takes it up: its record (seats, and the journal lines after the
    snapshot, if any) and its latest snapshot."""

    record: GameRecord
    snapshot: Snapshot | None


@dataclass
class Conflict(StoreError):
    """Another process changed these games first (a journal line at a ply that was taken,
    a code or a seat that exists): their changes in the batch were refused, and the rest of
    the batch is committed. ``games``: what the store holds of them now."""

    game_ids: set[str]
    games: dict[str, StoredGame | Damaged] = field(default_factory=dict)

    def __str__(self) -> str:
        return (f"another server process changed game(s) {', '.join(sorted(self.game_ids))} "
                "first")


class PostgresStore:
    """The shared store. Open it with :meth:`open`; every method is a coroutine except
    :meth:`commit` (for the Store interface: only an empty batch, the others go through
    :meth:`commit_async`)."""

    durable = True

    def __init__(self, url: str, pool: Any, process: str) -> None:
        self.url = url
        self.pool = pool
        self.process = process  # this server process's id, in every NOTIFY it causes
        self.listener: Any = None

    @classmethod
    async def open(cls, url: str, process: str, create: bool = True) -> PostgresStore:
        """Connect (a small pool), make the tables if they are missing (only with
        ``create``: a database without them is otherwise refused, as a missing SQLite file
        is) and register this process. Raises StoreError naming the database when it
        cannot be used."""
        try:
            import asyncpg
        except ImportError:
            raise StoreError("a PostgreSQL database needs the asyncpg package: pip install "
                             "'fireteam[postgres]'") from None
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=4,
                                             command_timeout=30)
        except (OSError, asyncpg.PostgresError, ValueError) as error:
            raise StoreError(f"{_safe(url)}: cannot connect ({error})") from None
        store = cls(url, pool, process)
        try:
            async with pool.acquire() as conn, conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", SCHEMA_LOCK)
                there = await conn.fetchval("SELECT to_regclass('games') IS NOT NULL")
                if not there and not create:
                    raise StoreError(f"{_safe(url)}: no games table in this database; start "
                                     "with --new-db to make the tables")
                await conn.execute(SCHEMA)
                row = await conn.fetchval(
                    "SELECT value FROM fireteam_meta WHERE key = 'schema'")
                if row is not None and int(row) > SCHEMA_VERSION:
                    raise StoreError(f"{_safe(url)}: database version {row}; this server "
                                     f"knows {SCHEMA_VERSION} (a newer server wrote it)")
                await conn.execute("INSERT INTO fireteam_meta (key, value) VALUES "
                                   "('schema', $1) ON CONFLICT (key) DO NOTHING",
                                   str(SCHEMA_VERSION))
                await conn.execute("INSERT INTO processes (id, seen) VALUES ($1, $2) "
                                   "ON CONFLICT (id) DO UPDATE SET seen = $2",
                                   process, time.time())
        except asyncpg.PostgresError as error:
            await pool.close()
            raise StoreError(f"{_safe(url)}: cannot make the tables ({error})") from None
        except StoreError:
            await pool.close()
            raise
        return store

    # --- writing -------------------------------------------------------------------------

    def commit(self, ops: Sequence[Op]) -> None:
        """The Store interface's synchronous commit: only for an empty batch (the lobby's
        start-up); the server commits through :meth:`commit_async`."""
        if ops:
            raise StoreError("the PostgreSQL store commits through commit_async")

    async def commit_async(self, ops: Sequence[Op],
                           snapshots: Sequence[Snapshot] = ()) -> None:
        """Write ``ops`` as one transaction, each game's behind a savepoint, and notify the
        other processes of the games changed. Raises :class:`Conflict` (after committing
        the others) when some games' changes were refused, StoreError when the database
        refused the batch itself."""
        import asyncpg

        by_game: dict[str, list[Op]] = {}
        for op in ops:
            by_game.setdefault(op.game_id, []).append(op)
        if not by_game:
            return
        shots: dict[str, list[Snapshot]] = {}
        for shot in snapshots:
            shots.setdefault(shot.game_id, []).append(shot)
        now = time.time()
        refused: set[str] = set()
        try:
            async with self.pool.acquire() as conn:
                try:  # as a rule nothing conflicts: the whole batch at once
                    async with conn.transaction():
                        await self._games(conn, by_game, shots, now, None)
                except (asyncpg.IntegrityConstraintViolationError, _Refused):
                    # a conflict: again, each game behind a savepoint, so that only the
                    # games in conflict are refused
                    async with conn.transaction():
                        await self._games(conn, by_game, shots, now, refused)
        except (asyncpg.PostgresError, asyncpg.InterfaceError) as error:
            raise StoreError(f"the database refused the batch ({error})") from None
        if refused:
            raise Conflict(refused, await self.load(refused))

    async def _games(self, conn: Any, by_game: dict[str, list[Op]],
                     shots: dict[str, list[Snapshot]], now: float,
                     refused: set[str] | None) -> None:
        """Each game's changes in turn, then the notice of the games changed. With
        ``refused`` each game's are behind a savepoint, and a game in conflict is added
        to it instead of failing the whole."""
        import asyncpg

        for game_id, game_ops in by_game.items():
            if refused is None:
                await self._game_ops(conn, game_ops, shots.get(game_id, ()), now)
                continue
            try:
                async with conn.transaction():  # a savepoint
                    await self._game_ops(conn, game_ops, shots.get(game_id, ()), now)
            except (asyncpg.IntegrityConstraintViolationError, _Refused):
                refused.add(game_id)
        changed = [g for g in by_game if refused is None or g not in refused]
        if changed:
            await conn.execute("SELECT pg_notify($1, $2)", CHANNEL,
                               json.dumps({"from": self.process, "games": changed}))

    async def _game_ops(self, conn: Any, ops: list[Op], shots: Sequence[Snapshot],
                        now: float) -> None:
        for op in ops:
            await self._one(conn, op, now)
        for shot in shots:
            await conn.execute("INSERT INTO snapshots (game_id, n, data) VALUES ($1, $2, $3) "
                               "ON CONFLICT DO NOTHING", shot.game_id, shot.n,
                               json.dumps(shot.data))

    async def _one(self, conn: Any, op: Op, now: float) -> None:
        if isinstance(op, Append):
            entry = op.entry
            # the ply moved on only from N, and line N written only if it did: one statement
            done = await conn.execute(
                "WITH moved AS (UPDATE games SET ply = $2 + 1, active = $6 WHERE id = $1 AND "
                "ply = $2 RETURNING id) INSERT INTO journal (game_id, n, seat, kind, text, at) "
                "SELECT id, $2, $3, $4, $5, $6 FROM moved", op.game_id, entry.n, entry.seat,
                entry.kind.value, entry.text, now)
            if done != "INSERT 0 1":
                raise _Refused(f"game {op.game_id}: ply {entry.n} is taken")
        elif isinstance(op, NewGame):
            await conn.execute("INSERT INTO games (id, code, spec, seed, open, created, "
                               "active) VALUES ($1, $2, $3, $4, $5, $6, $6)", op.game_id,
                               op.code, json.dumps(op.spec), op.seed, op.open, now)
        elif isinstance(op, NewSeat):
            await conn.execute("INSERT INTO seats (game_id, seat, token_hash, name) "
                               "VALUES ($1, $2, $3, $4)", op.game_id, op.seat, op.token_hash,
                               op.name)
            await conn.execute("UPDATE games SET active = $2 WHERE id = $1", op.game_id, now)
        elif isinstance(op, Rotate):
            done = await conn.execute("UPDATE seats SET token_hash = $3 WHERE game_id = $1 "
                                      "AND seat = $2", op.game_id, op.seat, op.token_hash)
            if done != "UPDATE 1":
                raise _Refused(f"game {op.game_id}: no seat {op.seat} to give a new token")
        elif isinstance(op, Say):
            line = op.line
            await conn.execute("INSERT INTO chat (game_id, seat, name, text, at) VALUES "
                               "($1, $2, $3, $4, $5)", op.game_id, line.seat, line.name,
                               line.text, now)
        elif isinstance(op, Finish):
            await conn.execute("UPDATE games SET finished = $2 WHERE id = $1 AND "
                               "finished IS NULL", op.game_id, now if op.at is None else op.at)
        else:
            raise StoreError(f"the PostgreSQL store cannot write {type(op).__name__}")

    # --- reading -------------------------------------------------------------------------

    async def load(self, game_ids: Iterable[str]) -> dict[str, StoredGame | Damaged]:
        """The games of ``game_ids`` as the store has them (those that exist)."""
        ids = list(game_ids)
        async with self.pool.acquire() as conn:
            rows = await conn.fetch("SELECT id, code, spec, seed, open, finished, created, "
                                    "active FROM games WHERE id = ANY($1)", ids)
            return {row["id"]: await self._stored(conn, row) for row in rows}

    async def by_code(self, code: str) -> StoredGame | Damaged | None:
        return await self._one_game("code = $1", code)

    async def by_token(self, digest: str) -> StoredGame | Damaged | None:
        return await self._one_game("id = (SELECT game_id FROM seats WHERE token_hash = $1)",
                                    digest)

    async def _one_game(self, where: str, value: str) -> StoredGame | Damaged | None:
        async with self.pool.acquire() as conn:
            row = await conn.fetchrow("SELECT id, code, spec, seed, open, finished, created, "
                                      f"active FROM games WHERE {where}", value)
            return None if row is None else await self._stored(conn, row)

    async def _stored(self, conn: Any, row: Any) -> StoredGame | Damaged:
        """One game read whole, or why it cannot be (its players are then told)."""
        game_id = row["id"]
        seats = await conn.fetch("SELECT seat, token_hash, name FROM seats WHERE game_id = $1 "
                                 "ORDER BY seat", game_id)
        try:
            shot = await conn.fetchrow("SELECT n, data FROM snapshots WHERE game_id = $1 "
                                       "ORDER BY n DESC LIMIT 1", game_id)
            since = shot["n"] if shot is not None else 0
            lines = await conn.fetch("SELECT n, seat, kind, text FROM journal WHERE "
                                     "game_id = $1 AND n >= $2 ORDER BY n", game_id, since)
            journal = []
            for expected, line in enumerate(lines, start=since):
                if line["n"] != expected:
                    raise StoreError(f"journal line {expected} is missing (the next is "
                                     f"{line['n']})")
                try:
                    kind = EntryKind(line["kind"])
                except ValueError:
                    raise StoreError(f"journal line {line['n']} is of an unknown kind "
                                     f"{str(line['kind'])[:20]!r}") from None
                journal.append(Entry(line["n"], line["seat"], kind, line["text"]))
            chat = await conn.fetch("SELECT seat, name, text FROM chat WHERE game_id = $1 "
                                    "ORDER BY id DESC LIMIT $2", game_id, KEEP_CHAT)
            spec = json.loads(row["spec"])
            if not isinstance(spec, dict):
                raise StoreError("its recipe is not a JSON object")
            snapshot = None if shot is None else Snapshot(game_id, shot["n"],
                                                          json.loads(shot["data"]))
        except (StoreError, ValueError) as error:
            return Damaged(game_id, row["code"], f"unreadable record: {error}",
                           tuple(s["token_hash"] for s in seats))
        record = GameRecord(game_id, row["code"], spec, row["seed"], row["open"],
                            tuple(SeatRecord(s["seat"], s["token_hash"], s["name"])
                                  for s in seats), tuple(journal), row["finished"],
                            row["active"], tuple(ChatLine(c["seat"], c["name"], c["text"])
                                                 for c in reversed(chat)))
        return StoredGame(record, snapshot)

    async def since(self, game_id: str, n: int) -> tuple[list[Entry], list[SeatRecord],
                                                         float | None]:
        """What a process holding a game at ply ``n`` has not seen: the journal lines from
        ``n`` on, the seats, and when the game finished (None: in progress)."""
        async with self.pool.acquire() as conn:  # one round trip
            row = await conn.fetchrow(
                "SELECT (SELECT finished FROM games WHERE id = $1) AS finished, "
                "(SELECT COALESCE(json_agg(json_build_object('seat', seat, 'token_hash', "
                "token_hash, 'name', name) ORDER BY seat), '[]') FROM seats WHERE "
                "game_id = $1) AS seats, (SELECT COALESCE(json_agg(json_build_object('n', n, "
                "'seat', seat, 'kind', kind, 'text', text) ORDER BY n), '[]') FROM journal "
                "WHERE game_id = $1 AND n >= $2) AS lines", game_id, n)
        lines, seats = json.loads(row["lines"]), json.loads(row["seats"])
        return ([Entry(j["n"], j["seat"], EntryKind(j["kind"]), j["text"]) for j in lines],
                [SeatRecord(s["seat"], s["token_hash"], s["name"]) for s in seats],
                row["finished"])

    async def plies(self, game_ids: Iterable[str]) -> dict[str, int]:
        """The stored ply of each game (a check for changes whose notice was missed)."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch("SELECT id, ply FROM games WHERE id = ANY($1)",
                                    list(game_ids))
        return {row["id"]: row["ply"] for row in rows}

    async def lobby(self, limit: int = 200) -> list[dict[str, Any]]:
        """The open games in progress that somebody is connected to on a live process,
        newest first, for the lobby: code, spec, names by seat (the seats taken)."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT g.code, g.spec, COALESCE(json_object_agg(s.seat, s.name) FILTER "
                "(WHERE s.seat IS NOT NULL), '{}') AS names FROM games g LEFT JOIN seats s "
                "ON s.game_id = g.id WHERE g.open AND g.finished IS NULL AND EXISTS (SELECT 1 "
                "FROM present p JOIN processes q ON q.id = p.process WHERE p.game_id = g.id "
                "AND q.seen >= $2) GROUP BY g.id ORDER BY g.created DESC LIMIT $1", limit,
                time.time() - LIVE)
        return [{"code": r["code"], "spec": json.loads(r["spec"]),
                 "names": {int(k): v for k, v in json.loads(r["names"]).items()}}
                for r in rows]

    async def mark_present(self, game_id: str, seat: int, here: bool) -> None:
        """A seat of a game is connected to this process (``here``), or no longer."""
        async with self.pool.acquire() as conn:
            if here:
                await conn.execute("INSERT INTO present (game_id, seat, process) VALUES "
                                   "($1, $2, $3) ON CONFLICT DO NOTHING", game_id, seat,
                                   self.process)
            else:
                await conn.execute("DELETE FROM present WHERE game_id = $1 AND seat = $2 AND "
                                   "process = $3", game_id, seat, self.process)

    async def present(self, game_ids: Iterable[str]) -> dict[str, dict[int, str]]:
        """The seats of ``game_ids`` connected to the other live processes: game id ->
        seat -> process."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch(
                "SELECT p.game_id, p.seat, p.process FROM present p JOIN processes q ON "
                "q.id = p.process WHERE p.game_id = ANY($1) AND p.process <> $2 AND "
                "q.seen >= $3", list(game_ids), self.process, time.time() - LIVE)
        out: dict[str, dict[int, str]] = {}
        for row in rows:
            out.setdefault(row["game_id"], {})[row["seat"]] = row["process"]
        return out

    async def allow(self, key: str, rate: float, burst: int) -> bool:
        """One use of an allowance shared by every process (a token bucket per ``key``:
        ``burst`` at once, then ``rate`` a second); False, and nothing counted, when it is
        spent. A rate of 0 is no limit."""
        if rate <= 0:
            return True
        now = time.time()
        async with self.pool.acquire() as conn:
            left = await conn.fetchval(
                "INSERT INTO allowances AS a (key, tokens, at) VALUES ($1, $3 - 1, $4) "
                "ON CONFLICT (key) DO UPDATE SET tokens = LEAST($3, a.tokens + ($4 - a.at) * "
                "$2) - 1, at = $4 WHERE LEAST($3, a.tokens + ($4 - a.at) * $2) >= 1 "
                "RETURNING tokens", key, rate, float(burst), now)
        return left is not None

    async def stale(self, idle_since: float, limit: int = 100) -> list[str]:
        """Games in progress with no change since ``idle_since`` (to be ended as abandoned
        by whichever process sweeps first)."""
        async with self.pool.acquire() as conn:
            rows = await conn.fetch("SELECT id FROM games WHERE finished IS NULL AND "
                                    "active < $1 LIMIT $2", idle_since, limit)
        return [row["id"] for row in rows]

    # --- the processes and their connections ----------------------------------------------

    async def admit(self, address: str, per_address: int, total: int) -> str | None:
        """Count one more connection of ``address`` on this process, unless the caps over
        every live process are reached: then the reason (nothing counted)."""
        async with self.pool.acquire() as conn, conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock(hashtext($1))", address)
            live = time.time() - LIVE
            if per_address:
                here = await conn.fetchval(
                    "SELECT COALESCE(SUM(c.count), 0) FROM connections c JOIN processes p ON "
                    "p.id = c.process WHERE c.address = $1 AND p.seen >= $2", address, live)
                if here >= per_address:
                    return (f"too many connections from your address ({per_address} at "
                            "once across the servers)")
            if total:
                everyone = await conn.fetchval(
                    "SELECT COALESCE(SUM(c.count), 0) FROM connections c JOIN processes p ON "
                    "p.id = c.process WHERE p.seen >= $1", live)
                if everyone >= total:
                    return f"the servers are full ({total} connections)"
            await conn.execute("INSERT INTO connections (process, address, count) VALUES "
                               "($1, $2, 1) ON CONFLICT (process, address) DO UPDATE SET "
                               "count = connections.count + 1", self.process, address)
        return None

    async def release(self, address: str) -> None:
        async with self.pool.acquire() as conn:
            await conn.execute("UPDATE connections SET count = GREATEST(count - 1, 0) WHERE "
                               "process = $1 AND address = $2", self.process, address)

    async def heartbeat(self) -> None:
        """This process is alive; the processes silent for long are forgotten (their
        connections no longer count)."""
        now = time.time()
        async with self.pool.acquire() as conn:
            await conn.execute("UPDATE processes SET seen = $2 WHERE id = $1", self.process,
                               now)
            await conn.execute("DELETE FROM processes WHERE seen < $1", now - 10 * LIVE)
            await conn.execute("DELETE FROM allowances WHERE at < $1", now - 3600)

    # --- notices ---------------------------------------------------------------------------

    async def listen(self, on_notice: Callable[[dict[str, Any]], None]) -> None:
        """Call ``on_notice(message)`` for every notice another process sends: a batch it
        committed (``{"from", "games"}``) or a message for the connections in one game
        (``{"from", "game", "message"}``: chat, a draw offer, a seat's presence)."""
        import asyncpg

        self.listener = await asyncpg.connect(self.url)

        def notice(_conn: Any, _pid: int, _channel: str, payload: str) -> None:
            try:
                message = json.loads(payload)
                origin = str(message["from"])
            except (ValueError, KeyError, TypeError):
                return
            if origin != self.process:
                on_notice(message)

        await self.listener.add_listener(CHANNEL, notice)

    def listening(self) -> bool:
        return self.listener is not None and not self.listener.is_closed()

    async def relay(self, game_id: str, message: dict[str, Any]) -> None:
        """Pass a message for a game's connections to the other processes (not stored)."""
        async with self.pool.acquire() as conn:
            await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, json.dumps(
                {"from": self.process, "game": game_id, "message": message}))

    async def aclose(self) -> None:
        if self.listener is not None:
            await self.listener.close()
            self.listener = None
        try:
            async with self.pool.acquire() as conn:
                await conn.execute("DELETE FROM processes WHERE id = $1", self.process)
        except Exception:  # noqa: BLE001 - closing anyway; the row ages out by itself
            pass
        await self.pool.close()

    def close(self) -> None:
        """The Store interface's close: the server closes through :meth:`aclose`."""

    def problems(self) -> list[str]:
        """The Store interface's checks at opening: PostgreSQL keeps its own integrity."""
        return []


LIVE = 15.0  # seconds: a process not heard of for this long counts no connections


class _Refused(Exception):
    """A change refused inside a game's savepoint (rolled back with it)."""


def _safe(url: str) -> str:
    """The database's address without its password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        who, where = rest.rsplit("@", 1)
        return f"{scheme}://{who.split(':', 1)[0]}@{where}"
    return url
