"""Check that the killzone sides and mission maps are fair and well formed.

Loads every ``assets/killzones/*.yaml`` and ``missions/*.yaml`` with ``yaml.safe_load`` and
checks, independently of the game code:

* every hex label is on the board and listed once; no hex is both blocked and cover;
* blocked and cover hexes are point-symmetric under a half turn of the board;
* the open (non-blocked) hexes form one connected region;
* for each mission: territory 2 is the half turn of territory 1, the territories do not
  overlap, every objective's half turn is another objective (strictly: objectives come in
  mirrored pairs), and no territory hex or objective is blocked;
* ``objective_sides``: every key is an objective, every value 1 or 2; an objective and its
  half turn are on opposite sides (or both on none), and an objective on side N lies nearer
  to territory N than to the other territory;
* hexes named by the mission's rules and actions (``hex`` / ``hexes`` of ``near_hex`` and
  ``far_from_hex``) map onto hexes named there too.

A half turn maps column c (0-based) to 14 - c and row r to 12 - r in the 11-hex columns
A, C, ..., O or to 11 - r in the 10-hex columns B, D, ..., N. No hex is its own image: the
centre of the board lies on the edge between H5 and H6, so a single centre objective is
never fair; put a pair there (H5 and H6) instead.

Usage: python tools/check_symmetry.py [--render]
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.cli.args import Parser  # noqa: E402  (the shared argument layer; no game rules)

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

Hex = tuple[int, int]  # (column 0-based, row 1-based)


class Board:
    def __init__(self, columns: int = 15, rows: int = 11) -> None:
        self.columns = columns
        self.rows = rows

    def rows_in(self, q: int) -> int:
        return self.rows if q % 2 == 0 else self.rows - 1

    def hexes(self) -> list[Hex]:
        return [(q, r) for q in range(self.columns) for r in range(1, self.rows_in(q) + 1)]

    def on_board(self, h: Hex) -> bool:
        q, r = h
        return 0 <= q < self.columns and 1 <= r <= self.rows_in(q)

    def parse(self, label: str) -> Hex:
        label = str(label).strip()
        q = LETTERS.index(label[0].upper())
        h = (q, int(label[1:]))
        if not self.on_board(h):
            raise ValueError(f"hex {label} is not on the board")
        return h

    def half_turn(self, h: Hex) -> Hex:
        q, r = h
        return (self.columns - 1 - q, self.rows_in(q) + 1 - r)

    def neighbours(self, h: Hex) -> list[Hex]:
        q, r = h
        out = [(q, r - 1), (q, r + 1)]
        if q % 2:  # lower-set column
            out += [(q - 1, r), (q - 1, r + 1), (q + 1, r), (q + 1, r + 1)]
        else:
            out += [(q - 1, r - 1), (q - 1, r), (q + 1, r - 1), (q + 1, r)]
        return [n for n in out if self.on_board(n)]


def label(h: Hex) -> str:
    return f"{LETTERS[h[0]]}{h[1]}"


def labels(hs: set[Hex]) -> str:
    return ", ".join(label(h) for h in sorted(hs))


def load(path: Path) -> dict:
    with path.open(encoding="utf-8") as f:
        data = yaml.safe_load(f)
    if not isinstance(data, dict):
        raise ValueError(f"{path}: not a mapping")
    return data


def hex_set(board: Board, items: list, what: str, errors: list[str]) -> set[Hex]:
    out: set[Hex] = set()
    for item in items or []:
        try:
            h = board.parse(item)
        except (ValueError, IndexError) as e:
            errors.append(f"{what}: {item!r}: {e}")
            continue
        if h in out:
            errors.append(f"{what}: {item} listed twice")
        out.add(h)
    return out


def asymmetric(board: Board, hs: set[Hex]) -> set[Hex]:
    return {h for h in hs if board.half_turn(h) not in hs}


def check_killzone(path: Path, errors: list[str]) -> tuple[Board, set[Hex], set[Hex]]:
    data = load(path)
    board = Board(int(data.get("columns", 15)), int(data.get("rows", 11)))
    name = data.get("id", path.stem)
    blocked = hex_set(board, data.get("blocked"), f"{name} blocked", errors)
    cover = hex_set(board, data.get("cover"), f"{name} cover", errors)
    if blocked & cover:
        errors.append(f"{name}: both blocked and cover: {labels(blocked & cover)}")
    for what, hs in (("blocked", blocked), ("cover", cover)):
        bad = asymmetric(board, hs)
        if bad:
            errors.append(f"{name}: {what} hexes without a mirror image: {labels(bad)}")
    components: list[set[Hex]] = []
    for start in board.hexes():
        if start in blocked or any(start in c for c in components):
            continue
        seen = {start}
        stack = [start]
        while stack:
            for n in board.neighbours(stack.pop()):
                if n not in blocked and n not in seen:
                    seen.add(n)
                    stack.append(n)
        components.append(seen)
    components.sort(key=len, reverse=True)
    for part in components[1:]:
        errors.append(f"{name}: open hexes cut off from the rest: {labels(part)}")
    print(f"{name}: {len(board.hexes())} hexes, {len(blocked)} blocked, {len(cover)} cover")
    return board, blocked, cover


def check_mission(
    path: Path, killzones: dict[str, tuple[Board, set[Hex], set[Hex]]], errors: list[str]
) -> tuple[str, set[Hex], set[Hex], set[Hex]] | None:
    data = load(path)
    name = data.get("id", path.stem)
    kz = data.get("killzone")
    if kz not in killzones:
        errors.append(f"{name}: unknown killzone {kz!r}")
        return None
    board, blocked, _ = killzones[kz]
    terr = data.get("territories") or {}
    t1 = hex_set(board, terr.get(1), f"{name} territory 1", errors)
    t2 = hex_set(board, terr.get(2), f"{name} territory 2", errors)
    if {board.half_turn(h) for h in t1} != t2:
        errors.append(f"{name}: territory 2 is not the half turn of territory 1")
    if t1 & t2:
        errors.append(f"{name}: territories overlap at {labels(t1 & t2)}")
    if (t1 | t2) & blocked:
        errors.append(f"{name}: territory on blocked hexes {labels((t1 | t2) & blocked)}")
    objectives = data.get("objectives") or {}
    objs = hex_set(board, list(objectives.values()), f"{name} objectives", errors)
    if objs & blocked:
        errors.append(f"{name}: objective on blocked hexes {labels(objs & blocked)}")
    if objs & (t1 | t2):
        errors.append(f"{name}: objective inside a territory: {labels(objs & (t1 | t2))}")
    unmatched = asymmetric(board, objs)
    if unmatched:
        errors.append(f"{name}: objectives without a mirror image: {labels(unmatched)}")
    if len(objs) != len(objectives):
        errors.append(f"{name}: two objectives share a hex")
    check_sides(board, name, objectives, data.get("objective_sides"), t1, t2, errors)
    named = hex_set(board, sorted(set(rule_hexes(data.get("rules")) +
                                      rule_hexes(data.get("actions")))),
                    f"{name} hexes named by rules", errors)
    bad = asymmetric(board, named)
    if bad:
        errors.append(f"{name}: hexes named by rules without their half turn: {labels(bad)}")
    print(f"{name}: territories {len(t1)} + {len(t2)} hexes, objectives {labels(objs)}")
    return kz, t1, t2, objs


def rule_hexes(node: object) -> list[str]:
    """Every hex label under a ``hex`` or ``hexes`` key anywhere in rules or actions."""
    out: list[str] = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "hex":
                out.append(str(value))
            elif key == "hexes" and isinstance(value, list):
                out.extend(str(v) for v in value)
            else:
                out.extend(rule_hexes(value))
    elif isinstance(node, list):
        for item in node:
            out.extend(rule_hexes(item))
    return out


def check_sides(board: Board, name: str, objectives: dict[str, str], sides: object, t1: set[Hex],
                t2: set[Hex], errors: list[str]) -> None:
    """``objective_sides``: mirrored objectives on opposite sides, each nearer its own
    territory."""
    if sides is None:
        return
    if not isinstance(sides, dict):
        errors.append(f"{name}: objective_sides must map objective ids to 1 or 2")
        return
    where: dict[Hex, str] = {}
    for obj, label_ in objectives.items():
        try:
            where[board.parse(label_)] = obj
        except (ValueError, IndexError):
            continue  # reported with the objectives
    for obj, side in sides.items():
        if obj not in objectives:
            errors.append(f"{name}: objective_sides names unknown objective {obj!r}")
        elif side not in (1, 2):
            errors.append(f"{name}: objective_sides.{obj} must be 1 or 2, not {side!r}")
    for h, ident in where.items():
        mirror = where.get(board.half_turn(h))
        if mirror is None:
            continue  # reported as an unmatched objective
        side, other = sides.get(ident), sides.get(mirror)
        mismatched = side in (1, 2) and other != 3 - side or side is None and other is not None
        if mismatched and h < board.half_turn(h):  # each pair once
            errors.append(f"{name}: objectives {ident} and {mirror} are each other's half turn "
                          f"but on sides {side} and {other}")
        if side in (1, 2) and t1 and t2:
            own, far = (t1, t2) if side == 1 else (t2, t1)
            if distance_to(board, h, own) >= distance_to(board, h, far):
                errors.append(f"{name}: objective {ident} is on side {side} but not nearer to "
                              f"territory {side}")


def distance_to(board: Board, start: Hex, zone: set[Hex]) -> int:
    """Hex distance (ignoring terrain) from ``start`` to the nearest hex of ``zone``."""
    def cube(h: Hex) -> tuple[int, int]:
        q, r = h
        return q, (r - 1) - (q - (q & 1)) // 2

    def dist(a: Hex, b: Hex) -> int:
        (aq, ar), (bq, br) = cube(a), cube(b)
        return (abs(aq - bq) + abs(ar - br) + abs(aq + ar - bq - br)) // 2

    return min(dist(start, z) for z in zone)


def render(
    board: Board,
    blocked: set[Hex],
    cover: set[Hex],
    t1: set[Hex] = frozenset(),  # type: ignore[assignment]
    t2: set[Hex] = frozenset(),  # type: ignore[assignment]
    objs: set[Hex] = frozenset(),  # type: ignore[assignment]
) -> str:
    """ASCII map: every column is 3 characters wide; the lower-set columns B, D, ... are
    printed half a row (one text line) below the others."""

    def mark(h: Hex) -> str:
        if h in blocked:
            return "#"
        if h in objs:
            return "O"
        if h in cover:
            return "*" if h in t1 | t2 else "+"
        if h in t1:
            return "1"
        if h in t2:
            return "2"
        return "."

    lines = ["    " + "".join(LETTERS[q].ljust(3) for q in range(board.columns)).rstrip()]
    for y in range(2, 2 * board.rows + 2):
        cells = []
        for q in range(board.columns):
            r = y // 2 if q % 2 == 0 else (y - 1) // 2
            show = (y % 2 == 0) == (q % 2 == 0) and 1 <= r <= board.rows_in(q)
            cells.append(f" {mark((q, r))} " if show else "   ")
        tag = f"{y // 2:>3}" if y % 2 == 0 else "   "
        lines.append((tag + "".join(cells)).rstrip())
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python tools/check_symmetry.py",
                    description="Check that the killzone sides and mission maps are fair and "
                                "well formed; exit 1 on any problem.")
    parser.add_argument("--render", action="store_true",
                        help="also draw every killzone side and mission map as text")
    render_maps = parser.parse_args(argv).render
    errors: list[str] = []
    killzones = {}
    for path in sorted((ROOT / "assets" / "killzones").glob("*.yaml")):
        kz_id = load(path).get("id", path.stem)
        killzones[kz_id] = check_killzone(path, errors)
    missions = {}
    for path in sorted((ROOT / "missions").glob("*.yaml")):
        result = check_mission(path, killzones, errors)
        if result:
            missions[path.stem] = result
    if render_maps:
        legend = "# blocked  + cover  O objective  1/2 territory  * cover in a territory"
        print(legend)
        for kz_id, (board, blocked, cover) in killzones.items():
            print(f"\n{kz_id}")
            print(render(board, blocked, cover))
        for m_id, (kz_id, t1, t2, objs) in missions.items():
            board, blocked, cover = killzones[kz_id]
            print(f"\n{m_id} on {kz_id}")
            print(render(board, blocked, cover, t1, t2, objs))
    for e in errors:
        print("FAIL:", e)
    if errors:
        return 1
    print("OK: killzones and mission maps are symmetric and connected")
    return 0


if __name__ == "__main__":
    sys.exit(main())
