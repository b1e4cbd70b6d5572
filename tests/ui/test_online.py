"""Online play through the screens (offscreen): "Play online" in the menu, host a game on a
server on 127.0.0.1, the opponent joins with the join code, and the whole mission is played
through clicks on the same play screen as at one table, with no hand-over screen and with
the opponent's actions shown as they arrive; the opponent's hand is never drawn."""

from __future__ import annotations

import re
import time

import pygame
import pytest

from game.net.client import seeded_chooser
from game.net.protocol import spaced_code
from game.net.remote import Link
from game.uitest.driver import UNDO, BiasedChooser, Driver
from tests.net.test_remote import ThreadServer
from tests.ui.helpers import at_menu


def wait_for(driver: Driver, done, what: str, seconds: float = 20.0) -> None:
    end = time.monotonic() + seconds
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"waited in vain for {what}")
        driver.confirm_handovers()  # (and whatever the driver clicks away between turns)
        driver.pump([])
        time.sleep(0.01)


@pytest.mark.slow
def test_a_whole_online_game_through_the_screens(make_app, home, tmp_path, catalogue):
    from game.net.prefs import OnlinePrefs
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.online import OnlineScene
    from game.ui.scenes.online_play import OnlinePlayScene

    server = ThreadServer(tmp_path / "games.sqlite3")
    app, driver = at_menu(make_app, 5)
    opponent = Link(server.url, catalogue)
    try:
        driver.click_button("Play online")
        online = app.scene
        assert isinstance(online, OnlineScene)
        online.server_entry.set_text(server.url.removeprefix("ws://"))
        online.name_entry.set_text("Ana")
        driver.click_button("Host a game")
        play = app.scene
        assert isinstance(play, OnlinePlayScene), online.message
        code = play.remote.link.read(lambda c: c.code)
        assert play.banner() == ("Waiting for your opponent to join — the join code is "
                                 f"{spaced_code(code)}")
        # the address and the seat are remembered for next time
        prefs = OnlinePrefs.load()
        assert prefs.server == server.url.removeprefix("ws://") and prefs.name == "Ana"
        assert prefs.games[0]["code"] == code and prefs.games[0]["seat"] == 1

        opponent.connect()
        opponent.run(lambda c: c.join(code, name="Ben"))
        wait_for(driver, lambda: 2 in play.remote.connected, "the opponent's arrival")
        assert play.remote.names[2] == "Ben"

        app.ctx.drawn = []
        leaks: list[str] = []
        chooser, theirs = BiasedChooser(7, undo_percent=8), seeded_chooser(11)
        remote = play.remote
        mine = waiting = 0
        while not remote.is_over:
            assert not any(isinstance(s, HandoverScene) for s in app.stack)
            for card in remote.link.read(lambda c: c.state.get("hands", {}).get("2", [])):
                leaks.append(f"the client holds {card} of player 2")
            if remote.legal_actions():
                # the server deals with fresh randomness, so the chooser's own undos are not
                # certain: the first chance after ten actions is always taken
                undone = driver.done["Undo (button)"] + driver.done["Undo (Ctrl+Z)"]
                if not undone and mine >= 10 and remote.can_undo:
                    driver.perform(UNDO)
                else:
                    driver.perform(chooser.choose(remote))
                mine += 1
            else:
                waiting += play.banner() == "Ben is deciding…"
                before = remote.ply
                wait_for(driver, lambda: opponent.read(lambda link: bool(link.legal)),
                         "the opponent's legal actions")
                opponent.run(lambda c: c.act(theirs(c)))
                wait_for(driver, lambda b=before: remote.ply > b,
                         "the opponent's action on screen")
            # nothing drawn names a card in the opponent's hand
            hand = opponent.read(lambda c: list(c.state["hands"]["2"]))
            drawn = app.ctx.drawn or []
            app.ctx.drawn = []
            for card in hand:
                name = catalogue.targets[card].name
                public = {catalogue.targets[c].name for p in (1, 2)
                          for c in (*remote.state.active_targets[p], *remote.state.completed[p])}
                for text in drawn:
                    if (name not in public and name in text) or re.search(rf"\b{card}\b", text):
                        leaks.append(f"drawn {text!r} names {card}")
        wait_for(driver, lambda: isinstance(app.scene, EndScene), "the end screen")
        assert OnlinePrefs.load().games == []  # a finished game is not offered to come back to
        assert not leaks, leaks[:5]
        assert mine > 20 and waiting > 5
        assert driver.done["Undo (button)"] + driver.done["Undo (Ctrl+Z)"] > 0
        final = opponent.read(lambda c: (c.log, c.winner))
        assert remote.log == final[0] and remote.winner == final[1]
    finally:
        opponent.close()
        play_scene = next((s for s in app.stack if isinstance(s, OnlinePlayScene)), None)
        if play_scene is not None:
            play_scene.remote.link.close()
        server.close()


