"""The skirmish rule set beside the Fireteam rules: the conversion of every shipped datacard
(computed from the fireteam files, by the rules of docs/rules-decisions.md,
"The skirmish rule set: conversions"), the rule set chosen by the config, every die in an
event, saves and undo, and long random games keeping the invariants."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.random_player import RandomPlayer
from game.content import load_catalogue
from game.engine import RuleSet
from game.engine.defs import Weapon
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.invariants import broken_invariants
from game.engine.rulesets import skirmish
from game.engine.rulesets.skirmish import Special
from game.engine.rulesets.skirmish import profile_of as skirmish_profile
from game.engine.rulesets.skirmish.profiles import (
    DEADLY_DAMAGE,
    convert_weapon,
    in_wounds,
    quality_of,
    tough_of,
)
from tests.helpers import examples, seeded_game, tiered

CATALOGUE = load_catalogue()


def test_every_shipped_datacard_converts_by_the_documented_rules() -> None:
    for card in CATALOGUE.datacards.values():
        profile = skirmish_profile(card)
        ranged = [w for w in card.weapons if w.range > 1]
        first = ranged[0] if ranged else card.weapons[0]
        assert profile.quality == min(6, max(2, first.hit)), card.id
        assert profile.defense == card.save, card.id
        # one wound of these rules is 2.5 damage of ours: Wounds / 2.5, half up
        assert profile.tough == max(1, int(card.wounds * 2 / 5 + 0.5)), card.id
        assert (profile.advance, profile.rush) == (card.move, 2 * card.move), card.id
        for weapon, converted in zip(card.weapons, profile.weapons, strict=True):
            assert converted.range == weapon.range
            assert converted.attacks == (weapon.attacks + 1) // 2
            # damage 4 and 5 are two wounds of 2.5
            assert converted.has(Special.DEADLY) == (weapon.normal >= 4)
            assert converted.has(Special.AP) == bool({"piercing", "melta"} & set(weapon.rules))
            assert converted.has(Special.LETHAL) == ("lethal" in weapon.rules)
            assert converted.has(Special.RENDING) == (
                "devastating" in weapon.rules and "lethal" not in weapon.rules)
            assert converted.rends_on == (5 if "lethal" in weapon.rules else 6 if
                                          "devastating" in weapon.rules else None)


def test_known_profiles() -> None:
    """A few profiles worked out by hand from the datacards, as the docs table reads."""
    intercessor = skirmish_profile(CATALOGUE.datacards["assault_intercessor"])
    assert (intercessor.quality, intercessor.defense, intercessor.tough) == (3, 4, 6)
    assert intercessor.stealth is None
    nob = skirmish_profile(CATALOGUE.datacards["gitkrusha"])
    assert (nob.quality, nob.defense, nob.tough) == (4, 5, 8)
    klaw = nob.weapon("power_klaw")
    assert klaw is not None and klaw.is_melee and klaw.specials == (Special.DEADLY,)
    rail = skirmish_profile(CATALOGUE.datacards["rail_rifle_pathfinder"]).weapon("rail_rifle")
    assert rail is not None
    assert set(rail.specials) == {Special.AP, Special.RENDING, Special.DEADLY, Special.HEAVY}
    # the harlequins: Tough 4 (10 wounds), the Troupe Master 5 (12); Holo-suit is Stealth
    # from 3 hexes; the lethal blade is Rending(5+), the kiss (damage 4) Deadly(2)
    player = skirmish_profile(CATALOGUE.datacards["harlequin_player"])
    assert (player.tough, player.stealth) == (4, 3)
    assert skirmish_profile(CATALOGUE.datacards["troupe_master"]).tough == 5
    blade = player.weapon("harlequins_blade")
    assert blade is not None and blade.specials == (Special.LETHAL,) and blade.rends_on == 5
    kiss = skirmish_profile(CATALOGUE.datacards["fusion_player"]).weapon("harlequins_kiss")
    assert kiss is not None and kiss.specials == (Special.RENDING, Special.DEADLY)
    # Stealth Field is Stealth from 4 hexes; the scarabs' damage reduction is not cover
    assert skirmish_profile(CATALOGUE.datacards["stealth_shasui"]).stealth == 4
    assert skirmish_profile(CATALOGUE.datacards["canoptek_scarab_swarm"]).stealth is None


@given(st.integers(1, 40))
def test_tough_rounds_half_up_and_is_never_zero(wounds: int) -> None:
    tough = tough_of(wounds)
    assert tough >= 1
    assert abs(tough * 5 - wounds * 2) <= 2.5 or tough == 1  # Wounds / 2.5, half up
    assert tough == in_wounds(wounds)


@given(st.integers(1, 12), st.integers(1, 12), st.integers(2, 6), st.integers(1, 8),
       st.lists(st.sampled_from(["piercing", "lethal", "heavy", "ignores_cover", "pistol"]),
                max_size=3))
def test_weapon_conversion_is_in_range(rng: int, attacks: int, hit: int, normal: int,
                                       rules: list[str]) -> None:
    converted = convert_weapon(Weapon("w", "W", 1, rng, attacks, hit, normal, normal + 1,
                                      tuple(rules)))
    assert 1 <= converted.attacks <= attacks
    assert converted.is_melee == (rng == 1)
    if converted.is_melee:
        assert not converted.has(Special.HEAVY) and not converted.has(Special.INDIRECT)


def test_quality_falls_back_to_the_first_weapon_without_a_ranged_one() -> None:
    swarm = CATALOGUE.datacards["canoptek_scarab_swarm"]
    assert quality_of(swarm) == swarm.weapons[0].hit


def test_the_config_names_the_rule_set_and_fireteam_stays_default() -> None:
    plain = Game.new(CATALOGUE, "dual_strike", ("gideon", "bad_ladz"))
    assert plain.config.rules == RuleSet.FIRETEAM and "rules" not in plain.config.spec
    game = Game.new(CATALOGUE, "dual_strike", ("gideon", "bad_ladz"), rules="skirmish")
    assert game.config.rules == skirmish.RULE_SET
    assert game.config.targets == {}
    assert sorted(game.config.objectives) == ["m1", "m2", "m3", "m4", "m5"]
    with pytest.raises(ValueError, match="'kill_team' pack: the One-page skirmish rules do not"):
        Game.new(CATALOGUE, "kt_forward_push", ("gideon", "bad_ladz"), rules="skirmish")
    with pytest.raises(ValueError, match="unknown rule set"):
        Game.new(CATALOGUE, "dual_strike", ("gideon", "bad_ladz"), rules="chess")


@pytest.mark.parametrize("seed", tiered(range(6), keep=1))  # seeds 1-5 in the slow tier
def test_every_die_is_in_an_event_and_saves_load_at_every_decision(seed: int) -> None:
    game = seeded_game(seed, mission="power_up", teams=("pathfinders", "gideon"),
                       rules="skirmish")
    assert game.is_over
    rolled = [int(r[1]) for r in game.record if r[0] == "d6"]
    assert [d for e in game.events for d in e.dice_rolled] == rolled
    steps = Counter()
    for n in range(0, len(game.log), 5):
        position = seeded_game(seed, mission="power_up", teams=("pathfinders", "gideon"),
                               rules="skirmish", steps=n)
        loaded = Game.from_dict(position.to_dict(), CATALOGUE)
        assert loaded.legal_actions() == position.legal_actions()
        assert broken_invariants(loaded) == []
        steps[str(position.state.step)] += 1
    assert steps["activate"] > 0


def test_an_order_commits_the_activation_no_undo() -> None:
    game = seeded_game(3, mission="dual_strike", teams=("gideon", "bad_ladz"),
                       rules="skirmish", steps=40)
    assert game.log and not game.can_undo


@settings(max_examples=examples(8), deadline=None)
@given(st.integers(0, 10_000))
def test_long_random_skirmish_games_keep_the_invariants(seed: int) -> None:
    teams = sorted(CATALOGUE.fireteams)
    game = Game.new(CATALOGUE, "dual_strike", (teams[seed % 7], teams[seed // 7 % 7]),
                    RandomDice(seed), rules="skirmish")
    players = {1: RandomPlayer(seed), 2: RandomPlayer(seed + 1)}
    for _ in range(3000):
        if game.is_over:
            break
        game.apply(players[game.to_act].choose(game))
        assert broken_invariants(game) == []
    assert game.is_over and game.winner in (0, 1, 2)


def test_one_wound_is_two_and_a_half_damage() -> None:
    """The one scale of the conversion: Tough and the wounds of a hit alike."""
    assert [in_wounds(d) for d in (1, 2, 3, 4, 5, 6, 7, 8)] == [1, 1, 1, 2, 2, 2, 3, 3]
    assert [tough_of(w) for w in (6, 7, 9, 10, 12, 14, 16, 20)] == [2, 3, 4, 4, 5, 6, 6, 8]
    assert DEADLY_DAMAGE == 4


def test_stealth_comes_only_from_an_own_cover_ability() -> None:
    from game.engine.defs import Ability, Effect
    from game.engine.rulesets.skirmish.profiles import stealth_of

    card = CATALOGUE.datacards["harlequin_player"]

    def with_effect(params: dict) -> object:
        ability = Ability("a", "A", "", (Effect("attack", params),))
        return dataclasses.replace(card, abilities=(ability,))

    ranged = {"role": "defender", "who": "self", "weapon": {"ranged": True},
              "mods": {"cover": True}}
    assert stealth_of(with_effect(ranged)) == 0  # always
    assert stealth_of(with_effect({**ranged, "if": [{"distance_at_least": 2}]})) == 2
    # not for a friend, not for an attacker, not for another condition, not melee only
    assert stealth_of(with_effect({**ranged, "who": "friendly"})) is None
    assert stealth_of(with_effect({**ranged, "role": "attacker"})) is None
    assert stealth_of(with_effect({**ranged, "if": [{"target_damaged": True}]})) is None
    assert stealth_of(with_effect({**ranged, "weapon": {"melee": True}})) is None
    assert stealth_of(with_effect({**ranged, "mods": {"reduce_damage": 1}})) is None
