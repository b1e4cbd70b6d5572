"""The mission visualizer on screen: browsing, the tools by mouse, toggles, export, play,
mission files."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.scenes.visualizer import VisualizerScene
from game.ui.visualize import in_range, line_of_sight
from tests.ui.helpers import click

ROOT = Path(__file__).resolve().parent.parent.parent


def at(scene: VisualizerScene, h: str) -> tuple[int, int]:
    x, y = scene.painter.board.centre(h)
    return int(x), int(y)


def key(app, k: int) -> None:
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])


def test_browse_every_mission_then_open_one_on_its_side(make_app, catalogue) -> None:
    app = make_app()
    scene = VisualizerScene(app)
    app.push(scene)
    app.frame([])
    assert len(scene.tiles) == len(catalogue.missions)
    tile = next(r for m, r in scene.tiles if m.id == "power_up")
    click(app, tile.center)
    app.frame([])
    assert scene.study is not None and scene.study.mission.id == "power_up"
    assert scene.painter.board.config.mission.killzone == "side_b"
    app.ctx.drawn = []
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=at(scene, "C6"), rel=(0, 0),
                                  buttons=(0, 0, 0))])
    app.frame([])
    text = " ".join(app.ctx.drawn)
    assert "Power Up" in text and "Blocked hex (red border)" in text
    assert "objective hex" in text and "to territory" in text
    key(app, pygame.K_ESCAPE)
    assert scene.study is None


def test_the_sight_and_range_tools_by_mouse_agree_with_the_engine(make_app, catalogue) -> None:
    app = make_app()
    scene = VisualizerScene(app, mission="dual_strike")
    app.push(scene)
    app.frame([])
    key(app, pygame.K_l)
    click(app, at(scene, "E6"))
    click(app, at(scene, "K6"))
    grid = scene.painter.board.grid
    assert scene.study.sight == ("E6", "K6")
    sight = line_of_sight(grid, "E6", "K6")
    assert not sight.visible and sight.distance == 6
    app.ctx.drawn = []
    app.frame([])
    assert any("Distance 6: not visible" in t for t in app.ctx.drawn)
    key(app, pygame.K_r)
    click(app, at(scene, "H6"))
    assert scene.study.range_from == "H6"
    assert in_range(grid, "H6", scene.study.reach) == {
        h for h in grid.hexes if h != "H6" and h not in grid.blocked
        and grid.distance("H6", h) <= scene.study.reach and grid.visible("H6", h, set())}


def test_toggles_sandbox_export_and_play(make_app, tmp_path) -> None:
    played: list[str] = []
    app = make_app()
    scene = VisualizerScene(app, mission="dual_strike", on_play=played.append)
    app.push(scene)
    app.frame([])
    for k in (pygame.K_h, pygame.K_o, pygame.K_m):
        key(app, k)
        app.frame([])
    s = scene.study
    assert not s.labels and s.side == "side_b" and s.heat
    assert scene.painter.board.grid.blocked != app.ctx.catalogue.killzones["side_a"].blocked
    key(app, pygame.K_d)
    click(app, at(scene, "E2"))
    key(app, pygame.K_TAB)
    click(app, at(scene, "H10"))
    assert s.placed == {"E2": (1, scene.card), "H10": (2, scene.card)}
    click(app, at(scene, "H10"), button=3)
    assert list(s.placed) == ["E2"]
    key(app, pygame.K_c)
    assert not s.placed
    out = scene.export(tmp_path / "view.png")
    assert pygame.image.load(str(out)).get_size() == (1600, 1000)
    key(app, pygame.K_p)
    assert played == ["dual_strike"]


def test_a_mission_file_is_checked_by_the_content_loader(make_app, tmp_path) -> None:
    app = make_app()
    scene = VisualizerScene(app)
    app.push(scene)
    app.frame([])
    text = (ROOT / "missions" / "dual_strike.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("id: dual_strike", "id: odd").replace("E6", "F5"),
                   encoding="utf-8")
    assert not scene.open_file(bad)
    app.frame([])
    assert "bad.yaml" in scene.error and "blocked" in scene.error
    good = tmp_path / "good.yaml"
    good.write_text(text.replace("id: dual_strike", "id: fine").replace("Dual Strike",
                                                                        "Fine Strike"),
                    encoding="utf-8")
    assert scene.open_file(good)
    app.frame([])
    assert scene.study.mission.name == "Fine Strike" and not scene.error
    assert not any(t.startswith("Play this mission") for t, _ in scene.clickables())


@pytest.mark.slow  # a whole game played through the screens
def test_a_mission_laid_out_in_the_editor_loads_and_plays_a_whole_game(make_app,
                                                                       catalogue) -> None:
    from game.cli.simulate import play_random_game
    from game.services.own_missions import load_own_missions
    from game.services.userdata import data_folder
    from game.ui.scenes.mission_editor import MissionEditorScene

    app = make_app()
    viz = VisualizerScene(app, mission="dual_strike")
    app.push(viz)
    app.frame([])
    key(app, pygame.K_y)
    editor = app.scene
    assert isinstance(editor, MissionEditorScene)
    app.frame([])
    board = editor.painter.board
    pos = board.centre
    click(app, tuple(map(int, pos("E6"))))  # pick obj1 up...
    click(app, tuple(map(int, pos("D5"))))  # ...and put it down on D5
    click(app, tuple(map(int, pos("H6"))))  # a new objective in the middle
    assert sorted(editor.draft.objectives.values()) == ["D5", "H6", "K6"]
    editor.draft.name = "Crossfire Yard"
    editor.draft.scoring = "power_up"
    key(app, pygame.K_m)  # the mirror
    grid = board.grid
    assert editor.draft.symmetric(catalogue)
    assert grid.half_turn("D5") in editor.draft.objectives.values()
    editor.check()
    assert editor.mission is not None, editor.draft.problems
    key(app, pygame.K_s)
    path = data_folder() / "missions" / "own_crossfire_yard.yaml"
    assert path.exists()
    own = load_own_missions(catalogue, data_folder() / "missions")
    assert "own_crossfire_yard" in own.own and not own.broken
    assert "own_crossfire_yard" in app.ctx.catalogue.missions  # in the new-game list
    game = play_random_game(own.catalogue, "own_crossfire_yard",
                            ("gideon", "deathless_destroyers"), 3)
    assert game.is_over
    # a broken layout is reported as the loader words it, and is not saved
    editor.draft.objectives["obj9"] = "F5"
    editor.check()
    assert editor.mission is None and any("blocked" in p for p in editor.draft.problems)
    path.unlink()



def test_a_shipped_mission_file_opens_as_its_mission(catalogue):
    """``visualize missions/power_up.yaml`` and the visualizer's open-file take a shipped
    mission file as the mission it holds."""
    from game.ui.visualize import load_mission_file

    shipped = Path(__file__).resolve().parents[2] / "missions" / "power_up.yaml"
    assert load_mission_file(catalogue, shipped) == [catalogue.missions["power_up"]]
    assert load_mission_file(catalogue, str(shipped)) == [catalogue.missions["power_up"]]
