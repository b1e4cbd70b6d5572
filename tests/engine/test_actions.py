"""Action notation: every action's text parses back to an equal action."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.actions import (
    Activate,
    Attack,
    Cancel,
    Deploy,
    Disengage,
    Keep,
    MissionAction,
    Move,
    Mulligan,
    NotationError,
    PlayPloy,
    Reveal,
    Wait,
    parse_action,
)

ids = st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True).filter(
    lambda s: s not in ("none", "overcharge"))
hexes = st.builds(lambda c, r: f"{c}{r}", st.sampled_from("ABCDEFGHIJKLMNO"),
                  st.integers(1, 11))
players = st.sampled_from([1, 2])
actions = st.one_of(
    st.builds(Mulligan, players, st.lists(ids, min_size=1, max_size=3).map(tuple)),
    st.builds(Keep, players),
    st.builds(Deploy, players, ids, hexes),
    st.builds(Reveal, players, st.one_of(st.none(), ids)),
    st.builds(PlayPloy, players, ids, st.lists(ids, max_size=2).map(tuple)),
    st.builds(Activate, players, ids),
    st.builds(Cancel, players),
    st.builds(Move, players, ids, st.lists(hexes, min_size=1, max_size=4).map(tuple)),
    st.builds(Attack, players, ids, ids, ids, st.booleans()),
    st.builds(Disengage, players, ids, hexes),
    st.builds(Wait, players),
    st.builds(MissionAction, players, ids, ids, st.lists(ids, max_size=2).map(tuple)),
)


@given(actions)
def test_notation_round_trips(action: object) -> None:
    assert parse_action(str(action)) == action
    assert eval(repr(action)) == action  # the repr can be pasted back


@pytest.mark.parametrize("text", ["", "1", "3 wait", "1 fly a B2", "1 move a",
                                  "1 attack a gun", "1 deploy a", "x keep"])
def test_bad_notation_says_what_is_wrong(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_examples_from_the_scenario_format() -> None:
    assert parse_action("1 move a D3 D4") == Move(1, "a", ("D3", "D4"))
    assert parse_action("1 attack a plasma b overcharge") == Attack(1, "a", "plasma", "b", True)
    assert parse_action("1 reveal none") == Reveal(1, None)
    assert parse_action("2 action power_up a obj1") == MissionAction(2, "power_up", "a",
                                                                      ("obj1",))
