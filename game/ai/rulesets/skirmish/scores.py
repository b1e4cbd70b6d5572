"""The computer player's scores under the skirmish rules: how much an order, a shot, a
charge, a strike back, a step, a push, a marker or a placement is worth, and the static
value of a position. Built on the public surface only (the converted profiles of
``skirmish_profile``, the board, the legal actions); every level uses them: the cheap
policy and pruning of the searching levels, the greedy level's immediate value."""

from __future__ import annotations

from game.engine import Action, Deploy, Game, OperativeState, Phase, opponent
from game.engine.rulesets.killteam import PlaceObjective
from game.engine.rulesets.skirmish import (
    SEIZE_REACH,
    Advance,
    Charge,
    Consolidate,
    Hold,
    HoldFire,
    Meet,
    Push,
    Rush,
    Shoot,
    SkirmishFlag,
    SkirmishWeapon,
    Special,
    StrikeBack,
)
from game.engine.rulesets.skirmish import (
    Profile as SkirmishProfile,
)
from game.engine.rulesets.skirmish import (
    profile_of as skirmish_profile,
)

WIN = 1000.0


def profile(game: Game, op: OperativeState) -> SkirmishProfile:
    return skirmish_profile(game.datacard(op))


def left(game: Game, op: OperativeState) -> int:
    return max(0, profile(game, op).tough - op.damage)


def is_shaken(op: OperativeState) -> bool:
    return str(SkirmishFlag.SHAKEN) in op.flags


def tired(op: OperativeState) -> bool:
    return is_shaken(op) or str(SkirmishFlag.FATIGUED) in op.flags


def expected_wounds(game: Game, attacker: OperativeState, weapon: SkirmishWeapon,
                    target: OperativeState, cover: bool = False) -> float:
    """The mean wounds one weapon's attacks deal ``target`` (capped at what it has left)."""
    fatigued = weapon.is_melee and tired(attacker)
    quality = 6 if fatigued else profile(game, attacker).quality
    p_hit = (7 - max(2, quality)) / 6
    rends_on = weapon.rends_on
    p_rend = min(p_hit, (7 - rends_on) / 6) if rends_on is not None and not fatigued else 0.0
    modifier = (1 if cover and not weapon.has(Special.INDIRECT) else 0) \
        - (1 if weapon.has(Special.AP) else 0)
    defense = profile(game, target).defense
    blocks = sum(1 for d in range(1, 7) if d == 6 or (d != 1 and d + modifier >= defense))
    p_fail = 1 - blocks / 6
    per_hit = 2 if weapon.has(Special.DEADLY) else 1
    mean = weapon.attacks * (p_rend + (p_hit - p_rend) * p_fail) * per_hit
    return min(mean, float(left(game, target)))


def worth(game: Game, op: OperativeState) -> float:
    """A rough worth of an operative: its Tough and its best weapon."""
    prof = profile(game, op)
    punch = max((w.attacks * (7 - prof.quality) / 6 for w in prof.weapons), default=0.0)
    return 2.0 + prof.tough + punch


def harm(game: Game, target: OperativeState, wounds: float) -> float:
    """What dealing ``wounds`` to ``target`` is worth: its share of the operative's worth,
    more when it destroys."""
    have = max(1, left(game, target))
    share = min(1.0, wounds / have)
    return worth(game, target) * share * (1.0 + share)


def _guards(game: Game, player: int, marker_hex: str, but: str | None = None) -> int:
    """How many of ``player``'s operatives (``but`` left out) stand within reach of the marker
    on ``marker_hex`` and are able to seize or contest it (not Shaken)."""
    grid = game.grid
    return sum(1 for o in game.on_killzone(player)
               if o.id != but and o.hex is not None and not is_shaken(o)
               and grid.distance(o.hex, marker_hex) <= SEIZE_REACH)


