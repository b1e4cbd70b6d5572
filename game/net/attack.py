"""The server's attack test (``python -m game.cli.attack --host 127.0.0.1 --port P --seed S
[--external] [--duration SECONDS] [--pairs N]``): the attacks, the honest players and what
each attack checks.

The command starts a server (``fireteam serve`` on a fresh database in a temporary folder, its log
written to a file; ``--external``: one already running there instead), has honest players
play games on it from their own addresses (a separate process, so that the attackers' work
does not slow the players' own measurement), and meanwhile runs each attack the issue lists
from other addresses, one after the other, each bounded in count and time: code guessing
that reconnects every 40 messages, a create flood, garbage and deeply nested floods, idle
connections and half-open ones (handshakes never finished), unfinished large frames,
spectator and chat floods, a burst of draw offers, duplicate keys, binary frames and a
version that is not an integer. Every address is on this machine: the tool refuses any
host but a loopback one, and its clients connect from addresses in 127.0.0.0/8 (the
honest players from 127.0.1.x, the attackers from 127.0.2.x and up), which the server
counts as different clients.

An attack is *held* when the server did what its limits say (what each checks is in
:data:`ATTACKS` and docs/server.md); the last line is::

    attacks: A tried, B held; honest games: N finished, E errors, round trip p95 X ms;
    codes found: C; server log: L lines
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from game.net.limits import Limits
from game.net.loadtest import PAIRINGS, Tally, one_game
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH

IDLE = 3.0  # the started server's --idle: idle connections are seen closed within the run
HANDSHAKE = 2.0  # its --handshake-timeout
LIMITS = Limits(idle_timeout=IDLE, handshake_timeout=HANDSHAKE)
SERVER_OPTIONS = ("--idle", f"{IDLE:g}", "--handshake-timeout", f"{HANDSHAKE:g}")


@dataclass
class Outcome:
    name: str
    held: bool
    detail: str


@dataclass
class Run:
    url: str
    host: str
    port: int
    rng: random.Random
    outcomes: list[Outcome] = field(default_factory=list)
    codes_found: int = 0
    next_address: int = 0

    def address(self) -> str:
        """A fresh attacker's address (127.0.2.1, 127.0.2.2, ... then 127.0.3.x)."""
        self.next_address += 1
        n = self.next_address
        return f"127.0.{2 + n // 250}.{1 + n % 250}"


def message(kind: str, **fields: Any) -> str:
    return json.dumps({"v": 1, "type": kind, **fields})


async def opened(run: Run, address: str, timeout: float = 5.0) -> ClientConnection:
    """A WebSocket connection from ``address``, its hello read; raises what connect
    raises, or ConnectionClosed when the server turned it away."""
    ws = await connect(run.url, local_addr=(address, 0), open_timeout=timeout,
                       max_size=None, compression=None, ping_interval=None)
    hello = json.loads(await asyncio.wait_for(ws.recv(), timeout))
    if hello.get("type") != "hello":
        shut(ws)
        raise ConnectionClosed(None, None)
    return ws


async def answer(ws: ClientConnection, timeout: float = 5.0) -> dict[str, Any]:
    return dict(json.loads(await asyncio.wait_for(ws.recv(), timeout)))


def shut(ws: ClientConnection) -> None:
    """Drop an attacker's connection at once (no closing handshake to wait for behind
    messages it never read)."""
    ws.transport.abort()


