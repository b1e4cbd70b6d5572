"""The applying side's shortcuts give what the rules' plain definitions give: a
characteristic read off the printed card when no ``stat`` rule is in force, objective control
worked out from one map of who stands where, the Kill Team pack's listener called only for
the events it names, a deployment's actions picked off their kept row, and who is on the
killzone kept from one action to the next until an operative enters or leaves it."""

from __future__ import annotations

import pytest

from game.ai.random_player import RandomPlayer
from game.engine import flow
from game.engine.actions import Deploy, deploys
from game.engine.dice import RandomDice
from game.engine.effects import STAT_LIMITS, all_hold, picks, stat
from game.engine.events import ControlChanged, Event, TakenDown
from game.engine.game import Game
from game.engine.rulebook import missions_of
from game.engine.rulesets.killteam import core as kt
from game.engine.rulesets.killteam import rules as killteam_rules
from game.engine.state import OperativeState, Step
from game.engine.vocabulary import STAT
from tests.engine.positions import CATALOGUE, finished_game, positions, setup_of
from tests.helpers import tiered

_KILL_TEAM_SEEDS = [s for s in range(60)
                    if CATALOGUE.missions[setup_of(s)[0]].pack != "fireteam"][:4]
_OBJECTIVE_SEEDS = [s for s in range(60) if CATALOGUE.missions[setup_of(s)[0]].objectives][:6]


def _plain_stat(game: Game, op: OperativeState, name: str) -> int:
    """The characteristic as the rules define it: the card as it plays now, then every
    ``stat`` rule in force that picks the operative, clamped."""
    value: int = getattr(game.datacard(op), name)
    for source in game.sources(STAT):
        effect = source.effect
        if effect.get("stat") == name and picks(source, op) and all_hold(
                game, effect.get("if"), op, source=source):
            value += int(effect.get("add", 0))
    low, high = STAT_LIMITS[name]
    return max(low, min(high, value))


@pytest.mark.parametrize("seed", tiered(range(12), 3))  # the rest: slow tier
def test_a_characteristic_equals_its_definition(seed: int) -> None:
    asked = 0
    for game in positions(seed, every=3):
        for op in game.on_killzone():
            for name in STAT_LIMITS:
                assert stat(game, op, name) == _plain_stat(game, op, name), (op.id, name)
                asked += 1
    assert asked > 100


def _plain_control(game: Game) -> tuple[dict[str, int], list[ControlChanged]]:
    """Objective control and its changes as the rules define them: each objective goes to
    the player with more operatives within 1 hex of it, in the mission's order."""
    control = dict(game.state.control)
    changes: list[ControlChanged] = []
    for obj in game.config.objectives:
        where = game.objective_hex(obj)
        if where is None:
            continue
        near = [o.player for o in game.on_killzone()
                if o.hex is not None and game.grid.distance(o.hex, where) <= 1]
        lead = near.count(1) - near.count(2)
        if lead:
            player = 1 if lead > 0 else 2
            if control.get(obj, 0) != player:
                changes.append(ControlChanged(obj, player, control.get(obj, 0)))
                control[obj] = player
    return control, changes


@pytest.mark.parametrize("seed", tiered(_OBJECTIVE_SEEDS, 2))
def test_objective_control_equals_its_definition(seed: int) -> None:
    changed = 0
    for game in positions(seed, every=2):
        if game.is_over or game.state.step in (Step.MULLIGAN, Step.NONE):
            continue
        # as the position stands, and with nobody holding anything yet (every objective
        # with a lead changes hands then)
        for forget in (False, True):
            trial = game.clone()
            if forget:
                trial.state.control = {}
            expected, changes = _plain_control(trial)
            before = len(trial.events)
            flow.check_control(trial)
            assert trial.state.control == expected
            assert [e for e in trial.events[before:]
                    if isinstance(e, ControlChanged)] == changes
            changed += len(changes)
    assert changed > 20


def test_objective_zones_kept_for_another_config_are_not_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The zones are kept by the config's id; a config made after another was freed may get
    its id, and must not read the zones kept for the other."""
    game = next(g for g in positions(_OBJECTIVE_SEEDS[0], every=2)
                if not g.is_over and g.state.step not in (Step.MULLIGAN, Step.NONE)
                and _plain_control(_forgetting(g))[1])
    trial = _forgetting(game)
    expected, changes = _plain_control(trial)
    # another config's zones (none at all) kept under this config's id
    monkeypatch.setitem(flow._ZONES, id(trial.config), (object(), {}))
    before = len(trial.events)
    flow.check_control(trial)
    assert trial.state.control == expected
    assert [e for e in trial.events[before:] if isinstance(e, ControlChanged)] == changes
    assert flow._ZONES[id(trial.config)][0] is trial.config


def _forgetting(game: Game) -> Game:
    trial = game.clone()
    trial.state.control = {}
    return trial


@pytest.mark.parametrize("seed", _KILL_TEAM_SEEDS[:2])
def test_the_kill_team_listener_acts_on_the_events_it_names_only(seed: int) -> None:
    game = finished_game(seed)
    assert kt.rules_of(game.config) is not None
    trial = game.clone()
    saved, events = trial.to_dict(), len(trial.events)
    others = [e for e in game.events if not isinstance(e, (TakenDown, ControlChanged))]
    assert others
    for event in others:
        killteam_rules.on_event(trial, event)
    assert trial.to_dict() == saved and len(trial.events) == events


def test_a_deployments_actions_equal_fresh_ones() -> None:
    hexes = ["A1", "B2", "C3"]
    listed = deploys(1, "shortcut_trooper", hexes)
    assert listed == [Deploy(1, "shortcut_trooper", h) for h in hexes]
    assert deploys(1, "shortcut_trooper", hexes[::-1]) == listed[::-1]
    assert deploys(1, "shortcut_trooper", hexes)[0] is listed[0]


def _killzone_as_defined(game: Game) -> None:
    for player in (None, 1, 2):
        assert game.on_killzone(player) == game.state.on_killzone(player), player


def _removals(events: list[Event]) -> int:
    """The operatives taken down (a skirmish Destroyed is one too)."""
    return sum(1 for e in events if isinstance(e, TakenDown))


def test_who_is_on_the_killzone_is_what_the_state_says_at_every_decision() -> None:
    """The lists are kept while operatives only move, and forgotten as one is placed or
    taken down (Game.rules_changed): every deployment and take-down of whole games."""
    removed = 0
    for seed in range(6):
        game = None
        for game in positions(seed):
            _killzone_as_defined(game)
        assert game is not None
        removed += _removals(game.events)
    assert removed > 5


def test_who_is_on_the_killzone_under_the_skirmish_rules_too() -> None:
    missions = missions_of(CATALOGUE, "skirmish")
    teams = sorted(CATALOGUE.fireteams)
    removed = 0
    for seed in range(3):
        game = Game.new(CATALOGUE, missions[seed % len(missions)],
                        (teams[seed % len(teams)], teams[(seed + 1) % len(teams)]),
                        RandomDice(seed), rules="skirmish")
        players = {1: RandomPlayer(seed * 2 + 1), 2: RandomPlayer(seed * 2 + 2)}
        while not game.is_over:
            _killzone_as_defined(game)
            game.apply(players[game.to_act].choose(game))
        removed += _removals(game.events)
    assert removed > 0
