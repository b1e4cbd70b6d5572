"""The campaign set-up: clicked in any order without a crash (the exact crash of issue 37:
one profile, then Player 2's profile list), a computer side needs no profile, a disabled
Start says why, Enter continues the listed campaign; the error screen after a crash with no
game open, and nothing of the failed screen left drawn after it."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.ui.scenes.campaign import CampaignListScene, CampaignScene, campaign_store
from tests.ui.helpers import click

pytestmark = pytest.mark.usefixtures("home")


def list_screen(make_app):
    app = make_app(3)
    app.push(CampaignListScene(app))
    app.frame([])
    return app, app.scene


def choose(app, scene, label: str) -> None:
    """Open the list ``label`` names ("seat 2: a person") and click that item."""
    lst, _ = label.split(": ", 1)
    click(app, scene.find_clickable(lst))
    item = scene.find_clickable(label)
    assert item is not None, [name for name, _ in scene.clickables()]
    click(app, item)


def test_one_profile_then_player_twos_profile_list_opens_without_a_crash(make_app):
    """Issue 37's steps: add one player, Player 2 played by a person, open Player 2's
    profile list (it used to raise "Requested default ('', '') not found")."""
    app, scene = list_screen(make_app)
    scene.name_entry.set_text("Quinn")
    click(app, scene.find_clickable("Add player"))
    choose(app, scene, "seat 2: a person")
    assert scene.seats[2] == "human"
    click(app, scene.find_clickable("profile 2"))  # opens its list
    assert scene.find_clickable("profile 2: Quinn") is not None
    click(app, scene.find_clickable("profile 2: Quinn"))
    assert app.scene is scene
    # both sides are Quinn: Start is disabled, and the screen says why
    assert scene.find_clickable("Start campaign") is None
    app.ctx.drawn = []
    app.frame([])
    assert any("Both sides are Quinn" in text for text in app.ctx.drawn)


def test_a_computer_side_needs_no_profile(make_app):
    app, scene = list_screen(make_app)
    assert scene.seats[2] != "human"  # fewer than two people known: the computer plays 2
    assert scene.start_blocked().startswith("Player 1 is played by a person")
    scene.name_entry.set_text("Quinn")
    click(app, scene.find_clickable("Add player"))
    assert not scene.start_blocked()
    click(app, scene.find_clickable("Start campaign"))
    assert isinstance(app.scene, CampaignScene)
    campaign = app.scene.campaign
    assert campaign.players[2]["seat"] == "computer"
    assert campaign.players[2]["name"] == "The computer"
    # the computer's profile is no person's: it is not offered to a person's side
    assert [p.name for p in campaign_store(app).profiles()] == ["Quinn"]


def test_enter_continues_the_listed_campaign(make_app):
    app, scene = list_screen(make_app)
    scene.name_entry.set_text("Quinn")
    click(app, scene.find_clickable("Add player"))
    scene.start()
    first = app.scene.campaign
    app.pop()
    app.frame([])
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    app.frame()
    assert isinstance(app.scene, CampaignScene)
    assert app.scene.campaign.id == first.id  # continued, no second campaign started
    assert len(campaign_store(app).campaigns()) == 1


def test_the_set_up_fuzzed_in_any_order_raises_nothing(make_app):
    from game.uitest.headless import fuzz_screen

    app = make_app(5)
    clicked = fuzz_screen(app, CampaignListScene, 400, seed=37, after_typing="Add player")
    # the lists and their items were reached, not only the buttons
    assert any(label.startswith("profile 2: ") for label in clicked)
    assert any(label.startswith("seat 1: ") for label in clicked)
    assert clicked.get("Add player", 0) > 0


def test_an_error_with_no_game_open_says_so_and_leaves_nothing_drawn(make_app):
    from game.ui import session

    app, scene = list_screen(make_app)
    stray = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 80, 30), "Quinn",
                                         manager=app.manager)  # half made by a failed list
    session.crashed(app, ValueError("a deliberate fault"))
    assert type(app.scene).__name__ == "ErrorScene"
    assert not stray.alive()
    app.ctx.drawn = []
    app.frame([])
    assert "No game was open, so nothing was lost." in app.ctx.drawn
    assert "The game could not be saved." not in app.ctx.drawn
    app.scene.menu()
    app.frame([])
    assert type(app.scene).__name__ == "MenuScene"
    texts = [getattr(e, "text", "") for e in app.manager.get_sprite_group().sprites()]
    assert "Quinn" not in texts


def test_the_campaign_screen_says_what_agent_and_antagonist_mean_and_shows_the_spoils(
        make_app):
    from game.engine.actions import AgreeResult
    from game.ui.scenes.campaign import AGENT_WORDS, ANTAGONIST_WORDS, NO_AGENT_WORDS

    app = make_app(4)
    store = campaign_store(app)
    campaign = store.new_campaign({1: store.add_profile("Quinn"), 2: store.computer_profile()},
                                  {1: "gideon", 2: "bad_ladz"}, seed=4,
                                  seats={1: "human", 2: "computer"})
    app.push(CampaignScene(app, campaign))
    app.ctx.drawn = []
    app.frame([])
    assert NO_AGENT_WORDS in " ".join(app.ctx.drawn)  # wrapped lines, drawn one by one
    game = campaign.next_game()
    game.apply(AgreeResult(game.to_act, 1))
    campaign.record_result(game)
    app.scene.resume()
    app.ctx.drawn = []
    app.frame([])
    drawn = " ".join(app.ctx.drawn)
    assert AGENT_WORDS in drawn and ANTAGONIST_WORDS in drawn
    spoils = app.ctx.catalogue.wargear[campaign.wargear(1)[0]]
    assert f"{spoils.name}: {spoils.text}" in drawn  # the wargear won, with what it does
    assert drawn.count("Special operations: 0 of 3 won") == 2
