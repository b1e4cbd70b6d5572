"""The chat on the online play screen and watching a game from the lobby, offscreen, over a
server on 127.0.0.1: what is drawn (the unread line and count, the chat panel, the
spectator's banner), that no hotkey fires while the chat field has the focus, and that a
spectator is drawn, and is sent, no card of either hand."""

from __future__ import annotations

import json
import re
import time

import pygame
import pytest

from game.engine.state import Step
from game.net.client import seeded_chooser
from game.net.protocol import spaced_code
from game.net.remote import Link, RemoteGame
from game.uitest.driver import Driver
from tests.net.test_remote import ThreadServer
from tests.ui.helpers import at_menu
from tests.ui.test_online import wait_for


def typed(driver: Driver, text: str) -> None:
    """Keys pressed as a keyboard does: each key down (which could be a hotkey), its text,
    and the key up."""
    events = []
    for ch in text:
        key = pygame.key.key_code(ch) if ch != " " else pygame.K_SPACE
        events += [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0),
                   pygame.event.Event(pygame.TEXTINPUT, text=ch),
                   pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=ch, scancode=0)]
    driver.pump(events)


def drawn_after(app, driver: Driver) -> list[str]:
    app.ctx.drawn = []
    driver.pump([])
    out, app.ctx.drawn = app.ctx.drawn or [], None
    return out


def seat_both(ana: Link, ben: Link) -> str:
    """Ana hosts an open Dual Strike game (listed: watched from the lobby) and Ben takes the
    other seat; the game's code."""
    ana.connect()
    ana.run(lambda c: c.create("dual_strike", ("gideon", "deathless_destroyers"),
                               name="Ana", open_=True))
    code = ana.read(lambda c: c.code) or ""
    ben.connect()
    ben.run(lambda c: c.join(code, name="Ben"))
    return code


@pytest.fixture
def table(make_app, home, tmp_path, catalogue):
    """A server, Ana's seat on the play screen (this app), and Ben's seat and a spare link
    (blocking clients)."""
    from game.ui.registry import SceneName

    server = ThreadServer(tmp_path / "games.sqlite3")
    ana, ben = Link(server.url, catalogue), Link(server.url, catalogue)
    links = [ana, ben]
    try:
        code = seat_both(ana, ben)
        app = make_app(3)
        play = app.open(SceneName.ONLINE_PLAY, RemoteGame(ana))
        driver = Driver(app)
        yield app, driver, play, ben, code, server, links
    finally:
        for link in links:
            link.close()
        server.close()


def test_a_chat_line_is_shown_unread_then_in_the_panel_and_answered(table):
    app, driver, play, ben, code, server, links = table
    wait_for(driver, lambda: 2 in play.remote.connected, "Ben")
    assert driver.find_button("Chat") is not None
    ben.run(lambda c: c.say("good luck, have fun"))
    wait_for(driver, lambda: play.remote.chat, "Ben's line")
    drawn = drawn_after(app, driver)
    assert "Ben: good luck, have fun   (F4: chat)" in drawn
    assert driver.find_button("Chat (1)") is not None
    driver.key(pygame.K_F4)  # open: the line is read, the field has the focus
    drawn = drawn_after(app, driver)
    assert "CHAT" in drawn and "Ben: " in drawn and "good luck, have fun" in drawn
    assert not any("(F4: chat)" in t for t in drawn)
    assert driver.find_button("Chat") is not None and play.chat.focused
    assert app.typing()
    # while the field has the focus no hotkey fires: L (plan), T (threat), U (undo), F2
    # (cards), F3 (library), F1 (rules help), Tab, arrows and Delete type or do nothing
    scenes, hover = list(app.stack), play.hover
    typed(driver, "let us play")
    for key in (pygame.K_F2, pygame.K_F3, pygame.K_F1, pygame.K_TAB, pygame.K_LEFT,
                pygame.K_UP, pygame.K_F4):
        driver.key(key)
    assert app.stack == scenes and not play.show_cards and not play.planning
    assert not play.threat_key and play.chat.open and play.hover == hover
    assert play.chat.entry is not None and play.chat.entry.get_text() == "let us play"
    driver.key(pygame.K_RETURN)  # sent; the field is emptied and keeps the focus
    assert play.chat.entry.get_text() == "" and play.chat.focused
    wait_for(driver, lambda: len(play.remote.chat) == 2, "the line back from the server")
    # Ben's copy comes on its own connection: wait for it as well, not only for Ana's
    wait_for(driver, lambda: len(ben.read(lambda c: list(c.chat))) == 2, "Ben's copy")
    heard = ben.read(lambda c: list(c.chat))
    assert heard[-1] == (1, "Ana", "let us play")
    drawn = drawn_after(app, driver)
    assert "Ana: " in drawn and "let us play" in drawn
    driver.key(pygame.K_ESCAPE)  # Esc closes the chat, not the game
    assert app.scene is play and not play.chat.open and not app.typing()
    driver.key(pygame.K_F2)  # hotkeys work again
    assert play.show_cards
    driver.key(pygame.K_ESCAPE)
    driver.key(pygame.K_ESCAPE)  # and Esc opens the pause menu as usual
    assert app.scene is not play


