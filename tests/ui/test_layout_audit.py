"""The layout audit (``python main.py --audit-layout``): it finds a clipped, overlapping or
covering layout, and the play screens (and the new-game, replay, error and campaign screens)
pass it at the four window sizes."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui.context import DrawnText
from game.uitest.audit_layout import check

ROOT = Path(__file__).resolve().parents[2]
PLAY_SCREENS = ("setup,deploy,play,attack-preview,dice,handover,turning-point-summary,pause,"
                "pause-concede,end,menu")
# the other screens made to fit (the card library and the rules help are not among them yet)
OTHER_SCREENS = "newgame,newgame-computer,replay,error,error-report,campaigns,campaign"


def text(words: str, rect: tuple[int, int, int, int], cut: bool = False,
         layer: int = 0) -> DrawnText:
    box = pygame.Rect(0, 0, 1024, 700)
    return DrawnText(words, pygame.Rect(rect), box, cut, layer)


def test_the_checks_find_each_kind_of_problem():
    size = (1024, 700)
    fine = [text("Move", (10, 10, 50, 16)), text("Attack", (70, 10, 50, 16))]
    assert check(fine, [], [], size) == ([], [])
    cut = check([text("Reveal Total Dominan…", (10, 10, 90, 16), cut=True)], [], [], size)
    assert len(cut[0]) == 1 and "inside a word" in cut[0][0]
    outside = check([text("quit", (1000, 10, 60, 16))], [], [], size)
    assert len(outside[0]) == 1
    overlap = check([text("Power fist", (10, 10, 80, 16)), text("Back", (40, 14, 40, 16))],
                    [], [], size)
    assert len(overlap[0]) == 1 and "overlap" in overlap[0][0]
    # an overlay's text over the screen below it is not an overlap
    layered = [text("Power fist", (10, 10, 80, 16)), text("Paused", (40, 14, 40, 16), layer=1)]
    assert check(layered, [], [], size) == ([], [])
    covered = check([], [pygame.Rect(0, 500, 440, 170)], [("warrior1", (100, 600)),
                                                          ("warrior2", (600, 100))], size)
    assert covered[1] == ["operative warrior1 covered by a box at (0, 500, 440, 170)"]


def test_the_screens_pass_the_audit_at_the_smallest_size(catalogue, capsys, monkeypatch,
                                                        tmp_path):
    """The fast tier's audit: every screen at the smallest window (1024 x 700), where texts
    are the tightest; the whole suite audits all four sizes as the command does (below)."""
    from game.uitest import audit_layout

    # the audit points the data folder at a throw-away one: put it back afterwards
    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    smallest = min(audit_layout.SIZES)
    assert smallest == (1024, 700)
    code = audit_layout.run(catalogue, f"{PLAY_SCREENS},{OTHER_SCREENS}", sizes=(smallest,))
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == (
        "layout audit: 18 screens x 1 sizes, 0 clipped or overlapping texts, "
        "0 covered operatives, 0 truncated controls, 0 missing glyphs"), out[-3000:]
    assert code == 0


@pytest.mark.slow
@pytest.mark.timeout(900)  # 127 screens x 4 sizes: about 3.5 minutes alone on the 2-core machine
def test_every_screen_passes_the_audit_at_every_size(tmp_path):
    """The command itself, on every screen it knows (the transient overlays and the steps
    of each rule set and pack among them), at the four sizes."""
    from game.uitest.audit_screens import SCREENS

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--audit-layout"], env=env,
                         capture_output=True, text=True, timeout=1800, cwd=tmp_path)
    last = run.stdout.strip().splitlines()[-1]
    assert last == (f"layout audit: {len(SCREENS)} screens x 4 sizes, 0 clipped or "
                    "overlapping texts, 0 covered operatives, 0 truncated controls, "
                    "0 missing glyphs"), run.stdout[-3000:] + run.stderr[-2000:]
    assert run.returncode == 0


@pytest.mark.parametrize("screen", ["play", "skirmish-play"])
def test_the_audit_measures_the_names_the_player_reads_not_the_engine_ids(catalogue, screen,
                                                                          monkeypatch, tmp_path):
    """The audit draws as the app does, with the scene's names (``App.draw`` sets
    ``Context.words``): an id ("rokkit_boy: hold" in the skirmish chooser's title) is neither
    measured in place of its longer name nor shown."""
    from game.ui.words import ID_LIKE
    from game.uitest import audit_layout
    from game.uitest.headless import make_app

    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    app = make_app(catalogue, 1, (1024, 700))
    app.ctx.settings.animation_speed = 0
    records, _ = audit_layout.render(app, screen, audit_layout.screens()[screen])
    texts = [r.text for r in records]
    assert texts and not [t for t in texts if ID_LIKE.search(t)], texts
    # the skirmish rules have no VP and no cards: markers held and the round take their panels
    wanted = {"play": {"VICTORY POINTS", "CARDS IN PLAY"},
              "skirmish-play": {"MARKERS HELD", "THIS ROUND"}}[screen]
    assert wanted <= set(texts) and not ({"VICTORY POINTS", "CARDS IN PLAY", "MARKERS HELD",
                                          "THIS ROUND"} - wanted) & set(texts)
    if screen == "skirmish-play":  # the chooser's title names the active operative
        play = app.stack[-1]
        state = play.view.state
        ops = [o for o in state.operatives.values() if o.player == 1 and o.on_killzone]
        assert f"to act: {sum(1 for o in ops if not o.activated)} of {len(ops)}" in texts
        active = play.view.state.active
        order = str(state.order or "").upper()  # the order it was given (seed-dependent)
        assert active and order and f"{play.words.operative(active).upper()}: {order}" in texts


# --- the transient overlays, truncated controls, missing glyphs --------------------------------

# a sample of the overlays and steps of each rule set and pack (the whole suite audits them
# all at every size, above)
TRANSIENT_SAMPLE = ("fireteam-turn-banner,fireteam-preview,killteam-preview,killteam-weapons,"
                    "pathfinders-tooltip,pathfinders-deploy,pathfinders-act,skirmish-hint,"
                    "skirmish-score-banner,killteam-replay-dice,fireteam-summary")


def test_the_audit_has_each_overlay_for_each_rule_set_and_pack():
    from game.uitest.audit_screens import GAMES, SCREENS, TRANSIENT

    assert set(GAMES) == {"fireteam", "killteam", "skirmish", "pathfinders"}
    for which in GAMES:
        for kind in ("turn-banner", "score-banner", "preview", "tooltip", "hint",
                     "attack-dice", "replay-dice", "summary"):
            assert kind in TRANSIENT and f"{which}-{kind}" in SCREENS


def test_the_overlays_cover_nothing_and_cut_nothing_at_the_smallest_size(catalogue, capsys,
                                                                         monkeypatch, tmp_path):
    from game.uitest import audit_layout

    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    code = audit_layout.run(catalogue, TRANSIENT_SAMPLE, sizes=((1024, 700),))
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == (
        "layout audit: 11 screens x 1 sizes, 0 clipped or overlapping texts, "
        "0 covered operatives, 0 truncated controls, 0 missing glyphs"), out[-3000:]
    assert code == 0


def control(words: str, full: str = "") -> DrawnText:
    return DrawnText(words, pygame.Rect(10, 10, 90, 16), pygame.Rect(10, 10, 90, 16), False,
                     0, full, True, "bold")


def test_a_shortened_control_or_a_cut_widget_is_a_truncated_control():
    from game.uitest.audit_layout import truncated

    assert truncated([control("Move [M]")]) == []
    found = truncated([control("Pathfinder… [1]", "Pathfinder Shas'ui [1]")])
    assert found == ["'Pathfinder… [1]' is shortened from \"Pathfinder Shas'ui [1]\""]
    # a secondary text shortened (with its tooltip) is not a control
    secondary = DrawnText("Assault…", pygame.Rect(0, 0, 60, 16), pygame.Rect(0, 0, 0, 0),
                          False, 0, "Assault Intercessors")
    assert truncated([secondary]) == []
    # a widget whose text is wider than its room (a list entry cut by pygame-gui)
    assert truncated([], [("Head Hunt (our designation)", 190, 150)]) == [
        "'Head Hunt (our designation)' is cut by its widget (190 px of text in 150 px)"]
    assert truncated([], [("Head Hunt", 90, 150)]) == []


def test_a_character_the_font_lacks_is_a_missing_glyph():
    from game.uitest.audit_layout import glyph_fonts, missing_glyphs

    fonts = glyph_fonts()
    assert missing_glyphs([control("▶ Attack [A]")], ["↓ 3 newer"], fonts) == []
    found = missing_glyphs([control("Reveal \u4e00")], [], fonts)
    assert len(found) == 1 and "U+4E00" in found[0] and "bold" in found[0]
    assert len(missing_glyphs([], ["\u4e01"], fonts)) == 2  # each widget font: both styles


def test_a_wrapped_text_that_runs_out_of_room_is_clipped(make_app):
    """``Context.wrapped`` stops at its box's bottom: the line it could not show is recorded
    as reaching out of its box, so the audit counts text lost that way."""
    from game.uitest.audit_layout import check

    app = make_app()
    ctx = app.ctx
    ctx.record = []
    box = pygame.Rect(10, 10, 120, ctx.assets.font(ctx.px(14)).get_linesize() * 2)
    ctx.wrapped(app.screen, "one two three four five six seven eight nine ten eleven", 14,
                box)
    records, ctx.record = ctx.record, None
    texts, _ = check(records, [], [], app.size)
    assert len(texts) == 1 and "reaches out of its box" in texts[0]
    ctx.record = []
    ctx.wrapped(app.screen, "one two", 14, box)
    records, ctx.record = ctx.record, None
    assert check(records, [], [], app.size) == ([], [])


def test_an_objective_or_highlighted_hex_under_a_transient_box_counts_as_covered():
    square = pygame.Rect(90, 90, 20, 20)
    box = pygame.Rect(0, 0, 100, 100)
    _, covered = check([], [box], [("objective centre", square)], (1024, 700))
    assert covered == ["objective centre covered by a box at (0, 0, 100, 100)"]
    # a guidance box (the tutorial's) counts for operatives only
    guide = [(box, "operatives")]
    assert check([], guide, [("objective centre", square)], (1024, 700))[1] == []
    assert check([], guide, [("operative warrior1", square)], (1024, 700))[1] == [
        "operative warrior1 covered by a box at (0, 0, 100, 100)"]


@pytest.mark.parametrize(("screen", "words"), [("fireteam-turn-banner", "Player 1's turn"),
                                               ("skirmish-score-banner", "Player 2 scores 3 VP"),
                                               ("killteam-preview", "overcharge")])
def test_the_overlay_screens_show_their_overlay(catalogue, screen, words, monkeypatch,
                                                tmp_path):
    """Each overlay screen of the audit draws the overlay it is named for (a banner whose
    time ran out, or a preview without its overcharge, would pass unseen)."""
    from game.uitest import audit_layout
    from game.uitest.headless import make_app

    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    app = make_app(catalogue, 1, (1024, 700))
    app.ctx.settings.animation_speed = 0
    records, covers = audit_layout.render(app, screen, audit_layout.screens()[screen])
    assert any(words in r.text for r in records), [r.text for r in records]
    assert covers  # the overlay was drawn, and told the audit where


def test_a_wrapped_text_gets_its_names_once(make_app):
    """``Context.wrapped`` puts the engine's ids into names before it measures the lines;
    a line is then drawn as measured, not put into names a second time (a puzzle's operative
    "a" made the end of a target card's line "with a" read "with Assault Intercessor" and run
    off the card)."""
    app = make_app()
    ctx = app.ctx
    ctx.words = lambda text: text.replace("a", "aa")  # type: ignore[assignment]
    ctx.drawn = []
    try:
        ctx.wrapped(app.screen, "a b", 14, pygame.Rect(10, 10, 400, 200))
        drawn = list(ctx.drawn)
    finally:
        ctx.words, ctx.drawn = None, None
    assert drawn == ["aa b"]
