"""The mission visualizer's drawing and questions, without a window: a mission laid out on its
killzone side with its card and the map key beside it, the line-of-sight and range tools
(the engine's own visibility code), the heat map and the deployment sandbox, and the headless
PNG export behind ``python main.py visualize MISSION --png FILE.png``.

The map-key marks are drawn in fixed colours, whatever the player's settings: blocked hexes
with a red border (:data:`KEY_BLOCKED`), cover hexes with a dashed white border
(:data:`KEY_COVER`), the starting hexes of each territory ringed in :data:`KEY_TERRITORY`, and
objective hexes ringed in :data:`KEY_OBJECTIVE` round their "!" token.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from game.engine import (
    CORNER_OFFSETS,
    Catalogue,
    Config,
    Grid,
    Mission,
    Weapon,
    build_config,
)
from game.ui.board import BoardView, card_icon
from game.ui.context import DIM, GOLD, INK, RED, Context, lighter, panel
from game.ui.rulesets import in_play, length_words

KEY_BLOCKED = RED  # BoardView draws it at 0.92 of each blocked hex
KEY_COVER = (245, 245, 245)  # BoardView's dashes, at 0.9 of each cover hex
KEY_TERRITORY = {1: (80, 160, 255), 2: (255, 150, 50)}
KEY_OBJECTIVE = (255, 214, 0)
KEY_ARRIVAL = (190, 120, 255)  # Kill Team classic: the edges late operatives arrive on
TERRITORY_SCALE = 0.95  # territory borders sit just inside the hex edge
OBJECTIVE_RING = 0.72  # of the hex size: the ring's radius
LOS_CLEAR = (120, 230, 140)
LOS_BLOCKED = (235, 80, 70)
WOULD_BREAK = (255, 190, 60)
RANGE_SHADE = (90, 200, 255, 90)
SEEN_SHADE = (235, 80, 70, 80)
BACKGROUND = (16, 17, 20)
EXPORT_SIZE = (1600, 1000)


# --- what a mission looks like on a killzone side --------------------------------------------

def other_side(catalogue: Catalogue, side: str) -> str:
    """The killzone side that is not ``side`` (the first other one listed)."""
    others = [s for s in sorted(catalogue.killzones) if s != side]
    return others[0] if others else side


def mission_config(catalogue: Catalogue, mission: Mission, side: str | None = None) -> Config:
    """The fixed part of a game of ``mission`` (which need not be in the catalogue), laid on
    killzone ``side`` (its own side by default) with no fireteams."""
    side = side or mission.killzone
    kz = catalogue.killzones[side]
    # a layout's own terrain on its own side; the side's terrain anywhere else
    blocked, cover = mission.terrain if mission.terrain and side == mission.killzone \
        else (kz.blocked, kz.cover)
    config = build_config(catalogue, {
        "killzone": {"columns": kz.columns, "rows": kz.rows, "blocked": list(blocked),
                     "cover": list(cover), "objectives": dict(mission.objectives),
                     "territories": {k: list(v) for k, v in mission.territories.items()}},
        "fireteams": {1: None, 2: None}, "turning_points": mission.turning_points})
    return dataclasses.replace(config, mission=dataclasses.replace(mission, killzone=side))


def hex_facts(config: Config, h: str) -> list[str]:
    """What hex ``h`` is, in the mission card key's terms, one fact a line."""
    grid = config.grid
    facts: list[str] = []
    for side, hexes in sorted(config.territories.items()):
        if h in hexes:
            facts.append(f"starting hex of territory {side}")
    if h in grid.blocked:
        facts.append("blocked: no one stands here or sees through it")
    if h in grid.cover:
        facts.append("cover: an operative here may claim cover")
    here = [obj for obj, at in sorted(config.objectives.items()) if at and at == h]
    if here:
        facts.append("objective hex")
    if not facts:
        facts.append("open ground")
    fixed = [at for at in config.objectives.values() if at]  # placed markers have no hex yet
    if fixed:
        near = min(grid.distance(h, at) for at in fixed)
        facts.append(f"{near} hex{'es' if near != 1 else ''} to the nearest objective")
    for side, hexes in sorted(config.territories.items()):
        if hexes and h not in hexes:
            far = min(grid.distance(h, t) for t in hexes)
            facts.append(f"{far} hex{'es' if far != 1 else ''} to territory {side}")
    return facts