def test_an_empty_line_is_not_sent_and_a_click_on_the_panel_is_not_a_click_on_the_board(
        table):
    app, driver, play, ben, code, server, links = table
    driver.key(pygame.K_F4)
    driver.key(pygame.K_RETURN)
    typed(driver, "   ")
    driver.click_button("Send")
    typed(driver, "ready")
    driver.click_button("Send")
    wait_for(driver, lambda: ben.read(lambda c: list(c.chat)), "the line")
    assert ben.read(lambda c: list(c.chat)) == [(1, "Ana", "ready")]  # only that one
    assert play.chat.rect.width > 0
    driver.click(play.chat.rect.center)
    assert play.hover is None and play.chat.open and play.remote.ply == 0


def test_a_game_being_played_is_watched_from_the_lobby_with_no_secret(
        make_app, home, tmp_path, catalogue):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.online import OnlineScene
    from game.ui.scenes.online_play import OnlinePlayScene

    server = ThreadServer(tmp_path / "games.sqlite3")
    ana, ben = Link(server.url, catalogue), Link(server.url, catalogue)
    app, driver = at_menu(make_app, 4)
    try:
        code = seat_both(ana, ben)
        choosers = {1: (ana, seeded_chooser(1)), 2: (ben, seeded_chooser(2))}

        def play_some(n: int) -> int:
            """n more actions, each by the seat whose decision it is; returns the ply."""
            target = ana.read(lambda c: c.ply) + n
            deadline = time.monotonic() + 60
            while min(link.read(lambda c: c.ply) for link in (ana, ben)) < target:
                assert time.monotonic() < deadline, "the scripted seats stalled"
                plies = [link.read(lambda c: c.ply) for link in (ana, ben)]
                for link, choose in choosers.values():
                    if plies[0] == plies[1] and link.read(lambda c: c.my_turn) and \
                            plies[0] < target:
                        link.run(lambda c, ch=choose: c.act(ch(c)))
                        break
                else:
                    time.sleep(0.01)
            return target

        play_some(8)  # the hands are dealt: secrets to keep
        driver.click_button("Play online")
        lobby = app.scene
        assert isinstance(lobby, OnlineScene)
        lobby.server_entry.set_text(server.url.removeprefix("ws://"))
        driver.click_button("Refresh")
        drawn = drawn_after(app, driver)
        assert "Being played (watch)" in drawn
        driver.click_button(f"Watch {spaced_code(code)} · Dual Strike · Ana v Ben")
        watch = app.scene
        assert isinstance(watch, OnlinePlayScene) and watch.seat is None
        assert app.ctx.names[1] == "Ana" and app.ctx.names[2] == "Ben"
        watch.remote.link.read(lambda c: setattr(c, "received", []))
        ply = play_some(30)
        wait_for(driver, lambda: watch.remote.ply == ply, "the game on screen")
        drawn = drawn_after(app, driver)
        assert "Watching Ana v Ben — you see what everybody may see: no hand, no secret" \
            in drawn
        # nothing to act with: only the screen's own buttons
        def labels() -> set[str]:
            return {re.sub(r" \[.*\]$", "", label) for label, _ in driver.clickables()
                    if not label.startswith("hex ")}
        assert labels() <= {"Chat", "Library", "Cards"}, labels()
        # ... in an activation step too, where a seat is offered "Next operative"
        while watch.remote.state.step != Step.ACTIVATE:
            ply = play_some(1)
            wait_for(driver, lambda p=ply: watch.remote.ply == p, "the game on screen")
        drawn_after(app, driver)
        assert labels() <= {"Chat", "Library", "Cards"}, labels()
        assert watch.chooser.candidates == () and not watch.remote.legal_actions()
        # no card of either hand drawn, held or sent
        hands = {s: ana.read(lambda c: list(c.state["hands"]["1"])) if s == 1 else
                 ben.read(lambda c: list(c.state["hands"]["2"])) for s in (1, 2)}
        public = {c for p in (1, 2) for c in (*watch.remote.state.active_targets[p],
                                              *watch.remote.state.completed[p],
                                              *watch.remote.state.discard)}
        secret = {c for hand in hands.values() for c in hand} - public
        assert secret, "the test needs a hand to keep secret"
        received = watch.remote.link.read(lambda c: list(c.received or []))
        assert received and not any(card in text for card in secret for text in received)
        for text in received:
            message = json.loads(text)
            if message["type"] == "update":
                assert message["delta"]["state"]["hands"] == {"1": [], "2": []}
        names = {catalogue.targets[c].name for c in secret} - {
            catalogue.targets[c].name for c in public}
        assert not [t for t in drawn if any(n in t for n in names)]
        assert all(card.startswith("(hidden)") for p in (1, 2)
                   for card in watch.remote.state.hands[p])
        # the spectator's pause menu has nothing to agree or concede
        driver.key(pygame.K_ESCAPE)
        buttons = {re.sub(r" \[.*\]$", "", label) for label, _ in driver.clickables()}
        assert "Stop watching" in buttons and not any("draw" in b or "concede" in b
                                                      for b in buttons)
        driver.click_button("Stop watching")
        assert isinstance(app.scene, MenuScene)
    finally:
        for scene in app.stack:
            if isinstance(scene, OnlinePlayScene):
                scene.remote.link.close()
        ana.close()
        ben.close()
        server.close()


