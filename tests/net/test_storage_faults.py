"""Storage that degrades per game, never whole: a database with three games in progress is
damaged in one of the ways a real file gets damaged (an edited or deleted journal row, a
recipe naming a mission this server lacks, an entry kind it does not know, a zeroed page),
and the server still starts: the damaged game is quarantined with its reason (kept as it
is, its players told why when they come back), and the other games play on. A missing or
empty file, or one whose write-ahead log was lost after a kill, is refused unless the
operator says so."""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest

from game.cli.main import main
from game.net.client import seeded_chooser
from game.net.protocol import Kind
from game.net.rooms import Lobby
from game.net.store import (
    Append,
    Damaged,
    Entry,
    EntryKind,
    NewGame,
    SQLiteStore,
    StoreError,
)
from tests.net.helpers import TEAMS, LocalSeat, Peer, handle

PLIES = 12


class Game3:
    """Three games on one database, each played ``PLIES`` actions; their players' tokens."""

    def __init__(self, path, catalogue, plies: int = PLIES) -> None:
        self.plies = plies
        store = SQLiteStore(path)
        lobby = Lobby(catalogue, store, seeds=iter(range(700, 800)).__next__)
        self.ids, self.codes, self.tokens = [], [], []
        for _ in range(3):
            one, two = Peer(), Peer()
            handle(lobby, one, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS))
            handle(lobby, two, Kind.JOIN, code=one.room.code)
            room = one.room
            for _ in range(plies):
                seat = room.game.to_act
                peer = one if seat == 1 else two
                action = seeded_chooser(seat)(LocalSeat(room.game, seat))
                handle(lobby, peer, Kind.ACT, action=action, ply=room.ply)
                assert peer.got[-1]["type"] == "update", peer.got[-1]
            self.ids.append(room.id)
            self.codes.append(room.code)
            self.tokens.append((one.got[0]["token"], two.got[0]["token"]))
        store.close()


def damaged_then_served(path, catalogue, game: Game3, reason: str) -> None:
    """The server starts; the second game is quarantined with ``reason``; its players are
    told so; the first and third are served and play on."""
    store = SQLiteStore(path, create=False)
    lobby = Lobby(catalogue, store)
    bad = game.ids[1]
    assert set(lobby.quarantined) == {bad}
    assert reason in lobby.quarantined[bad].reason
    assert bad not in lobby.rooms and {game.ids[0], game.ids[2]} <= set(lobby.rooms)
    told = Peer()
    handle(lobby, told, Kind.RECONNECT, token=game.tokens[1][0])
    assert told.got[-1]["code"] == "game_unavailable"
    assert game.codes[1] in told.got[-1]["message"] and reason in told.got[-1]["message"]
    handle(lobby, told, Kind.SPECTATE, code=game.codes[1])
    assert told.got[-1]["code"] == "game_unavailable"
    for i in (0, 2):  # the others play on, and what they play is stored
        peer = Peer()
        handle(lobby, peer, Kind.RECONNECT, token=game.tokens[i][0])
        room = peer.room
        assert room.ply == game.plies
        if room.game.to_act != 1:
            handle(lobby, peer, Kind.RECONNECT, token=game.tokens[i][1])
        action = seeded_chooser(peer.seat)(LocalSeat(room.game, peer.seat))
        handle(lobby, peer, Kind.ACT, action=action, ply=room.ply)
        assert peer.got[-1]["type"] == "update" and room.ply == game.plies + 1
    store.close()
    again = SQLiteStore(path, create=False)
    records = {r.id: r for r in again.games() if not isinstance(r, Damaged)}
    assert len(records[game.ids[0]].journal) == game.plies + 1
    again.close()


@pytest.fixture()
def played(tmp_path, catalogue):
    path = tmp_path / "games.sqlite3"
    return path, Game3(path, catalogue)


def edit(path, sql: str, *args) -> None:
    db = sqlite3.connect(path)
    with db:
        db.execute(sql, args)
    db.close()


def test_an_edited_journal_row_quarantines_its_game_only(played, catalogue):
    path, game = played
    # even an edit that would replay (the line of another game, legal there too) is found
    db = sqlite3.connect(path)
    (text,) = db.execute("SELECT text FROM journal WHERE game_id = ? AND n = 5",
                         (game.ids[0],)).fetchone()
    db.close()
    edit(path, "UPDATE journal SET text = ? WHERE game_id = ? AND n = 5", text, game.ids[1])
    damaged_then_served(path, catalogue, game, "journal line 5 was changed after it was "
                        "written")


def test_a_game_that_no_longer_replays_quarantines_its_game_only(played, catalogue):
    """Its record is whole, but the rules or content of this server refuse a line of it
    (as after an update that changed a rule): written through the store itself here."""
    path, game = played
    store = SQLiteStore(path)
    store.commit([Append(game.ids[1], Entry(PLIES, 1, EntryKind.ACT, "1 fly away"))])
    store.close()
    damaged_then_served(path, catalogue, game, f"journal line {PLIES} ('1 fly away') does "
                        "not replay")


