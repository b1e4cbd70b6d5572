"""``python tools/ai_ceiling.py [--budget LEVEL] [--cards-only] --a hard --b LEVEL ARENA ARGS...``

A measuring tool, not a player: the computer's search with foreknowledge, to show how far
its judgement can carry at all. Player A (``--a hard`` in the arena's arguments) searches
with the level ``--budget`` gives (hard's own by default), but every game it plays out is a
copy of the real game instead of one rebuilt from its view: it knows the other side's hidden
cards and every die still to be rolled (``--cards-only``: the cards, not the dice). Everything
else is the arena's (``python -m game.cli.arena``): the same games, seats and last lines.

A fair player cannot do better than this with the same judgement at the leaves, so the share
it wins is a ceiling for that judgement. The measurement and what it means are in
docs/ai.md, "A ceiling: the search that knows the dice".
Example, the issue 23 measurement in two parts on two cores::

    python tools/ai_ceiling.py --a hard --b normal --games 48 --seed 31
    python tools/ai_ceiling.py --a hard --b normal --games 96 --first 48 --seed 31
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import arena, search  # noqa: E402
from game.ai.search import LEVELS, SearchPlayer  # noqa: E402
from game.cli import arena as arena_cli  # noqa: E402
from game.cli.args import Parser, level  # noqa: E402
from game.engine import Action, Game, RandomDice, SplitMix64, View  # noqa: E402

FORESEER = "hard"  # the level name the foreseeing player plays under in the arena


class _Foresight:
    """The real game of the arena's current match, and whether the foreseer is choosing."""

    game: Game | None = None
    choosing = False


def install(budget: str, cards_only: bool = False) -> None:
    """Make the arena's ``hard`` player search ``budget``'s way on copies of the real game
    (``cards_only``: with the hidden cards known but fresh dice, so it foresees no roll)."""
    LEVELS[FORESEER] = LEVELS[budget]
    play, worlds, choose = arena.play, search._worlds, SearchPlayer.choose

    def seen_play(game: Game, players: dict[int, object], a_seat: int,
                  tally: arena.Tally) -> None:
        _Foresight.game = game
        play(game, players, a_seat, tally)

    def true_worlds(view: View, rng: SplitMix64, count: int) -> list[Game]:
        real = _Foresight.game
        if _Foresight.choosing and real is not None:
            if cards_only:
                # the hidden cards as they are, the dice to come drawn afresh
                return [real.clone(dice=RandomDice(rng.below(1 << 62)))
                        for _ in range(count)]
            # each copy carries the real dice generator's state: the dice to come
            return [real.clone() for _ in range(count)]
        return worlds(view, rng, count)

    def foreseeing_choose(self: SearchPlayer, view: View,
                          rng: SplitMix64 | None = None) -> Action:
        _Foresight.choosing = self.level == FORESEER
        try:
            return choose(self, view, rng)
        finally:
            _Foresight.choosing = False

    arena.play = seen_play  # type: ignore[assignment]
    search._worlds = true_worlds
    SearchPlayer.choose = foreseeing_choose  # type: ignore[method-assign]


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python tools/ai_ceiling.py",
                    description="The arena with player A searching on copies of the real game "
                    "(hidden cards and dice to come known): a ceiling for the search's "
                    "judgement. Other arguments go to python -m game.cli.arena.")
    parser.add_argument("--budget", choices=tuple(LEVELS), default=FORESEER,
                        help="the level whose search the foreseeing player uses (hard)")
    parser.add_argument("--a", required=True, choices=(FORESEER,),
                        help="the foreseeing player: hard")
    parser.add_argument("--b", required=True, type=level, metavar="LEVEL",
                        help="its opponent, any level but hard")
    parser.add_argument("--cards-only", action="store_true",
                        help="know the hidden cards but not the dice to come")
    args, rest = parser.parse_known_args(argv)
    if args.b == FORESEER:
        parser.error("argument --b: would foresee too; give another level than hard")
    install(args.budget, args.cards_only)
    return arena_cli.main(["--a", FORESEER, "--b", args.b, *rest])


if __name__ == "__main__":
    sys.exit(main())
