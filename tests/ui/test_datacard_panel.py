"""The Fireteam datacard panel on the play screen: an ability that does not fit is not left
out in silence; the last line that fits says how many more there are and where they are
("+N more: Library [F3]"), and nothing drawn spills over the panel's edge."""

from __future__ import annotations

import pytest

from game.engine.dice import RandomDice
from game.engine.game import Game
from game.ui.scenes.play_panels import MORE
from tests.ui.helpers import panel_drawn


def panel_records(make_app, catalogue, size, op_id, height=None):  # type: ignore[no-untyped-def]
    records, game = panel_drawn(make_app, catalogue, size, op_id,
                                ("pathfinders", "kappic_eagles"), height=height)
    return [r.text for r in records], game


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
