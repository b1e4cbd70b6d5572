"""What the hard level knows of targets of opportunity (docs/ai.md).

A completed target's VP join the players' totals only at the end of the mission, so the
static value (which counts ``state.vp``) does not see them: :func:`completed_lead` gives the
lead in completed targets' VP, for the leaves, and :func:`move_bonus` what a move is worth
for the revealed end-of-turn targets it would complete if the activation ended there, for
the pruning and the playouts. Both read only what every player sees (revealed and completed
cards are face up).
"""

from __future__ import annotations

from typing import Any

from game.ai.common import VP
from game.engine import END_OF_TURN, Action, Disengage, Game, Move, end_of_turn_met, opponent


def completed_lead(game: Game, player: int) -> int:
    """``player``'s completed targets' VP less the enemy's (0 once the game is over: the
    final VP then hold them)."""
    if game.is_over:
        return 0
    state = game.state
    targets = game.config.targets
    lead = 0
    for side, sign in ((player, 1), (opponent(player), -1)):
        for card in state.completed[side]:
            target = targets.get(card)
            if target is not None:
                lead += sign * target.vp
    return lead


def pending(game: Game, player: int) -> list[tuple[dict[str, Any], int]]:
    """``player``'s revealed end-of-turn targets (met or not as the board stands now): their
    conditions and VP."""
    out = []
    for card in game.state.active_targets[player]:
        target = game.config.targets.get(card)
        if target is not None and target.condition.kind == END_OF_TURN:
            out.append((target.condition.params, target.vp))
    return out


def move_bonus(game: Game, action: Action, open_targets: list[tuple[dict[str, Any], int]]
               ) -> float:
    """What ``action`` is worth for ``open_targets`` (:func:`pending`): the VP of those that
    would be met if the activation ended after it (a move on its destination, anything
    else where the operatives stand), in the static value's units."""
    if not open_targets:
        return 0.0
    player = game.to_act

    def met() -> float:
        return VP * sum(vp for params, vp in open_targets
                        if end_of_turn_met(game, player, params))

    if not isinstance(action, (Move, Disengage)):
        return met()
    op = game.state.operatives[action.operative]
    home = op.hex
    # looked at in place and put back: no copy of the game
    op.hex = action.destination if isinstance(action, Move) else action.hex
    try:
        return met()
    finally:
        op.hex = home
