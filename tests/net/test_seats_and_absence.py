"""Games and seats on the open internet: a game is private unless its host lists it, its
code is long; names are unique within a game; a token can be rotated by its holder; a
turn clock the host chooses, or the other seat gone long enough, lets the present player
claim the win; per-game caps on spectators, chat lines and draw offers. The lobby is
driven directly, on the tests' own clock."""

from __future__ import annotations

import time

import pytest

from game.net.client import seeded_chooser
from game.net.limits import Limits
from game.net.protocol import CODE_LENGTH, Kind
from game.net.rooms import Lobby
from game.net.store import SQLiteStore
from tests.net.helpers import TEAMS, LocalSeat, Peer, handle


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def lobby_at(tmp_path, catalogue, **limits) -> tuple[Lobby, Clock]:
    clock = Clock()
    return Lobby(catalogue, SQLiteStore(tmp_path / "g.sqlite3"), clock, Limits(**limits)), clock


def pair(lobby: Lobby, **create) -> tuple[Peer, Peer]:
    one, two = Peer(), Peer()
    handle(lobby, one, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS), name="Ana",
           **create)
    handle(lobby, two, Kind.JOIN, code=one.room.code, name="Ben")
    return one, two


def test_a_game_is_private_unless_listed_and_its_code_is_long(tmp_path, catalogue):
    lobby, _ = lobby_at(tmp_path, catalogue)
    private, public, asker = Peer(), Peer(), Peer()
    handle(lobby, private, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS))
    handle(lobby, public, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS),
           open=True)
    handle(lobby, asker, Kind.LIST)
    assert [g["code"] for g in asker.got[-1]["games"]] == [public.room.code]
    assert len(private.room.code) == CODE_LENGTH == 12
    # typed with dashes, spaces and in lower case, it is the same code
    code = private.room.code
    handle(lobby, asker, Kind.JOIN, code=f"{code[:4]}-{code[4:8]} {code[8:]}".lower())
    assert asker.room is private.room and asker.seat == 2


def test_names_are_unique_within_a_game(tmp_path, catalogue):
    lobby, _ = lobby_at(tmp_path, catalogue)
    host, poser, other = Peer(), Peer(), Peer()
    handle(lobby, host, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS), name="Ana")
    handle(lobby, poser, Kind.JOIN, code=host.room.code, name=" ana ")
    assert poser.got[-1]["code"] == "name_taken" and poser.room is None
    handle(lobby, other, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS),
           name="Player 2")
    handle(lobby, poser, Kind.JOIN, code=other.room.code)  # no name: a default not taken
    assert poser.got[-1]["names"] == {"1": "Player 2", "2": "Player 2 (2)"}


def test_a_token_is_rotated_by_its_holder_and_the_old_one_stops_working(tmp_path, catalogue):
    lobby, _ = lobby_at(tmp_path, catalogue)
    one, _two = pair(lobby)
    old = one.got[0]["token"]
    handle(lobby, one, Kind.ROTATE_TOKEN)
    new = one.got[-1]["token"]
    assert one.got[-1]["type"] == "token" and new != old
    stale, fresh = Peer(), Peer()
    handle(lobby, stale, Kind.RECONNECT, token=old)
    assert stale.got[-1]["code"] == "bad_token"
    lobby.store.close()
    again = Lobby(catalogue, SQLiteStore(tmp_path / "g.sqlite3"))  # and in the store
    handle(again, fresh, Kind.RECONNECT, token=new)
    assert fresh.got[-1]["type"] == "joined" and fresh.seat == 1
    handle(again, stale, Kind.RECONNECT, token=old)
    assert stale.got[-1]["code"] == "bad_token"


def test_the_turn_clock_lets_the_waiting_player_claim_the_win(tmp_path, catalogue):
    lobby, clock = lobby_at(tmp_path, catalogue, claim_after=0)
    one, two = pair(lobby, turn_minutes=5)
    assert one.got[0]["rules"] == {"turn_minutes": 5, "claim_after": 0}
    assert two.got[-1]["rules"]["turn_minutes"] == 5  # shown to the joiner before play
    room = one.room
    mover, waiter = (one, two) if room.game.to_act == 1 else (two, one)
    handle(lobby, waiter, Kind.CLAIM_WIN)
    assert waiter.got[-1]["code"] == "not_absent" and "in 300 s" in waiter.got[-1]["message"]
    clock.now += 200
    action = seeded_chooser(mover.seat)(LocalSeat(room.game, mover.seat))
    handle(lobby, mover, Kind.ACT, action=action, ply=room.ply)  # an action restarts it
    clock.now += 299
    mover, waiter = (one, two) if room.game.to_act == 1 else (two, one)
    handle(lobby, waiter, Kind.CLAIM_WIN)
    assert waiter.got[-1]["code"] == "not_absent"
    handle(lobby, mover, Kind.CLAIM_WIN)  # the player whose clock runs claims nothing
    assert mover.got[-1]["code"] == "not_absent"
    clock.now += 2
    handle(lobby, waiter, Kind.CLAIM_WIN)
    assert waiter.got[-1]["type"] == "update" and waiter.got[-1]["over"]
    assert room.game.winner == waiter.seat