def marker_standing(game: Game, op: OperativeState, marker: str) -> str:
    """What ``op`` standing within reach of ``marker`` does to it at the end of the round,
    as the board stands: ``"keep"`` (ours, no enemy near), ``"contest"`` (an enemy near: it
    goes neutral, a loss averted if it is ours, a gain denied if it is theirs), ``"seize"``
    (not ours, no enemy near: it becomes ours) or ``"nothing"`` (a friend already seizes or
    keeps it without us)."""
    where = game.objective_hex(marker)
    assert where is not None
    holder = game.state.control.get(marker, 0)
    enemies = _guards(game, opponent(op.player), where)
    if enemies:
        return "contest"
    if _guards(game, op.player, where, but=op.id):
        return "nothing"
    return "keep" if holder == op.player else "seize"


# what standing within reach of a marker is worth to the pull, by what it does there
_STANDING_PULL = {"keep": 1.0, "contest": 1.5, "seize": 2.5, "nothing": 0.5}


def _marker_pull(game: Game, op: OperativeState, at: str) -> float:
    grid = game.grid
    best = 0.0
    nearest = 12
    for marker in game.config.objectives:
        h = game.objective_hex(marker)
        if h is None:
            continue
        d = grid.distance(at, h)
        holder = game.state.control.get(marker, 0)
        if holder != op.player:
            nearest = min(nearest, d)
        if d <= SEIZE_REACH and not is_shaken(op):
            kind = marker_standing(game, op, marker)
            best = max(best, _STANDING_PULL[kind])
    return best - 0.25 * min(nearest, 12)


def seize_gain(game: Game, op: OperativeState, at: str) -> float:
    """What ``op`` ending its order on ``at`` does to the markers at the end of the round, in
    the static value's units (:func:`value` counts a marker held at ``4 + rounds left``): a
    free marker seized swings it from the enemy to us (twice that) or from nobody (once); a
    marker an enemy stands beside, which it would hold at the round's end, is contested and
    left to nobody (once, whoever holds it now; nothing when a friend contests it already).
    Certain when no enemy is left to activate this round, half as sure when one is (it may
    still come near, or shoot ``op`` away)."""
    if is_shaken(op):
        return 0.0
    grid = game.grid
    other = opponent(op.player)
    rounds_left = max(1, game.config.turning_points - game.state.turning_point + 1)
    sure = 0.5 if any(not o.activated for o in game.on_killzone(other)) else 1.0
    total = 0.0
    for marker in game.config.objectives:
        h = game.objective_hex(marker)
        if h is None or grid.distance(at, h) > SEIZE_REACH:
            continue
        holder = game.state.control.get(marker, 0)
        kind = marker_standing(game, op, marker)
        if op.hex is not None and grid.distance(op.hex, h) <= SEIZE_REACH:
            continue  # it is there already: staying is no change
        if kind == "seize":
            swing = 2.0 if holder == other else 1.0
        elif kind == "contest" and not _guards(game, op.player, h, but=op.id):
            swing = 1.0  # whoever held it, the enemy beside it would have it: now nobody does
        else:
            swing = 0.0
        total += swing * (4.0 + rounds_left)
    return sure * total


def final_order(game: Game, op: OperativeState) -> bool:
    """Whether ``op``'s order is the game's last: the last round, and every other operative
    on the killzone has had its order. Only the markers count then (the round's end
    settles the game): a wound counts only on an enemy that would seize or contest a
    marker (:func:`_guarding`), and a charge that ends beside a marker risks the charger
    losing the fight and, Shaken, contesting nothing."""
    state = game.state
    if state.turning_point < game.config.turning_points:
        return False
    return all(o.activated or o.id == op.id for p in (1, 2) for o in game.on_killzone(p))


def _guarding(game: Game, enemy: OperativeState, but_near: str | None = None) -> bool:
    """Whether ``enemy`` stands within reach of a marker (so that taking it down or
    shaking it changes who has the marker), leaving out the markers within reach of
    ``but_near``, where the attacker ends its order and contests them anyway."""
    grid = game.grid
    if enemy.hex is None or is_shaken(enemy):
        return False
    for marker in game.config.objectives:
        h = game.objective_hex(marker)
        if h is None or grid.distance(enemy.hex, h) > SEIZE_REACH:
            continue
        if but_near is None or grid.distance(but_near, h) > SEIZE_REACH:
            return True
    return False


