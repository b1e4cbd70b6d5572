"""The skirmish odds preview: exact numbers, worked out by hand, for shots and charges
(Quality, Defense, cover, AP(1), Rending, Deadly(2), fatigue, Tough, the strike back)."""

from __future__ import annotations

from fractions import Fraction as F
from pathlib import Path

import pytest

from game.content import load_catalogue
from game.engine import IllegalActionError, parse_action
from game.engine.game import Game
from game.engine.rulesets.skirmish.odds import p_block, p_hit, p_through, weapon_wounds
from game.scenario.loader import load_scenario

CATALOGUE = load_catalogue()
SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "skirmish"


def position(name: str, before: int = 0) -> Game:
    """The game of a skirmish scenario file after its first ``before`` actions."""
    scenario = load_scenario(SCENARIOS / f"{name}.yaml", CATALOGUE)
    for _, action in scenario.actions[:before]:
        scenario.game.apply(action)
    return scenario.game


def test_one_die() -> None:
    assert p_hit(3) == (F(3, 6), F(1, 6))  # 3, 4, 5 ordinary; the 6
    assert p_hit(6) == (F(0), F(1, 6))
    assert p_hit(2, sixes_only=True) == (F(1, 6), F(0))
    assert p_block(4) == F(1, 2)
    assert p_block(4, -1) == F(1, 3)  # 5, 6
    assert p_block(2, -1) == F(4, 6)  # 3, 4, 5, 6: a 2 - 1 fails
    assert p_block(6, -1) == F(1, 6)  # a 6 always blocks
    assert p_block(2, 1) == F(5, 6)  # a 1 never does
    assert p_through(4, 4) == F(1, 4)
    assert p_hit(3, rends_on=5) == (F(2, 6), F(2, 6))  # 3, 4 ordinary; 5, 6 rend
    assert p_hit(6, rends_on=5) == (F(0), F(1, 6))  # a 5 that misses is no hit
    assert p_through(3, 5, rends_on=6) == F(1, 2) * F(2, 3) + F(1, 6)
    assert p_through(3, 5, rends_on=5) == F(1, 3) * F(2, 3) + F(1, 3)
    assert p_through(3, 5, rends_on=5, sixes_only=True) == F(1, 6) * F(2, 3)
    assert weapon_wounds(2, F(1, 4), 2) == {0: F(9, 16), 2: F(6, 16), 4: F(1, 16)}


def test_an_ap_shot() -> None:
    # a scion (Quality 3+) shoots the hot-shot lasgun (A2, AP(1)) at an intercessor
    # (Defense 4+, Tough 6): hits 4/6, blocks on 5-6: each die gets through 2/3 x 2/3 = 4/9
    game = position("piercing_is_ap_one", before=1)
    odds = game.odds_of(parse_action("1 shoot s hot_shot_lasgun i"))
    assert odds.wounds == {0: F(25, 81), 1: F(40, 81), 2: F(16, 81)}
    assert odds.expected == F(8, 9)
    assert odds.wounds_left == 6 and odds.p_destroyed == 0
    assert odds.reasons == ("AP(1)",)
    assert odds.own == {}


def test_a_shot_at_a_target_in_cover() -> None:
    # an intercessor (3+) with a heavy bolt pistol (A2) at a boy in cover (Defense 5+ +1):
    # each die 4/6 to hit x 1/2 not blocked = 1/3
    game = position("cover_adds_one_to_defense", before=1)
    odds = game.odds_of(parse_action("1 shoot i heavy_bolt_pistol b"))
    assert odds.wounds == {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}
    assert odds.reasons == ("in cover: +1 to Defense",)
    assert odds.parts[0].modifier == 1


def test_a_rending_charge_and_the_strike_back() -> None:
    # a harlequin (3+, blade A2 Rending(5+)) charges a boy (5+, Tough 6): 3-4 hit and are
    # rolled for (2/6 x 2/3), 5-6 rend (2/6): 5/9 a die; the boy (never destroyed by 2
    # wounds) strikes back with its choppa (4+, A2) against Defense 4+: 1/4 a die
    game = position("lethal_is_rending_on_five")
    odds = game.odds_of(parse_action("1 charge h b E6"))
    assert odds.parts[0].through == F(5, 9) and odds.parts[0].rends_on == 5
    assert odds.wounds == {0: F(16, 81), 1: F(40, 81), 2: F(25, 81)}
    assert odds.p_destroyed == 0
    assert odds.own == {0: F(9, 16), 1: F(6, 16), 2: F(1, 16)}
    assert odds.own_wounds_left == 4 and odds.p_own_destroyed == 0
    assert "Rending(5+)" in odds.reasons


def test_a_deadly_rending_kiss() -> None:
    # the kiss (3+, A2, Rending on 6, Deadly(2)) at the boy (5+): 1/2 x 2/3 + 1/6 = 1/2 a
    # die, two wounds each
    game = position("rending_six_cannot_be_blocked")
    odds = game.odds_of(parse_action("1 charge h b E6"))
    assert odds.wounds == {0: F(1, 4), 2: F(1, 2), 4: F(1, 4)}
    assert odds.reasons == ("Rending", "Deadly(2)")


def test_a_fatigued_charger_hits_on_sixes_without_rending() -> None:
    game = position("fatigued_hits_only_on_sixes")
    odds = game.odds_of(parse_action("1 charge h b E6"))
    through = F(1, 6) * F(2, 3)  # a 6, then the boy's Defense 5+ fails 2/3
    assert odds.parts[0].through == through and odds.parts[0].rends_on is None
    assert odds.wounds[2] == through ** 2
    assert "fatigued: hits on 6s only" in odds.reasons
    assert "Rending" not in odds.reasons and "Rending(5+)" not in odds.reasons


def test_a_deadly_blow_destroys_and_the_strike_back_needs_a_survivor() -> None:
    # the gitkrusha's klaw (4+, A2, Deadly(2)) against a scion (4+, 2 of its Tough 4
    # left): each die through 1/4 and any one destroys; the scion strikes back (3+, A2
    # against 5+: 4/9 a die) only when it survives, 9/16
    game = position("deadly_blow_destroys_and_no_strike_back")
    odds = game.odds_of(parse_action("1 charge g s E6"))
    assert odds.wounds == {0: F(9, 16), 2: F(7, 16)}
    assert odds.p_destroyed == F(7, 16)
    assert odds.own == {0: F(7, 16) + F(9, 16) * F(25, 81), 1: F(9, 16) * F(40, 81),
                        2: F(9, 16) * F(16, 81)}
    assert odds.expected_own == F(1, 2)
    assert odds.own_wounds_left == 8 and odds.p_own_destroyed == 0  # Tough 8


def test_odds_need_a_legal_shot_or_charge_and_a_view_gives_the_same() -> None:
    game = position("piercing_is_ap_one", before=1)
    with pytest.raises(IllegalActionError, match="shoot"):
        game.odds_of(parse_action("1 shoot s gun_butt i"))
    with pytest.raises(IllegalActionError, match="has no odds"):
        game.odds_of(parse_action("1 holdfire"))
    action = parse_action("1 shoot s hot_shot_lasgun i")
    copy = Game.from_view(game.view(1), game.dice)
    assert copy.odds_of(action) == game.odds_of(action)