def random_code(rng: random.Random) -> str:
    return "".join(rng.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


# --- the attacks -------------------------------------------------------------------------

async def cycling(run: Run, most: int, seconds: float,
                  one: Callable[[ClientConnection], Awaitable[None]]) -> tuple[int, float]:
    """``one(ws)`` (a message and its answer) up to ``most`` times within ``seconds``, from
    one address, on a new connection every 40 messages; returns how many were tried and
    how long it took."""
    address = run.address()
    tried = 0
    start = time.monotonic()
    while tried < most and time.monotonic() - start < seconds:
        try:
            ws = await opened(run, address)
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            await asyncio.sleep(0.05)
            continue
        try:
            for _ in range(40):
                tried += 1
                await one(ws)
        except (ConnectionClosed, TimeoutError):
            pass
        finally:
            shut(ws)
    return tried, time.monotonic() - start


async def guess_codes(run: Run) -> Outcome:
    """Join attempts with random codes from one address, reconnecting every 40 messages
    (2,000 at most, 8 s at most). Held: no game found, and no more attempts answered than
    the address's allowance (20 at once, then 20 a minute)."""
    answered = found = 0

    async def guess(ws: ClientConnection) -> None:
        nonlocal answered, found
        await ws.send(message("join", code=random_code(run.rng), ref="g"))
        reply = await answer(ws)
        if reply.get("type") == "joined":
            found += 1
        elif reply.get("code") != "rate_limited":
            answered += 1

    tried, seconds = await cycling(run, 2000, 8, guess)
    allowed = 20 + LIMITS.guesses_per_minute / 60 * seconds + 1
    run.codes_found += found
    return Outcome("code guessing, reconnecting every 40", found == 0 and answered <= allowed,
                   f"{tried} tried in {seconds:.1f} s, {answered} answered (allowed "
                   f"{allowed:.0f}), {found} found")


async def create_flood(run: Run) -> Outcome:
    """Games created from one address, reconnecting every 40 (600 at most, 6 s). Held: no
    more created than the allowance (10 at once, then 30 an hour)."""
    created = 0
    mission, teams = PAIRINGS[0]

    async def create(ws: ClientConnection) -> None:
        nonlocal created
        await ws.send(message("create", mission=mission, fireteams=list(teams), ref="c"))
        reply = await answer(ws)
        while reply.get("type") != "error" and reply.get("ref") != "c":
            reply = await answer(ws)
        created += reply.get("type") == "joined"

    tried, seconds = await cycling(run, 600, 6, create)
    allowed = 10 + LIMITS.create_per_hour / 3600 * seconds + 1
    return Outcome("create flood", created <= allowed,
                   f"{tried} tried, {created} created (allowed {allowed:.0f})")


async def flood(run: Run, name: str, payload: Callable[[int], str], connections: int = 3,
                each: int = 2000) -> Outcome:
    """``each`` messages from ``payload`` on each of ``connections`` connections from one
    address, sent without waiting. Held: the server refused all but the allowance (rate
    limited, or the connection closed for flooding: 1008), and no refusal carried an
    exception's text."""
    address = run.address()
    sent = handled = leaked = 0
    closed_for_flooding = 0

    async def one() -> None:
        nonlocal sent, handled, leaked, closed_for_flooding
        try:
            ws = await opened(run, address)
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            return

        async def read() -> None:
            nonlocal handled, leaked
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                while True:
                    reply = await answer(ws, 3)
                    if reply.get("code") != "rate_limited":
                        handled += 1
                    text = str(reply.get("message", ""))
                    if "Traceback" in text or "Error" in text or "recursion" in text:
                        leaked += 1

        reader = asyncio.create_task(read())
        try:
            for i in range(each):
                await ws.send(payload(i))
                sent += 1
                if i % 100 == 99:
                    await asyncio.sleep(0)
        except ConnectionClosed:
            pass
        await reader
        if ws.close_code == 1008:
            closed_for_flooding += 1
        shut(ws)

    start = time.monotonic()
    await asyncio.wait_for(asyncio.gather(*(one() for _ in range(connections))), 30)
    seconds = time.monotonic() - start
    allowed = 2 * LIMITS.address_rate + LIMITS.address_rate * seconds + 1
    held = handled <= allowed and leaked == 0
    return Outcome(name, held, f"{sent} sent in {seconds:.1f} s, {handled} handled (allowed "
                   f"{allowed:.0f}), {closed_for_flooding} of {connections} connections "
                   f"closed for flooding, {leaked} exception texts")


def garbage(run: Run) -> Callable[[int], str]:
    rng = random.Random(run.rng.random())
    return lambda i: "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randrange(1, 80)))


async def idle_flood(run: Run) -> Outcome:
    """300 connections from one address that say nothing. Held: no more admitted than
    the cap per address, an honest client from elsewhere still served meanwhile, and
    every admitted one closed once idle."""
    address = run.address()
    admitted: list[ClientConnection] = []
    refused = 0
    for _ in range(300):
        try:
            admitted.append(await opened(run, address, 3))
        except (OSError, ConnectionClosed, InvalidHandshake, InvalidStatus, TimeoutError):
            refused += 1
    still = await probe(run)
    await asyncio.sleep(IDLE + 2.5)
    closed = 0
    for ws in admitted:
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            while True:
                await asyncio.wait_for(ws.recv(), 0.2)
        closed += ws.close_code is not None
        shut(ws)
    cap = LIMITS.max_per_address
    held = len(admitted) <= cap and still and closed == len(admitted)
    return Outcome("idle connections", held, f"{len(admitted)} admitted (cap {cap}), "
                   f"{refused} refused, honest client served: {still}, {closed} closed "
                   f"when idle")


async def probe(run: Run) -> bool:
    """An honest client from a fresh address lists the games within 2 s."""
    try:
        ws = await opened(run, run.address(), 2)
        await ws.send(message("list", ref="p"))
        reply = await answer(ws, 2)
        shut(ws)
        return reply.get("type") == "games"
    except (OSError, ConnectionClosed, InvalidHandshake, InvalidStatus, TimeoutError):
        return False


async def half_open(run: Run) -> Outcome:
    """400 TCP connections from 4 addresses that start a handshake and never finish it.
    Held: an honest client is served meanwhile, and the server has cut every one of them
    within its handshake timeout (plus a second)."""
    writers: list[asyncio.StreamWriter] = []
    readers: list[asyncio.StreamReader] = []
    for _ in range(4):
        address = run.address()
        for _ in range(100):
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(
                    run.host, run.port, local_addr=(address, 0)), 2)
            except (OSError, TimeoutError):
                continue
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the rest
            writers.append(writer)
            readers.append(reader)
    still = await probe(run)
    await asyncio.sleep(HANDSHAKE + 1)
    cut = 0
    for reader in readers:
        try:
            while await asyncio.wait_for(reader.read(4096), 0.5):
                pass  # (an answer before the end, if any)
            cut += 1  # the end of the stream: the server closed it
        except OSError:
            cut += 1  # reset by the server
        except TimeoutError:
            pass  # still open
    for writer in writers:
        writer.close()
    held = still and cut == len(readers)
    return Outcome("half-open handshakes", held, f"{len(readers)} opened, honest client "
                   f"served: {still}, {cut} cut by the server")


