"""Texts stay inside the framed panel they begin in (the fourth line of "Cards in play" was
cut by its border), an overlay's words stand on a box of their own (the pause dialog's
question was written over the side panel), and the layout audit measures both."""

from __future__ import annotations

import pygame
import pytest

from game.ui.context import DrawnText
from game.uitest.audit_layout import check, in_panels

SIZE = (1024, 700)


def _text(words: str, rect: tuple[int, int, int, int], layer: int = 0,
          plain: bool = True) -> DrawnText:
    return DrawnText(words, pygame.Rect(rect), pygame.Rect((0, 0), SIZE), False, layer,
                     plain=plain)


def test_the_audit_counts_a_line_running_past_its_panels_border():
    panel = pygame.Rect(700, 100, 300, 60)
    inside = _text("hand: 2 cards", (710, 110, 90, 14))
    cut = _text("★ Rapid Advance", (710, 150, 110, 14))  # its foot below the frame
    records = [inside, cut]
    assert check(records, [], [], SIZE) == ([], [])  # the window alone: nothing seen
    in_panels(records, [(panel, 0)])
    texts, _ = check(records, [], [], SIZE)
    assert len(texts) == 1 and "'★ Rapid Advance' reaches out of its box" in texts[0]
    # a panel of another layer (an overlay's) is not this text's panel
    records = [_text("★ Rapid Advance", (710, 150, 110, 14), layer=0)]
    in_panels(records, [(panel, 1)])
    assert check(records, [], [], SIZE) == ([], [])


def test_the_audit_counts_an_overlays_words_loose_over_the_screen_below():
    below = _text("VICTORY POINTS", (723, 51, 110, 16))
    loose = _text("Player 1: concede the mission to Player 2?", (200, 45, 620, 30), layer=1,
                  plain=False)
    texts, _ = check([below, loose], [], [], SIZE)
    assert len(texts) == 1 and "is drawn over 'VICTORY POINTS'" in texts[0]
    # on a box of its own (a plain ground, or a framed panel of its layer) it is fine
    boxed = _text("Player 1: concede the mission to Player 2?", (200, 45, 620, 30), layer=1)
    assert check([below, boxed], [], [], SIZE) == ([], [])
    framed = [below, _text("Quit?", (700, 45, 60, 30), layer=1, plain=False)]
    in_panels(framed, [(pygame.Rect(650, 30, 200, 80), 1)])
    assert check(framed, [], [], SIZE) == ([], [])


def test_plain_ground_tells_a_box_from_a_picture(make_app):
    from game.ui.context import plain_ground

    app = make_app(1, SIZE)
    surface = pygame.Surface((200, 100))
    surface.fill((24, 26, 30))
    assert plain_ground(surface, pygame.Rect(10, 10, 100, 30))
    app.ctx.text(surface, "VICTORY POINTS", 13, (10, 10))
    assert not plain_ground(surface, pygame.Rect(10, 10, 100, 30))


@pytest.mark.parametrize("what", ["pause-concede", "pause-draw", "pause-quit"])
def test_the_pause_dialogs_question_stands_in_its_box(catalogue, what, monkeypatch, tmp_path):
    from game.uitest import audit_layout
    from game.uitest.headless import make_app

    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    for size in (SIZE, (3840, 2160)):
        app = make_app(catalogue, 1, size)
        app.ctx.settings.animation_speed = 0
        records, covers = audit_layout.render(app, what, audit_layout.screens()[what])
        texts, _ = check(records, covers, [], size)
        assert texts == []
        pause = app.stack[-1]
        question = [r for r in records if r.layer and r.style == "bold" and not r.control]
        assert question and all(r.panel for r in question)
        # whole, above the buttons, and clear of the side panel's texts
        assert all(r.rect.bottom <= pause.menu_rect.top for r in question)
        side = app.stack[-2].side
        assert all(not r.rect.colliderect(side) for r in question)


def test_cards_in_play_with_more_cards_than_lines_stays_inside_its_frame(make_app, catalogue):
    from game.uitest import audit_layout
    from game.uitest.headless import open_scene

    def setup(app):  # type: ignore[no-untyped-def]
        open_scene(app, "play")
        play = app.stack[-1]
        state = play.game.state
        targets = list(play.game.config.targets)
        state.active_targets[1] = targets[:3]
        state.completed[1] = targets[3:5]
        play._view = None  # the view again, from the state as changed
        play.rebuild()

    for size in (SIZE, (1920, 1080)):
        app = make_app(1, size)
        records, covers = audit_layout.render(app, "cards", setup)
        texts, _ = check(records, covers, [], size)
        assert texts == []
        frame = app.stack[-1].panels.cards_rect
        mine = [r for r in records if frame.collidepoint(r.rect.topleft)]
        assert all(frame.contains(r.rect) for r in mine)
        assert any(r.text.startswith("+") and "more: Cards [F2]" in r.text for r in mine)
        # the hand's count is always the first line
        assert any(r.text.startswith("hand: ") for r in mine)
