"""The SQLite store: an append-only journal, in order, that survives reopening."""

from __future__ import annotations

import sqlite3

import pytest

from game.net.store import Entry, EntryKind, SQLiteStore, StoreError


def test_the_journal_is_kept_in_order_and_read_back(tmp_path):
    path = tmp_path / "games.sqlite3"
    store = SQLiteStore(path)
    spec = {"mission": "dual_strike", "fireteams": {"1": "gideon", "2": "bad_ladz"}}
    store.create_game("g1", "ABCDEF", spec, 123, True)
    store.add_seat("g1", 1, "hash1", "Ana")
    store.append("g1", Entry(0, 1, EntryKind.ACT, "1 keep"))
    store.append("g1", Entry(1, 1, EntryKind.UNDO, ""))
    with pytest.raises(StoreError, match="journal line 5, but it has 2"):
        store.append("g1", Entry(5, 1, EntryKind.ACT, "1 wait"))
    with pytest.raises(StoreError):
        store.append("g1", Entry(1, 1, EntryKind.ACT, "1 wait"))  # never overwritten
    with pytest.raises(StoreError):
        store.add_seat("g1", 1, "hash2", "Ben")
    with pytest.raises(StoreError):
        store.create_game("g2", "ABCDEF", spec, 1, True)  # the code is taken
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
    store.create_game("g1", "AAAAAA", {}, 1, True)
    store.create_game("g2", "BBBBBB", {}, 2, True)
    store.finish("g1")
    assert [r.id for r in store.games()] == ["g2"]
    assert {r.id for r in store.games(finished_since=0.0)} == {"g1", "g2"}
    assert store.games(finished_since=0.0)[0].finished is not None
