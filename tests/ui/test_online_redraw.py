"""The online play screen wakes up for the server: a window asleep between inputs (0
frames a second asked) takes in and draws the opponent's move as soon as its message
arrives, with no input event; and it shows the hand and deck counts the server sent, and
why the dice seed is not shown while the game runs."""

from __future__ import annotations

import time

import pygame

from game.engine.rulesets import RuleSet
from game.net.client import seeded_chooser
from tests.ui.test_online_chat_watch import table  # noqa: F401 - the fixture

INPUT = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN,
         pygame.KEYUP, pygame.TEXTINPUT, pygame.MOUSEWHEEL)


def wait_link(link, done, what: str) -> None:
    """Wait on the connection's own thread (never on the window) for ``done(client)``."""
    end = time.monotonic() + 20
    while not link.read(done):
        assert time.monotonic() < end, f"waited in vain for {what}"
        time.sleep(0.01)


def test_the_opponents_move_is_drawn_with_no_input_within_a_second(table):  # noqa: F811
    app, driver, play, ben, _code, _server, _links = table
    remote = play.remote
    mine = seeded_chooser(1)
    while remote.state.to_act != 2:  # Ana's decisions first, until it is Ben's
        legal = [str(a) for a in remote.legal_actions()]
        action = next(a for a in remote.legal_actions() if str(a) == mine(
            type("Seat", (), {"legal": legal, "log": list(remote.log)})()))
        play.after(remote.apply(action))
        driver.pump([])
    wait_link(ben, lambda c: c.my_turn, "Ben's turn")
    drawn: list[tuple[float, int, int]] = []
    draw = play.draw

    def drawing(surface):
        drawn.append((time.perf_counter(), remote.ply, len(remote.log)))
        draw(surface)

    play.draw = drawing
    ply = remote.ply
    pygame.event.clear()
    app.awake_until = 0.0  # no input lately: the window is asleep
    app.dirty = False
    assert app.frame_rate() == 0
    theirs = seeded_chooser(2)
    ben.run(lambda c: c.act(theirs(c)))
    wait_link(remote.link, lambda c: c.ply == ply + 1, "Ana's connection to hear of it")
    assert not pygame.event.peek(INPUT)  # nothing a player did
    start = time.perf_counter()
    app.run(until=start + 1.0)
    late = [d for d in drawn if d[1] == ply + 1]
    assert late, "the opponent's move was not drawn"
    assert late[0][0] - start < 1.0
    assert remote.log[-1] == ben.read(lambda c: c.log[-1])


def test_the_screen_shows_the_servers_counts_and_says_why_no_seed(table):  # noqa: F811
    from game.ui.registry import SceneName

    app, driver, play, _ben, _code, _server, _links = table
    view = play.view
    assert view.hand_sizes == tuple(play.remote.link.read(lambda c: c.hand_sizes))
    assert view.deck_size == play.remote.link.read(lambda c: c.deck_size) > 0
    app.ctx.drawn = []
    driver.pump([])
    drawn = " ".join(app.ctx.drawn or [])
    app.ctx.drawn = None
    sizes = view.hand_sizes
    if play.view.config.rules == RuleSet.FIRETEAM:  # a hand of cards to count
        from game.ui.words import count

        assert f"hand: {count(sizes[0], 'card')}" in drawn
        assert f"hand: {count(sizes[1], 'card')}" in drawn
    pause = app.open(SceneName.ONLINE_PAUSE, play)
    assert "stays secret on the server until the mission ends" in pause.message
    assert play.remote.dice.seed is None


def test_the_seats_token_is_rotated_from_the_pause_menu(table, catalogue):  # noqa: F811
    from game.net.client import ServerError
    from game.net.prefs import OnlinePrefs
    from game.net.remote import Link
    from game.ui.registry import SceneName

    app, driver, play, _ben, _code, server, links = table
    link = play.remote.link
    old = link.read(lambda c: c.token)
    prefs = OnlinePrefs.load()
    prefs.remember(link)
    app.open(SceneName.ONLINE_PAUSE, play)
    driver.click_button("New token for this seat")
    new = link.read(lambda c: c.token)
    assert new and new != old
    assert [g["token"] for g in OnlinePrefs.load().games] == [new]
    stranger = Link(server.url, catalogue)
    links.append(stranger)
    stranger.connect()
    try:
        stranger.run(lambda c: c.reconnect(old))
        raise AssertionError("the old token still works")
    except ServerError as error:
        assert error.code == "bad_token"
