"""The four orders of an activation (Hold, Advance, Rush, Charge), each an action rule of
the skirmish rule set: who may give it, where its move may go, and what it starts.

A Shaken operative may only Hold, and does nothing with it (it stays idle, which clears
Shaken at the end of the activation). Hold and Advance may shoot afterwards (the SHOOT
step), Rush may not; Charge moves next to an enemy and fights (the charger strikes, the
defender's player decides whether to strike back), or, when no hex next to it is in reach,
ends 2 hexes from it and the defender's player decides whether to step in to meet it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, TypeVar

from game.engine.events import Moved
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.rulesets.skirmish.actions import Advance, Charge, Hold, Order, Rush
from game.engine.rulesets.skirmish.after import after_melee, fight
from game.engine.rulesets.skirmish.combat import dangerous_test
from game.engine.rulesets.skirmish.core import (
    MEET_REACH,
    MELEE_REACH,
    activatable,
    meet_hexes,
    profile,
    shaken,
    skirmish_state,
)
from game.engine.rulesets.skirmish.events import Ordered
from game.engine.rulesets.skirmish.moving import ends_clear, reach, why_not_path
from game.engine.rulesets.skirmish.shooting import shots
from game.engine.state import OperativeState, opponent

if TYPE_CHECKING:
    from game.engine.game import Game

OrderT = TypeVar("OrderT", bound=Order)


def _why_not_operative(game: Game, player: int, op_id: str) -> str | None:
    op = game.state.operatives.get(op_id)
    if op is None or op.player != player:
        return f"no operative {op_id!r} of yours"
    if not op.on_killzone:
        return f"{op_id} is not on the killzone"
    if op.activated:
        return f"{op_id} has already activated this round"
    return None


def begin(game: Game, op: OperativeState, order: str) -> None:
    """Start ``op``'s activation with ``order``; dangerous terrain it activates in bites."""
    state = skirmish_state(game)
    state.active, state.order, state.target, state.pending = op.id, order, None, None
    state.wounds_now = {}
    op.activated = True
    game.invalidate()
    game.emit(Ordered(op.player, op.id, order))
    assert op.hex is not None
    dangerous_test(game, op, op.hex)


def walk(game: Game, op: OperativeState, path: tuple[str, ...], tested: bool) -> None:
    """Move ``op`` along ``path``; dangerous terrain entered bites once (if it did not
    already bite this activation: ``tested``)."""
    if not path or not op.on_killzone:
        return
    assert op.hex is not None
    start = op.hex
    op.hex = path[-1]
    game.invalidate()
    game.emit(Moved(op.id, (start, *path)))
    if not tested:
        for h in path:
            if h in game.config.dangerous:
                dangerous_test(game, op, h)
                break


class _OrderRule(ActionRule[OrderT]):
    """What the four orders share; ``limit`` is the move's hexes for ``op``."""

    def limit(self, game: Game, op: OperativeState) -> int:
        return 0

    def why_not(self, game: Game, action: OrderT) -> str | None:
        reason = _why_not_operative(game, action.player, action.operative)
        if reason is not None:
            return reason
        op = game.state.operatives[action.operative]
        if shaken(op) and not isinstance(action, Hold):
            return f"{op.id} is Shaken: it may only Hold, and stays idle"
        if isinstance(action, Hold):
            return None
        if not action.path and not isinstance(action, Charge):
            return "a move needs at least one hex (to stay put, Hold)"
        reason = why_not_path(game, op, action.path, self.limit(game, op))
        if reason is not None:
            return reason
        end = action.path[-1] if action.path else op.hex
        assert end is not None
        return self.why_not_end(game, op, action, end)

    def why_not_end(self, game: Game, op: OperativeState, action: OrderT, end: str) -> str | None:
        return ends_clear(game, op, end)

    def dangerous_start(self, game: Game, op: OperativeState) -> bool:
        assert op.hex is not None
        return op.hex in game.config.dangerous


class HoldRule(_OrderRule[Hold]):
    action = Hold

    def generate(self, game: Game, player: int) -> Iterator[Hold]:
        for op in activatable(game, player):
            yield Hold(player, op.id)

    def apply(self, game: Game, action: Hold) -> None:
        op = game.state.operatives[action.operative]
        idle = shaken(op)
        begin(game, op, "idle" if idle else "hold")
        if not idle and op.on_killzone and shots(game, op):
            skirmish_state(game).pending = "shoot"


