"""Things that must hold in every reachable position; checked after every action by the
simulator and the property tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.packs import last_turning_point
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game


def broken_invariants(game: Game, previous_vp: dict[int, int] | None = None) -> list[str]:
    """Every invariant the position breaks, in words (empty when all is well)."""
    state = game.state
    problems = _operative_problems(game)
    if not 1 <= state.turning_point <= last_turning_point(game.config):
        problems.append(f"turning point {state.turning_point} out of range")
    if not 1 <= state.turn <= 8:
        problems.append(f"turn {state.turn} out of range")
    if state.ap_left < 0:
        problems.append(f"negative AP left ({state.ap_left})")
    if state.step == Step.ACT and state.active is None:
        problems.append("an activation is running with no active operative")
    if previous_vp:
        for p in (1, 2):
            if state.vp[p] < previous_vp[p]:
                problems.append(f"player {p}'s VP fell from {previous_vp[p]} to {state.vp[p]}")
    cards = (state.deck + state.discard + state.hands[1] + state.hands[2]
             + state.active_targets[1] + state.active_targets[2]
             + state.completed[1] + state.completed[2])
    if len(cards) != len(set(cards)):
        problems.append("a target of opportunity card is in two places at once")
    if state.phase == Phase.OVER and state.winner is None:
        problems.append("the mission is over without a result")
    started = _last_turning_points(game)
    if len(started) == 2 and started[0] != started[1] + 1:
        problems.append(f"turning point {started[0]} began after turning point {started[1]}: "
                        "none may be skipped")
    problems.extend(game.book.invariants(game))  # the rule set's own
    if state.phase != Phase.OVER and not game.legal_actions():
        problems.append(f"no legal action at {state.phase}/{state.step}")
    return problems


def _operative_problems(game: Game) -> list[str]:
    """What is wrong with where the operatives stand and the wounds they carry."""
    grid = game.grid
    problems: list[str] = []
    seen: dict[str, str] = {}
    for op in game.state.operatives.values():
        if op.damage < 0:
            problems.append(f"{op.id} has negative wound counters ({op.damage})")
        if op.taken_down and op.hex is not None:
            problems.append(f"{op.id} is taken down but still on {op.hex}")
        if op.hex is None:
            continue
        if not grid.is_on_board(op.hex):
            problems.append(f"{op.id} is off the board at {op.hex}")
        if op.hex in grid.blocked:
            problems.append(f"{op.id} stands on the blocked hex {op.hex}")
        if op.hex in seen:
            problems.append(f"{op.id} and {seen[op.hex]} share {op.hex}")
        seen[op.hex] = op.id
        if op.damage >= game.datacard(op).wounds:
            problems.append(f"{op.id} has {op.damage} wound counters but is on the killzone")
    return problems


def _last_turning_points(game: Game) -> list[int]:
    """The numbers of the last two turning points begun, the latest first."""
    from game.engine.events import TurningPointStarted

    found: list[int] = []
    for event in reversed(game.events):
        if isinstance(event, TurningPointStarted):
            found.append(event.turning_point)
            if len(found) == 2:
                break
    return found
