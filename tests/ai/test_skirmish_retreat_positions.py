"""The skirmish retreat positions (`missions/puzzles/retreat_skirmish_*`), checked by the
engine: of the orders that end by the marker the unit must seize, the solution's are exactly
those after which no order the last ork may give attacks the unit or brings the ork within
reach of a marker; and the heuristics rank the solution among the orders hard plays out."""

from __future__ import annotations

import pytest

from game.ai.puzzles import POSITIONS, Puzzle, load_puzzle, solved
from game.ai.rulesets.skirmish import scores as skirmish
from game.ai.search import LEVELS
from game.engine import Game
from game.engine.rulesets.skirmish import SEIZE_REACH, Advance, Charge
from tests.ai.helpers import CATALOGUE

NAMES = sorted(p.stem for p in POSITIONS.glob("retreat_skirmish_*.yaml"))


def load(name: str) -> Puzzle:
    return load_puzzle(POSITIONS / f"{name}.yaml", CATALOGUE)


def seizing(puzzle: Puzzle) -> list[Advance]:
    """The orders (an Advance or a Rush) of the unit to act that end by the marker m1."""
    game = puzzle.game
    marker = game.objective_hex("m1")
    assert marker is not None
    return [a for a in game.legal_actions() if isinstance(a, Advance)
            and game.grid.distance(a.path[-1], marker) <= SEIZE_REACH]


def threatened(game: Game, unit: str, markers: list[str]) -> bool:
    """Whether some sequence of decisions of the player to act (the enemy: every one the
    engine lists, the attacks on ``unit`` not played) attacks ``unit`` or ends within reach
    of a marker (two hexes for a charge, which may consolidate after its fight)."""
    enemy = game.to_act
    stack = [game]
    while stack:
        g = stack.pop()
        if g.is_over or g.to_act != enemy:
            continue
        for action in g.legal_actions():
            if action.verb in ("concede", "agree"):
                continue
            if getattr(action, "target", None) == unit:
                return True
            if isinstance(action, Charge):
                end = action.path[-1] if action.path else None
                if end is None or any(g.grid.distance(end, m) <= SEIZE_REACH + 1
                                      for m in markers):
                    return True
                continue
            if action.verb == "shoot":
                continue
            after = g.clone()
            after.apply(action)
            if any(o.hex is not None and after.grid.distance(o.hex, m) <= SEIZE_REACH
                   for o in after.on_killzone(enemy) for m in markers):
                return True
            stack.append(after)
    return False


def test_there_are_three() -> None:
    assert NAMES == ["retreat_skirmish_1", "retreat_skirmish_2", "retreat_skirmish_3"]


@pytest.mark.parametrize("name", NAMES)
def test_the_solution_is_the_only_order_by_the_marker_the_last_ork_cannot_touch(
        name: str) -> None:
    puzzle = load(name)
    game = puzzle.game
    me = game.to_act
    first = puzzle.best[0]
    assert isinstance(first, Advance)  # an Advance or a Rush
    unit = first.operative
    # the markers whose loss costs the win: the one to seize and those already ours
    markers = [h for m in game.config.objectives
               if (m == "m1" or game.state.control.get(m) == me)
               and (h := game.objective_hex(m)) is not None]
    orders = seizing(puzzle)
    assert len(orders) >= 10
    safe = []
    for order in orders:
        after = game.clone()
        after.apply(order)
        while not after.is_over and after.to_act == me:  # the Advance's shot: held
            after.apply(next(a for a in after.legal_actions() if a.verb == "holdfire"))
        if not threatened(after, unit, markers):
            safe.append(order)
    assert safe == [a for a in orders if solved(puzzle, a)]


@pytest.mark.parametrize("name", NAMES)
def test_the_heuristics_rank_the_safe_hex_among_the_orders_hard_plays_out(name: str) -> None:
    puzzle = load(name)
    game = puzzle.game
    ranked = sorted(game.legal_actions(), key=lambda a: -skirmish.score(game, a))
    first = next(k for k, a in enumerate(ranked) if solved(puzzle, a))
    assert first < LEVELS["hard"].candidates
