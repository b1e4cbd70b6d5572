"""Dice sources: seeded, scripted (loud when empty), replayable and saveable."""

from __future__ import annotations

import pytest

from game.engine.dice import (
    DiceExhaustedError,
    RandomDice,
    ReplayDice,
    ScriptedDice,
    dice_from_dict,
)


def test_same_seed_same_rolls() -> None:
    a, b = RandomDice(42), RandomDice(42)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]
    assert {RandomDice(1).d6() for _ in range(1)} <= set(range(1, 7))


def test_rolls_are_fair_enough_and_in_range() -> None:
    dice = RandomDice(3)
    counts = [0] * 7
    for _ in range(6000):
        counts[dice.d6()] += 1
    assert counts[0] == 0 and all(800 < c < 1200 for c in counts[1:])


def test_scripted_dice_run_out_loudly() -> None:
    dice = ScriptedDice([3, 6])
    assert (dice.d6(), dice.d6()) == (3, 6)
    with pytest.raises(DiceExhaustedError):
        dice.d6()


def test_scripted_dice_reject_impossible_values() -> None:
    with pytest.raises(ValueError):
        ScriptedDice([7])


def test_saved_dice_continue_identically() -> None:
    for dice in (RandomDice(9), ScriptedDice([1, 2, 3, 4], seed=5)):
        dice.d6()
        dice.below(10)
        copy = dice_from_dict(dice.to_dict())
        assert [dice.d6(), dice.below(12)] == [copy.d6(), copy.below(12)]


def test_replay_dice_return_the_record() -> None:
    dice = ReplayDice([["d6", 4], ["below", 12, 7]])
    assert dice.d6() == 4 and dice.below(12) == 7
    with pytest.raises(DiceExhaustedError):
        dice.d6()
