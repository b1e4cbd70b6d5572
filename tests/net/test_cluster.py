"""Several server processes on one PostgreSQL database (game/net/cluster.py,
game/net/store_pg.py), over real sockets on 127.0.0.1: the two seats of one game on different
processes play it whole, equal to the same seeded game on the engine; a process killed with
SIGKILL mid-game, its clients go on through the other with no action lost; two processes
racing to append the same ply: one wins, the other's client is told and nothing is lost.

They need a PostgreSQL server: ``.ci/run`` starts one and gives its URL in
FIRETEAM_TEST_POSTGRES (each test makes a database of its own in it). Without that variable
they are skipped, except under CI (CI=true), where a missing database is a failure."""

from __future__ import annotations

import asyncio
import os
import secrets
import socket
import subprocess
import sys
from collections.abc import Iterator

import pytest

from game.engine.defs import Catalogue
from game.engine.persist import save
from game.net.client import Client, ServerError, play_scripted, seeded_chooser
from game.net.cluster import SNAPSHOT_EVERY, ClusterLobby
from game.net.rooms import Room
from game.net.store import Append, Entry, EntryKind, NewGame
from tests.net.helpers import TEAMS, ServerProcess, free_port, play_locally

ENV = "FIRETEAM_TEST_POSTGRES"
FIRST_SEED = 5000  # the helpers' servers run with --seed 5000: the first game's dice


