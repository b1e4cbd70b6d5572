"""The arena runs (a few cheap games) and ends with the line issue 11 specifies."""

from __future__ import annotations

import re

import pytest

from game.ai import arena

pytestmark = pytest.mark.slow  # whole games between computer players

LAST = re.compile(r"^(\w+) v (\w+): (\d+) wins, (\d+) losses, (\d+) draws; \1's decisions "
                  r"median \d+\.\d+ s, p95 \d+\.\d+ s; turns median \d+\.\d+ s$")


def test_arena_last_line(capsys) -> None:  # type: ignore[no-untyped-def]
    assert arena.main(["--a", "greedy", "--b", "random", "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    match = LAST.match(lines[-1])
    assert match, lines[-1]
    assert match.group(1, 2) == ("greedy", "random")
    assert sum(int(match.group(i)) for i in (3, 4, 5)) == 2


def test_arena_with_a_searching_level(capsys) -> None:  # type: ignore[no-untyped-def]
    assert arena.main(["--a", "easy", "--b", "normal", "--games", "1", "--seed", "5",
                       "--mission", "dual_strike", "--fireteams", "gideon",
                       "deathless_destroyers", "--quiet"]) == 0
    assert LAST.match(capsys.readouterr().out.strip().splitlines()[-1])
