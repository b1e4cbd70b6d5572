"""The campaign screens: start a campaign, play its mission through PlayScene, record the
result, pick the operative of a turned card; a damaged campaign file is reported."""

from __future__ import annotations

import pytest

from game.engine.actions import AgreeResult
from game.ui.scenes.campaign import (
    CampaignListScene,
    CampaignScene,
    campaign_store,
    record_campaign_game,
)
from game.ui.scenes.play import PlayScene

pytestmark = pytest.mark.usefixtures("home")


def test_a_campaign_from_the_list_to_a_recorded_mission(make_app, home):
    app = make_app(3)
    store = campaign_store(app)
    store.add_profile("Ann")
    store.add_profile("Bob")
    (store.root / "campaigns").mkdir(parents=True, exist_ok=True)
    (store.root / "campaigns" / "broken.json").write_text("{", "utf-8")
    app.ctx.drawn = []
    app.push(CampaignListScene(app))
    app.frame()
    assert any("broken.json" in p for p in store.problems)
    app.scene.start()
    scene = app.scene
    assert isinstance(scene, CampaignScene)
    app.frame()
    assert "Play mission [Enter]" in app.ctx.drawn
    campaign = scene.campaign
    scene.play()
    assert isinstance(app.scene, PlayScene)
    game = app.scene.game
    assert game.config.spec["campaign"] is True
    game.apply(AgreeResult(game.to_act, 1))
    recorded = record_campaign_game(app, game)
    assert recorded is not None and recorded.agent == 1
    assert record_campaign_game(app, game) is None  # once only
    app.pop()
    assert isinstance(app.scene, CampaignScene)
    assert app.scene.campaign.agent == 1  # read again from disk
    app.frame()
    # the agent wins its special operation: the card is turned, its owner picks
    game = app.scene.campaign.next_game()
    game.apply(AgreeResult(game.to_act, 1))
    record_campaign_game(app, game)
    app.scene.resume()
    pend = app.scene.campaign.pending
    if pend:
        app.frame()
        app.scene.pick(pend["options"][-1])
        assert app.scene.campaign.pending is None
    app.frame()
    assert store.campaign(campaign.id).honours(1)


@pytest.mark.slow  # a whole mission played through the screens
def test_a_campaign_mission_played_on_screen_is_recorded_and_leads_back(make_app, tmp_path,
                                                                        monkeypatch):
    """Two computer seats play the campaign's next mission through the play screen; the end
    screen records its result in the campaign and "Back to the campaign" shows it."""
    from game.ui.scenes.campaign import CampaignScene, campaign_store
    from game.ui.scenes.menu import MenuScene

    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    app = make_app(6)
    store = campaign_store(app)
    ann, bob = store.add_profile("Ann"), store.add_profile("Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=6,
                                    seats={1: "computer", 2: "computer"})
    app.push(MenuScene(app))
    scene = CampaignScene(app, campaign)
    app.push(scene)
    scene.play()
    play = app.scene
    assert type(play).__name__ == "PlayScene"
    for _ in range(6000):
        if type(app.scene).__name__ == "EndScene":
            break
        app.frame([])
    end = app.scene
    assert type(end).__name__ == "EndScene" and end.campaign is not None
    assert len(end.campaign.history) == 1
    end.to_campaign()
    app.frame([])
    assert type(app.scene).__name__ == "CampaignScene"
    reloaded = campaign_store(app).campaign(campaign.id)
    assert len(reloaded.history) == 1
