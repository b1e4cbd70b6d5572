"""The play screen for an online game: the same screen as at one table (the same buttons,
odds, dice and log), holding a :class:`RemoteGame` for this computer's seat. There are no
hand-over screens (only this seat's hand is ever known here); the opponent's actions are
taken in every frame and shown as they happen; a banner says when the connection is lost
(the client reconnects by itself; the game waits on the server) or the other player is gone.
The chat (game/ui/scenes/online_chat.py) opens with F4.

A spectator (``remote.seat`` None: "Watch" in the lobby) gets the same screen with no
buttons to act, both hands hidden (only their sizes are known here) and the public log.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.engine import Action, AgreeResult, Event, IllegalActionError, opponent
from game.net.client import Disconnected, ServerError
from game.net.protocol import spaced_code
from game.net.remote import ComputerSeat, RemoteGame
from game.services.game_setup import OnlineLink
from game.ui.chooser import Chooser
from game.ui.context import GOLD, INK
from game.ui.registry import SceneName, is_scene, scene_class
from game.ui.scenes.online_chat import ChatBox
from game.ui.scenes.play import FPS, PRIVATE_STEPS, TIMER_RATE, PlayScene

if TYPE_CHECKING:
    from game.ui.app import App

POLL_EVERY = 0.05  # seconds between looks at what the server sent, while frames run
# posted (from the connection's thread) when a message arrives: a window asleep between
# inputs wakes up, takes it in and draws it, with no input needed
NET_MESSAGE = pygame.event.custom_type()


def wake_window() -> None:
    """Post :data:`NET_MESSAGE` (SDL's event queue takes events from any thread)."""
    if pygame.display.get_init():
        pygame.event.post(pygame.event.Event(NET_MESSAGE))


class OnlinePlayScene(PlayScene):
    """One seat of a game played on a server."""

    journaled = False  # the server keeps the game: no local autosave nor journal

    def __init__(self, app: App, remote: RemoteGame) -> None:
        # both seats are "human" to the screen: the other one is played elsewhere
        super().__init__(app, remote, {1: "human", 2: "human"})  # type: ignore[arg-type]
        self.remote = remote
        self.seat = remote.seat
        self.since_poll = 0.0
        self.forgotten = False
        names = {s: n for s, n in remote.names.items()}
        if names:
            self.ctx.names = {**self.ctx.names, **names}
        self.chat = ChatBox(self)
        self.computer: ComputerSeat | None = None  # the computer in the other seat, if asked
        # the record of the set-up links this game to its server, code and seat
        url, code = remote.link.read(lambda c: (c.url, c.code))
        self.setup = replace(self.setup, names=dict(self.ctx.names),
                             online=OnlineLink(str(url), str(code or ""), self.seat))
        remote.notify = wake_window
        # when this window saw the other player go, and their turn begin (the claim's clocks)
        self.gone_since: float | None = None
        self.turn_key, self.turn_since = -1, 0.0
        self.show_private()

    @property
    def watching(self) -> bool:
        """A spectator's screen (no seat)."""
        return self.seat is None

    def build(self) -> None:
        super().build()
        self.chat.build()
        if self.waiting_for_opponent():
            px = self.ctx.px
            rect = pygame.Rect(0, 0, px(330), px(36))
            rect.midtop = (self.hint_bar.centerx, self.top_bar.bottom + px(40))
            self.button("Let the computer take the other seat", rect, self.invite_computer,
                        tooltip="The computer player (normal level) joins this game on the "
                        "server and plays its seat from this window, while it is open")

    def waiting_for_opponent(self) -> bool:
        return self.seat is not None and opponent(self.seat) not in self.remote.names \
            and not self.remote.is_over and self.computer is None

    def invite_computer(self) -> None:
        """The computer player joins the other seat (through its own connection) and plays
        it; refused with a message if it cannot join."""
        url, code = self.remote.link.read(lambda c: (c.url, c.code))
        try:
            self.computer = ComputerSeat(url, self.ctx.catalogue, code or "", "normal",
                                         self.ctx.seed)
        except (ServerError, Disconnected, TimeoutError, OSError) as error:
            self.say(f"The computer could not join: {getattr(error, 'message', error)}")
            return
        if self.seat is not None:  # played from this window, on its own connection
            self.setup = self.setup.with_seats({opponent(self.seat): "normal"})
        self.rebuild()

    def new_chooser(self, selection: frozenset[str] = frozenset()) -> Chooser:
        if self.game.seat is None:  # a spectator decides nothing (set before self.seat)
            state = self.view.state
            return Chooser(state, self.game.config, (), self.game.why_not)
        return super().new_chooser(selection)

    # --- the hot-seat parts that do not apply ---------------------------------------------

    def computer_to_act(self) -> bool:
        return False  # the other seat decides on its own computer

    def show_private(self) -> None:
        """This seat's hand is shown while it needs it (its mulligan, its reveal); never the
        other's, which this computer does not know. Shown the way the table's screen shows a
        hand after its hand-over (``reveal_to``), so that the buttons follow."""
        state = self.remote.state
        if self.seat is not None and state.step in PRIVATE_STEPS and state.to_act == self.seat:
            if self.private_to != self.seat:
                self.reveal_to(self.seat)
        else:
            self.private_to = None

    def after(self, events: list[Event]) -> None:
        # the hand first (the table's after() keeps it shown while that player decides)
        self.show_private()
        services = self.ctx.services
        # the server keeps online games: nothing is autosaved here
        autosave, services.autosave = services.autosave, None
        try:
            super().after(events)
        finally:
            services.autosave = autosave

    def journal(self, action: str) -> None:
        """Nothing is journaled here: the server's journal is the game's."""

    @contextmanager
    def refusal_said(self) -> Iterator[None]:
        """What the server refuses in the block is said on the screen, not raised."""
        try:
            yield
        except IllegalActionError as error:
            self.say(str(error))

    def act(self, action: Action | None) -> None:
        if isinstance(action, AgreeResult):
            self.draw_offer()
            return
        with self.refusal_said():
            super().act(action)

    def undo(self) -> None:
        with self.refusal_said():
            super().undo()

    def concede(self) -> None:
        with self.refusal_said():
            self.after(self.remote.concede())

    def draw_offer(self) -> None:
        """Offer a draw, or accept the other player's offer."""
        with self.refusal_said():
            if self.remote.draw_offer == opponent(self.seat):
                self.after(self.remote.accept_draw())
            else:
                self.remote.offer_draw()
                self.say("Draw offered: it stands until the next action")

    # --- the loop ------------------------------------------------------------------------

    def frame_rate(self) -> float:
        """As at the table, except that the other seat's private steps (its mulligan, its
        reveal) are decided on its own computer: nothing to hand over here, so the window
        rests while the other player decides; a message from the server wakes it
        (:func:`wake_window`). While a claim's clock runs, one frame a second shows when
        the win may be claimed."""
        if self.anim.running() or self.game.is_over:
            return FPS
        if self.toast is not None:
            return TIMER_RATE
        other = opponent(self.seat) if self.seat is not None else None
        if other is not None and not self.game.is_over and self.remote.rules and (
                other not in self.remote.connected
                or (self.remote.rules.get("turn_minutes")
                    and self.game.state.to_act == other)):
            return 1.0
        return 0.0

    def update(self, dt: float) -> None:
        self.since_poll += dt
        if self.remote.news or self.since_poll >= POLL_EVERY:
            self.since_poll = 0.0
            ply, names = self.remote.ply, dict(self.remote.names)
            new = self.remote.refresh()
            if self.remote.names != names:  # the opponent joined (names are drawn anew
                # every frame: no rebuild, which could swallow a click under way)
                self.ctx.names = {**self.ctx.names, **self.remote.names}
                if self.seat is not None and opponent(self.seat) not in names:
                    self.rebuild()  # the offer of the computer in their seat goes
            if self.remote.ply != ply:
                self.after(new)  # the opponent's action, shown as it happens
            self.chat.seen()
            self.chat.refresh_label()
        self.anim.update(dt)
        if self.toast is not None:
            text, pos, left = self.toast
            self.toast = (text, pos, left - dt) if left > dt else None
        if self.remote.is_over and not self.forgotten:
            # nothing left to come back to: off the list of games in progress
            from game.net.prefs import OnlinePrefs
            token = self.remote.link.read(lambda c: c.token)
            if token:
                OnlinePrefs.load().forget(token)
            self.forgotten = True
        if self.remote.is_over and (not self.anim.banners
                                    or self.ctx.settings.animation_speed == 0):
            self.app.open(SceneName.ONLINE_END, self)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.chat.handle_key(event):  # typing a line: no hotkey, no board key
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.chat.covers(event.pos):
            super().handle_event(event)  # the panel's own widgets only, never the board
            return
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        """As at the table, but the pause menu is the online one, and there is no saving
        nor loading here (the server keeps the game): what the table's screen opens for
        those is swapped as soon as it is opened."""
        if event.type == pygame.MOUSEBUTTONDOWN and any(
                button.alive() and button.rect.collidepoint(event.pos)
                for button in self.actions):
            return  # a button over the board (the computer's offer): not a hex's click
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION) and \
                self.chat.covers(event.pos):
            self.hover = None  # the chat panel is over the board: no hex under the mouse
            return  # and a click on it is not a click on the board
        before = self.app.scene
        super().on_event(event)
        top = self.app.scene
        if top is before:
            return
        if type(top) is scene_class(SceneName.PAUSE):
            self.app.pop()
            self.app.open(SceneName.ONLINE_PAUSE, self)
        elif is_scene(top, SceneName.SAVE) or is_scene(top, SceneName.LOAD):
            self.app.pop()
            self.say("The server keeps this game: leave it and come back from Play online")

    def leave(self) -> None:
        self.remote.notify = None
        super().leave()
        if self.computer is not None:
            self.computer.close()
            self.computer = None
        self.remote.link.close()  # the game goes on waiting on the server

    def banner(self) -> str:
        """What to say at the top about the connection, if anything."""
        remote = self.remote
        if remote.status == "reconnecting":
            return "Connection lost — reconnecting… (the game waits on the server)"
        if remote.status == "replaced":
            return "This seat was taken up on another window or computer."
        if remote.status != "connected":
            if self.seat is None:
                return "Disconnected from the server: watch the game again from Play online."
            return "Disconnected from the server: come back to this game from Play online."
        if remote.is_over:
            return ""
        if self.seat is None:
            names = " v ".join(remote.names.get(s, f"player {s}") for s in (1, 2))
            return (f"Watching {names} — you see what everybody may see: no hand, no "
                    "secret")
        other = opponent(self.seat)
        name = remote.names.get(other, f"player {other}")
        if other not in remote.names:
            code = remote.link.read(lambda c: c.code)
            return (f"Waiting for your opponent to join — the join code is "
                    f"{spaced_code(code or '')}")
        claim = self.claim_text()
        if other not in remote.connected:
            return (f"{name} has dropped out — the game waits for them to come back "
                    f"(it is kept on the server){claim}")
        if remote.draw_offer == other:
            return f"{name} offers a draw: Esc, then 'Agree a draw' to accept"
        if remote.state.to_act == other:
            return f"{name} is deciding…{claim}"
        return ""

    def claim_text(self) -> str:
        """What the banner adds: that the win may be claimed (Esc: 'Claim the win'), or
        the game's turn clock."""
        if self.seat is None or not self.remote.rules:
            return ""
        if self.claimable():
            return " · their time is out: Esc, then 'Claim the win'"
        minutes = int(self.remote.rules.get("turn_minutes") or 0)
        return f" (turn clock: {minutes} min a decision)" if minutes else ""

    def claimable(self) -> bool:
        """Whether the server would grant a claim now, from what this window knows: the
        other player's turn clock ran out, or they have been gone long enough."""
        remote = self.remote
        if self.seat is None or remote.is_over:
            return False
        other = opponent(self.seat)
        if other not in remote.names:
            return False
        rules = remote.rules
        now = time.monotonic()
        if other not in remote.connected:
            self.gone_since = self.gone_since or now
            after = float(rules.get("claim_after") or 0)
            if after and now - self.gone_since >= after:
                return True
        else:
            self.gone_since = None
        minutes = int(rules.get("turn_minutes") or 0)
        if minutes and remote.state.to_act == other:
            if self.turn_key != remote.ply:
                self.turn_key, self.turn_since = remote.ply, now
            return now - self.turn_since >= minutes * 60
        return False

    def claim_win(self) -> None:
        with self.refusal_said():
            self.after(self.remote.claim_win())

    def hint(self) -> str:
        """The line at the bottom: the table's, on this seat's turn."""
        remote = self.remote
        if self.seat is None:
            if remote.is_over:
                return "The mission is over."
            name = remote.names.get(remote.state.to_act, f"player {remote.state.to_act}")
            return f"{name} is deciding. Esc: stop watching; F4: chat."
        if remote.status != "connected":
            return ("Nothing is lost: if the connection does not come back, leave (Esc) and "
                    "continue this game later from Play online.")
        if not remote.is_over and remote.state.to_act != self.seat:
            name = remote.names.get(opponent(self.seat), f"player {opponent(self.seat)}")
            return f"{name} is deciding: their actions show here as they happen."
        return super().hint()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_banner(surface)
        self.chat.draw(surface)

    def draw_banner(self, surface: pygame.Surface) -> None:
        text = self.banner()
        if not text:
            return
        width = self.hint_bar.width  # over the board, not the panels beside it
        height = self.ctx.px(30)
        strip = pygame.Surface((width, height), pygame.SRCALPHA)
        strip.fill((20, 20, 24, 220))
        top = self.top_bar.bottom
        surface.blit(strip, (0, top))
        colour = GOLD if "deciding" in text else INK
        self.ctx.text(surface, text, 15, (width // 2, top + height // 2), colour,
                      anchor="center", width=width - 40)
