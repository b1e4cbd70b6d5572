"""Render a contact sheet of assets/ui (art, icons, fonts) to look at: python tools/art_sheet.py

Shows each ground with a hex grid, blocked/cover tiles clipped into hexes and an objective
token on it, as the board will look; then dice, the card frame, the window icon, the menu
backdrop and every icon tinted.
"""

from __future__ import annotations

import math
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.cli.args import Parser, output_file  # noqa: E402

UI = Path(__file__).resolve().parent.parent / "assets" / "ui"


def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
            for k in range(6)]


def hex_tile(tile: pygame.Surface, r: int) -> pygame.Surface:
    d = 2 * r
    scaled = pygame.transform.smoothscale(tile, (d, d))
    mask = pygame.Surface((d, d), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), hex_points(r, r, r))
    out = pygame.Surface((d, d), pygame.SRCALPHA)
    out.blit(scaled, (0, 0))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def board(ground: pygame.Surface, blocked: pygame.Surface, cover: pygame.Surface,
          objective: pygame.Surface, size: int) -> pygame.Surface:
    surf = pygame.transform.smoothscale(ground, (size, size))
    r = 44
    dx, dy = 1.5 * r, math.sqrt(3) * r
    special = {(2, 1): blocked, (3, 1): blocked, (3, 2): blocked, (5, 3): cover, (1, 3): cover,
               (6, 1): cover, (4, 4): blocked}
    for col in range(-1, int(size / dx) + 2):
        for row in range(-1, int(size / dy) + 2):
            cx = col * dx
            cy = row * dy + (dy / 2 if col % 2 else 0)
            tile = special.get((col, row))
            if tile is not None:
                t = hex_tile(tile, r)
                surf.blit(t, (cx - r, cy - r))
            if (col, row) in ((4, 2), (1, 1)):
                o = pygame.transform.smoothscale(objective, (56, 56))
                surf.blit(o, (cx - 28, cy - 28))
            pygame.draw.polygon(surf, (220, 220, 210), hex_points(cx, cy, r), 1)
    pygame.draw.circle(surf, (40, 90, 200), (5 * dx, 2 * dy + dy / 2), 18)
    pygame.draw.circle(surf, (240, 240, 240), (5 * dx, 2 * dy + dy / 2), 18, 2)
    pygame.draw.circle(surf, (190, 40, 30), (2 * dx, 4 * dy), 18)
    pygame.draw.circle(surf, (240, 240, 240), (2 * dx, 4 * dy), 18, 2)
    return surf


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python tools/art_sheet.py", description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=output_file(".png"), metavar="FILE.png",
                        default=Path(tempfile.gettempdir()) / "art_sheet.png",
                        help="where to write the sheet (default: art_sheet.png in the "
                             "temporary folder)")
    out = parser.parse_args(argv).out
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    img = {p.name: pygame.image.load(str(p)) for p in UI.glob("*.png")}
    sheet = pygame.Surface((1900, 1560))
    sheet.fill((48, 48, 52))
    sheet.blit(board(img["ground_side_a.png"], img["blocked.png"], img["cover.png"],
                     img["objective.png"], 620), (10, 10))
    sheet.blit(board(img["ground_side_b.png"], img["blocked.png"], img["cover.png"],
                     img["objective.png"], 620), (640, 10))
    # raw tiles
    x = 1270
    for name in ("blocked.png", "cover.png"):
        sheet.blit(img[name], (x, 10))
        x += 266
    sheet.blit(img["objective.png"], (1270, 280))
    sheet.blit(img["icon.png"], (1410, 280))
    sheet.blit(pygame.transform.scale(img["icon.png"], (32, 32)), (1490, 280))
    for v in range(1, 7):
        sheet.blit(img[f"die_{v}.png"], (1270 + (v - 1) % 3 * 100, 420 + (v - 1) // 3 * 100))
    card = img["card_frame.png"]
    font_dir = UI / "fonts"
    title = pygame.font.Font(str(font_dir / "DejaVuSansCondensed-Bold.ttf"), 34)
    body = pygame.font.Font(str(font_dir / "DejaVuSans.ttf"), 20)
    card = card.copy()
    card.blit(title.render("SERGEANT", True, (240, 220, 170)), (40, 30))
    card.blit(body.render("M 3  APL 2  GA 1  DF 3  SV 3+  W 12", True, (220, 220, 220)),
              (40, 120))
    sheet.blit(pygame.transform.smoothscale(card, (256, 360)), (1600, 280))
    sheet.blit(pygame.transform.smoothscale(img["menu_background.png"], (960, 540)), (10, 650))
    # icons, tinted
    icons = sorted((UI / "icons").glob("*.svg"))
    small = pygame.font.Font(str(font_dir / "DejaVuSans.ttf"), 11)
    for i, p in enumerate(icons):
        ic = pygame.image.load_sized_svg(str(p), (48, 48))
        ic.fill((230, 200, 120, 255), special_flags=pygame.BLEND_RGBA_MULT)
        cx = 990 + (i % 8) * 110
        cy = 660 + (i // 8) * 80
        sheet.blit(ic, (cx + 31, cy))
        sheet.blit(small.render(p.stem, True, (200, 200, 200)), (cx, cy + 52))
    bebas = font_dir / "BebasNeue-Bold.otf"
    if bebas.exists():
        sheet.blit(pygame.font.Font(str(bebas), 64).render("FIRETEAM", True,
                                                           (240, 210, 140)), (1000, 1100))
    pygame.image.save(sheet, str(out))
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