@dataclass(frozen=True)
class Sight:
    """The line-of-sight tool's answer for two hexes."""

    a: str
    b: str
    distance: int
    visible: bool  # with the sandbox's operatives standing where they stand
    blocking: frozenset[str]  # blocked hexes the line touches (each breaks it)
    standing: frozenset[str]  # occupied hexes whose interior the line crosses (each breaks it)
    would_break: frozenset[str]  # open hexes whose interior it crosses: an operative there would
    grazed: frozenset[str]  # open hexes it only runs along the edge of or through a corner of


def line_of_sight(grid: Grid, a: str, b: str, occupied: Iterable[str] = ()) -> Sight:
    occupied = frozenset(occupied) - {a, b}
    touched = grid.touched_hexes(a, b)
    interior = grid.interior_hexes(a, b)
    blocking = touched & grid.blocked
    standing = (interior & occupied) - grid.blocked
    return Sight(a, b, grid.distance(a, b), grid.visible(a, b, occupied), blocking, standing,
                 (interior - grid.blocked) - occupied, touched - interior - grid.blocked)


def in_range(grid: Grid, centre: str, reach: int, occupied: Iterable[str] = ()) -> frozenset[str]:
    """Every hex within ``reach`` of ``centre`` that an operative could stand on and that is
    visible from ``centre`` (the operatives of ``occupied`` standing in the way)."""
    occupied = frozenset(occupied)
    return frozenset(h for h in grid.within(centre, reach)
                     if h != centre and h not in grid.blocked
                     and grid.visible(centre, h, occupied))


def seen_from(grid: Grid, h: str, occupied: Iterable[str] = ()) -> frozenset[str]:
    """The open hexes from which an operative on ``h`` could be seen."""
    occupied = frozenset(occupied)
    return frozenset(o for o in grid.hexes if o != h and o not in grid.blocked
                     and o not in occupied and grid.visible(h, o, occupied))


_HEAT: dict[Grid, dict[str, int]] = {}


def heat(grid: Grid) -> dict[str, int]:
    """For each open hex, how many other open hexes it can see on the empty killzone."""
    if grid not in _HEAT:
        open_hexes = [h for h in grid.hexes if h not in grid.blocked]
        _HEAT[grid] = {h: sum(1 for o in open_hexes if o != h and grid.terrain_clear(h, o))
                       for h in open_hexes}
    return _HEAT[grid]


def heat_colour(value: float) -> tuple[int, int, int, int]:
    """Dark violet (sees little) through red to yellow (sees the most), ``value`` in 0..1."""
    stops = ((40, 20, 90), (200, 50, 60), (255, 225, 80))
    value = max(0.0, min(1.0, value))
    i = 0 if value < 0.5 else 1
    t = value * 2 - i
    a, b = stops[i], stops[i + 1]
    return (int(a[0] + (b[0] - a[0]) * t), int(a[1] + (b[1] - a[1]) * t),
            int(a[2] + (b[2] - a[2]) * t), 150)


def weapons(catalogue: Catalogue) -> list[tuple[str, Weapon]]:
    """Every ranged weapon of every datacard as (label, weapon), sorted by label."""
    seen: dict[str, Weapon] = {}
    for card in catalogue.datacards.values():
        for w in card.weapons:
            seen.setdefault(f"{card.name}: {w.name} ({w.range})", w)
    return sorted(seen.items())


def territory_edges(grid: Grid, hexes: Iterable[str]) -> list[tuple[str, int]]:
    """The (hex, edge) pairs on the outline of a set of hexes: edge i runs from corner i to
    corner i + 1 (CORNER_OFFSETS) and faces a hex outside the set, or the board's edge."""
    inside = set(hexes)
    at = {grid.centre(h): h for h in grid.hexes}
    edges: list[tuple[str, int]] = []
    for h in sorted(inside):
        x, y = grid.centre(h)
        for i in range(6):
            (ax, ay), (bx, by) = CORNER_OFFSETS[i], CORNER_OFFSETS[(i + 1) % 6]
            if at.get((x + ax + bx, y + ay + by)) not in inside:
                edges.append((h, i))
    return edges


