"""The play screen's side of online play, without a window: a RemoteGame in a seat answers
as the local game would from that seat's view and acts through the server; the computer
player takes the other seat."""

from __future__ import annotations

import asyncio
import itertools
import threading
import time

import pytest

from game.engine.actions import AgreeResult, Concede, Move
from game.engine.errors import IllegalActionError
from game.net.bot import play_computer
from game.net.client import Client
from game.net.remote import Link, RemoteGame
from game.net.server import run
from tests.net.helpers import TEAMS


class ThreadServer:
    """A server on its own thread (the test itself plays as the window would: blocking)."""

    def __init__(self, db, port: int = 0, first_seed: int = 1000) -> None:
        self.loop = asyncio.new_event_loop()
        self.stop = asyncio.Event()
        self.ready = self.loop.create_future()
        seeds = itertools.count(first_seed)  # fixed dice: every run of a test plays the same
        self.thread = threading.Thread(
            target=self.loop.run_until_complete,
            args=(run("127.0.0.1", port, db, self.ready, self.stop,
                      seeds=lambda: next(seeds)),))
        self.thread.start()
        port = asyncio.run_coroutine_threadsafe(self._port(), self.loop).result(30)
        self.url = f"ws://127.0.0.1:{port}"

    async def _port(self) -> int:
        return await self.ready

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(30)


@pytest.mark.slow
def test_a_remote_seat_plays_a_whole_game_against_the_computer_on_the_server(
        tmp_path, catalogue):
    server = ThreadServer(tmp_path / "g.sqlite3")
    link = Link(server.url, catalogue)
    try:
        link.connect()
        link.run(lambda c: c.create("dual_strike", TEAMS, seat=1, name="Ana"))
        code = link.read(lambda c: c.code)

        async def computer() -> None:
            bot = Client(server.url, catalogue)
            await bot.connect()
            await bot.join(code or "", name="Computer")
            await play_computer(bot, "random", 3)
            await bot.close()

        opponent = asyncio.run_coroutine_threadsafe(computer(), link.loop)
        game = RemoteGame(link)
        assert game.seat == 1
        moves = waits = 0
        while not game.is_over:
            game.refresh()
            legal = game.legal_actions()
            if not legal:
                # the opponent's decision: the screen is told so, and nothing is sent
                assert "decision" in (game.why_not(Move(1, "x", ("A1",))) or "")
                waits += 1
                time.sleep(0.005)
                continue
            # what the screen asks on its turn, answered from the seat's own copy
            assert game.view(1).legal_actions == legal
            hidden = game.state.hands[2] + game.state.deck
            assert all(card.startswith("(hidden)") for card in hidden)
            assert (len(game.state.hands[2]), len(game.state.deck)) == \
                (game.view(1).hand_sizes[1], game.view(1).deck_size)
            with pytest.raises(IllegalActionError):
                game.apply(AgreeResult(1, 1))
            other = game.view(2)  # this computer knows no more than everybody
            assert other.legal_actions == () and other.hand == ()
            assert not other.state.hands[2] and not other.state.deck
            pick = [a for a in legal if not isinstance(a, (Concede, AgreeResult))]
            before = list(game.events)
            events = game.apply(pick[moves % len(pick)])
            assert events and list(game.events) == before + events
            moves += 1
        opponent.result(60)
        assert game.winner in (0, 1, 2) and moves > 20 and waits > 0
    finally:
        link.close()
        server.close()
