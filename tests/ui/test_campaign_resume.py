"""A campaign mission in progress resumes where it was: the window is killed mid-mission (no
clean exit), and both the campaign screen's button and the menu's "Resume the last game"
go on from the same action, with the campaign's seats; nothing is overwritten by a new
set-up."""

from __future__ import annotations

import pytest

from game.ai.random_player import RandomPlayer
from game.services import userdata
from game.ui import session
from game.ui.scenes.campaign import CampaignScene, campaign_store

pytestmark = pytest.mark.usefixtures("home")


def with_autosave(app):
    app.ctx.services.autosave = session.safe_autosave
    app.ctx.services.journal = session.safe_journal
    return app


def begin_mission(make_app, actions: int = 40):
    """A campaign (a person against the computer) whose first mission is played for
    ``actions`` actions through the play screen, every one journalled; then the window is
    simply dropped, as a kill would. Returns the campaign's id and the game's log."""
    app = with_autosave(make_app(8))
    store = campaign_store(app)
    quinn = store.add_profile("Quinn")
    campaign = store.new_campaign({1: quinn, 2: store.computer_profile()},
                                  {1: "gideon", 2: "bad_ladz"}, seed=9,
                                  seats={1: "human", 2: "computer"}, levels={2: "easy"})
    scene = CampaignScene(app, campaign)
    app.push(scene)
    scene.play()
    play = app.scene
    play.computers.clear()  # both sides driven here, one action at a time
    player = RandomPlayer(3)
    for _ in range(actions):
        play.act(player.choose(play.game))
    assert not play.game.is_over
    return campaign.id, list(play.game.log)


def test_the_campaign_screen_resumes_a_killed_mission_at_the_same_action(make_app):
    ident, log = begin_mission(make_app)
    app = with_autosave(make_app(8))  # the next run
    campaign = campaign_store(app).campaign(ident)
    scene = CampaignScene(app, campaign)
    app.push(scene)
    app.frame([])
    assert scene.find_clickable("Resume mission 1") is not None
    assert scene.find_clickable("Play mission") is None
    scene.play()
    play = app.scene
    assert type(play).__name__ == "PlayScene"
    assert list(play.game.log) == log  # the same action, not a new set-up
    assert play.seats == {1: "human", 2: "easy"}
    # the autosave now holds the resumed game, still at that action
    resumed = session.resume_game(userdata.autosave_path(), app.ctx.catalogue)[0]
    assert list(resumed.log) == log


def test_the_menu_resumes_a_killed_campaign_mission_with_its_seats(make_app):
    from game.ui.scenes.menu import MenuScene

    ident, log = begin_mission(make_app, actions=25)
    app = with_autosave(make_app(8))
    app.ctx.services.resume = userdata.autosave_path()  # the run did not end cleanly
    app.push(MenuScene(app))
    app.scene.resume_last()
    play = app.scene
    assert list(play.game.log) == log
    assert play.seats == {1: "human", 2: "easy"}
    assert campaign_store(app).campaign_of(play.game).id == ident


def test_a_new_set_up_when_no_mission_was_begun(make_app):
    app = with_autosave(make_app(8))
    store = campaign_store(app)
    campaign = store.new_campaign({1: store.add_profile("Ann"), 2: store.add_profile("Bob")},
                                  {1: "gideon", 2: "bad_ladz"}, seed=9)
    scene = CampaignScene(app, campaign)
    app.push(scene)
    assert scene.in_progress is None
    assert scene.find_clickable("Play mission") is not None
    scene.play()
    assert app.scene.game.log == []
