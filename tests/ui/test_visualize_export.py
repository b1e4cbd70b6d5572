"""The visualizer without a window: every mission's PNG, its map-key marks sampled in their
fixed colours at the right hexes, and the line-of-sight and range tools against the engine."""

from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.cli.main import main  # noqa: E402
from game.content import load_catalogue  # noqa: E402
from game.engine.hexgrid import grid_for  # noqa: E402
from game.ui.visualize import (  # noqa: E402
    KEY_BLOCKED,
    KEY_COVER,
    KEY_OBJECTIVE,
    KEY_TERRITORY,
    OBJECTIVE_RING,
    TERRITORY_SCALE,
    Study,
    export_png,
    headless_context,
    in_range,
    line_of_sight,
    territory_edges,
)

CATALOGUE = load_catalogue()


def side_grid(side: str):
    kz = CATALOGUE.killzones[side]
    return grid_for(kz.columns, kz.rows, tuple(kz.blocked), tuple(kz.cover))


def near(image: pygame.Surface, point: tuple[float, float], colour: tuple[int, int, int],
         reach: int = 1) -> bool:
    """Whether ``colour`` is exactly at ``point`` or a pixel or so from it."""
    x0, y0 = int(round(point[0])), int(round(point[1]))
    for dx in range(-reach, reach + 1):
        for dy in range(-reach, reach + 1):
            if tuple(image.get_at((x0 + dx, y0 + dy)))[:3] == colour:
                return True
    return False


def edge_points(poly, i: int, n: int) -> list[tuple[float, float]]:
    a, b = poly[i], poly[(i + 1) % 6]
    return [(a[0] + (b[0] - a[0]) * (k + 0.5) / n, a[1] + (b[1] - a[1]) * (k + 0.5) / n)
            for k in range(n)]


@pytest.fixture(scope="module")
def ctx():
    return headless_context(CATALOGUE)


# three missions (objective tokens, none, a carried relic) in the fast tier, every one in the
# slow one
FAST_MISSIONS = ("dual_strike",)  # the others in the slow tier


@pytest.mark.parametrize("mission_id", [
    m if m in FAST_MISSIONS else pytest.param(m, marks=pytest.mark.slow)
    for m in sorted(CATALOGUE.missions)])
def test_every_mission_exports_with_its_key_marks_at_the_right_hexes(ctx, tmp_path,
                                                                     mission_id) -> None:
    mission = CATALOGUE.missions[mission_id]
    path = tmp_path / f"{mission_id}.png"
    painter = export_png(ctx, Study(mission), path)
    image = pygame.image.load(str(path))
    assert image.get_size() == (1600, 1000)
    view = painter.board
    grid = view.grid
    assert grid == side_grid(mission.killzone)  # laid on the mission's own side
    # blocked: the red border on the three upper edges (the hex name sits at the bottom)
    for h in grid.blocked:
        poly = view.polygon(h, 0.92)
        for i in (3, 4, 5):
            for point in edge_points(poly, i, 3):
                assert near(image, point, KEY_BLOCKED), (h, i, point)
    # cover: dashes of white along the top edge
    for h in grid.cover:
        points = edge_points(view.polygon(h, 0.9), 4, 16)
        hits = sum(near(image, p, KEY_COVER, 0) for p in points)
        assert hits >= 4, (h, hits)
    # territories: the outline in the territory's key colour, on every outer edge
    for side, hexes in mission.territories.items():
        for h, i in territory_edges(grid, hexes):
            point = edge_points(view.polygon(h, TERRITORY_SCALE), i, 1)[0]
            assert near(image, point, KEY_TERRITORY[side]), (side, h, i)
    # objectives: the ring round the token
    for obj, h in mission.objectives.items():
        cx, cy = view.centre(h)
        r = view.size * OBJECTIVE_RING
        for angle in (0, 90, 180, 270):
            point = (cx + r * math.cos(math.radians(angle)),
                     cy + r * math.sin(math.radians(angle)))
            assert near(image, point, KEY_OBJECTIVE, 2), (obj, h, angle)
    # and not where they do not belong: open hexes away from every mark
    marked = set(grid.blocked) | set(grid.cover) | set(mission.objectives.values())
    for hexes in mission.territories.values():
        marked |= set(hexes)
    quiet = [h for h in grid.hexes if h not in marked]
    assert quiet
    for h in quiet:
        poly = view.polygon(h, 0.92)
        for point in edge_points(poly, 4, 3):
            assert not near(image, point, KEY_BLOCKED, 0), h
        cx, cy = view.centre(h)
        assert not near(image, (cx + view.size * OBJECTIVE_RING, cy), KEY_OBJECTIVE, 0), h


