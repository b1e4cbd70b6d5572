"""The arena runs (a few cheap games) and ends with the line issue 11 specifies."""

from __future__ import annotations

import re

import pytest

from game.ai import arena
from game.cli import arena as arena_cli
from game.content import load_catalogue

pytestmark = pytest.mark.slow  # whole games between computer players

LAST = re.compile(r"^(\w+) v (\w+): (\d+) wins, (\d+) losses, (\d+) draws; \1's decisions "
                  r"median \d+\.\d+ s, p95 \d+\.\d+ s; \2's decisions median \d+\.\d+ s, "
                  r"p95 \d+\.\d+ s; turns median \d+\.\d+ s$")
QUIET = re.compile(r"^games without an attack: (\d+) of (\d+)$")


def test_arena_last_line(capsys) -> None:  # type: ignore[no-untyped-def]
    assert arena_cli.main(["--a", "greedy", "--b", "random", "--games", "2", "--seed", "3"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    match = LAST.match(lines[-1])
    assert match, lines[-1]
    assert match.group(1, 2) == ("greedy", "random")
    assert sum(int(match.group(i)) for i in (3, 4, 5)) == 2
    quiet = QUIET.match(lines[-2])
    assert quiet, lines[-2]
    assert int(quiet.group(2)) == 2 and int(quiet.group(1)) <= 2


def test_arena_with_a_searching_level(capsys) -> None:  # type: ignore[no-untyped-def]
    assert arena_cli.main(["--a", "easy", "--b", "normal", "--games", "1", "--seed", "5",
                       "--mission", "dual_strike", "--fireteams", "gideon",
                       "deathless_destroyers", "--quiet"]) == 0
    assert LAST.match(capsys.readouterr().out.strip().splitlines()[-1])


class Pacifist:
    """Any playable action but an attack (the first of them): nobody is ever attacked."""

    level = "pacifist"

    def choose(self, view, rng=None):  # type: ignore[no-untyped-def]
        from game.ai.common import playable
        from game.engine import Attack

        return next(a for a in playable(view.legal_actions) if not isinstance(a, Attack))


def test_the_arena_counts_the_games_without_an_attack() -> None:
    from game.ai.players import player_for
    from game.engine import Game, RandomDice

    tally = arena.Tally()
    for seed in (1, 2):
        game = Game.new(load_catalogue(), "dual_strike", ("gideon", "bad_ladz"),
                        RandomDice(seed))
        arena.play(game, {1: Pacifist(), 2: Pacifist()}, 1, tally)
    assert tally.quiet_games == 2
    game = Game.new(load_catalogue(), "dual_strike", ("gideon", "bad_ladz"),
                    RandomDice(3))
    arena.play(game, {1: player_for("greedy", 1), 2: player_for("greedy", 2)}, 1, tally)
    assert tally.quiet_games == 2  # greedy players shoot
    assert len(tally.decisions) > 0 and len(tally.b_decisions) > 0


def test_every_pairing_of_fireteams_comes_up() -> None:
    for n in (6, 7):
        teams = [f"t{k}" for k in range(n)]
        pairs = [(x, y) for x in teams for y in teams]
        seen = {arena.pairing(i, pairs) for i in range(2 * len(pairs))}
        assert seen == set(pairs)


GAME = re.compile(r"^game (\d+): .*$")


def test_a_match_in_parts_plays_the_same_games(capsys) -> None:  # type: ignore[no-untyped-def]
    def games(*extra: str) -> list[str]:
        argv = ["--a", "greedy", "--b", "random", "--seed", "8", *extra]
        assert arena_cli.main(argv) == 0
        return [line for line in capsys.readouterr().out.splitlines() if GAME.match(line)]

    whole = games("--games", "3")
    parts = games("--games", "2") + games("--games", "3", "--first", "2")
    assert len(whole) == 3 and parts == whole
    assert GAME.match(parts[-1]).group(1) == "2"  # type: ignore[union-attr]


LINE = re.compile(r"^game (\d+): (\S+), A=\S+ \((\S+), seat (\d)\) v B=\S+ \((\S+)\)")


def test_each_mission_is_played_from_both_seats_by_each_side(capsys) -> None:  # type: ignore[no-untyped-def]
    assert arena_cli.main(["--a", "random", "--b", "random", "--seed", "5", "--games", "4"]) == 0
    games = [LINE.match(line).groups() for line in capsys.readouterr().out.splitlines()  # type: ignore[union-attr]
             if LINE.match(line)]
    assert [g[0] for g in games] == ["0", "1", "2", "3"]
    for first, second in (games[0:2], games[2:4]):
        # the same mission and fireteams, A in seat 1 then in seat 2
        assert first[1] == second[1] and first[2:3] + first[4:] == second[2:3] + second[4:]
        assert (first[3], second[3]) == ("1", "2")
    assert games[0][1] != games[2][1]  # then the next mission


def test_the_first_game_must_be_in_the_match(capsys) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SystemExit) as ended:
        arena_cli.main(["--a", "greedy", "--b", "random", "--games", "3", "--first", "3"])
    assert ended.value.code == 2
    assert "--first: must be below --games (3), not 3" in capsys.readouterr().err


def test_a_match_stopped_by_hand_prints_its_last_lines(  # type: ignore[no-untyped-def]
        capsys, monkeypatch) -> None:
    real = arena.play
    calls = []

    def play_then_stop(*args):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        real(*args)

    monkeypatch.setattr(arena, "play", play_then_stop)
    assert arena_cli.main(["--a", "greedy", "--b", "random", "--games", "3", "--seed", "8"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert "stopped: game 1 unfinished, 1 games played" in lines
    assert QUIET.match(lines[-2]).group(2) == "1"  # type: ignore[union-attr]
    match = LAST.match(lines[-1])
    assert match and sum(int(match.group(i)) for i in (3, 4, 5)) == 1
