"""The turn structure as a table: for each phase, what happens by itself.

``step(game)`` performs one automatic step (a roll-off, a skipped strategy step, a passed
turn, the end phase) and returns True, or returns False when the game waits for a decision
(or is over). ``Game._advance`` calls it until it returns False, after every action.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.engine.effects import fire
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game

TURNS_PER_PHASE = 8
HAND_SIZE = 3


def _setup(game: Game) -> bool:
    state = game.state
    if state.step == Step.NONE:
        state.rolloff_winner = game.roll_off()
        winner, other = state.rolloff_winner, 3 - state.rolloff_winner
        if game.config.targets and not any(state.hands.values()):
            deck = sorted(game.config.targets)
            game.shuffle(deck)
            for _ in range(HAND_SIZE):
                for player in (winner, other):
                    if deck:
                        state.hands[player].append(deck.pop(0))
            state.deck = deck
            state.step, state.to_act = Step.MULLIGAN, winner
            game.note(f"player {winner} deals three targets of opportunity to each player")
        else:
            state.step, state.to_act = Step.DEPLOY, winner
        return True
    if state.step == Step.MULLIGAN:
        if len(state.mulliganed) < 2:
            return False
        state.step, state.to_act = Step.DEPLOY, state.rolloff_winner
        return True
    if state.step == Step.DEPLOY:
        if game.undeployed(1) or game.undeployed(2):
            if not game.undeployed(state.to_act):
                state.to_act = 3 - state.to_act
            return False
        check_control(game)
        state.phase, state.step = Phase.INITIATIVE, Step.NONE
        game.note("set-up is complete")
        game._changed()
        fire(game, "start_mission")
        return True
    raise AssertionError(f"set-up has no step {state.step!r}")


def _initiative(game: Game) -> bool:
    state = game.state
    game.note(f"--- turning point {state.turning_point} ---")
    fire(game, "start_turning_point")
    state.initiative = game.roll_off(tie_to=3 - state.initiative if state.initiative else 0)
    game.note(f"player {state.initiative} has the initiative")
    state.phase, state.step = Phase.STRATEGY, Step.REVEAL
    state.done = []
    state.to_act = state.initiative
    return True


def _order(game: Game) -> tuple[int, int]:
    first = game.state.initiative or 1
    return first, 3 - first


def _strategy(game: Game) -> bool:
    state = game.state
    for player in _order(game):
        if player in state.done:
            continue
        has_choice = bool(state.hands[player]) if state.step == Step.REVEAL else \
            bool(game.config.ploys_of(player))
        if has_choice:
            if state.to_act != player:
                state.to_act = player
                return True
            return False
        state.done.append(player)
        return True
    state.done = []
    if state.step == Step.REVEAL:
        state.step = Step.PLOY
    else:
        state.phase, state.step = Phase.FIREFIGHT, Step.ACTIVATE
        state.turn, state.to_act = 1, _order(game)[0]
    return True


def _firefight(game: Game) -> bool:
    state = game.state
    if state.step == Step.ACTIVATE:
        if state.on_killzone(state.to_act):
            return False
        game.note(f"player {state.to_act} has no operatives and passes turn {state.turn}")
        end_turn(game)
        return True
    if state.step == Step.ACT:
        assert state.active is not None
        op = state.operatives[state.active]
        if op.on_killzone and state.ap_left > 0:
            return False
        end_turn(game)
        return True
    raise AssertionError(f"the firefight phase has no step {state.step!r}")


def end_turn(game: Game) -> None:
    """The player to act has finished a turn: objectives, end-of-turn rules, the next turn."""
    state = game.state
    player = state.to_act
    finished = state.active
    state.active, state.ap_left, state.ap_spent, state.moved = None, 0, False, False
    state.step = Step.ACTIVATE
    # wargear that lasts for an activation ends with that operative's activation
    state.boosts = [b for b in state.boosts if not (b[3] == "activation" and b[2] == finished)]
    game._undo.clear()
    game._changed()
    check_control(game)
    fire(game, "end_of_turn", player)
    if game.is_over:
        return
    game._event({"type": "end_of_turn", "player": player})
    first, second = _order(game)
    if player == first:
        state.to_act = second
    else:
        state.turn += 1
        state.to_act = first
    if state.turn > TURNS_PER_PHASE:
        state.turn = TURNS_PER_PHASE
        state.phase, state.step = Phase.END, Step.NONE


def _end(game: Game) -> bool:
    state = game.state
    fire(game, "end_firefight_phase")
    game.check_sudden_victory()
    if game.is_over:
        return False
    fire(game, "end_phase")
    if game.is_over:
        return False
    state.ploys = {1: [], 2: []}
    state.boosts = [b for b in state.boosts if b[3] == "mission"]
    for op in state.operatives.values():
        op.activated = False
    game._changed()
    if state.turning_point >= game.config.turning_points:
        final_end_phase(game)
        return False
    state.turning_point += 1
    state.turn = 1
    state.phase, state.step = Phase.INITIATIVE, Step.NONE
    return True


def final_end_phase(game: Game, winner: int | None = None) -> None:
    """Add completed targets of opportunity to the VP totals and decide the mission: the
    most VP wins, unless a mission rule has already named the ``winner``."""
    state = game.state
    if state.phase == Phase.OVER:
        return
    for player in (1, 2):
        bonus = sum(game.config.targets[c].vp for c in state.completed[player]
                    if c in game.config.targets)
        if bonus:
            state.vp[player] += bonus
            game.note(f"player {player} adds {bonus} VP from targets of opportunity")
    one, two = state.vp[1], state.vp[2]
    if winner is None:
        winner = 0 if one == two else (1 if one > two else 2)
    state.winner = winner
    state.phase, state.step = Phase.OVER, Step.NONE
    result = "a draw" if state.winner == 0 else f"player {state.winner} wins"
    game.note(f"the mission is over: {one} VP to {two} VP, {result}")


def check_control(game: Game) -> None:
    """A player gains an objective with more operatives within 1 hex of it than the enemy."""
    state = game.state
    grid = game.grid
    for obj in game.config.objectives:
        hex_ = game.objective_hex(obj)
        if hex_ is None:
            continue
        counts = {1: 0, 2: 0}
        for op in state.operatives.values():
            if op.on_killzone and op.hex is not None and grid.distance(op.hex, hex_) <= 1:
                counts[op.player] += 1
        for player in (1, 2):
            if counts[player] > counts[3 - player] and state.control.get(obj, 0) != player:
                state.control[obj] = player
                game.note(f"player {player} takes control of {obj}")


def _over(game: Game) -> bool:
    return False


PHASES: dict[str, Callable[[Game], bool]] = {
    Phase.SETUP: _setup,
    Phase.INITIATIVE: _initiative,
    Phase.STRATEGY: _strategy,
    Phase.FIREFIGHT: _firefight,
    Phase.END: _end,
    Phase.OVER: _over,
}


def step(game: Game) -> bool:
    return PHASES[game.state.phase](game)


__all__ = ["step", "end_turn", "check_control", "final_end_phase"]
