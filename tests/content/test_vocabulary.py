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


def test_condition_and_outcome_words_are_declared_once_with_their_meaning() -> None:
    # the vocabulary's registries are filled by the declarations in effects.py
    from game.engine import effects

    assert list(vocabulary.CONDITIONS) == list(effects._CONDITION_WORDS)
    assert set(vocabulary.ATTACK_CONDITIONS) == {
        name for name, word in effects._CONDITION_WORDS.items() if word.attack}
    assert list(vocabulary.OUTCOMES) == list(effects._OUTCOME_WORDS)
    for name, spec in vocabulary.OUTCOMES.items():
        assert spec.required == (name,) and next(iter(spec.keys)) == name


def test_a_word_cannot_be_declared_twice() -> None:
    import pytest

    from game.engine import effects

    with pytest.raises(AssertionError, match="declared twice"):
        effects.condition("in_cover", vocabulary.BoolSpec())(lambda *_: True)
    with pytest.raises(AssertionError, match="declared twice"):
        effects.outcome("heal", vocabulary.IntSpec(1))(lambda *_: None)


def test_the_vocabulary_is_whole_for_a_reader_that_imports_only_it() -> None:
    import subprocess
    import sys
    from pathlib import Path

    code = ("from game.engine import vocabulary as V; "
            "print(len(V.OPERATIVE_CONDITIONS), len(V.ATTACK_CONDITIONS), len(V.OUTCOMES))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=Path(__file__).resolve().parents[2]).stdout.split()
    assert out == [str(len(vocabulary.OPERATIVE_CONDITIONS)),
                   str(len(vocabulary.ATTACK_CONDITIONS)), str(len(vocabulary.OUTCOMES))]
    assert int(out[0]) >= 15 and int(out[2]) >= 9


def test_every_condition_and_outcome_word_is_in_the_content_format_reference() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "content-format.md").read_text()
    missing = [word for word in (*vocabulary.CONDITIONS, *vocabulary.OUTCOMES)
               if f"`{word}" not in text and f"{word}:" not in text]
    assert not missing, f"words the card reference leaves out: {missing}"
