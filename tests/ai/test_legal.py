"""The computer only ever returns legal actions, on every mission and with every fireteam."""

from __future__ import annotations

import functools

import pytest

from game.engine import Game
from tests.ai.helpers import MISSIONS, TEAMS, cheap_player, decisions


@functools.cache
def positions(every: int) -> tuple[tuple[int, Game], ...]:
    """(seed, position) at every ``every``-th decision of one random game per mission (both
    packs, every fireteam), played once and shared by the levels."""
    return tuple((seed, game.clone()) for seed in range(len(MISSIONS))
                 for game in decisions(seed + 40, every=every))


# the searching levels' legality on fewer positions in the fast tier, on many in the slow one
# (the fast tier's searching levels try a handful of positions, not every mission: the cheap
# levels there and every level in the whole suite cover every mission and fireteam)
@pytest.mark.parametrize("level,every,least", [
    ("easy", 48, 25), ("greedy", 24, 25), ("random", 12, 50), ("normal", 384, 8),
    ("hard", 384, 8), pytest.param("easy", 6, 100, marks=pytest.mark.slow),
    pytest.param("greedy", 6, 100, marks=pytest.mark.slow),
    pytest.param("random", 6, 100, marks=pytest.mark.slow),
    pytest.param("normal", 16, 100, marks=pytest.mark.slow),
    pytest.param("hard", 16, 100, marks=pytest.mark.slow)])
def test_only_legal_actions(level: str, every: int, least: int) -> None:
    seen_missions, seen_teams, checked = set(), set(), 0
    covers = every <= 48
    chosen = positions(6)[::every // 6] if every % 6 == 0 else positions(every)
    for seed, game in chosen:
        seat = game.to_act
        action = cheap_player(level, seed).choose(game.view(seat))
        assert game.is_legal(action), (str(action), game.why_not(action))
        seen_missions.add(game.config.mission.id)
        seen_teams.update(t.id for t in game.config.fireteams.values())
        checked += 1
    if covers:
        assert seen_missions == set(MISSIONS) and seen_teams == set(TEAMS)
    assert checked >= least