def test_a_player_gone_long_enough_loses_by_claim(tmp_path, catalogue):
    lobby, clock = lobby_at(tmp_path, catalogue, claim_after=600)
    one, two = pair(lobby)  # no turn clock
    room = one.room
    handle(lobby, one, Kind.CLAIM_WIN)
    assert one.got[-1]["code"] == "not_absent" and "is here" in one.got[-1]["message"]
    lobby.leave(two)
    clock.now += 599
    handle(lobby, one, Kind.CLAIM_WIN)
    assert one.got[-1]["code"] == "not_absent" and "in 1 s" in one.got[-1]["message"]
    back = Peer()
    handle(lobby, back, Kind.RECONNECT, token=two.got[0]["token"])  # back in time
    lobby.leave(back)
    clock.now += 599
    handle(lobby, one, Kind.CLAIM_WIN)
    assert one.got[-1]["code"] == "not_absent"
    clock.now += 2
    handle(lobby, one, Kind.CLAIM_WIN)
    assert room.game.is_over and room.game.winner == 1
    # stored as an action of the journal: the result stands after a restart
    lobby.store.close()
    again = Lobby(catalogue, SQLiteStore(tmp_path / "g.sqlite3"), clock)
    assert again.rooms[room.id].game.winner == 1


def test_spectators_chat_and_draw_offers_are_capped_per_game(tmp_path, catalogue):
    lobby, clock = lobby_at(tmp_path, catalogue, max_spectators=2, chat_per_minute=6,
                            offers_per_hour=2)
    one, two = pair(lobby)
    watchers = [Peer() for _ in range(3)]
    for watcher in watchers:
        handle(lobby, watcher, Kind.SPECTATE, code=one.room.code)
    assert [w.got[-1]["type"] for w in watchers] == ["spectating", "spectating", "error"]
    assert watchers[2].got[-1]["code"] == "too_many"
    for _ in range(5):
        handle(lobby, one, Kind.CHAT, text="hi")
    handle(lobby, one, Kind.CHAT, text="spam")
    assert one.got[-1]["code"] == "too_many" and one.got[-1]["retry_after"] > 0
    handle(lobby, two, Kind.CHAT, text="hello")  # the other seat has its own allowance
    assert two.got[-1]["type"] == "chat"
    chats = [m for m in watchers[0].got if m and m["type"] == "chat"]
    assert len(chats) == 6
    clock.now += 10
    handle(lobby, one, Kind.CHAT, text="later")  # one line back every 10 s
    assert one.got[-1]["type"] == "chat"
    handle(lobby, one, Kind.OFFER_DRAW)
    offered = len([m for m in two.got if m and m["type"] == "draw_offered"])
    handle(lobby, one, Kind.OFFER_DRAW)  # it stands: not sent again
    assert one.got[-1]["code"] == "too_many"
    assert len([m for m in two.got if m and m["type"] == "draw_offered"]) == offered == 1


@pytest.mark.parametrize("minutes", [-1, 7 * 24 * 60 + 1])
def test_a_turn_clock_out_of_range_is_refused(tmp_path, catalogue, minutes):
    lobby, _ = lobby_at(tmp_path, catalogue)
    host = Peer()
    handle(lobby, host, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS),
           turn_minutes=minutes)
    assert host.got[-1]["code"] == "bad_field" and host.room is None


def test_an_ipv6_client_is_counted_by_its_64_block():
    from game.net.limits import client_address

    one = client_address(("2001:db8:1:2:aaaa::1", 5000, 0, 0), None, False)
    two = client_address(("2001:db8:1:2:bbbb::9", 5001, 0, 0), None, False)
    assert one == two == "2001:db8:1:2::/64"
    assert client_address(("::ffff:10.0.0.7", 1), None, False) == "10.0.0.7"
    assert client_address(("10.0.0.7", 1), None, False) == "10.0.0.7"


def test_a_public_game_whose_players_have_gone_is_no_longer_listed(tmp_path, catalogue):
    lobby, _ = lobby_at(tmp_path, catalogue)
    host, asker = Peer(), Peer()
    handle(lobby, host, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS), open=True)
    handle(lobby, asker, Kind.LIST)
    assert len(asker.got[-1]["games"]) == 1
    lobby.leave(host)
    handle(lobby, asker, Kind.LIST)
    assert asker.got[-1]["games"] == [] and asker.got[-1]["playing"] == []
