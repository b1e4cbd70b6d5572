"""``game/`` holds no module outside a folder of its role: only the package's ``__init__.py``
and ``__main__.py`` (``python -m game``) sit at its top (docs/development.md, "Layout"). A new
module goes into the folder a newcomer would look in: ``cli/``, ``scenario/``, ``services/``,
``help/``, ``engine/``, ``ai/``, ``content/``, ``net/``, ``ui/`` or ``uitest/``."""

from __future__ import annotations

from pathlib import Path

from game.content import REPO_ROOT

ALLOWED = {"__init__.py", "__main__.py"}


def loose_modules(package: Path) -> list[str]:
    """The modules at the top of ``package`` that are not allowed there."""
    return sorted(p.name for p in package.glob("*.py") if p.name not in ALLOWED)


def test_the_check_finds_a_loose_module(tmp_path: Path) -> None:
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "__main__.py").write_text("")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "tool.py").write_text("")
    assert loose_modules(tmp_path) == []
    (tmp_path / "stray.py").write_text("")
    assert loose_modules(tmp_path) == ["stray.py"]


def test_game_holds_no_module_outside_a_folder() -> None:
    game = REPO_ROOT / "game"
    assert (game / "__init__.py").is_file()
    assert loose_modules(game) == [], (
        "move these into the folder of their role (docs/development.md, Layout)")