def test_a_watched_game_is_not_offered_to_come_back_to(make_app, home, tmp_path, catalogue):
    from game.net.prefs import OnlinePrefs

    server = ThreadServer(tmp_path / "games.sqlite3")
    ana, watcher = Link(server.url, catalogue), Link(server.url, catalogue)
    try:
        ana.connect()
        ana.run(lambda c: c.create("dual_strike", ("gideon", "deathless_destroyers")))
        watcher.connect()
        watcher.run(lambda c: c.spectate(ana.read(lambda a: a.code) or ""))
        prefs = OnlinePrefs.load()
        prefs.remember(watcher)
        assert OnlinePrefs.load().games == []
        assert RemoteGame(watcher).seat is None
    finally:
        ana.close()
        watcher.close()
        server.close()


def test_the_computer_takes_the_other_seat_from_the_play_screen(
        make_app, home, tmp_path, catalogue):
    from game.engine.actions import AgreeResult, Concede
    from game.ui.registry import SceneName

    server = ThreadServer(tmp_path / "games.sqlite3")
    ana = Link(server.url, catalogue)
    app = make_app(5)
    play = None
    try:
        ana.connect()
        ana.run(lambda c: c.create("dual_strike", ("gideon", "deathless_destroyers"),
                                   name="Ana", open_=True))  # listed: watched from the lobby
        play = app.open(SceneName.ONLINE_PLAY, RemoteGame(ana))
        driver = Driver(app)
        assert play.banner().startswith("Waiting for your opponent to join")
        driver.click_button("Let the computer take the other seat")
        assert play.computer is not None, play.toast
        wait_for(driver, lambda: play.remote.names.get(2) == "Computer (normal)",
                 "the computer in seat 2")
        assert driver.find_button("Let the computer take the other seat") is None
        mine = 0
        while mine < 6:  # both seats play: the computer answers by itself
            legal = [a for a in play.remote.legal_actions()
                     if not isinstance(a, (Concede, AgreeResult))]
            if legal:
                play.act(legal[0])  # as the chooser's last click does
                mine += 1
            else:
                before = play.remote.ply
                wait_for(driver, lambda b=before: play.remote.ply > b or
                         play.remote.legal_actions(), "the computer's action")
        log = play.remote.log
        assert any(line.startswith("2 ") for line in log) and \
            any(line.startswith("1 ") for line in log)
    finally:
        if play is not None and play.computer is not None:
            play.computer.close()
        ana.close()
        server.close()
