"""Positions from random games for the computer-player tests, and cheap budgets."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from game.ai.common import playable
from game.ai.players import RandomViewPlayer
from game.ai.search import Budget, SearchPlayer
from game.content import load_catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game
from tests.helpers import position

CATALOGUE = load_catalogue()
FIXTURES = Path(__file__).resolve().parent / "fixtures"  # small positions, as scenario files
MISSIONS = sorted(CATALOGUE.missions)
TEAMS = sorted(CATALOGUE.fireteams)

# the search levels' code paths at a budget a test can afford
CHEAP = {"easy": Budget(1, 0, 0, noise=0.75, prescreen=4, aggression=1.2),
         "normal": Budget(3, 2, 1),
         "hard": Budget(2, 2, 2, diverse=True, finalists=2, extra=1, threat=0.4)}


def cheap_player(level: str, seed: int) -> object:
    if level in CHEAP:
        return SearchPlayer(seed, level, CHEAP[level])
    from game.ai.players import player_for
    return player_for(level, seed)


def decisions(seed: int, every: int, *, mission: str | None = None,
              teams: tuple[str, str] | None = None, rules: str = "fireteam") -> Iterator[Game]:
    """A random game at every ``every``-th decision with more than one playable action (the
    same game object, moved on between yields): of ``mission`` and ``teams`` under ``rules``,
    the mission and fireteams chosen by ``seed`` where not given."""
    mission = mission or MISSIONS[seed % len(MISSIONS)]
    teams = teams or (TEAMS[seed % len(TEAMS)], TEAMS[(seed * 5 + 1) % len(TEAMS)])
    game = Game.new(CATALOGUE, mission, teams, RandomDice(seed), rules=rules)
    mover = RandomViewPlayer(seed)
    step = 0
    while not game.is_over:
        view = game.view(game.to_act)
        if len(playable(view.legal_actions)) > 1:
            if step % every == 0:
                yield game
            step += 1
        game.apply(mover.choose(view))


def fixture_text(name: str) -> str:
    """The text of the position file ``tests/ai/fixtures/NAME.yaml``."""
    return (FIXTURES / f"{name}.yaml").read_text(encoding="utf-8")


def fixture(name: str, text: str | None = None, *, played: bool = False) -> Game:
    """The game the position file ``tests/ai/fixtures/NAME.yaml`` sets up, or ``text`` (that
    file's text changed); ``played``: with its ``actions`` applied."""
    return position(fixture_text(name) if text is None else text, played=played,
                    file=str(FIXTURES / f"{name}.yaml"))


def one_a_side(mission: str, at: str, enemy_at: str, *, card: str = "assault_intercessor",
               **start: object) -> str:
    """The scenario text of ``mission`` with one operative of ``card`` a side: player 1's
    ``a`` on ``at``, player 2's ``z`` on ``enemy_at``; in the firefight of the first turning
    point with player 1's initiative unless ``start`` (keys of the file's ``start``, values
    in its notation) says otherwise."""
    keys = {"turning_point": 1, "phase": "firefight", "initiative": 1, **start}
    return (f"mission: {mission}\n"
            "operatives:\n"
            f"  - {{id: a, player: 1, card: {card}, at: {at}}}\n"
            f"  - {{id: z, player: 2, card: {card}, at: {enemy_at}}}\n"
            f"start: {{{', '.join(f'{k}: {v}' for k, v in keys.items())}}}\n")


class Sentinel:
    """Dice that fail the test if anyone rolls them while the computer decides."""

    def d6(self) -> int:
        raise AssertionError("the computer touched the game's dice")

    def below(self, n: int) -> int:
        raise AssertionError("the computer touched the game's dice")

    def to_dict(self) -> dict[str, Any]:
        raise AssertionError("the computer touched the game's dice")
