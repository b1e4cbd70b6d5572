"""A position of a Kill Team classic mission exported as a scenario file: the markers the
players placed, the pack's state (Broken forces, night fighting, First Blood) and its words on
operatives (late, the arrival edge, fled) are written, and the file replays to the same whole
state; what the format still cannot write is refused, naming it."""

from __future__ import annotations

import pytest
import yaml

from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Phase, Step
from game.scenario.export import ExportError, export_data, export_scenario, position_dict
from game.services.replay import Replay
from tests.helpers import play, seeded_game, stride
from tests.helpers import scenario as scenario_of
from tests.scenario.test_scenario_export import replays_to

TEAMS = {1: ("gideon", "deathless_destroyers"), 0: ("kappic_eagles", "bad_ladz")}


def pack_game(catalogue, mission: str, seed: int) -> Game:
    game = seeded_game(seed, mission=mission, teams=TEAMS[seed % 2], players=seed,
                       catalogue=catalogue)
    assert game.is_over
    return game


@pytest.mark.parametrize(("mission", "seed"), [
    ("kt_forward_push", 1), ("kt_alone_in_the_dark", 2),
    pytest.param("kt_forward_push", 3, marks=pytest.mark.slow),
    pytest.param("kt_alone_in_the_dark", 4, marks=pytest.mark.slow),
    pytest.param("kt_supply_drop", 5, marks=pytest.mark.slow),
    pytest.param("kt_supply_drop", 6, marks=pytest.mark.slow),
])
def test_pack_positions_export_and_replay_to_the_same_state(catalogue, mission, seed):
    """Every firefight position at a decision, at an activation's start and in its middle,
    and every strategy phase at its first decision (the first ploy: the pack deals no targets
    of opportunity to reveal), exports with the pack's keys and replays to the same whole
    state."""
    game = pack_game(catalogue, mission, seed)
    replay = Replay.from_game(game)
    steps: dict[Step, int] = {}
    for n in range(0, len(replay) + 1, stride(3)):
        position = replay.game_at(n)
        state = position.state
        if not ((state.phase == Phase.FIREFIGHT and state.step in (Step.ACTIVATE, Step.ACT))
                or (state.phase == Phase.STRATEGY and not state.done)):
            continue
        if any(flag == "reanimation_used" for o in state.operatives.values()
               for flag in o.flags):
            continue  # refused (below), as the format cannot write it
        text = export_scenario(position, replay, catalogue=catalogue)
        data = yaml.safe_load(text)
        for key in ("broken", "night", "first_removed", "objective_hexes"):
            assert key in data["start"], text
        for key in ("broken", "night", "fled", "late"):
            assert key in data["expect"], text
        replays_to(text, position, catalogue)
        steps[state.step] = steps.get(state.step, 0) + 1
    assert steps.get(Step.ACTIVATE) and steps.get(Step.ACT) and steps.get(Step.PLOY), steps


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_forward_push_exports_at_turning_point_two(catalogue, seed):
    """The markers the players placed at set-up are written where they stand, not refused
    as dropped tokens (they were, before the pack declared its part of an export)."""
    game = Game.new(catalogue, "kt_forward_push", TEAMS[seed % 2], RandomDice(seed))
    play(game, (seed * 2 + 1, seed * 2 + 2),
         until=lambda g: g.state.turning_point == 2 and g.state.phase == Phase.FIREFIGHT
         and g.state.step == Step.ACTIVATE)
    assert not game.is_over
    data = export_data(game)
    placed = {m: h for m, h in game.state.objective_hexes.items() if h}
    assert placed and data["start"]["objective_hexes"] == placed
    replays_to(export_scenario(game, catalogue=catalogue), game, catalogue)


POSITION = """
mission: kt_alone_in_the_dark
operatives:
  - {id: a, player: 1, card: assault_intercessor, flags: [late, "edge:west"]}
  - {id: b, player: 1, card: assault_intercessor, at: H5}
  - {id: c, player: 1, card: assault_intercessor, taken_down: true, damage: 3, flags: [fled]}
  - {id: x, player: 2, card: assault_intercessor, at: H8}
  - {id: y, player: 2, card: assault_intercessor, at: J8, damage: 2}
start: {turning_point: 2, phase: firefight, initiative: 1, broken: [1], night: true,
        first_removed: 1, objective_hexes: {marker1: G6, marker2: K6, marker3: C6}}
"""


