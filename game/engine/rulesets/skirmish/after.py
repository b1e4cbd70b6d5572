"""What follows the attacks of an activation in the skirmish rules: striking back, the
survivor's step or the charger's pulling back after a melee, the morale tests owed at the
end of the activation, clearing Shaken after an idle activation, and pushing a Shaken
target."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.engine.events import Moved
from game.engine.hexgrid import parse_label
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.rulesets.skirmish.actions import Consolidate, Meet, Push, StrikeBack
from game.engine.rulesets.skirmish.combat import (
    can_strike,
    dangerous_test,
    end_of_activation_tests,
    melee_result,
    strike,
)
from game.engine.rulesets.skirmish.core import (
    CONSOLIDATE_REACH,
    PUSH_NEEDS,
    SkirmishFlag,
    activatable,
    at_half,
    enemies_near,
    meet_hexes,
    set_flag,
    shaken,
    skirmish_state,
)
from game.engine.rulesets.skirmish.events import Met, PulledBack, Pushed, Rallied, StruckBack
from game.engine.state import OperativeState, opponent

if TYPE_CHECKING:
    from game.engine.game import Game


def free_neighbours(game: Game, hex_: str) -> list[str]:
    grid = game.grid
    taken = game.occupied()
    return [h for h in grid.neighbours(hex_) if h not in grid.blocked and h not in taken]


def follow_up(game: Game, charger: OperativeState, defender: OperativeState) -> None:
    """After a melee: when one side is destroyed, the other may step one hex (a
    decision); otherwise the charger pulls back out of contact where it can."""
    state = skirmish_state(game)
    state.to_act = charger.player
    if charger.on_killzone != defender.on_killzone:
        survivor = charger if charger.on_killzone else defender
        state.pending = "consolidate"
        state.to_act = survivor.player
        return
    if charger.on_killzone:
        pull_back(game, charger)


def pull_back(game: Game, op: OperativeState) -> None:
    """The charger steps to a free hex next to it that is next to no enemy, the first such
    in the order of the hex names (A1, A2, ..., B1, ...); none: it stays."""
    assert op.hex is not None
    start = op.hex
    options = sorted((h for h in free_neighbours(game, start)
                      if not enemies_near(game, op, h)), key=parse_label)
    if not options:
        game.emit(PulledBack(op.id, (start,)))
        return
    to = options[0]
    op.hex = to
    game.invalidate()
    game.emit(PulledBack(op.id, (start, to)))


class MeetRule(ActionRule[Meet]):
    """A charge that ended two hexes short: the defender's player may step it one hex into
    contact (the seed's "defenders may move up to 3 inches to meet them"), and the melee is
    fought; or it stays, and there is no melee."""

    action = Meet

    def _pair(self, game: Game) -> tuple[OperativeState, OperativeState]:
        state = skirmish_state(game)
        assert state.active is not None and state.target is not None
        return state.operatives[state.active], state.operatives[state.target]

    def generate(self, game: Game, player: int) -> Iterator[Meet]:
        charger, defender = self._pair(game)
        for h in meet_hexes(game, defender, charger):
            yield Meet(player, defender.id, h)
        yield Meet(player, None)

    def why_not(self, game: Game, action: Meet) -> str | None:
        if action.operative is None:
            return None
        charger, defender = self._pair(game)
        if action.operative != defender.id:
            return f"only {defender.id}, the charged operative, may move to meet the charge"
        if action.hex not in meet_hexes(game, defender, charger):
            return f"{action.hex} is not a free hex next to both {defender.id} and {charger.id}"
        return None

    def apply(self, game: Game, action: Meet) -> None:
        state = skirmish_state(game)
        charger, defender = self._pair(game)
        state.pending = None
        state.to_act = charger.player
        if action.operative is None or action.hex is None:
            game.emit(Met(defender.id, None))
            state.target = None  # no melee: nobody was attacked
            return
        start = defender.hex
        assert start is not None
        defender.hex = action.hex
        game.invalidate()
        game.emit(Met(defender.id, action.hex))
        game.emit(Moved(defender.id, (start, action.hex)))
        dangerous_test(game, defender, action.hex)
        if defender.on_killzone and charger.on_killzone:
            fight(game, charger, defender)


class StrikeBackRule(ActionRule[StrikeBack]):
    action = StrikeBack

    def generate(self, game: Game, player: int) -> Iterator[StrikeBack]:
        yield StrikeBack(player, True)
        yield StrikeBack(player, False)

    def why_not(self, game: Game, action: StrikeBack) -> str | None:
        return None

    def apply(self, game: Game, action: StrikeBack) -> None:
        state = skirmish_state(game)
        assert state.active is not None and state.target is not None
        charger, defender = state.operatives[state.active], state.operatives[state.target]
        state.pending = None
        game.emit(StruckBack(defender.id, action.strike))
        if action.strike:
            strike(game, defender, charger)
        after_melee(game)


def _survivor(game: Game) -> OperativeState:
    state = skirmish_state(game)
    assert state.active is not None and state.target is not None
    for op_id in (state.active, state.target):
        if state.operatives[op_id].on_killzone:
            return state.operatives[op_id]
    raise AssertionError("a melee without a survivor owes no step")


class ConsolidateRule(ActionRule[Consolidate]):
    action = Consolidate

    def generate(self, game: Game, player: int) -> Iterator[Consolidate]:
        op = _survivor(game)
        assert op.hex is not None
        yield Consolidate(player, op.id, op.hex)
        for h in free_neighbours(game, op.hex):
            yield Consolidate(player, op.id, h)

    def why_not(self, game: Game, action: Consolidate) -> str | None:
        op = _survivor(game)
        if action.operative != op.id:
            return f"only {op.id}, the melee's survivor, may step"
        assert op.hex is not None
        if action.hex == op.hex:
            return None
        if not game.grid.is_on_board(action.hex):
            return f"{action.hex} is not a hex of the killzone"
        if game.grid.distance(op.hex, action.hex) > CONSOLIDATE_REACH:
            return f"{action.hex} is more than {CONSOLIDATE_REACH} hex away"
        if action.hex not in free_neighbours(game, op.hex):
            return f"{action.hex} is not free"
        return None

    def apply(self, game: Game, action: Consolidate) -> None:
        op = game.state.operatives[action.operative]
        skirmish_state(game).pending = None
        game.state.to_act = game.state.operatives[game.state.active or op.id].player
        assert op.hex is not None
        if action.hex != op.hex:
            start = op.hex
            op.hex = action.hex
            game.invalidate()
            game.emit(Moved(op.id, (start, action.hex)))
            dangerous_test(game, op, action.hex)


def fight(game: Game, charger: OperativeState, defender: OperativeState) -> None:
    """The charger strikes; then the defender's player decides whether to strike back."""
    state = skirmish_state(game)
    strike(game, charger, defender)
    if can_strike(game, defender):
        state.pending = "strike_back"
        state.to_act = defender.player
        return
    after_melee(game)


def after_melee(game: Game) -> None:
    """The melee's result, then the survivor's step (a decision) or the charger's pulling
    back."""
    state = skirmish_state(game)
    assert state.active is not None and state.target is not None
    charger, defender = state.operatives[state.active], state.operatives[state.target]
    melee_result(game, charger, defender)
    follow_up(game, charger, defender)


def push_target(game: Game) -> OperativeState | None:
    """The Shaken enemy the active operative attacked (the first it shot at, when it split
    its fire), if it may be pushed now."""
    from game.engine.rulesets.skirmish.shooting import targets_shot

    state = skirmish_state(game)
    if state.active is None or state.target is None:
        return None
    attacker = state.operatives[state.active]
    if not attacker.on_killzone:
        return None
    for target_id in (*targets_shot(attacker), state.target):
        target = state.operatives[target_id]
        if target.on_killzone and shaken(target):
            assert target.hex is not None
            if free_neighbours(game, target.hex):
                return target
    return None


class PushRule(ActionRule[Push]):
    action = Push

    def generate(self, game: Game, player: int) -> Iterator[Push]:
        target = push_target(game)
        assert target is not None and target.hex is not None
        for h in free_neighbours(game, target.hex):
            yield Push(player, target.id, h)
        yield Push(player, None)

    def why_not(self, game: Game, action: Push) -> str | None:
        if action.operative is None:
            return None
        target = push_target(game)
        assert target is not None and target.hex is not None
        if action.operative != target.id:
            return f"only {target.id}, the Shaken target, may be pushed"
        if action.hex not in free_neighbours(game, target.hex):
            return f"{action.hex} is not a free hex next to {target.id}"
        return None

    def apply(self, game: Game, action: Push) -> None:
        state = skirmish_state(game)
        state.pending = None
        assert state.active is not None
        if action.operative is None or action.hex is None:
            game.emit(Pushed(state.active, state.target or "", 0, None))
        else:
            target = state.operatives[action.operative]
            roll = game.roll()
            if roll < PUSH_NEEDS:
                game.emit(Pushed(state.active, target.id, roll, None))
            else:
                start = target.hex
                target.hex = action.hex
                game.invalidate()
                game.emit(Pushed(state.active, target.id, roll, action.hex))
                assert start is not None
                dangerous_test(game, target, action.hex)
        wrap(game)


def morale(game: Game) -> None:
    """The end of an activation: the morale tests owed, Shaken cleared by an idle
    activation, then a push (a decision) or the activation is over."""
    state = skirmish_state(game)
    assert state.active is not None
    op = state.operatives[state.active]
    owed = bool(state.wounds_now.get(op.id)) and op.on_killzone and at_half(game, op)
    end_of_activation_tests(game)
    if state.order == "idle" and op.on_killzone and not owed:
        set_flag(op, SkirmishFlag.SHAKEN, False)
        game.emit(Rallied(op.id))
    if push_target(game) is not None:
        state.pending = "push"
        state.to_act = op.player
        return
    wrap(game)


def wrap(game: Game) -> None:
    """The activation is over: the other player activates next when they can; a player
    with nothing left to activate is noted (the first of the round goes first next)."""
    state = skirmish_state(game)
    assert state.active is not None
    from game.engine.rulesets.skirmish.shooting import clear_shots

    active = state.operatives[state.active]
    player = active.player
    clear_shots(active)
    state.active = state.order = state.target = state.pending = None
    state.wounds_now = {}
    game.invalidate()
    for p in (player, opponent(player)):
        if not activatable(game, p) and p not in state.done:
            state.done.append(p)
    other = opponent(player)
    state.to_act = other if activatable(game, other) else player


__all__ = ["ConsolidateRule", "MeetRule", "PushRule", "StrikeBackRule", "after_melee", "fight",
           "follow_up", "free_neighbours", "morale", "pull_back", "push_target", "wrap"]