def test_the_command_line_writes_the_png_without_a_window(tmp_path, capsys) -> None:
    out = tmp_path / "power_up.png"
    assert main(["visualize", "power_up", "--png", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (1600, 1000)
    assert "saved" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["visualize", "no_such_mission", "--png", str(out)])


def test_the_command_line_opens_a_mission_file_and_reports_its_errors(tmp_path,
                                                                       capsys) -> None:
    good = tmp_path / "mine.yaml"
    text = (pytest.importorskip("pathlib").Path(__file__).parents[2] / "missions"
            / "dual_strike.yaml").read_text(encoding="utf-8")
    good.write_text(text.replace("id: dual_strike", "id: my_strike"), encoding="utf-8")
    assert main(["visualize", str(good), "--png", str(tmp_path / "mine.png")]) == 0
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("id: dual_strike", "id: bad_strike").replace("E6", "F5"),
                   encoding="utf-8")
    assert main(["visualize", str(bad), "--png", str(tmp_path / "bad.png")]) == 1
    err = capsys.readouterr().err
    assert "bad.yaml" in err and "blocked" in err


# --- the tools against the engine ---------------------------------------------------------

def test_line_of_sight_between_the_dual_strike_objectives() -> None:
    grid = side_grid("side_a")
    s = line_of_sight(grid, "E6", "K6")
    # the line runs along the edges of the shrine walls F5/F6 and J5/J6: touching a blocked
    # hex anywhere breaks it; it passes through G6 and I6 and along the edge of H5/H6
    assert s.distance == 6 and not s.visible
    assert s.blocking == {"F5", "F6", "J5", "J6"}
    assert s.would_break == {"G6", "I6"}
    assert s.grazed == {"H5", "H6"}
    assert s.visible == grid.visible("E6", "K6", frozenset())


def test_line_of_sight_down_a_column_and_an_operative_in_the_way() -> None:
    grid = side_grid("side_a")
    s = line_of_sight(grid, "A1", "A11")
    assert s.visible and s.distance == 10 and not s.blocking
    assert s.would_break == {f"A{r}" for r in range(2, 11)}
    blocked = line_of_sight(grid, "A1", "A11", {"A5"})
    assert not blocked.visible and blocked.standing == {"A5"}
    assert blocked.visible == grid.visible("A1", "A11", frozenset({"A5"}))
    assert line_of_sight(grid, "E5", "E6").visible  # neighbours always see each other


@pytest.mark.parametrize("side", ["side_a", "side_b"])
def test_line_of_sight_agrees_with_the_engine_everywhere(side: str) -> None:
    grid = side_grid(side)
    occupied = frozenset({"H6", "C7"})
    for a in ("A1", "E6", "H5", "K10"):
        for b in grid.hexes:
            s = line_of_sight(grid, a, b, occupied)
            assert s.visible == grid.visible(a, b, occupied - {a, b})
            assert s.distance == grid.distance(a, b)
            assert s.blocking | s.standing | s.would_break | s.grazed == \
                grid.touched_hexes(a, b)
            assert s.blocking == grid.touched_hexes(a, b) & grid.blocked


def test_range_is_every_open_hex_within_reach_and_in_sight() -> None:
    grid = side_grid("side_a")
    shaded = in_range(grid, "E6", 6)
    assert "E5" in shaded and "F5" not in shaded and "K6" not in shaded
    assert "E6" not in shaded
    for centre, reach, occupied in (("E6", 6, frozenset()), ("H1", 4, frozenset({"H2"})),
                                    ("O11", 8, frozenset({"M9"}))):
        expected = {h for h in grid.hexes if h != centre and h not in grid.blocked
                    and grid.distance(centre, h) <= reach
                    and grid.visible(centre, h, occupied)}
        assert in_range(grid, centre, reach, occupied) == expected
    # an operative on H2 hides H3.. straight down the column from H1
    assert "H2" in in_range(grid, "H1", 4, {"H2"})
