"""Where the server keeps its games: for each game its recipe (mission, fireteams), its dice
seed, its seats (a hash of each token, the player's name) and an append-only journal of what
the players did (actions in notation, undos). A game is rebuilt by replaying its journal
through the engine with its seed: the same dice give the same game.

:class:`Store` is the interface the server uses; :class:`SQLiteStore` is the one shipped
(the standard library's sqlite3 in WAL mode). The server writes the changes of all its
games in batches (one transaction, one sync to disk, for everything that happened while the
last batch was being written) and sends nobody anything a batch caused before that batch is
committed, so a killed server loses nothing it has answered. A PostgreSQL store
implements the same methods (see docs/server.md).

A store degrades per game, never whole: :meth:`Store.games` reads each game on its own, and
a game whose rows cannot be read (a damaged page, an entry kind this server does not know, a
journal line missing) comes back as :class:`Damaged` with the reason, while every other game
is read as usual; the server then keeps that game out of play (quarantined) and tells its
players why. What the store's own start-up checks found (integrity, schema version, a lost
write-ahead log) is :meth:`Store.problems`.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol


class EntryKind(StrEnum):
    ACT = "act"  # an action, in notation
    UNDO = "undo"


@dataclass(frozen=True)
class Entry:
    """One line of a game's journal (``n`` counts from 0: the game's ply before it)."""

    n: int
    seat: int
    kind: EntryKind
    text: str  # the action's notation; empty for an undo


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    token_hash: str
    name: str


@dataclass(frozen=True)
class GameRecord:
    """A stored game: everything needed to rebuild it."""

    id: str
    code: str
    spec: dict[str, Any]  # the engine's config recipe: mission, fireteams
    seed: int
    open: bool  # listed in the lobby while a seat is free
    seats: tuple[SeatRecord, ...]
    journal: tuple[Entry, ...]
    finished: float | None  # when it ended (seconds since the epoch), None: in progress
    last_active: float = 0.0  # its creation or its last journal line, the later
    chat: tuple[ChatLine, ...] = ()  # the game's chat, oldest first


@dataclass(frozen=True)
class ChatLine:
    """One line of a game's chat: ``seat`` None for a spectator."""

    seat: int | None
    name: str
    text: str


@dataclass(frozen=True)
class Damaged:
    """A stored game the store could not read whole: it stays stored as it is, and the
    server serves it to nobody (its players are told ``reason``)."""

    id: str
    code: str
    reason: str
    token_hashes: tuple[str, ...] = ()


class StoreError(Exception):
    """The store refused a write (a journal line out of order, a seat taken twice)."""


@dataclass(frozen=True)
class NewGame:
    game_id: str
    code: str
    spec: dict[str, Any]
    seed: int
    open: bool


@dataclass(frozen=True)
class NewSeat:
    game_id: str
    seat: int
    token_hash: str
    name: str


@dataclass(frozen=True)
class Append:
    """One journal line; refused unless ``entry.n`` is the journal's length (lines are
    never changed nor removed)."""

    game_id: str
    entry: Entry


@dataclass(frozen=True)
class Finish:
    """The game is over, or abandoned (it is resumed only for a while after, to show the
    result). ``at``: when (seconds since the epoch; None: when it is written)."""

    game_id: str
    at: float | None = None


@dataclass(frozen=True)
class Rotate:
    """A seat's token replaced by a new one (its holder asked): the old one stops working."""

    game_id: str
    seat: int
    token_hash: str


@dataclass(frozen=True)
class Say:
    """One line of a game's chat, kept with the game."""

    game_id: str
    line: ChatLine


Op = NewGame | NewSeat | Append | Finish | Rotate | Say