# the share of a marker's swing a charge that ends within reach of it is counted at in the
# game's last order: the charger may lose the fight and be Shaken (about one time in twenty)
CHARGE_HOLDS = 0.9


def _exposure(game: Game, op: OperativeState, at: str) -> float:
    """How exposed ``op`` is on ``at`` to the enemies' guns and charges, by what each enemy
    can still do as the state tells: one that has activated this round acts only in the
    next (half as much), and not at all in the last round."""
    grid = game.grid
    last = game.state.turning_point >= game.config.turning_points
    risk = 0.0
    for enemy in game.on_killzone(opponent(op.player)):
        assert enemy.hex is not None
        weight = 1.0
        if enemy.activated and enemy.id != game.state.active:
            if last:
                continue
            weight = 0.5
        reach = max((w.range for w in profile(game, enemy).ranged), default=0)
        d = grid.distance(at, enemy.hex)
        if d <= reach + 2:
            risk += 0.3 * weight
        if d <= 2 * profile(game, enemy).advance + 1 and profile(game, enemy).melee:
            risk += 0.2 * weight
    return risk


def place_value(game: Game, op: OperativeState, at: str) -> float:
    """How good ``at`` is for ``op`` to stand on."""
    cover = 0.4 if at in game.grid.cover else 0.0
    return _marker_pull(game, op, at) + cover - _exposure(game, op, at) * (
        0.5 if left(game, op) > 1 else 1.0)


def best_shot(game: Game, op: OperativeState, at: str, heavy: bool,
              guards: bool = False) -> float:
    """The best harm one of ``op``'s guns does from ``at``; ``guards``: only to an enemy
    that would seize or contest a marker (the game's last order)."""
    grid = game.grid
    occupied = game.occupied() - {at}
    if op.hex is not None:
        occupied = occupied - {op.hex}
    best = 0.0
    for weapon in profile(game, op).ranged:
        if weapon.has(Special.HEAVY) and not heavy:
            continue
        for enemy in game.on_killzone(opponent(op.player)):
            assert enemy.hex is not None
            if grid.distance(at, enemy.hex) > weapon.range:
                continue
            if guards and not _guarding(game, enemy):
                continue
            if not grid.visible(at, enemy.hex, occupied - {enemy.hex}):
                continue
            wounds = expected_wounds(game, op, weapon, enemy, game.covered(at, enemy))
            best = max(best, harm(game, enemy, wounds))
    return best


def melee_value(game: Game, op: OperativeState, enemy: OperativeState) -> float:
    dealt = sum(expected_wounds(game, op, w, enemy) for w in profile(game, op).melee)
    back = sum(expected_wounds(game, enemy, w, op) for w in profile(game, enemy).melee)
    return harm(game, enemy, dealt) - 0.6 * harm(game, op, back) - 0.3


