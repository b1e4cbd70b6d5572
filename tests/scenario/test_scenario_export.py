"""A position exported as a scenario file replays, under the scenario runner, to the same
whole state as the game it came from; what the format cannot write is refused."""

from __future__ import annotations

import contextlib
import io

import pytest

from game.cli.scenario import main as scenario_main
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Phase, Step
from game.scenario.export import ExportError, export_scenario, position_dict
from game.scenario.loader import run
from game.services.replay import Replay
from tests.helpers import play, seeded_game, stride
from tests.helpers import scenario as scenario_of

GAMES = [
    ("dual_strike", ("gideon", "deathless_destroyers"), 1),
    ("power_up", ("bad_ladz", "bad_ladz"), 2),
    ("sabotage", ("kappic_eagles", "flickering_blade"), 3),
    ("relic_run", ("quickstrike", "gideon"), 4),
    ("vox_beacons", ("deathless_destroyers", "bad_ladz"), 5),
    ("headhunt", ("flickering_blade", "quickstrike"), 6),
    ("data_heist", ("gideon", "kappic_eagles"), 7),
    ("shrinking_ground", ("bad_ladz", "flickering_blade"), 8),
]


COUNTS: dict[str, tuple[int, int, int, int]] = {}  # mission -> tried, exported, starts, middles


def finished(catalogue, mission, teams, seed) -> Game:
    game = seeded_game(seed, mission=mission, teams=teams, players=seed, catalogue=catalogue)
    assert game.is_over
    return game


def replays_to(text: str, original: Game, catalogue) -> None:
    scenario = scenario_of(text, catalogue)
    result = run(scenario)
    assert result.ok, f"{result.failures}\n{text}"
    assert position_dict(scenario.game.state) == position_dict(original.state), text
    assert scenario.game.to_act == original.to_act


@pytest.mark.parametrize(("mission", "teams", "seed"), [
    GAMES[0], *(pytest.param(*game, marks=pytest.mark.slow) for game in GAMES[1:])])
def test_exported_positions_replay_to_the_same_state(catalogue, mission, teams, seed):
    game = finished(catalogue, mission, teams, seed)
    replay = Replay.from_game(game)
    tried = exported = starts = middles = 0
    for n in range(0, len(replay) + 1, stride(4)):
        position = replay.game_at(n)
        state = position.state
        if state.phase != Phase.FIREFIGHT:
            continue
        tried += 1
        try:
            text = export_scenario(position, replay, catalogue=catalogue)
        except ExportError as error:
            assert str(error)
            continue
        exported += 1
        if state.step == Step.ACT:
            middles += 1
        else:
            starts += 1
        replays_to(text, position, catalogue)
    assert tried and exported
    COUNTS[mission] = (tried, exported, starts, middles)


@pytest.mark.slow  # needs every game of the test above
def test_a_good_share_of_firefight_positions_export():
    """Over the games above (taken-down operatives and removed objectives are what most
    often cannot be written)."""
    if len(COUNTS) < len(GAMES):
        pytest.skip("needs the games of the test above (run the whole file)")
    tried = sum(c[0] for c in COUNTS.values())
    exported = sum(c[1] for c in COUNTS.values())
    assert exported >= 0.5 * tried, f"only {exported} of {tried} positions exported: {COUNTS}"
    assert sum(c[2] for c in COUNTS.values()) and sum(c[3] for c in COUNTS.values())


def test_mid_activation_without_a_replay_given(catalogue):
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(3))
    play(game, 3, until=lambda g: g.state.step == Step.ACT and g.state.ap_spent)
    text = export_scenario(game, catalogue=catalogue)
    assert "actions:\n- 1 activate" in text or "actions:\n- 2 activate" in text
    replays_to(text, game, catalogue)


def test_the_runner_command_accepts_an_export(catalogue, tmp_path):
    game = Game.new(catalogue, "sabotage", ("kappic_eagles", "flickering_blade"),
                    RandomDice(6))
    play(game, 6, until=lambda g: g.state.phase == Phase.FIREFIGHT and g.state.step == Step.ACT
         and any("attack" in line for line in g.log[-3:]))
    assert not game.is_over, "the seeded game never stopped mid-activation after an attack"
    path = tmp_path / "bug.yaml"
    path.write_text(export_scenario(game, catalogue=catalogue), encoding="utf-8")
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = scenario_main([str(path)])
    assert code == 0, out.getvalue()


def test_what_cannot_be_written_is_refused(catalogue):
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(1))
    with pytest.raises(ExportError, match="set-up"):
        export_scenario(game, catalogue=catalogue)
    play(game, 1)
    with pytest.raises(ExportError, match="over"):
        export_scenario(game, catalogue=catalogue)
    # a position after a casualty is written, the casualty as `taken_down: true` (the
    # format's addition)
    replay = Replay.from_game(game)
    casualties = [n for n in range(len(replay), 0, -1)
                  if replay.game_at(n).state.phase == Phase.FIREFIGHT
                  and replay.game_at(n).state.step == Step.ACTIVATE
                  and any(o.taken_down for o in replay.game_at(n).state.operatives.values())]
    assert casualties, "the seeded game has no casualty"
    text = export_scenario(replay.game_at(casualties[0]), replay, catalogue=catalogue)
    assert "taken_down: true" in text


def test_skirmish_positions_export_and_replay_to_the_same_state(catalogue):
    """Every firefight position of a whole skirmish game (mid-activation ones included:
    a shot owed, a strike back, a step, a push) exports and replays to the same state."""
    game = seeded_game(12, mission="dual_strike", teams=("gideon", "bad_ladz"), players=12,
                       catalogue=catalogue, rules="skirmish")
    assert game.is_over
    replay = Replay.from_game(game)
    steps = set()
    for n in range(0, len(replay) + 1, 3):
        position = replay.game_at(n)
        if position.state.phase != Phase.FIREFIGHT:
            continue
        text = export_scenario(position, replay, catalogue=catalogue)
        assert "rules: skirmish" in text
        replays_to(text, position, catalogue)
        steps.add(position.state.step)
    assert Step.ACTIVATE in steps and len(steps) >= 2
