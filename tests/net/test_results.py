"""Ending a mission by the players' word over the network: a concession at any moment, and
a draw offered by one seat and accepted by the other (never entered by one seat alone)."""

from __future__ import annotations

import asyncio

import pytest

from game.net.client import ServerError
from tests.net.helpers import seated_pair, serving


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


@pytest.mark.parametrize("who", ["mover", "waiter"])
def test_a_seat_concedes_at_any_moment_and_the_other_wins(tmp_path, catalogue, who):
    async def scenario() -> None:
        async with serving(tmp_path / "g.sqlite3") as url:
            one, two = await seated_pair(url, catalogue)
            mover, waiter = (one, two) if one.my_turn else (two, one)
            loser = mover if who == "mover" else waiter
            winner = waiter if loser is mover else mover
            await loser.concede()
            while not winner.over:
                await winner.wait_change()
            assert loser.over and loser.winner == winner.seat == winner.winner
            with pytest.raises(ServerError) as caught:
                await winner.concede()
            assert caught.value.code == "game_over"
            for c in (one, two):
                await c.close()

    run(scenario())


def test_a_draw_needs_an_offer_from_one_seat_and_the_other_seats_acceptance(
        tmp_path, catalogue):
    async def scenario() -> None:
        async with serving(tmp_path / "g.sqlite3") as url:
            one, two = await seated_pair(url, catalogue)
            mover, waiter = (one, two) if one.my_turn else (two, one)
            await waiter.offer_draw()
            while mover.draw_offer != waiter.seat:
                await mover.wait_change()
            with pytest.raises(ServerError) as caught:  # one's own offer cannot be accepted
                await waiter.accept_draw()
            assert caught.value.code == "no_offer"
            await mover.act(next(a for a in mover.legal
                                 if a.split()[1] not in ("concede", "agree")))
            # (an action lets the offer lapse)
            next_mover = one if one.my_turn else two
            with pytest.raises(ServerError) as caught:
                await next_mover.accept_draw()
            assert caught.value.code == "no_offer"
            offerer = next_mover
            taker = two if offerer is one else one
            await offerer.offer_draw()
            while taker.draw_offer != offerer.seat:
                await taker.wait_change()
            await taker.accept_draw()
            while not offerer.over:
                await offerer.wait_change()
            assert taker.over and taker.winner == offerer.winner == 0
            for c in (one, two):
                await c.close()

    run(scenario())
