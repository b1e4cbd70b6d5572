"""Whole games over real sockets on 127.0.0.1: the same game as on the engine alone, and no
byte sent to a seat ever names a target card hidden from it."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from game.net.client import play_scripted, seeded_chooser
from tests.net.helpers import (
    TEAMS,
    assert_played_alike,
    play_locally,
    seated_pair,
    seed_of,
    serving,
)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def whole_game(db, catalogue, mission="dual_strike", teams=TEAMS, rules="fireteam"):
    async with serving(db) as url:
        one, two = await seated_pair(url, catalogue, mission, teams, rules)
        await asyncio.gather(play_scripted(one, seeded_chooser(1)),
                             play_scripted(two, seeded_chooser(2)))
        await one.close()
        await two.close()
    return one, two


@pytest.mark.slow
@pytest.mark.parametrize("mission,teams", [("dual_strike", TEAMS),
                                           ("sabotage", ("bad_ladz", "kappic_eagles"))])
def test_a_whole_game_equals_the_same_seeded_game_on_the_engine(tmp_path, catalogue,
                                                                mission, teams):
    db = tmp_path / "games.sqlite3"
    one, two = run(whole_game(db, catalogue, mission, teams))
    game, _ = play_locally(catalogue, seed_of(db, one.game_id), mission, teams)
    assert_played_alike(one, two, game)
    for client, seat in ((one, 1), (two, 2)):
        assert client.view.hand_sizes == game.view(seat).hand_sizes
    assert len(game.log) > 40


@pytest.mark.slow
def test_no_byte_sent_to_a_seat_names_a_card_hidden_from_it(tmp_path, catalogue):
    db = tmp_path / "games.sqlite3"
    one, two = run(whole_game(db, catalogue, "sabotage", ("gideon", "kappic_eagles")))
    _, hidden = play_locally(catalogue, seed_of(db, one.game_id), "sabotage",
                             ("gideon", "kappic_eagles"))
    targets = set(catalogue.targets)
    for client, seat in ((one, 1), (two, 2)):
        ply, own_seen, checked = 0, set(), 0
        assert client.received
        for text in client.received:
            ply = json.loads(text).get("ply", ply)
            for card in hidden[ply][seat]:
                assert not re.search(rf"\b{re.escape(card)}\b", text), \
                    f"seat {seat} was sent {card} at ply {ply}: {text[:300]}"
                checked += 1
            own_seen |= {c for c in targets if re.search(rf"\b{re.escape(c)}\b", text)}
        assert checked > 100
        # the seat was sent its own cards (so the scan looks where secrets would be)
        assert len(own_seen) >= 3
