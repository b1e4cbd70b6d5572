"""The analysis screen (game/ui/scenes/analysis.py) run offscreen from the load screen and the
end screen: it works between frames with a progress bar, Cancel stops it, it shows each costly
decision with its reason, and its result is kept beside the save."""

from __future__ import annotations

import pygame
import pytest

from game.analysis.core import Settings, analysis_path
from game.engine import Game, RandomDice
from game.services import userdata
from game.services.game_setup import GameSetup
from game.services.saves import save_game
from game.ui.scenes.analysis import AnalysisScene
from game.ui.scenes.load import LoadScene
from tests.helpers import play
from tests.ui.helpers import click

TINY = Settings(candidates=1, samples=1, replies=0, rivals=1)


def button(scene, name: str) -> pygame.Rect:
    for label, rect in scene.clickables():
        if label == name or label.startswith(name + " ["):
            return rect
    raise AssertionError(f"no button {name!r}: {[label for label, _ in scene.clickables()]}")


@pytest.fixture
def small(monkeypatch):
    monkeypatch.setattr(AnalysisScene, "defaults", TINY)
    monkeypatch.setattr(AnalysisScene, "per_frame", 1)  # one playout a frame


def test_a_save_is_analysed_through_the_screens(make_app, catalogue, home, small):
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(4))
    play(game, 4, until=lambda g: g.state.turning_point >= 2)  # a turning point's decisions
    path = userdata.save_path("first")
    save_game(game, path, setup=GameSetup.of(game))
    app = make_app()
    load = LoadScene(app, lambda game, setup: None)
    app.push(load)
    app.frame([])
    click(app, button(load, "Analyse"))
    scene = app.scene
    assert isinstance(scene, AnalysisScene) and scene.running
    # it works between frames: a frame does a slice and the window answers
    app.frame([])
    assert scene.running and 0 < scene.progress < 1
    assert "Cancel [Esc]" in [label for label, _ in scene.clickables()]
    # Cancel stops it and goes back, keeping nothing
    click(app, button(scene, "Cancel"))
    assert app.scene is load and scene.cancelled
    assert not analysis_path(path, scene.seat).exists()
    # again, to its end
    click(app, button(load, "Analyse"))
    scene = app.scene
    assert isinstance(scene, AnalysisScene)
    for _ in range(5000):
        if not scene.running:
            break
        app.frame([])
    assert not scene.running and scene.result is not None
    result = scene.result
    assert len(result.decisions) > 3
    assert analysis_path(path, scene.seat).exists()  # kept beside the save
    app.ctx.drawn = []
    app.dirty = True
    app.frame([])
    drawn = " ".join(app.ctx.drawn)
    assert result.top  # random players leave costly decisions
    assert "COSTLY DECISION 1 OF" in drawn.upper() and "Cost:" in drawn
    assert result.top[0].reason.split(".")[0][:30] in drawn
    assert f"found in {len(result.found)} of {len(result.decisions)}" in drawn
    # the other seat's decisions: analysed afresh
    click(app, button(scene, "Other player"))
    assert scene.seat == 3 - result.seat and scene.running
    click(app, button(scene, "Cancel"))
    assert app.scene is load
    # opened again: the kept result at once, no work
    click(app, button(load, "Analyse"))
    again = app.scene
    assert isinstance(again, AnalysisScene) and not again.running
    assert again.result is not None and again.result.to_dict() == result.to_dict()


def test_the_end_screen_opens_the_analysis(make_app, home, small):
    from game.uitest.headless import open_scene

    app = make_app()
    open_scene(app, "end")
    app.frame([])
    click(app, button(app.scene, "Analyse"))
    scene = app.scene
    assert isinstance(scene, AnalysisScene) and scene.running
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                  scancode=0)])
    assert not isinstance(app.scene, AnalysisScene)
