"""Every card the game ships is exercised by at least one scenario file: a card whose
effect no scenario shows is a card whose effect nobody has proved."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content import load_catalogue

SCENARIOS = Path(__file__).parent / "scenarios"
TEXT = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SCENARIOS.rglob("*.yaml")))
WORDS = set(re.findall(r"[a-z][a-z0-9_]*", TEXT))
CATALOGUE = load_catalogue()


def _cards() -> list[tuple[str, str]]:
    cards: list[tuple[str, str]] = []
    for team in CATALOGUE.fireteams.values():
        cards += [("ploy", p.id) for p in team.ploys]
        cards += [("tactical ploy", c.id) for c in team.tactical_ploys]
        for entry in team.composition:
            card = CATALOGUE.datacards[entry.card]
            if card.abilities:
                cards.append(("datacard with abilities", card.id))
            if team.tactical_ploys:  # fireteams since the Pathfinders: each ability by id
                cards += [("ability", a.id) for a in card.abilities]
            cards += [("weapon", f"{w.id}") for w in card.weapons if w.rules]
    cards += [("target of opportunity", t) for t in CATALOGUE.targets]
    cards += [("wargear", w) for w in CATALOGUE.wargear]
    cards += [("special operation", s) for s in CATALOGUE.special_operations]
    for mission in CATALOGUE.missions.values():
        cards.append(("mission", mission.id))
        cards += [("mission action", a.id) for a in mission.actions]
    return sorted(set(cards))


@pytest.mark.parametrize("kind, card", _cards(), ids=lambda x: str(x))
def test_every_card_appears_in_a_scenario(kind: str, card: str) -> None:
    assert card in WORDS, f"no scenario under tests/scenarios names the {kind} {card!r}"
