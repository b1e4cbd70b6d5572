"""Moves in the skirmish rules: the hexes an order's move reaches, with a path to each, and
the reason a given path is not allowed. A move enters free hexes (no blocked hex, no
operative), one neighbour after another, up to the order's distance; a move that starts in
or enters difficult terrain covers at most :data:`DIFFICULT_LIMIT` hexes; only a charge may
end next to an enemy (the seed's "stay clear of other units")."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.rulesets.skirmish.core import DIFFICULT_LIMIT, difficult, enemies_near
from game.engine.state import OperativeState

if TYPE_CHECKING:
    from game.engine.game import Game


def _bfs(game: Game, start: str, limit: int, avoid_difficult: bool,
         ) -> dict[str, tuple[str, ...]]:
    grid = game.grid
    taken = game.occupied()
    paths: dict[str, tuple[str, ...]] = {start: ()}
    frontier = [start]
    for _ in range(limit):
        nxt: list[str] = []
        for h in frontier:
            for n in grid.neighbours(h):
                if n in paths or n in grid.blocked or n in taken:
                    continue
                if avoid_difficult and difficult(game, n):
                    continue
                paths[n] = (*paths[h], n)
                nxt.append(n)
        frontier = nxt
    del paths[start]
    return paths


def reach(game: Game, op: OperativeState, limit: int) -> dict[str, tuple[str, ...]]:
    """Every hex ``op`` can move to with a move of up to ``limit`` hexes, each with a
    shortest allowed path (the hexes entered, in order), difficult terrain counted."""
    assert op.hex is not None
    short = _bfs(game, op.hex, min(limit, DIFFICULT_LIMIT), avoid_difficult=False)
    if limit <= DIFFICULT_LIMIT or difficult(game, op.hex):
        return short
    clean = _bfs(game, op.hex, limit, avoid_difficult=True)
    for h, path in clean.items():
        short.setdefault(h, path)
    return short


def why_not_path(game: Game, op: OperativeState, path: tuple[str, ...], limit: int,
                 ) -> str | None:
    """Why ``op`` may not move along ``path`` with a move of up to ``limit`` hexes."""
    assert op.hex is not None
    grid = game.grid
    if len(path) > limit:
        return f"{len(path)} hexes is more than this move's {limit}"
    taken = game.occupied()
    here = op.hex
    seen = {here}
    for h in path:
        if not grid.is_on_board(h):
            return f"{h} is not a hex of the killzone"
        if h not in grid.neighbours(here):
            return f"{h} is not next to {here}"
        if h in grid.blocked:
            return f"{h} is a blocked hex"
        if h in taken:
            return f"{h} holds an operative"
        if h in seen:
            return f"the path enters {h} twice"
        seen.add(h)
        here = h
    if len(path) > DIFFICULT_LIMIT and any(difficult(game, h) for h in (op.hex, *path)):
        return (f"a move touching difficult terrain covers at most {DIFFICULT_LIMIT} hexes "
                f"(6\")")
    return None


def ends_clear(game: Game, op: OperativeState, end: str) -> str | None:
    """Why a move other than a charge may not end on ``end``: next to an enemy."""
    near = enemies_near(game, op, end)
    if near:
        return f"only a charge may end next to an enemy ({near[0].id} is next to {end})"
    return None


__all__ = ["ends_clear", "reach", "why_not_path"]
