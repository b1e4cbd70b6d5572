"""Renders the screenshots in README.md (docs/screenshots/) from seeded positions, headless:
``python tools/screenshots.py``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.content import load_catalogue  # noqa: E402
from game.uitest.headless import make_app, open_scene  # noqa: E402

SHOTS = ("setup", "attack-preview", "dice", "handover", "end", "rules", "cards")
WIDTH = 640  # the size shown in README


def main() -> int:
    catalogue = load_catalogue()
    out = ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for name in SHOTS:
        app = make_app(catalogue, 1, (1280, 800))
        open_scene(app, name)
        for _ in range(3):
            app.frame([])
        small = pygame.transform.smoothscale(app.screen, (WIDTH, WIDTH * 800 // 1280))
        pygame.image.save(small, str(out / f"{name}.png"))
        print(f"wrote docs/screenshots/{name}.png")
        pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
