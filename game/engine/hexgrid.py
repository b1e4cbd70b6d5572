"""Hex coordinates of the killzone: labels, neighbours, distance and exact line of sight.

The board (docs/rules-decisions.md, "The killzone and hex names") is a field of flat-topped
hexes laid out "odd-q": ``columns`` columns lettered ``A``, ``B``, ... from left to right, rows
numbered from 1 at the top. The 2nd, 4th, ... columns (``B``, ``D``, ..., odd 0-based index)
sit half a hex lower than their neighbours and hold ``rows - 1`` hexes; the others hold
``rows``. The default 15 x 11 board has 158 hexes. Every hex is named by its label, such as
``"A1"`` or ``"O11"``, and everything in this module is keyed by label.

Geometry is exact. Scaling x by 2 and y by 2/sqrt(3) (an affine map, which keeps every
intersection) puts hex centres and corners on integer coordinates: with hex size 1 the centre of
column ``q`` (0-based), row ``r`` (1-based) is ``(3q, 2r + (q & 1))`` and its corners lie at
``centre + (+-2, 0)`` and ``centre + (+-1, +-1)``. A point ``(u, v)`` relative to a centre lies
in the closed hexagon iff ``|v| <= 1`` and ``|u| + |v| <= 2``. Line-of-sight tests clip the
segment between two centres against those half-planes in integer arithmetic (Cyrus-Beck), never
in floating point: many lines run exactly along an edge or through a corner.

Visibility (docs/rules-decisions.md, "Visibility"): a blocked hex breaks it if the segment meets
the closed hexagon (edges, corners included); a hex holding another operative breaks it only if the
segment passes through its open interior. Results are cached per pair of hexes, so after the
first query of a pair :meth:`Grid.visible` is a dict lookup plus a set-disjointness check.
Use :func:`grid_for` so games on the same map share one :class:`Grid` and its caches.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from collections.abc import Set as AbstractSet
from typing import Any

__all__ = [
    "CORNER_OFFSETS",
    "Grid",
    "grid_for",
    "label",
    "parse_label",
]

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
MAX_COLUMNS = len(LETTERS)

# Corners of a hex relative to its centre, in the scaled integer coordinates of Grid.centre,
# counter-clockwise in screen terms starting at the right-hand corner (y grows downwards).
CORNER_OFFSETS: tuple[tuple[int, int], ...] = (
    (2, 0),
    (1, 1),
    (-1, 1),
    (-2, 0),
    (-1, -1),
    (1, -1),
)

# The hexagon as six half-planes n . (p - centre) <= k, written (nx, ny, k).
_HALF_PLANES: tuple[tuple[int, int, int], ...] = (
    (0, 1, 1),
    (0, -1, 1),
    (1, 1, 2),
    (-1, 1, 2),
    (-1, -1, 2),
    (1, -1, 2),
)

# Centre offsets of the six neighbours in scaled coordinates.
_NEIGHBOUR_OFFSETS: tuple[tuple[int, int], ...] = (
    (0, -2),
    (0, 2),
    (-3, -1),
    (-3, 1),
    (3, -1),
    (3, 1),
)

_LABEL_RE = re.compile(r"([A-Z])([1-9][0-9]*)")

# Cached per pair: (terrain clear, hexes whose open interior the segment crosses,
# hexes whose closed hexagon the segment meets). Both sets exclude the two end hexes.
_Sight = tuple[bool, frozenset[str], frozenset[str]]


def label(col: int, row: int) -> str:
    """Return the label of the hex in 0-based column ``col`` and 1-based ``row`` (``0, 1 -> "A1"``).

    Raises ValueError if the column is not in 0..25 or the row is below 1. Whether the hex is
    on a particular board is :meth:`Grid.is_on_board`'s business.
    """
    if not 0 <= col < MAX_COLUMNS:
        raise ValueError(f"column index {col} is out of range: columns are 0..{MAX_COLUMNS - 1}")
    if row < 1:
        raise ValueError(f"row {row} is out of range: rows are numbered from 1")
    return f"{LETTERS[col]}{row}"


def parse_label(text: str) -> tuple[int, int]:
    """Split a hex label into (0-based column, 1-based row): ``"C3" -> (2, 3)``.

    Raises ValueError if ``text`` is not an upper-case column letter followed by a row number
    from 1 without leading zeros (such as ``"C3"`` or ``"O11"``). It does not check that the
    hex is on any board.
    """
    match = _LABEL_RE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(
            f"bad hex label {text!r}: expected a column letter A-Z and a row number from 1, "
            "such as 'C3'"
        )
    return LETTERS.index(match.group(1)), int(match.group(2))


def _clip(
    ax: int, ay: int, dx: int, dy: int, cx: int, cy: int, strict: bool
) -> bool:
    """Whether the segment (ax, ay) + t (dx, dy), t in [0, 1], meets the hexagon at (cx, cy).

    ``strict=False`` tests the closed hexagon, ``strict=True`` its open interior. Cyrus-Beck
    clipping of t with every bound kept as an exact fraction num/den (den > 0).
    """
    lo_num, lo_den = 0, 1
    hi_num, hi_den = 1, 1
    rx = ax - cx
    ry = ay - cy
    for nx, ny, k in _HALF_PLANES:
        # Inside this half-plane at t iff f + t * g <= 0 (< 0 when strict).
        f = nx * rx + ny * ry - k
        g = nx * dx + ny * dy
        if g == 0:
            if f > 0 or (strict and f == 0):
                return False
        elif g > 0:
            # t <= -f / g
            if -f * hi_den < hi_num * g:
                hi_num, hi_den = -f, g
        else:
            # t >= f / -g
            if f * lo_den > lo_num * -g:
                lo_num, lo_den = f, -g
    if strict:
        # Only the bounds 0 and 1 are non-strict, and they cannot meet, so the strict feasible
        # set is non-empty iff lo < hi.
        return lo_num * hi_den < hi_num * lo_den
    return lo_num * hi_den <= hi_num * lo_den


class Grid:
    """One killzone map: its size, blocked hexes and cover hexes, with cached geometry.

    A Grid never changes after construction; treat it as a value. Copying returns the same
    object and pickling goes through :func:`grid_for`, so its caches are never duplicated.
    Methods taking a hex label raise ValueError naming the label if it is malformed or off
    the board (``visible`` checks only on the first query of a pair).
    """

    __slots__ = (
        "columns",
        "rows",
        "hexes",
        "blocked",
        "cover",
        "_centres",
        "_cubes",
        "_at",
        "_neighbours",
        "_open",
        "adjacency",
        "open_adjacency",
        "onward",
        "_distance",
        "_within",
        "_sight",
    )

    columns: int
    rows: int
    hexes: tuple[str, ...]
    blocked: frozenset[str]
    cover: frozenset[str]
    # (plain attributes, not properties: the listings read them at every action)
    adjacency: dict[str, tuple[str, ...]]
    """Every hex's :meth:`neighbours`, as one mapping for tight loops (do not change it)."""
    open_adjacency: dict[str, tuple[str, ...]]
    """Every hex's :meth:`neighbours` that are not blocked, in board order: the steps a move
    may take, for tight loops (do not change it)."""
    onward: dict[str, dict[str, tuple[str, ...]]]
    """For each hex and each of its unblocked neighbours it may be entered from, the
    unblocked neighbours of the hex that are neither that one nor next to it, in board order
    (do not change it): a breadth-first search that entered the hex from there has already
    looked at the others."""

    def __init__(
        self,
        columns: int = 15,
        rows: int = 11,
        blocked: Iterable[str] = (),
        cover: Iterable[str] = (),
    ) -> None:
        """Build the board of ``columns`` x ``rows`` with the given blocked and cover hexes.

        Raises ValueError if ``columns`` is not in 1..26, ``rows`` is below 1, or a blocked or
        cover label is malformed or off the board (the message names it).
        """
        if not 1 <= columns <= MAX_COLUMNS:
            raise ValueError(f"a board has 1..{MAX_COLUMNS} columns, not {columns}")
        if rows < 1:
            raise ValueError(f"a board has at least 1 row, not {rows}")
        self.columns = columns
        self.rows = rows
        hexes: list[str] = []
        self._centres: dict[str, tuple[int, int]] = {}
        self._cubes: dict[str, tuple[int, int, int]] = {}
        self._at: dict[tuple[int, int], str] = {}
        for q in range(columns):
            for r in range(1, self._column_length(q) + 1):
                h = label(q, r)
                hexes.append(h)
                centre = (3 * q, 2 * r + (q & 1))
                self._centres[h] = centre
                self._at[centre] = h
                # Cube coordinates of odd-q offset coordinates (row 0-based).
                x = q
                z = (r - 1) - (q - (q & 1)) // 2
                self._cubes[h] = (x, -x - z, z)
        self.hexes = tuple(hexes)
        self.blocked = self._checked(blocked, "blocked")
        self.cover = self._checked(cover, "cover")
        order = {h: i for i, h in enumerate(self.hexes)}
        self._neighbours: dict[str, tuple[str, ...]] = {}
        for h, (x, y) in self._centres.items():
            spots = ((x + ox, y + oy) for ox, oy in _NEIGHBOUR_OFFSETS)
            found = [self._at[p] for p in spots if p in self._at]
            self._neighbours[h] = tuple(sorted(found, key=order.__getitem__))
        self._open = {h: tuple(n for n in near if n not in self.blocked)
                      for h, near in self._neighbours.items()}
        self.adjacency = self._neighbours
        self.open_adjacency = self._open
        near = {h: {h, *around} for h, around in self._neighbours.items()}
        self.onward = {h: {came: tuple(n for n in steps if n not in near[came])
                           for came in steps}
                       for h, steps in self._open.items()}
        self._distance: dict[str, dict[str, int]] = {}
        self._within: dict[tuple[str, int], tuple[str, ...]] = {}
        self._sight: dict[str, dict[str, _Sight]] = {}

    # -- value semantics ---------------------------------------------------------------------

    def _key(self) -> tuple[int, int, frozenset[str], frozenset[str]]:
        return (self.columns, self.rows, self.blocked, self.cover)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Grid):
            return NotImplemented
        return self is other or self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"Grid(columns={self.columns}, rows={self.rows}, "
            f"blocked={sorted(self.blocked)}, cover={sorted(self.cover)})"
        )

    def __copy__(self) -> Grid:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Grid:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            grid_for,
            (self.columns, self.rows, tuple(sorted(self.blocked)), tuple(sorted(self.cover))),
        )

    # -- helpers -----------------------------------------------------------------------------

    def _column_length(self, q: int) -> int:
        return self.rows - 1 if q & 1 else self.rows

    def _checked(self, labels: Iterable[str], what: str) -> frozenset[str]:
        result = frozenset(labels)
        for h in sorted(result, key=str):
            self._require(h, what)
        return result

    def _require(self, h: str, what: str = "hex") -> None:
        """Raise ValueError naming ``h`` unless it is the label of a hex on this board."""
        if not (isinstance(h, str) and h in self._centres):
            raise self._bad_hex(h, what)

    def _bad_hex(self, h: str, what: str = "hex") -> ValueError:
        """The error to raise for ``h``, which is malformed or not on this board."""
        try:
            parse_label(h)
        except ValueError as error:
            return error
        return ValueError(
            f"{what} {h!r} is not on the {self.columns}x{self.rows} board "
            f"(columns A-{LETTERS[self.columns - 1]}, rows 1-{self.rows} in columns "
            f"A, C, ... and 1-{self.rows - 1} in columns B, D, ...)"
        )

    # -- coordinates -------------------------------------------------------------------------

    def is_on_board(self, h: str) -> bool:
        """Whether ``h`` is the label of a hex of this board (False for malformed text too)."""
        return isinstance(h, str) and h in self._centres

    def centre(self, h: str) -> tuple[int, int]:
        """The integer centre of hex ``h``: ``(3q, 2r + (q & 1))`` for column q, row r.

        This is the module's scaled coordinate system (x doubled, y times 2/sqrt(3), y grows
        downwards). A renderer gets screen pixels as ``(x * size / 2, y * size * sqrt(3) / 2)``
        for hexes of circumradius ``size``. Raises ValueError if ``h`` is not on the board.
        """
        try:
            return self._centres[h]
        except KeyError:
            raise self._bad_hex(h) from None

    def neighbours(self, h: str) -> tuple[str, ...]:
        """The on-board hexes adjacent to ``h`` (blocked ones included), in board order.

        Board order is the order of :attr:`hexes`. Raises ValueError if ``h`` is not on the board.
        """
        try:
            return self._neighbours[h]
        except KeyError:
            raise self._bad_hex(h) from None

    def distance(self, a: str, b: str) -> int:
        """The distance between hexes ``a`` and ``b`` in hex steps (cube distance).

        Raises ValueError if either is not on the board.
        """
        try:
            return self._distance[a][b]
        except KeyError:
            pass
        self._require(a)
        self._require(b)
        row = self._distance.get(a)
        if row is None:
            ax, ay, az = self._cubes[a]
            row = {
                h: max(abs(ax - x), abs(ay - y), abs(az - z))
                for h, (x, y, z) in self._cubes.items()
            }
            self._distance[a] = row
        return row[b]

    def distances(self, h: str) -> dict[str, int]:
        """Every hex's :meth:`distance` from ``h``, as one mapping for tight loops (do not
        change it). Raises ValueError if ``h`` is not on the board."""
        row = self._distance.get(h)
        if row is None:
            self.distance(h, h)  # checks h and fills its row
            row = self._distance[h]
        return row

    def within(self, h: str, n: int) -> tuple[str, ...]:
        """The on-board hexes at distance <= ``n`` from ``h`` (``h`` itself included), in board
        order; empty for negative ``n``. Raises ValueError if ``h`` is not on the board.
        """
        key = (h, n)
        try:
            return self._within[key]
        except KeyError:
            pass
        self._require(h)
        result = tuple(other for other in self.hexes if self.distance(h, other) <= n)
        self._within[key] = result
        return result

    def half_turn(self, h: str) -> str:
        """The hex that ``h`` lands on when the board is given a half turn (rotated 180 degrees).

        Column c goes to ``columns - 1 - c``; row r goes to ``rows + 1 - r`` in the long columns
        (A, C, ...) and to ``rows - r`` in the short ones (B, D, ...). Raises ValueError if ``h``
        is not on the board, or if the board has an even number of columns: such a board is not
        symmetric under a half turn (a long column would land on a short one).
        """
        self._require(h)
        if self.columns % 2 == 0:
            raise ValueError(
                f"a board of {self.columns} columns has no half-turn symmetry: "
                "use an odd number of columns"
            )
        q, r = parse_label(h)
        return label(self.columns - 1 - q, self._column_length(q) + 1 - r)

    # -- line of sight -----------------------------------------------------------------------

    def precompute_sight(self) -> None:
        """Work out line of sight for every pair of hexes now (about a second for a full
        board) instead of on first use, as a long-running program's caches would hold it."""
        for i, a in enumerate(self.hexes):
            for b in self.hexes[i:]:
                self._sight_of(a, b)

    def _sight_of(self, a: str, b: str) -> _Sight:
        """Compute (and cache under both orders) the line-of-sight facts of the pair a, b."""
        try:
            return self._sight[a][b]
        except KeyError:
            pass
        self._require(a)
        self._require(b)
        if a == b:
            info: _Sight = (True, frozenset(), frozenset())
        else:
            touched: list[str] = []
            interior: list[str] = []
            ax, ay = self._centres[a]
            bx, by = self._centres[b]
            dx, dy = bx - ax, by - ay
            for h in self._candidates(ax, ay, bx, by):
                if h == a or h == b:
                    continue
                cx, cy = self._centres[h]
                if _clip(ax, ay, dx, dy, cx, cy, strict=False):
                    touched.append(h)
                    if _clip(ax, ay, dx, dy, cx, cy, strict=True):
                        interior.append(h)
            touched_set = frozenset(touched)
            info = (touched_set.isdisjoint(self.blocked), frozenset(interior), touched_set)
        self._sight.setdefault(a, {})[b] = info
        self._sight.setdefault(b, {})[a] = info
        return info

    def _candidates(self, ax: int, ay: int, bx: int, by: int) -> list[str]:
        """Every hex whose bounding box [cx-2, cx+2] x [cy-1, cy+1] meets the segment's
        bounding box within that hex's column slab: a superset of the hexes the closed
        segment can meet.
        """
        xmin, xmax = min(ax, bx), max(ax, bx)
        found: list[str] = []
        q_first = max(0, -((2 - xmin) // 3))  # ceil((xmin - 2) / 3) in integers
        q_last = min(self.columns - 1, (xmax + 2) // 3)
        for q in range(q_first, q_last + 1):
            cx = 3 * q
            x0 = max(xmin, cx - 2)
            x1 = min(xmax, cx + 2)
            if x0 > x1:
                continue
            parity = q & 1
            if ax == bx:
                # Vertical segment: its whole y-range, over denominator 1.
                y0_num, y1_num, den = min(ay, by), max(ay, by), 1
            else:
                # y(x) = ay + (x - ax) * dy / dx, as a numerator over den = |dx| > 0.
                dx, dy = bx - ax, by - ay
                den = abs(dx)
                sign = 1 if dx > 0 else -1
                ya = ay * den + (x0 - ax) * dy * sign
                yb = ay * den + (x1 - ax) * dy * sign
                y0_num, y1_num = min(ya, yb), max(ya, yb)
            # Centre y = 2r + parity must lie in [y0 - 1, y1 + 1]:
            # r >= ceil((y0 - 1 - parity) / 2) and r <= floor((y1 + 1 - parity) / 2).
            r_first = max(1, -((-(y0_num - (1 + parity) * den)) // (2 * den)))
            r_last = min(self._column_length(q), (y1_num + (1 - parity) * den) // (2 * den))
            for r in range(r_first, r_last + 1):
                found.append(self._at[(cx, 2 * r + parity)])
        return found

    def terrain_clear(self, a: str, b: str) -> bool:
        """Whether the segment between the centres of ``a`` and ``b`` meets no blocked hex.

        A blocked hex counts if the segment touches it anywhere, edges and corners included;
        ``a`` and ``b`` themselves are ignored. Symmetric. Raises ValueError if either hex is
        not on the board.
        """
        return self._sight_of(a, b)[0]

    def interior_hexes(self, a: str, b: str) -> frozenset[str]:
        """The hexes other than ``a`` and ``b`` whose open interior the segment between their
        centres passes through (running along an edge or through a corner does not count).

        An operative on one of these hexes breaks visibility. Symmetric. Raises ValueError if
        either hex is not on the board.
        """
        return self._sight_of(a, b)[1]

    def touched_hexes(self, a: str, b: str) -> frozenset[str]:
        """The hexes other than ``a`` and ``b`` whose closed hexagon (edges and corners
        included) the segment between their centres meets, blocked or not.

        A superset of :meth:`interior_hexes`; a blocked hex among them breaks visibility.
        Symmetric. Raises ValueError if either hex is not on the board.
        """
        return self._sight_of(a, b)[2]

    def sight_from(self, a: str) -> dict[str, _Sight]:
        """The line-of-sight facts worked out so far of each pair ``a``, ``b``, by ``b`` (do
        not change it): :meth:`visible` of a pair found there is ``facts[0] and
        facts[1].isdisjoint(occupied)``; a pair not there yet is asked of :meth:`visible`."""
        row = self._sight.get(a)
        if row is None:
            row = self._sight[a] = {}
        return row

    def visible(self, a: str, b: str, occupied: AbstractSet[str]) -> bool:
        """Whether hex ``b`` is visible from hex ``a`` (and so ``a`` from ``b``).

        True iff :meth:`terrain_clear` holds and no hex of ``occupied`` (the hexes holding
        operatives; ``a`` and ``b`` are ignored) is in :meth:`interior_hexes`. A hex is always
        visible from itself. Raises ValueError if either hex is not on the board (checked on
        the first query of the pair only; later queries are a dict lookup).
        """
        try:
            info = self._sight[a][b]
        except KeyError:
            info = self._sight_of(a, b)
        return info[0] and info[1].isdisjoint(occupied)


@functools.lru_cache(maxsize=128)
def grid_for(
    columns: int, rows: int, blocked: tuple[str, ...], cover: tuple[str, ...]
) -> Grid:
    """The shared :class:`Grid` of a map, so games on the same map share its caches.

    The order (and repetition) of ``blocked`` and ``cover`` does not matter: the same map
    always gives the same object. Raises ValueError as :class:`Grid` does.
    """
    return _grid_for_map(columns, rows, frozenset(blocked), frozenset(cover))


@functools.lru_cache(maxsize=128)
def _grid_for_map(
    columns: int, rows: int, blocked: frozenset[str], cover: frozenset[str]
) -> Grid:
    return Grid(columns, rows, blocked, cover)