# --- the study: one mission, its view settings and tools ---------------------------------------

@dataclass
class Study:
    """What the visualizer shows of one mission; drawn the same on screen and in a PNG."""

    mission: Mission
    side: str = ""  # the killzone side shown ("" : the mission's own)
    labels: bool = True
    heat: bool = False
    tool: str = "inspect"  # inspect, sight, range, deploy
    sight: tuple[str, str | None] | None = None  # first hex, second hex
    range_from: str | None = None
    reach: int = 6
    reach_label: str = "Range 6"
    placed: dict[str, tuple[int, str]] = field(default_factory=dict)  # hex -> (player, card)
    watched: str | None = None  # the placed operative whose viewers are shaded
    hover: str | None = None

    @property
    def shown_side(self) -> str:
        return self.side or self.mission.killzone

    @property
    def occupied(self) -> frozenset[str]:
        return frozenset(self.placed)


class Painter:
    """Draws a :class:`Study` into a rectangle: the board on the left, the mission card, the
    key and what the tools found on the right. Board layers are cached."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._views: dict[tuple[object, ...], tuple[BoardView, pygame.Surface]] = {}
        self.board: BoardView | None = None
        self.config: Config | None = None

    def layout(self, rect: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
        ctx = self.ctx
        side_width = max(ctx.px(330), int(rect.width * 0.34))
        board = pygame.Rect(rect.left, rect.top, rect.width - side_width - ctx.px(14),
                            rect.height)
        card = pygame.Rect(board.right + ctx.px(14), rect.top, side_width, rect.height)
        return board, card

    def view(self, study: Study, area: pygame.Rect) -> tuple[BoardView, pygame.Surface]:
        """The board view and its layer (art, key marks, objectives) for ``study``."""
        m = study.mission
        key = (m.id, tuple(sorted(m.objectives.items())),
               tuple(sorted((k, tuple(v)) for k, v in m.territories.items())),
               study.shown_side, study.labels, area.topleft, area.size, m.terrain)
        if key not in self._views:
            if len(self._views) > 16:
                self._views.clear()
            config = mission_config(self.ctx.catalogue, m, study.shown_side)
            view = BoardView(self.ctx, config, area, labels=study.labels)
            layer = view.layer().copy()
            draw_key_marks(self.ctx, view, layer, (-view.rect.left, -view.rect.top))
            self._views[key] = (view, layer)
        return self._views[key]

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, study: Study,
             card: bool = True) -> None:
        board_area, card_area = self.layout(rect) if card else (rect, None)
        view, layer = self.view(study, board_area)
        self.board, self.config = view, view.config
        surface.blit(layer, view.rect)
        self.draw_tools(surface, view, study)
        if card_area is not None:
            self.draw_card(surface, card_area, study)

    # --- over the board ---------------------------------------------------------------------

    def draw_tools(self, surface: pygame.Surface, view: BoardView, study: Study) -> None:
        ctx, grid = self.ctx, view.grid
        if study.heat:
            counts = heat(grid)
            top = max(counts.values()) or 1
            low = min(counts.values())
            for h, n in counts.items():
                view.shade(surface, [h], heat_colour((n - low) / max(1, top - low)))
                cx, cy = view.centre(h)
                ctx.text(surface, str(n), 13, (int(cx), int(cy)), INK, "bold", "center")
        occupied = study.occupied
        if study.tool == "range" and study.range_from:
            view.shade(surface, in_range(grid, study.range_from, study.reach, occupied),
                       RANGE_SHADE)
            view.outline(surface, study.range_from, (90, 200, 255), 3)
        if study.tool == "deploy" and study.watched in study.placed:
            view.shade(surface, seen_from(grid, study.watched, occupied), SEEN_SHADE)
        for h, (player, card) in sorted(study.placed.items()):
            self.token(surface, view, h, player, card, h == study.watched)
        if study.sight and study.tool == "sight":
            a, b = study.sight
            view.outline(surface, a, INK, 3)
            if b is not None:
                sight = line_of_sight(grid, a, b, occupied)
                for h in sight.blocking | sight.standing:
                    view.shade(surface, [h], (*LOS_BLOCKED, 110))
                    view.outline(surface, h, LOS_BLOCKED, 3, 0.8)
                for h in sight.would_break:
                    view.shade(surface, [h], (*WOULD_BREAK, 70))
                    view.outline(surface, h, WOULD_BREAK, 2, 0.8)
                view.outline(surface, b, INK, 3)
                colour = LOS_CLEAR if sight.visible else LOS_BLOCKED
                pygame.draw.line(surface, (10, 10, 10), view.centre(a), view.centre(b), 5)
                pygame.draw.line(surface, colour, view.centre(a), view.centre(b), 3)
                mid = ((view.centre(a)[0] + view.centre(b)[0]) / 2,
                       (view.centre(a)[1] + view.centre(b)[1]) / 2)
                label = f" {sight.distance} "
                font = ctx.assets.font(ctx.px(15), "bold")
                box = pygame.Rect((0, 0), font.size(label)).inflate(6, 2)
                box.center = (int(mid[0]), int(mid[1]))
                pygame.draw.rect(surface, (12, 12, 14), box, border_radius=4)
                pygame.draw.rect(surface, colour, box, 2, border_radius=4)
                ctx.text(surface, label, 15, box.center, INK, "bold", "center")
        if study.hover and study.hover in grid.hexes:
            view.outline(surface, study.hover, GOLD, 2, 0.98)

    def token(self, surface: pygame.Surface, view: BoardView, h: str, player: int, card: str,
              selected: bool) -> None:
        cx, cy = view.centre(h)
        radius = int(view.size * 0.6)
        colour = self.ctx.colours[player]
        pygame.draw.circle(surface, (15, 15, 18), (cx + 2, cy + 3), radius)
        pygame.draw.circle(surface, colour, (cx, cy), radius)
        pygame.draw.circle(surface, lighter(colour), (cx, cy), radius, 2)
        icon = self.ctx.assets.icon(card_icon(card), int(radius * 1.3))
        surface.blit(icon, icon.get_rect(center=(cx, cy)))
        if selected:
            pygame.draw.circle(surface, (255, 255, 255), (cx, cy), radius + 4, 3)

    # --- beside the board -------------------------------------------------------------------

    def draw_card(self, surface: pygame.Surface, rect: pygame.Rect, study: Study) -> None:
        ctx = self.ctx
        m = study.mission
        cat = ctx.catalogue
        key_height = ctx.px(20) + ctx.px(24) * 5 + ctx.px(14)
        # the hex panel under the key keeps its title and a few lines (a large text size
        # takes the room from the card)
        least_info = ctx.px(20) + 12 + 3 * ctx.assets.font(ctx.px(13)).get_linesize()
        card_rect = pygame.Rect(rect.left, rect.top, rect.width, min(
            max(ctx.px(300), int(rect.height * 0.5)),
            rect.height - key_height - 2 * ctx.px(8) - least_info))
        inner = panel(surface, card_rect, "Mission card", ctx)
        y = inner.top
        ctx.text(surface, m.name, 22, (inner.left, y), INK, "condensed", width=inner.width)
        y += ctx.px(30)
        side = cat.killzones[study.shown_side].name if study.shown_side in cat.killzones \
            else study.shown_side
        note = "" if study.shown_side == m.killzone else "  (not this mission's side)"
        ctx.text(surface, side + note, 13, (inner.left, y),
                 GOLD if not note else (230, 120, 100), width=inner.width)
        y += ctx.px(18)
        length = f"Length: {length_words(m)}"
        if m.sudden_victory:
            length += f" · sudden victory at {m.sudden_victory} VP"
        ctx.text(surface, length, 13, (inner.left, y), DIM, width=inner.width)
        y += ctx.px(22)
        y += ctx.wrapped(surface, m.text or "(no card text)", 14,
                         pygame.Rect(inner.left, y, inner.width, inner.bottom - y)) + ctx.px(8)
        for action in m.actions:
            if y + ctx.px(36) > inner.bottom:
                break
            ctx.text(surface, f"Mission action: {action.name} ({action.ap} AP)", 14,
                     (inner.left, y), GOLD, "bold", width=inner.width)
            y += ctx.px(19)
            y += ctx.wrapped(surface, action.text, 13, pygame.Rect(
                inner.left, y, inner.width, max(0, inner.bottom - y)), DIM) + ctx.px(6)
        key_rect = pygame.Rect(rect.left, card_rect.bottom + ctx.px(8), rect.width, key_height)
        self.draw_key(surface, key_rect, study)
        info_rect = pygame.Rect(rect.left, key_rect.bottom + ctx.px(8), rect.width,
                                rect.bottom - key_rect.bottom - ctx.px(8))
        self.draw_info(surface, info_rect, study)

    def draw_key(self, surface: pygame.Surface, rect: pygame.Rect, study: Study) -> None:
        ctx = self.ctx
        inner = panel(surface, rect, "Key", ctx)
        row = ctx.px(24)
        swatch = ctx.px(22)
        entries = [("territory", 1, "Starting hexes of territory 1"),
                   ("territory", 2, "Starting hexes of territory 2"),
                   ("blocked", 0, "Blocked hex (red border)"),
                   ("cover", 0, "Cover hex (dashed white border)"),
                   ("objective", 0, "Objective hex (\"!\")")]
        if self.config is not None:  # the mission pack's own marks (where markers are placed,
            config = self.config      # where late operatives arrive)
            entries += [(kind, 0, words) for screens in in_play(config)
                        for kind, words in screens.map_keys(config)]
        half = (len(entries) + 1) // 2 if inner.height < row * len(entries) else len(entries)
        column = inner.width // 2 if half < len(entries) else inner.width
        for i, (kind, side, text) in enumerate(entries):
            x = inner.left + (i // half) * column
            y = inner.top + (i % half) * row
            box = pygame.Rect(x, y, swatch, swatch)
            self.swatch(surface, box, kind, side)
            ctx.text(surface, text, 13, (box.right + ctx.px(8), box.centery), INK,
                     anchor="midleft", width=column - swatch - ctx.px(14))

    def swatch(self, surface: pygame.Surface, box: pygame.Rect, kind: str, side: int) -> None:
        pygame.draw.rect(surface, (52, 50, 44), box)
        if kind == "territory":
            pygame.draw.rect(surface, KEY_TERRITORY[side], box, 3)
        elif kind == "blocked":
            pygame.draw.rect(surface, KEY_BLOCKED, box, 2)
        elif kind == "cover":
            for x in range(box.left, box.right, 6):
                end = min(x + 3, box.right)
                pygame.draw.line(surface, KEY_COVER, (x, box.top), (end, box.top), 2)
                pygame.draw.line(surface, KEY_COVER, (x, box.bottom - 2), (end, box.bottom - 2), 2)
            for y in range(box.top, box.bottom, 6):
                end = min(y + 3, box.bottom)
                pygame.draw.line(surface, KEY_COVER, (box.left, y), (box.left, end), 2)
                pygame.draw.line(surface, KEY_COVER, (box.right - 2, y), (box.right - 2, end), 2)
        elif kind == "zone":
            pygame.draw.rect(surface, KEY_OBJECTIVE, box.inflate(-box.width // 2,
                                                                 -box.height // 2), 2)
        elif kind == "arrival":
            pygame.draw.rect(surface, KEY_ARRIVAL, box, 2)
        else:
            pygame.draw.circle(surface, KEY_OBJECTIVE, box.center, box.width // 2, 2)
            self.ctx.text(surface, "!", 14, box.center, KEY_OBJECTIVE, "bold", "center")

    def draw_info(self, surface: pygame.Surface, rect: pygame.Rect, study: Study) -> None:
        ctx = self.ctx
        config = self.config
        grid = config.grid if config else None
        title, lines = "Hex", []
        if grid is not None and study.tool == "sight" and study.sight and study.sight[1]:
            a, b = study.sight
            s = line_of_sight(grid, a, b, study.occupied)
            title = f"Line of sight {a} – {b}"
            lines = _sight_lines(s)
        elif grid is not None and study.tool == "range" and study.range_from:
            shaded = in_range(grid, study.range_from, study.reach, study.occupied)
            title = f"{study.reach_label} from {study.range_from}"
            lines = [f"{len(shaded)} hexes within {study.reach} and visible (shaded)."]
        elif grid is not None and study.tool == "deploy" and study.placed:
            title = "Deployment"
            names = self.ctx.catalogue.datacards
            for h, (player, card) in sorted(study.placed.items()):
                n = len(seen_from(grid, h, study.occupied))
                name = names[card].name if card in names else card
                lines.append(f"P{player} {name} on {h}: seen from {n} hexes")
        if study.hover and config is not None and study.hover in config.grid.hexes:
            lines = [f"{study.hover}: " + "; ".join(hex_facts(config, study.hover))] + lines
        if study.heat and grid is not None:
            counts = heat(grid)
            # first, so a long list of placements never pushes it out of the box
            lines.insert(0, f"Heat map: the number on each hex is how many open hexes it sees "
                            f"on the empty killzone ({min(counts.values())} to "
                            f"{max(counts.values())}); yellow sees most, violet least.")
        if not lines:
            lines = [TOOL_HINTS.get(study.tool, "")]
        inner = panel(surface, rect, title, ctx)
        y = inner.top
        for line in lines:
            if y >= inner.bottom:
                break
            y += ctx.wrapped(surface, line, 13, pygame.Rect(inner.left, y, inner.width,
                                                            inner.bottom - y)) + ctx.px(3)


def _sight_lines(s: Sight) -> list[str]:
    """What the info panel says of one line of sight ``s``."""
    lines = [f"Distance {s.distance}: " + ("visible" if s.visible else "not visible")]
    if s.blocking:
        lines.append("Broken by blocked hexes: " + ", ".join(sorted(s.blocking)))
    if s.standing:
        lines.append("Broken by operatives on: " + ", ".join(sorted(s.standing)))
    if s.would_break:
        lines.append("An operative on any of these would break it: "
                     + ", ".join(sorted(s.would_break)))
    if s.grazed:
        lines.append("Only grazed (never break it): " + ", ".join(sorted(s.grazed)))
    return lines


TOOL_HINTS = {
    "inspect": "Point at a hex to see what it is and how far it lies from the objectives "
               "and territories.",
    "sight": "Click two hexes: the line between their centres, the distance and every hex "
             "that breaks it (or would, with an operative on it).",
    "range": "Click a hex: every hex within the range picked and visible from it is shaded.",
    "deploy": "Click a hex to place the operative picked; click one to see where it can be "
              "seen from; right-click removes it.",
}


def draw_key_marks(ctx: Context, view: BoardView, surface: pygame.Surface,
                   offset: tuple[int, int] = (0, 0)) -> None:
    """The key marks BoardView's layer leaves out: territory outlines and objective rings
    (with their "!" tokens), in their fixed key colours."""
    grid = view.grid
    for side, hexes in sorted(view.config.territories.items()):
        colour = KEY_TERRITORY.get(side, INK)
        for h, i in territory_edges(grid, hexes):
            poly = view.polygon(h, TERRITORY_SCALE)
            a, b = poly[i], poly[(i + 1) % 6]
            pygame.draw.line(surface, colour, (a[0] + offset[0], a[1] + offset[1]),
                             (b[0] + offset[0], b[1] + offset[1]), 3)
    draw_pack_zones(view, surface, offset)
    for obj, h in sorted(view.config.objectives.items()):
        if not h:
            continue  # a marker the players place (its zone is shaded instead)
        cx, cy = view.centre(h)
        centre = (round(cx) + offset[0], round(cy) + offset[1])
        radius = int(view.size * 0.55)
        icon = ctx.assets.scaled("objective.png", (radius * 2, radius * 2))
        surface.blit(icon, icon.get_rect(center=centre))
        ctx.text(surface, "!", max(13, int(view.size * 0.45)),
                 (int(centre[0]), int(centre[1])), (30, 24, 10), "bold", "center")
        pygame.draw.circle(surface, KEY_OBJECTIVE, centre, int(view.size * OBJECTIVE_RING), 3)
        del obj


def draw_pack_zones(view: BoardView, surface: pygame.Surface,
                    offset: tuple[int, int] = (0, 0)) -> None:
    """A mission pack's marks: where the players may place objective markers (shaded gold) and
    the killzone edges late operatives arrive on (outlined violet)."""
    shift = pygame.Vector2(offset)
    for screens in in_play(view.config):
        for kind, hexes in screens.map_marks(view.config):
            colour, size = (KEY_OBJECTIVE, 0.45) if kind == "zone" else (KEY_ARRIVAL, 0.8)
            for h in hexes:
                pygame.draw.polygon(surface, colour,
                                    [pygame.Vector2(p) + shift for p in view.polygon(h, size)], 2)


def thumbnail(ctx: Context, mission: Mission, size: tuple[int, int]) -> pygame.Surface:
    """A mission's map, small: the board with its key marks, no labels."""
    config = mission_config(ctx.catalogue, mission)
    view = BoardView(ctx, config, pygame.Rect((0, 0), size), labels=False)
    image = pygame.Surface(size, pygame.SRCALPHA)
    image.blit(view.layer(), view.rect)
    draw_key_marks(ctx, view, image)
    return image


