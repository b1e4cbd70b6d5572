"""The turning point's summary tells two scores of one mission rule apart."""

from __future__ import annotations

from game.engine.events import Scored, TurningPointStarted
from game.ui.turn_summary import summarise


def test_two_scores_of_one_rule_read_differently() -> None:
    events = [TurningPointStarted(1),
              Scored(2, 1, 1, "mission rule", "Power Up", ("obj4",), "1 per objective held"),
              Scored(2, 1, 1, "mission rule", "Power Up", ("obj4",),
                     "1 per powered objective held")]
    summary = summarise(events, 1)
    assert summary.scored[2] == ["1 VP: Power Up, 1 per objective held (obj4)",
                                 "1 VP: Power Up, 1 per powered objective held (obj4)"]
    assert summary.vp[2] == 2


def test_a_flat_award_names_its_source() -> None:
    events = [TurningPointStarted(2), Scored(1, 3, 2, "ploy", "Big Push")]
    assert summarise(events, 2).scored[1] == ["3 VP: Big Push, ploy"]
