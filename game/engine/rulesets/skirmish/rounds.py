"""Set-up and rounds in the skirmish rules.

Set-up: a roll-off; D3+2 objective markers, placed in turn (the roll-off winner first)
outside both deployment zones and at least :data:`MARKER_SPACING` hexes from each other;
then the players place operatives in turn, the winner first, the winner's first placement
choosing its edge (the killzone's territories). Rounds: the players alternate activations;
whoever ran out of operatives to activate first in a round goes first in the next (the
roll-off winner in the first). At the end of a round each marker with non-Shaken operatives
of one side only within :data:`SEIZE_REACH` is seized by that side; with both, it goes
neutral; with neither, it stays as it was. After :data:`ROUNDS` rounds, each marker held is
1 VP and the most VP wins.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.engine.actions import Deploy
from game.engine.events import SetupComplete
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.rulesets.fireteam.setup import DeployRule, deploy_hexes, undeployed
from game.engine.rulesets.killteam.actions import PlaceObjective
from game.engine.rulesets.skirmish.core import (
    MARKER_SPACING,
    MARKERS,
    SEIZE_REACH,
    SkirmishFlag,
    activatable,
    set_flag,
    shaken,
)
from game.engine.rulesets.skirmish.events import (
    MarkersLeftOut,
    MarkersRolled,
    ObjectiveSeized,
    RoundStarted,
)
from game.engine.state import opponent

if TYPE_CHECKING:
    from game.engine.game import Game


def roll_off(game: Game) -> None:
    """The set-up roll-off, then the D3 for the number of markers (D3+2)."""
    roll = game.roll_off("set-up")
    game.emit(roll)
    state = game.state
    state.rolloff_winner = roll.winner
    die = game.roll()
    count = (die + 1) // 2 + 2
    game.emit(MarkersRolled(die, count))
    state.removed_objectives = list(MARKERS[count:])


def markers(game: Game) -> list[str]:
    """The markers of this game, in placing order."""
    return [m for m in MARKERS if m not in game.state.removed_objectives]


def next_marker(game: Game) -> str | None:
    return next((m for m in markers(game) if m not in game.state.objective_hexes), None)


def marker_hexes(game: Game) -> list[str]:
    """Where the next marker may go: a free hex outside both deployment zones, far enough
    from every marker placed."""
    grid = game.grid
    zones = {h for hexes in game.config.territories.values() for h in hexes}
    placed = list(game.state.objective_hexes.values())
    return [h for h in grid.hexes if h not in grid.blocked and h not in zones
            and all(grid.distance(h, p) >= MARKER_SPACING for p in placed)]


def first_to_place(game: Game) -> None:
    """The roll-off winner places the first marker."""
    game.state.to_act = game.state.rolloff_winner
    _leave_out_if_stuck(game)


def _leave_out_if_stuck(game: Game) -> None:
    if next_marker(game) is not None and not marker_hexes(game):
        left = tuple(m for m in markers(game) if m not in game.state.objective_hexes)
        game.state.removed_objectives.extend(left)
        game.emit(MarkersLeftOut(left))


def all_placed(game: Game) -> bool:
    """Every marker is placed (or left out for want of room)."""
    return next_marker(game) is None


class PlaceMarkerRule(ActionRule[PlaceObjective]):
    action = PlaceObjective

    def generate(self, game: Game, player: int) -> Iterator[PlaceObjective]:
        for h in marker_hexes(game):
            yield PlaceObjective(player, h)

    def why_not(self, game: Game, action: PlaceObjective) -> str | None:
        grid = game.grid
        if not grid.is_on_board(action.hex):
            return f"{action.hex} is not a hex of the killzone"
        if action.hex in grid.blocked:
            return f"{action.hex} is a blocked hex"
        if any(action.hex in hexes for hexes in game.config.territories.values()):
            return f"{action.hex} is in a deployment zone"
        for marker, h in game.state.objective_hexes.items():
            if grid.distance(h, action.hex) < MARKER_SPACING:
                return (f"{action.hex} is within {MARKER_SPACING - 1} hexes of marker "
                        f"{marker} ({h})")
        return None

    def apply(self, game: Game, action: PlaceObjective) -> None:
        from game.engine.rulesets.killteam.events import ObjectivePlaced

        marker = next_marker(game)
        assert marker is not None
        game.state.objective_hexes[marker] = action.hex
        game.emit(ObjectivePlaced(action.player, marker, action.hex))
        game.state.to_act = opponent(action.player)
        game.invalidate()
        _leave_out_if_stuck(game)


class SkirmishDeployRule(DeployRule):
    """Fireteam's placing of operatives, without the scouts abilities of the datacards."""

    def generate(self, game: Game, player: int) -> Iterator[Deploy]:
        zone = deploy_hexes(game, player)
        for op in undeployed(game, player):
            for h in zone:
                yield Deploy(player, op.id, h)

    def why_not(self, game: Game, action: Deploy) -> str | None:
        reason = super().why_not(game, action)
        if reason is None and action.hex not in deploy_hexes(game, action.player):
            return f"{action.hex} is not in your deployment zone"
        return reason


