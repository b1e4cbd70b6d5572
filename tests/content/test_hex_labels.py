"""Content and engine agree on hex names: the content loader accepts exactly the labels the
engine's hexgrid puts on a board (no leading zeros, no lower case, lower-set columns one hex
shorter), so a file that loads never names a hex the game cannot find."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.content import hex_problem, is_hex_on_board
from game.engine.hexgrid import grid_for, parse_label

LABELS = st.one_of(
    st.builds(lambda c, z, r: f"{c}{z}{r}", st.sampled_from("ABCDEFGHIJKLMNOPQRSTUVWXYZabcz"),
              st.sampled_from(["", "", "", "0", "00", " "]), st.integers(-2, 120)),
    st.text(alphabet="ABCOPZaco0123456789 +-_٣", max_size=5),
)


def engine_accepts(label: str, columns: int, rows: int) -> bool:
    return grid_for(columns, rows, (), ()).is_on_board(label)


@given(LABELS, st.integers(1, 26), st.integers(1, 20))
def test_content_accepts_exactly_the_labels_the_engine_puts_on_the_board(
        label: str, columns: int, rows: int) -> None:
    assert is_hex_on_board(label, columns, rows) == engine_accepts(label, columns, rows)
    problem = hex_problem(label, columns, rows)
    assert (problem is None) == engine_accepts(label, columns, rows)
    if problem is not None:
        assert "hex" in problem


@pytest.mark.parametrize("label, ok", [
    ("C6", True), ("C06", False), ("c6", False), ("A0", False), ("P1", False), ("O1", True),
    ("B11", False), ("B10", True), ("A11", True), ("A12", False), ("C 6", False),
    ("C٣", False), ("", False),
])
def test_known_labels_on_the_default_board(label: str, ok: bool) -> None:
    assert is_hex_on_board(label) is ok
    assert engine_accepts(label, 15, 11) is ok


def test_every_hex_of_a_board_is_accepted_and_parses() -> None:
    grid = grid_for(7, 5, (), ())
    for label in grid.hexes:
        assert hex_problem(label, 7, 5) is None
        parse_label(label)


def test_a_leading_zero_is_refused_with_a_reason() -> None:
    problem = hex_problem("C06")
    assert problem is not None and "leading zeros" in problem
