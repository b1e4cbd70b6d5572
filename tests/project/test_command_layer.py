"""The command line is one layer (docs/development.md, "Layout"): every command's arguments and
``main()`` live in ``game/cli/``, which may import any library; no library outside it defines a
``main()``, runs as ``__main__`` or imports ``game.cli``. A package's ``__main__.py``
(``python -m game``, ``python -m game.content``, ``python -m game.scenario``) only hands over
to a module of ``game/cli``."""

from __future__ import annotations

import ast
from pathlib import Path

from game.content import REPO_ROOT

GAME = REPO_ROOT / "game"
CLI = GAME / "cli"


def _imported(tree: ast.Module) -> list[str]:
    """Every module an import statement of ``tree`` names, at any depth."""
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names += [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def _runs_as_main(tree: ast.Module) -> bool:
    return any(isinstance(node, ast.If) and "__main__" in ast.unparse(node.test)
               for node in tree.body)


def problems(root: Path) -> list[str]:
    """What breaks the layering under the package ``root`` (its ``cli`` folder is the layer)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root.parent)
        if path.is_relative_to(root / "cli"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        cli = [n for n in _imported(tree) if n == "game.cli" or n.startswith("game.cli.")]
        if path.name == "__main__.py":
            body = [n for n in tree.body if not (isinstance(n, ast.Expr)
                                                 and isinstance(n.value, ast.Constant))]
            if len(body) > 3 or not cli:
                found.append(f"{where}: a __main__.py only hands over to game/cli "
                             "(import sys, import main from game.cli, sys.exit(main()))")
            continue
        if cli:
            found.append(f"{where}: imports {cli[0]} (a library never imports the command line)")
        if any(isinstance(n, ast.FunctionDef) and n.name == "main" for n in tree.body):
            found.append(f"{where}: defines main() (commands live in game/cli)")
        if _runs_as_main(tree):
            found.append(f"{where}: runs as __main__ (commands live in game/cli)")
    return found


def test_the_check_finds_each_breach(tmp_path: Path) -> None:
    root = tmp_path / "game"
    (root / "cli").mkdir(parents=True)
    (root / "lib").mkdir()
    (root / "cli" / "tool.py").write_text("from game.lib import x\n\ndef main():\n    pass\n")
    (root / "lib" / "ok.py").write_text('"""A library."""\nimport sys\n')
    (root / "__main__.py").write_text('"""Doc."""\nimport sys\n\nfrom game.cli.tool import main'
                                      '\n\nsys.exit(main())\n')
    assert problems(root) == []
    (root / "lib" / "bad.py").write_text("from game.cli.args import Parser\n\n\ndef main():\n"
                                         "    pass\n\n\nif __name__ == '__main__':\n"
                                         "    main()\n")
    (root / "lib" / "__main__.py").write_text("import sys\n\ndef main():\n    pass\n\n"
                                              "sys.exit(main())\n")
    assert problems(root) == [
        "game/lib/__main__.py: a __main__.py only hands over to game/cli (import sys, import "
        "main from game.cli, sys.exit(main()))",
        "game/lib/bad.py: imports game.cli.args (a library never imports the command line)",
        "game/lib/bad.py: defines main() (commands live in game/cli)",
        "game/lib/bad.py: runs as __main__ (commands live in game/cli)",
    ]


def test_every_command_lives_in_game_cli() -> None:
    assert problems(GAME) == []