def test_a_deleted_journal_row_quarantines_its_game_only(played, catalogue):
    path, game = played
    edit(path, "DELETE FROM journal WHERE game_id = ? AND n = 4", game.ids[1])
    damaged_then_served(path, catalogue, game, "journal line 4 is missing")


def test_a_mission_this_server_lacks_quarantines_its_game_only(played, catalogue):
    path, game = played
    spec = {"mission": "mission_from_a_later_update", "fireteams": {"1": TEAMS[0],
                                                                    "2": TEAMS[1]}}
    edit(path, "UPDATE games SET spec = ? WHERE id = ?", json.dumps(spec), game.ids[1])
    damaged_then_served(path, catalogue, game, "its recipe does not build a game")


def test_an_unknown_entry_kind_quarantines_its_game_only(played, catalogue):
    path, game = played
    edit(path, "UPDATE journal SET kind = 'rewind' WHERE game_id = ? AND n = 2", game.ids[1])
    damaged_then_served(path, catalogue, game, "journal line 2 is of an unknown kind 'rewind'")


def test_a_zeroed_page_quarantines_the_games_on_it_only(tmp_path, catalogue):
    path = tmp_path / "games.sqlite3"
    game = Game3(path, catalogue, plies=120)  # each game's journal over several pages
    db = sqlite3.connect(path)
    try:
        pages = db.execute("SELECT pageno FROM dbstat WHERE name = 'journal' AND "
                           "pagetype = 'leaf' ORDER BY pageno").fetchall()
    except sqlite3.OperationalError:
        pytest.skip("this SQLite has no dbstat table to find a page by")
    size = db.execute("PRAGMA page_size").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    ids = [g.encode() for g in game.ids]
    # a leaf of the journal's table that holds rows of the second game only
    (page,) = [p for (p,) in pages
               if ids[1] in data[(p - 1) * size:p * size]
               and not any(i in data[(p - 1) * size:p * size] for i in (ids[0], ids[2]))][:1]
    data[(page - 1) * size:page * size] = bytes(size)
    path.write_bytes(bytes(data))
    store = SQLiteStore(path, create=False)
    assert any("quick_check" in p for p in store.problems())
    store.close()
    damaged_then_served(path, catalogue, game, "unreadable record")


def test_an_empty_or_missing_file_is_refused_unless_a_new_database_is_asked_for(tmp_path):
    missing = tmp_path / "missing.sqlite3"
    with pytest.raises(StoreError, match="no such file.*--new-db"):
        SQLiteStore(missing, create=False)
    assert not missing.exists()
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    with pytest.raises(StoreError, match="empty file.*--new-db"):
        SQLiteStore(empty, create=False)
    SQLiteStore(empty, create=True).close()  # --new-db
    SQLiteStore(empty, create=False).close()  # and from then on it is a database


def test_serve_refuses_an_empty_file_with_one_line(tmp_path, capsys):
    empty = tmp_path / "empty.sqlite3"
    empty.write_bytes(b"")
    assert main(["serve", "--port", "0", "--db", str(empty)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "empty file" in err[0] and "--new-db" in err[0]
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 500)
    assert main(["serve", "--port", "0", "--db", str(junk)]) == 1
    assert "not a usable database" in capsys.readouterr().err


def test_a_lost_write_ahead_log_is_refused_unless_accepted(played):
    path, game = played
    store = SQLiteStore(path)
    store.commit([NewGame("late", "LATEGAME01", {"mission": "dual_strike"}, 1, False)])
    # the server is killed (the store is never closed) and the file is copied without its
    # -wal: the game written since the opening checkpoint is not in the copy
    copy = path.with_name("copy.sqlite3")
    shutil.copyfile(path, copy)
    with pytest.raises(StoreError, match="copy.sqlite3-wal is missing"):
        SQLiteStore(copy, create=False)
    accepted = SQLiteStore(copy, create=False, accept_lost_wal=True)
    assert {r.id for r in accepted.games()} == set(game.ids)  # what the file holds
    accepted.close()
    # a clean stop leaves nothing to lose: the copy of a closed file opens, whole
    store.close()
    shutil.copyfile(path, copy)
    again = SQLiteStore(copy, create=False)
    assert {r.id for r in again.games()} == {*game.ids, "late"}
    again.close()


def test_chat_is_kept_with_the_game_across_a_restart(tmp_path, catalogue):
    path = tmp_path / "games.sqlite3"
    store = SQLiteStore(path)
    lobby = Lobby(catalogue, store)
    one, two, watcher = Peer(), Peer(), Peer()
    handle(lobby, one, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS), name="Ana")
    handle(lobby, two, Kind.JOIN, code=one.room.code, name="Ben")
    handle(lobby, watcher, Kind.SPECTATE, code=one.room.code)
    handle(lobby, one, Kind.CHAT, text="good luck")
    handle(lobby, watcher, Kind.CHAT, text="go Ben")
    store.close()
    again = Lobby(catalogue, SQLiteStore(path))
    back = Peer()
    handle(again, back, Kind.RECONNECT, token=two.got[0]["token"])
    assert back.got[-1]["chat"] == [{"seat": 1, "name": "Ana", "text": "good luck"},
                                    {"seat": None, "name": "spectator", "text": "go Ben"}]
    again.store.close()
