"""The client side of online play (asyncio, on ``websockets``): :class:`Client` connects to
a server, creates or joins a game (by its join code), acts, and follows the game as
the server sends it. When the connection drops it reconnects by itself with its token and
takes up the current position (``status`` says ``reconnecting`` meanwhile).

The seat's knowledge is kept as the server sent it (``legal`` actions in notation, ``log``,
typed ``events``) and as an engine :class:`View` (:attr:`Client.view`, built with the
client's own content) for screens and computer players. :func:`play_scripted` plays a whole
game with a chooser (a computer player, or a test's script); game/net/remote.py wraps a
client for the play screen.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine.actions import Action, parse_action
from game.engine.config import Config
from game.engine.defs import Catalogue
from game.engine.events import Event, event_from_dict
from game.engine.persist import fingerprint
from game.engine.rulesets import state_type
from game.engine.view import View
from game.net.protocol import (
    MAX_FRAME_BYTES,
    ErrorCode,
    Kind,
    Reply,
    WireError,
    config_from_wire,
    request,
)

RETRY_FIRST, RETRY_MAX = 0.05, 2.0  # seconds between reconnection attempts (doubling)


class ServerError(Exception):
    """The server refused a message: ``code`` (see docs/protocol.md) and its reason."""

    def __init__(self, code: str, message: str, retry_after: float | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.retry_after = retry_after  # seconds the server asks to wait, if it says


class Disconnected(Exception):
    """The connection dropped before the answer came (the client reconnects by itself;
    whether the message was carried out shows in the position it is given then)."""


class Client:
    """One connection to a game server, holding at most one seat (or a spectator's place).

    ``catalogue`` (the client's content) is needed for :attr:`view` and to check that the
    server plays the same card data. ``listeners`` are called with every server message
    after it has been taken in (chat, presence, draw offers, updates)."""

    def __init__(self, url: str, catalogue: Catalogue | None = None, *,
                 auto_reconnect: bool = True, timeout: float = 30.0,
                 patient: bool = True, local_address: str | None = None,
                 fallbacks: Sequence[str] = ()) -> None:
        self.url = url
        # the address this client connects from (tests and tools on one machine: any of
        # 127.0.0.0/8), None: the system's choice
        self._local = {"local_addr": (local_address, 0)} if local_address else {}
        # more addresses of the same service (server processes sharing one database): a
        # reconnection tries each in turn, and keeps to the first that answers
        self.fallbacks = list(fallbacks)
        self.patient = patient
        self.catalogue = catalogue
        self.auto_reconnect = auto_reconnect
        self.timeout = timeout
        self.ws: ClientConnection | None = None
        self.status = "closed"  # connected, reconnecting, replaced, closed
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self.received: list[str] | None = None  # every text received, when a list
        self.changed = asyncio.Event()
        self._refs = itertools.count(1)
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._closing = False
        self.refusal: str | None = None  # why the server turned this connection away
        self.hello: dict[str, Any] = {}  # the server's versions and limits
        self.seed: int | None = None  # the dice seed, sent once the game has ended
        self.heard_at = 0.0  # (loop time) the last joined message
        self.rules: dict[str, Any] = {}  # the game's turn clock and absence rule
        # the game held
        self.game_id: str | None = None
        self.code: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.names: dict[int, str] = {}
        self.connected_seats: set[int] = set()
        self.content: str | None = None
        self.spec: dict[str, Any] | None = None
        self.ply = 0
        self.over = False
        self.winner: int | None = None
        self.draw_offer: int | None = None
        self.state: dict[str, Any] = {}
        self.hand_sizes = (0, 0)
        self.deck_size = 0
        self.legal: list[str] = []
        self.can_undo = False
        self.raw_events: list[dict[str, Any]] = []  # as sent (parsed when asked: events)
        self._events: list[Event] = []
        self.log: list[str] = []
        self.chat: list[tuple[int | None, str, str]] = []
        self._config: Config | None = None
        self._view: tuple[int, View] | None = None
        self._version = 0  # counts the changes taken in

    # --- the connection -----------------------------------------------------------------

    async def connect(self) -> None:
        """Open the connection; raises OSError (or a websockets error) if it cannot."""
        self.ws = await connect(self.url, max_size=MAX_FRAME_BYTES, compression=None,
                                open_timeout=self.timeout, **self._local)
        self.status = "connected"
        self._reader = asyncio.get_running_loop().create_task(self._read(self.ws))

    async def close(self) -> None:
        self._closing = True
        self.status = "closed"
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        self._fail_pending()

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for text in ws:
                self._take(text if isinstance(text, str) else text.decode("utf-8", "replace"))
        except ConnectionClosed:
            pass
        self._fail_pending(self.refusal or ws.close_reason or None)
        if self._closing or self.status == "replaced":
            return
        if self.auto_reconnect and (self.token is not None or self.watching):
            self.status = "reconnecting"
            self.changed.set()
            await self._reconnect_loop()
        else:
            self.status = "closed"
            self.changed.set()

    async def _reconnect_loop(self) -> None:
        delay = RETRY_FIRST
        tried = 0
        while not self._closing:
            try:
                self.ws = await connect(self.url, max_size=MAX_FRAME_BYTES, compression=None,
                                        open_timeout=self.timeout, **self._local)
            except (OSError, InvalidHandshake, InvalidURI, TimeoutError):
                if self.fallbacks and tried < len(self.fallbacks):
                    tried += 1  # the next address at once; a pause after a whole round
                    self.fallbacks.append(self.url)
                    self.url = self.fallbacks.pop(0)
                    continue
                tried = 0
                await asyncio.sleep(delay)
                delay = min(RETRY_MAX, delay * 2)
                continue
            self.status = "connected"
            self._reader = asyncio.get_running_loop().create_task(self._read(self.ws))
            try:
                if self.token is not None:
                    await self.reconnect(self.token)
                else:  # a spectator watches again
                    assert self.code is not None
                    await self.spectate(self.code)
            except (Disconnected, ServerError, TimeoutError):
                if self.status != "connected":
                    return  # the new reader started the next round itself
                await asyncio.sleep(delay)
                continue
            return

    def _fail_pending(self, reason: str | None = None) -> None:
        why = f"the connection dropped: {reason}" if reason else "the connection dropped"
        for future in self._pending.values():
            if not future.done():
                future.set_exception(Disconnected(why))
        self._pending.clear()

    async def _request(self, kind: Kind, **fields: Any) -> dict[str, Any]:
        """Send a message and wait for its direct answer; raises ServerError, Disconnected,
        TimeoutError. A message the server refused for coming too fast (``rate_limited``:
        it was not carried out) is sent again after a pause (at least the ``retry_after``
        the server gave), unless ``patient`` is off."""
        delay = RETRY_FIRST
        waited = 0.0
        while True:
            try:
                return await self._request_once(kind, **fields)
            except ServerError as error:
                pause = max(delay, error.retry_after or 0.0)  # as long as the server asks
                if error.code != "rate_limited" or not self.patient or \
                        waited + pause > self.timeout:
                    raise
            await asyncio.sleep(pause)
            waited += pause
            delay = min(RETRY_MAX, delay * 2)

    async def _request_once(self, kind: Kind, **fields: Any) -> dict[str, Any]:
        if self.ws is None or self.status != "connected":
            raise Disconnected(f"not connected ({self.status})")
        ref = f"r{next(self._refs)}"
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[ref] = future
        try:
            await self.ws.send(request(kind, ref=ref, **fields))
        except ConnectionClosed:
            self._pending.pop(ref, None)
            reason = self.refusal or self.ws.close_reason
            raise Disconnected("the connection dropped" + (f": {reason}" if reason else "")
                               ) from None
        try:
            return await asyncio.wait_for(future, self.timeout)
        finally:
            self._pending.pop(ref, None)

    async def send_raw(self, text: str | bytes) -> None:
        """Send anything (tests of the server's checks)."""
        assert self.ws is not None
        await self.ws.send(text)

    # --- what the server sends ---------------------------------------------------------

    def _take(self, text: str) -> None:
        if self.received is not None:
            self.received.append(text)
        try:
            message = json.loads(text)
            kind = message.get("type")
        except (ValueError, AttributeError):
            return
        if kind in (Reply.JOINED, Reply.SPECTATING):
            self._joined(message)
        elif kind == Reply.UPDATE:
            self._update(message)
        elif kind == Reply.PRESENCE:
            self.connected_seats.discard(message["seat"])
            if message["connected"]:
                self.connected_seats.add(message["seat"])
            self.names = {int(k): v for k, v in message.get("names", {}).items()}
        elif kind == Reply.CHAT:
            self.chat.append((message.get("seat"), message.get("name", ""),
                              message.get("text", "")))
        elif kind == Reply.DRAW_OFFERED:
            self.draw_offer = message.get("by")
        elif kind == Reply.REPLACED:
            self.status = "replaced"
        elif kind == Reply.TOKEN:
            self.token = str(message.get("token", self.token))
        elif kind == Reply.HELLO:
            self.hello = message
        elif kind == Reply.ERROR and message.get("code") == "server_full":
            self.refusal = str(message.get("message", "the server is full"))
        ref = message.get("ref")
        future = self._pending.get(ref) if isinstance(ref, str) else None
        if future is not None and not future.done():
            if kind == Reply.ERROR:
                wait = message.get("retry_after")
                future.set_exception(ServerError(
                    message.get("code", "?"), message.get("message", ""),
                    float(wait) if isinstance(wait, (int, float)) else None))
            else:
                future.set_result(message)
        for listener in list(self.listeners):
            listener(message)
        self.changed.set()

    def _joined(self, message: dict[str, Any]) -> None:
        view = message["view"]
        self.game_id, self.code = message["game"], message["code"]
        self.seat = message.get("seat")
        self.token = message.get("token", self.token)
        self.names = {int(k): v for k, v in message.get("names", {}).items()}
        self.connected_seats = set(message.get("connected", ()))
        self.content = message.get("content")
        self.spec = view["config"]
        self.ply = message["ply"]
        self.over, self.winner = bool(message.get("over")), message.get("winner")
        self.draw_offer = message.get("draw_offer")
        self.state, self.legal = view["state"], list(view["legal"])
        self.hand_sizes = (view["hand_sizes"][0], view["hand_sizes"][1])
        self.deck_size, self.can_undo = view["deck_size"], bool(view.get("can_undo"))
        self.raw_events, self._events = list(view["events"]), []
        self.log = list(view["log"])
        self.rules = dict(message.get("rules") or {})
        self.seed = message.get("seed")
        self.heard_at = asyncio.get_running_loop().time()
        if "chat" in message:  # the game's chat so far, kept by the server
            self.chat = [(line.get("seat"), str(line.get("name", "")), str(line.get("text", "")))
                         for line in message["chat"] if isinstance(line, dict)]
        self._config = None
        self._version += 1

    def _update(self, message: dict[str, Any]) -> None:
        delta = message["delta"]
        if message.get("seed") is not None:
            self.seed = message["seed"]
        self.ply = message["ply"]
        self.over, self.winner = bool(message.get("over")), message.get("winner")
        self.draw_offer = None
        self.state, self.legal = delta["state"], list(delta["legal"])
        self.hand_sizes = (delta["hand_sizes"][0], delta["hand_sizes"][1])
        self.deck_size, self.can_undo = delta["deck_size"], bool(delta.get("can_undo"))
        del self.raw_events[delta["events_from"]:], self._events[delta["events_from"]:]
        self.raw_events.extend(delta["events"])
        del self.log[delta["log_from"]:]
        self.log.extend(delta["log"])
        self._version += 1

    # --- the seat's view ------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """The events so far as this seat may see them (read in as they are first asked
        for; do not change the list)."""
        if len(self._events) < len(self.raw_events):
            try:
                self._events.extend(event_from_dict(e)
                                    for e in self.raw_events[len(self._events):])
            except (KeyError, ValueError, TypeError) as error:
                raise WireError(f"unreadable event from the server: {error}") from None
        return self._events

    @property
    def config(self) -> Config:
        """The game's config built with this client's content; raises WireError if the
        server plays different card data."""
        if self._config is None:
            if self.catalogue is None or self.spec is None:
                raise WireError("no game, or no content to build it with")
            config = config_from_wire(self.spec, self.catalogue)
            cards = {op["card"] for op in self.state.get("operatives", ())}
            if self.content is not None and fingerprint(config, cards)["sha256"] != self.content:
                raise WireError("the server plays different card data than this client "
                                "(update the game on one side)")
            self._config = config
        return self._config

    @property
    def view(self) -> View:
        """What this seat may see now, as an engine View (rebuilt once per change)."""
        if self._view is None or self._view[0] != self._version:
            try:
                view = View(self.seat, self.config,
                            state_type(self.config).from_dict(self.state),
                            self.hand_sizes, self.deck_size,
                            tuple(parse_action(a) for a in self.legal), tuple(self.events),
                            tuple(self.log))
            except (KeyError, ValueError, TypeError) as error:
                raise WireError(f"unreadable view from the server: {error}") from None
            self._view = (self._version, view)
        return self._view[1]

    @property
    def watching(self) -> bool:
        """A spectator's place is held (no seat): the client sees the public view."""
        return self.seat is None and self.token is None and self.code is not None

    @property
    def my_turn(self) -> bool:
        return bool(self.legal) and not self.over

    # --- requests ------------------------------------------------------------------------

    async def create(self, mission: str, fireteams: tuple[str, str], seat: int = 1,
                     name: str = "", open_: bool = False, turn_minutes: int = 0,
                     rules: str = "fireteam") -> None:
        """Host a game: private (joined by its code only) unless ``open_`` lists it in the
        lobby; ``turn_minutes`` is its turn clock (0: none); ``rules`` the rule set it is
        played under (game.engine.rulesets: the Fireteam rules unless said)."""
        fields: dict[str, Any] = {"mission": mission, "fireteams": list(fireteams),
                                  "seat": seat, "name": name, "open": open_}
        if turn_minutes:
            fields["turn_minutes"] = turn_minutes
        if rules != "fireteam":
            fields["rules"] = rules
        await self._request(Kind.CREATE, **fields)

    async def rotate_token(self) -> str:
        """Replace this seat's token with a new one (the old one stops working)."""
        answer = await self._request(Kind.ROTATE_TOKEN)
        return str(answer["token"])

    async def claim_win(self) -> None:
        """Take the win from an opponent whose turn clock ran out or who is long gone;
        raises ServerError (not_absent, with how long to wait) when it is too early."""
        await self._request(Kind.CLAIM_WIN)

    async def join(self, code: str, seat: int | None = None, name: str = "") -> None:
        fields: dict[str, Any] = {"code": code, "name": name}
        if seat is not None:
            fields["seat"] = seat
        await self._request(Kind.JOIN, **fields)

    async def reconnect(self, token: str) -> None:
        await self._request(Kind.RECONNECT, token=token)

    async def spectate(self, code: str) -> None:
        await self._request(Kind.SPECTATE, code=code)

    async def list_games(self) -> list[dict[str, Any]]:
        """The open games waiting for a player."""
        return (await self.lobby())[0]

    async def lobby(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The open games waiting for a player, and the open games being played (to
        watch)."""
        answer = await self._request(Kind.LIST)
        return list(answer["games"]), list(answer.get("playing", ()))

    async def act(self, action: Action | str) -> None:
        """Carry out one action at the current ply; returns once the server's update for
        it has been taken in. Raises ServerError (nothing changed), Disconnected."""
        await self._request(Kind.ACT, action=str(action), ply=self.ply)

    async def undo(self) -> None:
        await self._request(Kind.UNDO, ply=self.ply)

    async def concede(self) -> None:
        await self._request(Kind.CONCEDE)

    async def offer_draw(self) -> None:
        if self.ws is None:
            raise Disconnected("not connected")
        await self.ws.send(request(Kind.OFFER_DRAW))

    async def accept_draw(self) -> None:
        await self._request(Kind.ACCEPT_DRAW)

    async def say(self, text: str) -> None:
        if self.ws is None:
            raise Disconnected("not connected")
        await self.ws.send(request(Kind.CHAT, text=text))

    async def wait_change(self, timeout: float | None = None) -> None:
        """Wait for the next message from the server (or a change of status)."""
        self.changed.clear()
        await asyncio.wait_for(self.changed.wait(), timeout or self.timeout)


class PositionChanged(Exception):
    """Raised by a chooser that finds, after thinking, that the position it was asked about
    is gone (a reconnection's position arrived meanwhile): ``play_scripted`` decides again."""


Chooser = Callable[[Client], Action | str | Awaitable[Action | str]]


async def play_scripted(client: Client, choose: Chooser,
                        on_ack: Callable[[int, str, float], None] | None = None) -> None:
    """Play the client's seat to the end of the mission: whenever it is the seat's
    decision, ``choose(client)`` picks an action (an Action, its notation, or an awaitable
    of one) and it is sent. A dropped connection is waited out (the client reconnects by
    itself) and the decision taken again on the position it is given then. ``on_ack(ply,
    action, seconds)`` hears every action the server confirmed, with its round trip."""
    loop = asyncio.get_running_loop()
    while not client.over:
        if client.status != "connected" or not client.my_turn:
            if client.status in ("closed", "replaced"):
                raise Disconnected(f"the connection is {client.status}")
            await client.wait_change(timeout=client.timeout * 4)
            continue
        ply, legal = client.ply, client.legal
        try:
            picked = choose(client)
            if isinstance(picked, Awaitable):
                picked = await picked
        except PositionChanged:
            if client.ply == ply and client.legal is legal:
                await client.wait_change(timeout=client.timeout * 4)  # nothing new yet
            continue
        if client.ply != ply or client.legal is not legal or client.status != "connected":
            # the position changed while the choice was being made (a reconnection's
            # position arrived, showing the action already taken): decide again on it
            continue
        text = str(picked)
        start = loop.time()
        try:
            await client.act(text)
        except Disconnected:
            # the reader notices the drop (and reconnects) in its own task: give it the loop,
            # or a send refused at once would be tried again forever without yielding
            await asyncio.sleep(RETRY_FIRST)
            continue
        except ServerError as error:
            if error.code != ErrorCode.STALE.value:
                raise
            # the game moved on before the action arrived (a reconnection's position was
            # still on its way): decide again on the position the server sends
            if client.ply == ply:
                await client.wait_change(timeout=client.timeout * 4)
            continue
        if on_ack is not None:
            on_ack(ply, text, loop.time() - start)


def seeded_chooser(seed: int) -> Callable[[Client], str]:
    """A test's and the load test's player: one of the seat's legal actions (never a
    concession or an agreed result), picked from the position's log with ``seed``, so
    the same game gives the same choices wherever it is played."""
    import zlib

    def choose(client: Client) -> str:
        options = [a for a in client.legal if not _is_result(a)]
        if not options:
            raise PositionChanged(f"no decision at ply {client.ply} (legal: {client.legal})")
        key = zlib.crc32(("\n".join(client.log) + f"|{seed}|{len(client.log)}").encode())
        return options[key % len(options)]

    return choose


def _is_result(notation: str) -> bool:
    words = notation.split()
    return len(words) > 1 and words[1] in ("concede", "agree")


__all__ = ["Client", "Disconnected", "PositionChanged", "ServerError", "play_scripted",
           "seeded_chooser"]
