"""The killzone on screen: hex <-> pixel from the engine's exact centres, the board drawn once
from the art in ``assets/ui/`` (ground, ruins on blocked hexes, barricades on cover hexes, the
mission card's borders), and the things drawn over it each frame (highlights, paths, lines of
sight, tokens).

The engine's centres are integers in a scaled frame (x by 2, y by 2/sqrt(3); see
``game/engine/hexgrid.py``): a hex of circumradius ``size`` pixels has its centre at
``(x * size / 2, y * size * sqrt(3) / 2)``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import pygame

from game.engine import CORNER_OFFSETS, Config, Grid, OperativeState
from game.ui.context import GOLD, INK, RED, Context, lighter
from game.ui.rulesets import every

SQRT3 = math.sqrt(3)
KILLZONE_ART = {"side_a": "ground_side_a.png", "side_b": "ground_side_b.png"}
# the icon drawn on each datacard's token (game-icons.net names, assets/ui/icons/)
CARD_ICONS = {
    "assault_intercessor": "custodian-helmet", "assault_intercessor_sergeant": "visored-helm",
    "necron_warrior": "alien-skull", "canoptek_scarab_swarm": "scarab-beetle",
    "gitkrusha": "orc-head", "ork_boy": "crossed-swords", "shoota_boy": "pistol-gun",
    "rokkit_boy": "plasma-bolt", "spanner_boy": "cog",
    "troupe_master": "jester-hat", "harlequin_player": "crossed-swords",
    "fusion_player": "plasma-bolt", "death_jester": "skull-crossed-bones",
    "tempestor": "visored-helm", "tempestus_scion": "bolter-gun",
    "scion_plasma_gunner": "plasma-bolt", "scion_melta_gunner": "targeted",
    "scion_vox_operator": "radar-sweep", "stealth_shasvre": "robot-golem",
    "stealth_shasui": "battle-gear", "stealth_fusion_shasui": "eye-target",
    "marker_drone": "drone",
    "pathfinder_shasui": "visored-helm", "pathfinder": "eye-target",
    "ion_rifle_pathfinder": "plasma-bolt", "rail_rifle_pathfinder": "laser-precision",
    "grenadier_pathfinder": "grenade", "pathfinder_marker_drone": "drone",
    "shield_drone": "energy-shield",
}
FALLBACK_ICONS = ("bolter-gun", "battle-gear", "drone", "robot-golem", "pistol-gun")


def card_icon(card: str) -> str:
    """The icon of a datacard's token: listed, or guessed from words in its id."""
    if card in CARD_ICONS:
        return CARD_ICONS[card]
    for word, icon in (("drone", "drone"), ("battlesuit", "robot-golem"),
                       ("xv", "robot-golem"), ("tempestor", "visored-helm"),
                       ("scion", "bolter-gun"), ("vox", "radar-sweep"),
                       ("gunner", "plasma-bolt"), ("sergeant", "visored-helm")):
        if word in card:
            return icon
    return FALLBACK_ICONS[sum(map(ord, card)) % len(FALLBACK_ICONS)]


# a hex label sits this many hex sizes below the centre: well inside its own hex, clear of
# the edge it shares with the hex below (read as that hex's label otherwise)
LABEL_DROP = 0.6