@pytest.fixture
def database() -> Iterator[str]:
    """The URL of a fresh, empty database on the test PostgreSQL server."""
    url = os.environ.get(ENV)
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail(f"{ENV} is not set: .ci/run starts PostgreSQL and sets it")
        pytest.skip(f"no PostgreSQL for the tests: set {ENV} to a server's URL (as .ci/run "
                    "does) to run them")
    asyncpg = pytest.importorskip("asyncpg", reason="the 'postgres' extra is not installed")
    name = f"fireteam_test_{secrets.token_hex(4)}"

    async def admin(sql: str) -> None:
        conn = await asyncpg.connect(url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(admin(f"CREATE DATABASE {name}"))
    try:
        yield url.rsplit("/", 1)[0] + "/" + name
    finally:
        asyncio.run(admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


@pytest.fixture
def two_servers(database: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    servers = (ServerProcess(database), ServerProcess(database))  # type: ignore[arg-type]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.stop()


async def seats_on(a: ServerProcess, b: ServerProcess,
                   catalogue: Catalogue | None = None) -> tuple[Client, Client]:
    """Seat 1 on ``a``, seat 2 on ``b``; each is given the other's address too."""
    one = Client(a.url, catalogue, timeout=20, fallbacks=[b.url])
    two = Client(b.url, catalogue, timeout=20, fallbacks=[a.url])
    await one.connect()
    await two.connect()
    await one.create("dual_strike", TEAMS, name="Ana")
    await two.join(one.code or "", name="Ben")
    return one, two


async def play(clients: tuple[Client, Client], acks: list[tuple[int, str]]) -> None:
    def ack(ply: int, action: str, _: float) -> None:
        acks.append((ply, action))

    await asyncio.gather(*(play_scripted(c, seeded_chooser(c.seat or 0), ack)
                           for c in clients))
    while clients[1].ply != clients[0].ply:
        await clients[1].wait_change()


@pytest.mark.slow  # whole games on two server processes
def test_the_seats_of_one_game_on_two_processes_play_it_whole(database, two_servers,  # type: ignore[no-untyped-def]
                                                              catalogue):
    a, b = two_servers
    acks: list[tuple[int, str]] = []

    async def scenario() -> tuple[Client, Client]:
        one, two = await seats_on(a, b, catalogue)
        while 2 not in one.names:  # seat 1's process hears of the join from the other
            await one.wait_change()
        assert one.names == two.names == {1: "Ana", 2: "Ben"} and 2 in one.connected_seats
        await play((one, two), acks)
        await one.close()
        await two.close()
        return one, two

    one, two = asyncio.run(asyncio.wait_for(scenario(), 180))
    game, _ = play_locally(catalogue, FIRST_SEED)
    assert one.over and two.over and game.is_over
    assert one.log == two.log == game.log and len(game.log) > 40
    assert one.winner == two.winner == game.winner
    for client, seat in ((one, 1), (two, 2)):
        assert client.view.state == game.view(seat).state
    assert sorted(acks) == [(n, game.log[n]) for n in range(len(game.log))]
    # a process taking the game up now starts from its last snapshot, not from ply 0, and
    # comes to the same game
    room, snapshot_at = asyncio.run(taken_up(database, one.code or "", catalogue))
    assert snapshot_at >= SNAPSHOT_EVERY
    assert room.ply == len(game.log)
    assert save(room.game) == save(game)


async def taken_up(url: str, code: str, catalogue: Catalogue) -> tuple[Room, int]:
    from game.net.store_pg import PostgresStore

    store = await PostgresStore.open(url, "reader")
    try:
        stored = await store.by_code(code)
        assert stored is not None and stored.snapshot is not None
        lobby = ClusterLobby(catalogue, store)
        return lobby.restore(stored), stored.snapshot.n
    finally:
        await store.aclose()


@pytest.mark.slow  # whole games on two server processes
def test_a_process_killed_mid_game_its_clients_go_on_through_the_other(two_servers,  # type: ignore[no-untyped-def]
                                                                       catalogue):
    a, b = two_servers
    acks: list[tuple[int, str]] = []
    killed_at: list[int] = []

    async def scenario() -> tuple[Client, Client]:
        one, two = await seats_on(a, b)

        def ack(ply: int, action: str, _: float) -> None:
            acks.append((ply, action))
            if ply >= 30 and not killed_at:
                killed_at.append(ply)
                b.kill()  # SIGKILL, mid-game: seat 2's process is gone

        await asyncio.gather(*(play_scripted(c, seeded_chooser(c.seat or 0), ack)
                               for c in (one, two)))
        while two.ply != one.ply:
            await two.wait_change()
        await one.close()
        await two.close()
        return one, two

    one, two = asyncio.run(asyncio.wait_for(scenario(), 180))
    assert killed_at and two.url == a.url  # seat 2 went on through the other process
    game, _ = play_locally(catalogue, FIRST_SEED)
    assert one.over and two.over and one.log == two.log == game.log
    assert len(game.log) > killed_at[0] + 10
    lost = [(n, text) for n, text in acks if n >= len(one.log) or one.log[n] != text]
    assert not lost  # every action confirmed is in the game where it was confirmed
    # (an action in flight when the process died may be in the game unconfirmed: its
    # client took up the position on the other process and went on from there)
    assert len(acks) >= len(game.log) - 2


def test_two_processes_racing_for_one_ply_one_wins_the_other_is_told(two_servers):  # type: ignore[no-untyped-def]
    a, b = two_servers

    async def scenario() -> None:
        one, two = await seats_on(a, b)
        while one.ply != two.ply or not (one.my_turn or two.my_turn):
            await asyncio.sleep(0.01)
        mover = one if one.my_turn else two
        # the mover's token taken up on the other process too: two connections, one on
        # each process, both holding that seat (each process believes its own)
        twin = Client(b.url if mover is one else a.url, timeout=20)
        await twin.connect()
        await twin.reconnect(mover.token or "")
        start = mover.ply
        assert twin.ply == start and twin.my_turn
        options = [a for a in mover.legal if a.split()[1] not in ("concede", "agree")]
        first, second = options[0], options[-1]
        results = await asyncio.gather(mover.act(first), twin.act(second),
                                       return_exceptions=True)
        won = [r for r in results if not isinstance(r, BaseException)]
        told = [r for r in results if isinstance(r, ServerError)]
        assert len(won) == 1 and len(told) == 1, results
        assert told[0].code == "stale"
        winner = first if results[0] is won[0] else second
        for client in (one, two, twin):
            while client.ply <= start:
                await client.wait_change()
        # one line at that ply: the winner's, the same for everybody, and nothing else
        assert one.ply == two.ply == twin.ply == start + 1
        assert one.log == two.log == twin.log and one.log[-1] == winner
        for client in (one, two, twin):
            await client.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_chat_and_a_draw_offer_reach_the_seat_on_the_other_process(two_servers):  # type: ignore[no-untyped-def]
    a, b = two_servers

    async def scenario() -> None:
        one, two = await seats_on(a, b)
        await one.say("good luck")
        while not two.chat:
            await two.wait_change()
        assert two.chat == [(1, "Ana", "good luck")]
        await one.offer_draw()
        while two.draw_offer != 1:
            await two.wait_change()
        await two.accept_draw()  # on the other process, which heard of the offer
        while not one.over:
            await one.wait_change()
        assert one.winner == two.winner == 0
        await one.close()
        await two.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


@pytest.mark.slow  # whole games on two server processes
def test_the_load_test_plays_across_two_processes_and_kills_one(database):  # type: ignore[no-untyped-def]
    from tests.net.test_loadtest import LAST_LINE

    port = free_port()
    while not port_free(port + 1):
        port = free_port()
    done = subprocess.run(
        [sys.executable, "-m", "game.cli.loadtest", "--port", str(port), "--games", "4",
         "--seed", "4", "--think", "0.02", "--servers", "2", "--db", database,
         "--kill-server-after", "2"], capture_output=True, text=True, timeout=300)
    lines = done.stdout.strip().splitlines()
    assert done.returncode == 0, done.stdout + done.stderr
    assert sum("listening on" in line for line in lines) == 3  # two, and one started again
    assert any(f"killing the server (SIGKILL) on port {port}" in line for line in lines)
    match = LAST_LINE.match(lines[-1])
    assert match and match.groups() == ("4", "0", "0"), lines[-1]


def port_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def test_a_database_that_does_not_answer_is_named_without_its_password() -> None:
    pytest.importorskip("asyncpg", reason="the 'postgres' extra is not installed")
    url = f"postgresql://club:secret@127.0.0.1:{free_port()}/games"
    done = subprocess.run([sys.executable, "-m", "game.cli.server", "--port", "0", "--db",
                           url], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "cannot use the database: postgresql://club@127.0.0.1" in done.stderr
    assert "cannot connect" in done.stderr and "secret" not in done.stderr + done.stdout
    assert "Traceback" not in done.stderr


def test_a_database_without_the_tables_is_refused_unless_new_db(database):  # type: ignore[no-untyped-def]
    done = subprocess.run([sys.executable, "-m", "game.cli.server", "--port", "0", "--db",
                           database], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "no games table in this database; start with --new-db" in done.stderr


def test_several_load_test_servers_need_a_shared_database(capsys):  # type: ignore[no-untyped-def]
    from game.cli.loadtest import main

    assert main(["--port", "9", "--games", "1", "--servers", "2"]) == 2
    assert "--db postgresql://" in capsys.readouterr().err


def test_the_store_takes_one_line_per_ply_whichever_process_writes_first(database):  # type: ignore[no-untyped-def]
    from game.net.store_pg import Conflict, PostgresStore

    async def scenario() -> None:
        one = await PostgresStore.open(database, "p1")
        two = await PostgresStore.open(database, "p2")
        try:
            await one.commit_async([NewGame("g", "ABCDEF", {"mission": "dual_strike",
                                                             "fireteams": {"1": TEAMS[0],
                                                                           "2": TEAMS[1]}},
                                            7, True)])
            await one.commit_async([Append("g", Entry(0, 1, EntryKind.ACT, "first"))])
            with pytest.raises(Conflict) as refused:
                await two.commit_async([Append("g", Entry(0, 1, EntryKind.ACT, "second")),
                                        NewGame("h", "GHJKLM", {}, 8, True)])
            assert refused.value.game_ids == {"g"}
            stored = refused.value.games["g"].record
            assert [e.text for e in stored.journal] == ["first"]  # nothing else at ply 0
            assert (await two.by_code("GHJKLM")) is not None  # the rest of the batch is in
            with pytest.raises(Conflict):  # nor a gap: line 2 before line 1
                await two.commit_async([Append("g", Entry(2, 1, EntryKind.ACT, "third"))])
        finally:
            await one.aclose()
            await two.aclose()

    asyncio.run(asyncio.wait_for(scenario(), 60))
