"""At 4K the widgets' fixed parts grow with the text: the scroll bars (of a list, a text box
and a scrolling container), their arrow buttons and arrows, and a drop-down's arrow button."""

from __future__ import annotations

import pytest

from game.uitest.headless import open_scene

BIG = (3840, 2160)
SMALL = (1280, 800)


def _rules(make_app, size):  # type: ignore[no-untyped-def]
    app = make_app(1, size)
    open_scene(app, "menu")
    app.open_rules()
    for _ in range(3):
        app.frame([])
    return app


def _arrow_height(button) -> int:  # type: ignore[no-untyped-def]
    return button.font.size("▲")[1]


@pytest.mark.parametrize("size", [SMALL, BIG])
def test_a_lists_scroll_bar_and_its_arrows_grow_with_the_text(make_app, size):
    app = _rules(make_app, size)
    scale = app.ctx.scale
    bar = app.scene.listing.scroll_bar
    assert bar is not None  # the rules' list is longer than the screen at every size
    text_height = app.ctx.assets.font(app.ctx.px(15)).get_linesize()
    # as wide as about a line of text is tall (20 px at 1280 x 800, never less)
    assert bar.rect.width == max(20, round(20 * scale))
    assert bar.rect.width >= 0.8 * text_height
    assert bar.top_button is not None and bar.bottom_button is not None
    assert bar.top_button.rect.height >= round(20 * scale)
    assert _arrow_height(bar.top_button) >= 0.4 * bar.top_button.rect.height


def test_at_4k_the_scroll_bars_are_not_the_widgets_20_pixels(make_app):
    app = _rules(make_app, BIG)
    bar = app.scene.listing.scroll_bar
    assert bar.rect.width >= 50
    assert bar.top_button.rect.height >= 50
    assert _arrow_height(bar.top_button) >= 25
    # the scrolling grid of the card library too
    app = make_app(1, BIG)
    open_scene(app, "cards")
    for _ in range(3):
        app.frame([])
    container = app.scene.grid_view.container
    assert container.vert_scroll_bar is not None and container.vert_scroll_bar_active
    assert container.vert_scroll_bar.rect.width >= 50


def test_at_4k_a_drop_downs_arrow_grows_with_the_text(make_app):
    from game.ui.scenes.newgame import NewGameScene

    for size, least in ((SMALL, 20), (BIG, 50)):
        app = make_app(1, size)
        open_scene(app, "menu")
        scene = NewGameScene(app, mission="kt_head_hunt")
        app.push(scene)
        for _ in range(2):
            app.frame([])
        drop = scene.mission_drop
        button = drop.current_state.open_button
        assert button.rect.width >= least
        assert _arrow_height(button) >= least // 2
        drop.current_state.should_transition = True  # opened: its list's arrow button too
        for _ in range(2):
            app.frame([])
        assert drop.current_state.close_button.rect.width >= least
