"""The play screen shows the skirmish rules' odds where it shows the Fireteam odds: in the
preview over the enemy under the mouse (shots and charges) and on the weapon buttons."""

from __future__ import annotations

from game.engine import Step
from game.engine.game import Game
from game.engine.rulesets.skirmish import Charge, Shoot, SkirmishStep
from tests.ui.helpers import hover_preview, hovered_text, open_play


def pct(p) -> str:
    return f"{float(p) * 100:.0f}%"


def open_skirmish(make_app, catalogue, step: Step, kind: type, seed=3):
    """The play screen of a seeded skirmish game at player 1's first ``step`` with an action
    of ``kind`` among the legal ones."""
    def until(game: Game) -> bool:
        return game.state.step == step and game.to_act == 1 and any(
            isinstance(a, kind) for a in game.legal_actions())

    app, scene, driver = open_play(make_app, catalogue, teams=("flickering_blade", "bad_ladz"),
                                   seed=seed, until=until, rules="skirmish")
    assert until(scene.game), "the seeded game never reached the position"
    return app, scene, driver


def test_a_shot_shows_its_odds_in_the_preview_and_on_the_weapon_buttons(make_app, catalogue):
    app, scene, driver = open_skirmish(make_app, catalogue, SkirmishStep.SHOOT, Shoot)
    game = scene.game
    options, target_hex, drawn = hover_preview(app, scene, driver, Shoot, "Shoot")
    for option in options:
        odds = game.odds_of(option)
        assert f"{float(odds.expected):.2f} wounds expected" in " ".join(drawn)
        assert any(s.startswith(f"destroyed {pct(odds.p_destroyed)} · no wound "
                                f"{pct(odds.p_none)}") for s in drawn), drawn
    driver.click_hex(target_hex)
    # on the weapon's button, or written whole under it when the button cannot hold both
    app.ctx.drawn = []
    app.frame([])
    shown = [label for label, _ in driver.clickables()] + app.ctx.drawn
    app.ctx.drawn = None
    for option in options:
        odds = game.odds_of(option)
        assert any(f"{float(odds.expected):.1f} wounds, {pct(odds.p_destroyed)} destroyed"
                   in text for text in shown), shown


def test_a_charge_shows_its_odds_and_the_strike_back_risk(make_app, catalogue):
    app, scene, driver = open_skirmish(make_app, catalogue, Step.ACTIVATE, Charge)
    game = scene.game
    charge = next(a for a in game.legal_actions() if isinstance(a, Charge))
    driver.click_hex(game.state.operatives[charge.operative].hex)
    driver.click_button("Charge")
    drawn = hovered_text(app, scene, driver, game.state.operatives[charge.target].hex)
    odds = game.odds_of(charge)
    assert f"Charge {scene.words.operative(charge.target)}" in drawn
    assert any(f"{float(odds.expected):.2f} wounds expected" in s for s in drawn), drawn
    detail = next(s for s in drawn if s.startswith("destroyed "))
    assert detail.startswith(f"destroyed {pct(odds.p_destroyed)} · no wound {pct(odds.p_none)}")
    assert odds.own  # a boy or a harlequin: both have a melee weapon to strike back with
    assert any(s.startswith(f"strike back destroys you {pct(odds.p_own_destroyed)}")
               for s in drawn), drawn
