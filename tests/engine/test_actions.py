"""Action notation: every action's text parses back to an equal action."""

from __future__ import annotations

from typing import ClassVar, Self

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.actions import (
    VERBS,
    Action,
    Activate,
    AgreeResult,
    Attack,
    Cancel,
    Concede,
    Deploy,
    Disengage,
    Keep,
    MissionAction,
    Move,
    Mulligan,
    NotationError,
    PlayPloy,
    Reveal,
    Use,
    Wait,
    parse_action,
)
from game.engine.rulesets.skirmish.actions import (
    Advance,
    Charge,
    Consolidate,
    Hold,
    HoldFire,
    Push,
    Rush,
    Shoot,
    StrikeBack,
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
    st.builds(Use, players, ids, ids),
    st.builds(Concede, players),
    st.builds(AgreeResult, players, st.sampled_from([0, 1, 2])),
    # the skirmish rule set's decisions
    st.builds(Hold, players, ids),
    st.builds(Advance, players, ids, st.lists(hexes, min_size=1, max_size=4).map(tuple)),
    st.builds(Rush, players, ids, st.lists(hexes, min_size=1, max_size=4).map(tuple)),
    st.builds(Charge, players, ids, ids, st.lists(hexes, max_size=4).map(tuple)),
    st.builds(Shoot, players, ids, ids, ids),
    st.builds(HoldFire, players),
    st.builds(StrikeBack, players, st.booleans()),
    st.builds(Consolidate, players, ids, hexes),
    st.builds(Push, players, ids, hexes),
    st.builds(Push, players, st.none()),
)


def _subclasses(cls: type) -> set[type]:
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= _subclasses(sub)
    return found


def test_every_action_class_owns_a_verb_and_is_registered_by_it() -> None:
    classes = {c for c in _subclasses(Action) if c.__module__.startswith("game.")}
    assert len(classes) >= 15
    assert {VERBS[cls.verb] for cls in classes} == classes
    assert {c for c in VERBS.values() if c.__module__.startswith("game.")} == classes


def test_a_new_action_class_is_registered_and_parsed_by_its_own_verb() -> None:
    class Shout(Action):
        verb: ClassVar[str] = "shout_for_test"
        word: str

        def notation(self) -> str:
            return f"{self.verb} {self.word}"

        @classmethod
        def parse(cls, player: int, rest: list[str]) -> Self:
            return cls(player, rest[0])

    try:
        assert parse_action("2 shout_for_test waaagh") == Shout(2, "waaagh")
        assert str(Shout(1, "x")) == "1 shout_for_test x"
    finally:
        del VERBS["shout_for_test"]


def test_an_action_declared_by_its_words_alone_prints_parses_and_names_its_form() -> None:
    from game.engine.actions import HEX, OPERATIVE, Flag, Words

    class Throw(Action, verb="throw_for_test",
                words=(OPERATIVE, Words("GRENADE"), HEX, Flag("high"))):
        operative: str
        grenade: str
        hex: str
        high: bool = False

    try:
        assert parse_action("1 throw_for_test a frag c4 high") == Throw(1, "a", "frag", "C4", True)
        assert str(Throw(2, "b", "krak", "D5")) == "2 throw_for_test b krak D5"
        with pytest.raises(NotationError, match=r"expected 'throw_for_test OPERATIVE GRENADE "
                                                r"HEX \[high\]'"):
            parse_action("1 throw_for_test a frag")
    finally:
        del VERBS[Throw.verb]


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
