"""The rules help screen: opens at a topic, lists entries to click, filters as you type,
follows links, closes with Esc."""

from __future__ import annotations

import dataclasses

import pygame
import pygame_gui

from game.help import rules_help
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules import RulesScene
from tests.helpers import stride
from tests.ui.helpers import click


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


def test_page_down_scrolls_a_long_text(make_app, monkeypatch):
    # an entry longer than its box at the smallest window, beside its picture
    shipped = rules_help.load()
    short = shipped.by_id["killzone"]
    long = dataclasses.replace(short, text="\n\n".join([short.text] * 4))
    monkeypatch.setitem(shipped.by_id, "killzone", long)
    monkeypatch.setitem(shipped.words, rules_help.normalise("killzone"), long)
    monkeypatch.setattr(shipped, "entries", [long if e is short else e for e in shipped.entries])
    app = make_app(size=(1024, 700))
    app.push(MenuScene(app))
    scene = RulesScene(app, topic="killzone")
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
    for entry in rules_help.entries()[::stride(3)]:  # a third of them in the fast tier
        scene.open(entry.id)
        assert entry.title in drawn(app) or scene.current.title.endswith("…")
    assert isinstance(scene.search, pygame_gui.elements.UITextEntryLine)


def test_opening_an_entry_moves_the_lists_selection_and_replaces_the_text(make_app):
    """Opening another entry (a link, the arrow keys) keeps the list and moves its one
    selection to the entry, scrolled into view; the text box shows the new entry."""
    app, scene = opened(make_app, "overview")
    listing = scene.listing
    for target in ("move", "rapid_fire", "overview"):
        scene.open(target)
        app.frame([])
        assert scene.listing is listing  # not rebuilt
        selected = [i["text"] for i in listing.item_list if i["selected"]]
        assert [scene.by_label[t] for t in selected] == [scene.current]
        assert scene.current.id == target
        assert scene.text is not None and scene.text.alive()
        assert scene.text.html_text == rules_help_html(scene)
        assert scene.current.title in drawn(app)
    buttons = [i for i in listing.item_list if i.get("button_element") is not None]
    assert all(i["button_element"].is_selected == i["selected"] for i in buttons)


def rules_help_html(scene) -> str:
    from game.ui.scenes.rules import entry_html

    return entry_html(scene.help, scene.current)


def test_typing_cover_letter_by_letter_shows_cover_not_the_first_match_of_c(make_app):
    """Issue 37: typing "cover" used to leave "The killzone" (the first entry matching "c")
    on the right; each keystroke now shows the best match."""
    app, scene = opened(make_app)
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=pygame.KMOD_CTRL,
                                  unicode="", scancode=0)])
    for ch in "cover":
        app.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
        app.frame()
    assert scene.current.id == "cover"
    for ch in "\b" * 5 + "LoS":
        if ch == "\b":
            scene.search.set_text(scene.search.get_text()[:-1])
            scene.set_query(scene.search.get_text())
        else:
            app.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch)])
            app.frame()
    assert scene.current.id == "line_of_sight"
