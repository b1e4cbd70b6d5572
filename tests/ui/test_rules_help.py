"""The rules help screen: opens at a topic, lists entries to click, filters as you type,
follows links, closes with Esc."""

from __future__ import annotations

import pygame
import pygame_gui

from game import rules_help
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules import RulesScene


def opened(make_app, topic=None):
    app = make_app()
    app.push(MenuScene(app))
    scene = RulesScene(app, topic=topic)
    app.push(scene)
    app.frame([])
    return app, scene


def drawn(app) -> list[str]:
    app.ctx.drawn = []
    app.frame([])
    out, app.ctx.drawn = app.ctx.drawn, None
    return out


def click(app, pos):
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos),
               pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])
    for _ in range(3):  # the widgets' events (pressed, then selected) come through the queue
        app.frame()


def test_opens_at_a_topic_and_draws_its_title(make_app):
    app, scene = opened(make_app, "rapid_fire")
    assert scene.current.id == "rapid_fire"
    strings = drawn(app)
    assert "Rapid Fire" in strings
    assert "WEAPON RULES" in strings
    app2, scene2 = opened(make_app, "Line of sight")
    assert scene2.current.id == "line_of_sight"
    assert "Line of sight" in drawn(app2)


def test_clicking_an_entry_in_the_list_shows_it(make_app):
    app, scene = opened(make_app, "overview")
    rect, entry = next((r, e) for r, e in scene.rows if e.id == "move")
    click(app, rect.center)
    assert scene.current.id == "move"
    assert "Move" in drawn(app)


def test_the_wheel_scrolls_the_list(make_app):
    app, scene = opened(make_app, "overview")
    first = {e.id for _, e in scene.rows}
    centre = scene.listing.rect.center
    pygame.mouse.set_pos(centre)
    app.frame([])  # the list knows the mouse is over it
    app.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    for _ in range(30):  # the list glides to its new place
        app.frame([])
    assert scene.listing.scroll_bar.start_percentage > 0
    assert {e.id for _, e in scene.rows} != first


def test_page_down_scrolls_a_long_text(make_app):
    app = make_app(size=(1024, 700))
    app.push(MenuScene(app))
    scene = RulesScene(app, topic="killzone")  # beside its picture, longer than its box
    app.push(scene)
    app.frame([])
    assert scene.text.scroll_bar is not None
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="",
                                  scancode=0)])
    assert scene.text.scroll_bar.start_percentage > 0


def test_typing_in_the_search_box_filters(make_app):
    app, scene = opened(make_app)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=pygame.KMOD_CTRL,
                                  unicode="", scancode=0)])
    assert scene.search.is_focused
    app.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in "melta"])
    app.frame()  # the box's "text changed" events come through the queue
    assert scene.search.get_text() == "melta"
    assert scene.shown and scene.shown[0].id == "melta"
    assert len(scene.shown) < len(rules_help.entries())
    assert {e.id for _, e in scene.rows} == {e.id for e in scene.shown}
    assert scene.current.id == "melta"


def test_a_link_opens_its_entry(make_app):
    app, scene = opened(make_app, "cover")
    drawn(app)
    assert scene.link_rects
    rect, target = next((r, t) for r, t in scene.link_rects if t == "ignores_cover")
    click(app, rect.center)
    assert scene.current.id == "ignores_cover"


def test_escape_closes_it(make_app):
    app, scene = opened(make_app, "cover")
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                  scancode=0)])
    assert app.scene is not scene and isinstance(app.scene, MenuScene)


def test_every_entry_draws_without_error_and_with_readable_text(make_app):
    app, scene = opened(make_app)
    for entry in rules_help.entries():
        scene.open(entry.id)
        assert entry.title in drawn(app) or scene.current.title.endswith("…")
    assert isinstance(scene.search, pygame_gui.elements.UITextEntryLine)
