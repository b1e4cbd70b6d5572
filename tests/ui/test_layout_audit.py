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

from game.audit_layout import check
from game.ui.context import DrawnText

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
    from game import audit_layout

    # the audit points the data folder at a throw-away one: put it back afterwards
    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    smallest = min(audit_layout.SIZES)
    assert smallest == (1024, 700)
    code = audit_layout.run(catalogue, f"{PLAY_SCREENS},{OTHER_SCREENS}", sizes=(smallest,))
    out = capsys.readouterr().out
    assert out.strip().splitlines()[-1] == (
        "layout audit: 18 screens x 1 sizes, 0 clipped or overlapping texts, "
        "0 covered operatives"), out[-3000:]
    assert code == 0


@pytest.mark.slow
def test_the_play_and_other_screens_pass_the_audit_at_every_size(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, str(ROOT / "main.py"), "--audit-layout",
                          "--audit-screens", f"{PLAY_SCREENS},{OTHER_SCREENS}"], env=env,
                         capture_output=True, text=True, timeout=900, cwd=tmp_path)
    last = run.stdout.strip().splitlines()[-1]
    assert last == ("layout audit: 18 screens x 4 sizes, 0 clipped or overlapping texts, "
                    "0 covered operatives"), run.stdout[-3000:] + run.stderr[-2000:]
    assert run.returncode == 0


@pytest.mark.parametrize("screen", ["play", "skirmish-play"])
def test_the_audit_measures_the_names_the_player_reads_not_the_engine_ids(catalogue, screen,
                                                                          monkeypatch, tmp_path):
    """The audit draws as the app does, with the scene's names (``App.draw`` sets
    ``Context.words``): an id ("rokkit_boy: hold" in the skirmish chooser's title) is neither
    measured in place of its longer name nor shown."""
    from game import audit_layout
    from game.ui.words import ID_LIKE
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
