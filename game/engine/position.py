"""What a position says beyond its raw state, worked out the same way for a whole game
(:class:`game.engine.game.Game`) and for what one player may see of it
(:class:`game.engine.view.View`): both are a :class:`Position` over a configuration and a
state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.state import Phase

# asked several times an action: a member read off its Enum class costs a metaclass lookup
_OVER = Phase.OVER

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.hexgrid import Grid
    from game.engine.state import State


class Position:
    """The derived properties of ``state`` under ``config`` (set by the subclass)."""

    config: Config
    state: State

    @property
    def grid(self) -> Grid:
        return self.config.grid

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def step(self) -> str:
        return self.state.step

    @property
    def turning_point(self) -> int:
        return self.state.turning_point

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def is_over(self) -> bool:
        return self.state.phase == _OVER

    @property
    def to_act(self) -> int:
        """The player whose decision it is (0 once the mission is over)."""
        state = self.state
        return 0 if state.phase == _OVER else state.to_act

    @property
    def vp(self) -> dict[int, int]:
        return dict(self.state.vp)

    @property
    def winner(self) -> int | None:
        """1 or 2, 0 for a draw, None while the mission runs."""
        return self.state.winner

    def objective_hex(self, objective: str) -> str | None:
        """Where an objective token is now (None once it has left the killzone, or before a
        marker the players place is placed)."""
        state = self.state
        if objective in state.removed_objectives:
            return None
        carrier = state.carried.get(objective)
        if carrier is not None:
            return state.operatives[carrier].hex
        # a marker the players place (Kill Team classic) has no hex until it is placed
        return state.objective_hexes.get(objective, self.config.objectives.get(objective)) \
            or None
