"""Two marks of the board checked on pixels: each hex's name sits inside its own hex (in the
lower half, clear of the edge shared with the hex below, where it read as that hex's
name), and the move area is drawn in the colour of the player who moves (not one colour
for both)."""

from __future__ import annotations

import pygame
import pytest

from game.engine.actions import Move
from game.engine.state import Phase, Step
from game.ui.board import BoardView
from tests.ui.helpers import activate_one_that_moves, open_play


def label_pixels(app, catalogue, mission: str) -> tuple[BoardView, dict[str, list]]:
    """The board of ``mission`` drawn with and without hex names: the pixels the names
    change, each given to the hex it lies in (the nearest centre)."""
    from game.engine.dice import RandomDice
    from game.engine.game import Game

    config = Game.new(catalogue, mission, ("gideon", "deathless_destroyers"),
                      RandomDice(1)).config
    area = pygame.Rect(10, 50, 860, 700)
    named = BoardView(app.ctx, config, area, labels=True).layer()
    board = BoardView(app.ctx, config, area, labels=False)
    plain = board.layer()
    centres = {h: board.centre(h) for h in config.grid.hexes}
    # the pixels that differ, found by pygame (a loop over every pixel is slow), then given
    # to the nearest centre among those near their patch (a hex's nearest centre is its own)
    same = pygame.PixelArray(named).compare(pygame.PixelArray(plain), distance=0)
    differs = pygame.mask.from_threshold(same.make_surface(), (0, 0, 0, 255), (1, 1, 1, 255))
    same.close()
    out: dict[str, list] = {h: [] for h in centres}
    seen: set[tuple[int, int]] = set()
    for patch in differs.get_bounding_rects():
        px, py = patch.centerx + board.rect.left, patch.centery + board.rect.top
        reach = (2 * board.size + patch.width + patch.height) ** 2
        near = [h for h, (cx, cy) in centres.items() if (cx - px) ** 2 + (cy - py) ** 2 < reach]
        for y in range(patch.top, patch.bottom):
            for x in range(patch.left, patch.right):
                if (x, y) in seen or not differs.get_at((x, y)):
                    continue
                seen.add((x, y))
                px, py = x + board.rect.left, y + board.rect.top
                h = min(near, key=lambda c: (centres[c][0] - px) ** 2
                        + (centres[c][1] - py) ** 2)
                out[h].append((px, py))
    return board, out


@pytest.mark.parametrize("mission", ["dual_strike", "power_up"])  # killzone sides a and b
def test_each_hex_name_sits_in_the_lower_half_of_its_own_hex(make_app, catalogue, mission):
    app = make_app()
    board, pixels = label_pixels(app, catalogue, mission)
    for h, points in pixels.items():
        assert points, f"{h}: no name drawn"
        cx, cy = board.centre(h)
        poly = board.polygon(h)
        bottom = max(y for _, y in poly)
        xs = [x for x, _ in points]
        ys = [y for _, y in points]
        # below the centre (the token stands there), never in the upper half where the
        # name of the hex above would be read as this one's
        assert min(ys) > cy, (h, min(ys), cy)
        # clear of the edge shared with the hex below: a margin of a tenth of the hex
        assert max(ys) < bottom - board.size * 0.1, (h, max(ys), bottom)
        # centred under the centre
        assert abs((min(xs) + max(xs)) / 2 - cx) < board.size * 0.15, h
        # and big enough to read: letters at least 6 pixels from top to bottom
        assert max(ys) - min(ys) >= 6, h


def firefight_activate_of(player: int):
    def done(game) -> bool:
        return (game.state.phase == Phase.FIREFIGHT and game.state.step == Step.ACTIVATE
                and game.to_act == player)
    return done


def move_shade(make_app, catalogue, player: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The colour (RGBA) of the move area when ``player`` moves, drawn on a blank surface;
    and that player's colour."""
    app, scene, driver = open_play(make_app, catalogue, until=firefight_activate_of(player))
    game = scene.game
    assert game.to_act == player
    activate_one_that_moves(driver, game)
    driver.click_button("Move")
    assert scene.chooser.verb == "move" and scene.chooser.player == player
    destinations = {a.destination for a in game.legal_actions() if isinstance(a, Move)}
    blank = pygame.Surface(app.size, pygame.SRCALPHA)
    blank.fill((0, 0, 0, 0))
    scene.suggestion = None
    scene.draw_highlights(blank)
    board = scene.view_board
    shades = {tuple(blank.get_at(tuple(int(v) for v in board.centre(h)))) for h in destinations}
    assert len(shades) == 1, shades
    return shades.pop(), app.ctx.colours[player]


def test_the_move_area_is_in_the_moving_players_colour(make_app, catalogue):
    first, colour1 = move_shade(make_app, catalogue, 1)
    second, colour2 = move_shade(make_app, catalogue, 2)
    assert colour1 != colour2
    assert first[:3] == tuple(colour1) and 0 < first[3] < 255
    assert second[:3] == tuple(colour2) and 0 < second[3] < 255
