"""What the screens say matches the game played: the skirmish rules' marker count, their F2
card view (only what they use) and F1 help (at their rules), night fighting in the top bar,
who conceded on the end screen, and the save screen speaking of a save not yet made."""

from __future__ import annotations

import pygame

from game.engine import Concede
from game.engine.state import Step
from tests.ui.helpers import open_play


def drawn(app, scene) -> list[str]:
    app.ctx.drawn = []
    app.draw()
    out, app.ctx.drawn = list(app.ctx.drawn), None
    return out


def test_skirmish_counts_the_markers_of_the_battle(make_app, catalogue):
    app, scene, _ = open_play(make_app, catalogue, rules="skirmish", seed=3,
                              until=lambda g: g.state.step == Step.ACTIVATE)
    state = scene.game.state
    markers = [o for o in scene.game.config.objectives if o not in state.removed_objectives]
    assert 3 <= len(markers) <= 5 and not any(v for v in state.control.values())
    assert f"of {len(markers)} markers" in drawn(app, scene)


def test_skirmish_f2_shows_only_what_the_rules_use_and_f1_opens_at_them(make_app, catalogue):
    from game.ui.scenes.rules import RulesScene

    app, scene, driver = open_play(make_app, catalogue, rules="skirmish", seed=3,
                                   until=lambda g: g.state.step == Step.ACTIVATE)
    scene.show_cards = True
    text = " ".join(drawn(app, scene))
    assert "stratagems" in text and "objective marker" in text  # "no ... stratagems"
    assert "Targets of opportunity:" not in text and "— stratagems" not in text
    team = scene.game.config.fireteams[1]
    assert team is not None and not any(p.name in text for p in team.ploys)
    driver.key(pygame.K_F1)
    assert isinstance(app.scene, RulesScene) and app.scene.current.id == "skirmish_rules"


def test_a_kill_team_mission_shows_no_targets_of_opportunity(make_app, catalogue):
    app, scene, _ = open_play(make_app, catalogue, mission="kt_supply_drop", seed=3,
                              until=lambda g: g.state.step == Step.ACTIVATE)
    scene.show_cards = True
    assert "Targets of opportunity:" not in " ".join(drawn(app, scene))


def test_night_fighting_is_shown_in_the_top_bar(make_app, catalogue):
    app, scene, _ = open_play(make_app, catalogue, mission="kt_supply_drop", seed=3,
                              until=lambda g: g.state.step == Step.ACTIVATE)
    assert not any("Night fighting" in t for t in drawn(app, scene))
    scene.game.state.night = True
    scene._view = None
    assert any("Night fighting" in t for t in drawn(app, scene))


def test_the_end_screen_says_who_conceded(make_app, catalogue):
    from game.ui.scenes.end import EndScene

    app, scene, _ = open_play(make_app, catalogue, seed=3,
                              until=lambda g: g.state.step == Step.ACTIVATE)
    app.ctx.names = {1: "Quinn", 2: "Kai"}
    scene.after(scene.game.apply(Concede(2)))
    app.frame([])
    assert isinstance(app.scene, EndScene)
    text = drawn(app, app.scene)
    assert any("Kai conceded" in t for t in text), [t for t in text if "·" in t]
    assert not any(t.endswith("concession") for t in text)


def test_the_save_screen_speaks_of_a_save_not_yet_made(make_app, catalogue, home):
    from game.ui.scenes.load import SaveScene

    app, scene, _ = open_play(make_app, catalogue, seed=3)
    save = SaveScene(app, scene.game, setup=scene.setup)
    app.push(save)
    text = drawn(app, save)
    assert any(t.startswith("Will be saved as ") for t in text)
    assert not any(t.startswith("Saved as") for t in text)


def test_the_end_screen_names_each_score_whole(make_app, catalogue):
    """Each row of VP on the end screen names the card or rule it came from, whole, at the
    smallest window (it read "Turning point 3 — target of…", the card's name cut away)."""
    from game.engine.events import Scored
    from game.ui.scenes.end import EndScene

    app, scene, _ = open_play(make_app, catalogue, seed=3,
                              until=lambda g: g.state.step == Step.ACTIVATE)
    scene.game.events.append(Scored(1, 2, 1, "target of opportunity", "Thin the Ranks"))
    scene.after(scene.game.apply(Concede(2)))
    app.frame([])
    assert isinstance(app.scene, EndScene)
    app.ctx.shortened = []
    text = drawn(app, app.scene)
    assert "Turning point 1: Thin the Ranks" in text, [t for t in text if "Turning" in t]
    assert not any(t.endswith("…") for t in text)
