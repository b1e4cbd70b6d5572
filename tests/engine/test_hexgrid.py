"""Tests of game.engine.hexgrid: labels, board shape, distance, half turn and exact visibility.

The visibility rules are docs/rules-decisions.md, "Visibility"; the board shape is
docs/rules-decisions.md, "The killzone and hex names". Line-of-sight results are cross-checked
against an independent exact method (the separating-axis theorem with strict / non-strict
comparisons) over every hex of the board.
"""

from __future__ import annotations

import copy
import pickle
from collections import deque
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import hexgrid
from game.engine.hexgrid import Grid, grid_for, label, parse_label
from tests.helpers import examples

# Deterministic, modest property tests; no example database on disk.
PROPERTY = settings(derandomize=True, max_examples=examples(60), deadline=None,
                    database=None)

GRID = Grid()
HEXES = GRID.hexes
hex_labels = st.sampled_from(HEXES)


# -- independent reference geometry ----------------------------------------------------------


def ref_centre(h: str) -> tuple[int, int]:
    """Centre from the formula of the module docstring, not from Grid."""
    q, r = parse_label(h)
    return 3 * q, 2 * r + (q & 1)


REF_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))
HEX_AXES = ((0, 1), (1, 1), (1, -1))  # normals of the hexagon's edges


def sat_meets(a: str, b: str, h: str, *, open_interior: bool) -> bool:
    """Whether segment centre(a)-centre(b) meets hex h (closed, or its open interior).

    Separating-axis test: the candidate axes are the three edge normals of the hexagon and the
    normal of the segment. Closed sets are disjoint iff some axis separates them strictly; the
    open interior is disjoint from the segment iff some axis separates them weakly.
    """
    (ax, ay), (bx, by) = ref_centre(a), ref_centre(b)
    cx, cy = ref_centre(h)
    corners = [(cx + u, cy + v) for u, v in REF_CORNERS]
    for nx, ny in (*HEX_AXES, (by - ay, ax - bx)):
        hex_proj = [nx * x + ny * y for x, y in corners]
        seg_proj = [nx * ax + ny * ay, nx * bx + ny * by]
        pmin, pmax = min(hex_proj), max(hex_proj)
        smin, smax = min(seg_proj), max(seg_proj)
        if open_interior:
            if smax <= pmin or pmax <= smin:
                return False
        elif smax < pmin or pmax < smin:
            return False
    return True


def reference_sets(grid: Grid, a: str, b: str) -> tuple[frozenset[str], frozenset[str]]:
    """(touched, interior) hexes of the segment a-b by brute force over the whole board."""
    others = [h for h in grid.hexes if h not in (a, b)]
    touched = frozenset(h for h in others if sat_meets(a, b, h, open_interior=False))
    interior = frozenset(h for h in others if sat_meets(a, b, h, open_interior=True))
    return touched, interior


# -- labels ----------------------------------------------------------------------------------


@PROPERTY
@given(st.integers(0, 25), st.integers(1, 999))
def test_label_round_trips(col: int, row: int) -> None:
    assert parse_label(label(col, row)) == (col, row)


def test_labels_of_the_board_round_trip() -> None:
    for h in HEXES:
        assert label(*parse_label(h)) == h
    assert label(0, 1) == "A1"
    assert label(14, 11) == "O11"
    assert parse_label("C3") == (2, 3)


@pytest.mark.parametrize("text", ["", "a1", "A0", "A01", "1A", "AA1", " A1", "A1 ", "A-1", "A"])
def test_parse_label_rejects_bad_text(text: str) -> None:
    with pytest.raises(ValueError, match="bad hex label"):
        parse_label(text)


def test_parse_label_rejects_non_text() -> None:
    with pytest.raises(ValueError):
        parse_label(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("col", "row"), [(-1, 1), (26, 1), (0, 0)])
def test_label_rejects_out_of_range(col: int, row: int) -> None:
    with pytest.raises(ValueError):
        label(col, row)


# -- board shape -----------------------------------------------------------------------------


def test_default_board_has_158_hexes_in_board_order() -> None:
    assert (GRID.columns, GRID.rows) == (15, 11)
    assert len(HEXES) == 158 == len(set(HEXES))
    assert HEXES[:12] == (*(f"A{r}" for r in range(1, 12)), "B1")
    assert HEXES[-1] == "O11"
    assert "B10" in HEXES and "B11" not in HEXES and "A11" in HEXES