class Store(Protocol):
    """What the server needs from storage: changes written in batches (one transaction
    each, all or nothing, durable when ``commit`` returns) and every game read back at
    start-up. ``commit`` may be called from a worker thread (never two at once): it is,
    unless the store has ``durable = False`` (its commit does not wait for a disk or a
    network: then the server calls it on its event loop, which is quicker)."""

    def commit(self, ops: Sequence[Op]) -> None:
        """Write ``ops`` in order as one transaction; raises StoreError (nothing written)
        for a conflict (an id, code or seat that exists, a journal line out of order) and
        OSError-like errors of the storage itself."""

    def games(self, finished_since: float | None = None) -> list[GameRecord | Damaged]:
        """The games in progress and those finished at or after ``finished_since``
        (seconds since the epoch; None: none of them), with their seats, journal and chat;
        each read on its own: one that cannot be read is a :class:`Damaged` (never an
        exception that loses the others)."""

    def problems(self) -> list[str]:
        """What the checks at opening found wrong with the storage as a whole but could
        live with (each a line for the operator; empty: all is well). What it cannot live
        with (not a database, a newer schema, a lost write-ahead log) raises StoreError
        when the store is opened."""

    def close(self) -> None:
        ...


def seats_and_journal(small: str, time: str, checked: bool = False) -> str:
    """The SQL of the seats and journal tables, which every store keeps alike, in one
    database's words for a seat number (``small``) and a time; ``checked``: the journal
    keeps each line's check (:func:`chained`) in a column ``chain``."""
    chain = "\n    chain TEXT," if checked else ""
    return f"""CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat {small} NOT NULL CHECK (seat IN (1, 2)),
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS journal (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    seat {small} NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    at {time} NOT NULL,{chain}
    PRIMARY KEY (game_id, n)
);
"""


SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    spec TEXT NOT NULL,
    seed INTEGER NOT NULL,
    open INTEGER NOT NULL,
    created REAL NOT NULL,
    finished REAL
);
""" + seats_and_journal("INTEGER", "REAL", checked=True) + """CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS chat_by_game ON chat (game_id);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""
SCHEMA_VERSION = 2  # 1: without chat, meta and journal.chain (brought up to 2 when opened)
KEEP_CHAT = 200  # the last lines of a game's chat read back


def chained(before: str, game_id: str, n: int, seat: int, kind: str, text: str) -> str:
    """A journal line's check: a hash of the line and of the check of the line before it,
    so that a line edited, or moved from another game, is found when the game is read."""
    line = f"{before}\n{game_id}\n{n}\n{seat}\n{kind}\n{text}"
    return hashlib.sha256(line.encode("utf-8")).hexdigest()[:32]


