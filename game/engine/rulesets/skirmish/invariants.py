"""What must hold in every position of a skirmish game (added to
:func:`game.engine.invariants.broken_invariants`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.rulesets.skirmish.core import (
    MARKERS,
    SkirmishFlag,
    fatigued,
    profile,
    shaken,
    skirmish_state,
)
from game.engine.state import Phase

if TYPE_CHECKING:
    from game.engine.game import Game


def broken(game: Game) -> list[str]:
    state = skirmish_state(game)
    problems: list[str] = []
    for op in state.operatives.values():
        tough = profile(game, op).tough
        if op.on_killzone and op.damage >= tough:
            problems.append(f"{op.id} has {op.damage} wounds of Tough {tough} but stands")
        if not op.on_killzone and op.hex is None and op.taken_down and op.damage < tough:
            problems.append(f"{op.id} is destroyed with only {op.damage} wounds")
        if str(SkirmishFlag.FATIGUED) in op.flags and state.phase == Phase.SETUP:
            problems.append(f"{op.id} is fatigued before the first round")
        if shaken(op) and not fatigued(op):
            problems.append(f"{op.id} is Shaken but not counted as fatigued")
    for marker, player in state.control.items():
        if marker not in MARKERS or player not in (1, 2):
            problems.append(f"marker {marker} is held by {player!r}")
        elif game.objective_hex(marker) is None:
            problems.append(f"marker {marker} is held but not on the killzone")
    placed = [h for m, h in state.objective_hexes.items()]
    if len(placed) != len(set(placed)):
        problems.append("two markers share a hex")
    if state.active is None and (state.order or state.target or state.pending):
        problems.append("an order, target or owed decision outside an activation")
    if not 1 <= state.turning_point <= game.config.turning_points:
        problems.append(f"round {state.turning_point} out of range")
    return problems


__all__ = ["broken"]
