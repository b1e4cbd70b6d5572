"""Every way into a game against the computer keeps the computer in its seat, at its level,
under the same rule set and mission pack: a new game, the resume after an unclean exit, a
loaded save, "Play again" and a campaign mission (game/services/game_setup.py carries how the game
was set up). A save older than the record asks who played before it opens."""

from __future__ import annotations

import pygame
import pytest

from game.ai.random_player import RandomPlayer
from game.engine import Concede
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.services import userdata
from game.services.game_setup import GameSetup
from game.services.saves import read_setup, save_game
from game.ui import session
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from tests.ui.helpers import at_menu

TEAMS = ("gideon", "deathless_destroyers")
# (mission, rule set): the Fireteam pack, the Kill Team classic pack, the skirmish rules
GAMES = [("dual_strike", "fireteam"), ("kt_supply_drop", "fireteam"),
         ("dual_strike", "skirmish")]


def with_services(app) -> None:
    """The autosave and its journal of a real run (into the test's data folder)."""
    app.ctx.services.autosave = session.safe_autosave
    app.ctx.services.journal = session.safe_journal


def the_play_screen(app) -> PlayScene:
    scene = app.scene
    assert isinstance(scene, PlayScene), type(scene).__name__
    return scene


def assert_computer_plays(app, scene: PlayScene, seat: int, level: str, mission: str,
                          rules: str) -> None:
    """The play screen has ``seat`` played by the computer at ``level`` under ``rules`` on
    ``mission``; then, with the person's decisions made at random, the computer makes one of
    its own through the screen's frames and no hand-over screen ever comes up."""
    game = scene.game
    assert scene.setup.seats[seat] == level and scene.seats[seat] == level
    assert scene.seats[3 - seat] == "human"
    assert set(scene.computers) == {seat} and scene.computers[seat].level == level
    assert str(game.rules) == rules and game.config.mission.id == mission
    assert scene.setup.pack == game.config.mission.pack
    person = RandomPlayer(3)
    before = sum(1 for line in game.log if line.startswith(f"{seat} "))
    for _ in range(3000):
        assert not isinstance(app.scene, HandoverScene)
        if game.is_over or sum(1 for line in game.log if line.startswith(f"{seat} ")) > before:
            break
        if app.scene is not scene:  # a turning point's summary: dismissed
            app.pop()
            continue
        if scene.swapped is not None:  # the person's new cards, seen
            scene.swap_seen()
        elif scene.held is not None:  # the person's attack seen: a click goes on
            scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE,
                                                  mod=0, unicode=" ", scancode=0))
        elif game.state.to_act == seat:
            app.frame([])
        else:
            scene.act(person.choose(game))
    assert sum(1 for line in game.log if line.startswith(f"{seat} ")) > before, \
        "the computer never played its seat"


def played_a_little(app, scene: PlayScene, actions: int = 6) -> None:
    """A few decisions of the person (and the computer's, through frames)."""
    person = RandomPlayer(8)
    game = scene.game
    for _ in range(400):
        if len(game.log) >= actions or game.is_over:
            return
        if app.scene is not scene:
            app.pop()
        elif scene.swapped is not None:
            scene.swap_seen()
        elif scene.held is not None:
            scene.held = None
        elif game.state.to_act in scene.computers:
            app.frame([])
        else:
            scene.act(person.choose(game))


def started(make_app, catalogue, seed: int, mission: str, rules: str,
            seats: dict[int, str], services: bool = False):
    """A window at the menu, then the play screen of a new game (a few decisions in)."""
    app = make_app(seed)
    if services:
        with_services(app)
    app.push(MenuScene(app))
    game = Game.new(catalogue, mission, TEAMS, RandomDice(seed), rules=rules)
    scene = PlayScene(app, game, seats)
    app.push(scene)
    played_a_little(app, scene)
    return app, scene


def resumed_in_a_new_window(make_app, catalogue, seed: int) -> tuple[object, PlayScene]:
    """The window went without a clean exit (its crash marker left behind); a new one
    resumes the last game from its menu."""
    userdata.write_crash_marker()
    path = userdata.resume_available(catalogue)
    assert path is not None
    again = make_app(seed)
    with_services(again)
    again.ctx.services.resume = path
    menu = MenuScene(again)
    again.push(menu)
    menu.resume_last()
    return again, the_play_screen(again)


@pytest.mark.parametrize(("mission", "rules"), GAMES)
def test_a_new_game_against_the_computer(make_app, home, mission, rules):
    from game.ui.scenes.newgame import NewGameScene

    app = make_app(11)
    app.push(MenuScene(app))
    choose = NewGameScene(app)
    app.push(choose)
    choose.set_rules(rules)
    choose.mission = mission
    choose.seats[2] = "hard"
    choose.start()
    assert_computer_plays(app, the_play_screen(app), 2, "hard", mission, rules)


