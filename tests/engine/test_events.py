"""The typed event stream: every d6 rolled is reported by exactly one event, saves keep the
events, and secret events show each player only their own cards."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.engine.events import (
    Die,
    Event,
    HitDiceRolled,
    Mulliganed,
    TargetsDealt,
    event_from_dict,
    event_to_dict,
)
from game.engine.game import Game
from game.engine.state import Step
from game.scenario.loader import load_scenario, run
from tests.engine.positions import CATALOGUE, TARGET_SEEDS, finished_game, positions
from tests.helpers import subclasses, tiered

SEEDS = range(30)
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def d6_record(game: Game) -> list[int]:
    return [int(entry[1]) for entry in game.record if entry[0] == "d6"]


def dice_in_events(events: list[Event]) -> list[int]:
    return [v for e in events for v in e.dice_rolled]


@pytest.mark.parametrize("seed", tiered(SEEDS, 3))  # the rest in the slow tier
def test_every_d6_rolled_is_reported_by_exactly_one_event(seed: int) -> None:
    game = finished_game(seed)
    assert game.record, "a whole game rolls dice"
    # the same dice, as many times each (a re-rolled die is reported with both its rolls)
    assert Counter(dice_in_events(game.events)) == Counter(d6_record(game))
    assert len(dice_in_events(game.events)) == len(d6_record(game))


def test_events_report_the_dice_in_the_order_they_were_rolled() -> None:
    for seed in SEEDS:
        game = finished_game(seed)
        assert dice_in_events(game.events) == d6_record(game), f"seed {seed}"


def test_a_rerolled_hit_die_is_reported_in_the_order_rolled() -> None:
    # minimal reproduction: Battle-Hardened re-rolls the first of four hit dice
    path = SCENARIOS / "events" / "hit_dice_event_reports_the_reroll.yaml"
    scenario = load_scenario(path, CATALOGUE)
    assert run(scenario).ok
    game = scenario.game
    assert d6_record(game) == [1, 3, 3, 2, 4, 1, 1, 1]
    assert dice_in_events(game.events) == d6_record(game)


def test_a_rerolled_hit_die_reports_its_first_value_and_the_rule_that_rerolled_it() -> None:
    path = SCENARIOS / "events" / "hit_dice_event_reports_the_reroll.yaml"
    scenario = load_scenario(path, CATALOGUE)
    assert run(scenario).ok
    hits = [e for e in scenario.game.events if isinstance(e, HitDiceRolled)]
    assert len(hits) == 1
    assert hits[0].dice == (Die(4, 1, "Battle-Hardened"), Die(3), Die(3), Die(2))
    assert hits[0].dice[0].rolls == (1, 4)
    assert str(hits[0]).startswith("4 dice [1->4, 3, 3, 2]")


def test_apply_returns_the_events_it_caused() -> None:
    for game in positions(3, every=1):
        if game.is_over:
            break
        before = len(game.events)
        action = game.legal_actions()[-1 if game.state.step == Step.ACT else 0]
        if "concede" in str(action) or "agree" in str(action):
            action = game.legal_actions()[0]
        caused = game.apply(action)
        assert caused == game.events[before:]
        if len(game.log) > 60:
            break


@pytest.mark.parametrize("seed", tiered(range(0, 30, 3)))
def test_a_saved_game_loads_with_equal_events(seed: int) -> None:
    for n, game in enumerate(positions(seed, every=37)):
        data = json.loads(json.dumps(game.to_dict()))
        loaded = Game.from_dict(data, CATALOGUE)
        assert loaded.events == game.events, f"after {len(game.log)} actions"
        assert [str(e) for e in loaded.events] == [str(e) for e in game.events]
        if n > 6:
            break
    game = finished_game(seed)
    assert Game.from_dict(json.loads(json.dumps(game.to_dict())), CATALOGUE).events == \
        game.events


def test_every_event_class_is_registered_under_its_name() -> None:
    from game.engine.events import EVENT_TYPES

    classes = {c for c in subclasses(Event) if c.__module__.startswith("game.")}
    assert len(classes) >= 42
    assert {EVENT_TYPES[c.__name__] for c in classes} == classes
    assert all(name == cls.__name__ for name, cls in EVENT_TYPES.items())


def test_every_event_survives_its_dict_form() -> None:
    seen: set[str] = set()
    for seed in range(12):
        for event in finished_game(seed).events:
            data = json.loads(json.dumps(event_to_dict(event)))
            assert event_from_dict(data) == event
            seen.add(type(event).__name__)
    assert {"HitDiceRolled", "DefenceDiceRolled", "TakenDown", "Scored", "MissionEnded",
            "TargetsDealt", "Mulliganed", "InitiativeRolled"} <= seen


# --- secrets ------------------------------------------------------------------------------

def strings_in(value: Any) -> set[str]:
    """Every text inside an event (its fields, recursively) and its log sentence."""
    out: set[str] = set()
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, Event):
        out.add(str(value))
        for f in dataclasses.fields(value):
            out |= strings_in(getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        for v in value:
            out |= strings_in(v)
    return out


def mentions(texts: set[str], card: str) -> bool:
    return any(card == t or card in t.split() for t in texts)


@pytest.mark.parametrize("seed", tiered(range(0, 30, 2)))
def test_a_spectator_never_sees_a_card_in_either_hand(seed: int) -> None:
    for game in positions(seed, every=5):
        hidden = set(game.state.hands[1]) | set(game.state.hands[2]) | set(game.state.deck)
        view = game.view(None)
        texts = set().union(*(strings_in(e) for e in view.events))
        assert not [c for c in hidden if mentions(texts, c)]
        assert view.state.hands == {1: [], 2: []} and view.state.deck == []
        assert view.hand == () and view.legal_actions == ()
        assert view.hand_sizes == (len(game.state.hands[1]), len(game.state.hands[2]))


@pytest.mark.parametrize("seed", tiered(range(1, 30, 2)))
def test_a_player_never_sees_a_card_in_the_other_hand(seed: int) -> None:
    for game in positions(seed, every=5):
        for player in (1, 2):
            hidden = set(game.state.hands[3 - player]) | set(game.state.deck)
            view = game.view(player)
            texts = set().union(*(strings_in(e) for e in view.events))
            assert not [c for c in hidden if mentions(texts, c)], player
            assert view.hand == tuple(game.state.hands[player])


@pytest.mark.parametrize("seed", tiered(TARGET_SEEDS[:10], 3))
def test_each_player_sees_their_own_dealt_hand_and_only_that(seed: int) -> None:
    game = finished_game(seed)
    dealt = [e for e in game.events if isinstance(e, TargetsDealt)]
    assert len(dealt) == 1
    deal = dealt[0]
    assert all(len(h) == 3 for h in deal.hands)
    assert not set(deal.hands[0]) & set(deal.hands[1])
    for player in (1, 2):
        shown = [e for e in game.view(player).events if isinstance(e, TargetsDealt)][0]
        assert isinstance(shown, TargetsDealt)
        assert shown.hands[player - 1] == deal.hands[player - 1]
        assert shown.hands[2 - player] == ()
        assert shown.viewer == player
        assert str(shown) == str(deal)
    spectator = [e for e in game.view(None).events if isinstance(e, TargetsDealt)][0]
    assert isinstance(spectator, TargetsDealt) and spectator.hands == ((), ())
    assert deal.redacted() == spectator and not deal.seen_by(None)


@pytest.mark.parametrize("seed", tiered(TARGET_SEEDS[:12], 3))
def test_only_the_mulliganing_player_sees_the_cards_drawn(seed: int) -> None:
    game = finished_game(seed)
    mulligans = [e for e in game.events if isinstance(e, Mulliganed)]
    assert sorted(e.player for e in mulligans) == [1, 2]
    for event in mulligans:
        assert event.drawn is not None and len(event.drawn) == len(event.discarded)
        assert event.seen_by(event.player)
        assert not event.seen_by(3 - event.player) and not event.seen_by(None)
        for viewer in (3 - event.player, None):
            shown = event.for_viewer(viewer)
            assert isinstance(shown, Mulliganed)
            assert shown.drawn is None
            assert shown.discarded == event.discarded and str(shown) == str(event)
        assert event.for_viewer(event.player) == event


# --- declaring an event -----------------------------------------------------------------------

def test_an_event_is_its_fields_and_its_sentence() -> None:
    from game.engine.events import EVENT_TYPES

    class ShoutedForTest(Event):
        operative: str
        roll: int = 0
        loud: bool = False
        text = "{loud:{operative} shouts loudly|{operative} shouts} ({roll:rolled {roll}|no roll})"

    class DiceForTest(Event):
        dice: tuple[Die, ...]
        text = "{dice}"

    try:
        assert EVENT_TYPES["ShoutedForTest"] is ShoutedForTest
        quiet, loud = ShoutedForTest("a"), ShoutedForTest("b", 4, loud=True)
        assert str(quiet) == "a shouts (no roll)" and str(loud) == "b shouts loudly (rolled 4)"
        assert quiet.dice_rolled == () and loud.dice_rolled == (4,)
        with pytest.raises(dataclasses.FrozenInstanceError):
            loud.roll = 5  # type: ignore[misc]
        again = ShoutedForTest("b", 4, True)
        assert loud == again and hash(loud) == hash(again)
        rerolled = DiceForTest((Die(2, 1, "a card"), Die(5)))
        assert rerolled.dice_rolled == (1, 5, 2)  # every first roll, then the re-roll
        assert event_from_dict(json.loads(json.dumps(event_to_dict(loud)))) == loud
        # a value is put in as it is, whatever it holds (a card's name from a modder's file)
        assert str(ShoutedForTest("A|B {roll}", 2, True)) == "A|B {roll} shouts loudly (rolled 2)"
    finally:
        del EVENT_TYPES["ShoutedForTest"], EVENT_TYPES["DiceForTest"]


def test_an_event_without_a_sentence_is_refused_where_it_is_declared() -> None:
    from game.engine.events import EVENT_TYPES

    with pytest.raises(AssertionError, match="SilentForTest has no log sentence"):
        class SilentForTest(Event):
            operative: str
    assert "SilentForTest" not in EVENT_TYPES
