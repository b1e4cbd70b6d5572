"""The small types that replace bare strings and numbers: players, flags, re-rolls, roll
records, the campaign switch."""

from __future__ import annotations

import json

import pytest

from game.engine.config import build_config
from game.engine.defs import Duration, Reroll, WargearTiming
from game.engine.dice import D6Roll, Draw, ReplayDice, roll_record
from game.engine.effects import KIND_WORDS, ReasonKind, SourceKind
from game.engine.state import OperativeFlag, Player, opponent
from game.engine.vocabulary import EFFECT_KINDS, REROLL_VALUES, WARGEAR_DURATIONS, EffectKind
from tests.helpers import seeded_game, shipped_catalogue


def test_each_player_has_the_other_as_opponent() -> None:
    assert Player.ONE.opponent is Player.TWO and Player.TWO.opponent is Player.ONE
    assert opponent(1) == 2 and opponent(2) == 1
    assert type(opponent(1)) is int  # stored as a plain number
    for bad in (0, 3, -1):
        with pytest.raises(KeyError):
            opponent(bad)


def test_the_words_of_content_are_the_enums() -> None:
    assert REROLL_VALUES == ("ones", "failed") == tuple(Reroll)
    assert EFFECT_KINDS == tuple(EffectKind)
    assert WARGEAR_DURATIONS == tuple(Duration)
    assert set(KIND_WORDS) == set(SourceKind) and set(KIND_WORDS.values()) < set(ReasonKind)
    assert {w.timing for w in shipped_catalogue().wargear.values()} == set(WargearTiming)
    assert all(isinstance(w.duration, Duration) for w in shipped_catalogue().wargear.values())


def test_operative_flags_are_stored_as_their_words() -> None:
    assert OperativeFlag.MARKED == "marked"
    assert OperativeFlag.REANIMATION_USED == "reanimation_used"


def test_the_record_is_typed_and_saved_as_lists() -> None:
    game = seeded_game(3, steps=30)
    assert game.record and all(isinstance(r, D6Roll | Draw) for r in game.record)
    saved = json.loads(json.dumps([list(r) for r in game.record]))
    assert [roll_record(r) for r in saved] == game.record
    dice = ReplayDice(saved)
    first = game.record[0]
    if isinstance(first, Draw):
        assert dice.below(first.bound) == first.value
    else:
        assert dice.d6() == first.value


@pytest.mark.parametrize("bad", [["d6"], ["below", 6], ["d8", 3], []])
def test_a_malformed_record_entry_is_refused(bad: list[object]) -> None:
    with pytest.raises(ValueError, match="not a record"):
        roll_record(bad)  # type: ignore[arg-type]


def test_the_campaign_switch_is_typed() -> None:
    spec = {"mission": "dual_strike", "fireteams": {1: "gideon", 2: "deathless_destroyers"}}
    assert build_config(shipped_catalogue(), spec).campaign is False
    assert build_config(shipped_catalogue(), {**spec, "campaign": True}).campaign is True