def test_custom_board_shape() -> None:
    grid = Grid(5, 4)
    assert len(grid.hexes) == 3 * 4 + 2 * 3
    assert grid.hexes[:7] == ("A1", "A2", "A3", "A4", "B1", "B2", "B3")
    assert not grid.is_on_board("B4") and not grid.is_on_board("F1")


@pytest.mark.parametrize(
    ("h", "on_board"),
    [("A1", True), ("O11", True), ("N10", True), ("N11", False), ("P1", False), ("A12", False),
     ("a1", False), ("", False), ("A0", False)],
)
def test_is_on_board(h: str, on_board: bool) -> None:
    assert GRID.is_on_board(h) is on_board


def test_is_on_board_is_false_for_non_text() -> None:
    assert GRID.is_on_board(3) is False  # type: ignore[arg-type]


def test_centres_follow_the_formula() -> None:
    for h in HEXES:
        assert GRID.centre(h) == ref_centre(h)
    assert GRID.centre("A1") == (0, 2)
    assert GRID.centre("B1") == (3, 3)


@pytest.mark.parametrize(
    "kwargs",
    [{"blocked": ["P1"]}, {"cover": ["B11"]}, {"blocked": ["A1", "zz"]}],
)
def test_grid_rejects_labels_off_the_board(kwargs: dict[str, list[str]]) -> None:
    bad = next(h for h in next(iter(kwargs.values())) if not GRID.is_on_board(h))
    with pytest.raises(ValueError, match=bad):
        Grid(**kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("columns", "rows"), [(0, 11), (27, 11), (15, 0)])
def test_grid_rejects_bad_sizes(columns: int, rows: int) -> None:
    with pytest.raises(ValueError):
        Grid(columns, rows)


def test_methods_reject_hexes_off_the_board() -> None:
    grid = Grid()
    calls: list[Callable[[], object]] = [
        lambda: grid.neighbours("P1"),
        lambda: grid.centre("B11"),
        lambda: grid.distance("A1", "Z9"),
        lambda: grid.distance("Z9", "A1"),
        lambda: grid.within("A0", 2),
        lambda: grid.half_turn("N11"),
        lambda: grid.terrain_clear("A1", "P5"),
        lambda: grid.interior_hexes("P5", "A1"),
        lambda: grid.touched_hexes("A1", "a2"),
        lambda: grid.visible("A1", "B11", set()),
    ]
    for call in calls:
        with pytest.raises(ValueError):
            call()


# -- neighbours and distance -----------------------------------------------------------------


def test_neighbour_examples_of_the_ruling() -> None:
    assert set(GRID.neighbours("C3")) == {"C2", "C4", "B2", "B3", "D2", "D3"}
    assert set(GRID.neighbours("D3")) == {"D2", "D4", "C3", "C4", "E3", "E4"}
    assert GRID.neighbours("A1") == ("A2", "B1")
    assert set(GRID.neighbours("O11")) == {"O10", "N10"}
    assert set(GRID.neighbours("A11")) == {"A10", "B10"}


def test_neighbours_are_in_board_order_and_include_blocked() -> None:
    grid = Grid(blocked=["C2"])
    order = {h: i for i, h in enumerate(grid.hexes)}
    for h in grid.hexes:
        ns = grid.neighbours(h)
        assert list(ns) == sorted(ns, key=order.__getitem__)
    assert "C2" in grid.neighbours("C3")


def test_neighbours_are_exactly_the_hexes_at_distance_1() -> None:
    for h in HEXES:
        assert set(GRID.neighbours(h)) == {o for o in HEXES if GRID.distance(h, o) == 1}
        assert h not in GRID.neighbours(h)
        for n in GRID.neighbours(h):
            assert h in GRID.neighbours(n)


def test_distance_is_the_number_of_steps() -> None:
    """Breadth-first search over neighbours gives the same distances (the board is convex)."""
    for start in ("A1", "B10", "H6", "O11", "N1"):
        steps = {start: 0}
        queue = deque([start])
        while queue:
            h = queue.popleft()
            for n in GRID.neighbours(h):
                if n not in steps:
                    steps[n] = steps[h] + 1
                    queue.append(n)
        assert steps == {h: GRID.distance(start, h) for h in HEXES}
    assert GRID.distance("A1", "O11") == 17  # 14 columns, then 3 more rows down
    assert GRID.distance("A1", "A11") == 10
    assert GRID.distance("C3", "E3") == 2


@PROPERTY
@given(hex_labels, hex_labels, hex_labels)
def test_distance_is_a_metric(a: str, b: str, c: str) -> None:
    assert GRID.distance(a, b) == GRID.distance(b, a)
    assert (GRID.distance(a, b) == 0) == (a == b)
    assert GRID.distance(a, c) <= GRID.distance(a, b) + GRID.distance(b, c)


