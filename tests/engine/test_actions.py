"""Action notation: every action's text parses back to an equal action."""

from __future__ import annotations

from typing import ClassVar, Self

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine import actions as act
from game.engine.actions import VERBS, Action, NotationError, parse_action
from game.engine.rulesets.skirmish import actions as sk
from tests.helpers import subclasses

ids = st.from_regex(r"[a-z][a-z0-9_]{0,10}", fullmatch=True).filter(
    lambda s: s not in ("none", "overcharge"))
hexes = st.builds(lambda c, r: f"{c}{r}", st.sampled_from("ABCDEFGHIJKLMNO"),
                  st.integers(1, 11))
players = st.sampled_from([1, 2])
actions = st.one_of(
    st.builds(act.Mulligan, players, st.lists(ids, min_size=1, max_size=3).map(tuple)),
    st.builds(act.Keep, players),
    st.builds(act.Deploy, players, ids, hexes),
    st.builds(act.Reveal, players, st.one_of(st.none(), ids)),
    st.builds(act.PlayPloy, players, ids, st.lists(ids, max_size=2).map(tuple)),
    st.builds(act.Activate, players, ids),
    st.builds(act.Cancel, players),
    st.builds(act.Move, players, ids, st.lists(hexes, min_size=1, max_size=4).map(tuple)),
    st.builds(act.Attack, players, ids, ids, ids, st.booleans()),
    st.builds(act.Disengage, players, ids, hexes),
    st.builds(act.Wait, players),
    st.builds(act.MissionAction, players, ids, ids, st.lists(ids, max_size=2).map(tuple)),
    st.builds(act.Use, players, ids, ids),
    st.builds(act.Concede, players),
    st.builds(act.AgreeResult, players, st.sampled_from([0, 1, 2])),
    # the skirmish rule set's decisions
    st.builds(sk.Hold, players, ids),
    st.builds(sk.Advance, players, ids, st.lists(hexes, min_size=1, max_size=4).map(tuple)),
    st.builds(sk.Rush, players, ids, st.lists(hexes, min_size=1, max_size=4).map(tuple)),
    st.builds(sk.Charge, players, ids, ids, st.lists(hexes, max_size=4).map(tuple)),
    st.builds(sk.Shoot, players, ids, ids, ids),
    st.builds(sk.HoldFire, players),
    st.builds(sk.StrikeBack, players, st.booleans()),
    st.builds(sk.Consolidate, players, ids, hexes),
    st.builds(sk.Push, players, ids, hexes),
    st.builds(sk.Push, players, st.none()),
)


def test_every_action_class_owns_a_verb_and_is_registered_by_it() -> None:
    classes = {c for c in subclasses(Action) if c.__module__.startswith("game.")}
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
    assert parse_action("1 move a D3 D4") == act.Move(1, "a", ("D3", "D4"))
    assert parse_action("1 attack a plasma b overcharge") == act.Attack(1, "a", "plasma", "b", True)
    assert parse_action("1 reveal none") == act.Reveal(1, None)
    assert parse_action("2 action power_up a obj1") == act.MissionAction(
        2, "power_up", "a", ("obj1",))
