"""Screens are reached by name through the registry: every name gives a screen, and no screen
module imports another to open it (only the tutorial's screens extend the play screen's and
the hand-over's classes, and the play screen uses its panels)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.ui.registry import SCENES, SceneName, is_scene, scene_class
from game.ui.scene import Scene

SCENES_FOLDER = Path(__file__).resolve().parents[2] / "game" / "ui" / "scenes"
# module -> the screen modules it may import (to subclass or to draw with), nothing else
# a screen may extend another (the tutorial and the online game are play screens)
ALLOWED = {"tutorial": {"handover", "play"}, "play": {"play_panels", "play_board"},
           "online_play": {"play", "online_chat"}, "online_menus": {"end", "pause"},
           "puzzles": {"play"}}  # the puzzle screen is a kind of play screen


def test_every_name_gives_a_screen_class():
    assert set(SCENES) == set(SceneName)
    for name in SceneName:
        cls = scene_class(name)
        assert issubclass(cls, Scene), name
        assert cls.__name__ == SCENES[name][1]


def test_is_scene_knows_a_tutorial_is_a_play_screen(make_app):
    app = make_app()
    menu = app.open(SceneName.MENU)
    assert is_scene(menu, SceneName.MENU) and not is_scene(menu, SceneName.PLAY)
    assert is_scene(app.open(SceneName.TUTORIAL), SceneName.PLAY)


def test_an_unknown_name_is_refused():
    with pytest.raises(ValueError):
        scene_class("no_such_screen")  # type: ignore[arg-type]


def _runtime_imports(tree: ast.Module) -> set[str]:
    """The game.ui.scenes modules imported outside ``if TYPE_CHECKING:`` blocks."""
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) \
                and node.test.id == "TYPE_CHECKING":
            return
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.startswith("game.ui.scenes."):
                found.add(node.module.rsplit(".", 1)[1])
            elif node.module == "game.ui.scenes":
                found.update(alias.name for alias in node.names)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_no_screen_imports_another_to_open_it():
    for path in sorted(SCENES_FOLDER.glob("*.py")):
        module = path.stem
        imported = _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
        assert imported <= ALLOWED.get(module, set()), (module, imported)


def test_services_replace_the_string_keyed_extra(make_app):
    app = make_app()
    assert not hasattr(app.ctx, "extra")
    assert app.ctx.services.autosave is None and app.ctx.services.save_thumbnails == {}
