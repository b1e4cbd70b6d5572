"""Every card the game ships is exercised by at least one scenario file: a card whose
effect no scenario shows is a card whose effect nobody has proved."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content import load_catalogue

SCENARIOS = Path(__file__).parents[1] / "scenarios"
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


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def _own_scenarios() -> list[tuple[str, str, str]]:
    """(what, file-name start, word its text must hold) for each card of the fireteams since
    the Pathfinders (those with tactical ploys): each ability, ploy, tactical ploy, weapon
    with a rule, special operation and its reward has a scenario file of its own."""
    wanted: list[tuple[str, str, str]] = []
    for team in CATALOGUE.fireteams.values():
        if not team.tactical_ploys:
            continue
        wanted += [(f"ploy {p.id}", p.id, p.id) for p in team.ploys]
        wanted += [(f"tactical ploy {c.id}", c.id, c.id) for c in team.tactical_ploys]
        for entry in team.composition:
            card = CATALOGUE.datacards[entry.card]
            wanted += [(f"ability {a.id}", a.id, a.id) for a in card.abilities]
            # a weapon's file is named after it or after its new rule (markerlight_...)
            wanted += [(f"weapon {w.id}", "|".join((w.id, *w.rules)), w.id)
                       for w in card.weapons if w.rules]
        for op in CATALOGUE.special_operations.values():
            if op.fireteam == team.id:
                wanted.append((f"special operation {op.id}", _slug(op.name), op.id))
                wanted.append((f"reward of {op.id}", _slug(op.reward.name), op.id))
    return sorted(set(wanted))


@pytest.mark.parametrize("what, start, word", _own_scenarios(), ids=lambda x: str(x))
def test_each_new_card_has_a_scenario_of_its_own(what: str, start: str, word: str) -> None:
    files = [p for first in start.split("|") for p in SCENARIOS.rglob(f"{first}_*.yaml")
             if word in re.findall(r"[a-z][a-z0-9_]*", p.read_text(encoding="utf-8"))]
    assert files, f"no scenario file {start}_*.yaml naming {word!r} shows the {what}"
