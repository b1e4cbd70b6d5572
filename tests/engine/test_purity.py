"""The engine never imports pygame (it must run headless and in any process)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "game" / "engine"


def test_no_engine_module_imports_pygame() -> None:
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            assert not any(n.split(".")[0] == "pygame" for n in names), path


def test_importing_the_whole_engine_loads_no_pygame() -> None:
    code = ("import sys, pkgutil, importlib, game.engine as e\n"
            "for m in pkgutil.iter_modules(e.__path__): importlib.import_module('game.engine.'"
            " + m.name)\n"
            "import game.scenario.loader, game.cli.simulate, game.cli.odds\n"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
