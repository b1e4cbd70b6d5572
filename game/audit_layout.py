"""``python main.py --audit-layout``: every screen at four window sizes, every text checked.

Each screen (the ones ``--scene`` knows, the turning point's summary, the pause menu and its
dialogs, saving, loading, settings, the visualizer, the tutorial's first steps, the campaign
screens, the error screen) is rendered at 1024 x 700, 1280 x 800, 1920 x 1080 and
3840 x 2160 with every text recorded (``Context.record``: its words, its rectangle, the box it
belongs to). A text is *clipped* when it was cut inside a word, or reaches outside its box or
the window; two texts (or a text and a button, or two buttons) *overlap* when they are drawn
in the same layer (an overlay scene starts a new one) and their rectangles meet. An operative
is *covered* when something drawn over the board that the player did not ask for (a panel, a
dice box, a guidance box) hides the centre of its token. The last line printed is
``layout audit: N screens x 4 sizes, C clipped or overlapping texts, K covered operatives``;
the exit status is 1 unless both counts are 0.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

SIZES = ((1024, 700), (1280, 800), (1920, 1080), (3840, 2160))
MIN_OVERLAP = 3  # pixels both ways for two rectangles to count as overlapping


@dataclass
class Problem:
    screen: str
    size: tuple[int, int]
    what: str

    def __str__(self) -> str:
        return f"{self.screen} at {self.size[0]}x{self.size[1]}: {self.what}"


def _meet(a, b) -> bool:  # type: ignore[no-untyped-def]
    """Whether two rectangles of text meet by more than the blank margins of a line (a
    third of the smaller one's height)."""
    clip = a.clip(b)
    return clip.width >= MIN_OVERLAP and clip.height >= max(MIN_OVERLAP,
                                                            min(a.height, b.height) // 3)


def screens() -> dict[str, Callable[..., None]]:
    """Screen name -> a function putting a fresh app there."""
    from game import audit_screens

    return audit_screens.SCREENS


def render(app, name: str, setup: Callable[..., None]):  # type: ignore[no-untyped-def]
    """Put ``app`` at screen ``name`` and draw one recorded frame; the records and the
    covering boxes."""
    import pygame

    setup(app)
    for _ in range(2):
        app.frame([])
    ctx = app.ctx
    stack = app.stack
    start = max(i for i, s in enumerate(stack) if not s.overlay or i == 0)
    ctx.record = []
    ctx.covers = []
    ctx.layer = len(stack) - 1 - start
    top = stack[-1]
    if getattr(top, "board", None) is not None:
        top.board = None  # the board's layer (hex names) is drawn again, recorded
    top.rebuild()
    app.manager.update(0.0)
    surface = app.screen
    below = None
    for layer, scene in enumerate(stack[start:]):
        ctx.layer = layer
        below = scene.words or below  # the names the app draws with (App.draw)
        ctx.words = below
        scene.draw(surface)
    ctx.words = None
    ctx.layer = len(stack) - 1 - start
    app.manager.draw_ui(surface)
    records, covers = ctx.record, ctx.covers
    ctx.record = None
    ctx.covers = None
    del pygame
    return records, covers


def check(records, covers, operatives, size):  # type: ignore[no-untyped-def]
    """The problems of one frame: clipped texts, overlapping texts, covered operatives."""
    import pygame

    window = pygame.Rect((0, 0), size)
    texts: list[str] = []
    for r in records:
        if r.cut_in_word:
            texts.append(f"{r.text!r} cut inside a word")
        elif not window.contains(r.rect):
            texts.append(f"{r.text!r} reaches out of the window at {tuple(r.rect)}")
        elif r.box.width and not r.box.contains(r.rect):
            texts.append(f"{r.text!r} reaches out of its box at {tuple(r.rect)}")
    for i, a in enumerate(records):
        for b in records[i + 1:]:
            if a.layer == b.layer and _meet(a.rect, b.rect) and a.rect != b.rect:
                texts.append(f"{a.text!r} and {b.text!r} overlap at {tuple(a.rect.clip(b.rect))}")
    covered = []
    for op_id, centre in operatives:
        for box in covers:
            if box.collidepoint(centre):
                covered.append(f"operative {op_id} covered by a box at {tuple(box)}")
                break
    return texts, covered


def run(catalogue, only: str | None = None, out: str | None = None,  # type: ignore[no-untyped-def]
        verbose: bool = True, sizes: tuple[tuple[int, int], ...] = SIZES) -> int:
    """Audit the screens (``only``: a comma-separated list of screen names) at ``sizes``;
    print each problem and the summary line; 0 when nothing is clipped, overlapping or
    covered."""
    import tempfile

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # a throw-away data folder: the user's saves and settings are neither read nor changed
    os.environ["FIRETEAM_HOME"] = tempfile.mkdtemp(prefix="fireteam-audit-")
    import pygame

    from game.uitest.headless import make_app

    table = screens()
    wanted = set(only.split(",")) if only else None
    names = [n for n in table if wanted is None or n in wanted]
    clipped = covered = 0
    for size in sizes:
        for name in names:
            if pygame.display.get_init():
                pygame.event.clear()
            app = make_app(catalogue, 1, size)
            app.ctx.settings.animation_speed = 0
            records, covers = render(app, name, table[name])
            operatives = []
            play = next((s for s in reversed(app.stack) if hasattr(s, "view_board")), None)
            if play is not None and app.stack[-1] is play:
                board = play.view_board
                for op in play.view.state.operatives.values():
                    if op.on_killzone and op.hex:
                        x, y = board.centre(op.hex)
                        operatives.append((op.id, (int(x), int(y))))
            texts, hidden = check(records, covers, operatives, size)
            clipped += len(texts)
            covered += len(hidden)
            if verbose:
                for line in texts + hidden:
                    print(Problem(name, size, line))
            if out:
                folder = os.path.join(out, f"{size[0]}x{size[1]}")
                os.makedirs(folder, exist_ok=True)
                pygame.image.save(app.screen, os.path.join(folder, f"{name}.png"))
            app.stack.clear()
    print(f"layout audit: {len(names)} screens x {len(sizes)} sizes, {clipped} clipped or "
          f"overlapping texts, {covered} covered operatives")
    return 0 if clipped == 0 and covered == 0 else 1
