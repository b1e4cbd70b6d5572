"""What a newcomer met (issue 17): a concession made by the person at the screen, whoever is
to act; text fields that keep every key to themselves."""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game.engine.events import Conceded, MissionEnded, ResultAgreed
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.play import PlayScene
from tests.ui.helpers import midgame, open_editor


def press(app, k: int, text: str = "") -> None:
    events = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)]
    if text:
        events.append(pygame.event.Event(pygame.TEXTINPUT, text=text))
    events.append(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))
    app.frame(events)


def type_text(app, text: str) -> None:
    for char in text:
        k = pygame.K_SPACE if char == " " else ord(char.lower())
        press(app, k, char)
    app.frame()  # the widgets' own events (text changed) from the queue


def paused_game(make_app, catalogue, seats_of):
    """A mid-game play screen with Alice and Bob, seats as ``seats_of(to_act)`` says, and
    the pause menu open over it."""
    app = make_app(3)
    app.ctx.names = {1: "Alice", 2: "Bob"}
    app.push(MenuScene(app))
    game = midgame(catalogue)
    scene = PlayScene(app, game, seats_of(game.state.to_act))
    app.push(scene)
    app.push(PauseScene(app, scene))
    app.ctx.drawn = []
    app.frame([])
    return app, scene, game.state.to_act


def labels(app) -> list[str]:
    return [text for text, _ in app.scene.clickables()]


def test_a_concession_during_the_computers_turn_is_the_humans(make_app, catalogue):
    # the computer is to act: the person at the screen still concedes for themself
    app, scene, computer = paused_game(make_app, catalogue,
                                       lambda to_act: {to_act: "easy", 3 - to_act: "human"})
    human = 3 - computer
    name = app.ctx.names[human]
    assert any(t.startswith(f"{name} concedes") for t in labels(app))
    assert not any("draw" in t for t in labels(app))  # a computer cannot agree a draw
    press(app, pygame.K_c)
    assert any(f"{name}: concede the mission to {app.ctx.names[computer]}?" in t
               for t in app.ctx.drawn)
    press(app, pygame.K_y)
    events = scene.game.events
    assert Conceded(human) in events
    ended = next(e for e in reversed(events) if isinstance(e, MissionEnded))
    assert ended.winner == computer and ended.reason == "concession"


def test_in_hot_seat_the_player_whose_screen_it_is_offers_the_draw(make_app, catalogue):
    app, scene, to_act = paused_game(make_app, catalogue,
                                     lambda to_act: {1: "human", 2: "human"})
    name = app.ctx.names[to_act]
    assert any(t.startswith(f"{name} concedes") for t in labels(app))
    assert any(t.startswith(f"{name} offers a draw") for t in labels(app))
    press(app, pygame.K_d)
    press(app, pygame.K_y)
    assert ResultAgreed(to_act, 0) in scene.game.events
    assert scene.game.is_over


def test_two_computers_offer_no_concession(make_app, catalogue):
    app, _, _ = paused_game(make_app, catalogue, lambda to_act: {1: "easy", 2: "easy"})
    assert not any("concedes" in t or "draw" in t for t in labels(app))


def test_typing_a_name_in_the_editor_sets_off_no_hotkey(make_app, catalogue):
    from game.services.userdata import data_folder
    app, editor = open_editor(make_app, catalogue, over_menu=True)
    folder = data_folder() / "missions"
    before = sorted(folder.glob("*.yaml")) if folder.exists() else []
    side, objectives = editor.draft.killzone, dict(editor.draft.objectives)
    editor.name_entry.set_text("")
    editor.name_entry.focus()
    type_text(app, "Newcomer Crossing 123")  # O: other side, M: mirror, S: save, 1-3: tools
    assert editor.name_entry.get_text() == "Newcomer Crossing 123"
    assert editor.draft.name == "Newcomer Crossing 123"
    assert editor.draft.killzone == side and editor.draft.objectives == objectives
    assert editor.tool == "objective"
    assert (sorted(folder.glob("*.yaml")) if folder.exists() else []) == before
    press(app, pygame.K_ESCAPE)  # leaves the field, not the editor
    assert app.scene is editor and not editor.name_entry.is_focused
    press(app, pygame.K_m, "m")  # now M is the mirror again
    assert editor.draft.symmetric(catalogue)