@pytest.mark.parametrize(("mission", "rules"), GAMES)
def test_the_resume_after_an_unclean_exit(make_app, catalogue, home, mission, rules):
    _, scene = started(make_app, catalogue, 12, mission, rules, {1: "easy", 2: "human"},
                       services=True)
    played = list(scene.game.log)
    again, resumed = resumed_in_a_new_window(make_app, catalogue, 13)
    assert resumed.game.log == played  # to the last completed action (the journal)
    assert_computer_plays(again, resumed, 1, "easy", mission, rules)


@pytest.mark.parametrize(("mission", "rules"), GAMES)
def test_a_loaded_save(make_app, catalogue, home, mission, rules):
    from game.ui.scenes.load import LoadScene, SaveScene

    app, scene = started(make_app, catalogue, 14, mission, rules, {1: "human", 2: "normal"})
    game = scene.game
    saving = SaveScene(app, game, setup=scene.setup)
    app.push(saving)
    saving.entry.set_text("evening")
    assert saving.save() is not None
    record = read_setup(userdata.save_path("evening"))
    assert record is not None and record.seats == {1: "human", 2: "normal"}
    # another window, with other names and no computer, loads it from the menu
    other = make_app(15)
    other.ctx.names = {1: "Somebody", 2: "Else"}
    menu = MenuScene(other)
    other.push(menu)
    menu.choose("load")
    load = other.scene
    assert isinstance(load, LoadScene)
    assert load.load_path(userdata.save_path("evening"))
    loaded = the_play_screen(other)
    assert loaded.game.log == game.log
    assert other.ctx.names == scene.setup.names
    assert_computer_plays(other, loaded, 2, "normal", mission, rules)


def test_load_from_the_pause_menu_keeps_the_seats(make_app, catalogue, home):
    from game.ui.scenes.pause import PauseScene

    app = make_app(16)
    app.push(MenuScene(app))
    game = Game.new(catalogue, "kt_supply_drop", TEAMS, RandomDice(16))
    save_game(game, userdata.save_path("kt"),
              setup=GameSetup.of(game, {1: "hard", 2: "human"}, {1: "Ada", 2: "Bo"}))
    scene = PlayScene(app, Game.new(catalogue, "dual_strike", TEAMS, RandomDice(1)))
    app.push(scene)
    pause = PauseScene(app, scene)
    app.push(pause)
    pause.load()
    assert app.scene.load_path(userdata.save_path("kt"))
    assert_computer_plays(app, the_play_screen(app), 1, "hard", "kt_supply_drop", "fireteam")


@pytest.mark.parametrize(("mission", "rules"), GAMES)
def test_play_again(make_app, catalogue, home, mission, rules):
    from game.ui.scenes.end import EndScene

    app, scene = started(make_app, catalogue, 17, mission, rules, {1: "human", 2: "easy"})
    game = scene.game
    scene.after(game.apply(Concede(1)))
    app.frame([])
    end = app.scene
    assert isinstance(end, EndScene)
    end.again()
    fresh = the_play_screen(app)
    assert fresh.game is not game and not fresh.game.is_over
    assert_computer_plays(app, fresh, 2, "easy", mission, rules)


def test_a_campaign_mission_and_its_resume(make_app, home):
    from game.ui.scenes.campaign import CampaignScene, campaign_store

    app = make_app(18)
    with_services(app)
    store = campaign_store(app)
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=6,
                                  seats={1: "human", 2: "computer"}, levels={2: "hard"})
    app.push(MenuScene(app))
    chosen = CampaignScene(app, campaign)
    app.push(chosen)
    chosen.play()
    scene = the_play_screen(app)
    assert scene.setup.campaign is not None and scene.setup.campaign.id == campaign.id
    mission = scene.game.config.mission.id
    played_a_little(app, scene)
    again, resumed = resumed_in_a_new_window(make_app, app.ctx.catalogue, 19)
    assert resumed.setup.campaign == scene.setup.campaign
    assert resumed.game.config.spec.get("campaign_ref") == {"id": campaign.id, "number": 1}
    assert_computer_plays(again, resumed, 2, "hard", mission, "fireteam")


def test_an_old_campaign_save_takes_its_campaigns_seats(make_app, home):
    """A save written before the record: a campaign mission's seats come from its
    campaign, nothing is asked."""
    from game.ui.scenes.campaign import campaign_store

    app = make_app(20)
    store = campaign_store(app)
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=6,
                                  seats={1: "computer", 2: "human"}, levels={1: "easy"})
    game = campaign.next_game()
    save_game(game, userdata.save_path("old"), {1: "Ann", 2: "Bob"})  # no record
    setup, notes = session.setup_of_save(userdata.save_path("old"), game, app.ctx.catalogue,
                                         app.ctx.services)
    assert not setup.inferred and notes == []
    assert setup.seats == {1: "easy", 2: "human"} and setup.names == {1: "Ann", 2: "Bob"}


