"""The scenario loader refuses an operative standing on a blocked hex, naming the file, the
line and the hex, as the content checks do for an objective on one."""

from __future__ import annotations

import pytest

from game.scenario.loader import Malformed
from tests.helpers import scenario

FILE = """\
name: an operative inside a wall
killzone: {columns: 9, rows: 7, blocked: [D4, E4]}
operatives:
  - {id: a, player: 1, card: assault_intercessor, at: B2}
  - {id: b, player: 2, card: ork_boy, at: %s}
start: {phase: firefight}
"""


def test_an_operative_on_a_blocked_hex_is_refused_with_file_line_and_hex() -> None:
    with pytest.raises(Malformed) as refused:
        scenario(FILE % "E4", file="walled.yaml")
    (line,) = refused.value.lines
    assert line.startswith("walled.yaml:5: operatives.1.at: ")
    assert "'b'" in line and "'E4'" in line and "blocked" in line


def test_the_same_operative_on_an_open_hex_loads() -> None:
    assert scenario(FILE % "E5").game.state.operatives["b"].hex == "E5"
