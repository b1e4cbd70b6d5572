"""Failures mid-game over real sockets: a client whose connection is cut reconnects by
itself; a player who closed the window comes back with the token; a server killed with
SIGKILL and started again on the same database finishes every game with no action lost."""

from __future__ import annotations

import asyncio
import json

import pytest

from game.net.client import Client, ServerError, play_scripted, seeded_chooser
from game.net.store import SQLiteStore
from tests.net.helpers import (
    ServerProcess,
    connected,
    play_locally,
    seated_pair,
    seed_of,
    serving,
)


async def play_until(clients: tuple[Client, Client], ply: int) -> None:
    choosers = {c.seat: seeded_chooser(c.seat or 0) for c in clients}
    while clients[0].ply < ply and not clients[0].over:
        mover = next(c for c in clients if c.my_turn)
        await mover.act(choosers[mover.seat](mover))
        await asyncio.sleep(0)
    while clients[1].ply != clients[0].ply:
        await clients[1].wait_change()


async def finish(clients: tuple[Client, ...], acks: list[tuple[str, int, str]] | None = None):
    def ack(ply: int, action: str, _: float) -> None:
        if acks is not None:
            acks.append((clients[0].game_id or "", ply, action))
    await asyncio.gather(*(play_scripted(c, seeded_chooser(c.seat or 0), ack)
                           for c in clients))


@pytest.mark.slow
def test_a_client_cut_off_mid_game_reconnects_and_finishes(tmp_path, catalogue):
    db = tmp_path / "g.sqlite3"

    async def scenario() -> tuple[Client, Client]:
        async with serving(db) as url:
            one, two = await seated_pair(url, catalogue)
            await play_until((one, two), 30)
            token = one.token
            one.ws.transport.abort()  # the cable pulled: no closing handshake
            while one.status != "reconnecting":
                await one.wait_change()
            while one.status != "connected" or one.ply != two.ply:
                await one.wait_change()
            assert one.token == token and one.seat == 1
            await play_until((one, two), 60)
            # the other player closes the window and comes back from the menu
            await two.close()
            back = await connected(url, catalogue)
            await back.reconnect(two.token or "")
            assert back.seat == 2 and back.ply == one.ply and back.log == one.log
            await finish((one, back))
            await one.close()
            await back.close()
            return one, back

    one, back = asyncio.run(asyncio.wait_for(scenario(), 120))
    game, _ = play_locally(catalogue, seed_of(db, one.game_id))
    assert one.over and back.over and one.log == back.log == game.log
    assert one.winner == game.winner


@pytest.mark.slow
def test_a_server_killed_mid_game_finishes_every_game_with_no_action_lost(tmp_path, catalogue):
    db = tmp_path / "g.sqlite3"
    server = ServerProcess(db)
    server.start()
    acks: list[tuple[str, int, str]] = []
    games: list[tuple[Client, Client]] = []

    async def scenario() -> None:
        for _ in range(3):
            games.append(await seated_pair(server.url, catalogue))
        play = asyncio.gather(*(finish(pair, acks) for pair in games))
        while min(pair[0].ply for pair in games) < 25:
            await asyncio.sleep(0.01)
        server.kill()  # mid-game, with actions in flight
        killed_at = [pair[0].ply for pair in games]
        line = server.start()
        assert "(3 games resumed)" in line
        await play
        assert all(pair[0].ply > at for pair, at in zip(games, killed_at, strict=True))
        for pair in games:
            for client in pair:
                await client.close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 180))
    finally:
        server.stop()
    for one, two in games:
        game, _ = play_locally(catalogue, seed_of(db, one.game_id))
        assert one.over and two.over and one.log == two.log == game.log
    # every action the server confirmed is in its game, where it was confirmed
    logs = {one.game_id: one.log for one, _ in games}
    assert len(acks) > 100
    lost = [a for a in acks if a[1] >= len(logs[a[0]]) or logs[a[0]][a[1]] != a[2]]
    assert not lost


class FailingStore(SQLiteStore):
    """The SQLite store, whose next commit fails when told (a full disk)."""

    fail_next = False

    def commit(self, ops) -> None:
        if self.fail_next and ops:
            self.fail_next = False
            raise OSError(28, "No space left on device")
        super().commit(ops)


def test_a_write_the_store_refuses_changes_nothing_and_the_game_goes_on(tmp_path, catalogue):
    db = tmp_path / "g.sqlite3"
    store = FailingStore(db)

    async def scenario() -> None:
        async with serving(db, store) as url:
            one, two = await seated_pair(url, catalogue)
            await play_until((one, two), 6)
            mover, other = (one, two) if one.my_turn else (two, one)
            ply, log, legal = mover.ply, list(mover.log), list(mover.legal)
            store.fail_next = True
            marks = {id(c): len(c.received) for c in (mover, other)}
            with pytest.raises(ServerError) as caught:
                await mover.act(mover.legal[0])
            assert caught.value.code == "server_error" and "No space" in caught.value.message
            # both seats are given the position again: as it was before the refused action
            for client in (mover, other):
                while not any(json.loads(m)["type"] == "update"
                              for m in client.received[marks[id(client)]:]):
                    await client.wait_change()
                assert client.ply == ply and client.log == log
            assert mover.legal == legal
            stored = [r for r in store.games() if r.id == one.game_id][0]
            assert len(stored.journal) == ply
            await mover.act(mover.legal[0])  # and the game goes on
            assert mover.ply == ply + 1 and len(store.games()[0].journal) == ply + 1
            for client in (one, two):
                await client.close()

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_with_sync_normal_a_killed_server_still_loses_nothing_it_answered(tmp_path, catalogue):
    """``--sync normal`` leaves the sync to the disk to SQLite's checkpoints: a commit is in
    the file (the operating system holds it) before anybody is told, so a SIGKILL loses
    nothing answered."""
    server = ServerProcess(tmp_path / "g.sqlite3", extra=("--sync", "normal"))
    server.start()

    async def before() -> tuple[str, str, list[str]]:
        one, two = await seated_pair(server.url, catalogue)
        choosers = {1: seeded_chooser(1), 2: seeded_chooser(2)}
        while one.ply < 20:  # each action once both seats have the position
            mover = [c for c in (one, two) if c.my_turn and one.ply == two.ply]
            if mover:
                await mover[0].act(choosers[mover[0].seat or 1](mover[0]))
            else:
                await asyncio.sleep(0.01)
        server.kill()  # right after the 20th update was taken in
        log = list(one.log)
        await one.close()
        await two.close()
        return one.token or "", two.token or "", log

    async def after(tokens: tuple[str, str]) -> tuple[list[str], list[str], int]:
        one, two = Client(server.url, catalogue), Client(server.url, catalogue)
        for client, token in zip((one, two), tokens, strict=True):
            await client.connect()
            await client.reconnect(token)
        await one.close()
        await two.close()
        return one.log, two.log, one.ply

    try:
        token1, token2, log = asyncio.run(asyncio.wait_for(before(), 120))
        assert len(log) >= 20
        server.start()
        log1, log2, ply = asyncio.run(asyncio.wait_for(after((token1, token2)), 60))
        assert log1 == log2 == log and len(log) == ply == 20
    finally:
        server.stop()