def test_the_pack_state_and_operative_words_are_written(catalogue):
    scenario = scenario_of(POSITION, catalogue)
    game = scenario.game
    # the whole state the last guard compares holds the pack's
    assert {"broken", "night", "first_removed"} <= position_dict(game.state).keys()
    data = export_data(game)
    ops = {o["id"]: o for o in data["operatives"]}
    assert ops["a"]["flags"] == ["late", "edge:west"] and "at" not in ops["a"]
    # a fled operative keeps its wounds: the damage is written when not the full count
    assert ops["c"] == {"id": "c", "player": 1, "card": "assault_intercessor",
                        "taken_down": True, "damage": 3, "flags": ["fled"]}
    assert "flags" not in ops["b"] and "flags" not in ops["x"]
    start = data["start"]
    assert (start["broken"], start["night"], start["first_removed"]) == ([1], True, 1)
    assert start["objective_hexes"] == {"marker1": "G6", "marker2": "K6", "marker3": "C6"}
    assert (data["expect"]["fled"], data["expect"]["late"]) == (["c"], ["a"])
    replays_to(export_scenario(game, catalogue=catalogue), game, catalogue)


def test_a_taken_down_operative_without_damage_has_lost_all_its_wounds(catalogue):
    game = scenario_of(POSITION.replace("damage: 3, ", ""), catalogue).game
    op = game.state.operatives["c"]
    assert op.damage == catalogue.datacards["assault_intercessor"].wounds
    assert "damage" not in next(o for o in export_data(game)["operatives"] if o["id"] == "c")


def test_what_the_format_cannot_write_is_still_refused_by_name(catalogue):
    scenario = scenario_of(POSITION, catalogue)
    game = scenario.game
    game.state.operatives["b"].flags = ("reanimation_used",)
    with pytest.raises(ExportError,
                       match="operative b has the flag 'reanimation_used', which no key"):
        export_data(game)
    game.state.operatives["b"].flags = ()
    # an objective of the mission's own, dropped off its hex, is not a marker the players
    # placed: still refused as dropped
    game.state.objective_hexes["relic"] = "H6"
    with pytest.raises(ExportError, match="objective relic lies dropped at H6"):
        export_data(game)


def test_spotted_operatives_are_written(catalogue):
    """A markerlight's ``spotted`` has a start key: an export writes it (it was refused)."""
    text = POSITION.replace("  - {id: x, player: 2, card: assault_intercessor, at: H8}\n",
                            "  - {id: x, player: 2, card: assault_intercessor, at: H8}\n"
                            "  - {id: z, player: 2, card: assault_intercessor, at: H9}\n")
    text = text.replace("first_removed: 1,", "first_removed: 1, spotted: [x, z],")
    game = scenario_of(text, catalogue).game
    data = export_data(game)
    assert data["start"]["spotted"] == data["expect"]["spotted"] == ["x", "z"]
    replays_to(export_scenario(game, catalogue=catalogue), game, catalogue)


def test_a_strategy_phase_past_its_first_decision_is_refused(catalogue):
    game = Game.new(catalogue, "kt_forward_push", TEAMS[1], RandomDice(1))
    play(game, (3, 4), until=lambda g: g.state.phase == Phase.STRATEGY and bool(g.state.done))
    assert not game.is_over
    with pytest.raises(ExportError, match="strategy position can only be written at the "
                                          "phase's first decision"):
        export_scenario(game, catalogue=catalogue)


def test_a_fireteam_strategy_phase_after_its_reveals_is_refused(catalogue):
    """The format's strategy start is the first reveal: a Fireteam mission's ploy step, even
    with nobody done, is refused by the last guard with the same reason."""
    game = Game.new(catalogue, "dual_strike", TEAMS[1], RandomDice(1))
    play(game, (3, 4), until=lambda g: g.state.phase == Phase.STRATEGY
         and g.state.step == Step.PLOY and not g.state.done)
    assert not game.is_over
    with pytest.raises(ExportError, match="at step ploy, players done: \\[\\]"):
        export_scenario(game, catalogue=catalogue)