def test_the_key_that_opens_the_save_box_is_not_typed_into_it(make_app, catalogue):
    from game.ui.scenes.load import SaveScene, default_save_name

    app, scene, _ = paused_game(make_app, catalogue, lambda to_act: {1: "human", 2: "human"})
    press(app, pygame.K_s, "s")  # the pause menu's Save hotkey
    box = app.scene
    assert isinstance(box, SaveScene)
    assert box.entry is not None and box.entry.get_text() == default_save_name(scene.game)
    type_text(app, "qs")  # Q and S are hotkeys elsewhere: here they are only text
    assert box.entry.get_text() == default_save_name(scene.game) + "qs"
    assert app.scene is box


def test_the_editor_never_says_not_saved_beside_loads_cleanly(make_app, catalogue):
    app, editor = open_editor(make_app, catalogue, over_menu=True)
    editor.draft.objectives["obj9"] = "A1"  # off the playable ground or blocked: refused
    editor.check()
    if editor.mission is None:
        assert editor.save() is None and editor.notice.startswith("Not saved")
    editor.draft.objectives.pop("obj9")
    editor.check()
    assert editor.mission is not None and editor.notice == ""
    app.ctx.drawn = []
    app.frame([])
    assert not any(t.startswith("Not saved") for t in app.ctx.drawn)


# --- the campaign screen ------------------------------------------------------------------

def own_mission_app(make_app, catalogue, home):
    """An app whose catalogue holds one of the players' own missions besides the cards."""
    import dataclasses

    from game.services.own_missions import OwnMissions

    app = make_app(4)
    own = dataclasses.replace(catalogue.missions["dual_strike"], id="own_yard", name="Yard")
    app.ctx.catalogue = dataclasses.replace(
        catalogue, missions={**catalogue.missions, "own_yard": own})
    app.ctx.services.own_missions = OwnMissions(app.ctx.catalogue, ("own_yard",), ())
    return app


def campaign_list(app):
    """The campaigns screen over the menu, with the profiles Alice and Bob, drawn once."""
    from game.ui.scenes.campaign import CampaignListScene, campaign_store

    store = campaign_store(app)
    store.add_profile("Alice")
    store.add_profile("Bob")
    app.push(MenuScene(app))
    listing = CampaignListScene(app)
    app.push(listing)
    app.frame([])
    return listing


def test_a_computer_player_of_a_campaign_plays_at_the_level_chosen(make_app, catalogue, home):
    import pygame_gui

    from game.ui.scenes.campaign import CampaignScene

    app = make_app(4)
    listing = campaign_list(app)
    drop = listing.drops[("seat", 2)]
    app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop,
                                  text="the computer, hard")])
    listing.start()
    scene = app.scene
    assert isinstance(scene, CampaignScene)
    assert scene.campaign.players[2]["seat"] == "computer"
    assert scene.campaign.level(2) == "hard"
    app.ctx.drawn = []
    app.frame([])
    assert any("played by the computer, hard" in t for t in app.ctx.drawn)
    scene.play()
    assert isinstance(app.scene, PlayScene) and app.scene.seats == {1: "human", 2: "hard"}


