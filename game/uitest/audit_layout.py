"""``python main.py --audit-layout``: every screen at four window sizes, every text checked.

Each screen (the ones ``--scene`` knows, the turning point's summary, the pause menu and its
dialogs, saving, loading, settings, the visualizer, the tutorial's first steps, the campaign
screens, the error screen) is rendered at 1024 x 700, 1280 x 800, 1920 x 1080 and 3840 x 2160
with every text recorded (``Context.record``: its words, its rectangle, the box it belongs to:
the framed panel it begins in, when it begins in one). A text is *clipped* when it was cut
inside a word, or reaches outside its box or the window; two texts (or a text and a button, or
two buttons) *overlap* when they are drawn in the same layer (an overlay scene starts a new
one) and their rectangles meet, or when an overlay's text stands loose over a text below it
(on neither a panel nor a plain box of its own, as a dialog's question over the side panel); a
wrapped text that ran out of room is clipped too. An operative (or an objective, or a hex the
next pick may land on) is *covered* when something drawn over the board for a moment (a
banner, the attack preview, a tooltip, a dice box, the hint, a guidance box) hides the heart
of its hex. A *truncated control* is a button, list entry, choice or other essential text (the
hint) shown shortened; a *missing glyph* is a character the font it is drawn in cannot draw
(it would show as a box). The screens include the transient overlays (banners, the attack
preview with an overcharge line, a terrain tooltip, the hint, the replay's dice, the turning
point's summary) for each rule set and mission pack. The last line printed is ``layout audit:
N screens x 4 sizes, C clipped or overlapping texts, K covered operatives, T truncated
controls, G missing glyphs`` (``... sizes at 130 % text, ...`` when ``--text-size`` renders
with another text size setting in force); the exit status is 1 unless all four are 0.
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
    from game.uitest import audit_screens

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
    ctx.guides = []
    ctx.panels = []
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
    records, covers, guides = ctx.record, ctx.covers, ctx.guides
    in_panels(records, ctx.panels)
    ctx.record = None
    ctx.covers = ctx.guides = ctx.panels = None
    del pygame
    # a guidance box counts for the operatives only (see Context.guides)
    return records, covers + [(box, "operatives") for box in guides]


def in_panels(records, panels) -> None:  # type: ignore[no-untyped-def]
    """Give each text begun inside a framed panel of its own layer that panel as its box
    (the smallest, when panels nest): a line that runs past the panel's border is then
    clipped, as it looks (the fourth line of a full panel)."""
    from dataclasses import replace

    for i, r in enumerate(records):
        found = [rect for rect, layer in panels
                 if layer == r.layer and rect.collidepoint(r.rect.topleft)]
        if found:
            records[i] = replace(r, box=min(found, key=lambda rect: rect.width * rect.height),
                                 panel=True)


def loose(records) -> list[str]:  # type: ignore[no-untyped-def]
    """An overlay's text stands in a panel or on a plain box of its own (a dialog's frame),
    not loose over the texts of the screen below it (a dialog's title over the side panel):
    each that does, with the text it is drawn over."""
    found = []
    for a in records:
        if a.layer and not a.panel and not a.plain and not a.control:
            for b in records:
                if b.layer < a.layer and _meet(a.rect, b.rect):
                    found.append(f"{a.text!r} is drawn over {b.text!r} below it at "
                                 f"{tuple(a.rect.clip(b.rect))}")
                    break
    return found


def check(records, covers, operatives, size):  # type: ignore[no-untyped-def]
    """The problems of one frame: clipped texts, overlapping texts, covered operatives (each
    of ``operatives`` a name with the centre of its hex, or with the rectangle to keep
    clear)."""
    import pygame

    window = pygame.Rect((0, 0), size)
    texts: list[str] = []
    for r in records:
        if r.control and r.full:
            continue  # counted as a truncated control (below), not twice
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
    texts += loose(records)
    covered = []
    for op_id, where in operatives:
        for box in covers:
            if isinstance(box, tuple):  # (a guidance box, "operatives"): only those count
                box = box[0]
                if not op_id.startswith("operative ") and " " in op_id:
                    continue
            if box.collidepoint(where) if len(where) == 2 else box.colliderect(where):
                name = op_id if " " in op_id else f"operative {op_id}"
                covered.append(f"{name} covered by a box at {tuple(box)}")
                break
    return texts, covered


def truncated(records, widgets=()):  # type: ignore[no-untyped-def]
    """The controls shown shortened: a recorded button or essential text drawn cut
    (``full`` set), and each widget of ``widgets`` ((text, width of its text, room)) whose
    text is wider than its room (pygame-gui cuts it without an ellipsis)."""
    found = [f"{r.text!r} is shortened from {r.full!r}" for r in records
             if r.control and r.full]
    found += [f"{text!r} is cut by its widget ({width} px of text in {room} px)"
              for text, width, room in widgets if width > room]
    return found


def glyph_fonts():  # type: ignore[no-untyped-def]
    """Style -> the shipped font file opened with ``pygame.freetype``, which tells a glyph
    the font lacks (None in ``get_metrics``; ``pygame.font`` gives the box's metrics)."""
    import pygame.freetype

    from game.ui.assets import FONT_FILES, ui_folder

    pygame.freetype.init()
    opened: dict[str, object] = {}

    def font(style: str):  # type: ignore[no-untyped-def]
        if style not in opened:
            name = FONT_FILES.get(style, FONT_FILES["regular"])
            opened[style] = pygame.freetype.Font(str(ui_folder() / "fonts" / name), 20)
        return opened[style]
    return font


def missing_glyphs(records, widget_texts, fonts):  # type: ignore[no-untyped-def]
    """The characters drawn that their font cannot draw: ``fonts`` maps a style to a
    ``pygame.freetype`` font (:func:`glyph_fonts`); each widget text is checked against the
    regular and the bold font."""
    found = []
    seen: set[tuple[str, str]] = set()
    checks = [(r.text, (r.style,)) for r in records]
    checks += [(text, ("regular", "bold")) for text in widget_texts]
    for text, styles in checks:
        for style in styles:
            font = fonts(style)
            metrics = font.get_metrics(text)
            for char, metric in zip(text, metrics, strict=False):
                if metric is None and not char.isspace() and (char, style) not in seen:
                    seen.add((char, style))
                    found.append(f"{char!r} (U+{ord(char):04X}) in {text!r} has no glyph in "
                                 f"the {style} font")
    return found


def _side(value) -> int:  # type: ignore[no-untyped-def]
    """A widget's border, shadow or padding width on one side (a number, or per side)."""
    if isinstance(value, dict):
        return int(max(value.get("left", 0), value.get("right", 0)))
    return int(value or 0)


def widget_texts(manager):  # type: ignore[no-untyped-def]
    """(text, width of the text, room for it) of each visible pygame-gui button and label
    (the entries of lists and drop-downs are buttons)."""
    import pygame_gui

    out = []
    for element in manager.get_sprite_group().sprites():
        if not isinstance(element, (pygame_gui.elements.UIButton,
                                    pygame_gui.elements.UILabel)):
            continue
        if not element.alive() or not element.visible:
            continue
        text = getattr(element, "text", "") or ""
        font = getattr(element, "font", None)
        if not text.strip() or font is None:
            continue
        rect = element.rect
        edge = 2 * (_side(getattr(element, "border_width", 0)) +
                    _side(getattr(element, "shadow_width", 0)))
        width = font.size(text)[0]
        out.append((text, width, rect.width - edge))
    return out


def run(catalogue, only: str | None = None, out: str | None = None,  # type: ignore[no-untyped-def]
        verbose: bool = True, sizes: tuple[tuple[int, int], ...] = SIZES,
        text_size: float = 1.0) -> int:
    """Audit the screens (``only``: a comma-separated list of screen names) at ``sizes``,
    with the text size setting ``text_size`` (1: 100 %); print each problem and the summary
    line; 0 when nothing is clipped, overlapping or covered."""
    import tempfile
    from dataclasses import replace

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    # a throw-away data folder: the user's saves and settings are neither read nor changed
    os.environ["FIRETEAM_HOME"] = tempfile.mkdtemp(prefix="fireteam-audit-")
    import pygame

    from game.uitest.headless import make_app

    table = screens()
    wanted = set(only.split(",")) if only else None
    names = [n for n in table if wanted is None or n in wanted]
    clipped = covered = cut = glyphs = 0
    fonts = glyph_fonts()
    for size in sizes:
        for name in names:
            if pygame.display.get_init():
                pygame.event.clear()
            app = make_app(catalogue, 1, size)
            if text_size != 1.0:
                app.apply_settings(replace(app.ctx.settings, text_size=text_size, window=size),
                                   resize=False)
            app.ctx.settings.animation_speed = 0
            records, covers = render(app, name, table[name])
            texts, hidden = check(records, covers, marks(app), size)
            widgets = widget_texts(app.manager)
            short = truncated(records, widgets)
            missing = missing_glyphs(records, [w[0] for w in widgets], fonts)
            clipped += len(texts)
            covered += len(hidden)
            cut += len(short)
            glyphs += len(missing)
            if verbose:
                for line in texts + hidden + short + missing:
                    print(Problem(name, size, line))
            if out:
                folder = os.path.join(out, f"{size[0]}x{size[1]}")
                os.makedirs(folder, exist_ok=True)
                pygame.image.save(app.screen, os.path.join(folder, f"{name}.png"))
            app.stack.clear()
    at = f" at {round(text_size * 100)} % text" if text_size != 1.0 else ""
    print(f"layout audit: {len(names)} screens x {len(sizes)} sizes{at}, {clipped} clipped or "
          f"overlapping texts, {covered} covered operatives, {cut} truncated controls, "
          f"{glyphs} missing glyphs")
    return 0 if clipped == covered == cut == glyphs == 0 else 1


def marks(app):  # type: ignore[no-untyped-def]
    """What no box drawn over the board may hide, on the top scene's board: (what, the
    rectangle kept clear) for each operative, objective and highlighted hex."""
    from game.ui.placement import board_marks, mark_rect

    top = app.stack[-1] if app.stack else None
    board = getattr(top, "board", None)
    if board is None:
        return []
    return [(what, mark_rect(board, h)) for what, h in board_marks(top)]
