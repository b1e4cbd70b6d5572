"""The developer's guide names every module of ``game/``: its layout section is what
``tools/gen_layout_doc.py`` writes from the modules' own docstrings."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import tool_module

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "development.md"


def test_the_guide_lists_every_module_of_game_under_its_folder() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    listed: set[str] = set()
    folder = ""
    for line in text.splitlines():
        if m := re.match(r"### `(game[^`]*)/`", line):
            folder = m.group(1)
        elif m := re.match(r"- `([a-z_]+\.py)`: \S", line):
            listed.add(f"{folder}/{m.group(1)}")
    modules = {p.relative_to(ROOT).as_posix() for p in (ROOT / "game").rglob("*.py")
               if "__pycache__" not in p.parts and "_data" not in p.parts}
    assert modules - listed == set(), "run python tools/gen_layout_doc.py"
    assert listed - modules == set(), "the guide lists modules that are gone"


def test_the_layout_is_what_the_docstrings_say_now() -> None:
    gen = tool_module("gen_layout_doc")
    text = GUIDE.read_text(encoding="utf-8")
    assert gen.replace_section(text) == text, "run python tools/gen_layout_doc.py"
    assert "(no docstring)" not in text and "(a folder without" not in text
