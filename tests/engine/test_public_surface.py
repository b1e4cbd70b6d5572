"""The engine's public surface is all the computer player and the screens use: the names of
game/engine/__init__.py, and those a system's own package exports (``__all__`` of
``game.engine.rulesets.<system>``, for the system's own parts in each layer); the computer
player's look-ahead never writes the engine's state."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from pathlib import Path

import game.engine
import game.engine.rulesets
from game.content import REPO_ROOT

CLIENTS = [REPO_ROOT / "game" / "ai", REPO_ROOT / "game" / "ui"]


def _sources() -> list[Path]:
    return sorted(p for folder in CLIENTS for p in folder.rglob("*.py"))


# an import statement naming the engine, at any depth (a parenthesised list of names may run
# over several lines); each is parsed alone, which is much quicker than parsing every module
_IMPORT = re.compile(r"^[ \t]*(from[ \t]+game\.engine(?:\.\w+)*[ \t]+import[ \t]*"
                     r"(?:\([^)]*\)|[^\n]*)|import[ \t]+game\.engine(?:\.\w+)*\b[^\n]*)",
                     re.MULTILINE)


def _engine_imports(source: str) -> list[ast.stmt]:
    """The import statements of ``source`` that name ``game.engine`` or a module in it, with
    their line numbers in ``source``."""
    found = []
    for match in _IMPORT.finditer(source):
        (node,) = ast.parse(match.group(1)).body
        node.lineno = source.count("\n", 0, match.start(1)) + 1
        found.append(node)
    return found


def test_the_import_finder_sees_every_form() -> None:
    source = ("import game.engine.flow\n"
              "def f():\n    from game.engine.game import Game\n"
              "from game.engine import (\n    Attack,\n    Move,\n)\n"
              "from game.engineer import nothing\n")
    nodes = _engine_imports(source)
    assert [type(n).__name__ for n in nodes] == ["Import", "ImportFrom", "ImportFrom"]
    assert [n.lineno for n in nodes] == [1, 3, 4]
    assert [a.name for a in nodes[2].names] == ["Attack", "Move"]
    # in the clients, it finds what parsing the whole module finds (checked on a few)
    for path in [p for p in _sources() if "game.engine" in p.read_text(encoding="utf-8")][:8]:
        text = path.read_text(encoding="utf-8")
        every = [(n.lineno, ast.dump(n, include_attributes=False))
                 for n in ast.walk(ast.parse(text)) if isinstance(n, ast.Import | ast.ImportFrom)
                 and any((getattr(n, "module", None) or a.name).startswith("game.engine")
                         for a in n.names)]
        assert [(n.lineno, ast.dump(n, include_attributes=False))
                for n in _engine_imports(text)] == sorted(every)


def _system_surfaces() -> dict[str, set[str]]:
    """Each system package under game.engine.rulesets that declares ``__all__``, by dotted
    name: the names it lets the clients import. The Fireteam rules' public names are
    game.engine's own (its ``__all__`` lists what the engine takes of it)."""
    found = {}
    for info in pkgutil.iter_modules(game.engine.rulesets.__path__):
        if not info.ispkg or info.name == "fireteam":
            continue
        name = f"game.engine.rulesets.{info.name}"
        names = getattr(importlib.import_module(name), "__all__", None)
        if names is not None:
            found[name] = set(names)
    return found


# what a client may import: game.engine's names, and each system package's
SURFACES: dict[str, set[str]] = {"game.engine": set(game.engine.__all__), **_system_surfaces()}


def test_every_public_name_exists() -> None:
    names = game.engine.__all__
    assert len(names) == len(set(names))
    for name in names:
        assert hasattr(game.engine, name), name
    assert len(SURFACES) >= 3  # the engine's and at least two systems' packages
    for package, public in SURFACES.items():
        module = importlib.import_module(package)
        assert all(hasattr(module, name) for name in public), package


def _wrong_imports(source: str, where: str) -> list[str]:
    """The imports of ``source`` that reach past the public surfaces (:data:`SURFACES`)."""
    wrong = []
    for node in _engine_imports(source):
        at = f"{where}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.Import):
            wrong += [f"{at}: import {a.name}" for a in node.names
                      if a.name.startswith("game.engine")]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game.engine"):
            public = SURFACES.get(node.module or "")
            if public is None:
                wrong.append(f"{at}: from {node.module} import ...")
                continue
            wrong += [f"{at}: {a.name} is not public" for a in node.names
                      if a.name not in public]
    return wrong


def test_a_system_package_is_a_public_surface_for_its_own_names_only() -> None:
    source = ("from game.engine.rulesets.skirmish import Shoot, profile_of\n"
              "from game.engine.rulesets.killteam import Seize\n"
              "from game.engine.rulesets.skirmish import RULES\n"
              "from game.engine.rulesets.skirmish.core import destroy\n"
              "from game.engine import Game\n")
    assert _wrong_imports(source, "x.py") == [
        "x.py:3: RULES is not public",
        "x.py:4: from game.engine.rulesets.skirmish.core import ..."]


def test_clients_import_the_engine_only_through_its_public_surface() -> None:
    wrong = []
    for path in _sources():
        wrong += _wrong_imports(path.read_text(encoding="utf-8"),
                                str(path.relative_to(REPO_ROOT)))
    assert wrong == []


def test_the_check_finds_a_private_import(tmp_path: Path) -> None:
    source = "from game.engine.game import Game\nfrom game.engine import flow\n"
    found = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.ImportFrom)]
    assert found[0].module != "game.engine"
    assert found[1].names[0].name not in game.engine.__all__


def test_clients_touch_no_private_attribute_of_a_game() -> None:
    pattern = re.compile(r"\b(game|trial|clone|world|ghost|copy|self\.game|scene\.game)"
                         r"\._[a-z]\w*")
    hits = [f"{p.relative_to(REPO_ROOT)}: {m.group(0)}" for p in _sources()
            for m in pattern.finditer(p.read_text(encoding="utf-8"))]
    assert hits == []

