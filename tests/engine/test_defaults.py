"""The engine's defaults and contracts that no rule exercises on its own: what an objective
without a side belongs to, how operatives are named when the fireteams differ or match, the
hook defaults a rule written in Python inherits, the redacted form of every event, the shape
of a hexagon's corners and the length check of a saved tuple. Each test pins one thing whose
change would otherwise go unnoticed (issue 41's surviving mutants)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from game.engine import effects, hexgrid
from game.engine.errors import SaveError
from game.engine.events import EVENT_TYPES, Event
from game.engine.game import Game
from game.engine.rulesets.fireteam.attacking import _survival
from game.engine.save_check import check_type
from game.engine.state import OperativeState
from tests.engine.positions import CATALOGUE, finished_game


def test_an_objective_the_mission_gives_no_side_belongs_to_neither_player() -> None:
    sided = Game.new(CATALOGUE, "cache_raid", ("gideon", "deathless_destroyers"))
    assert [sided.config.objective_side(o) for o in ("obj1", "obj3")] == [1, 2]
    assert sided.config.objective_side("elsewhere") == 0
    unsided = Game.new(CATALOGUE, "dual_strike", ("gideon", "deathless_destroyers"))
    assert unsided.config.objective_side("obj1") == 0


def test_operatives_are_named_by_their_card_unless_both_play_the_same_fireteam() -> None:
    game = Game.new(CATALOGUE, "dual_strike", ("gideon", "deathless_destroyers"))
    assert not [op for op in game.state.operatives if op.startswith(("p1_", "p2_"))]
    mirror = Game.new(CATALOGUE, "dual_strike", ("gideon", "gideon"))
    ids = list(mirror.state.operatives)
    assert ids and all(op.startswith(f"p{mirror.state.operatives[op].player}_") for op in ids)


class _OnlyTheSave(effects.PythonEffect):
    """A rule in Python that keeps an operative but leaves the odds hook at its default."""

    def would_be_taken_down(self, game: Game, op: OperativeState) -> bool:
        return False


def test_a_python_rule_without_odds_adds_no_chance_of_surviving(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(CATALOGUE, "dual_strike", ("gideon", "deathless_destroyers"))
    op = next(o for o in game.state.operatives.values()
              if list(effects.python_effects_for(game, o)))
    monkeypatch.setitem(effects.PYTHON_EFFECTS, "reanimation_protocols", _OnlyTheSave)
    assert _survival(game, op) == Fraction(0)


def test_the_redacted_form_of_every_event_is_an_event_of_its_kind() -> None:
    seen: set[str] = set()
    for seed in range(4):
        for event in finished_game(seed).events:
            hidden = event.redacted()
            assert isinstance(hidden, Event) and type(hidden) is type(event)
            if event.seen_by(None):  # nothing secret: the redacted form is the event itself
                assert hidden == event and event.for_viewer(None) == event
            seen.add(type(event).__name__)
    assert len(seen) >= 15 and set(seen) <= set(EVENT_TYPES)


def test_a_hexagons_corners_are_where_two_of_its_edges_meet() -> None:
    corners = hexgrid.CORNER_OFFSETS
    assert len(set(corners)) == 6
    for x, y in corners:
        slack = [k - (nx * x + ny * y) for nx, ny, k in hexgrid._HALF_PLANES]
        assert min(slack) == 0 and slack.count(0) == 2, (x, y)
    # neighbouring corners share an edge: one boundary line holds both
    for (ax, ay), (bx, by) in zip(corners, corners[1:] + corners[:1], strict=True):
        assert any(nx * ax + ny * ay == k == nx * bx + ny * by
                   for nx, ny, k in hexgrid._HALF_PLANES)


def test_a_saved_tuple_of_fixed_length_must_have_that_length() -> None:
    check_type((1, 2), tuple[int, int], "here")
    with pytest.raises(SaveError, match="here: expected 2 entries, not 1"):
        check_type((1,), tuple[int, int], "here")
    with pytest.raises(SaveError, match="here: expected 2 entries, not 3"):
        check_type((1, 2, 3), tuple[int, int], "here")
