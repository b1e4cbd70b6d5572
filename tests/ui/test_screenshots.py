"""Every picture README.md shows is made by ``tools/screenshots.py``, and each committed picture
is exactly (decoded pixel for pixel) what the tool renders now: a changed screen fails here
until ``python tools/screenshots.py`` is run and its pictures committed."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from tests.helpers import tool_module

ROOT = Path(__file__).resolve().parents[2]
TOOL = tool_module("screenshots")


def test_the_tool_makes_every_picture_readme_shows() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"!\[[^\]]*\]\(([^)]+\.png)\)", readme))
    assert shown, "README shows no pictures?"
    assert shown == set(TOOL.PICTURES)


# the three costliest pictures (a tutorial step, a rules page, the set-up) only in the slow
# tier; their screens are drawn and checked in the fast tier by test_tutorial,
# test_rules_help and the set-up tests of test_swap_shown and test_ui_bugs
COSTLY = {"docs/screenshots/tutorial.png", "docs/screenshots/rules.png",
          "docs/screenshots/setup.png"}


@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if p in COSTLY else p
                                  for p in sorted(TOOL.PICTURES)])
def test_committed_picture_matches_what_the_tool_renders(catalogue, path: str) -> None:
    surface = TOOL.PICTURES[path](catalogue)
    problem = TOOL.differs(ROOT / path, surface)
    assert problem is None, f"{path} is out of date ({problem}): run python tools/screenshots.py"


def test_a_changed_pixel_is_noticed(tmp_path: Path) -> None:
    picture = pygame.Surface((8, 6))
    picture.fill((10, 20, 30))
    path = tmp_path / "p.png"
    pygame.image.save(picture, str(path))
    assert TOOL.differs(path, picture) is None
    picture.set_at((3, 2), (10, 20, 31))
    assert TOOL.differs(path, picture) == "1 of 48 pixels differ"
    assert TOOL.differs(path, pygame.Surface((8, 7))) == "size (8, 6), rendered (8, 7)"
    assert TOOL.differs(tmp_path / "none.png", picture) == "missing"