async def big_frames(run: Run) -> Outcome:
    """5 connections each announce a 1 MiB frame and send a few bytes of it. Held: the
    server closes each within a second (the frame is refused from its header: 1009)."""
    address = run.address()
    times = []
    for _ in range(5):
        try:
            ws = await opened(run, address)
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            continue
        header = bytes([0x81, 0x80 | 127]) + (1 << 20).to_bytes(8, "big") + os.urandom(4)
        start = time.monotonic()
        ws.transport.write(header + b"x" * 100)
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            while True:
                await asyncio.wait_for(ws.recv(), 2)
        times.append((time.monotonic() - start, ws.close_code))
        ws.transport.abort()
    held = len(times) == 5 and all(t < 1.0 for t, _ in times)
    codes = sorted({code for _, code in times if code is not None})
    worst = max(t for t, _ in times) if times else 0.0
    return Outcome("unfinished 1 MiB frames", held, f"{len(times)} closed, the slowest in "
                   f"{worst * 1000:.0f} ms (close codes {codes})")


async def victim(run: Run) -> tuple[ClientConnection, ClientConnection, str]:
    """A game of the attackers' own, both seats taken (from two addresses)."""
    mission, teams = PAIRINGS[1]
    host = await opened(run, run.address())
    await host.send(message("create", mission=mission, fireteams=list(teams), ref="v",
                            name="Host"))
    joined = await answer(host)
    guest = await opened(run, run.address())
    await guest.send(message("join", code=joined["code"], name="Guest", ref="j"))
    while (await answer(guest)).get("type") != "joined":
        pass
    return host, guest, str(joined["code"])


async def drain(ws: ClientConnection, seconds: float) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    with contextlib.suppress(ConnectionClosed, TimeoutError):
        while time.monotonic() < end:
            got.append(json.loads(await asyncio.wait_for(ws.recv(), end - time.monotonic())))
    return got


