"""Replays: a recorded game re-played by the engine reproduces every event; moving the cursor
any way reaches the same state as a straight replay; saves replay too."""

from __future__ import annotations

import pytest

from game.engine.dice import RandomDice
from game.engine.game import Game
from game.services.replay import (
    SNAPSHOT_EVERY,
    Replay,
    ReplayError,
    ReplayMismatch,
    initial_state,
    replay_from_save_file,
)
from game.services.saves import save_game
from tests.helpers import seeded_game

GAMES = [
    ("dual_strike", ("gideon", "deathless_destroyers"), 1),
    ("power_up", ("bad_ladz", "bad_ladz"), 2),  # a mirror match: p1_/p2_ operatives
    ("sabotage", ("kappic_eagles", "flickering_blade"), 3),
    ("relic_run", ("quickstrike", "gideon"), 4),
    ("vox_beacons", ("deathless_destroyers", "bad_ladz"), 5),
    ("headhunt", ("flickering_blade", "quickstrike"), 6),
]


def play(catalogue, mission, teams, seed, limit=None) -> Game:
    return seeded_game(seed, mission=mission, teams=teams, players=seed,
                       catalogue=catalogue, steps=limit if limit is not None else 5000)


def state_of(game: Game):
    return game.state.to_dict()


@pytest.mark.parametrize(("mission", "teams", "seed"), GAMES)
def test_a_replay_reproduces_every_event(catalogue, mission, teams, seed):
    game = play(catalogue, mission, teams, seed)
    replay = Replay.from_game(game)
    replay.verify()
    replay.seek(len(replay))
    assert [type(e) for e in replay.game.events] == [type(e) for e in game.events]
    assert [str(e) for e in replay.game.events] == [str(e) for e in game.events]
    assert state_of(replay.game) == state_of(game)
    # the events of each step, in order, are the whole game
    steps = replay.events_until(0) + [e for i in range(len(replay))
                                      for e in replay.events_of_step(i)]
    assert [str(e) for e in steps] == [str(e) for e in game.events]


def test_an_unfinished_game_replays(catalogue):
    game = play(catalogue, "dual_strike", ("gideon", "deathless_destroyers"), 9, limit=70)
    replay = Replay.from_game(game)
    replay.verify()
    assert replay.game_at(len(replay)).state.to_dict() == state_of(game)


def test_initial_state_names_operatives_as_game_new(catalogue):
    for mission, teams, _ in GAMES:
        game = Game.new(catalogue, mission, teams, RandomDice(0))
        fresh = initial_state(game.config)
        assert list(fresh.operatives) == list(game.state.operatives)
    mirror = Game.new(catalogue, "power_up", ("bad_ladz", "bad_ladz"), RandomDice(0))
    assert all(op.startswith(("p1_", "p2_")) for op in initial_state(mirror.config).operatives)


@pytest.mark.parametrize(("mission", "teams", "seed"), GAMES[:3])
def test_forward_back_and_seek_reach_the_straight_replay(catalogue, mission, teams, seed):
    game = play(catalogue, mission, teams, seed)
    straight = Replay.from_game(game)
    states = [state_of(straight.game)]
    while not straight.at_end:
        straight.forward()
        states.append(state_of(straight.game))
    assert straight.position == len(game.log)
    assert states[-1] == state_of(game)

    replay = Replay.from_game(game)
    # back, step by step, from the end
    replay.seek(len(replay))
    assert state_of(replay.game) == states[-1]
    for n in range(len(replay) - 1, max(-1, len(replay) - 3 * SNAPSHOT_EVERY), -1):
        replay.back()
        assert replay.position == n
        assert state_of(replay.game) == states[n]
    # jumps both ways, near and far
    for n in (0, 5, 3, len(replay), 17, 16, 1, len(replay) // 2, len(replay) // 2 + 1, 0):
        replay.seek(n)
        assert replay.position == n
        assert state_of(replay.game) == states[n]
        assert replay.game.log == game.log[:n]
    replay.seek(10)
    replay.forward()
    assert state_of(replay.game) == states[11]
    # game_at gives independent copies
    copy = replay.game_at(20)
    assert state_of(copy) == states[20]
    assert replay.position == 11
    replay.back()
    replay.back()
    assert replay.position == 9 and state_of(replay.game) == states[9]
    with pytest.raises(IndexError):
        replay.seek(len(replay) + 1)
    replay.seek(0)
    replay.back()  # nothing before the start
    assert replay.position == 0
    replay.seek(len(replay))
    assert replay.forward() == []


def test_saves_replay(catalogue, tmp_path):
    game = play(catalogue, "sabotage", ("kappic_eagles", "flickering_blade"), 11)
    Replay.from_save(game.to_dict(), catalogue).verify()
    path = tmp_path / "slot1.json"
    save_game(game, path)
    replay = replay_from_save_file(path, catalogue)
    replay.verify()
    replay.seek(len(replay))
    assert state_of(replay.game) == state_of(game)


def test_a_tampered_record_is_caught(catalogue):
    game = play(catalogue, "dual_strike", ("gideon", "deathless_destroyers"), 1)
    record = list(game.record)
    i = next(k for k in range(len(record) // 2, len(record)) if record[k][0] == "d6")
    record[i] = ("d6", 1 if record[i][1] != 1 else 6)
    replay = Replay(game.config, game.log, record, game.events, game.state)
    with pytest.raises(ReplayError) as caught:  # a mismatch, or an action refused
        replay.verify()
    assert "event" in str(caught.value) or "action" in str(caught.value) \
        or "state" in str(caught.value)


def test_a_missing_event_is_named(catalogue):
    game = play(catalogue, "dual_strike", ("gideon", "deathless_destroyers"), 2)
    events = list(game.events)
    del events[40]
    replay = Replay(game.config, game.log, game.record, events, game.state)
    with pytest.raises(ReplayMismatch, match="event 41"):
        replay.verify()