@PROPERTY
@given(hex_labels, st.integers(-1, 6))
def test_within(h: str, n: int) -> None:
    expected = tuple(o for o in HEXES if GRID.distance(h, o) <= n)
    assert GRID.within(h, n) == expected
    if n >= 0:
        assert h in GRID.within(h, n)
    if n == 1:
        assert set(GRID.within(h, 1)) == {h, *GRID.neighbours(h)}


# -- half turn -------------------------------------------------------------------------------


def test_half_turn_examples() -> None:
    assert GRID.half_turn("A1") == "O11"
    assert GRID.half_turn("O11") == "A1"
    assert GRID.half_turn("B1") == "N10"
    assert GRID.half_turn("H1") == "H10"  # H is a short column
    assert GRID.half_turn("H6") == "H5"  # the board's centre is an edge midpoint, not a hex
    assert GRID.half_turn("G1") == "I11"


def test_half_turn_is_a_point_reflection_of_the_board() -> None:
    for grid in (GRID, Grid(5, 4), Grid(1, 3)):
        images = {grid.half_turn(h) for h in grid.hexes}
        assert images == set(grid.hexes)
        for h in grid.hexes:
            x, y = grid.centre(h)
            assert grid.centre(grid.half_turn(h)) == (
                3 * (grid.columns - 1) - x,
                2 * (grid.rows + 1) - y,
            )


@PROPERTY
@given(hex_labels, hex_labels)
def test_half_turn_is_an_involution_preserving_distance(a: str, b: str) -> None:
    assert GRID.half_turn(GRID.half_turn(a)) == a
    assert GRID.distance(GRID.half_turn(a), GRID.half_turn(b)) == GRID.distance(a, b)


def test_half_turn_needs_an_odd_number_of_columns() -> None:
    with pytest.raises(ValueError, match="half-turn"):
        Grid(4, 5).half_turn("A1")


# -- visibility: the rulings' examples -------------------------------------------------------


def test_line_along_an_edge_is_not_blocked_by_operatives_but_by_terrain() -> None:
    # C3 -> E3 runs exactly along the edge between D2 and D3.
    assert GRID.interior_hexes("C3", "E3") == frozenset()
    assert GRID.touched_hexes("C3", "E3") == {"D2", "D3"}
    assert GRID.visible("C3", "E3", {"D2", "D3"})
    assert GRID.visible("E3", "C3", {"D2", "D3"})
    for wall in ("D2", "D3"):
        grid = Grid(blocked=[wall])
        assert not grid.terrain_clear("C3", "E3")
        assert not grid.visible("C3", "E3", set())
        assert not grid.visible("E3", "C3", set())


def test_line_through_a_corner_is_blocked_by_terrain_only() -> None:
    # A1 (0, 2) -> E4 (12, 8) passes exactly through corner (4, 4) of B2 and (8, 6) of D2.
    assert GRID.touched_hexes("A1", "E4") - GRID.interior_hexes("A1", "E4") == {"B2", "D2"}
    assert GRID.visible("A1", "E4", {"B2", "D2"})
    for wall in ("B2", "D2"):
        assert not Grid(blocked=[wall]).visible("A1", "E4", set())
    assert not GRID.visible("A1", "E4", {"C2"})  # squarely crossed


def test_operative_squarely_between_blocks() -> None:
    assert GRID.interior_hexes("C3", "C5") == {"C4"}
    assert not GRID.visible("C3", "C5", {"C4"})
    assert GRID.visible("C3", "C5", {"C2", "C6", "B3", "D4"})
    assert not Grid(blocked=["C4"]).visible("C3", "C5", set())


def test_end_hexes_are_ignored() -> None:
    grid = Grid(blocked=["C3", "C5"])
    assert grid.terrain_clear("C3", "C5")
    assert grid.visible("C3", "C5", {"C3", "C5"})
    assert "C3" not in grid.touched_hexes("C3", "C5")


def test_a_hex_sees_itself() -> None:
    grid = Grid(blocked=["C3"])
    assert grid.visible("C3", "C3", {"C3"})
    assert grid.interior_hexes("C3", "C3") == frozenset()


def test_adjacent_hexes_always_see_each_other() -> None:
    walled = Grid(blocked=HEXES)
    for a in HEXES:
        for b in GRID.neighbours(a):
            assert GRID.touched_hexes(a, b) == frozenset()
            assert walled.visible(a, b, set(HEXES))