class AdvanceRule(_OrderRule[Advance]):
    action = Advance
    undoable = False

    def limit(self, game: Game, op: OperativeState) -> int:
        return profile(game, op).advance

    def generate(self, game: Game, player: int) -> Iterator[Advance]:
        for op in activatable(game, player):
            if shaken(op):
                continue
            for end, path in reach(game, op, self.limit(game, op)).items():
                if ends_clear(game, op, end) is None:
                    yield self.action(player, op.id, path)

    def apply(self, game: Game, action: Advance) -> None:
        op = game.state.operatives[action.operative]
        tested = self.dangerous_start(game, op)
        begin(game, op, self.action.verb)
        walk(game, op, action.path, tested)
        if self.action is Advance and op.on_killzone and shots(game, op):
            skirmish_state(game).pending = "shoot"


class RushRule(AdvanceRule):
    action = Rush

    def limit(self, game: Game, op: OperativeState) -> int:
        return profile(game, op).rush


class ChargeRule(_OrderRule[Charge]):
    action = Charge

    def limit(self, game: Game, op: OperativeState) -> int:
        return profile(game, op).rush

    def generate(self, game: Game, player: int) -> Iterator[Charge]:
        grid = game.grid
        for op in activatable(game, player):
            if shaken(op) or not profile(game, op).melee:
                continue
            assert op.hex is not None
            ends = {op.hex: (), **reach(game, op, self.limit(game, op))}
            for enemy in game.on_killzone(opponent(player)):
                assert enemy.hex is not None
                near = {end: path for end, path in ends.items()
                        if grid.distance(end, enemy.hex) <= MELEE_REACH}
                if not near:  # as close as it can: where the defender may meet it
                    near = {end: path for end, path in ends.items()
                            if grid.distance(end, enemy.hex) == MELEE_REACH + MEET_REACH}
                for path in near.values():
                    yield Charge(player, op.id, enemy.id, path)

    def why_not_end(self, game: Game, op: OperativeState, action: Charge,
                    end: str) -> str | None:
        enemy = game.state.operatives.get(action.target)
        if enemy is None or enemy.player == op.player or not enemy.on_killzone:
            return f"no enemy {action.target!r} on the killzone"
        if not profile(game, op).melee:
            return f"{op.id} has no melee weapon to charge with"
        assert enemy.hex is not None
        distance = game.grid.distance(end, enemy.hex)
        if distance <= MELEE_REACH:
            return None
        if distance == MELEE_REACH + MEET_REACH and not _contact_in_reach(game, op, enemy):
            return None  # as close as it can: the defender may step to meet it
        return (f"the charge must end next to {enemy.id} (or {MELEE_REACH + MEET_REACH} "
                "hexes from it when no hex next to it is in reach)")

    def apply(self, game: Game, action: Charge) -> None:
        state = skirmish_state(game)
        op = state.operatives[action.operative]
        enemy = state.operatives[action.target]
        tested = self.dangerous_start(game, op)
        begin(game, op, "charge")
        state.target = enemy.id
        walk(game, op, action.path, tested)
        if not op.on_killzone:
            return
        assert op.hex is not None and enemy.hex is not None
        if game.grid.distance(op.hex, enemy.hex) > MELEE_REACH:
            if meet_hexes(game, enemy, op):
                state.pending = "meet"
                state.to_act = enemy.player
            else:
                state.target = None  # nobody in contact: no melee, nobody attacked
            return
        fight(game, op, enemy)


def _contact_in_reach(game: Game, op: OperativeState, enemy: OperativeState) -> bool:
    """Whether ``op``'s charge could end next to ``enemy``."""
    assert op.hex is not None and enemy.hex is not None
    ends = [op.hex, *reach(game, op, profile(game, op).rush)]
    return any(game.grid.distance(end, enemy.hex) <= MELEE_REACH for end in ends)


__all__ = ["AdvanceRule", "ChargeRule", "HoldRule", "RushRule", "activatable", "after_melee",
           "begin", "fight", "meet_hexes", "walk"]
