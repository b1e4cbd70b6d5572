"""Online play for a program that is not asyncio (the game window, the computer player):
:class:`Link` runs a :class:`Client` on its own thread and offers blocking calls, and
:class:`RemoteGame` is what the play screen holds instead of a local ``Game``.

``RemoteGame`` answers the play screen's questions (legal actions, why not, reach, odds,
the state, the events and the log) from the seat's view: its local copy of the game
(``Game.from_view``) holds only what this seat may see, with the other hand and the deck
held as placeholders. ``apply`` and ``undo`` go to the server, which decides; the opponent's actions
arrive by themselves and :meth:`RemoteGame.refresh` (called every frame) takes them in.
"""

from __future__ import annotations

import asyncio
import dataclasses
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

from game.engine import opponent
from game.engine.actions import Action, AgreeResult, Concede, Move
from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.errors import IllegalActionError
from game.engine.events import Event
from game.engine.game import Game
from game.engine.view import View
from game.net.client import Client, Disconnected, ServerError

T = TypeVar("T")
HIDDEN = "(hidden)"  # what stands for a card this seat cannot see


class Link:
    """A :class:`Client` on its own thread with its own event loop. Every call blocks
    until the server answered (or ``timeout``); raises ServerError, Disconnected,
    TimeoutError, OSError."""

    def __init__(self, url: str, catalogue: Catalogue, timeout: float = 15.0) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True,
                                       name="fireteam-online")
        self.thread.start()
        self.timeout = timeout
        self.client = Client(url, catalogue, timeout=timeout)
        self.closed = False

    def run(self, make: Callable[[Client], Coroutine[Any, Any, T]]) -> T:
        if self.closed:
            raise Disconnected("this link is closed")
        future = asyncio.run_coroutine_threadsafe(make(self.client), self.loop)
        try:
            return future.result(self.timeout + 1)
        except TimeoutError:
            future.cancel()
            raise

    def read(self, what: Callable[[Client], T]) -> T:
        """Read the client's fields on its own thread (a consistent picture)."""
        async def read(client: Client) -> T:
            return what(client)
        return self.run(read)

    def connect(self) -> None:
        self.run(lambda c: c.connect())

    def close(self) -> None:
        """Close the connection and stop the thread (once; later calls do nothing)."""
        if self.closed:
            return
        self.closed = True
        future = asyncio.run_coroutine_threadsafe(self.client.close(), self.loop)
        try:
            future.result(self.timeout)
        except (TimeoutError, RuntimeError, OSError):
            pass
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(2)


class ComputerSeat:
    """The computer player taking the free seat of a game, from this program: its own
    :class:`Link` (connection and thread) joins with the game's code and plays the seat to
    the end from that seat's view (game/net/bot.py), while :meth:`close` is not called.
    Raises what :class:`Link` raises when it cannot join."""

    def __init__(self, url: str, catalogue: Catalogue, code: str, level: str = "normal",
                 seed: int = 0) -> None:
        from game.net.bot import play_computer

        self.link = Link(url, catalogue)
        try:
            self.link.connect()
            self.link.run(lambda c: c.join(code, name=f"Computer ({level})"))
        except BaseException:
            self.link.close()
            raise
        self.playing = asyncio.run_coroutine_threadsafe(
            play_computer(self.link.client, level, seed), self.link.loop)

    def close(self) -> None:
        self.playing.cancel()
        self.link.close()


class ServerDice:
    """What the screen may say of an online game's dice: its seed once the server has told
    it (at the end), None before (the server keeps it secret while the game runs)."""

    def __init__(self) -> None:
        self.seed: int | None = None


