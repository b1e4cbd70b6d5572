"""The end screen of a skirmish game speaks the skirmish rules: markers held, not VP, and no
targets of opportunity or turning points (which these rules do not have)."""

from __future__ import annotations

from game.engine import Game, Scored
from game.engine.dice import RandomDice
from tests.helpers import play


def drawn_end(make_app, catalogue, rules: str) -> tuple[list[str], Game]:
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.play import PlayScene

    app = make_app(3)
    game = Game.new(catalogue, "dual_strike", ("gideon", "bad_ladz"), RandomDice(3),
                    rules=rules)
    play(game, 3)
    assert game.is_over
    scene = PlayScene(app, game)
    app.push(scene)
    app.push(EndScene(app, scene))
    app.frame([])
    app.ctx.drawn = []
    app.scene.draw(app.screen)
    drawn, app.ctx.drawn = app.ctx.drawn, None
    return drawn, game


def test_the_skirmish_end_screen_counts_markers(make_app, catalogue):
    drawn, game = drawn_end(make_app, catalogue, "skirmish")
    words = game.config.mission.name
    one, two = game.state.vp[1], game.state.vp[2]
    assert any(t.startswith(f"{words}: {one} marker") and f"to {two} marker" in t
               for t in drawn), drawn
    assert drawn.count("Markers held at the end") == 2
    held = {o for e in game.events if isinstance(e, Scored) for o in e.objectives}
    assert held, "the test needs a marker held at the end"
    for obj in held:  # each by where it stands, never its id
        hex_ = game.objective_hex(obj)
        assert f"The objective on {hex_}" in drawn and obj not in drawn
    assert not [t for t in drawn if "VP" in t or "Targets of opportunity" in t
                or "Turning point" in t]


def test_the_fireteam_end_screen_keeps_its_vp(make_app, catalogue):
    drawn, _ = drawn_end(make_app, catalogue, "fireteam")
    assert "Victory points" in drawn and "Targets of opportunity completed" in drawn
    assert "Markers held at the end" not in drawn
