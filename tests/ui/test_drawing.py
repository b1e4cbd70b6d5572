"""What the play scene draws, checked on pixels and on the strings it draws (``ctx.drawn``):
cover and blocked hexes look different, Move mode shades exactly the engine's destinations,
tokens stand on the operatives' hexes, and the attack preview shows the engine's odds."""

from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

from game.engine.actions import Attack, Move
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Phase, Step
from game.ui.context import PLAYER_COLOURS
from tests.ui.helpers import activate_one_that_moves, hover_preview, open_play

# a seed whose game reaches an attack in turning point 2 (seed 5's ends first since a
# cancel rule changed the random player's draws)
ATTACK_SEED = 6


def firefight_activate(game: Game) -> bool:
    return (game.state.phase == Phase.FIREFIGHT and game.state.turning_point == 2
            and game.state.step == Step.ACTIVATE)


def polygon_average(surface: pygame.Surface, points) -> tuple[float, float, float]:
    """The average colour of ``surface`` inside the polygon ``points``."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    box = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 1,
                      int(max(ys) - min(ys)) + 1).clip(surface.get_rect())
    shape = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.polygon(shape, (255, 255, 255, 255), [(x - box.left, y - box.top)
                                                      for x, y in points])
    mask = pygame.mask.from_surface(shape)
    total, n = [0, 0, 0], 0
    for y in range(box.height):
        for x in range(box.width):
            if mask.get_at((x, y)):
                c = surface.get_at((box.left + x, box.top + y))
                total[0] += c[0]
                total[1] += c[1]
                total[2] += c[2]
                n += 1
    assert n > 0
    return (total[0] / n, total[1] / n, total[2] / n)


def distance(a, b) -> float:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=False)) ** 0.5


@pytest.mark.parametrize("mission", ["dual_strike", "power_up"])  # killzone sides a and b
def test_cover_and_blocked_hexes_look_different(make_app, catalogue, mission):
    app, scene, _ = open_play(make_app, catalogue, mission)
    board = scene.view_board
    layer = board.layer()
    offset = board.rect.topleft

    def average(h):
        return polygon_average(layer, [(x - offset[0], y - offset[1])
                                       for x, y in board.polygon(h)])

    grid = scene.game.grid
    assert grid.cover and grid.blocked
    cover = [average(h) for h in sorted(grid.cover)]
    blocked = [average(h) for h in sorted(grid.blocked)]
    # every cover hex differs from every blocked hex, by more than the noise of the art
    closest = min(distance(c, b) for c in cover for b in blocked)
    assert closest > 6, closest
    mean_cover = [sum(c[i] for c in cover) / len(cover) for i in range(3)]
    mean_blocked = [sum(c[i] for c in blocked) / len(blocked) for i in range(3)]
    assert distance(mean_cover, mean_blocked) > 15


def activated_with_moves(make_app, catalogue):
    """A firefight position with an operative activated through a click, Moves listed."""
    app, scene, driver = open_play(make_app, catalogue, until=firefight_activate)
    game = scene.game
    activate_one_that_moves(driver, game)
    assert any(isinstance(a, Move) for a in game.legal_actions())
    return app, scene, driver


def centre_pixels(app, scene) -> dict[str, tuple[int, int, int]]:
    board = scene.view_board
    return {h: tuple(app.screen.get_at(tuple(int(v) for v in board.centre(h))))[:3]
            for h in scene.game.grid.hexes}


def test_move_mode_shades_exactly_the_engine_destinations(make_app, catalogue):
    app, scene, driver = activated_with_moves(make_app, catalogue)
    game = scene.game
    destinations = {a.destination for a in game.legal_actions() if isinstance(a, Move)}
    assert destinations
    # without a board mode (right-click clears it) nothing is shaded...
    driver.click((scene.hint_bar.right - 4, scene.hint_bar.centery), button=3)
    assert scene.chooser.verb == ""
    before = centre_pixels(app, scene)
    # ...after the Move button, the shaded hexes are the destinations, no more, no fewer
    driver.click_button("Move")
    assert scene.chooser.verb == "move"
    scene.hover = None
    app.frame([])
    after = centre_pixels(app, scene)
    changed = {h for h in before if before[h] != after[h]}
    assert changed == destinations
    # the same on a blank surface: only the highlights
    blank = pygame.Surface(app.size, pygame.SRCALPHA)
    blank.fill((0, 0, 0, 0))
    scene.draw_highlights(blank)
    board = scene.view_board
    shaded = {h for h in game.grid.hexes
              if blank.get_at(tuple(int(v) for v in board.centre(h))).a > 0}
    assert shaded == destinations
    # and the shade is the move colour, over the board
    h = sorted(destinations)[0]
    r, g, b, _ = after[h] + (0,)
    br, bg, bb = before[h]
    assert b - bb > 0 and b >= r - 40  # tinted towards blue


def test_tokens_stand_on_the_operatives_hexes(make_app, catalogue):
    app, scene, driver = open_play(make_app, catalogue, until=firefight_activate)
    game = scene.game
    board = scene.view_board
    radius = board.size * 0.62
    where = {op.hex: op.player for op in game.state.operatives.values() if op.on_killzone}
    assert len(where) >= 4

    def looks_like(h, player):
        cx, cy = board.centre(h)
        hits = 0
        for dx, dy in ((-0.8, 0), (0.8, 0), (0, -0.8)):
            colour = app.screen.get_at((int(cx + dx * radius), int(cy + dy * radius)))
            if distance(colour[:3], PLAYER_COLOURS[player]) < 45:
                hits += 1
        return hits >= 2

    for h in game.grid.hexes:
        for player in (1, 2):
            assert looks_like(h, player) == (where.get(h) == player), (h, player)


def test_attack_preview_shows_the_engine_odds(make_app, catalogue):
    def attack_ready(game: Game) -> bool:
        return game.state.phase == Phase.FIREFIGHT and game.state.turning_point == 2 and any(
            isinstance(a, Attack) for a in game.legal_actions())

    app, scene, driver = open_play(make_app, catalogue, until=attack_ready, seed=ATTACK_SEED)
    game = scene.game
    options, target_hex, drawn = hover_preview(app, scene, driver, Attack, "Attack")
    for option in options[:4]:
        odds = game.attack_odds(option)
        op = game.state.operatives[option.operative]
        weapon = game.config.datacards[op.card].weapon(option.weapon)
        name = weapon.name + (" (overcharge)" if option.overcharge else "")
        assert f"{name}: {float(odds.expected):.1f} damage expected" in drawn
        take_down = f"take down {float(odds.p_take_down) * 100:.0f}%"
        no_damage = f"no damage {float(odds.damage.get(0, Fraction(0))) * 100:.0f}%"
        assert any(s.startswith(take_down) and no_damage in s for s in drawn), drawn
    # the weapon buttons after a click on the target carry the same numbers
    driver.click_hex(target_hex)
    labels = [label for label, _ in driver.clickables()]
    for option in options[:4]:
        odds = game.attack_odds(option)
        assert any(f"{float(odds.expected):.1f} dmg, "
                   f"{float(odds.p_take_down) * 100:.0f}% kill" in label for label in labels)


def test_a_spotted_operative_shows_the_markerlight_sign(make_app, catalogue):
    """A spotted token carries a gold eye at its lower left; it goes with the flag."""
    from game.ui.board import BoardView

    app = make_app(0)
    game = Game.new(catalogue, "dual_strike", ("pathfinders", "gideon"), RandomDice(1))
    board = BoardView(app.ctx, game.config, pygame.Rect(0, 0, 900, 700))
    op = next(iter(game.state.operatives.values()))
    op.hex = "F5"
    cx, cy = board.centre(op.hex)
    radius = board.size * 0.62
    spot = pygame.Rect(0, 0, int(radius * 0.6), int(radius * 0.6))
    spot.center = (int(cx - radius * 0.85), int(cy + radius * 0.35))

    def gold_pixels() -> int:
        surface = pygame.Surface((900, 700))
        board.token(surface, op, 10)
        area = surface.subsurface(spot)
        return sum(1 for x in range(area.get_width()) for y in range(area.get_height())
                   if distance(area.get_at((x, y))[:3], (255, 200, 60)) < 60)

    before = gold_pixels()
    op.flags = (*op.flags, "spotted")
    assert gold_pixels() > before + 5
