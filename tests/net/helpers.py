"""Servers for the network tests, on 127.0.0.1 only: in this process (``serving``) or as a
separate ``python -m game.cli.server`` process that a test may kill (``ServerProcess``)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TypeVar

from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.net.client import Client, seeded_chooser
from game.net.limits import Limits
from game.net.protocol import Kind, ProtocolError, error_reply, parse_request, request
from game.net.rooms import Lobby
from game.net.server import run
from game.net.store import SQLiteStore, Store

TEAMS = ("gideon", "deathless_destroyers")

T = TypeVar("T")


@contextlib.asynccontextmanager
async def serving(db: Path, store: Store | None = None,
                  limits: Limits | None = None) -> AsyncIterator[str]:
    """A server in this process's event loop; yields its URL."""
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()
    seeds = itertools.count(5000).__next__  # fixed dice: every run of a test plays the same
    task = asyncio.create_task(run("127.0.0.1", 0, db, ready, stop, store, limits,
                                   seeds=seeds))
    port = await asyncio.wait_for(ready, 30)
    try:
        yield f"ws://127.0.0.1:{port}"
    finally:
        stop.set()
        await task


def served(folder: Path, body: Callable[[str], Awaitable[T]], *, limits: Limits | None = None,
           timeout: float = 60) -> T:
    """``body(url)`` run in a new event loop against a server in it (``serving``, its database
    in ``folder``, under ``limits``), for at most ``timeout`` seconds; what ``body`` returns."""
    async def main() -> T:
        async with serving(folder / "g.sqlite3", limits=limits) as url:
            return await body(url)

    return asyncio.run(asyncio.wait_for(main(), timeout))


def served_pair(folder: Path, body: Callable[[str, Client, Client], Awaitable[T]],
                catalogue: Catalogue | None = None, *, limits: Limits | None = None,
                timeout: float = 60) -> T:
    """``served``, with two clients seated in a new game (``seated_pair``) handed to ``body``
    after the URL, and closed once it is done; what ``body`` returns."""
    async def seated(url: str) -> T:
        one, two = await seated_pair(url, catalogue)
        result = await body(url, one, two)
        await closed(one, two)
        return result

    return served(folder, seated, limits=limits, timeout=timeout)


async def closed(*clients: Client) -> None:
    """Close each of ``clients`` in turn."""
    for client in clients:
        await client.close()


async def connected(url: str, catalogue: Catalogue | None = None) -> Client:
    """A client connected to the server at ``url`` (holding no seat yet)."""
    client = Client(url, catalogue)
    await client.connect()
    return client


async def seated_pair(url: str, catalogue: Catalogue | None = None, mission: str = "dual_strike",
                      teams: tuple[str, str] = TEAMS, rules: str = "fireteam"
                      ) -> tuple[Client, Client]:
    """Two clients holding seats 1 and 2 of a new game (under ``rules``)."""
    one, two = Client(url, catalogue), Client(url, catalogue)
    one.received, two.received = [], []  # before connecting: the hello is kept too
    await one.connect()
    await two.connect()
    await one.create(mission, teams, name="Ana", rules=rules)
    await two.join(one.code or "", name="Ben")
    return one, two


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class ServerProcess:
    """``python -m game.cli.server`` on a port and database, started and killed at will."""

    def __init__(self, db: Path, port: int | None = None, extra: tuple[str, ...] = ()) -> None:
        self.db, self.port = db, port or free_port()
        self.extra = extra  # more options of the server
        self.proc: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> str:
        """Start it and wait for its 'listening' line; returns that line."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game.cli.server", "--port", str(self.port),
             "--db", str(self.db), "--new-db", "--seed", "5000", *self.extra],  # same dice
            stdout=subprocess.PIPE, text=True,
            env=dict(os.environ, PYTHONUNBUFFERED="1"))
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        assert line.startswith("listening on"), line
        return line

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        """SIGTERM (a clean stop); SIGKILL if it is not gone after 10 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def seed_of(db: Path, game_id: str) -> int:
    store = SQLiteStore(db)
    try:
        (record,) = [r for r in store.games(finished_since=0.0) if r.id == game_id]
        return record.seed
    finally:
        store.close()


class LocalSeat:
    """What the seeded chooser reads, taken from a local engine game."""

    def __init__(self, game: Game, seat: int) -> None:
        view = game.view(seat)
        self.legal = [str(a) for a in view.legal_actions]
        self.log = list(view.log)


def play_locally(catalogue: Catalogue, seed: int, mission: str = "dual_strike",
                 teams: tuple[str, str] = TEAMS, seeds: tuple[int, int] = (1, 2),
                 rules: str = "fireteam") -> tuple[Game, list[dict[int, set[str]]]]:
    """The same game on the engine alone: the server's seed, the same choosers, the same
    rule set. Returns the game and, for each ply, the target cards hidden from each seat at
    that ply (index 0: before any action): ``hidden[ply][seat]``."""
    game = Game.new(catalogue, mission, teams, RandomDice(seed), rules=rules)
    choosers = {1: seeded_chooser(seeds[0]), 2: seeded_chooser(seeds[1])}
    hidden = [_hidden(game)]
    while not game.is_over:
        seat = game.to_act
        text = choosers[seat](LocalSeat(game, seat))  # type: ignore[arg-type]
        game.apply(next(a for a in game.legal_actions() if str(a) == text))
        hidden.append(_hidden(game))
    return game, hidden


def _hidden(game: Game) -> dict[int, set[str]]:
    state = game.state
    return {seat: set(state.hands[3 - seat]) | set(state.deck) for seat in (1, 2)}


class Peer:
    """A connection as the lobby sees it, with no network: what it is sent is in ``got``
    (None: it was closed)."""

    def __init__(self) -> None:
        self.room = None
        self.seat = None
        self.got: list = []

    def send(self, message) -> None:
        self.got.append(message)

    def close(self, reason: str) -> None:
        self.got.append(None)


def handle(lobby: Lobby, peer: Peer, kind: Kind, **fields) -> None:
    """As the server does: carried out, or refused with an error reply."""
    try:
        lobby.handle(peer, parse_request(request(kind, **fields)))
    except ProtocolError as error:
        lobby.post(peer, error_reply(error))
    ops, out = lobby.take()
    lobby.store.commit(ops)
    for to, message in out:
        to.got.append(message)


def assert_played_alike(one: Client, two: Client, game: Game) -> None:
    """The two seats' clients ended the online game as ``game`` ended on the engine alone:
    over, the same winner and log, and each seat's state and events (redacted for it) as the
    engine shows them to that seat."""
    assert game.is_over and one.over and two.over
    assert one.winner == two.winner == game.winner
    assert one.log == two.log == game.log
    for client, seat in ((one, 1), (two, 2)):
        view = game.view(seat)
        assert client.view.state == view.state
        assert client.view.events == view.events
