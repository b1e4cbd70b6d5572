"""Terrain tooltips: the mouse resting on a hex of the play screen's board says what it is
(a barricade, a ruin, an objective and who controls it), in words, never ids; the tooltip goes
with the hover."""

from __future__ import annotations

import pygame

from tests.ui.helpers import midgame


def rest_on(app, play, h: str, seconds: float = 1.0) -> list[str]:
    """Move the mouse onto ``h``, let it rest ``seconds``, draw a frame; the texts drawn."""
    x, y = play.view_board.centre(h)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)),
                                         rel=(0, 0), buttons=(0, 0, 0)))
    app.frame()
    play.update(seconds)
    app.ctx.drawn = []
    app.frame()
    drawn = list(app.ctx.drawn)
    app.ctx.drawn = None
    return drawn


def open_play(make_app, catalogue):
    from game.ui.scenes.play import PlayScene

    app = make_app(4)
    game = midgame(catalogue)
    play = PlayScene(app, game)
    app.push(play)
    app.frame()
    return app, game, play


def free(game, hexes) -> str:
    taken = {o.hex for o in game.state.operatives.values() if o.on_killzone}
    objectives = set(game.config.objectives.values())
    return next(h for h in sorted(hexes) if h not in taken and h not in objectives)


def test_resting_on_a_cover_hex_says_cover(make_app, catalogue):
    app, game, play = open_play(make_app, catalogue)
    h = free(game, game.grid.cover - game.grid.blocked)
    drawn = rest_on(app, play, h)
    text = " ".join(drawn)
    assert f"Hex {h}" in drawn
    assert "Barricade, a cover hex:" in text and "one Defence die fewer" in text
    assert "Ruin" not in text


def test_resting_on_a_wall_says_blocked(make_app, catalogue):
    app, game, play = open_play(make_app, catalogue)
    h = free(game, game.grid.blocked)
    text = " ".join(rest_on(app, play, h))
    assert "Ruin: blocked terrain" in text and "cover hex" not in text


def test_an_objective_names_its_controller_not_its_id(make_app, catalogue):
    app, game, play = open_play(make_app, catalogue)
    obj, h = sorted(game.config.objectives.items())[0]
    game.state.control[obj] = 2
    play._view = None  # the view is worked out again
    drawn = rest_on(app, play, h)
    text = " ".join(drawn)
    assert f"Objective: controlled by {app.ctx.names[2]}" in text
    assert obj not in text  # "obj1" never reaches the screen


def test_no_tooltip_before_the_mouse_rests_or_after_it_leaves(make_app, catalogue):
    app, game, play = open_play(make_app, catalogue)
    h = free(game, game.grid.cover - game.grid.blocked)
    assert not any("a cover hex:" in t for t in rest_on(app, play, h, seconds=0.1))
    assert any("a cover hex:" in t for t in rest_on(app, play, h, seconds=1.0))
    pygame.event.post(pygame.event.Event(pygame.WINDOWLEAVE))
    app.ctx.drawn = []
    app.frame()
    assert not any("a cover hex:" in t for t in app.ctx.drawn)
    app.ctx.drawn = None


def test_open_ground_has_no_tooltip(make_app, catalogue):
    from game.ui.scenes.play_board import terrain_tip

    app, game, play = open_play(make_app, catalogue)
    territory = {h for hexes in game.config.territories.values() for h in hexes}
    h = free(game, set(game.grid.hexes) - game.grid.cover - game.grid.blocked - territory)
    assert terrain_tip(play, h) == []
