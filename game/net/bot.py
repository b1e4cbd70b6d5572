"""The computer player in a seat on a server: joins the game with a join code and plays it to
the end (``python -m game.cli.bot``), deciding from its seat's view
only (as every computer player does: game/ai).
"""

from __future__ import annotations

import asyncio

from game.ai.players import player_for
from game.engine.actions import Action
from game.engine.defs import Catalogue
from game.net.client import Client, play_scripted


async def play_computer(client: Client, level: str = "normal", seed: int = 0) -> None:
    """Play the client's seat to the end with the computer player of ``level`` (its
    thinking runs on a worker thread, so the connection stays answered)."""
    player = player_for(level, seed)

    async def choose(c: Client) -> Action:
        return await asyncio.to_thread(player.choose, c.view)

    await play_scripted(client, choose)


async def join_and_play(url: str, catalogue: Catalogue, code: str, seat: int | None,
                        level: str, seed: int) -> Client:
    client = Client(url, catalogue)
    await client.connect()
    await client.join(code, seat, name=f"Computer ({level})")
    try:
        await play_computer(client, level, seed)
    finally:
        await client.close()
    return client
