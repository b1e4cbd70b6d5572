"""The mission editor refuses an objective on ruins as it is placed, writes its mission text
from the scoring rules chosen (never "both" on a layout of four), counts "1 objective"; the
visualizer names the broken own missions as the new-game screen does; no ids on screen."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.content.card_text import text_issues
from game.ui.scenes.mission_editor import mission_text, shipped_source
from game.ui.scenes.visualizer import VisualizerScene
from tests.ui.helpers import click, open_editor

ROOT_MISSION = Path(__file__).resolve().parents[2] / "missions" / "dual_strike.yaml"


def test_an_objective_on_ruins_is_refused_as_it_is_placed(make_app, catalogue):
    app, scene = open_editor(make_app, catalogue)
    grid = scene.draft.grid(catalogue)
    ruin = sorted(grid.blocked)[0]
    before = dict(scene.draft.objectives)
    click(app, tuple(map(int, scene.painter.board.centre(ruin))))
    assert scene.draft.objectives == before  # not placed
    assert ruin in scene.notice and "ruins" in scene.notice
    assert scene.mission is not None  # the draft stays clean: nothing to mend afterwards
    # moving one onto ruins is refused the same way
    click(app, tuple(map(int, scene.painter.board.centre(before["obj1"]))))
    click(app, tuple(map(int, scene.painter.board.centre(ruin))))
    assert scene.draft.objectives == before


def test_the_mission_text_follows_the_rules_chosen_and_the_layout(make_app, catalogue,
                                                                  home, tmp_path):
    app, scene = open_editor(make_app, catalogue)
    d = scene.draft
    d.objectives.update({"obj3": "C5", "obj4": "M7"})
    d.name = "Four Corners"
    d.scoring = "dual_strike"
    text = d.data(catalogue)["text"]
    assert "both" not in text  # Dual Strike's card speaks of two objectives
    assert "four objectives" in text and "at least 2 of the objectives" in text
    path = d.save(catalogue, tmp_path)
    assert text_issues([path]) == []  # every number the words state is the rules' own
    # a layout of as many objectives as the card: the card's own words
    two = mission_text(shipped_source("dual_strike"), "Dual Strike", 2)
    assert shipped_source("dual_strike")["text"] in two
    app.ctx.drawn = []
    d.objectives = {"obj1": "E6"}
    scene.draw(app.screen)
    assert any(t.startswith("1 objective ·") for t in app.ctx.drawn)


def test_the_visualizer_names_broken_own_missions(make_app, catalogue, home):
    from game.services.own_missions import load_own_missions

    folder = home / "missions"
    folder.mkdir(parents=True)
    (folder / "half_done.yaml").write_text("id: half_done\nname: Half Done\n", "utf-8")
    app = make_app()
    own = load_own_missions(catalogue, folder)
    assert own.broken
    app.ctx.services.own_missions = own
    app.push(VisualizerScene(app))
    app.ctx.drawn = []
    app.frame([])
    drawn = " ".join(app.ctx.drawn)
    assert "Not in the list, with errors:" in drawn and "half_done.yaml" in drawn


def test_no_ids_in_the_deployment_tray_and_the_hex_facts(catalogue):
    from game.engine import Game, RandomDice, Step
    from game.ui.chooser import Chooser
    from game.ui.visualize import hex_facts, mission_config
    from tests.helpers import play

    config = mission_config(catalogue, catalogue.missions["dual_strike"])
    facts = " ".join(hex_facts(config, "E6"))
    assert "objective hex" in facts and "obj1" not in facts
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(2))
    play(game, 2, until=lambda g: g.state.step == Step.DEPLOY)
    chooser = Chooser(game.state, game.config, game.legal_actions(), game.why_not)
    tips = [f.tooltip for f in chooser.next_fields()]
    assert tips and not any("(" in t for t in tips), tips


def test_the_editor_places_and_removes_terrain_of_each_kind(make_app, catalogue, tmp_path):
    from game.engine.config import build_config
    from game.services.own_missions import load_own_missions

    app, scene = open_editor(make_app, catalogue)
    board = scene.painter.board
    side = catalogue.killzones[catalogue.missions["dual_strike"].killzone]
    open_hex = next(h for h in ("H5", "G4", "I4") if h not in side.blocked
                    and h not in side.cover)
    ruin = sorted(side.blocked)[0]
    barricade = sorted(set(side.cover) - set(side.blocked))[0]

    def at(h):
        return tuple(map(int, board.centre(h)))

    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_4, mod=0, unicode="4",
                                  scancode=0)])
    assert scene.tool == "blocked"
    click(app, at(open_hex))  # ruins placed on open ground
    click(app, at(ruin))  # ruins taken away
    click(app, at(barricade))  # ruins on a barricade: it becomes ruins
    objective = scene.draft.objectives["obj1"]
    click(app, at(objective))  # refused: an objective stands there
    assert objective in scene.notice
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_5, mod=0, unicode="5",
                                  scancode=0)])
    assert scene.tool == "cover"
    click(app, at(ruin))  # a barricade where the ruins were
    blocked, cover = scene.draft.terrain_now(catalogue)
    assert open_hex in blocked and barricade in blocked and barricade not in cover
    assert ruin not in blocked and ruin in cover and objective not in blocked
    assert scene.mission is not None, scene.draft.problems
    scene.draft.name = "Rearranged"
    path = scene.draft.save(catalogue, tmp_path)
    own = load_own_missions(catalogue, tmp_path)
    assert not own.broken
    config = build_config(own.catalogue, {"mission": scene.draft.id,
                                          "fireteams": {1: "gideon", 2: "bad_ladz"}})
    assert open_hex in config.grid.blocked and ruin in config.grid.cover
    assert ruin not in config.grid.blocked
    assert path.read_text(encoding="utf-8").count("terrain:") == 1


def test_a_mission_file_with_terrain_is_checked(tmp_path, catalogue):
    from game.services.own_missions import load_own_missions

    base = ROOT_MISSION.read_text(encoding="utf-8")
    for ident, terrain in (("own_x", "{blocked: [H5], cover: [H5]}"),
                           ("own_y", "{blocked: [E6], cover: []}")):
        (tmp_path / f"{ident}.yaml").write_text(
            base.replace("id: dual_strike", f"id: {ident}") + f"terrain: {terrain}\n",
            encoding="utf-8")
    own = load_own_missions(catalogue, tmp_path)
    messages = dict(own.broken)
    assert "hex 'H5' is both blocked and cover" in messages["own_x.yaml"]
    assert "objective 'obj1' is on hex 'E6', which is blocked" in messages["own_y.yaml"]
