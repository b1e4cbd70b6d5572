"""A long text scrolls in its box (the mission text of the new-game screen), instead of being
cut or shrunk: every line can be brought into view with the wheel or the bar."""

from __future__ import annotations

from dataclasses import replace

import pygame

from game.ui.widgets import ScrollText
from game.uitest.headless import open_scene

LONG = " ".join(f"Sentence number {i} of a text far too long for its little box." for i in
                range(40))


def _lines_drawn(ctx, draw):  # type: ignore[no-untyped-def]
    ctx.drawn = []
    try:
        draw()
        return list(ctx.drawn)
    finally:
        ctx.drawn = None


def test_a_text_taller_than_its_box_scrolls_to_its_last_line(make_app, monkeypatch):
    app = make_app(1, (1024, 700))
    ctx = app.ctx
    surface = pygame.Surface((400, 300))
    box = pygame.Rect(10, 10, 300, 120)
    text = ScrollText()
    assert text.draw(ctx, surface, LONG, 14, box) == box.height  # never past its box
    assert text.height > box.height and text.bar.width > 0 and box.contains(text.bar)
    assert text.offset == 0
    # the wheel over the box scrolls down, never past the end, and back to the top
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: box.center)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)
    assert text.on_event(wheel)
    assert text.offset == ScrollText.WHEEL_LINES * text.line
    for _ in range(200):
        text.on_event(wheel)
    assert text.offset == text.max_offset == text.height - box.height
    text.on_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1000, flipped=False))
    assert text.offset == 0
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: (box.right + 40, box.top))
    assert not text.on_event(wheel) and text.offset == 0  # not over the box
    # a click at the foot of the bar shows the end, at its head the start
    text.offset = 0
    assert text.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                            pos=(text.bar.centerx, box.bottom - 1)))
    text.on_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1,
                                     pos=(text.bar.centerx, box.bottom - 1)))
    assert text.offset == text.max_offset
    assert text.on_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1,
                                            pos=(text.bar.centerx, box.top)))
    assert text.offset == 0
    # the whole text is drawn (off screen, then shown in part), its last words too
    drawn = " ".join(_lines_drawn(ctx, lambda: text.draw(ctx, surface, LONG, 14, box)))
    assert "Sentence number 39" in drawn


def test_a_short_text_does_not_scroll(make_app):
    app = make_app(1, (1024, 700))
    text = ScrollText()
    used = text.draw(app.ctx, pygame.Surface((400, 300)), "Hold the line.", 14,
                     pygame.Rect(0, 0, 300, 120))
    assert used < 120 and text.height == 0 and text.bar.width == 0
    assert not text.on_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))


def test_the_forward_push_text_scrolls_on_the_new_game_screen_with_large_text(make_app):
    from game.ui.scenes.newgame import NewGameScene

    app = make_app(1, (1024, 700))
    app.apply_settings(replace(app.ctx.settings, text_size=1.3), resize=False)
    open_scene(app, "menu")
    scene = NewGameScene(app, mission="kt_forward_push")
    app.push(scene)
    app.ctx.drawn = []
    for _ in range(2):
        app.frame([])
    box = scene.about_box
    assert box.height > box.rect.height  # too long for the room: it scrolls
    panel = scene.left
    assert panel.contains(box.rect)
    # the map keeps at least 45 % of the panel rather than shrinking to make room
    assert box.rect.top - panel.top >= 0.45 * (panel.height - app.ctx.px(48))
    # its last sentence is drawn, and scrolling to the end shows it
    last = app.ctx.catalogue.missions["kt_forward_push"].text.split()[-3:]
    assert " ".join(last) in " ".join(app.ctx.drawn)
    app.ctx.drawn = None
    box.scroll(10 ** 6)
    assert box.offset == box.max_offset > 0
