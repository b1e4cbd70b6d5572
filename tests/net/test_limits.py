"""The server's limits: a connection sending too fast is answered ``rate_limited`` and goes
on; connections over the caps (in all, per address) are refused with ``server_full``;
abandoned games end and finished ones are unloaded; the ``fireteam serve`` options that set
them are checked. Time is the tests' own clock, or a rate so slow that no token comes back
while a test runs."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time

import pytest
from websockets.asyncio.client import connect

from game.cli.main import main
from game.cli.server import build_parser, limits_of
from game.content import load_catalogue
from game.net.client import Client, Disconnected, ServerError
from game.net.limits import DAY, Gate, Limits, RateLimit, client_address
from game.net.protocol import Kind, ProtocolError, parse_request, request
from game.net.rooms import Lobby
from game.net.store import SQLiteStore
from tests.net.helpers import TEAMS, Peer, handle, seated_pair, served, serving

SLOW = 0.0001  # tokens a second: none comes back during a test


class Clock:
    """The tests' clock, from the wall clock's time now (the store's times are the wall
    clock's for what the lobby does not date itself)."""

    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def test_the_bucket_allows_a_burst_then_the_rate():
    clock = Clock()
    bucket = RateLimit(2.0, 3, clock)
    assert [bucket.allow() for _ in range(4)] == [True, True, True, False]
    clock.now += 0.5  # one token back
    assert [bucket.allow() for _ in range(2)] == [True, False]
    clock.now += 100  # never more than the burst
    assert [bucket.allow() for _ in range(4)] == [True, True, True, False]


def test_the_gate_caps_connections_in_all_and_per_address():
    gate = Gate(Limits(max_connections=3, max_per_address=2))
    assert gate.admit("10.0.0.1") is None and gate.admit("10.0.0.1") is None
    assert "too many connections from 10.0.0.1 (at most 2)" in (gate.admit("10.0.0.1") or "")
    assert gate.admit("10.0.0.2") is None
    assert "the server is full (3 connections)" in (gate.admit("10.0.0.3") or "")
    gate.release("10.0.0.1")
    assert gate.admit("10.0.0.1") is None and gate.total == 3
    unlimited = Gate(Limits(max_connections=0, max_per_address=0))
    assert all(unlimited.admit("x") is None for _ in range(5000))


def test_the_forwarded_address_is_trusted_only_from_a_proxy_on_this_machine():
    assert client_address(("127.0.0.1", 5000), "1.2.3.4, 10.9.8.7", True) == "10.9.8.7"
    assert client_address(("::1", 5000, 0, 0), "10.9.8.7", True) == "10.9.8.7"
    assert client_address(("127.0.0.1", 5000), "10.9.8.7", False) == "127.0.0.1"
    assert client_address(("192.0.2.5", 5000), "10.9.8.7", True) == "192.0.2.5"
    assert client_address(("192.0.2.5", 5000), None, True) == "192.0.2.5"


def test_limits_refuse_what_cannot_work():
    with pytest.raises(ValueError):
        Limits(rate=0)
    with pytest.raises(ValueError):
        Limits(max_connections=-1)


def test_a_connection_over_its_rate_is_refused_message_by_message_and_goes_on(tmp_path):
    async def scenario(url: str) -> None:
        one, two = await seated_pair(url)  # one: create; two: join
        one.patient = False  # (a patient client waits and sends again)
        ply, log = one.ply, list(one.log)
        for _ in range(5):  # one has 5 messages left
            await one.list_games()
        with pytest.raises(ServerError) as refused:
            await one.list_games()
        assert refused.value.code == "rate_limited"
        assert "at most 0.0001 messages a second (and 6 at once)" in refused.value.message
        with pytest.raises(ServerError) as again:
            await one.act(one.legal[0] if one.legal else f"{one.seat} keep")
        assert again.value.code == "rate_limited"  # not carried out
        assert (one.ply, one.log) == (ply, log) and one.status == "connected"
        # the connection goes on: it still hears the game
        await two.say("still there?")
        while not one.chat:
            await one.wait_change(10)
        assert one.chat[-1][2] == "still there?"
        assert two.ply == ply and two.status == "connected"
        patient = Client(url, timeout=0.5)  # waits and sends again, in vain here
        await patient.connect()
        for _ in range(6):
            await patient.list_games()
        with pytest.raises(ServerError, match="rate_limited"):
            await patient.list_games()
        await patient.close()
        await one.close()
        await two.close()

    served(tmp_path, scenario, limits=Limits(rate=SLOW, burst=6))


def test_connections_over_the_cap_are_told_why_and_closed(tmp_path):
    async def scenario(url: str) -> None:
        first, second, third = Client(url), Client(url), Client(url)
        await first.connect()
        await second.connect()
        await first.list_games()
        await second.list_games()
        await third.connect()  # the handshake is taken, then the refusal and the close
        with pytest.raises(Disconnected, match=r"the server is full \(2 connections\)"):
            await third.list_games()
        assert third.refusal and third.refusal.startswith("the server is full")
        await third.close()
        await first.list_games()  # those in are not disturbed
        await first.close()
        for _ in range(100):  # first's place is freed once its close is through
            fourth = Client(url, auto_reconnect=False)
            await fourth.connect()
            try:
                await fourth.list_games()
                break
            except Disconnected:
                await fourth.close()
                await asyncio.sleep(0.05)
        else:
            raise AssertionError("a freed place was never taken")
        await fourth.close()
        await second.close()

    served(tmp_path, scenario, limits=Limits(max_connections=2, max_per_address=0))


def test_the_cap_per_address_counts_the_proxys_forwarded_address(tmp_path):
    async def scenario() -> None:
        limits = Limits(max_connections=0, max_per_address=1, forwarded=True)
        async with serving(tmp_path / "g.sqlite3", limits=limits) as url:
            async def ask(address: str) -> dict:
                async with connect(url, additional_headers={"X-Forwarded-For": address}) \
                        as ws:
                    await ws.send(request(Kind.LIST))
                    answer = json.loads(await ws.recv())
                    assert answer["type"] == "hello"  # every connection is greeted first
                    answer = json.loads(await ws.recv())
                    await held.wait()
                    return answer

            held = asyncio.Event()
            tasks = [asyncio.create_task(ask(a)) for a in ("10.0.0.1", "10.0.0.2")]
            await asyncio.sleep(0)
            async with connect(url, additional_headers={"X-Forwarded-For": "10.0.0.1"}) as ws:
                while True:  # refused once the first 10.0.0.1 is in (it may race it)
                    answer = json.loads(await ws.recv())
                    if answer["type"] == "error":
                        break
            held.set()
            answers = await asyncio.gather(*tasks)
        assert answer["code"] == "server_full"
        assert "too many connections from 10.0.0.1 (at most 1)" in answer["message"]
        assert [a["type"] for a in answers] == ["games", "games"]

    asyncio.run(scenario())


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


def two_seats(lobby: Lobby) -> tuple[Peer, Peer]:
    one, two = Peer(), Peer()
    handle(lobby, one, Kind.CREATE, mission="dual_strike", fireteams=list(TEAMS))
    handle(lobby, two, Kind.JOIN, code=one.room.code)
    return one, two


def test_a_game_nobody_plays_nor_comes_back_to_is_ended_as_abandoned(tmp_path, catalogue):
    clock = Clock()
    store = SQLiteStore(tmp_path / "g.sqlite3")
    lobby = Lobby(catalogue, store, clock, Limits(abandon_after=2 * DAY, keep_finished=60))
    one, two = two_seats(lobby)
    quiet, busy = one.room, None
    three, four = two_seats(lobby)
    busy = three.room
    watcher = Peer()
    handle(lobby, watcher, Kind.SPECTATE, code=quiet.code)
    for peer in (one, two):
        lobby.leave(peer)  # both players of the first game close their windows
    lobby.leave(three)  # one player of the second game stays connected
    store.commit(lobby.take()[0])
    clock.now += 2 * DAY - 1
    lobby.sweep()
    assert quiet.id in lobby.rooms  # not yet
    clock.now += 2
    lobby.sweep()
    assert quiet.id not in lobby.rooms and quiet.code not in lobby.by_code
    assert busy.id in lobby.rooms  # a player is still there
    ops, out = lobby.take()
    store.commit(ops)
    (told, error), (closed, last) = out
    assert told is watcher and closed is watcher and last is None
    assert error["code"] == "game_over"
    assert error["message"] == f"game {quiet.code} was abandoned: nobody played it for 2 days"
    assert watcher.room is None
    # the store has it ended: a server started soon after shows it ended (nobody may play
    # it), one started later does not load it at all
    again = Lobby(catalogue, store, clock, Limits(abandon_after=3 * DAY, keep_finished=60))
    assert again.rooms[quiet.id].ended and not again.rooms[busy.id].ended
    back = Peer()
    handle(again, back, Kind.RECONNECT, token=one.got[0]["token"])
    assert back.got[-1]["type"] == "joined" and back.got[-1]["over"] is True
    handle(again, back, Kind.CONCEDE)
    assert back.got[-1]["code"] == "game_over"
    assert back.got[-1]["message"] == "this game was abandoned"
    clock.now += 61
    later = Lobby(catalogue, store, clock, Limits(abandon_after=3 * DAY, keep_finished=60))
    assert quiet.id not in later.rooms and busy.id in later.rooms
    with pytest.raises(ProtocolError, match="no such token"):
        later.handle(Peer(), parse_request(request(Kind.RECONNECT, token=one.got[0]["token"])))
    store.close()


def test_an_action_or_a_seat_taken_up_keeps_a_game_alive(tmp_path, catalogue):
    clock = Clock()
    store = SQLiteStore(tmp_path / "g.sqlite3")
    lobby = Lobby(catalogue, store, clock, Limits(abandon_after=100))
    one, two = two_seats(lobby)
    room = one.room
    token = one.got[0]["token"]
    lobby.leave(one)
    lobby.leave(two)
    clock.now += 90
    back = Peer()
    handle(lobby, back, Kind.RECONNECT, token=token)  # taken up again at 90 s
    lobby.leave(back)
    clock.now += 90
    lobby.sweep()
    assert room.id in lobby.rooms
    clock.now += 11
    lobby.sweep()
    assert room.id not in lobby.rooms
    never = Lobby(catalogue, SQLiteStore(tmp_path / "h.sqlite3"), clock,
                  Limits(abandon_after=0))
    a, b = two_seats(never)
    never.leave(a)
    never.leave(b)
    clock.now += 1000 * DAY
    never.sweep()
    assert a.room is None and len(never.rooms) == 1  # 0: never
    store.close()


def test_a_finished_game_is_unloaded_once_nobody_looks_at_it(tmp_path, catalogue):
    clock = Clock()
    lobby = Lobby(catalogue, SQLiteStore(tmp_path / "g.sqlite3"), clock,
                  Limits(keep_finished=30))
    one, two = two_seats(lobby)
    room = one.room
    handle(lobby, one, Kind.CONCEDE)
    assert room.finished == clock.now
    clock.now += 31
    lobby.sweep()
    assert room.id in lobby.rooms  # its players are still looking at the result
    lobby.leave(one)
    lobby.leave(two)
    lobby.sweep()
    assert room.id not in lobby.rooms


def test_a_server_started_on_old_games_ends_the_abandoned_ones(tmp_path):
    db = tmp_path / "g.sqlite3"

    async def make() -> tuple[str, str]:
        async with serving(db) as url:
            one, two = await seated_pair(url)
            await one.close()
            await two.close()
            return one.token or "", one.code or ""

    token, code = asyncio.run(make())
    with sqlite3.connect(db) as old:  # as if it had been played 20 days ago
        old.execute("UPDATE games SET created = created - ?", (20 * DAY,))
        old.execute("UPDATE journal SET at = at - ?", (20 * DAY,))

    async def later(limits: Limits) -> str:
        async with serving(db, limits=limits) as url:
            client = Client(url, auto_reconnect=False)
            await client.connect()
            try:
                await client.reconnect(token)
                return "taken up"
            except ServerError as error:
                return error.code
            finally:
                await client.close()

    assert asyncio.run(later(Limits(abandon_after=30 * DAY))) == "taken up"
    assert asyncio.run(later(Limits(abandon_after=14 * DAY))) == "bad_token"
    store = SQLiteStore(db)
    (record,) = store.games(finished_since=0.0)
    assert record.code == code and record.finished is not None
    store.close()


def test_the_limits_are_options_of_serve():
    options = build_parser().parse_args(
        ["--rate", "5.5", "--burst", "9", "--max-connections", "300", "--max-per-address",
         "0", "--keep-finished", "120", "--abandon-after", "0.5", "--forwarded"])
    assert limits_of(options) == Limits(5.5, 9, 300, 0, 120.0, 0.5 * DAY, True)
    assert limits_of(build_parser().parse_args([])) == Limits()


@pytest.mark.parametrize("args,named", [
    (["--rate", "0"], "--rate"), (["--rate", "fast"], "--rate"), (["--rate", "inf"], "--rate"),
    (["--burst", "0"], "--burst"), (["--max-connections", "-1"], "--max-connections"),
    (["--max-per-address", "2.5"], "--max-per-address"),
    (["--keep-finished", "-5"], "--keep-finished"),
    (["--abandon-after", "-1"], "--abandon-after"), (["--abandon-after", "nan"], "--abandon-after"),
])
def test_a_bad_limit_is_refused_naming_it(args, named, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["serve", *args])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and f"argument {named}:" in err and args[1] in err


def test_each_new_game_takes_its_seed_from_the_lobbys_source(tmp_path, catalogue):
    fixed = Lobby(catalogue, SQLiteStore(tmp_path / "f.sqlite3"), Clock(),
                  seeds=iter([41, 42]).__next__)
    assert [two_seats(fixed)[0].room.seed for _ in range(2)] == [41, 42]
    fresh = Lobby(catalogue, SQLiteStore(tmp_path / "g.sqlite3"), Clock())
    assert len({two_seats(fresh)[0].room.seed for _ in range(3)}) == 3  # the OS's randomness
    assert build_parser().parse_args(["--seed", "7"]).seed == 7
    assert build_parser().parse_args([]).seed is None
