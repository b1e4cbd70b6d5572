"""No engine word on screen: every text drawn over a whole tutorial, a campaign mission and a
whole game is recorded, and none holds an objective id (``obj1``), an operative or card id
(``shoota_boy``, ``intercessor1``) or raw action notation (``1 deploy intercessor1 F9``):
players read names (game/ui/words.py)."""

from __future__ import annotations

import re

import pytest

from game.engine.actions import Wait
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene

NOTATION = re.compile(r"\b[12] (keep|mulligan|deploy|reveal|ploy|activate|cancel|move|attack|"
                      r"disengage|wait|action|use|concede|agree)\b")
ENGINE_WORDS = re.compile(r"\bobj\d+\b|_boy\b|\b[a-z]+_[a-z0-9_]+\b")


def leaks(drawn: list[str], operatives) -> list[str]:
    """The texts that show an engine word."""
    ids = sorted((o for o in operatives if "_" in o or any(c.isdigit() for c in o)),
                 key=len, reverse=True)
    op_words = re.compile(r"\b(" + "|".join(map(re.escape, ids)) + r")\b") if ids else None
    return sorted({t for t in drawn if NOTATION.search(t) or ENGINE_WORDS.search(t)
                   or (op_words is not None and op_words.search(t))})


def test_the_words_checker_catches_each_kind_of_engine_word():
    ops = ["intercessor1", "shoota_boy", "sergeant"]
    assert leaks(["Player 1 takes obj1"], ops)
    assert leaks(["Not that one: 1 deploy intercessor1 F9"], ops)
    assert leaks(["shoota_boy waits"], ops)
    assert leaks(["intercessor1 moves to A4"], ops)
    assert not leaks(["Alice takes the objective on E6", "Ork Boy with Shoota waits",
                      "the sergeant moves", "Assault Intercessor 1 moves to A4"], ops)


@pytest.mark.slow  # a whole tutorial / mission played through the screens
def test_a_whole_tutorial_shows_names_only(make_app):
    from game.ui.scenes.tutorial import autoplay

    app = make_app()
    app.push(MenuScene(app))
    app.ctx.drawn = []
    scene = autoplay(app)
    ops = list(scene.game.state.operatives)
    # a refused action and a hint are said in words too
    scene.runner.index = max(0, scene.runner.index)
    scene.remind()
    scene.say(scene.instruction() or "x")
    app.frame([])
    assert leaks(app.ctx.drawn, ops) == []
    assert any("objective on" in t for t in app.ctx.drawn)


def test_a_refusal_in_the_tutorial_names_the_action_in_words(make_app):
    from game.ui.scenes.tutorial import TutorialScene

    app = make_app()
    app.push(MenuScene(app))
    scene = TutorialScene(app, 0, remember=False)
    app.push(scene)
    index = next(i for i, step in enumerate(scene.script.steps)
                 if step.kind == "act" and any(" deploy " in a for a in step.actions))
    scene = TutorialScene(app, index, remember=False)
    app.replace(scene)
    app.ctx.drawn = []
    scene.act(Wait(1))  # not what the step asks
    app.frame([])
    assert scene.reminder is not None
    text = scene.reminder[0]
    assert "place " in text and NOTATION.search(text) is None
    assert leaks(app.ctx.drawn, scene.game.state.operatives) == []


def run_to_end(app, scene, frames: int = 8000) -> None:
    for _ in range(frames):
        if type(app.scene).__name__ == "EndScene":
            break
        app.frame([])
    app.frame([])
    assert type(app.scene).__name__ == "EndScene"


@pytest.mark.slow  # a whole game played through the screens
@pytest.mark.parametrize("teams", [("bad_ladz", "deathless_destroyers")])
def test_a_whole_game_shows_names_only(make_app, teams):
    app = make_app(7)
    app.ctx.names = {1: "Alice", 2: "Bob"}
    app.push(MenuScene(app))
    scene = PlayScene.new_game(app, "dual_strike", teams, seed=7,
                               seats={1: "easy", 2: "easy"})
    app.push(scene)
    app.ctx.drawn = []
    run_to_end(app, scene)
    scene.ask_hint() if not scene.game.is_over else None
    assert leaks(app.ctx.drawn, scene.game.state.operatives) == []
    assert not any(re.search(r"\b[Pp]layer [12]\b", t) for t in app.ctx.drawn)
    assert any("Alice" in t for t in app.ctx.drawn)


@pytest.mark.slow  # a whole tutorial / mission played through the screens
def test_a_campaign_mission_shows_names_only(make_app, home):
    from game.ui.scenes.campaign import CampaignScene, campaign_store

    app = make_app(6)
    store = campaign_store(app)
    alice, bob = store.add_profile("Alice"), store.add_profile("Bob")
    campaign = store.new_campaign({1: alice, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=6,
                                  seats={1: "computer", 2: "computer"},
                                  levels={1: "easy", 2: "easy"})
    app.push(MenuScene(app))
    app.ctx.drawn = []
    camp = CampaignScene(app, campaign)
    app.push(camp)
    camp.play()
    play = app.scene
    run_to_end(app, play)
    app.scene.to_campaign()
    app.frame([])
    assert type(app.scene).__name__ == "CampaignScene"
    assert leaks(app.ctx.drawn, play.game.state.operatives) == []
    assert not any(re.search(r"\b[Pp]layer [12]\b", t) for t in app.ctx.drawn)