class RemoteGame:
    """The play screen's game, played on a server from one seat (see the module).

    ``notify`` (set by the screen) is called, on the link's thread, whenever a message
    from the server arrives, so that a window asleep between inputs wakes up and draws it;
    :attr:`news` says a message arrived since the last :meth:`refresh`."""

    def __init__(self, link: Link) -> None:
        self.link = link
        self.news = False
        self.notify: Callable[[], None] | None = None
        self.dice = ServerDice()
        link.client.listeners.append(self._heard)
        seat, watching = link.read(lambda c: (c.seat, c.watching))
        if seat is None and not watching:
            raise ValueError("the link holds no seat and watches no game")
        self.seat: int | None = seat  # None: a spectator (both hands hidden)
        self.status = "connected"
        self.names: dict[int, str] = {}
        self.connected: set[int] = set()
        self.ply = -1
        self.over = False
        self.my_can_undo = False
        self.seen = 0  # events handed out by refresh()
        self.draw_offer: int | None = None
        self.chat: list[tuple[int | None, str, str]] = []
        self.rules: dict[str, Any] = {}
        self._view: View | None = None
        self.mirror: Game | None = None
        self.refresh()
        self.seen = len(self.events)

    # --- taking in what the server sent ---------------------------------------------------

    def refresh(self) -> list[Event]:
        """Take in everything the server sent since the last call; returns the events
        that are new (an undo shortens the list first)."""
        self.news = False
        ply, view, status, names, connected, undo, offer, chat, seed, rules = self.link.read(
            lambda c: (c.ply, c.view, c.status, dict(c.names), set(c.connected_seats),
                       c.can_undo, c.draw_offer, list(c.chat), c.seed, dict(c.rules)))
        self.status, self.names, self.connected = status, names, connected
        self.dice.seed, self.rules = seed, rules
        self.draw_offer, self.chat = offer, chat
        if ply == self.ply and self.mirror is not None:
            return []
        self.ply, self._view, self.my_can_undo = ply, view, undo
        mirror = Game.from_view(view, RandomDice(ply))
        # nothing this seat cannot see, not even a guess: what is hidden holds placeholders
        # (no card has such an id), so that only its size shows
        for other in (1, 2):
            if other != self.seat:
                mirror.state.hands[other] = [f"{HIDDEN} {i + 1}"
                                             for i in range(view.hand_sizes[other - 1])]
        mirror.state.deck = [HIDDEN] * view.deck_size
        self.mirror = mirror
        self.seen = min(self.seen, len(view.events))
        new = list(view.events[self.seen:])
        self.seen = len(view.events)
        return new

    def _heard(self, message: dict[str, Any]) -> None:
        """A message arrived (on the link's thread): wake the window once until it looks."""
        if self.news:
            return
        self.news = True
        notify = self.notify
        if notify is not None:
            notify()

    # --- what the play screen asks --------------------------------------------------------

    def __getattr__(self, name: str) -> Any:
        # everything else (state, config, events, log, reach, attack_odds, stat...) from
        # the seat's copy of the game
        mirror = self.__dict__.get("mirror")
        if mirror is None:
            raise AttributeError(name)
        return getattr(mirror, name)

    def legal_actions(self) -> tuple[Action, ...]:
        assert self._view is not None
        return self._view.legal_actions

    def my_turn(self) -> bool:
        return bool(self.legal_actions())

    @property
    def watching(self) -> bool:
        return self.seat is None

    def why_not(self, action: Action) -> str | None:
        if self.seat is None:
            return "you are watching this game"
        if not self.my_turn():
            other = opponent(self.seat)
            who = self.names.get(other, f"player {other}")
            return f"it is {who}'s decision"
        if action.player != self.seat:
            return "that is the other player's"
        assert self.mirror is not None
        return self.mirror.why_not(action)

    def is_legal(self, action: Action) -> bool:
        if action in self.legal_actions():
            return True
        return isinstance(action, Move) and self.why_not(action) is None

    def view(self, player: int | None) -> View:
        """This seat's view (a computer player, a hint). Any other viewer gets what
        everybody may see (no hand, no legal actions): this computer knows no more."""
        assert self._view is not None and self.mirror is not None
        if player == self.seat:
            return self._view
        public = self.mirror.view(None)
        return public if player is None else dataclasses.replace(public, player=player)

    @property
    def can_undo(self) -> bool:
        return self.my_can_undo

    def apply(self, action: Action) -> list[Event]:
        """Send ``action``; returns the events it caused once the server has answered.
        Raises IllegalActionError with the server's reason (nothing changed then)."""
        if isinstance(action, AgreeResult):
            raise IllegalActionError("a result is agreed with 'offer a draw' and the other "
                                     "player's acceptance")
        if isinstance(action, Concede):
            return self._call(lambda c: c.concede())
        return self._call(lambda c: c.act(action))

    def undo(self) -> None:
        self._call(lambda c: c.undo())

    def concede(self) -> list[Event]:
        return self._call(lambda c: c.concede())

    def offer_draw(self) -> None:
        self._call(lambda c: c.offer_draw())

    def accept_draw(self) -> list[Event]:
        return self._call(lambda c: c.accept_draw())

    def say(self, text: str) -> None:
        self._call(lambda c: c.say(text))

    def rotate_token(self) -> tuple[str, str]:
        """Replace this seat's token on the server; returns (old, new)."""
        old = self.link.read(lambda c: c.token) or ""
        self._call(lambda c: c.rotate_token())  # type: ignore[arg-type, return-value]
        return old, self.link.read(lambda c: c.token) or ""

    def claim_win(self) -> list[Event]:
        """Take the win from an absent opponent; IllegalActionError says when it may be."""
        return self._call(lambda c: c.claim_win())

    def _call(self, make: Callable[[Client], Coroutine[Any, Any, None]]) -> list[Event]:
        try:
            self.link.run(make)
        except ServerError as error:
            raise IllegalActionError(error.message) from None
        except (Disconnected, TimeoutError, OSError):
            raise IllegalActionError("the connection dropped: reconnecting…") from None
        return self.refresh()

    def to_dict(self) -> dict[str, Any]:
        raise TypeError("an online game is kept by its server, not saved here")