def end_setup(game: Game) -> None:
    """Set-up is complete; round 1 comes."""
    game.emit(SetupComplete())


def start_round(game: Game) -> None:
    """Every operative may activate again; the first to act is whoever ran out first last
    round (the roll-off winner in round 1)."""
    state = game.state
    first = state.done[0] if state.done and state.turning_point > 1 else state.rolloff_winner
    state.done = []
    state.initiative = first
    for op in state.operatives.values():
        op.activated = False
    state.to_act = first if activatable(game, first) else opponent(first)
    game.invalidate()
    game.emit(RoundStarted(state.turning_point, first))


def pass_turn(game: Game) -> bool:
    """A player with nothing left to activate hands the next activation over."""
    state = game.state
    if state.active is None and not activatable(game, state.to_act) and \
            activatable(game, opponent(state.to_act)):
        state.to_act = opponent(state.to_act)
        return True
    return False


def activation_started(game: Game) -> bool:
    """An operative has its order, or nobody is left to activate this round."""
    state = game.state
    return state.active is not None or not (activatable(game, 1) or activatable(game, 2))


def seize(game: Game) -> None:
    """End of a round: markers are seized or go neutral; fatigue ends."""
    state = game.state
    grid = game.grid
    for marker in markers(game):
        hex_ = game.objective_hex(marker)
        if hex_ is None:
            continue
        sides = {o.player for o in game.on_killzone() if o.hex is not None
                 and not shaken(o) and grid.distance(o.hex, hex_) <= SEIZE_REACH}
        previous = state.control.get(marker, 0)
        now = previous if not sides else (0 if len(sides) == 2 else next(iter(sides)))
        if now != previous:
            if now:
                state.control[marker] = now
            else:
                del state.control[marker]  # neutral: nobody's
            game.emit(ObjectiveSeized(marker, now, previous))
    for op in state.operatives.values():
        set_flag(op, SkirmishFlag.FATIGUED, False)
    for p in (1, 2):
        if p not in state.done:
            state.done.append(p)


def end_round(game: Game) -> None:
    """Seize; after the last round, each marker held is 1 VP and the game ends."""
    seize(game)
    state = game.state
    if state.turning_point < game.config.turning_points:
        state.turning_point += 1
        return
    for p in (1, 2):
        held = tuple(m for m in markers(game) if state.control.get(m, 0) == p)
        game.score(p, len(held), "objectives", "objectives held", held, "objective held")
    game.end_mission(None, "most objectives")


__all__ = ["PlaceMarkerRule", "SkirmishDeployRule", "activation_started", "all_placed",
           "end_round", "end_setup", "first_to_place", "marker_hexes", "markers",
           "next_marker", "pass_turn", "roll_off", "seize", "start_round"]
