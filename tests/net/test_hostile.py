"""Hostile clients over real sockets: limits that reconnecting does not reset, unreadable
messages that count, a refusal that keeps its ref and says nothing of the parser, a frame
refused from its header, a flood closed, idle connections dropped, half-open handshakes cut,
a log that does not grow with a flood. Limits are set so that no allowance comes back
while a test runs (or, for the idle drop, short)."""

from __future__ import annotations

import asyncio
import json
import logging

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.limits import Limits
from tests.net.helpers import served


async def opened(url: str, address: str = "127.0.0.1"):
    ws = await connect(url, local_addr=(address, 0), ping_interval=None)
    hello = json.loads(await ws.recv())
    assert hello["type"] == "hello"
    return ws, hello


async def ask(ws, raw) -> dict:
    await ws.send(raw)
    return json.loads(await asyncio.wait_for(ws.recv(), 5))


def test_join_attempts_are_limited_per_address_across_reconnections(tmp_path):
    async def scenario(url: str) -> None:
        answers = []
        for _ in range(3):  # reconnecting every 10 attempts resets nothing
            ws, _ = await opened(url, "127.0.0.9")
            for i in range(10):
                answers.append(await ask(ws, json.dumps(
                    {"v": 1, "type": "join", "code": f"NOPE{i:08d}", "ref": f"j{i}"})))
            await ws.close()
        codes = [a["code"] for a in answers]
        assert codes == ["unknown_game"] * 20 + ["rate_limited"] * 10
        assert answers[-1]["ref"] == "j9" and answers[-1]["retry_after"] > 1000
        other, _ = await opened(url, "127.0.0.10")  # another address: its own allowance
        assert (await ask(other, json.dumps({"v": 1, "type": "join",
                                             "code": "NOPE"})))["code"] == "unknown_game"
        await other.close()

    # 20 join attempts at once, then none
    served(tmp_path, scenario, limits=Limits(guesses_per_minute=0.001))


def test_unreadable_messages_count_and_refusals_keep_their_ref(tmp_path):
    async def scenario(url: str) -> None:
        ws, hello = await opened(url)
        assert hello["limits"]["burst"] == 5 and hello["protocol"] == 1
        deep = await ask(ws, "[" * 4000 + "]" * 4000)
        assert deep["code"] == "bad_shape" and "nested more than 6" in deep["message"]
        twice = await ask(ws, '{"v":1,"type":"list","ref":"a","type":"concede"}')
        assert (twice["code"], twice["ref"]) == ("bad_shape", "a")
        binary = await ask(ws, b'{"v":1,"type":"list"}')
        assert binary["code"] == "bad_shape" and "binary" in binary["message"]
        floaty = await ask(ws, '{"v":1.0,"type":"list","ref":"f"}')
        assert (floaty["code"], floaty["ref"]) == ("bad_version", "f")
        garbage = await ask(ws, "}{")
        assert garbage["code"] == "not_json" and "Traceback" not in garbage["message"]
        # five unreadable messages used the burst: a good one is now refused
        good = await ask(ws, '{"v":1,"type":"list","ref":"g"}')
        assert (good["code"], good["ref"]) == ("rate_limited", "g")
        await ws.close()

    served(tmp_path, scenario, limits=Limits(rate=0.0001, burst=5))


def test_a_flood_is_closed_and_logged_once(tmp_path, caplog):
    async def scenario(url: str) -> int:
        ws, _ = await opened(url)
        for _ in range(200):
            try:
                await ws.send("not json at all")
            except ConnectionClosed:
                break
        with pytest.raises(ConnectionClosed):
            while True:
                await asyncio.wait_for(ws.recv(), 5)
        return ws.close_code

    with caplog.at_level(logging.WARNING, logger="fireteam.server"):
        code = served(tmp_path, scenario, limits=Limits(rate=0.0001, burst=5))
    assert code == 1008
    lines = [r for r in caplog.records if r.name == "fireteam.server"]
    assert len(lines) == 1 and "127.0.0.1" in lines[0].getMessage()


def test_a_frame_over_the_limit_is_refused_from_its_header(tmp_path):
    async def scenario(url: str) -> int:
        ws, _ = await opened(url)
        # a text frame announcing 1 MiB, masked as a client's must be, and 10 bytes of it
        ws.transport.write(bytes([0x81, 0xFF]) + (1 << 20).to_bytes(8, "big")
                           + b"mask" + b"x" * 10)
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 5)
        return ws.close_code

    assert served(tmp_path, scenario) == 1009


def test_an_idle_connection_with_no_game_is_closed(tmp_path):
    async def scenario(url: str) -> tuple[int | None, str]:
        ws, _ = await opened(url)
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(ws.recv(), 10)
        return ws.close_code, ws.close_reason or ""

    code, reason = served(tmp_path, scenario, limits=Limits(idle_timeout=0.2))
    assert code == 1000 and "idle" in reason


def test_unfinished_handshakes_are_capped_and_cut(tmp_path):
    async def scenario(url: str) -> None:
        port = int(url.rsplit(":", 1)[1])
        streams = []
        for _ in range(6):
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=("127.0.0.20", 0))
            writer.write(b"GET / HTTP/1.1\r\n")
            streams.append((reader, writer))
        # the three over the cap are cut at once
        ends = await asyncio.gather(*(asyncio.wait_for(r.read(), 10) for r, _ in streams),
                                    return_exceptions=True)
        assert all(e == b"" or isinstance(e, ConnectionError) for e in ends)
        ws, _ = await opened(url, "127.0.0.21")  # and the server serves others
        await ws.close()
        for _, writer in streams:
            writer.close()

    served(tmp_path, scenario,
           limits=Limits(max_handshakes_per_address=3, handshake_timeout=0.5))