def test_the_campaign_screen_shows_special_operations_and_honours(make_app, catalogue, home):
    from game.engine.actions import AgreeResult
    from game.ui.scenes.campaign import CampaignScene, campaign_store, record_campaign_game

    app = make_app(4)
    store = campaign_store(app)
    alice, bob = store.add_profile("Alice"), store.add_profile("Bob")
    campaign = store.new_campaign({1: alice, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=4)
    app.push(MenuScene(app))
    scene = CampaignScene(app, campaign)
    app.push(scene)
    first = catalogue.special_operations["gideon_first"]
    app.ctx.drawn = []
    app.frame([])
    drawn = " ".join(app.ctx.drawn)
    assert f"First: {first.name}" in drawn and "Final: " in drawn
    for part in ("Battle Honours", "Command Assets", "none yet"):
        assert part in drawn
    # Alice wins the first mission, then her first special operation
    for _ in range(2):
        game = app.scene.campaign.next_game()
        game.apply(AgreeResult(game.to_act, 1))
        record_campaign_game(app, game)
        scene.resume()
    pend = scene.campaign.pending
    assert pend is not None
    scene.pick(pend["options"][0])
    app.ctx.drawn = []
    app.frame([])
    drawn = " ".join(app.ctx.drawn)
    assert f"✓ First: {first.name} (won)" in drawn
    second = catalogue.special_operations["gideon_second"]
    assert f"→ Second: {second.name} (next)" in drawn
    assert second.text.split()[0] in drawn  # the next card's text is shown
    assert first.reward.name in drawn and first.reward.text.split()[0] in drawn
    assert "Assault Intercessor" in drawn and "intercessor1" not in drawn


def test_the_random_mission_is_drawn_from_the_mission_cards_unless_own_are_added(
        make_app, catalogue, home):

    app = own_mission_app(make_app, catalogue, home)
    listing = campaign_list(app)
    assert "own_yard" not in listing.mission_pool()
    listing.start()
    campaign = app.scene.campaign
    assert campaign.mission_pool() == sorted(catalogue.missions)
    for _ in range(40):  # many draws: never the players' own mission
        campaign._set_next("mission", 0)
        assert campaign.next["mission"] != "own_yard"
    app.pop()
    listing.toggle_own()  # the players choose to add their own
    assert any(t.startswith("✓ Add our own missions") for t, _ in listing.clickables())
    listing.start()
    assert "own_yard" in app.scene.campaign.mission_pool()


# --- own missions -------------------------------------------------------------------------

def test_every_broken_own_mission_is_named_with_its_line_when_the_list_opens(
        make_app, catalogue, home):
    from game.services.own_missions import load_own_missions
    from game.services.userdata import data_folder
    from game.ui.scenes.newgame import NewGameScene

    folder = data_folder() / "missions"
    folder.mkdir(parents=True, exist_ok=True)
    app = make_app()
    app.ctx.services.own_missions = load_own_missions(catalogue, folder)  # at the start
    app.push(MenuScene(app))
    # added while the game runs: two broken files and a good one
    (folder / "first_bad.yaml").write_text("id: [\n", "utf-8")
    (folder / "second_bad.yaml").write_text("id: x\nname: X\n", "utf-8")
    source = (Path(__file__).resolve().parents[2] / "missions" / "dual_strike.yaml")
    good = source.read_text("utf-8").replace("id: dual_strike", "id: own_late", 1)
    (folder / "late.yaml").write_text(good.replace("name: Dual Strike", "name: Late", 1),
                                      "utf-8")
    scene = NewGameScene(app)
    app.push(scene)
    app.ctx.drawn = []
    app.frame([])
    shown = " ".join(app.ctx.drawn)
    assert "own_late" in scene.missions
    assert re.search(r"first_bad\.yaml:\d+", shown) and re.search(r"second_bad\.yaml:\d+",
                                                                    shown)
    assert "more)" not in shown
    # mended: the next time the list is opened it is in, and no longer named as broken
    (folder / "first_bad.yaml").write_text(good.replace("id: dual_strike", "id: own_fixed")
                                           .replace("id: own_late", "id: own_fixed"), "utf-8")
    app.pop()
    scene = NewGameScene(app)
    app.push(scene)
    assert "own_fixed" in scene.missions
    assert [name for name, _ in scene.broken] == ["second_bad.yaml"]


# --- the deployment sandbox ----------------------------------------------------------------

def test_the_sandbox_places_only_in_territory_unique_operatives_once_and_says_what_goes(
        make_app, catalogue):
    from game.ui.scenes.visualizer import VisualizerScene

    app = make_app()
    app.push(MenuScene(app))
    scene = VisualizerScene(app, mission="dual_strike")
    app.push(scene)
    app.frame([])
    s = scene.study
    s.tool = "deploy"
    scene.team = "gideon"
    scene.card = "assault_intercessor_sergeant"  # one in the fireteam: unique
    mission = catalogue.missions["dual_strike"]
    zone = sorted(mission.territories[1])
    other = sorted(mission.territories[2])
    scene.click("H6")  # the middle of the killzone: no territory
    assert not s.placed and "not open" in scene.notice
    scene.click(zone[0])
    assert s.placed == {zone[0]: (1, "assault_intercessor_sergeant")}
    scene.click(zone[1])  # the same unique operative again
    assert len(s.placed) == 1 and "only 1" in scene.notice
    scene.card = "assault_intercessor"  # four of them
    scene.click(other[0])  # player 1 has taken the other territory already
    assert len(s.placed) == 1
    for h in zone[1:5]:
        scene.click(h)
    assert len(s.placed) == 5
    scene.click(zone[6])  # a fifth Assault Intercessor: the fireteam has four
    assert len(s.placed) == 5 and "only 4" in scene.notice
    scene.swap_player()
    scene.click(zone[7])  # player 2: not in player 1's territory
    assert len(s.placed) == 5
    scene.click(other[0])
    assert s.placed[other[0]] == (2, "assault_intercessor")


def test_switching_sides_in_the_sandbox_says_which_operatives_come_off(make_app, catalogue):
    from game.ui.scenes.visualizer import VisualizerScene
    from game.ui.visualize import mission_config, other_side

    mission = catalogue.missions["dual_strike"]
    side = other_side(catalogue, mission.killzone)
    blocked = mission_config(catalogue, mission, side).grid.blocked
    here = mission_config(catalogue, mission).grid.blocked
    # an operative standing where the other side has a wall (a layout of one's own may
    # have its territory there)
    spot = next(h for h in sorted(blocked) if h not in here)
    app = make_app()
    app.push(MenuScene(app))
    scene = VisualizerScene(app, mission=mission.id)
    app.push(scene)
    app.frame([])
    s = scene.study
    s.placed[spot] = (1, "assault_intercessor")
    scene.toggle_side()
    assert spot not in s.placed
    assert "Taken off" in scene.notice and spot in scene.notice
    assert "Assault Intercessor" in scene.notice


# --- small things ---------------------------------------------------------------------------

def test_f3_opens_the_card_library_from_the_main_menu(make_app):
    from game.ui.scenes.cards import CardBrowserScene

    app = make_app()
    app.push(MenuScene(app))
    press(app, pygame.K_F3)
    assert isinstance(app.scene, CardBrowserScene)


def test_the_end_screens_buttons_hold_their_labels(make_app, catalogue, home):
    from game.ui.scenes.end import EndScene

    app = make_app()
    app.push(MenuScene(app))
    game = midgame(catalogue)
    game.apply(next(a for a in game.legal_actions() if type(a).__name__ == "Concede"))
    scene = PlayScene(app, game)
    app.push(scene)
    end = EndScene(app, scene)
    end.campaign = object()  # drawn as at the end of a campaign mission
    app.push(end)
    font = app.ctx.assets.font(app.ctx.px(21), "bold")
    rects = [(label, rect) for label, rect in end.clickables()]
    assert any(label.startswith("Back to the campaign") for label, _ in rects)
    for label, rect in rects:
        assert font.size(label)[0] + 16 <= rect.width, label
        assert 0 <= rect.left and rect.right <= app.size[0]
    for (_, a), (_, b) in zip(rects[:-1], rects[1:], strict=True):
        assert not a.colliderect(b)