class SQLiteStore:
    """The store in one SQLite file, in WAL mode (readers never block the writer; a commit
    survives the process being killed). ``durable`` (the default) also syncs every commit to
    disk (``synchronous=FULL``), so a power cut loses nothing answered either.

    Opening checks the file: ``create`` off (``fireteam serve`` without ``--new-db``), a
    missing or empty file, or one without this server's tables, is refused (StoreError):
    a database was expected there. A schema newer than this server knows is refused; a
    file whose write-ahead log was lost (the server was killed, and the ``-wal`` file
    beside it is gone: the changes since the last checkpoint with it) is refused unless
    ``accept_lost_wal``. ``PRAGMA quick_check`` runs at every opening; what it finds is
    in :meth:`problems` (the games are then read one by one, and a damaged one is
    :class:`Damaged`)."""

    def __init__(self, path: str | Path, durable: bool = True, create: bool = True,
                 accept_lost_wal: bool = False) -> None:
        self.path = str(path)
        self.durable = durable  # a commit waits for the disk's sync
        self._problems: list[str] = []
        where = Path(self.path)
        existed = where.exists() and where.stat().st_size > 0
        wal_there = Path(self.path + "-wal").exists()
        if not create and not existed:
            raise StoreError(f"{self.path}: {'empty file' if where.exists() else 'no such file'}"
                             "; a database of games was expected here (start with --new-db "
                             "to make a new one)")
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        # the one connection is shared by the event loop's thread (reads) and the worker
        # thread a commit runs on: one at a time, never both in it at once
        self.lock = threading.Lock()
        try:
            self._open(existed, wal_there, create, accept_lost_wal)
        except sqlite3.DatabaseError as error:
            self.db.close()
            raise StoreError(f"{self.path}: not a usable database ({error})") from None
        except StoreError:
            self.db.close()
            raise

    def _open(self, existed: bool, wal_there: bool, create: bool,
              accept_lost_wal: bool) -> None:
        db = self.db
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: database version {version}; this server knows "
                             f"{SCHEMA_VERSION} (a newer server wrote it)")
        tables = {row[0] for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if existed and not create and "games" not in tables:
            raise StoreError(f"{self.path}: no games table in it (an empty database: was "
                             "its -wal file lost?); start with --new-db to make a new one")
        if "meta" in tables and not accept_lost_wal and not wal_there:
            row = db.execute("SELECT value FROM meta WHERE key = 'open'").fetchone()
            if row is not None and row[0] == "1":
                raise StoreError(
                    f"{self.path}: the server using it was stopped without closing it and "
                    f"its write-ahead log {self.path}-wal is missing, so the changes since "
                    "the last checkpoint are lost; put the -wal file back beside it (copy "
                    "both files together), or start with --accept-lost-wal to serve what "
                    "the file holds")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute(f"PRAGMA synchronous={'FULL' if self.durable else 'NORMAL'}")
        db.execute("PRAGMA foreign_keys=ON")
        if existed:
            try:
                found = [row[0] for row in db.execute("PRAGMA quick_check(20)")]
            except sqlite3.DatabaseError as error:  # a page too damaged to check past
                found = [str(error)]
            if found != ["ok"]:
                self._problems += [f"{self.path}: quick_check: {line}" for line in found]
        try:
            if "journal" in tables and "chain" not in {
                    row[1] for row in db.execute("PRAGMA table_info(journal)")}:
                db.execute("ALTER TABLE journal ADD COLUMN chain TEXT")  # version 1's file
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            # marked open, and the mark checkpointed into the file itself: a file found
            # marked open with no -wal beside it lost its log
            db.execute("INSERT INTO meta (key, value) VALUES ('open', '1') "
                       "ON CONFLICT (key) DO UPDATE SET value = '1'")
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.DatabaseError as error:
            if not self._problems:
                raise
            self._problems.append(f"{self.path}: cannot be written ({error}); the games "
                                  "that can be read are served")

    def problems(self) -> list[str]:
        return list(self._problems)

    def commit(self, ops: Sequence[Op]) -> None:
        if not ops:
            return
        now = time.time()
        try:
            with self.lock, self.db:  # BEGIN ... COMMIT, or ROLLBACK on any error
                self.db.execute("BEGIN IMMEDIATE")
                for op in ops:
                    self._one(op, now)
        except sqlite3.IntegrityError as error:
            raise StoreError(str(error)) from None

    def _one(self, op: Op, now: float) -> None:
        db = self.db
        if isinstance(op, Append):
            entry = op.entry
            last = db.execute("SELECT n, chain FROM journal WHERE game_id = ? "
                              "ORDER BY n DESC LIMIT 1", (op.game_id,)).fetchone()
            count, before = (0, "") if last is None else (last[0] + 1, last[1] or "")
            if count != entry.n:
                raise StoreError(f"game {op.game_id}: journal line {entry.n}, but it has "
                                 f"{count}")
            db.execute("INSERT INTO journal (game_id, n, seat, kind, text, at, chain) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)",
                       (op.game_id, entry.n, entry.seat, entry.kind.value, entry.text, now,
                        chained(before, op.game_id, entry.n, entry.seat, entry.kind.value,
                                entry.text)))
        elif isinstance(op, NewGame):
            db.execute("INSERT INTO games (id, code, spec, seed, open, created) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (op.game_id, op.code, json.dumps(op.spec), op.seed, int(op.open), now))
        elif isinstance(op, NewSeat):
            db.execute("INSERT INTO seats (game_id, seat, token_hash, name) "
                       "VALUES (?, ?, ?, ?)", (op.game_id, op.seat, op.token_hash, op.name))
        elif isinstance(op, Rotate):
            done = db.execute("UPDATE seats SET token_hash = ? WHERE game_id = ? AND seat = ?",
                              (op.token_hash, op.game_id, op.seat))
            if done.rowcount != 1:
                raise StoreError(f"game {op.game_id}: no seat {op.seat} to give a new token")
        elif isinstance(op, Say):
            line = op.line
            db.execute("INSERT INTO chat (game_id, seat, name, text, at) VALUES (?, ?, ?, ?, ?)",
                       (op.game_id, line.seat, line.name, line.text, now))
        else:
            db.execute("UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL",
                       (now if op.at is None else op.at, op.game_id))

    def games(self, finished_since: float | None = None) -> list[GameRecord | Damaged]:
        with self.lock:
            return self._games(finished_since)

    def _games(self, finished_since: float | None) -> list[GameRecord | Damaged]:
        since = float("inf") if finished_since is None else finished_since
        rows = self.db.execute("SELECT id, code, spec, seed, open, finished, created "
                               "FROM games WHERE finished IS NULL OR finished >= ? "
                               "ORDER BY created", (since,)).fetchall()
        return [self._game(*row) for row in rows]

    def _game(self, game_id: str, code: str, spec: str, seed: int, open_: int,
              finished: float | None, created: float) -> GameRecord | Damaged:
        """One game read whole, or why it cannot be."""
        hashes: list[str] = []
        try:
            seats = []
            for seat, token_hash, name in self.db.execute(
                    "SELECT seat, token_hash, name FROM seats WHERE game_id = ? ORDER BY seat",
                    (game_id,)):
                hashes.append(token_hash)
                seats.append(SeatRecord(seat, token_hash, name))
            journal: list[Entry] = []
            last = created
            link = ""
            for n, seat, kind, text, at, chain in self.db.execute(
                    "SELECT n, seat, kind, text, at, chain FROM journal WHERE game_id = ? "
                    "ORDER BY n", (game_id,)):
                if n != len(journal):
                    raise StoreError(f"journal line {len(journal)} is missing (the next is "
                                     f"{n})")
                try:
                    entry_kind = EntryKind(kind)
                except ValueError:
                    raise StoreError(f"journal line {n} is of an unknown kind "
                                     f"{str(kind)[:20]!r}") from None
                expected = chained(link, game_id, n, seat, kind, text)
                if chain is not None and chain != expected:
                    raise StoreError(f"journal line {n} was changed after it was written "
                                     "(its check does not match)")
                link = chain or ""  # a line of a version 1 file has none
                journal.append(Entry(n, seat, entry_kind, text))
                last = max(last, at or 0.0)
            chat = [ChatLine(seat, name, text) for seat, name, text in reversed(
                self.db.execute("SELECT seat, name, text FROM chat WHERE game_id = ? "
                                "ORDER BY rowid DESC LIMIT ?", (game_id, KEEP_CHAT)
                                ).fetchall())]
            recipe = json.loads(spec)
            if not isinstance(recipe, dict):
                raise StoreError("its recipe is not a JSON object")
        except (StoreError, sqlite3.DatabaseError, ValueError) as error:
            return Damaged(game_id, code, f"unreadable record: {error}", tuple(hashes))
        return GameRecord(game_id, code, recipe, seed, bool(open_), tuple(seats),
                          tuple(journal), finished, last, tuple(chat))

    def close(self) -> None:
        with self.lock:
            try:
                self.db.execute("UPDATE meta SET value = '0' WHERE key = 'open'")
            except sqlite3.DatabaseError:
                pass  # a damaged file: left as it is
            self.db.close()
