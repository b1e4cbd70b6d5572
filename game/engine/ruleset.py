"""The rule sets a game can be played under. A :class:`Config` names one (``rules`` in its
recipe); the Fireteam rules are the default.

- ``fireteam``: the Warhammer 40,000: Fireteam rules (:mod:`game.engine.rules`);
- ``skirmish``: the one-page skirmish rules of Quality tests, alternating activations and
  morale (:mod:`game.engine.skirmish`), played with converted datacards.
"""

from __future__ import annotations

from enum import StrEnum


class RuleSet(StrEnum):
    FIRETEAM = "fireteam"
    SKIRMISH = "skirmish"


RULE_SET_NAMES = {RuleSet.FIRETEAM: "Fireteam", RuleSet.SKIRMISH: "One-page skirmish"}


def rule_set(text: object) -> RuleSet:
    """The rule set named ``text`` (None or empty: Fireteam); raises ValueError naming the
    known ones."""
    if text is None or text == "":
        return RuleSet.FIRETEAM
    try:
        return RuleSet(str(text))
    except ValueError:
        known = ", ".join(r.value for r in RuleSet)
        raise ValueError(f"unknown rule set {text!r} (known: {known})") from None


def plays(rules: RuleSet | str, kill_team: object) -> bool:
    """Whether a mission (``kill_team``: its Kill Team classic rules, None for a Fireteam
    mission) can be played under ``rules``: the skirmish rules play the Fireteam missions'
    killzones, not the Kill Team classic pack."""
    return str(rules) != RuleSet.SKIRMISH or kill_team is None


__all__ = ["RULE_SET_NAMES", "RuleSet", "plays", "rule_set"]