def test_an_old_save_asks_who_played(make_app, catalogue, home):
    from game.ui.scenes.seats import SeatsScene

    app = make_app(21)
    game = Game.new(catalogue, "dual_strike", TEAMS, RandomDice(21))
    save_game(game, userdata.save_path("old"), {1: "Ann", 2: "Bob"})  # no record
    menu = MenuScene(app)
    app.push(menu)
    menu.choose("load")
    assert app.scene.load_path(userdata.save_path("old"))
    ask = app.scene
    assert isinstance(ask, SeatsScene)
    app.frame([])
    assert any(name.startswith("Bob: a person at this screen") for name, _ in ask.clickables())
    for _ in range(3):  # person -> easy -> normal -> hard
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_2, mod=0,
                                             unicode="2", scancode=0))
        app.frame()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    app.frame()
    assert_computer_plays(app, the_play_screen(app), 2, "hard", "dual_strike", "fireteam")


def test_a_damaged_record_is_named_and_asked_again(catalogue, home, tmp_path):
    import json

    game = Game.new(catalogue, "dual_strike", TEAMS, RandomDice(1))
    path = tmp_path / "save.json"
    save_game(game, path, setup=GameSetup.of(game, {1: "human", 2: "hard"}))
    data = json.loads(path.read_text("utf-8"))
    data["setup"]["seats"]["2"] = "grandmaster"
    path.write_text(json.dumps(data), "utf-8")
    setup, notes = session.setup_of_save(path, game, catalogue)
    assert setup.inferred
    assert len(notes) == 1 and "setup.seats.2" in notes[0] and str(path) in notes[0]
    # a record of another game is not taken either
    other = Game.new(catalogue, "power_up", TEAMS, RandomDice(1))
    save_game(game, path, setup=GameSetup.of(other, {1: "human", 2: "hard"}))
    setup, notes = session.setup_of_save(path, game, catalogue)
    assert setup.inferred and "mission" in notes[0]


def test_the_record_round_trips_and_names_bad_keys(catalogue):
    from game.services.game_setup import CampaignLink, OnlineLink, SetupError

    game = Game.new(catalogue, "kt_supply_drop", TEAMS, RandomDice(1), rules="fireteam")
    setup = GameSetup.of(game, {1: "human", 2: "normal"}, {1: "Ada", 2: "Bo"},
                         online=OnlineLink("ws://127.0.0.1:1", "ABCDEF", 1))
    assert setup.pack == "kill_team" and setup.fireteams == TEAMS
    assert GameSetup.from_dict(setup.to_dict()) == setup
    linked = GameSetup(campaign=CampaignLink("c1", 2), mission="x", fireteams=("a", "b"))
    assert GameSetup.from_dict(linked.to_dict()).campaign == CampaignLink("c1", 2)
    for key, value, named in [("version", 9, "setup.version"),
                              ("names", {"1": "A"}, "setup.names"),
                              ("fireteams", ["a"], "setup.fireteams"),
                              ("campaign", {"id": 3}, "setup.campaign"),
                              ("online", {"server": "x"}, "setup.online")]:
        data = setup.to_dict()
        data[key] = value
        with pytest.raises(SetupError, match=named):
            GameSetup.from_dict(data)
    assert setup.seat_words(2) == "Bo (computer, normal)" and setup.seat_words(1) == "Ada"


def test_an_online_game_against_the_computer(make_app, home, tmp_path):
    """Hosted on a server on 127.0.0.1, the computer asked to take the other seat: the
    record links the game to its server, code and seat and names the computer's seat; the
    computer then plays its seat (through the server) while this screen plays the other."""
    import time

    from game.ui.scenes.online_play import OnlinePlayScene
    from game.uitest.driver import BiasedChooser
    from tests.net.test_remote import ThreadServer

    server = ThreadServer(tmp_path / "games.sqlite3")
    app, driver = at_menu(make_app, 22)
    try:
        driver.click_button("Play online")
        app.scene.server_entry.set_text(server.url)
        driver.click_button("Host a game")
        play = app.scene
        assert isinstance(play, OnlinePlayScene)
        code = play.remote.link.read(lambda c: c.code)
        assert play.setup.online is not None and play.setup.online.code == code
        assert play.setup.online.seat == 1 and play.setup.online.server == server.url
        play.invite_computer()
        assert play.setup.seats == {1: "human", 2: "normal"}
        remote, mine = play.remote, BiasedChooser(4, undo_percent=0)
        end = time.monotonic() + 60
        while not any(line.startswith("2 ") for line in remote.log):
            assert time.monotonic() < end, "the computer never played its seat"
            if play.swapped is not None:
                play.swap_seen()
            choice = mine.choose(remote) if remote.legal_actions() else None
            if choice is not None and not isinstance(choice, str):
                before = remote.ply
                play.act(choice)  # sent to the server: it comes back in a later frame
                while remote.ply == before and time.monotonic() < end:
                    driver.pump([])
                    time.sleep(0.01)
            driver.pump([])
            time.sleep(0.01)
    finally:
        for scene in app.stack:
            if isinstance(scene, OnlinePlayScene):
                if scene.computer is not None:
                    scene.computer.close()
                scene.remote.link.close()
        server.close()
