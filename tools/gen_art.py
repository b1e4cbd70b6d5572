"""Generate the game's raster art into assets/ui/ (deterministic: fixed seeds, pure pygame-ce).

    python tools/gen_art.py [--out DIR] [--only NAME ...]

Running it twice gives byte-identical PNG files. Everything is drawn with pygame surfaces:
value noise is made by smooth-scaling small random grids, per-pixel colour maps go through
``bytes.translate`` lookup tables, small art is drawn at 4x and scaled down for anti-aliasing.
"""

from __future__ import annotations

import math
import os
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.cli.args import Parser, output_folder  # noqa: E402

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "assets" / "ui"

Color = tuple[int, int, int]
Point = tuple[float, float]


# --------------------------------------------------------------------------------------------
# building blocks


def _setup() -> None:
    pygame.display.init()
    # the SIMD backends may round differently from machine to machine; the generic one does not
    try:
        pygame.transform.set_smoothscale_backend("GENERIC")
    except (ValueError, AttributeError):  # pragma: no cover
        pass


def grey_bytes(surf: pygame.Surface) -> bytes:
    """One byte per pixel: the red channel of an (assumed grey) surface."""
    return pygame.image.tobytes(surf, "RGB")[0::3]


def grey_surface(data: bytes, size: tuple[int, int]) -> pygame.Surface:
    rgb = bytearray(len(data) * 3)
    rgb[0::3] = data
    rgb[1::3] = data
    rgb[2::3] = data
    return pygame.image.frombytes(bytes(rgb), size, "RGB")


def curve(data: bytes, fn: Callable[[float], float]) -> bytes:
    """Apply fn (0..1 -> 0..1) to every byte through a lookup table."""
    table = bytes(max(0, min(255, round(fn(i / 255) * 255))) for i in range(256))
    return data.translate(table)


def gradient_map(data: bytes, size: tuple[int, int], stops: Sequence[tuple[float, Color]]
                 ) -> pygame.Surface:
    """Colour a grey field with a gradient (stops: position 0..1, colour)."""
    luts: list[bytearray] = [bytearray(256), bytearray(256), bytearray(256)]
    for i in range(256):
        t = i / 255
        for k in range(len(stops) - 1):
            p0, c0 = stops[k]
            p1, c1 = stops[k + 1]
            if t <= p1 or k == len(stops) - 2:
                u = 0.0 if p1 == p0 else max(0.0, min(1.0, (t - p0) / (p1 - p0)))
                for ch in range(3):
                    luts[ch][i] = round(c0[ch] + (c1[ch] - c0[ch]) * u)
                break
    rgb = bytearray(len(data) * 3)
    for ch in range(3):
        rgb[ch::3] = data.translate(bytes(luts[ch]))
    return pygame.image.frombytes(bytes(rgb), size, "RGB")


def alpha_surface(alpha: bytes, size: tuple[int, int], color: Color) -> pygame.Surface:
    """A surface of one colour whose per-pixel alpha is the given bytes."""
    rgba = bytearray(len(alpha) * 4)
    for ch in range(3):
        rgba[ch::4] = bytes([color[ch]]) * len(alpha)
    rgba[3::4] = alpha
    return pygame.image.frombytes(bytes(rgba), size, "RGBA")