def test_blocked_hexes_elsewhere_do_not_matter() -> None:
    grid = Grid(blocked=["H6", "A11"], cover=["C4"])
    assert grid.visible("C3", "C5", set())
    assert not grid.visible("G6", "I6", set())


# -- visibility: properties and the reference ------------------------------------------------


@PROPERTY
@given(hex_labels, hex_labels)
def test_line_of_sight_is_symmetric(a: str, b: str) -> None:
    forward, backward = Grid(), Grid()  # fresh grids: no shared cache entry
    assert forward.interior_hexes(a, b) == backward.interior_hexes(b, a)
    assert forward.touched_hexes(a, b) == backward.touched_hexes(b, a)


@PROPERTY
@given(
    hex_labels,
    hex_labels,
    st.frozensets(hex_labels, max_size=25),
    st.frozensets(hex_labels, max_size=12),
)
def test_visible_follows_its_definition(
    a: str, b: str, blocked: frozenset[str], occupied: frozenset[str]
) -> None:
    forward, backward = Grid(blocked=blocked), Grid(blocked=blocked)
    touched, interior = reference_sets(forward, a, b) if a != b else (frozenset(), frozenset())
    terrain = touched.isdisjoint(blocked)
    expected = terrain and interior.isdisjoint(occupied - {a, b})
    assert forward.terrain_clear(a, b) is terrain
    assert forward.visible(a, b, occupied) is expected
    assert backward.visible(b, a, occupied) is expected
    assert forward.visible(a, b, occupied | {a, b}) is expected


@PROPERTY
@given(hex_labels, hex_labels)
def test_line_of_sight_matches_the_separating_axis_reference(a: str, b: str) -> None:
    if a == b:
        return
    touched, interior = reference_sets(GRID, a, b)
    assert GRID.touched_hexes(a, b) == touched
    assert GRID.interior_hexes(a, b) == interior
    assert interior <= touched


@pytest.mark.parametrize("origin", [  # a corner and the centre in the fast tier
    "A1", "H6", *(pytest.param(h, marks=pytest.mark.slow) for h in ("B1", "D3", "N10"))])
def test_line_of_sight_matches_the_reference_from_fixed_hexes(origin: str) -> None:
    grid = Grid()
    for b in grid.hexes:
        if b != origin:
            touched, interior = reference_sets(grid, origin, b)
            assert grid.touched_hexes(origin, b) == touched, b
            assert grid.interior_hexes(origin, b) == interior, b


def test_line_of_sight_matches_the_reference_on_a_small_board_exhaustively() -> None:
    grid = Grid(5, 5)
    for i, a in enumerate(grid.hexes):
        for b in grid.hexes[i + 1 :]:
            touched, interior = reference_sets(grid, a, b)
            assert grid.touched_hexes(a, b) == touched, (a, b)
            assert grid.interior_hexes(a, b) == interior, (a, b)


def test_visible_is_cached_per_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    grid = Grid(blocked=["H6"])
    assert grid.visible("C3", "C5", set())
    assert not grid.visible("G6", "I6", set())

    def fail(self: Grid, a: str, b: str) -> object:
        raise AssertionError(f"recomputed {a}-{b}")

    monkeypatch.setattr(Grid, "_sight_of", fail)
    assert grid.visible("C3", "C5", set())
    assert not grid.visible("C5", "C3", {"C4"})
    assert not grid.visible("I6", "G6", set())


# -- sharing ---------------------------------------------------------------------------------


def test_grid_for_shares_one_grid_per_map() -> None:
    first = grid_for(15, 11, ("C4", "H6"), ("D2",))
    assert grid_for(15, 11, ("H6", "C4"), ("D2",)) is first
    assert grid_for(15, 11, ("C4", "H6"), ()) is not first
    assert first.blocked == {"C4", "H6"} and first.cover == {"D2"}
    assert first == Grid(blocked=["H6", "C4"], cover=["D2"])
    assert hash(first) == hash(Grid(blocked=["H6", "C4"], cover=["D2"]))
    with pytest.raises(ValueError, match="P1"):
        grid_for(15, 11, ("P1",), ())


def test_copies_and_pickles_share_the_grid() -> None:
    grid = grid_for(15, 11, ("H6",), ())
    assert copy.copy(grid) is grid
    assert copy.deepcopy({"g": grid})["g"] is grid
    assert pickle.loads(pickle.dumps(grid)) is grid
    assert pickle.loads(pickle.dumps(Grid(blocked=["H6"]))) is grid


def test_module_exports() -> None:
    assert set(hexgrid.__all__) >= {"Grid", "grid_for", "label", "parse_label"}
    assert len(hexgrid.CORNER_OFFSETS) == 6