@pytest.mark.slow
def test_a_lost_connection_is_shown_and_the_game_is_picked_up_again_from_the_menu(
        make_app, home, tmp_path, catalogue):
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.online import OnlineScene
    from game.ui.scenes.online_play import OnlinePlayScene

    db = tmp_path / "games.sqlite3"
    server = ThreadServer(db)
    port = int(server.url.rsplit(":", 1)[1])
    app, driver = at_menu(make_app, 6)
    opponent = Link(server.url, catalogue)
    try:
        driver.click_button("Play online")
        app.scene.server_entry.set_text(server.url)
        driver.click_button("Host a game")
        play = app.scene
        code = play.remote.link.read(lambda c: c.code)
        opponent.connect()
        opponent.run(lambda c: c.join(code, name="Ben"))
        wait_for(driver, lambda: 2 in play.remote.connected, "the opponent's arrival")
        theirs = seeded_chooser(2)
        for _ in range(6):  # a few actions in
            if play.remote.legal_actions():
                driver.perform(BiasedChooser(3, undo_percent=0).choose(play.remote))
            else:
                before = play.remote.ply
                # the opponent's own update may still be on its way: act once it has come
                wait_for(driver, lambda: opponent.read(lambda c: bool(c.legal)),
                         "the opponent's legal actions")
                opponent.run(lambda c: c.act(theirs(c)))
                wait_for(driver, lambda b=before: play.remote.ply > b, "the opponent")
        ply = play.remote.ply
        opponent.close()
        server.close()  # the server goes away
        wait_for(driver, lambda: play.remote.status == "reconnecting", "the lost connection")
        assert play.banner().startswith("Connection lost — reconnecting…")
        assert "continue this game later from Play online" in play.hint()
        driver.key(pygame.K_ESCAPE)
        driver.click_button("Leave the game")
        driver.click_button("Yes")
        assert isinstance(app.scene, MenuScene)
        # the server is back (on its database); the game is picked up from the menu
        server = ThreadServer(db, port)
        driver.click_button("Play online")
        assert isinstance(app.scene, OnlineScene)
        driver.click_button(f"{spaced_code(code)} · Dual Strike · seat 1")
        back = app.scene
        assert isinstance(back, OnlinePlayScene) and back.remote.ply == ply
        assert back.banner() == "Ben has dropped out — the game waits for them to come back " \
            "(it is kept on the server)"
    finally:
        opponent.close()
        for scene in app.stack:
            if isinstance(scene, OnlinePlayScene):
                scene.remote.link.close()
        server.close()


def test_the_host_chooses_the_rule_set_and_the_game_is_hosted_under_it(
        make_app, home, tmp_path, catalogue):
    import pygame_gui

    from game.ui.scenes.online import OnlineScene
    from game.ui.scenes.online_play import OnlinePlayScene

    server = ThreadServer(tmp_path / "games.sqlite3")
    app, driver = at_menu(make_app, 6)
    try:
        driver.click_button("Play online")
        online = app.scene
        assert isinstance(online, OnlineScene)
        missions = catalogue.missions
        assert any(missions[m].pack_rules is not None for m in online.missions)
        online.server_entry.set_text(server.url)
        online.on_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                                           {"ui_element": online.rules_drop,
                                            "text": "One-page skirmish"}))
        # the Kill Team classic pack's missions are not offered under the skirmish rules
        assert online.missions and all(missions[m].pack_rules is None for m in online.missions)
        assert online.server_entry.get_text() == server.url  # the fields survive the rebuild
        driver.click_button("Host a game")
        play = app.scene
        assert isinstance(play, OnlinePlayScene), online.message
        assert str(play.remote.config.rules) == "skirmish"
        assert play.remote.link.read(lambda c: c.spec)["rules"] == "skirmish"
    finally:
        for scene in app.stack:
            if isinstance(scene, OnlinePlayScene):
                scene.remote.link.close()
        server.close()


def test_what_the_server_refuses_is_said_on_the_screen_not_raised():
    from types import SimpleNamespace

    from game.engine import IllegalActionError
    from game.ui.scenes.online_play import OnlinePlayScene

    said: list[str] = []
    with OnlinePlayScene.refusal_said(SimpleNamespace(say=said.append)):  # type: ignore[arg-type]
        raise IllegalActionError("not your turn")
    assert said == ["not your turn"]
    with pytest.raises(ValueError), \
            OnlinePlayScene.refusal_said(SimpleNamespace(say=said.append)):  # type: ignore[arg-type]
        raise ValueError("a fault, not a refusal")
    assert said == ["not your turn"]
