"""``python -m game.cli.bot --code CODE [--host H] [--port P] [--seat 1|2]
[--level easy|normal|hard|greedy|random] [--seed N]``: the computer player takes a seat of an
online game (:mod:`game.net.bot`) and plays it to the end."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Sequence

from game.ai.players import LEVEL_NAMES
from game.cli.args import Parser, count
from game.net.bot import join_and_play
from game.net.client import Disconnected, ServerError


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m game.cli.bot",
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
