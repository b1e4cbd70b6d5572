"""A seeded full game must replay to the same transcript (regenerate: python -m game.cli.golden)."""

from __future__ import annotations

import difflib

from game.cli.golden import GOLDEN, transcript


def test_seeded_game_matches_the_golden_transcript() -> None:
    expected = GOLDEN.read_text(encoding="utf-8")
    actual = transcript()
    diff = "".join(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True),
                                        "golden", "now", n=2))
    assert actual == expected, "the seeded game changed:\n" + diff[:4000]
