"""The SQLite store: an append-only journal, in order, that survives reopening."""

from __future__ import annotations

import sqlite3

import pytest

from game.net.store import (
    Append,
    Entry,
    EntryKind,
    Finish,
    NewGame,
    NewSeat,
    SQLiteStore,
    StoreError,
)


def test_the_journal_is_kept_in_order_and_read_back(tmp_path):
    path = tmp_path / "games.sqlite3"
    store = SQLiteStore(path)
    spec = {"mission": "dual_strike", "fireteams": {"1": "gideon", "2": "bad_ladz"}}
    store.commit([NewGame("g1", "ABCDEF", spec, 123, True), NewSeat("g1", 1, "hash1", "Ana"),
                  Append("g1", Entry(0, 1, EntryKind.ACT, "1 keep"))])
    store.commit([Append("g1", Entry(1, 1, EntryKind.UNDO, ""))])
    with pytest.raises(StoreError, match="journal line 5, but it has 2"):
        store.commit([Append("g1", Entry(5, 1, EntryKind.ACT, "1 wait"))])
    with pytest.raises(StoreError):  # never overwritten
        store.commit([Append("g1", Entry(1, 1, EntryKind.ACT, "1 wait"))])
    with pytest.raises(StoreError):
        store.commit([NewSeat("g1", 1, "hash2", "Ben")])
    with pytest.raises(StoreError):  # the code is taken
        store.commit([NewGame("g2", "ABCDEF", spec, 1, True)])
    with pytest.raises(StoreError):  # all or nothing: the good line before is not kept
        store.commit([Append("g1", Entry(2, 1, EntryKind.ACT, "1 wait")),
                      Append("g1", Entry(9, 1, EntryKind.ACT, "1 wait"))])
    store.close()
    again = SQLiteStore(path)
    (record,) = again.games()
    assert (record.id, record.code, record.spec, record.seed) == ("g1", "ABCDEF", spec, 123)
    assert [s.name for s in record.seats] == ["Ana"]
    assert record.journal == (Entry(0, 1, EntryKind.ACT, "1 keep"),
                              Entry(1, 1, EntryKind.UNDO, ""))
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_finished_game_is_resumed_only_for_a_while(tmp_path):
    store = SQLiteStore(tmp_path / "g.sqlite3")
    store.commit([NewGame("g1", "AAAAAA", {}, 1, True), NewGame("g2", "BBBBBB", {}, 2, True)])
    store.commit([Finish("g1")])
    assert [r.id for r in store.games()] == ["g2"]
    assert {r.id for r in store.games(finished_since=0.0)} == {"g1", "g2"}
    assert store.games(finished_since=0.0)[0].finished is not None


def test_a_version_1_file_is_brought_up_to_date_and_goes_on(tmp_path):
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE games (id TEXT PRIMARY KEY, code TEXT NOT NULL UNIQUE, spec TEXT NOT NULL,
            seed INTEGER NOT NULL, open INTEGER NOT NULL, created REAL NOT NULL,
            finished REAL);
        CREATE TABLE seats (game_id TEXT NOT NULL REFERENCES games(id), seat INTEGER NOT NULL,
            token_hash TEXT NOT NULL UNIQUE, name TEXT NOT NULL, PRIMARY KEY (game_id, seat));
        CREATE TABLE journal (game_id TEXT NOT NULL REFERENCES games(id), n INTEGER NOT NULL,
            seat INTEGER NOT NULL, kind TEXT NOT NULL, text TEXT NOT NULL, at REAL NOT NULL,
            PRIMARY KEY (game_id, n));
        INSERT INTO games VALUES ('g1', 'ABCDEF', '{"mission": "dual_strike"}', 7, 1, 1.0,
                                  NULL);
        INSERT INTO journal VALUES ('g1', 0, 1, 'act', '1 keep', 2.0);
        PRAGMA user_version = 1;
    """)
    db.close()
    store = SQLiteStore(path, create=False)
    store.commit([Append("g1", Entry(1, 2, EntryKind.ACT, "2 keep"))])
    store.close()
    (record,) = SQLiteStore(path, create=False).games()
    assert [e.text for e in record.journal] == ["1 keep", "2 keep"]
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 2


def test_a_newer_file_is_refused(tmp_path):
    path = tmp_path / "new.sqlite3"
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 9")
    db.execute("CREATE TABLE games (id TEXT)")
    db.close()
    with pytest.raises(StoreError, match="database version 9; this server knows 2"):
        SQLiteStore(path, create=False)
