"""Renders every picture README.md shows, headless, from seeded positions:
``python tools/screenshots.py`` rewrites them all (``--only NAME`` some of them, ``--check``
compares without writing and exits 1 when a committed picture is out of date).

The pictures: the game's screens at 1280 x 800 shown at 640 x 400 (docs/screenshots/), the
tutorial's step on hits, crits and blocks at full size, and two missions in the visualizer
(docs/visualizer/). ``tests/ui/test_screenshots.py`` renders each again and compares the decoded
pixels with the committed file, so a change to a screen fails the tests until this tool is
re-run and its pictures committed. Rendering is deterministic (seeded games, no clock, the
bundled fonts); no tolerance is allowed.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.cli.args import Parser  # noqa: E402
from game.engine.defs import Catalogue  # noqa: E402

SCREEN = (1280, 800)
WIDTH = 640  # the size the game's screens are shown at in README
TUTORIAL_STEP = "Hits, crits and blocks"  # the tutorial step README shows


def screen(name: str, size: tuple[int, int] = SCREEN) -> Callable[[Catalogue], pygame.Surface]:
    """A seeded game screen (the layout audit's screens: ``open_scene``'s names and the
    turning point's summary) at ``size``, three frames in, scaled to WIDTH."""

    def draw(catalogue: Catalogue) -> pygame.Surface:
        from game.uitest.audit_screens import SCREENS
        from game.uitest.headless import make_app

        app = make_app(catalogue, 1, size)
        try:
            SCREENS[name](app)
            for _ in range(3):
                app.frame([])
            return pygame.transform.smoothscale(app.screen, (WIDTH, WIDTH * size[1]
                                                             // size[0]))
        finally:
            pygame.quit()

    return draw


class _Reached(Exception):
    """The tutorial reached the step to picture (ends the autoplay early)."""

    def __init__(self, picture: pygame.Surface) -> None:
        super().__init__("reached")
        self.picture = picture


def tutorial(catalogue: Catalogue) -> pygame.Surface:
    """The tutorial played by clicks (as ``tutorial --autoplay``) up to TUTORIAL_STEP."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.tutorial import TutorialScene, autoplay
    from game.uitest.headless import make_app

    app = make_app(catalogue, 0, SCREEN)
    app.ctx.settings.animation_speed = 0
    app.push(MenuScene(app))

    def look(scene: TutorialScene) -> None:
        if scene.step.title == TUTORIAL_STEP:
            raise _Reached(app.screen.copy())

    try:
        autoplay(app, on_step=look)
    except _Reached as reached:
        return reached.picture
    finally:
        pygame.quit()
    raise RuntimeError(f"the tutorial has no step titled {TUTORIAL_STEP!r}")


def visualizer(mission: str) -> Callable[[Catalogue], pygame.Surface]:
    """A mission's set-up as ``visualize MISSION --png`` writes it."""

    def draw(catalogue: Catalogue) -> pygame.Surface:
        from game.ui.visualize import EXPORT_SIZE, Study, headless_context, render

        try:
            ctx = headless_context(catalogue)
            surface, _ = render(ctx, Study(catalogue.missions[mission]), EXPORT_SIZE)
            return surface
        finally:
            pygame.quit()

    return draw


# every picture README.md shows, by its path in the repository
PICTURES: dict[str, Callable[[Catalogue], pygame.Surface]] = {
    **{f"docs/screenshots/{name}.png": screen(name)
       for name in ("setup", "attack-preview", "dice", "handover", "end", "rules", "cards")},
    "docs/screenshots/tutorial.png": tutorial,
    "docs/screenshots/play-1024x700.png": screen("play", (1024, 700)),
    "docs/screenshots/turning-point-summary.png": screen("turning-point-summary"),
    "docs/visualizer/dual_strike.png": visualizer("dual_strike"),
    "docs/visualizer/power_up.png": visualizer("power_up"),
}


def name_of(path: str) -> str:
    """The short name of a picture (``dice``, ``dual_strike``)."""
    return Path(path).stem


def pixels(surface: pygame.Surface) -> tuple[tuple[int, int], bytes]:
    """A picture's size and decoded RGB pixels (what is compared; never the PNG bytes)."""
    return surface.get_size(), pygame.image.tobytes(surface, "RGB")


def differs(path: Path, surface: pygame.Surface) -> str | None:
    """Why the committed picture at ``path`` is not what was rendered, or None when its
    pixels are the same."""
    if not path.is_file():
        return "missing"
    size, now = pixels(surface)
    committed = pygame.image.load(str(path))
    if committed.get_size() != size:
        return f"size {committed.get_size()}, rendered {size}"
    old = pygame.image.tobytes(committed, "RGB")
    if old != now:
        changed = sum(1 for i in range(0, len(now), 3) if now[i:i + 3] != old[i:i + 3])
        return f"{changed} of {size[0] * size[1]} pixels differ"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python tools/screenshots.py",
                    description="Render every picture README.md shows (docs/screenshots/, "
                                "docs/visualizer/).")
    names = [name_of(p) for p in PICTURES]
    parser.add_argument("--only", nargs="+", choices=names, metavar="NAME",
                        help=f"only these pictures: {', '.join(names)}")
    parser.add_argument("--check", action="store_true",
                        help="write nothing: exit 1 if a committed picture differs from what "
                             "is rendered now")
    args = parser.parse_args(argv)
    from game.content import load_catalogue

    catalogue = load_catalogue()
    stale = 0
    for path, draw in PICTURES.items():
        if args.only and name_of(path) not in args.only:
            continue
        surface = draw(catalogue)
        target = ROOT / path
        if args.check:
            problem = differs(target, surface)
            if problem:
                stale += 1
                print(f"{path}: out of date ({problem})")
            else:
                print(f"{path}: up to date")
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(surface, str(target))
        print(f"wrote {path}")
    if stale:
        print(f"{stale} picture(s) out of date: run python tools/screenshots.py",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