def score(game: Game, action: Action, cheap: bool = False) -> float:
    """A quick value of one skirmish decision for the player taking it."""
    state = game.state
    ops = state.operatives
    if isinstance(action, Shoot):
        op, target = ops[action.operative], ops[action.target]
        weapon = profile(game, op).weapon(action.weapon)
        assert weapon is not None and target.hex is not None and op.hex is not None
        return 1.5 * harm(game, target, expected_wounds(game, op, weapon, target,
                                                        game.covered(op.hex, target)))
    if isinstance(action, HoldFire):
        return 0.0
    if isinstance(action, Hold):
        op = ops[action.operative]
        assert op.hex is not None
        if is_shaken(op):
            return 1.0
        return place_value(game, op, op.hex) + best_shot(game, op, op.hex, heavy=True)
    if isinstance(action, Charge):
        return _charge_score(game, action)
    if isinstance(action, Rush):
        op = ops[action.operative]
        end = action.path[-1]
        return place_value(game, op, end) - 0.2 + seize_gain(game, op, end)
    if isinstance(action, Advance):
        op = ops[action.operative]
        end = action.path[-1]
        shot = 0.8 * best_shot(game, op, end, heavy=False, guards=final_order(game, op))
        return place_value(game, op, end) + shot + seize_gain(game, op, end)
    if isinstance(action, Meet):
        if action.operative is None:
            return 0.0
        assert state.active is not None
        # meeting lets the charger strike first: worth it when the fight favours us
        return -melee_value(game, ops[state.active], ops[action.operative])
    if isinstance(action, StrikeBack):
        if not action.strike:
            return 0.0
        assert state.active is not None and state.target is not None
        return melee_value(game, ops[state.target], ops[state.active]) + 0.3
    if isinstance(action, Consolidate):
        return place_value(game, ops[action.operative], action.hex)
    if isinstance(action, Push):
        if action.operative is None or action.hex is None:
            return 0.0
        target = ops[action.operative]
        assert target.hex is not None
        return 0.5 * (_marker_pull(game, target, target.hex)
                      - _marker_pull(game, target, action.hex)) + 0.1
    if isinstance(action, PlaceObjective):
        return _placement_value(game, action.player, action.hex)
    if isinstance(action, Deploy):
        op = ops[action.operative]
        return 0.5 * _marker_pull(game, op, action.hex) + (
            0.3 if action.hex in game.grid.cover else 0.0)
    return 0.0


def _charge_score(game: Game, action: Charge) -> float:
    """A charge: the fight it makes and where it ends; in the game's last order, the
    markers it leaves and the fight only against an enemy that would seize or contest a
    marker the charger does not reach."""
    ops = game.state.operatives
    op, enemy = ops[action.operative], ops[action.target]
    end = action.path[-1] if action.path else op.hex
    assert end is not None and enemy.hex is not None
    if final_order(game, op):
        fight = melee_value(game, op, enemy) if _guarding(game, enemy, end) else 0.0
        return CHARGE_HOLDS * seize_gain(game, op, end) - 0.5 + fight
    fought = melee_value(game, op, enemy)
    if game.grid.distance(end, enemy.hex) > 1:  # short: the defender meets it only
        return min(0.0, fought) + 0.5 * place_value(game, op, end)  # when it pays
    return fought + 0.5 * place_value(game, op, end) + 0.5


def _placement_value(game: Game, player: int, at: str) -> float:
    """A marker is better near where ``player`` deploys (both zones before it is known)."""
    grid = game.grid
    zones = game.config.territories
    mine = game.state.territory.get(player)
    if mine is None:
        return 0.0
    theirs = [s for s in zones if s != mine]
    d_mine = min((grid.distance(at, h) for h in zones[mine]), default=0)
    d_theirs = min((grid.distance(at, h) for s in theirs for h in zones[s]), default=0)
    return 0.2 * (d_theirs - d_mine)


def value(game: Game, player: int) -> float:
    """The static value of a skirmish position for ``player``."""
    state = game.state
    other = opponent(player)
    if state.phase == Phase.OVER:
        w = state.winner
        base = 0.0 if w == 0 else (WIN if w == player else -WIN)
        # the margin only breaks ties: a win by more markers is no better a win, and a
        # gamble for a wider one must not outweigh a certain one
        return base + 0.1 * (state.vp[player] - state.vp[other])
    rounds_left = max(1, game.config.turning_points - state.turning_point + 1)
    total = 0.0
    for holder in state.control.values():
        if holder in (player, other):
            total += (4.0 + rounds_left) * (1 if holder == player else -1)
    for p, sign in ((player, 1.0), (other, -1.0)):
        for op in game.on_killzone(p):
            assert op.hex is not None
            health = left(game, op) / max(1, profile(game, op).tough)
            total += sign * (3.0 + worth(game, op) * (0.5 + 0.5 * health))
            total += sign * 0.6 * max(0.0, _marker_pull(game, op, op.hex) + 3.0)
            if is_shaken(op):
                total -= sign * 1.5
    return total


__all__ = ["expected_wounds", "score", "value"]
