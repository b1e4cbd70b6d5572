"""The Fireteam datacard panel on the play screen: an ability that does not fit is not left
out in silence; the last line that fits says how many more there are and where they are
("+N more: Library [F3]"), and nothing drawn spills over the panel's edge."""

from __future__ import annotations

import pytest

from game.engine import Step
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.ui.scenes.play_panels import MORE
from game.uitest.driver import Driver
from tests.helpers import play


def panel_records(make_app, catalogue, size, op_id, height=None):  # type: ignore[no-untyped-def]
    from game.ui.scenes.play import PlayScene

    app = make_app(3, size)
    game = Game.new(catalogue, "dual_strike", ("pathfinders", "kappic_eagles"), RandomDice(3))
    play(game, 3, until=lambda g: g.state.step == Step.ACTIVATE)
    scene = PlayScene(app, game)
    app.push(scene)
    Driver(app).settle()
    scene.selected = op_id
    scene.rebuild()
    if height is not None:  # a panel squeezed to this height, as a small window leaves it
        scene.panels.op_rect.height = height
    app.ctx.record = []
    scene.draw(app.screen)
    records, app.ctx.record = app.ctx.record, None
    rect = scene.panels.op_rect
    touching = [r for r in records if rect.colliderect(r.rect)]
    if height is None:  # (a squeezed panel lies over the next one: only its text counts)
        assert not [r.text for r in touching if not rect.contains(r.rect)], "spilled"
    return [r.text for r in touching], game


def pathfinder(game: Game) -> str:
    return next(o.id for o in game.state.operatives.values() if o.card == "pathfinder")


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_every_ability_or_a_pointer_to_it_is_shown(make_app, catalogue, size):
    probe = Game.new(catalogue, "dual_strike", ("pathfinders", "kappic_eagles"), RandomDice(3))
    op_id = pathfinder(probe)
    card = probe.config.datacards["pathfinder"]
    assert len(card.abilities) >= 2
    texts, _ = panel_records(make_app, catalogue, size, op_id)
    shown = [a for a in card.abilities if any(t.startswith(a.name) for t in texts)]
    pointers = [t for t in texts if t.endswith(MORE)]
    assert len(shown) == len(card.abilities) or pointers
    if pointers:
        assert pointers[0].startswith(f"+{len(card.abilities) - len(shown)} ")


def test_a_card_that_fits_has_no_pointer(make_app, catalogue):
    probe = Game.new(catalogue, "dual_strike", ("pathfinders", "kappic_eagles"), RandomDice(3))
    short = min((o for o in probe.state.operatives.values() if o.player == 1),
                key=lambda o: len(probe.config.datacards[o.card].weapons)
                + len(probe.config.datacards[o.card].abilities))
    card = probe.config.datacards[short.card]
    assert card.abilities
    texts, _ = panel_records(make_app, catalogue, (1280, 800), short.id)
    assert not [t for t in texts if t.endswith(MORE)]
    assert all(any(t.startswith(a.name) for t in texts) for a in card.abilities)


def test_with_no_line_left_under_the_weapons_the_pointer_goes_beside_the_title(
        make_app, catalogue):
    probe = Game.new(catalogue, "dual_strike", ("pathfinders", "kappic_eagles"), RandomDice(3))
    texts, _ = panel_records(make_app, catalogue, (1280, 800), pathfinder(probe), height=80)
    assert MORE in texts  # on its own, beside the title
    assert not any(t.startswith("Target Uploaded") for t in texts)
