"""The computer only ever returns legal actions, on every mission and with every fireteam."""

from __future__ import annotations

import pytest

from tests.ai.helpers import MISSIONS, TEAMS, cheap_player, decisions


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "greedy", "random"])
def test_only_legal_actions(level: str) -> None:
    seen_missions, seen_teams, checked = set(), set(), 0
    for seed in range(len(MISSIONS)):  # every mission once (both packs)
        for game in decisions(seed + 40, every=16 if level in ("normal", "hard") else 6):
            seat = game.to_act
            action = cheap_player(level, seed).choose(game.view(seat))
            assert game.is_legal(action), (str(action), game.why_not(action))
            seen_missions.add(game.config.mission.id)
            seen_teams.update(t.id for t in game.config.fireteams.values())
            checked += 1
    assert seen_missions == set(MISSIONS) and seen_teams == set(TEAMS)
    assert checked >= 100
