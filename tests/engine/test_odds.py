"""The exact attack odds, against hand-computed cases and against brute force."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from game.engine.attack import AttackProfile, finish, roll_defence, roll_hits
from game.engine.dice import RandomDice
from game.engine.odds import damage_distribution


def test_one_die_against_no_defence() -> None:
    odds = damage_distribution(AttackProfile(1, 4, 2, 3, 0, 4))
    # 1-3 miss, 4-5 hit for 2, 6 crit for 3
    assert odds.damage == {0: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)}


def test_cover_retains_a_block() -> None:
    # two dice hitting on 5 (crit on 6); Defence 1 in cover: no die rolled, one block kept.
    odds = damage_distribution(AttackProfile(2, 5, 2, 4, 1, 6, cover=True))
    # the kept block cancels a normal hit first, and a lone crit when there is no normal hit
    assert odds.damage == {0: Fraction(8, 9), 2: Fraction(1, 36), 4: Fraction(1, 12)}


def exact_by_enumeration(profile: AttackProfile) -> dict[int, Fraction]:
    """Walk every combination of dice faces (slow; small profiles only): every way the hit
    dice and their re-rolls can fall, then, for each different set of hit dice, every way
    the defence dice and theirs can fall (the same sum as over every face of both at once,
    without rolling the same defence again for each equal set of hit dice)."""
    n_hit = profile.attacks
    n_def = profile.defence_dice
    hit_sets: dict[tuple, int] = {}
    for faces in itertools.product(range(1, 7), repeat=2 * n_hit):
        hit_dice = roll_hits(profile, iter(faces).__next__)
        hit_sets[hit_dice] = hit_sets.get(hit_dice, 0) + 1
    result: dict[int, Fraction] = {}
    for hit_dice, ways in hit_sets.items():
        weight = Fraction(ways, 6 ** (2 * n_hit))
        hits = finish(hit_dice, [], profile)
        if not hits.hits + hits.crits:
            result[hits.damage] = result.get(hits.damage, Fraction(0)) + weight
            continue
        for faces in itertools.product(range(1, 7), repeat=2 * n_def):
            defence = roll_defence(profile, iter(faces).__next__)
            dmg = finish(hit_dice, defence, profile).damage
            result[dmg] = result.get(dmg, Fraction(0)) + weight / 6 ** (2 * n_def)
    return {d: p for d, p in sorted(result.items())}


@pytest.mark.parametrize("profile", [
    AttackProfile(2, 3, 3, 5, 1, 4, reroll_hits="ones"),
    AttackProfile(1, 4, 2, 4, 2, 5, cover=True, reroll_defence="failed"),
    AttackProfile(2, 5, 1, 2, 1, 3, crit_on=5, reduce_damage=1),
])
def test_matches_full_enumeration_with_rerolls(profile: AttackProfile) -> None:
    assert damage_distribution(profile).damage == exact_by_enumeration(profile)


def test_matches_sampling() -> None:
    profile = AttackProfile(4, 3, 3, 5, 3, 4)
    odds = damage_distribution(profile)
    dice = RandomDice(11)
    samples = 20000
    counts: dict[int, int] = {}
    for _ in range(samples):
        hit_dice = roll_hits(profile, dice.d6)
        first = finish(hit_dice, [], profile)
        defence = roll_defence(profile, dice.d6) if first.hits + first.crits else []
        dmg = finish(hit_dice, defence, profile).damage
        counts[dmg] = counts.get(dmg, 0) + 1
    for dmg, p in odds.damage.items():
        assert abs(counts.get(dmg, 0) / samples - float(p)) < 0.015
    assert set(counts) <= set(odds.damage)


def test_probabilities_sum_to_one() -> None:
    odds = damage_distribution(AttackProfile(5, 3, 3, 5, 3, 4, cover=True))
    assert sum(odds.damage.values()) == 1


def test_cli_prints_json() -> None:
    out = subprocess.run([sys.executable, "-m", "game.cli.odds", "4", "3+", "3/5", "3", "4+",
                          "--cover", "--wounds-left", "6"], capture_output=True, text=True,
                         check=True)
    data = json.loads(out.stdout)
    assert abs(sum(data["damage"].values()) - 1) < 1e-9
    assert 0 < data["p_take_down"] < 1 and data["expected_damage"] > 0


def test_cli_rejects_bad_profile() -> None:
    from game.cli.odds import main

    err = io.StringIO()
    with contextlib.redirect_stderr(err), pytest.raises(SystemExit) as exit_:
        main(["4", "9+", "3/5", "3", "4+"])
    assert exit_.value.code == 2 and "2+ to 6+" in err.getvalue()
