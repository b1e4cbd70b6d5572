"""The objectives' mission tokens in words ("powered", "inert", "downloaded (Player 2)") are
drawn beside their objective where they hide no operative, objective or highlighted hex, and
the layout audit measures them like any box over the board."""

from __future__ import annotations

import pygame
import pytest

from game.ui.placement import mark_rect


def _board(make_app, size=(1024, 700)):  # type: ignore[no-untyped-def]
    from game.scenario.loader import build_config
    from game.ui.board import BoardView

    app = make_app(1, size)
    config = build_config(app.ctx.catalogue, {"mission": "power_up",
                                              "fireteams": {1: None, 2: None}})
    return app, BoardView(app.ctx, config, pygame.Rect(0, 0, *size), labels=False)


@pytest.mark.parametrize("size", [(1024, 700), (3840, 2160)])
def test_a_label_beside_a_crowded_objective_covers_no_token(make_app, size):
    app, board = _board(make_app, size)
    grid = board.grid
    # operatives all round the objective but one side, as in a melee on a marker
    around = grid.neighbours("F6")
    crowd = ["F6", *around[:-1]]
    surface = pygame.Surface(size)
    boxes = board.objective_labels(surface, [("F6", ("powered", "inert"))], crowd)
    assert len(boxes) == 1
    box = boxes[0]
    assert board.rect.contains(box)
    for h in crowd:  # the whole disc of each token stays clear, not just its heart
        disc = mark_rect(board, h).inflate(int(board.size * 0.3), int(board.size * 0.3))
        assert not box.colliderect(disc), h
    # two objectives side by side: their boxes do not overlap either
    boxes = board.objective_labels(surface, [("F6", ("powered",)),
                                             (around[0], ("downloaded (Player 2)",))],
                                   ["F6", around[0]])
    assert not boxes[0].colliderect(boxes[1])


def test_the_objective_token_no_longer_writes_over_the_hex_below(make_app):
    """The old labels went under the objective, onto the token of the hex below it."""
    app, board = _board(make_app)
    grid = board.grid
    below = min(grid.neighbours("F6"), key=lambda h: (abs(board.centre(h)[0] -
                                                           board.centre("F6")[0]),
                                                      -board.centre(h)[1]))
    assert board.centre(below)[1] > board.centre("F6")[1]
    boxes = board.objective_labels(pygame.Surface((1024, 700)), [("F6", ("powered",))],
                                   ["F6", below])
    assert not boxes[0].colliderect(mark_rect(board, below))


@pytest.mark.parametrize(("screen", "words"), [("power-up-tokens", "powered"),
                                               ("data-heist-tokens", "downloaded")])
def test_the_play_screen_writes_the_tokens_on_nothing(catalogue, screen, words, monkeypatch,
                                                      tmp_path):
    from game.uitest import audit_layout
    from game.uitest.headless import make_app

    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    app = make_app(catalogue, 1, (1024, 700))
    app.ctx.settings.animation_speed = 0
    records, covers = audit_layout.render(app, screen, audit_layout.screens()[screen])
    shown = [r for r in records if r.text.startswith(words)]
    assert shown, [r.text for r in records]
    # the label's box was told to the audit, and it hides nothing the audit looks for
    assert any(c[0].contains(shown[0].rect) if isinstance(c, tuple) else
               c.contains(shown[0].rect) for c in covers)
    texts, hidden = audit_layout.check(records, covers, audit_layout.marks(app), (1024, 700))
    assert hidden == [] and texts == []
