"""The end screen's columns scroll when a long mission's rows do not fit their panels: no
section is dropped for want of room (the "Operatives lost" list was, silently)."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine import Scored, TakenDown
from tests.ui.helpers import texts_drawn

SCENARIO = Path(__file__).parents[1] / "scenarios" / "missions" / "spearhead" / \
    "reaching_eight_vp_wins_at_once.yaml"


def _end_of_a_long_mission(make_app, catalogue, size):
    from game.scenario.loader import load_scenario, run
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.play import PlayScene

    scenario = load_scenario(SCENARIO, catalogue)
    assert run(scenario).ok
    game = scenario.game
    # many scores from many rules, and every operative of player 1 lost: more rows than a
    # panel holds at the smallest window
    for tp in range(1, 5):
        for n in range(6):
            game.events.append(Scored(player=1, vp=1, turning_point=tp,
                                      source="mission rule", name=f"Rule number {n}"))
    ops = [op for op in game.state.operatives if game.state.operatives[op].player == 1]
    for op in ops:
        game.events.append(TakenDown(operative=op, player=1, hex="A1"))
    app = make_app(size=size)
    play = PlayScene(app, game)
    app.push(play)
    end = EndScene(app, play)
    app.push(end)
    return app, end, play.words


def test_a_column_too_long_for_its_panel_scrolls_and_keeps_every_section(make_app,
                                                                         catalogue):
    app, end, words = _end_of_a_long_mission(make_app, catalogue, (1024, 700))
    app.ctx.drawn = []
    end.draw(app.screen)
    drawn = app.ctx.drawn
    box = end.columns[1]
    assert box.height > box.rect.height, "the column should need scrolling here"
    assert box.bar.width > 0
    # every section is drawn (into the scrolled page), the last operative lost included
    assert "Operatives lost" in drawn
    lost = [s for s in drawn if "," in s or s in {words.operative(op) for op in
                                                 end.play.game.state.operatives}]
    assert lost, drawn
    assert "Turning point 4: Rule number 5" in drawn
    # what the audit measures stays inside the panels: nothing past the window's foot
    for text, rect in texts_drawn(app, end):
        assert rect.bottom <= app.screen.get_height(), (text, rect)


def test_the_wheel_over_a_column_scrolls_it_to_its_end_and_back(make_app, catalogue):
    app, end, _ = _end_of_a_long_mission(make_app, catalogue, (1024, 700))
    end.draw(app.screen)
    box = end.columns[1]
    pygame.mouse.set_pos(box.rect.center)
    start = box.offset
    for _ in range(40):
        end.on_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert box.offset == box.max_offset > start
    for _ in range(40):
        end.on_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert box.offset == 0


def test_a_short_column_is_drawn_straight_onto_the_screen(make_app, catalogue):
    from game.scenario.loader import load_scenario, run
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.play import PlayScene

    scenario = load_scenario(SCENARIO, catalogue)
    assert run(scenario).ok
    app = make_app()
    play = PlayScene(app, scenario.game)
    app.push(play)
    end = EndScene(app, play)
    app.push(end)
    texts = [t for t, _ in texts_drawn(app, end)]
    assert "Operatives lost" in texts  # measured by the audit, not scrolled
    assert end.columns[1].height == 0 and end.columns[2].height == 0
