"""The play screen offers the Kill Team classic pack's decisions as the engine lists them:
objective markers placed by clicking shaded hexes, the seize-the-initiative choice, late
arrivals and the game length die (whose need is shown before it is rolled)."""

from __future__ import annotations

from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.rulesets.killteam import PackStep
from game.engine.rulesets.killteam.actions import Arrive, PlaceObjective
from game.uitest.headless import play_until
from tests.ui.helpers import end_screen, open_play, scenario_game


def _open(make_app, catalogue, mission, seed, until):  # type: ignore[no-untyped-def]
    return open_play(make_app, catalogue, mission, seed=seed, until=until)


def test_objective_markers_are_placed_by_clicking_a_shaded_hex(make_app, catalogue) -> None:
    app, scene, driver = _open(make_app, catalogue, "kt_forward_push", 3,
                               lambda g: g.state.step == PackStep.PLACE_OBJECTIVES)
    game = scene.game
    legal = {a.hex for a in game.legal_actions() if isinstance(a, PlaceObjective)}
    clickable = {label[4:] for label, _ in driver.clickables() if label.startswith("hex ")}
    assert clickable == legal
    target = sorted(legal)[0]
    driver.click_hex(target)
    assert game.state.objective_hexes["marker1"] == target


def test_seize_and_game_length_are_buttons(make_app, catalogue) -> None:
    app, scene, driver = _open(make_app, catalogue, "kt_head_hunt", 2,
                               lambda g: g.state.step == PackStep.SEIZE)
    labels = [label for label, _ in driver.clickables()]
    assert any(label.startswith("Seize it (6 needed)") for label in labels)
    driver.click_button("Let them keep it", prefix=True)
    assert scene.game.state.step != PackStep.SEIZE

    app, scene, driver = _open(make_app, catalogue, "kt_head_hunt", 2,
                               lambda g: g.state.step == PackStep.GAME_LENGTH)
    assert scene.game.state.step == PackStep.GAME_LENGTH
    labels = [label for label, _ in driver.clickables()]
    assert any(label.startswith("Roll (3+ goes on)")
               for label in labels), labels


def test_late_operatives_arrive_on_shaded_edge_hexes(make_app, catalogue) -> None:
    app, scene, driver = _open(make_app, catalogue, "kt_alone_in_the_dark", 1,
                               lambda g: g.state.step == PackStep.ARRIVE)
    game = scene.game
    assert game.state.step == PackStep.ARRIVE
    op = scene.selected
    legal = sorted(a.hex for a in game.legal_actions()
                   if isinstance(a, Arrive) and a.operative == op)
    clickable = {label[4:] for label, _ in driver.clickables() if label.startswith("hex ")}
    assert clickable == set(legal)
    driver.click_hex(legal[0])
    assert game.state.operatives[op].hex == legal[0]


def test_visualizer_shows_marker_zone_and_arrival_edges(catalogue) -> None:
    import pygame

    from game.engine.rulesets.killteam import core as kt
    from game.ui.visualize import (
        KEY_ARRIVAL,
        KEY_OBJECTIVE,
        Study,
        headless_context,
        render,
    )

    ctx = headless_context(catalogue)
    study = Study(catalogue.missions["kt_alone_in_the_dark"])
    surface, painter = render(ctx, study)
    view = painter.board
    assert view is not None
    zone = kt.placement_hexes(view.grid, view.config.territories, [])
    outside = "H10"  # in a territory: two hexes from the zone, far from the side edges
    assert outside not in zone

    def has(colour, h) -> bool:
        x, y = view.centre(h)
        r = int(view.size * 0.9)
        box = pygame.Rect(int(x) - r, int(y) - r, 2 * r, 2 * r).clip(surface.get_rect())
        return any(surface.get_at((i, j))[:3] == colour for i in range(box.left, box.right)
                   for j in range(box.top, box.bottom))

    assert has(KEY_OBJECTIVE, zone[0]) and not has(KEY_OBJECTIVE, outside)
    assert has(KEY_ARRIVAL, "A5") and not has(KEY_ARRIVAL, outside)


def test_end_screen_shows_primary_and_secondary_objectives_apart(make_app, catalogue) -> None:
    from pathlib import Path

    folder = Path(__file__).parents[1] / "scenarios" / "killteam"
    game = scenario_game(folder / "mysterious" / "vital_intel_worth_one_more.yaml", catalogue)
    app = make_app()
    end_screen(app, game)
    app.ctx.drawn = []
    app.frame([])  # as the window draws it: in the game's names
    drawn = list(app.ctx.drawn)
    app.ctx.drawn = None
    assert "Primary objectives" in drawn and "Secondary objectives" in drawn
    assert "Targets of opportunity completed" not in drawn
    where = game.objective_hex("marker1")
    assert f"The objective on {where} (2 VP)" in drawn  # vital intel: 1 VP more
    assert not any("marker1" in text for text in drawn)  # names, not the engine's ids
    # the final scoring is listed in its sections, not among the turning points' VP
    assert not any(s.startswith("Turning point") and "objective" in s for s in drawn)


def test_an_extra_turning_point_is_counted_as_one_not_as_4_of_3(make_app, catalogue) -> None:
    """After the game length die gave one more turning point, the top bar says "Turning
    point 4 (extra)"; within the card's turning points it says "2/3"."""
    from game.engine.state import Phase

    def extra(game: Game) -> bool:
        return (game.state.turning_point > game.config.turning_points
                and game.state.phase == Phase.FIREFIGHT)

    app, scene, driver = _open(make_app, catalogue, "kt_head_hunt", 2, extra)
    game = scene.game
    assert game.state.turning_point == game.config.turning_points + 1
    app.ctx.drawn = []
    app.frame([])
    tp = game.state.turning_point
    assert any(f"Turning point {tp} (extra)" in text for text in app.ctx.drawn)
    assert not any(f"{tp}/{game.config.turning_points}" in text for text in app.ctx.drawn)

    app, scene, driver = _open(make_app, catalogue, "kt_head_hunt", 1,
                               lambda g: g.state.turning_point == 2)
    app.ctx.drawn = []
    app.frame([])
    assert any("Turning point 2/3" in text for text in app.ctx.drawn)


def test_a_variable_length_mission_says_so_where_its_length_is_shown(catalogue) -> None:
    from game.ui.rulesets.killteam.screen import length_words

    assert length_words(catalogue.missions["dual_strike"]) == "3 turning points"
    words = length_words(catalogue.missions["kt_head_hunt"])
    assert words == "3 turning points, up to 5"


def test_end_screen_of_a_whole_pack_game_shows_names_only(make_app, catalogue) -> None:
    """A whole Kill Team game (random players): its end screen names the markers by their hex
    and the operatives lost by their names, never ``marker1`` or ``boy3``."""
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.play import PlayScene
    from tests.ui.test_engine_words import leaks

    game = Game.new(catalogue, "kt_forward_push", ("gideon", "bad_ladz"), RandomDice(3))
    play_until(game, 3, lambda g: False, limit=5000)
    assert game.is_over
    app = make_app(3)
    app.ctx.names = {1: "Alice", 2: "Bob"}
    play = PlayScene(app, game)
    app.push(play)
    app.push(EndScene(app, play))
    app.ctx.drawn = []
    app.frame([])
    drawn = list(app.ctx.drawn)
    assert "Primary objectives" in drawn and "Operatives lost" in drawn
    assert leaks(drawn, game.state.operatives) == []
    assert not any("marker" in text for text in drawn)
    assert any(text.startswith("The objective on ") for text in drawn)
