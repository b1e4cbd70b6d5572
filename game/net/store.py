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
"""

from __future__ import annotations

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


Op = NewGame | NewSeat | Append | Finish


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

    def games(self, finished_since: float | None = None) -> list[GameRecord]:
        """The games in progress and those finished at or after ``finished_since``
        (seconds since the epoch; None: none of them), with their seats and journal."""

    def close(self) -> None:
        ...


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
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL CHECK (seat IN (1, 2)),
    token_hash TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS journal (
    game_id TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    text TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game_id, n)
);
"""
SCHEMA_VERSION = 1


class SQLiteStore:
    """The store in one SQLite file, in WAL mode (readers never block the writer; a commit
    survives the process being killed). ``durable`` (the default) also syncs every commit to
    disk (``synchronous=FULL``), so a power cut loses nothing answered either."""

    def __init__(self, path: str | Path, durable: bool = True) -> None:
        self.path = str(path)
        self.durable = durable  # a commit waits for the disk's sync
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        # the one connection is shared by the event loop's thread (reads) and the worker
        # thread a commit runs on: one at a time, never both in it at once
        self.lock = threading.Lock()
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self.db.execute("PRAGMA foreign_keys=ON")
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version not in (0, SCHEMA_VERSION):
            raise StoreError(f"{self.path}: database version {version}; this server knows "
                             f"{SCHEMA_VERSION}")
        self.db.executescript(SCHEMA)
        self.db.execute(f"PRAGMA user_version={SCHEMA_VERSION}")

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
            (count,) = db.execute("SELECT COALESCE(MAX(n) + 1, 0) FROM journal "
                                  "WHERE game_id = ?", (op.game_id,)).fetchone()
            if count != entry.n:
                raise StoreError(f"game {op.game_id}: journal line {entry.n}, but it has "
                                 f"{count}")
            db.execute("INSERT INTO journal (game_id, n, seat, kind, text, at) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (op.game_id, entry.n, entry.seat, entry.kind.value, entry.text, now))
        elif isinstance(op, NewGame):
            db.execute("INSERT INTO games (id, code, spec, seed, open, created) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (op.game_id, op.code, json.dumps(op.spec), op.seed, int(op.open), now))
        elif isinstance(op, NewSeat):
            db.execute("INSERT INTO seats (game_id, seat, token_hash, name) "
                       "VALUES (?, ?, ?, ?)", (op.game_id, op.seat, op.token_hash, op.name))
        else:
            db.execute("UPDATE games SET finished = ? WHERE id = ? AND finished IS NULL",
                       (now if op.at is None else op.at, op.game_id))

    def games(self, finished_since: float | None = None) -> list[GameRecord]:
        with self.lock:
            return self._games(finished_since)

    def _games(self, finished_since: float | None) -> list[GameRecord]:
        rows = self.db.execute("SELECT id, code, spec, seed, open, finished, created "
                               "FROM games "
                               "WHERE finished IS NULL OR finished >= ? ORDER BY created",
                               (float("inf") if finished_since is None else finished_since,)
                               ).fetchall()
        wanted = {row[0] for row in rows}
        seats: dict[str, list[SeatRecord]] = {}
        for game_id, seat, token_hash, name in self.db.execute(
                "SELECT game_id, seat, token_hash, name FROM seats ORDER BY seat"):
            if game_id in wanted:
                seats.setdefault(game_id, []).append(SeatRecord(seat, token_hash, name))
        last: dict[str, float] = dict(self.db.execute(
            "SELECT game_id, MAX(at) FROM journal GROUP BY game_id").fetchall())
        journal: dict[str, list[Entry]] = {}
        for game_id, n, seat, kind, text in self.db.execute(
                "SELECT game_id, n, seat, kind, text FROM journal ORDER BY game_id, n"):
            if game_id in wanted:
                journal.setdefault(game_id, []).append(Entry(n, seat, EntryKind(kind), text))
        return [GameRecord(game_id, code, json.loads(spec), seed, bool(open_),
                           tuple(seats.get(game_id, ())), tuple(journal.get(game_id, ())),
                           finished, max(created, last.get(game_id) or 0.0))
                for game_id, code, spec, seed, open_, finished, created in rows]

    def close(self) -> None:
        with self.lock:
            self.db.close()