# --- the PNG export ----------------------------------------------------------------------------

def render(ctx: Context, study: Study, size: tuple[int, int] = EXPORT_SIZE
           ) -> tuple[pygame.Surface, Painter]:
    """The study drawn as an image of ``size``: a title, the board and its card. Also gives
    the painter, whose ``board`` maps hexes to the image's pixels."""
    surface = pygame.Surface(size)
    surface.fill(BACKGROUND)
    margin = ctx.px(20)
    m = study.mission
    ctx.text(surface, f"{m.name.upper()}  ·  MISSION SET-UP", 26, (margin, margin), GOLD,
             "condensed")
    painter = Painter(ctx)
    area = pygame.Rect(margin, margin + ctx.px(46), size[0] - 2 * margin,
                       size[1] - 2 * margin - ctx.px(46))
    painter.draw(surface, area, study)
    return surface, painter


def export_png(ctx: Context, study: Study, path: str | Path,
               size: tuple[int, int] = EXPORT_SIZE) -> Painter:
    """Write the study as a PNG (no window needed); returns the painter that drew it."""
    surface, painter = render(ctx, study, size)
    pygame.image.save(surface, str(path))
    return painter


def load_mission_file(catalogue: Catalogue, path: str | Path) -> list[Mission]:
    """The missions of one file, checked by the content loader: a file of one's own, or a
    shipped one (``missions/power_up.yaml``) giving the mission it holds.
    Raises ContentError with its ``file:line`` messages, or ValueError when the file holds no
    mission."""
    from game.content import load_catalogue, load_yaml

    loaded = load_catalogue([Path(path)])
    found = [m for i, m in sorted(loaded.missions.items())
             if i not in catalogue.missions or catalogue.missions[i] != m]
    if found:
        return found
    # the file adds nothing new: it is a shipped mission's own file; give that mission
    data = load_yaml(path).data
    ident = data.get("id") if isinstance(data, dict) else None
    if isinstance(ident, str) and ident in loaded.missions:
        return [loaded.missions[ident]]
    raise ValueError(f"{Path(path).name}: holds no mission")


def headless_context(catalogue: Catalogue) -> Context:
    """A context for drawing without a window (pygame's font and image modules only)."""
    from game.ui.assets import Assets

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    return Context(catalogue, Assets())
