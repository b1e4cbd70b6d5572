"""``play_scripted`` when a send is refused at once: the connection dropped, but the client's
reader has not yet had the loop to notice it. The script must give the loop up before it
tries again (a send on a closed connection fails without yielding: without that pause the
script spins forever, the reader never runs and nothing, not even a time-out, can stop it)."""

from __future__ import annotations

import asyncio

import pytest

from game.net.client import Disconnected, ServerError, play_scripted


class DroppedClient:
    """Looks connected, with a decision to make; every send fails at once, without yielding,
    as a websockets connection that has been closed does."""

    def __init__(self) -> None:
        self.status, self.over, self.legal, self.ply = "connected", False, ["1 pass"], 0
        self.sends = 0
        self.reader_ran = False

    @property
    def my_turn(self) -> bool:
        return bool(self.legal) and not self.over

    async def act(self, action: str) -> None:
        self.sends += 1
        assert self.reader_ran or self.sends < 3, "the script retried without yielding"
        raise Disconnected("the connection dropped")


def test_a_refused_send_gives_the_reader_the_loop_before_the_next_try():
    client = DroppedClient()

    async def reader() -> None:  # what Client._read does once the loop lets it run
        await asyncio.sleep(0)
        client.reader_ran = True
        client.status, client.over = "reconnecting", True

    async def scenario() -> None:
        task = asyncio.create_task(reader())
        await asyncio.wait_for(play_scripted(client, lambda c: "1 pass"), 10)  # type: ignore[arg-type]
        await task

    asyncio.run(scenario())
    assert client.reader_ran and 1 <= client.sends <= 2


class LaggingClient:
    """Its first action arrives after the game moved on (``stale``); the new position comes
    in a moment later, and the second decision, taken on it, ends the game."""

    timeout = 5.0

    def __init__(self, refusal: str = "stale") -> None:
        self.status, self.over, self.legal, self.ply = "connected", False, ["1 pass"], 26
        self.refusal = refusal
        self.sent: list[tuple[int, str]] = []
        self.changed = asyncio.Event()

    @property
    def my_turn(self) -> bool:
        return bool(self.legal) and not self.over

    async def wait_change(self, timeout: float | None = None) -> None:
        self.changed.clear()
        await asyncio.wait_for(self.changed.wait(), timeout)

    async def act(self, action: str) -> None:
        self.sent.append((self.ply, action))
        if len(self.sent) == 1:
            asyncio.get_running_loop().call_later(0.05, self.update)
            raise ServerError(self.refusal, "written for ply 26; the game is at ply 27")
        self.over = True

    def update(self) -> None:
        self.ply, self.legal = 27, ["1 dash"]
        self.changed.set()


def test_a_stale_action_is_decided_again_on_the_position_that_comes():
    client = LaggingClient()
    acks: list[tuple[int, str]] = []
    asyncio.run(asyncio.wait_for(play_scripted(
        client, lambda c: c.legal[0], lambda ply, text, _: acks.append((ply, text))), 10))  # type: ignore[arg-type]
    assert client.sent == [(26, "1 pass"), (27, "1 dash")] and acks == [(27, "1 dash")]


def test_any_other_refusal_is_raised():
    client = LaggingClient(refusal="illegal")
    with pytest.raises(ServerError, match="illegal"):
        asyncio.run(asyncio.wait_for(play_scripted(client, lambda c: c.legal[0]), 10))  # type: ignore[arg-type]


class ReconnectedClient(LaggingClient):
    """Looks connected with a decision (the position from before the server was killed);
    while its player thinks, the reconnection's position arrives: the action was already
    taken, and it is the other seat's turn."""

    async def act(self, action: str) -> None:
        self.sent.append((self.ply, action))
        self.over = True

    def reconnected(self) -> None:
        self.ply, self.legal = 27, []
        self.changed.set()
        asyncio.get_running_loop().call_later(0.05, self.my_turn_again)

    def my_turn_again(self) -> None:
        self.ply, self.legal = 28, ["1 dash"]
        self.changed.set()


def test_a_position_that_changes_while_the_player_thinks_is_decided_again():
    client = ReconnectedClient()

    async def thinking(c: ReconnectedClient) -> str:
        if c.ply == 26:
            asyncio.get_running_loop().call_soon(c.reconnected)
            await asyncio.sleep(0.01)
        return c.legal[0] if c.legal else "1 pass"

    asyncio.run(asyncio.wait_for(play_scripted(client, thinking), 10))  # type: ignore[arg-type]
    assert client.sent == [(28, "1 dash")]


def test_the_seeded_chooser_waits_out_a_position_with_no_decision():
    from game.net.client import PositionChanged, seeded_chooser

    client = LaggingClient()
    client.legal = ["1 concede", "1 agree draw"]
    with pytest.raises(PositionChanged, match="no decision at ply 26"):
        seeded_chooser(1)(client)  # type: ignore[arg-type]