async def spectators_and_chat(run: Run) -> list[Outcome]:
    """60 spectators from 60 addresses on one game, then those admitted chat 40 lines each
    as fast as they can. Held: no more spectators than the cap; no more chat lines reach
    a player than the spectators' shared allowance."""
    host, guest, code = await victim(run)
    watchers: list[ClientConnection] = []
    for _ in range(60):
        try:
            ws = await opened(run, run.address())
            await ws.send(message("spectate", code=code, ref="s"))
            if (await answer(ws)).get("type") == "spectating":
                watchers.append(ws)
            else:
                shut(ws)
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            continue
    cap = LIMITS.max_spectators
    await drain(host, 0.2)
    start = time.monotonic()
    await asyncio.gather(*(ws.send(message("chat", text=f"spam {i}"))
                           for ws in watchers for i in range(40)))
    lines = [m for m in await drain(host, 2.0) if m.get("type") == "chat"]
    seconds = time.monotonic() - start
    allowed = 5 + LIMITS.chat_per_minute / 60 * seconds + 1
    # a burst of draw offers from one seat
    await guest.send(message("list"))  # (nothing pending on the guest's side)
    await drain(guest, 0.2)
    for _ in range(30):
        await host.send(message("offer_draw"))
    offers = [m for m in await drain(guest, 1.0) if m.get("type") == "draw_offered"]
    for ws in (*watchers, host, guest):
        shut(ws)
    return [Outcome("spectator flood", len(watchers) <= cap,
                    f"{len(watchers)} of 60 admitted (cap {cap})"),
            Outcome("chat flood", len(lines) <= allowed,
                    f"{len(watchers) * 40} lines sent, {len(lines)} reached a player "
                    f"(allowed {allowed:.0f})"),
            Outcome("draw offers in a burst", len(offers) <= 1,
                    f"30 offered, {len(offers)} reached the opponent")]


async def strict(run: Run) -> list[Outcome]:
    """Messages the strict parser refuses, each with its ref: duplicate keys (the last
    would win in a loose parser, turning a list into an act), a binary frame, a version
    that is not an integer."""
    ws = await opened(run, run.address())
    out = []
    cases = [("duplicate keys", '{"v":1,"type":"list","ref":"d","type":"concede"}',
              "bad_shape", "d"),
             ("binary frame", b'{"v":1,"type":"list","ref":"b"}', "bad_shape", None),
             ("v as a float", '{"v":1.0,"type":"list","ref":"f"}', "bad_version", "f")]
    for name, raw, code, ref in cases:
        await ws.send(raw)
        reply = await answer(ws)
        held = reply.get("code") == code and (ref is None or reply.get("ref") == ref)
        out.append(Outcome(name, held, f"answered {reply.get('code')} ref "
                           f"{reply.get('ref')!r}"))
    shut(ws)
    return out


ATTACKS: tuple[Callable[[Run], Awaitable[Outcome | list[Outcome]]], ...] = (
    guess_codes, create_flood,
    lambda run: flood(run, "garbage flood", garbage(run)),
    lambda run: flood(run, "deep nesting flood", lambda i: "[" * 4000 + "]" * 4000),
    idle_flood, half_open, big_frames, spectators_and_chat, strict)


async def attack_all(run: Run) -> None:
    for attack in ATTACKS:
        try:
            result = await asyncio.wait_for(attack(run), 60)
        except Exception as error:  # noqa: BLE001 - an attack that broke is not held
            name = getattr(attack, "__name__", "attack")
            result = Outcome(name, False, f"the attack failed: {type(error).__name__}: "
                             f"{error}")
        for outcome in result if isinstance(result, list) else [result]:
            run.outcomes.append(outcome)
            print(f"{'held' if outcome.held else 'NOT HELD'}: {outcome.name}: "
                  f"{outcome.detail}", flush=True)


# --- the honest players --------------------------------------------------------------------

async def honest(url: str, pairs: int, seed: int, seconds: float, think: float) -> Tally:
    """``pairs`` pairs of players, each pair from its own two addresses, playing games one
    after the other until ``seconds`` have passed (the game under way is finished)."""
    tally = Tally()
    end = time.monotonic() + seconds

    async def pair(index: int) -> None:
        number = 0
        while time.monotonic() < end:
            await one_game(url, index + pairs * number, seed, tally, 30.0, think,
                           addresses=(f"127.0.1.{2 * index + 1}", f"127.0.1.{2 * index + 2}"))
            number += 1

    await asyncio.gather(*(pair(i) for i in range(pairs)))
    return tally
