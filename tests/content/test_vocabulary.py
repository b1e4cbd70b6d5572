"""The effects vocabulary agrees with the definitions and the engine."""

from __future__ import annotations

from game.engine import defs, vocabulary


def test_weapon_rules_are_the_rulebook_ones() -> None:
    assert vocabulary.WEAPON_RULES == defs.WEAPON_RULES


def test_known_python_effects_are_registered_in_the_engine() -> None:
    from game.engine import effects

    assert set(vocabulary.KNOWN_PYTHON_EFFECTS) <= set(effects.PYTHON_EFFECTS)


def test_every_effect_kind_has_a_schema() -> None:
    assert set(vocabulary.EFFECT_SCHEMAS) == set(vocabulary.EFFECT_KINDS)


def test_attack_conditions_are_conditions() -> None:
    assert set(vocabulary.ATTACK_CONDITIONS) <= set(vocabulary.CONDITIONS)
    assert not set(vocabulary.ATTACK_CONDITIONS) & set(vocabulary.OPERATIVE_CONDITIONS)


def test_helpers_name_conditions_and_outcomes() -> None:
    assert vocabulary.condition_name({"in_cover": True}) == "in_cover"
    assert vocabulary.outcome_name({"score": 1, "per": "objective"}) == "score"
    assert vocabulary.outcome_name({"per": "objective"}) is None
