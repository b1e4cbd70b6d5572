"""The scenario loader refuses an operative standing on a blocked hex, naming the file, the
line and the hex, as the content checks do for an objective on one."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import load_catalogue
from game.scenario import Malformed, load_scenario

FILE = """\
name: an operative inside a wall
killzone: {columns: 9, rows: 7, blocked: [D4, E4]}
operatives:
  - {id: a, player: 1, card: assault_intercessor, at: B2}
  - {id: b, player: 2, card: ork_boy, at: %s}
start: {phase: firefight}
"""


def test_an_operative_on_a_blocked_hex_is_refused_with_file_line_and_hex(
        tmp_path: Path) -> None:
    path = tmp_path / "walled.yaml"
    path.write_text(FILE % "E4")
    with pytest.raises(Malformed) as refused:
        load_scenario(path, load_catalogue())
    (line,) = refused.value.lines
    assert line.startswith(f"{path}:5: operatives.1.at: ")
    assert "'b'" in line and "'E4'" in line and "blocked" in line


def test_the_same_operative_on_an_open_hex_loads(tmp_path: Path) -> None:
    path = tmp_path / "open.yaml"
    path.write_text(FILE % "E5")
    assert load_scenario(path, load_catalogue()).game.state.operatives["b"].hex == "E5"