class BoardView:
    """Where the board sits in the window and how its hexes map to pixels."""

    def __init__(self, ctx: Context, config: Config, area: pygame.Rect,
                 labels: bool | None = None) -> None:
        self.ctx = ctx
        self.labels = ctx.settings.hex_labels if labels is None else labels
        self.config = config
        self.grid: Grid = config.grid
        xs = [self.grid.centre(h)[0] for h in self.grid.hexes]
        ys = [self.grid.centre(h)[1] for h in self.grid.hexes]
        self._min = (min(xs) - 2, min(ys) - 1)
        span_x = max(xs) + 2 - self._min[0]  # in scaled units (x: half a size)
        span_y = max(ys) + 1 - self._min[1]  # (y: size * sqrt(3) / 2)
        self.size = min(area.width / (span_x / 2), area.height / (span_y * SQRT3 / 2))
        width = span_x / 2 * self.size
        height = span_y * SQRT3 / 2 * self.size
        self.rect = pygame.Rect(0, 0, int(width), int(height))
        self.rect.center = area.center
        self._layer: pygame.Surface | None = None
        self._centres: dict[str, tuple[float, float]] = {}
        self._polys = {h: self._polygon(h) for h in self.grid.hexes}

    # --- geometry ----------------------------------------------------------------------

    def centre(self, h: str) -> tuple[float, float]:
        found = self._centres.get(h)
        if found is None:
            x, y = self.grid.centre(h)
            found = self._centres[h] = (self.rect.left + (x - self._min[0]) * self.size / 2,
                                        self.rect.top + (y - self._min[1]) * self.size
                                        * SQRT3 / 2)
        return found

    def _polygon(self, h: str, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(h)
        return [(cx + dx * self.size / 2 * scale, cy + dy * self.size * SQRT3 / 2 * scale)
                for dx, dy in CORNER_OFFSETS]

    def move_by(self, shift: tuple[int, int]) -> None:
        """Move the board on the screen by ``shift`` pixels, its hex outlines with it."""
        self.rect.move_ip(shift)
        self._centres.clear()
        self._polys = {h: self._polygon(h) for h in self.grid.hexes}

    def polygon(self, h: str, scale: float = 1.0) -> list[tuple[float, float]]:
        return self._polys[h] if scale == 1.0 else self._polygon(h, scale)

    def hex_at(self, pos: tuple[int, int]) -> str | None:
        """The hex under a pixel, or None off the board."""
        if not self.rect.inflate(4, 4).collidepoint(pos):
            return None
        px, py = pos
        best, best_d = None, float("inf")
        for h in self.grid.hexes:
            cx, cy = self.centre(h)
            d = (cx - px) ** 2 + (cy - py) ** 2
            if d < best_d:
                best, best_d = h, d
        if best is None or best_d > self.size ** 2:
            return None
        return best

    # --- the layer drawn once ------------------------------------------------------------

    def layer(self) -> pygame.Surface:
        """The board with its art, borders and objectives' home hexes (cached)."""
        if self._layer is None:
            self._layer = self._draw_layer()
        return self._layer

    def _draw_layer(self) -> pygame.Surface:
        ctx, grid = self.ctx, self.grid
        surface = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        offset = (-self.rect.left, -self.rect.top)
        side = self.config.mission.killzone if self.config.mission else "side_a"
        ground = ctx.assets.scaled(KILLZONE_ART.get(side, "ground_side_a.png"),
                                   (max(self.rect.width, self.rect.height),) * 2)
        mask = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        for h in grid.hexes:
            pygame.draw.polygon(mask, (255, 255, 255, 255), _shift(self.polygon(h), offset))
        surface.blit(ground, (0, 0))
        surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        tile = int(self.size * 2) + 2
        for kind, hexes in (("blocked.png", grid.blocked), ("cover.png", grid.cover)):
            art = ctx.assets.scaled(kind, (tile, tile))
            for h in sorted(hexes):
                _blit_in_hex(surface, art, _shift(self.polygon(h), offset))
        # territories: a faint wash in the mission card's way
        for side_key, hexes in self.config.territories.items():
            wash = (*_territory_colour(side_key), 38)
            for h in hexes:
                if h in grid.blocked:
                    continue
                _alpha_polygon(surface, wash, _shift(self.polygon(h), offset))
        for h in grid.hexes:
            poly = _shift(self.polygon(h), offset)
            pygame.draw.aalines(surface, (230, 225, 210, 70), True, poly)
        for h in sorted(grid.cover):
            _dashed(surface, _shift(self.polygon(h, 0.9), offset), (245, 245, 245), 2)
        for h in sorted(grid.blocked):
            pygame.draw.lines(surface, RED, True, _shift(self.polygon(h, 0.92), offset), 2)
        if self.labels:
            size = max(9, int(self.size * 0.3))
            for h in grid.hexes:
                cx, cy = self.centre(h)
                font = ctx.assets.font(size)
                image = font.render(h, True, (220, 215, 200))
                image.set_alpha(150)
                surface.blit(image, image.get_rect(midbottom=(cx - self.rect.left,
                                                              cy - self.rect.top
                                                              + self.size * LABEL_DROP)))
        return surface

    # --- drawn each frame ---------------------------------------------------------------

    def shade(self, surface: pygame.Surface, hexes: Iterable[str],
              colour: tuple[int, int, int, int]) -> None:
        for h in hexes:
            _alpha_polygon(surface, colour, self.polygon(h))

    def outline(self, surface: pygame.Surface, h: str, colour: tuple[int, int, int],
                width: int = 3, scale: float = 0.96) -> None:
        pygame.draw.lines(surface, colour, True, self.polygon(h, scale), width)

    def path(self, surface: pygame.Surface, hexes: list[str],
             colour: tuple[int, int, int] = GOLD) -> None:
        if len(hexes) >= 2:
            points = [self.centre(h) for h in hexes]
            pygame.draw.lines(surface, colour, False, points, max(2, int(self.size / 8)))
            pygame.draw.circle(surface, colour, points[-1], max(4, int(self.size / 5)))

    def sight_line(self, surface: pygame.Surface, a: str, b: str, clear: bool) -> None:
        colour = (120, 230, 140) if clear else (235, 80, 70)
        pygame.draw.line(surface, colour, self.centre(a), self.centre(b), 2)

    def objective(self, surface: pygame.Surface, obj: str, h: str, controller: int,
                  flags: tuple[str, ...] = ()) -> None:
        """An objective token, ringed in its controller's colour; ``flags``, its mission
        tokens, are written beside it (a screen with operatives on the board draws them with
        :meth:`objective_labels` after its tokens instead, to keep them off the tokens)."""
        cx, cy = self.centre(h)
        radius = int(self.size * 0.55)
        icon = self.ctx.assets.scaled("objective.png", (radius * 2, radius * 2))
        rect = icon.get_rect(center=(cx, cy))
        surface.blit(icon, rect)
        if controller:
            pygame.draw.circle(surface, self.ctx.colours[controller], (cx, cy), radius + 2, 3)
        # the size in the text's own units (pixels at 1280 x 800): the hex's size is in
        # the window's pixels already
        self.ctx.text(surface, "!", max(13, int(self.size * 0.45 / self.ctx.scale)),
                      (int(cx), int(cy)),
                      (30, 24, 10), "bold", "center")
        if flags:  # its mission tokens beside it, on nothing (see objective_labels)
            self.objective_labels(surface, [(h, flags)], [h])

    def objective_labels(self, surface: pygame.Surface,
                         labels: Iterable[tuple[str, tuple[str, ...]]],
                         marks: Iterable[str]) -> list[pygame.Rect]:
        """Each objective's mission tokens (powered, inert, downloaded...) as a small box of
        words beside its hex ``h`` of ``labels`` (hex, words), where it hides no hex of
        ``marks`` (the operatives, objectives and highlighted hexes: their tokens whole)
        and no other such box; inside the board. Returns the boxes, noted for the layout
        audit like any box over the board."""
        from game.ui.placement import clear_spot, mark_rect, note_cover

        ctx = self.ctx
        font = ctx.assets.font(ctx.px(13), "bold")
        pad = max(2, ctx.px(3))
        grow = int(self.size * 0.3)  # a token's disc reaches past the mark's square
        avoid = [mark_rect(self, h).inflate(grow, grow) for h in marks]
        boxes: list[pygame.Rect] = []
        for h, flags in labels:
            lines = [ctx.words(f) if ctx.words is not None else f for f in flags]
            if not lines:
                continue
            size = (max(font.size(line)[0] for line in lines) + 2 * pad,
                    len(lines) * font.get_linesize() + 2 * pad)
            spot = clear_spot(size, mark_rect(self, h), avoid + boxes, self.rect,
                              gap=max(1, ctx.px(2)))
            pygame.draw.rect(surface, (18, 18, 21), spot, border_radius=pad)
            pygame.draw.rect(surface, (92, 78, 44), spot, 1, border_radius=pad)
            for i, line in enumerate(lines):
                ctx.text(surface, line, 13, (spot.left + pad,
                                             spot.top + pad + i * font.get_linesize()),
                         GOLD, "bold")
            note_cover(ctx, spot)
            boxes.append(spot)
        return boxes

    def objective_badge(self, surface: pygame.Surface, h: str, controller: int) -> None:
        """A small objective marker at the lower left of the operative standing on it,
        ringed in its controller's colour: the objective stays visible under the token."""
        cx, cy = self.centre(h)
        radius = max(6, int(self.size * 0.3))
        centre = (int(cx - self.size * 0.55), int(cy + self.size * 0.45))
        icon = self.ctx.assets.scaled("objective.png", (radius * 2, radius * 2))
        pygame.draw.circle(surface, (15, 15, 18), centre, radius + 3)
        surface.blit(icon, icon.get_rect(center=centre))
        ring = self.ctx.colours[controller] if controller else GOLD
        pygame.draw.circle(surface, ring, centre, radius + 2, 2)

    def token(self, surface: pygame.Surface, op: OperativeState, wounds: int,
              selected: bool = False, dim: bool = False) -> None:
        """An operative: a disc in its player's colour with its datacard's icon, its wounds
        left as a bar, and an activation token once it has been activated."""
        assert op.hex is not None
        cx, cy = self.centre(op.hex)
        radius = int(self.size * 0.62)
        colour = self.ctx.colours[op.player]
        pygame.draw.circle(surface, (15, 15, 18), (cx + 2, cy + 3), radius)
        pygame.draw.circle(surface, colour, (cx, cy), radius)
        pygame.draw.circle(surface, lighter(self.ctx.colours[op.player]), (cx, cy), radius, 2)
        icon = self.ctx.assets.icon(card_icon(op.card), int(radius * 1.3))
        surface.blit(icon, icon.get_rect(center=(cx, cy - radius * 0.08)))
        if dim:
            veil = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
            pygame.draw.circle(veil, (0, 0, 0, 120), (radius, radius), radius)
            surface.blit(veil, (cx - radius, cy - radius))
        if selected:
            pygame.draw.circle(surface, (255, 255, 255), (cx, cy), radius + 4, 3)
        if "marked" in op.flags:
            mark = self.ctx.assets.icon("targeted", max(12, int(radius * 0.8)), (240, 80, 60))
            surface.blit(mark, mark.get_rect(center=(cx - radius * 0.8, cy - radius * 0.8)))
        if "spotted" in op.flags:  # a markerlight hit it this turning point
            mark = self.ctx.assets.icon("eye-target", max(12, int(radius * 0.8)), (255, 200, 60))
            surface.blit(mark, mark.get_rect(center=(cx - radius * 0.85, cy + radius * 0.35)))
        # a rule set's own states (Shaken, fatigued, ...)
        for i, word in enumerate(w for screens in every() for w in screens.markers(op)):
            # a small disc with the state's letter, at the token's upper left
            centre = (int(cx - radius * (0.8 - 0.7 * i)), int(cy - radius * 0.85))
            disc = max(6, int(radius * 0.34))
            pygame.draw.circle(surface, (15, 15, 18), centre, disc + 1)
            pygame.draw.circle(surface, (220, 70, 60) if word == "Shaken" else (230, 190, 70),
                               centre, disc)
            letter = self.ctx.assets.font(max(9, int(disc * 1.5)), "bold").render(
                word[0].upper(), True, (15, 15, 18))
            surface.blit(letter, letter.get_rect(center=centre))
        # wounds left: a bar under the token
        left = max(0, wounds - op.damage)
        bar = pygame.Rect(0, 0, int(radius * 1.7), max(4, int(self.size * 0.14)))
        bar.midtop = (int(cx), int(cy + radius - bar.height // 2))
        pygame.draw.rect(surface, (20, 20, 20), bar.inflate(2, 2))
        filled = bar.copy()
        filled.width = int(bar.width * left / wounds) if wounds else 0
        pygame.draw.rect(surface, (90, 200, 100) if left * 2 > wounds else (220, 90, 60),
                         filled)
        if op.activated:
            marker = (int(cx + radius * 0.75), int(cy - radius * 0.75))
            pygame.draw.circle(surface, (20, 20, 20), marker, max(5, int(self.size * 0.2)))
            pygame.draw.circle(surface, INK, marker, max(5, int(self.size * 0.2)), 2)


def _territory_colour(side: int) -> tuple[int, int, int]:
    return (200, 200, 230) if side == 1 else (230, 210, 170)


def _shift(points: list[tuple[float, float]], offset: tuple[int, int]
           ) -> list[tuple[float, float]]:
    return [(x + offset[0], y + offset[1]) for x, y in points]


def _alpha_polygon(surface: pygame.Surface, colour: tuple[int, int, int, int],
                   points: list[tuple[float, float]]) -> None:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2,
                      int(max(ys) - min(ys)) + 2)
    if box.width <= 0 or box.height <= 0:
        return
    shape = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(shape, colour, [(x - box.left, y - box.top) for x, y in points])
    surface.blit(shape, box.topleft)


def _blit_in_hex(surface: pygame.Surface, art: pygame.Surface,
                 points: list[tuple[float, float]]) -> None:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                      int(max(ys) - min(ys)) + 1)
    piece = pygame.Surface(box.size, pygame.SRCALPHA)
    piece.blit(art, art.get_rect(center=(box.width // 2, box.height // 2)))
    mask = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - box.left, y - box.top)
                                                      for x, y in points])
    piece.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(piece, box.topleft)


def _dashed(surface: pygame.Surface, points: list[tuple[float, float]],
            colour: tuple[int, int, int], width: int) -> None:
    for i, a in enumerate(points):
        b = points[(i + 1) % len(points)]
        length = math.dist(a, b)
        dashes = max(2, int(length / 6))
        for k in range(0, dashes, 2):
            t0, t1 = k / dashes, min(1.0, (k + 1) / dashes)
            pygame.draw.line(surface, colour, (a[0] + (b[0] - a[0]) * t0,
                                               a[1] + (b[1] - a[1]) * t0),
                             (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), width)
