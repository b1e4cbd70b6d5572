"""The computer player in a seat on a server: ``python -m game.net.bot --code CODE
[--host H] [--port P] [--seat 1|2] [--level easy|normal|hard|greedy|random] [--seed N]``
joins the game with that join code and plays it to the end, deciding from its seat's view
only (as every computer player does: game/ai).
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence

from game.ai.players import LEVEL_NAMES, player_for
from game.cli.args import Parser, count
from game.engine.actions import Action
from game.engine.defs import Catalogue
from game.net.client import Client, Disconnected, ServerError, play_scripted


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m game.net.bot",
                                     description="Seat the computer player in an online game.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=count(1, 65535), default=8765)
    parser.add_argument("--code", required=True, help="the game's join code")
    parser.add_argument("--seat", type=int, choices=(1, 2), help="default: the free one")
    parser.add_argument("--level", choices=LEVEL_NAMES, default="normal")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args(argv)
    from game.content import load_catalogue

    try:
        client = asyncio.run(join_and_play(f"ws://{options.host}:{options.port}",
                                           load_catalogue(), options.code, options.seat,
                                           options.level, options.seed))
    except (ServerError, Disconnected, OSError) as error:
        print(f"cannot play: {error}", file=sys.stderr)
        return 1
    print(f"the mission is over: winner {client.winner}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
