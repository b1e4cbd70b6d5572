"""The skirmish datacard panel on the play screen: what does not fit is not cut off in
silence; "more: Library [F3]" says where the rest of the card is, and what is shown is
shown whole (no line clipped)."""

from __future__ import annotations

import pytest

from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.rulesets.skirmish import profile_of as skirmish_profile
from game.ui.rulesets.skirmish.screen import profile_lines
from game.ui.scenes.play_panels import MORE
from tests.ui.helpers import panel_drawn


def panel_text(make_app, catalogue, size, op_id) -> tuple[list, object]:
    return panel_drawn(make_app, catalogue, size, op_id, ("flickering_blade", "kappic_eagles"),
                       rules="skirmish")


@pytest.mark.parametrize("size", [(1024, 700), (1280, 800)])
def test_a_card_too_long_for_the_panel_says_where_the_rest_is(make_app, catalogue, size):
    inside, game = panel_text(make_app, catalogue, size, "troupe_master")
    texts = [r.text for r in inside]
    card = game.config.datacards[game.state.operatives["troupe_master"].card]
    lines = profile_lines(skirmish_profile(card))
    assert MORE in texts
    # the head is there, whole; nothing drawn in the panel is cut
    assert any(t.startswith("Quality 3+") for t in texts)
    assert not [r.text for r in inside if r.cut_in_word or not r.box.contains(r.rect)]
    # the last of the card's lines (a rule's explanation) is the one left out
    assert not any(lines[-1].startswith(t) for t in texts if len(t) > 12)


def test_a_short_card_has_no_pointer(make_app, catalogue):
    game = Game.new(catalogue, "dual_strike", ("flickering_blade", "kappic_eagles"),
                    RandomDice(3), rules="skirmish")
    short = min(game.state.operatives, key=lambda o: len(profile_lines(skirmish_profile(
        game.config.datacards[game.state.operatives[o].card]))))
    inside, _ = panel_text(make_app, catalogue, (1280, 800), short)
    texts = [r.text for r in inside]
    assert MORE not in texts and any(t.startswith("Quality") for t in texts)
