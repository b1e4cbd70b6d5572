"""What the computer player knows of the Kill Team classic pack (docs/ai.md): the value of
the pack's standing in a position (secondary objectives as they would score now, objectives
worth VP at the end, the risk Break tests put on operatives outside their leader's command
range), and its quick value of the pack's decisions (placing a marker, seizing the
initiative, a late operative's arrival hex, the game length die).

It reads only what the engine shows every player (the position, the mission's rules), so it
stays fair.
"""

from __future__ import annotations

from game.ai.systems import StandTerms
from game.engine import (
    Action,
    Game,
    OperativeState,
    opponent,
)
from game.engine.rulesets.killteam import (
    COMMAND_RANGE,
    FIRST_BLOOD,
    LINEBREAKER,
    SLAY_THE_LEADER,
    Arrive,
    PlaceObjective,
    RollGameLength,
    Seize,
    fled,
    is_fearless,
    leader_of,
    more_than_half_lost,
    removed,
    rules_of,
)

VP = 12.0  # what a VP is worth in the static value (game/ai/common.py)


def _secondary_standing(game: Game, secondary: str, player: int) -> int:
    """+1 if ``player`` would score this secondary now, -1 if the enemy would, else 0."""
    state = game.state
    enemy = opponent(player)
    got = {}
    for side, other in ((player, enemy), (enemy, player)):
        if secondary == SLAY_THE_LEADER:
            leader = leader_of(game, other)
            got[side] = leader is not None and leader.taken_down and not fled(leader)
        elif secondary == LINEBREAKER:
            zone = set(game.config.territories.get(state.territory.get(other, 0), ()))
            got[side] = any(o.hex in zone for o in game.on_killzone(side))
        elif secondary == FIRST_BLOOD:
            got[side] = state.first_removed == other
        else:
            got[side] = more_than_half_lost(game, other)
    return int(got[player]) - int(got[enemy])


def flee_risk(game: Game, player: int, worth: dict[str, float]) -> float:
    """The expected value ``player`` stands to lose to the next Break tests (0 unless its
    force is Broken or one loss from it): operatives out of a living leader's command range
    flee a third of the time."""
    lost, total = removed(game, player)
    if player not in game.state.broken and (lost + 1) * 2 <= total:
        return 0.0
    leader = leader_of(game, player)
    post = leader.hex if leader is not None and leader.on_killzone else None
    risk = 0.0
    for op in game.on_killzone(player):
        if is_fearless(game, op):
            continue
        covered = post is not None and op.hex is not None and op is not leader and \
            game.grid.distance(op.hex, post) <= COMMAND_RANGE
        chance = 0.0 if covered else (1 / 6 if op is leader else 1 / 3)
        risk += chance * worth.get(op.id, 3.0)
    return risk


def pack_value(game: Game, player: int, worth: dict[str, float]) -> float:
    """The pack's part of the static value for ``player`` (0 outside the pack); ``worth``
    gives what each operative is worth in that value."""
    rules = rules_of(game.config)
    if rules is None:
        return 0.0
    score = 0.0
    for secondary in rules.secondary:
        score += 0.6 * VP * _secondary_standing(game, secondary, player)
    state = game.state
    for obj in game.config.objectives:
        holder = state.control.get(obj, 0)
        if holder and game.objective_hex(obj) is not None:
            score += (0.4 * VP * rules.objective_vp) * (1 if holder == player else -1)
    if rules.break_tests:
        score -= flee_risk(game, player, worth) - flee_risk(game, opponent(player), worth)
    if SLAY_THE_LEADER in rules.secondary:
        for side, sign in ((player, 1.0), (opponent(player), -1.0)):
            leader = leader_of(game, side)
            if leader is not None and leader.on_killzone:
                health = 1 - leader.damage / game.datacard(leader).wounds
                score += sign * 0.3 * VP * health
    return score


def decision_score(game: Game, action: Action, terms: StandTerms) -> float | None:
    """A quick value of one of the pack's decisions (None: not one of them). ``terms`` gives
    what standing on a hex is worth to an operative: the pull of the objectives there and the
    damage it could deal from there (the heuristics' own terms, passed in so that this module
    stays below them)."""
    if isinstance(action, Seize):
        return 1.0 if action.attempt else 0.0  # failing costs nothing
    if isinstance(action, RollGameLength):
        return 0.0
    if isinstance(action, PlaceObjective):
        return _placement(game, action)
    if isinstance(action, Arrive):
        return _arrival(game, game.state.operatives[action.operative], action.hex, terms)
    return None


def _placement(game: Game, action: PlaceObjective) -> float:
    """The player who deploys first picks its side later: it gathers markers on one side
    (territory 1's, which it will then choose); the other keeps them central."""
    grid = game.grid
    zones = game.config.territories
    near = {side: min(grid.distance(action.hex, h) for h in hexes)
            for side, hexes in zones.items()}
    if len(near) < 2:
        return 0.0
    one, two = near[min(near)], near[max(near)]
    if action.player == game.state.rolloff_winner:
        return float(two - one)
    return -float(abs(two - one))


def _arrival(game: Game, op: OperativeState, hex_: str, terms: StandTerms) -> float:
    """Near objectives, in cover, and able to shoot (the deployment heuristic's terms, which
    the caller passes in)."""
    pull, reach = terms(game, op, hex_)
    score = pull + (0.8 if hex_ in game.grid.cover else 0.0)
    return score + 0.5 * reach


__all__ = ["StandTerms", "decision_score", "pack_value"]
