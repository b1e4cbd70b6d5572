"""What every computer player shares: its random source, games rebuilt from a view, the
actions a computer never takes, the exact value of an attack and a static evaluation.

Nothing here touches a real game's dice: a player sees only a :class:`View`, and anything it
plays out is played on a game rebuilt with :meth:`Game.from_view` and the player's own
generator.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from functools import lru_cache

from game.ai.rulesets import pack_judgement, rule_set_judgement
from game.ai.systems import result_value
from game.engine import (
    ATTACKER,
    SPOTTED,
    Action,
    AgreeResult,
    Attack,
    AttackProfile,
    Cancel,
    Concede,
    EffectKind,
    Game,
    OperativeState,
    Phase,
    PhaseEnded,
    PhaseStarted,
    RandomDice,
    SplitMix64,
    View,
    damage_distribution,
    opponent,
    picks,
)

# a computer never concedes, proposes a result or cancels an activation (it would only loop)
LEFT_OUT = (Cancel, Concede, AgreeResult)

VP = 12.0  # what a VP is worth in the static value


def playable(actions: Iterable[Action]) -> list[Action]:
    """The actions a computer considers, in ``legal_actions()`` order."""
    return [a for a in actions if type(a) not in LEFT_OUT]


def decision_rng(seed: int, view: View, salt: int = 0) -> SplitMix64:
    """A generator that depends only on the player's seed and what its view shows: the same
    seed and the same view give the same stream, whatever is hidden."""
    text = "\n".join(view.log)
    key = zlib.crc32(text.encode()) ^ (len(view.log) << 32) ^ (salt << 48)
    return SplitMix64((seed * 0x9E3779B97F4A7C15) ^ key)


def rebuild(view: View, rng: SplitMix64) -> Game:
    """A whole game consistent with ``view``, its hidden parts drawn with ``rng``."""
    return Game.from_view(view, RandomDice(rng.below(1 << 62)))


# --- attacks ----------------------------------------------------------------------------------

@lru_cache(maxsize=20000)
def distribution(profile: AttackProfile) -> tuple[tuple[int, float], ...]:
    """The damage an attack of ``profile`` deals, as (damage, probability) pairs (cached)."""
    return tuple((d, float(p)) for d, p in damage_distribution(profile).damage.items())


_distribution = distribution


@lru_cache(maxsize=50000)
def capped_expectation(profile: AttackProfile, wounds_left: int) -> tuple[float, float]:
    """(expected damage dealt, a take-down counting the remaining wounds; P(take-down)).
    Pure, so cached (the playouts ask the same few hundred questions thousands of times)."""
    expected = 0.0
    down = 0.0
    for d, p in _distribution(profile):
        expected += p * min(d, wounds_left)
        if d >= wounds_left:
            down += p
    return expected, down


def quick_attack(game: Game, attacker: OperativeState, weapon_id: str,
                 defender: OperativeState, overcharge: bool = False) -> tuple[float, float]:
    """The exact capped expected damage and take-down chance of an attack as it would be
    rolled now (the engine's own profile, its distribution cached by profile)."""
    profile = game.attack_profile(attacker.id, weapon_id, defender.id, overcharge)
    left = game.datacard(defender).wounds - defender.damage
    return capped_expectation(profile, left)


def attack_value(game: Game, action: Attack) -> float:
    """The greedy value of an attack, from the engine's exact odds: the expected damage dealt,
    a take-down counting the target's remaining wounds."""
    odds = game.attack_odds(action)
    left = odds.wounds_left
    return float(sum(p * min(d, left) for d, p in odds.damage.items()))


def damage_worth(game: Game, target: OperativeState,
                 damage: Iterable[tuple[int, float]], p_saved: float = 0.0) -> float:
    """What a damage distribution against ``target`` is worth, as the static value counts
    it: a wound a share of its worth, a take-down the whole operative."""
    card = game.datacard(target)
    left = card.wounds - target.damage
    worth = op_worth(game, target)
    health = left / card.wounds
    gone = 3.0 + worth * (0.5 + 0.5 * health)
    value = 0.0
    for d, p in damage:
        if d >= left:
            value += p * ((1 - p_saved) * gone + p_saved * worth * 0.5 * (left - 1) / card.wounds)
        else:
            value += p * worth * 0.5 * d / card.wounds
    return value


def quick_attack_worth(game: Game, attacker: OperativeState, weapon_id: str,
                       defender: OperativeState, overcharge: bool = False) -> float:
    profile = game.attack_profile(attacker.id, weapon_id, defender.id, overcharge)
    value = damage_worth(game, defender, _distribution(profile))
    if overcharge:
        value -= 1.5
    return value


def attack_score(game: Game, action: Attack) -> float:
    """What the searching players think of an attack, from the engine's exact odds: the
    damage distribution valued as the static value counts it, less the attacker's own
    risk (Overcharge, Hazardous)."""
    odds = game.attack_odds(action)
    state = game.state
    target = state.operatives[action.target]
    me = state.operatives[action.operative]
    gain = damage_worth(game, target, ((d, float(p)) for d, p in odds.damage.items()),
                        float(odds.survival))
    risk = damage_worth(game, me, ((d, float(p)) for d, p in odds.self_damage.items()),
                        float(odds.attacker_survival))
    return gain - risk


# --- evaluation ---------------------------------------------------------------------------

def op_worth(game: Game, op: OperativeState) -> float:
    """A rough worth of an operative: its wounds and its best weapon's punch."""
    card = game.datacard(op)
    found = _WORTH.get(id(card))
    if found is None:
        punch = max((w.attacks * (7 - w.hit) / 6 * (w.normal + w.crit) / 2
                     for w in card.weapons), default=0.0)
        found = _WORTH[id(card)] = (card, 0.3 * card.wounds + 0.4 * punch)
    return found[1]


# op_worth's answers by datacard (each entry keeps its card alive, so an id is never reused)
_WORTH: dict[int, tuple[object, float]] = {}


def project(game: Game) -> Game:
    """A copy of ``game`` as it would be if the firefight phase ended now: control checked,
    the end-of-firefight scoring and the end-phase rules (a storm's damage) carried out.
    Mission-agnostic: whatever a mission scores shows in the copy's VP and wounds."""
    trial = game.clone(dice=RandomDice(0))
    state = trial.state
    if state.phase != Phase.FIREFIGHT:
        return trial
    try:
        trial.check_control()
        trial.emit(PhaseEnded(Phase.FIREFIGHT, state.turning_point))
        if not trial.is_over:
            trial.emit(PhaseStarted(Phase.END, state.turning_point))
    except Exception:
        return game.clone(dice=RandomDice(0))
    return trial


def projected_vp(game: Game, player: int) -> int:
    """``player``'s VP lead if the firefight phase ended now."""
    trial = project(game)
    return trial.state.vp[player] - trial.state.vp[opponent(player)]


def evaluate(game: Game, player: int) -> float:
    """The value of the position for ``player`` (higher is better): mostly as it would be
    if the firefight phase ended now, partly as it stands."""
    judgement = rule_set_judgement(game)
    if judgement is not None:
        return judgement.value(game, player)
    if game.state.phase != Phase.FIREFIGHT:
        return static_value(game, player)
    return 0.3 * static_value(game, player) + 0.7 * static_value(project(game), player)


def static_value(game: Game, player: int) -> float:
    """A static value of the position for ``player`` (higher is better)."""
    state = game.state
    other = opponent(player)
    if state.phase == Phase.OVER:
        return result_value(game, player, 10.0)
    score = VP * (state.vp[player] - state.vp[other])
    grid = game.grid
    mine = game.on_killzone(player)
    theirs = game.on_killzone(other)
    for ops, sign in ((mine, 1.0), (theirs, -1.0)):
        for op in ops:
            card = game.datacard(op)
            health = (card.wounds - op.damage) / card.wounds
            worth = op_worth(game, op)
            score += sign * (3.0 + worth * (0.5 + 0.5 * health))
            if op.hex in grid.cover:
                score += sign * 0.4
    score += spotting_value(game, player) - spotting_value(game, other)
    # objectives: control now, and being close to the ones that are not ours
    tp_left = max(1, game.config.turning_points - state.turning_point + 1)
    for obj in game.config.objectives:
        at = game.objective_hex(obj)
        if at is None:
            continue
        holder = state.control.get(obj, 0)
        if holder == player:
            score += 1.0 * min(tp_left, 2)
        elif holder == other:
            score -= 1.0 * min(tp_left, 2)
        near_me = min((grid.distance(at, o.hex) for o in mine if o.hex), default=20)
        near_them = min((grid.distance(at, o.hex) for o in theirs if o.hex), default=20)
        score += 0.15 * (min(near_them, 8) - min(near_me, 8))
        carrier = state.carried.get(obj)
        if carrier is not None:
            score += 2.5 if state.operatives[carrier].player == player else -2.5
    pack = pack_judgement(game.config)
    if pack is not None:
        worths = {o.id: 3.0 + op_worth(game, o) for o in (*mine, *theirs)}
        score += pack.value(game, player, worths)
    return score


def spotting_value(game: Game, player: int) -> float:
    """What the enemies ``player`` has spotted are worth to it: for each, a share of the
    operatives of ``player`` still to activate that a card rule makes better against a
    spotted enemy (a ``target_spotted`` condition on the attacker's side)."""
    spotted = sum(1 for e in game.on_killzone(opponent(player)) if SPOTTED in e.flags)
    if not spotted:
        return 0.0
    guided = 0
    for op in game.on_killzone(player):
        if op.activated:
            continue
        for source in game.sources(EffectKind.ATTACK):
            effect = source.effect
            if effect.get("role", ATTACKER) == ATTACKER and picks(source, op) and any(
                    "target_spotted" in c for c in effect.get("if") or ()):
                guided += 1
                break
    return 0.6 * min(spotted, 2) * min(guided, 4)

