"""The client keeps its own boundaries: no module of ``game/ui/`` imports the client test
machinery (``game/uitest/``; the tutorial's autoplay reaches its driver through
``game/ui/autoplay.py``), and ``game/ui/app.py`` opens every screen through the registry
(no screen module imported, no class name compared as a string)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from game.content import REPO_ROOT

UI = REPO_ROOT / "game" / "ui"


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth (inside functions too)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_ui_module_imports_the_test_machinery() -> None:
    found = {p.relative_to(REPO_ROOT).as_posix(): sorted(n for n in imported(p)
                                                         if n.startswith("game.uitest"))
             for p in sorted(UI.rglob("*.py"))}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_app_opens_screens_only_through_the_registry() -> None:
    app = UI / "app.py"
    assert not [n for n in imported(app) if n.startswith("game.ui.scenes")]
    tree = ast.parse(app.read_text(encoding="utf-8"))
    names_compared = [ast.unparse(node) for node in ast.walk(tree)
                      if isinstance(node, ast.Compare)
                      and "__name__" in ast.unparse(node)]
    assert names_compared == []


def test_the_autoplay_driver_comes_from_the_test_machinery(make_app,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui import autoplay
    from game.uitest.driver import Driver

    app = make_app()
    assert isinstance(autoplay.screen_driver(app), Driver)
    monkeypatch.setattr(autoplay, "_drivers", [])
    with pytest.raises(RuntimeError, match="import game.uitest"):
        autoplay.screen_driver(app)