def value_noise(size: tuple[int, int], cells: tuple[int, int], rng: random.Random
                ) -> pygame.Surface:
    """Tileable smooth value noise: a cells-sized random grid, smooth-scaled up to size."""
    w, h = size
    cw, ch = cells
    vals = [rng.randrange(256) for _ in range(cw * ch)]
    small = pygame.Surface((cw + 1, ch + 1))
    for y in range(ch + 1):
        for x in range(cw + 1):
            v = vals[(y % ch) * cw + (x % cw)]
            small.set_at((x, y), (v, v, v))
    sx, sy = w // cw, h // ch
    big = pygame.transform.smoothscale(small, (w + sx, h + sy))
    out = big.subsurface((sx // 2, sy // 2, w, h)).copy()
    if sx >= 8:  # hide the creases of bilinear scaling
        out = pygame.transform.box_blur(out, max(1, sx // 6))
    return out


def fbm(size: tuple[int, int], base: int, octaves: int, rng: random.Random,
        persistence: float = 0.55) -> bytes:
    """Fractal noise as grey bytes, stretched to the full 0..255 range."""
    w, h = size
    acc = value_noise(size, (base, max(1, base * h // w)), rng)
    total = 1.0
    amp = 1.0
    cells = base
    for _ in range(1, octaves):
        cells *= 2
        amp *= persistence
        if cells > w:
            break
        layer = value_noise(size, (cells, max(1, cells * h // w)), rng)
        total += amp
        layer.set_alpha(round(255 * amp / total))
        acc.blit(layer, (0, 0))
    data = grey_bytes(acc)
    lo, hi = min(data), max(data)
    span = max(1, hi - lo)
    return curve(data, lambda t: (t * 255 - lo) / span)


def supersample(draw: Callable[[pygame.Surface, int], None], size: tuple[int, int],
                factor: int = 4) -> pygame.Surface:
    """Draw at factor x size on a transparent surface and scale down (anti-aliasing)."""
    big = pygame.Surface((size[0] * factor, size[1] * factor), pygame.SRCALPHA)
    draw(big, factor)
    return pygame.transform.smoothscale(big, size)


def wrapped(size: tuple[int, int], x: float, y: float, reach: float
            ) -> list[tuple[float, float]]:
    """Copies of a point so that a shape of the given reach wraps around a tileable texture."""
    w, h = size
    out = []
    for dx in (-w, 0, w):
        for dy in (-h, 0, h):
            if -reach <= x + dx <= w + reach and -reach <= y + dy <= h + reach:
                out.append((x + dx, y + dy))
    return out


def jagged_polygon(rng: random.Random, cx: float, cy: float, r: float, n: int,
                   jitter: float = 0.35, squash: float = 1.0, rot: float = 0.0) -> list[Point]:
    pts = []
    for i in range(n):
        a = rot + 2 * math.pi * i / n + rng.uniform(-0.3, 0.3) * math.pi / n
        rr = r * rng.uniform(1 - jitter, 1 + jitter * 0.4)
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr * squash))
    return pts


def shade(c: Color, f: float) -> Color:
    if f >= 1:
        return tuple(min(255, round(v + (255 - v) * (f - 1))) for v in c)  # type: ignore[return-value]
    return tuple(max(0, round(v * f)) for v in c)  # type: ignore[return-value]


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def soft_blob_layer(size: tuple[int, int], blobs: list[tuple[float, float, float, int]],
                    color: Color, blur: int, wrap: bool = True) -> pygame.Surface:
    """Soft blobs (x, y, radius, alpha) of one colour, blurred, as an SRCALPHA layer."""
    w, h = size
    scale = 4
    small = pygame.Surface((w // scale, h // scale), pygame.SRCALPHA)
    small.fill((*color, 0))
    for x, y, r, a in blobs:
        spots = wrapped(size, x, y, r) if wrap else [(x, y)]
        for px, py in spots:
            pygame.draw.circle(small, (*color, a), (px / scale, py / scale), r / scale)
    if blur:
        small = pygame.transform.gaussian_blur(small, max(1, blur // scale))
    return pygame.transform.smoothscale(small, size)


def grain(surf: pygame.Surface, rng: random.Random, amount: int, cell: int = 2) -> None:
    """Fine speckle: a random grey field (cell x cell pixels) overlaid with soft light."""
    w, h = surf.get_size()
    n = (w // cell) * (h // cell)
    data = rng.randbytes(n)
    data = curve(data, lambda t: 0.5 + (t - 0.5) * amount / 128)
    g = grey_surface(data, (w // cell, h // cell))
    g = pygame.transform.scale(g, (w, h))
    # overlay approximated as: add (g - 128) in both directions
    lighter = g.copy()
    lighter.fill((128, 128, 128), special_flags=pygame.BLEND_RGB_SUB)
    darker = pygame.Surface((w, h))
    darker.fill((128, 128, 128))
    darker.blit(g, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    surf.blit(lighter, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    surf.blit(darker, (0, 0), special_flags=pygame.BLEND_RGB_SUB)


def shifted(surf: pygame.Surface, dx: int, dy: int) -> pygame.Surface:
    """The surface moved by (dx, dy), wrapping around."""
    w, h = surf.get_size()
    out = surf.copy()
    for ox in (dx - w, dx, dx + w):
        for oy in (dy - h, dy, dy + h):
            out.blit(surf, (ox, oy))
    return out


def emboss(surf: pygame.Surface, height: bytes, d: int, strength: float) -> None:
    """Light the surface from the top left as if ``height`` (grey bytes) were its relief."""
    size = surf.get_size()
    hs = grey_surface(height, size)
    a = shifted(hs, d, d)
    b = shifted(hs, -d, -d)
    light = a.copy()
    light.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    dark = b
    dark.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    gain = curve(bytes(range(256)), lambda t: min(1.0, t * strength))
    for layer, flag in ((light, pygame.BLEND_RGB_SUB), (dark, pygame.BLEND_RGB_ADD)):
        layer = grey_surface(grey_bytes(layer).translate(gain), size)
        surf.blit(layer, (0, 0), special_flags=flag)


def crack_path(rng: random.Random, x: float, y: float, angle: float, length: float,
               step: float = 6.0) -> list[Point]:
    pts = [(x, y)]
    travelled = 0.0
    while travelled < length:
        angle += rng.uniform(-0.2, 0.2)  # the overall heading drifts slowly
        a = angle + rng.gauss(0, 0.55)  # each segment zig-zags about it
        s = step * rng.uniform(0.6, 1.6)
        x += math.cos(a) * s
        y += math.sin(a) * s
        pts.append((x, y))
        travelled += s
    return pts


def draw_crack(surf: pygame.Surface, size: tuple[int, int], pts: list[Point], dark: Color,
               light: Color, width: int) -> None:
    w, h = size
    for dx in (-w, 0, w):
        for dy in (-h, 0, h):
            moved = [(px + dx, py + dy) for px, py in pts]
            if all(px < -20 or px > w + 20 for px, _ in moved):
                continue
            if all(py < -20 or py > h + 20 for _, py in moved):
                continue
            pygame.draw.lines(surf, light, False, [(px + 1, py + 1) for px, py in moved], 1)
            pygame.draw.lines(surf, dark, False, moved, width)


def vertical_gradient(size: tuple[int, int], stops: Sequence[tuple[float, Color]]
                      ) -> pygame.Surface:
    w, h = size
    col = bytes(round(255 * y / max(1, h - 1)) for y in range(h))
    strip = gradient_map(col, (1, h), stops)
    return pygame.transform.scale(strip, (w, h))


# --------------------------------------------------------------------------------------------
# ground textures

GROUND = (1024, 1024)


def _rubble_specks(surf: pygame.Surface, rng: random.Random, count: int, palette: list[Color],
                   rmin: float, rmax: float, shadow_alpha: int = 110) -> None:
    size = surf.get_size()
    shadows = pygame.Surface(size, pygame.SRCALPHA)
    stones = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(count):
        # clustered: half near earlier cluster centres
        x, y = rng.uniform(0, size[0]), rng.uniform(0, size[1])
        r = rng.uniform(rmin, rmax) * (1.8 if rng.random() < 0.06 else 1.0)
        c = rng.choice(palette)
        c = shade(c, rng.uniform(0.8, 1.15))
        poly = jagged_polygon(rng, 0, 0, r, rng.randint(4, 7), 0.45, rng.uniform(0.6, 1.0),
                              rng.uniform(0, math.pi))
        for px, py in wrapped(size, x, y, r + 4):
            pts = [(px + a, py + b) for a, b in poly]
            pygame.draw.polygon(shadows, (0, 0, 0, shadow_alpha),
                                [(a + r * 0.35 + 1, b + r * 0.45 + 1) for a, b in pts])
            pygame.draw.polygon(stones, (*c, 255), pts)
            if r >= 2.5:
                lit = shade(c, 1.35)
                top = sorted(pts, key=lambda p: p[0] + p[1])[:3]
                top.sort(key=lambda p: p[0])
                pygame.draw.lines(stones, (*lit, 255), False, top, 1)
    surf.blit(pygame.transform.box_blur(shadows, 1), (0, 0))
    surf.blit(stones, (0, 0))


def ground_side_a(rng: random.Random) -> pygame.Surface:
    """Shattered Manufactorum: grey-blue rockcrete plates, cracks, oil, rubble."""
    size = GROUND
    w, h = size
    base = fbm(size, 4, 7, rng)
    base = curve(base, lambda t: 0.5 + (t - 0.5) * 1.1)
    surf = gradient_map(base, size, [(0.0, (34, 39, 47)), (0.45, (62, 69, 79)),
                                     (0.8, (84, 91, 100)), (1.0, (104, 108, 114))])
    pits = fbm(size, 32, 3, rng)
    emboss(surf, pits, 1, 0.9)
    # colour drift: patches of a warmer grime and a colder blue
    warm = fbm(size, 3, 3, rng)
    surf.blit(alpha_surface(curve(warm, lambda t: max(0.0, t - 0.55) * 0.9), size,
                            (92, 80, 64)), (0, 0))
    cold = fbm(size, 3, 3, rng)
    surf.blit(alpha_surface(curve(cold, lambda t: max(0.0, t - 0.5) * 0.7), size,
                            (40, 58, 80)), (0, 0))

    # rockcrete plates on a 256 px grid, each with its own tone, bevelled seams
    plate = 256
    plates = pygame.Surface(size, pygame.SRCALPHA)
    seams = pygame.Surface(size, pygame.SRCALPHA)
    for gy in range(h // plate):
        for gx in range(w // plate):
            for sub in range(2):  # plates are split in two, alternating direction
                if (gx + gy) % 2 == 0:
                    rect = pygame.Rect(gx * plate, gy * plate + sub * plate // 2, plate,
                                       plate // 2)
                else:
                    rect = pygame.Rect(gx * plate + sub * plate // 2, gy * plate, plate // 2,
                                       plate)
                tone = rng.choice([(0, 0, 0), (255, 255, 255), (20, 30, 45)])
                plates.fill((*tone, rng.randint(0, 26)), rect)
                pygame.draw.line(seams, (10, 12, 16, 200), rect.topleft, rect.topright, 3)
                pygame.draw.line(seams, (10, 12, 16, 200), rect.topleft, rect.bottomleft, 3)
                pygame.draw.line(seams, (150, 156, 164, 70), (rect.left + 2, rect.top + 2),
                                 (rect.right - 2, rect.top + 2), 1)
                pygame.draw.line(seams, (150, 156, 164, 70), (rect.left + 2, rect.top + 2),
                                 (rect.left + 2, rect.bottom - 2), 1)
                # bolt heads in the plate corners
                for bx, by in ((rect.left + 9, rect.top + 9), (rect.right - 9, rect.top + 9),
                               (rect.left + 9, rect.bottom - 9),
                               (rect.right - 9, rect.bottom - 9)):
                    if rng.random() < 0.7:
                        pygame.draw.circle(seams, (12, 14, 18, 170), (bx + 1, by + 1), 3)
                        pygame.draw.circle(seams, (120, 126, 134, 150), (bx, by), 2)
    surf.blit(plates, (0, 0))
    surf.blit(seams, (0, 0))

    # faded hazard stripes on a few plates
    hazard = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(5):
        x, y = rng.randrange(0, w // 128) * 128 + 16, rng.randrange(0, h // 128) * 128 + 40
        length = rng.choice([96, 160, 224])
        vertical = rng.random() < 0.5
        band = pygame.Surface((length, 28), pygame.SRCALPHA)
        for i in range(-28, length + 28, 20):
            pygame.draw.polygon(band, (178, 142, 38, 255),
                                [(i, 0), (i + 10, 0), (i - 18, 28), (i - 28, 28)])
        # scuff the paint with noise
        scuff = fbm((length, 28), 8, 3, rng)
        band.blit(alpha_surface(curve(scuff, lambda t: min(1.0, max(0.0, t * 1.6 - 0.35))),
                                (length, 28), (0, 0, 0)), (0, 0),
                  special_flags=pygame.BLEND_RGBA_MULT)
        if vertical:
            band = pygame.transform.rotate(band, 90)
        band.set_alpha(120)
        for px, py in wrapped(size, x, y, length):
            hazard.blit(band, (px, py))
    surf.blit(hazard, (0, 0))

    # oil stains and scorch: dark soft blobs with a bluish sheen
    blobs = []
    for _ in range(10):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        for _ in range(rng.randint(4, 10)):
            blobs.append((cx + rng.gauss(0, 20), cy + rng.gauss(0, 14), rng.uniform(6, 24),
                          rng.randint(110, 190)))
        for _ in range(rng.randint(3, 8)):  # drips and splashes around it
            a, d = rng.uniform(0, 2 * math.pi), rng.uniform(30, 60)
            blobs.append((cx + math.cos(a) * d, cy + math.sin(a) * d, rng.uniform(3, 7), 160))
    surf.blit(soft_blob_layer(size, blobs, (8, 10, 14), 6), (0, 0))
    sheen = [(x + 4, y - 3, r * 0.55, a // 4) for x, y, r, a in blobs[::2]]
    surf.blit(soft_blob_layer(size, sheen, (70, 60, 110), 10), (0, 0))
    rust = [(rng.uniform(0, w), rng.uniform(0, h), rng.uniform(20, 60), rng.randint(30, 60))
            for _ in range(22)]
    surf.blit(soft_blob_layer(size, rust, (110, 62, 30), 30), (0, 0))

    # cracks: long branching fractures, plus impact shatter stars
    for _ in range(16):
        pts = crack_path(rng, rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0, 2 * math.pi),
                         rng.uniform(120, 380))
        draw_crack(surf, size, pts, (14, 16, 20), (112, 118, 126), 2)
        for _ in range(rng.randint(1, 3)):
            i = rng.randrange(len(pts))
            sub = crack_path(rng, *pts[i], rng.uniform(0, 2 * math.pi), rng.uniform(30, 110))
            draw_crack(surf, size, sub, (18, 20, 25), (100, 106, 114), 1)
    craters = []
    for _ in range(7):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        r = rng.uniform(28, 60)
        craters.append((cx, cy, r, 150))
        for k in range(rng.randint(6, 10)):
            a = 2 * math.pi * k / 8 + rng.uniform(-0.3, 0.3)
            pts = crack_path(rng, cx + math.cos(a) * r * 0.3, cy + math.sin(a) * r * 0.3, a,
                             r * rng.uniform(1.2, 2.4), 5)
            draw_crack(surf, size, pts, (12, 14, 18), (104, 110, 118), 1)
    surf.blit(soft_blob_layer(size, craters, (6, 7, 9), 22), (0, 0))
    rims = [(x - 3, y - 4, r * 0.8, 40) for x, y, r, _ in craters]
    surf.blit(soft_blob_layer(size, rims, (150, 150, 150), 30), (0, 0))
    surf.blit(soft_blob_layer(size, [(x, y, r * 0.55, 200) for x, y, r, _ in craters],
                              (8, 9, 12), 12), (0, 0))

    # rubble specks, some clustered near the craters
    palette = [(88, 92, 98), (70, 74, 82), (104, 104, 100), (60, 60, 62), (96, 84, 70)]
    _rubble_specks(surf, rng, 900, palette, 1.2, 3.8)
    cluster = pygame.Surface(size, pygame.SRCALPHA)
    for cx, cy, r, _ in craters:
        for _ in range(40):
            a = rng.uniform(0, 2 * math.pi)
            d = r * rng.uniform(0.8, 2.0)
            x, y = cx + math.cos(a) * d, cy + math.sin(a) * d
            c = shade(rng.choice(palette), rng.uniform(0.9, 1.2))
            poly = jagged_polygon(rng, 0, 0, rng.uniform(2, 5), 5, 0.4)
            for px, py in wrapped(size, x, y, 8):
                pygame.draw.polygon(cluster, (0, 0, 0, 120),
                                    [(px + a + 2, py + b + 2) for a, b in poly])
                pygame.draw.polygon(cluster, (*c, 255), [(px + a, py + b) for a, b in poly])
    surf.blit(cluster, (0, 0))
    grain(surf, rng, 9)
    return surf


def ground_side_b(rng: random.Random) -> pygame.Surface:
    """Ash-Waste Tomb Outpost: ochre ash waste, sand ripples, dark stones."""
    size = GROUND
    w, h = size
    base = fbm(size, 4, 7, rng, 0.5)
    surf = gradient_map(base, size, [(0.0, (52, 38, 26)), (0.4, (84, 64, 40)),
                                     (0.75, (108, 84, 52)), (1.0, (128, 102, 66))])
    emboss(surf, base, 3, 1.4)
    emboss(surf, fbm(size, 32, 3, rng), 1, 0.7)
    ash = fbm(size, 3, 4, rng)
    surf.blit(alpha_surface(curve(ash, lambda t: max(0.0, t - 0.5) * 0.8), size,
                            (120, 112, 100)), (0, 0))

    # wind ripples: wavy crest lines, light on the windward side, shadow behind; faded by a
    # low-frequency mask so they come and go across the waste
    ripples = pygame.Surface(size, pygame.SRCALPHA)
    spacing = 16
    for row in range(h // spacing):
        y0 = row * spacing
        phase = rng.uniform(0, 2 * math.pi)
        amp = rng.uniform(3, 7)
        pts_l, pts_d = [], []
        for x in range(0, w + 9, 8):
            y = (y0 + amp * math.sin(2 * math.pi * x / 256 + phase)
                 + 3 * math.sin(2 * math.pi * x / 128 + row * 0.7))
            pts_l.append((x, y))
            pts_d.append((x, y + 3))
        for dy in (-h, 0, h):
            pygame.draw.lines(ripples, (196, 166, 116, 130), False,
                              [(a, b + dy) for a, b in pts_l], 2)
            pygame.draw.lines(ripples, (40, 28, 16, 120), False,
                              [(a, b + dy) for a, b in pts_d], 2)
    ripples = pygame.transform.box_blur(ripples, 1)
    mask = fbm(size, 3, 3, rng)
    ripples.blit(alpha_surface(curve(mask, lambda t: min(1.0, max(0.0, (t - 0.35) * 2.2))), size,
                               (255, 255, 255)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(ripples, (0, 0))

    # scorch marks / blast craters and pale ash drifts
    drifts = [(rng.uniform(0, w), rng.uniform(0, h), rng.uniform(30, 90), rng.randint(30, 60))
              for _ in range(18)]
    surf.blit(soft_blob_layer(size, drifts, (150, 140, 120), 40), (0, 0))
    craters = [(rng.uniform(0, w), rng.uniform(0, h), rng.uniform(26, 56), 170)
               for _ in range(6)]
    surf.blit(soft_blob_layer(size, [(x + 2, y - 3, r * 1.1, 60) for x, y, r, _ in craters],
                              (160, 130, 90), 24), (0, 0))
    surf.blit(soft_blob_layer(size, craters, (22, 15, 10), 26), (0, 0))

    # half-buried dark stone slabs with faint engraved lines (an ancient tomb complex)
    slabs = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(9):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        sw, sh = rng.uniform(40, 90), rng.uniform(18, 34)
        rot = rng.uniform(0, math.pi)
        corners = [(-sw / 2, -sh / 2), (sw / 2, -sh / 2), (sw / 2, sh / 2), (-sw / 2, sh / 2)]
        cosr, sinr = math.cos(rot), math.sin(rot)
        poly = [(a * cosr - b * sinr, a * sinr + b * cosr) for a, b in corners]
        # a broken corner
        k = rng.randrange(4)
        poly.insert(k + 1, ((poly[k][0] + poly[(k + 1) % 4][0]) / 2 + rng.uniform(-6, 6),
                            (poly[k][1] + poly[(k + 1) % 4][1]) / 2 + rng.uniform(-6, 6)))
        for px, py in wrapped(size, cx, cy, 60):
            pts = [(px + a, py + b) for a, b in poly]
            pygame.draw.polygon(slabs, (20, 14, 10, 110), [(a + 4, b + 5) for a, b in pts])
            pygame.draw.polygon(slabs, (44, 40, 38, 255), pts)
            pygame.draw.polygon(slabs, (74, 70, 64, 255), pts, 2)
            for t in (0.3, 0.7):
                a0 = (pts[0][0] + (pts[-1][0] - pts[0][0]) * t,
                      pts[0][1] + (pts[-1][1] - pts[0][1]) * t)
                a1 = (pts[1][0] + (pts[2][0] - pts[1][0]) * t,
                      pts[1][1] + (pts[2][1] - pts[1][1]) * t)
                pygame.draw.line(slabs, (60, 92, 70, 200), a0, a1, 1)
    surf.blit(slabs, (0, 0))

    # dark stones: clusters and scatter
    palette = [(40, 34, 30), (52, 44, 38), (32, 28, 26), (60, 52, 44)]
    _rubble_specks(surf, rng, 700, palette, 1.5, 4.5, 90)
    big_stones = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(26):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        for _ in range(rng.randint(2, 6)):
            r = rng.uniform(5, 14)
            x, y = cx + rng.gauss(0, 18), cy + rng.gauss(0, 14)
            c = shade(rng.choice(palette), rng.uniform(0.85, 1.15))
            poly = jagged_polygon(rng, 0, 0, r, rng.randint(5, 8), 0.3, rng.uniform(0.55, 0.85))
            for px, py in wrapped(size, x, y, r + 8):
                pts = [(px + a, py + b) for a, b in poly]
                pygame.draw.polygon(big_stones, (18, 12, 8, 120),
                                    [(a + r * 0.4, b + r * 0.5) for a, b in pts])
                pygame.draw.polygon(big_stones, (*c, 255), pts)
                top = [(a, b) for a, b in pts if b <= py]
                if len(top) >= 2:
                    top.sort(key=lambda p: p[0])
                    pygame.draw.lines(big_stones, (*shade(c, 1.3), 255), False, top, 1)
                pygame.draw.polygon(big_stones, (*shade(c, 0.6), 255),
                                    [(a, b) for a, b in pts], 1)
    surf.blit(big_stones, (0, 0))
    grain(surf, rng, 8)
    return surf


# --------------------------------------------------------------------------------------------
# terrain tiles (drawn into a hex by the UI)

TILE = (256, 256)


def _block(surf: pygame.Surface, rng: random.Random, cx: float, cy: float, bw: float,
           bh: float, depth: float, rot: float, color: Color, s: int) -> None:
    """A broken masonry block in a fake 3/4 view: front face, lit top face, cracks."""
    cosr, sinr = math.cos(rot), math.sin(rot)

    def tr(a: float, b: float) -> Point:
        return (cx + (a * cosr - b * sinr) * s, cy + (a * sinr + b * cosr) * s)

    jag = [(-bw / 2, -bh / 2), (bw / 2, -bh / 2), (bw / 2, bh / 2), (-bw / 2, bh / 2)]
    jag = [(a + rng.uniform(-bw, bw) * 0.08, b + rng.uniform(-bh, bh) * 0.1) for a, b in jag]
    if rng.random() < 0.6:  # chipped corner
        k = rng.randrange(4)
        a, b = jag[k]
        jag[k:k + 1] = [(a * 0.7, b), (a * 0.9, b * 0.6)]
    top = [tr(a, b) for a, b in jag]
    side = [(x, y + depth * s) for x, y in top]
    shadow = [(x + 6 * s, y + (depth + 6) * s) for x, y in top]
    pygame.draw.polygon(surf, (0, 0, 0, 110), shadow)
    # the extruded sides: connect each edge of the top to the bottom
    dark = shade(color, 0.5)
    for i in range(len(top)):
        a, b = top[i], top[(i + 1) % len(top)]
        c, d = side[(i + 1) % len(top)], side[i]
        pygame.draw.polygon(surf, (*dark, 255), [a, b, c, d])
    pygame.draw.polygon(surf, (*color, 255), top)
    # highlight the upper-left edges, shade the lower-right ones
    for i in range(len(top)):
        a, b = top[i], top[(i + 1) % len(top)]
        nx, ny = b[1] - a[1], a[0] - b[0]
        lit = (nx + ny) < 0
        pygame.draw.line(surf, (*shade(color, 1.45 if lit else 0.75), 255), a, b, 2 * s)
    # a crack or two across the top face
    for _ in range(rng.randint(0, 2)):
        i = rng.randrange(len(top))
        p = top[i]
        q = top[(i + 2) % len(top)]
        m = ((p[0] + q[0]) / 2 + rng.uniform(-4, 4) * s, (p[1] + q[1]) / 2 + rng.uniform(-4, 4) * s)
        pygame.draw.lines(surf, (*shade(color, 0.45), 255), False,
                          [p, m, ((m[0] + q[0]) / 2, (m[1] + q[1]) / 2)], s)


def _girder(surf: pygame.Surface, rng: random.Random, x0: float, y0: float, x1: float,
            y1: float, width: float, s: int) -> None:
    """A broken I-beam: dark steel with rust, flanges, rivets and a twisted end."""
    dx, dy = x1 - x0, y1 - y0
    ln = math.hypot(dx, dy)
    ux, uy = dx / ln, dy / ln
    nx, ny = -uy, ux
    hw = width / 2
    body = [(x0 + nx * hw, y0 + ny * hw), (x1 + nx * hw, y1 + ny * hw),
            (x1 + nx * hw * 0.2 + ux * 6, y1 + ny * hw * 0.2 + uy * 6),
            (x1 - nx * hw, y1 - ny * hw), (x0 - nx * hw, y0 - ny * hw)]
    body = [(x * s, y * s) for x, y in body]
    pygame.draw.polygon(surf, (0, 0, 0, 120), [(x + 7 * s, y + 9 * s) for x, y in body])
    pygame.draw.polygon(surf, (58, 46, 40, 255), body)
    # flanges
    for side in (1, -1):
        a = ((x0 + nx * hw * side * 0.8) * s, (y0 + ny * hw * side * 0.8) * s)
        b = ((x1 + nx * hw * side * 0.8) * s, (y1 + ny * hw * side * 0.8) * s)
        pygame.draw.line(surf, (112, 84, 62, 255) if side == 1 else (30, 24, 22, 255), a, b,
                         max(1, round(width * 0.22 * s)))
    pygame.draw.line(surf, (38, 32, 30, 255), (x0 * s, y0 * s), (x1 * s, y1 * s),
                     max(1, round(width * 0.18 * s)))
    # rust blotches and rivets
    for _ in range(int(ln / 10)):
        t = rng.random()
        px, py = x0 + dx * t + nx * rng.uniform(-hw, hw) * 0.6, y0 + dy * t + ny * rng.uniform(
            -hw, hw) * 0.6
        pygame.draw.circle(surf, (128, 66, 34, 150), (px * s, py * s), rng.uniform(1, 3) * s)
    for k in range(int(ln / 14)):
        t = (k + 0.5) / int(ln / 14)
        for side in (1, -1):
            px = x0 + dx * t + nx * hw * side * 0.55
            py = y0 + dy * t + ny * hw * side * 0.55
            pygame.draw.circle(surf, (140, 120, 100, 255), (px * s, py * s), 1.2 * s)


def blocked_tile(rng: random.Random) -> pygame.Surface:
    """Ruined wall / debris pile, filling the whole tile (the UI clips it to a hex)."""
    w, h = TILE

    def draw(surf: pygame.Surface, s: int) -> None:
        # a dark rubble bed over the whole tile
        bed_noise = fbm((64, 64), 4, 4, rng)
        bed = gradient_map(bed_noise, (64, 64), [(0, (22, 22, 24)), (0.6, (44, 43, 44)),
                                                  (1, (62, 60, 58))])
        surf.blit(pygame.transform.smoothscale(bed, surf.get_size()), (0, 0))
        for _ in range(260):
            x, y = rng.uniform(0, w), rng.uniform(0, h)
            r = rng.uniform(2, 7)
            c = shade((70, 68, 66), rng.uniform(0.6, 1.3))
            poly = [(a * s, b * s) for a, b in jagged_polygon(rng, x, y, r, rng.randint(4, 6))]
            pygame.draw.polygon(surf, (0, 0, 0, 130), [(a + 2 * s, b + 2 * s) for a, b in poly])
            pygame.draw.polygon(surf, (*c, 255), poly)
        # the standing stub of a wall across the back: courses of blocks
        wall_y = 70
        for course in range(3):
            y = wall_y - course * 18
            x = -10 + (course % 2) * 14
            while x < w + 10:
                bw = rng.uniform(24, 36)
                height_here = 3 - course
                if rng.random() < 0.25 * (course + 1) or abs(x - w / 2) > 100 - course * 30:
                    x += bw
                    continue
                c = shade((92, 90, 88), rng.uniform(0.8, 1.1))
                _block(surf, rng, (x + bw / 2) * s, y * s, bw - 2, 14, 12 + height_here,
                       rng.uniform(-0.05, 0.05), c, s)
                x += bw
        # girders leaning out of the pile
        _girder(surf, rng, 20, 40, 150, 100, 13, s)
        _girder(surf, rng, 240, 60, 160, 170, 11, s)
        # tumbled blocks, back to front
        blocks = []
        for _ in range(30):
            blocks.append((rng.uniform(10, w - 10), rng.uniform(80, h - 10)))
        for _ in range(8):
            blocks.append((rng.uniform(0, w), rng.uniform(0, 80)))
        blocks.sort(key=lambda p: p[1])
        for x, y in blocks:
            c = shade(rng.choice([(96, 94, 92), (84, 84, 88), (104, 98, 90), (72, 72, 76)]),
                      rng.uniform(0.85, 1.12))
            _block(surf, rng, x * s, y * s, rng.uniform(18, 40), rng.uniform(12, 24),
                   rng.uniform(6, 12), rng.uniform(-0.8, 0.8), c, s)
        # a bent girder on top and loose rebar
        _girder(surf, rng, 40, 210, 210, 150, 10, s)
        for _ in range(10):
            x, y = rng.uniform(20, w - 20), rng.uniform(20, h - 20)
            a = rng.uniform(0, 2 * math.pi)
            pts = crack_path(rng, x, y, a, rng.uniform(20, 45), 7)
            pygame.draw.lines(surf, (30, 22, 18, 255), False,
                              [(px * s + s, py * s + s) for px, py in pts], s * 2)
            pygame.draw.lines(surf, (122, 78, 48, 255), False,
                              [(px * s, py * s) for px, py in pts], s)
        # dust settling over everything
        dust = fbm((64, 64), 4, 3, rng)
        dust_layer = alpha_surface(curve(dust, lambda t: max(0.0, t - 0.55) * 0.5), (64, 64),
                                   (150, 144, 132))
        surf.blit(pygame.transform.smoothscale(dust_layer, surf.get_size()), (0, 0))

    return supersample(draw, TILE, 2)


def _sandbag(surf: pygame.Surface, cx: float, cy: float, bw: float, bh: float, rot: float,
             color: Color, s: int) -> None:
    bag = pygame.Surface((int(bw * s) + 4, int(bh * s) + 4), pygame.SRCALPHA)
    rect = pygame.Rect(2, 2, int(bw * s), int(bh * s))
    pygame.draw.ellipse(bag, (*shade(color, 0.55), 255), rect)
    steps = 7
    for i in range(steps):
        t = i / (steps - 1)
        r = rect.inflate(-rect.w * 0.55 * t, -rect.h * 0.6 * t)
        r.move_ip(-rect.w * 0.07 * t, -rect.h * 0.16 * t)
        pygame.draw.ellipse(bag, (*shade(color, 0.72 + 0.55 * t), 255), r)
    # the tied ends and a seam
    for ex in (rect.left + rect.w * 0.08, rect.right - rect.w * 0.08):
        pygame.draw.line(bag, (*shade(color, 0.5), 255), (ex, rect.top + rect.h * 0.25),
                         (ex, rect.bottom - rect.h * 0.25), max(1, s))
    pygame.draw.arc(bag, (*shade(color, 0.6), 255), rect.inflate(-rect.w * 0.3, -rect.h * 0.2),
                    math.pi * 1.1, math.pi * 1.9, max(1, s))
    bag = pygame.transform.rotate(bag, math.degrees(rot))
    shadow = pygame.Surface(bag.get_size(), pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 0))
    shadow.blit(bag, (0, 0))
    shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    shadow.set_alpha(120)
    r = bag.get_rect(center=(cx, cy))
    surf.blit(shadow, r.move(4 * s, 5 * s))
    surf.blit(bag, r)


def _crate(surf: pygame.Surface, rng: random.Random, cx: float, cy: float, size: float,
           rot: float, s: int) -> None:
    n = int(size * s)
    top = pygame.Surface((n, n), pygame.SRCALPHA)
    wood = (118, 86, 52)
    top.fill((*wood, 255))
    planks = 4
    for i in range(planks):
        c = shade(wood, rng.uniform(0.82, 1.12))
        pygame.draw.rect(top, (*c, 255), (0, i * n // planks, n, n // planks - s))
        pygame.draw.line(top, (*shade(wood, 0.45), 255), (0, (i + 1) * n // planks - s),
                         (n, (i + 1) * n // planks - s), s)
    b = max(2, n // 9)
    frame = shade(wood, 0.7)
    pygame.draw.rect(top, (*frame, 255), (0, 0, n, n), b)
    pygame.draw.line(top, (*frame, 255), (b, b), (n - b, n - b), b)
    pygame.draw.line(top, (*shade(wood, 1.3), 255), (0, 0), (n, 0), s)
    pygame.draw.line(top, (*shade(wood, 1.3), 255), (0, 0), (0, n), s)
    pygame.draw.rect(top, (*shade(wood, 0.35), 255), (0, 0, n, n), s)
    # stencil mark
    pygame.draw.rect(top, (170, 150, 90, 140), (n * 0.55, n * 0.15, n * 0.3, n * 0.12))
    top = pygame.transform.rotate(top, math.degrees(rot))
    r = top.get_rect(center=(cx, cy))
    side = top.copy()
    side.fill((60, 44, 28, 255), special_flags=pygame.BLEND_RGB_MULT)
    for k in range(int(8 * s), 0, -s):
        surf.blit(side, r.move(0, k))
    shadow = top.copy()
    shadow.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGB_MULT)
    shadow.set_alpha(110)
    surf.blit(shadow, r.move(8 * s, 12 * s))
    surf.blit(top, r)


def cover_tile(rng: random.Random) -> pygame.Surface:
    """Barricades: sandbag walls, crates, a low broken wall and light rubble."""
    w, h = TILE

    def draw(surf: pygame.Surface, s: int) -> None:
        # a pale scatter of rubble underneath, inside the hex (leaves the ground visible)
        for _ in range(170):
            a, d = rng.uniform(0, 2 * math.pi), 112 * math.sqrt(rng.random())
            x, y = w / 2 + math.cos(a) * d, h / 2 + math.sin(a) * d
            r = rng.uniform(1.5, 5)
            c = shade((132, 124, 110), rng.uniform(0.75, 1.2))
            poly = [(a * s, b * s) for a, b in jagged_polygon(rng, x, y, r, rng.randint(4, 6))]
            pygame.draw.polygon(surf, (0, 0, 0, 110), [(a + 2 * s, b + 2 * s) for a, b in poly])
            pygame.draw.polygon(surf, (*c, 255), poly)
        # low broken wall on the left, lighter stone than the blocked ruins
        for i in range(4):
            y = 78 + i * 25
            c = shade((150, 144, 132), rng.uniform(0.85, 1.05))
            _block(surf, rng, (44 + rng.uniform(-3, 3)) * s, y * s, 24, 21, 9, 0.05, c, s)
        _block(surf, rng, 64 * s, 190 * s, 18, 14, 5, 0.6, (138, 132, 120), s)
        # a lone crate behind, top right
        _crate(surf, rng, 178 * s, 66 * s, 34, 0.45, s)
        # a curved sandbag wall, two rows, across the middle of the hex
        bag_colors = [(150, 132, 92), (138, 124, 86), (160, 142, 100), (128, 118, 84)]
        for row in range(2):
            n = 6 - row
            for i in range(n):
                t = (i + 0.5 * row) / 5
                a = math.radians(205 + 130 * t)
                cx = 132 + math.cos(a) * 78
                cy = 196 + math.sin(a) * 78 - row * 11
                _sandbag(surf, cx * s, cy * s, 38, 21, -(a + math.pi / 2),
                         rng.choice(bag_colors), s)
        # crates stacked at the lower right and a barrel at the lower left
        _crate(surf, rng, 176 * s, 178 * s, 38, 0.15, s)
        _crate(surf, rng, 142 * s, 200 * s, 32, -0.2, s)
        bx, by = 96 * s, 190 * s
        pygame.draw.circle(surf, (0, 0, 0, 110), (bx + 5 * s, by + 6 * s), 14 * s)
        pygame.draw.circle(surf, (64, 78, 60, 255), (bx, by), 14 * s)
        pygame.draw.circle(surf, (94, 112, 84, 255), (bx - 2 * s, by - 2 * s), 11 * s)
        pygame.draw.circle(surf, (54, 64, 50, 255), (bx, by), 14 * s, 2 * s)
        pygame.draw.circle(surf, (44, 52, 40, 255), (bx + 5 * s, by - 4 * s), 3 * s)

    return supersample(draw, TILE, 2)


# --------------------------------------------------------------------------------------------
# tokens, dice, frames


def objective(rng: random.Random) -> pygame.Surface:
    """A round brass objective marker: ribbed rim, engraved ring, stylised winged emblem."""
    size = (128, 128)

    def draw(surf: pygame.Surface, s: int) -> None:
        c = 64 * s
        R = 60 * s
        pygame.draw.circle(surf, (0, 0, 0, 110), (c + 2 * s, c + 3 * s), R)
        # body: radial-ish gradient, light from the top left
        for i in range(40):
            t = i / 39
            col = mix((92, 60, 22), (226, 180, 96), t)
            r = R * (1 - 0.75 * t)
            off = 14 * s * t
            pygame.draw.circle(surf, (*col, 255), (c - off, c - off), r)
        # ribbed outer rim
        pygame.draw.circle(surf, (70, 44, 16, 255), (c, c), R, 3 * s)
        for k in range(48):
            a = 2 * math.pi * k / 48
            p0 = (c + math.cos(a) * (R - 3 * s), c + math.sin(a) * (R - 3 * s))
            p1 = (c + math.cos(a) * (R - 9 * s), c + math.sin(a) * (R - 9 * s))
            lit = math.cos(a - math.pi * 1.25) > 0
            pygame.draw.line(surf, (250, 214, 140, 255) if lit else (96, 62, 24, 255), p0, p1,
                             s)
        # inner sunken field
        r_in = 46 * s
        pygame.draw.circle(surf, (255, 226, 160, 255), (c + s, c + s), r_in + 2 * s, 2 * s)
        pygame.draw.circle(surf, (80, 52, 20, 255), (c - s, c - s), r_in + 2 * s, 2 * s)
        for i in range(24):
            t = i / 23
            col = mix((54, 34, 14), (120, 82, 36), t)
            pygame.draw.circle(surf, (*col, 255), (c + 8 * s * t, c + 8 * s * t),
                               r_in * (1 - 0.5 * t))

        # emblem: spread wings of stacked feather bars, a diamond body and head, crosshair
        def emblem(color: Color, dx: float, dy: float) -> None:
            def P(x: float, y: float) -> Point:
                return (c + (x + dx) * s, c + (y + dy) * s)

            for side in (-1, 1):
                for k in range(4):
                    y0 = -14 + k * 7
                    inner, outer = 5, 38 - k * 6
                    pygame.draw.polygon(surf, (*color, 255), [
                        P(side * inner, y0), P(side * outer, y0 - 8 + k * 2),
                        P(side * (outer - 4), y0 - 2 + k * 2), P(side * inner, y0 + 5)])
            pygame.draw.polygon(surf, (*color, 255), [P(0, -18), P(6, -6), P(4, 16), P(0, 24),
                                                      P(-4, 16), P(-6, -6)])
            pygame.draw.polygon(surf, (*color, 255), [P(0, -28), P(5, -22), P(0, -16),
                                                      P(-5, -22)])

        emblem((40, 24, 8), 1.5, 2)
        emblem((236, 196, 112), 0, 0)
        # crosshair ticks on the ring
        for k in range(4):
            a = math.pi / 2 * k
            p0 = (c + math.cos(a) * (r_in - 2 * s), c + math.sin(a) * (r_in - 2 * s))
            p1 = (c + math.cos(a) * (r_in - 9 * s), c + math.sin(a) * (r_in - 9 * s))
            pygame.draw.line(surf, (236, 196, 112, 255), p0, p1, 2 * s)
        # specular glint
        glint = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        pygame.draw.ellipse(glint, (255, 248, 220, 70), (c - 44 * s, c - 52 * s, 50 * s, 22 * s))
        surf.blit(glint, (0, 0))

    return supersample(draw, size, 4)


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die_face(value: int) -> pygame.Surface:
    size = (96, 96)

    def draw(surf: pygame.Surface, s: int) -> None:
        rect = pygame.Rect(4 * s, 4 * s, 88 * s, 88 * s)
        rad = 16 * s
        pygame.draw.rect(surf, (0, 0, 0, 90), rect.move(2 * s, 3 * s), border_radius=rad)
        pygame.draw.rect(surf, (150, 136, 108, 255), rect, border_radius=rad)
        # body shading: lighter towards the top left
        for i in range(16):
            t = i / 15
            r = rect.inflate(-8 * s * t, -8 * s * t).move(-2 * s * t, -2 * s * t)
            pygame.draw.rect(surf, (*mix((196, 182, 150), (246, 238, 216), t), 255), r,
                             border_radius=max(2, round(rad * (1 - 0.4 * t))))
        pygame.draw.rect(surf, (118, 104, 80, 255), rect, 2 * s, border_radius=rad)
        step = 24 * s
        pr = 9 * s if value != 1 else 12 * s
        for px, py in PIPS[value]:
            x, y = 48 * s + px * step, 48 * s + py * step
            pygame.draw.circle(surf, (255, 250, 236, 255), (x + s, y + 1.5 * s), pr)
            pygame.draw.circle(surf, (26, 20, 16, 255), (x, y), pr)
            pygame.draw.circle(surf, (60, 48, 40, 255), (x + 1.5 * s, y + 1.5 * s),
                               pr * 0.55)

    return supersample(draw, size, 4)


def card_frame(rng: random.Random) -> pygame.Surface:
    size = (512, 720)
    w, h = size

    def draw(surf: pygame.Surface, s: int) -> None:
        full = pygame.Rect(0, 0, w * s, h * s)
        rad = 28 * s
        # gold bevel: outer dark, bright ridge, mid, inner dark
        rings = [(0, (70, 50, 20)), (2, (214, 176, 96)), (4, (168, 128, 58)),
                 (8, (120, 86, 34)), (11, (236, 204, 132)), (13, (60, 42, 16))]
        for inset, col in rings:
            pygame.draw.rect(surf, (*col, 255), full.inflate(-2 * inset * s, -2 * inset * s),
                             border_radius=max(4, rad - inset * s))
        # panel: dark with a faint noise texture
        inner = full.inflate(-30 * s, -30 * s)
        noise = fbm((64, 90), 4, 4, rng)
        panel = gradient_map(noise, (64, 90), [(0, (20, 21, 24)), (1, (38, 38, 42))])
        panel = pygame.transform.smoothscale(panel, inner.size)
        mask = pygame.Surface(inner.size, pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=rad - 15 * s)
        panel = panel.convert_alpha(surf) if pygame.display.get_surface() else panel
        p = pygame.Surface(inner.size, pygame.SRCALPHA)
        p.blit(panel, (0, 0))
        p.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(p, inner)
        # title bar
        bar = pygame.Rect(inner.left, inner.top, inner.width, 70 * s)
        bar_surf = pygame.Surface(bar.size, pygame.SRCALPHA)
        grad = vertical_gradient((8, 70), [(0, (70, 24, 20)), (1, (36, 12, 10))])
        bar_surf.blit(pygame.transform.smoothscale(grad, bar.size), (0, 0))
        bar_mask = pygame.Surface(bar.size, pygame.SRCALPHA)
        pygame.draw.rect(bar_mask, (255, 255, 255, 255), (0, 0, bar.w, bar.h + rad),
                         border_top_left_radius=rad - 15 * s, border_top_right_radius=rad - 15 * s)
        bar_surf.blit(bar_mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        surf.blit(bar_surf, bar)
        y = bar.bottom
        pygame.draw.line(surf, (60, 42, 16, 255), (inner.left, y + 2 * s), (inner.right, y + 2 * s),
                         2 * s)
        pygame.draw.line(surf, (224, 188, 110, 255), (inner.left, y), (inner.right, y), 3 * s)
        # a diamond stud at the middle of the bar's underline and in the corners
        for cx, cy in ((w / 2 * s, y), (inner.left + 22 * s, inner.bottom - 22 * s),
                       (inner.right - 22 * s, inner.bottom - 22 * s)):
            d = 9 * s
            pygame.draw.polygon(surf, (60, 42, 16, 255),
                                [(cx, cy - d - s), (cx + d + s, cy), (cx, cy + d + s),
                                 (cx - d - s, cy)])
            pygame.draw.polygon(surf, (226, 190, 112, 255),
                                [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])
            pygame.draw.polygon(surf, (150, 110, 46, 255),
                                [(cx, cy), (cx + d, cy), (cx, cy + d)])
        # thin inner rule around the body
        body = pygame.Rect(inner.left + 12 * s, y + 14 * s, inner.width - 24 * s,
                           inner.bottom - y - 50 * s)
        pygame.draw.rect(surf, (120, 92, 44, 160), body, s, border_radius=6 * s)
        # gold corner brackets on the outer frame
        for cx, cy, sx, sy in ((0, 0, 1, 1), (w, 0, -1, 1), (0, h, 1, -1), (w, h, -1, -1)):
            pts = [(cx + sx * 6, cy + sy * 40), (cx + sx * 6, cy + sy * 22),
                   (cx + sx * 22, cy + sy * 6), (cx + sx * 40, cy + sy * 6),
                   (cx + sx * 40, cy + sy * 12), (cx + sx * 24, cy + sy * 12),
                   (cx + sx * 12, cy + sy * 24), (cx + sx * 12, cy + sy * 40)]
            pygame.draw.polygon(surf, (250, 222, 150, 255), [(x * s, y2 * s) for x, y2 in pts])

    return supersample(draw, size, 2)


def icon(rng: random.Random) -> pygame.Surface:
    """Window icon: a visored helmet made of polygons on a dark round badge."""
    size = (64, 64)

    def draw(surf: pygame.Surface, s: int) -> None:
        def P(x: float, y: float) -> Point:
            return (x * s, y * s)

        pygame.draw.circle(surf, (36, 24, 14, 255), P(32, 32), 31 * s)
        pygame.draw.circle(surf, (200, 160, 80, 255), P(32, 32), 31 * s, 2 * s)
        steel_dark, steel, steel_lit = (70, 80, 96), (130, 142, 160), (206, 214, 226)
        dome = [P(32, 8), P(44, 12), P(50, 22), P(51, 36), P(47, 50), P(38, 56), P(26, 56),
                P(17, 50), P(13, 36), P(14, 22), P(20, 12)]
        pygame.draw.polygon(surf, (*steel_dark, 255), dome)
        lit = [P(32, 10), P(42, 13), P(47, 22), P(44, 30), P(32, 28), P(20, 30), P(17, 22),
               P(22, 13)]
        pygame.draw.polygon(surf, (*steel, 255), lit)
        pygame.draw.polygon(surf, (*steel_lit, 255), [P(24, 14), P(32, 11), P(30, 18),
                                                      P(21, 22)])
        # crest ridge
        pygame.draw.polygon(surf, (200, 160, 80, 255), [P(30, 6), P(34, 6), P(34, 30),
                                                         P(30, 30)])
        # T-visor
        visor = [P(17, 31), P(47, 31), P(47, 37), P(35, 37), P(35, 50), P(29, 50), P(29, 37),
                 P(17, 37)]
        pygame.draw.polygon(surf, (14, 12, 12, 255), visor)
        pygame.draw.polygon(surf, (220, 60, 40, 255), [P(19, 33), P(30, 33), P(30, 35),
                                                        P(19, 35)])
        pygame.draw.polygon(surf, (220, 60, 40, 255), [P(34, 33), P(45, 33), P(45, 35),
                                                        P(34, 35)])
        # cheek plates
        for sx in (1, -1):
            pts = [(32 + sx * 6, 40), (32 + sx * 17, 40), (32 + sx * 14, 52), (32 + sx * 6, 54)]
            pygame.draw.polygon(surf, (*steel, 255), [P(x, y) for x, y in pts])
            pygame.draw.polygon(surf, (*steel_dark, 255), [P(x, y) for x, y in pts], s)
        pygame.draw.polygon(surf, (20, 16, 14, 255), dome, 2 * s)

    return supersample(draw, size, 4)


def _ruin_silhouette(surf: pygame.Surface, rng: random.Random, base_y: int, height: int,
                     color: tuple[int, int, int, int], window: tuple[int, int, int, int] | None,
                     density: float) -> None:
    """A skyline of shattered buildings, spires and girders along the bottom."""
    w = surf.get_width()
    x = -40.0
    while x < w + 40:
        bw = rng.uniform(60, 220)
        if rng.random() > density:
            x += bw * 0.6
            continue
        bh = height * rng.uniform(0.35, 1.0)
        top = base_y - bh
        # broken roofline: a jagged profile
        bottom = surf.get_height()
        pts: list[Point] = [(x, bottom)]
        steps = max(3, int(bw / 14))
        for k in range(steps + 1):
            px = x + bw * k / steps
            drop = rng.uniform(0, bh * 0.35) if rng.random() < 0.6 else 0
            pts.append((px, top + drop))
        pts.append((x + bw, bottom))
        pygame.draw.polygon(surf, color, pts)
        # a gothic spire or a broken tower on some
        if rng.random() < 0.35:
            sx = x + bw * rng.uniform(0.2, 0.8)
            sh = rng.uniform(0.3, 0.8) * height
            sw = rng.uniform(14, 26)
            pygame.draw.polygon(surf, color, [(sx - sw, top + 5), (sx - sw * 0.6, top - sh * 0.6),
                                              (sx, top - sh), (sx + sw * 0.6, top - sh * 0.55),
                                              (sx + sw * 0.4, top - sh * 0.5 + 18),
                                              (sx + sw, top + 5)])
        # windows: pointed arches cut as lighter holes
        if window:
            cols = int(bw / 34)
            rows = int(bh / 60)
            for r in range(rows):
                for cidx in range(cols):
                    if rng.random() < 0.45:
                        continue
                    wx = x + 14 + cidx * 34
                    wy = base_y - 40 - r * 60
                    if wy < top + 25:
                        continue
                    pygame.draw.polygon(surf, window, [(wx, wy), (wx + 12, wy), (wx + 12, wy - 22),
                                                       (wx + 6, wy - 32), (wx, wy - 22)])
        # girders sticking out
        if rng.random() < 0.4:
            gx = x + rng.uniform(0, bw)
            gy = top + rng.uniform(0, bh * 0.3)
            a = rng.uniform(-2.6, -0.5)
            ln = rng.uniform(40, 110)
            pygame.draw.line(surf, color, (gx, gy), (gx + math.cos(a) * ln, gy + math.sin(a) * ln),
                             rng.randint(4, 7))
        x += bw * rng.uniform(0.7, 1.05)


def menu_background(rng: random.Random) -> pygame.Surface:
    size = (1920, 1080)
    w, h = size
    surf = vertical_gradient(size, [(0, (10, 11, 15)), (0.45, (28, 26, 30)),
                                    (0.72, (70, 42, 28)), (0.82, (96, 52, 28)),
                                    (1, (20, 14, 12))])
    # smoke: fractal noise as a translucent layer, twice, in grey and in a dim red
    small = (480, 270)
    smoke = fbm(small, 4, 6, rng)
    layer = alpha_surface(curve(smoke, lambda t: max(0.0, t - 0.35) ** 1.3 * 0.55), small,
                          (78, 74, 76))
    surf.blit(pygame.transform.smoothscale(layer, size), (0, 0))
    smoke2 = fbm(small, 3, 5, rng)
    layer = alpha_surface(curve(smoke2, lambda t: max(0.0, t - 0.45) * 0.6), small, (120, 46, 24))
    glow_mask = vertical_gradient(small, [(0, (0, 0, 0)), (0.55, (60, 60, 60)),
                                          (0.8, (255, 255, 255)), (1, (120, 120, 120))])
    layer.blit(alpha_surface(grey_bytes(glow_mask), small, (255, 255, 255)), (0, 0),
               special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(pygame.transform.smoothscale(layer, size), (0, 0))
    # fires glowing behind the ruins
    fires = pygame.Surface(small, pygame.SRCALPHA)
    for _ in range(7):
        fx, fy = rng.uniform(0, small[0]), rng.uniform(small[1] * 0.72, small[1] * 0.86)
        for k in range(6):
            pygame.draw.circle(fires, (255, 120, 40, 14), (fx, fy), 30 - k * 4)
    fires = pygame.transform.gaussian_blur(fires, 8)
    surf.blit(pygame.transform.smoothscale(fires, size), (0, 0))
    # three layers of ruins, hazy far to black near
    far = pygame.Surface(size, pygame.SRCALPHA)
    _ruin_silhouette(far, rng, int(h * 0.80), 300, (46, 34, 32, 200), None, 0.9)
    surf.blit(far, (0, 0))
    haze = vertical_gradient(size, [(0, (0, 0, 0)), (0.6, (0, 0, 0)), (0.82, (90, 50, 30)),
                                    (1, (0, 0, 0))])
    surf.blit(haze, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    mid = pygame.Surface(size, pygame.SRCALPHA)
    _ruin_silhouette(mid, rng, int(h * 0.88), 380, (22, 16, 16, 255), (70, 36, 22, 255), 0.8)
    surf.blit(mid, (0, 0))
    near = pygame.Surface(size, pygame.SRCALPHA)
    _ruin_silhouette(near, rng, int(h * 0.97), 260, (8, 7, 8, 255), None, 0.55)
    # rubble mounds along the very bottom
    for _ in range(40):
        x = rng.uniform(0, w)
        r = rng.uniform(30, 90)
        pygame.draw.ellipse(near, (8, 7, 8, 255), (x - r * 1.5, h - r * 0.6, r * 3, r * 1.4))
    surf.blit(near, (0, 0))
    # embers
    embers = pygame.Surface(size, pygame.SRCALPHA)
    for _ in range(160):
        x, y = rng.uniform(0, w), rng.uniform(h * 0.25, h * 0.95)
        r = rng.uniform(0.8, 2.2)
        a = rng.randint(80, 220)
        pygame.draw.circle(embers, (255, rng.randint(110, 180), 50, a // 3), (x, y), r * 3)
        pygame.draw.circle(embers, (255, 200, 120, a), (x, y), r)
    surf.blit(embers, (0, 0))
    # vignette
    vw, vh = 96, 54
    vig = bytearray(vw * vh)
    for yy in range(vh):
        for xx in range(vw):
            dx, dy = (xx + 0.5) / vw - 0.5, (yy + 0.5) / vh - 0.5
            d = math.sqrt(dx * dx * 1.4 + dy * dy * 2.0)
            vig[yy * vw + xx] = max(0, min(255, round((d - 0.25) * 520)))
    surf.blit(pygame.transform.smoothscale(alpha_surface(bytes(vig), (vw, vh), (0, 0, 0)), size),
              (0, 0))
    return surf


# --------------------------------------------------------------------------------------------

ARTS: dict[str, Callable[[], pygame.Surface]] = {
    "ground_side_a.png": lambda: ground_side_a(random.Random(1001)),
    "ground_side_b.png": lambda: ground_side_b(random.Random(2002)),
    "blocked.png": lambda: blocked_tile(random.Random(3003)),
    "cover.png": lambda: cover_tile(random.Random(4004)),
    "objective.png": lambda: objective(random.Random(5005)),
    **{f"die_{v}.png": (lambda v=v: die_face(v)) for v in range(1, 7)},  # type: ignore[misc]
    "card_frame.png": lambda: card_frame(random.Random(6006)),
    "icon.png": lambda: icon(random.Random(7007)),
    "menu_background.png": lambda: menu_background(random.Random(8008)),
}


def generate(out: Path, only: Sequence[str] | None = None) -> list[Path]:
    _setup()
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in ARTS.items():
        if only and name not in only and name.removesuffix(".png") not in only:
            continue
        surf = make()
        path = out / name
        pygame.image.save(surf, str(path))
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python tools/gen_art.py",
                    description="Generate the game's raster art (deterministic).")
    parser.add_argument("--out", type=output_folder, default=DEFAULT_OUT, metavar="FOLDER",
                        help="where to write (default: the checkout's assets/ui)")
    parser.add_argument("--only", nargs="*", metavar="NAME",
                        help="file names (with or without .png)")
    args = parser.parse_args(argv)
    unknown = [n for n in args.only or [] if n not in ARTS and f"{n}.png" not in ARTS]
    if unknown:
        parser.error(f"argument --only: unknown art {', '.join(unknown)}; choose from "
                     f"{', '.join(sorted(ARTS))}")
    for path in generate(args.out, args.only):
        print(f"{path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
