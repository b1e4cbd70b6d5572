"""Online play carries the rule set and the mission pack: a game under the one-page skirmish
rules and one on a Kill Team classic mission, each played whole between two scripted clients
over real sockets on 127.0.0.1, equal the same seeded games on the engine alone; the server
refuses a mission the chosen rule set does not play, and a rule set it does not know."""

from __future__ import annotations

import asyncio

import pytest

from game.net.client import ServerError
from tests.net.helpers import TEAMS, assert_played_alike, connected, play_locally, seed_of, serving
from tests.net.test_online_game import whole_game


@pytest.mark.slow
@pytest.mark.parametrize("mission,rules", [("dual_strike", "skirmish"),
                                           ("kt_forward_push", "fireteam")])
def test_a_whole_online_game_equals_the_same_seeded_game_on_the_engine(tmp_path, catalogue,
                                                                       mission, rules):
    db = tmp_path / "games.sqlite3"
    one, two = asyncio.run(asyncio.wait_for(whole_game(db, catalogue, mission, TEAMS, rules), 300))
    game, _ = play_locally(catalogue, seed_of(db, one.game_id), mission, TEAMS, rules=rules)
    assert str(game.config.rules) == rules
    assert str(one.config.rules) == str(two.config.rules) == rules  # the clients know it
    assert (one.config.mission.pack_rules is not None) == mission.startswith("kt_")
    assert_played_alike(one, two, game)
    assert len(game.log) > 20


def test_the_server_refuses_a_mission_the_rule_set_does_not_play(tmp_path, catalogue):
    async def scenario() -> tuple[str, str, dict]:
        async with serving(tmp_path / "g.sqlite3") as url:
            client = await connected(url, catalogue)
            with pytest.raises(ServerError) as refused:
                await client.create("kt_forward_push", TEAMS, rules="skirmish")
            with pytest.raises(ServerError) as unknown:
                await client.create("dual_strike", TEAMS, rules="chess")
            await client.create("dual_strike", TEAMS, rules="skirmish", open_=True)
            spec = dict(client.spec or {})
            await client.close()
            return str(refused.value), str(unknown.value), spec

    refused, unknown, spec = asyncio.run(asyncio.wait_for(scenario(), 60))
    assert "do not play the mission 'kt_forward_push'" in refused
    assert "rules" in unknown and "skirmish" in unknown
    assert spec.get("rules") == "skirmish"
