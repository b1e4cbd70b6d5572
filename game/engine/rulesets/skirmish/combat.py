"""Attacks, melee and morale in the skirmish rules.

An attack is one Quality test per attack die (each success a hit; fatigue: unmodified 6s
only), then the defender rolls one die per hit against its Defense (+1 in cover against
shooting, -1 against AP(1); a 6 always blocks and a 1 never does), and each hit not blocked
is a wound (two for Deadly(2)); Rending 6s skip the Defense roll. Wounds up to the Tough
destroy the operative. A melee is the charger's strikes, then the defender's if it strikes
back; the side that took more wounds during the activation loses and tests morale at once
(routing when it fails at half strength or less). At the end of every activation, an
operative whose wounds in it left it at half its Tough or less tests morale too, unless it
fought in the melee.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.rulesets.skirmish.core import (
    SkirmishFlag,
    at_half,
    dangerous,
    destroy,
    fatigued,
    in_cover,
    profile,
    quality_test,
    set_flag,
    shaken,
    skirmish_state,
    wound,
    wounds_left,
)
from game.engine.rulesets.skirmish.events import (
    DangerousRolled,
    DefenseRolled,
    Fatigued,
    MeleeResult,
    MoraleTested,
    QualityRolled,
)
from game.engine.rulesets.skirmish.profiles import SkirmishWeapon, Special
from game.engine.state import OperativeState

if TYPE_CHECKING:
    from game.engine.game import Game


def defense_modifier(game: Game, attacker: OperativeState, defender: OperativeState,
                     weapon: SkirmishWeapon) -> tuple[int, bool]:
    """(the modifier to the defender's Defense rolls, whether cover counts)."""
    cover = not weapon.is_melee and not weapon.has(Special.INDIRECT) \
        and in_cover(game, attacker, defender)
    return (1 if cover else 0) - (1 if weapon.has(Special.AP) else 0), cover


def attack(game: Game, attacker: OperativeState, defender: OperativeState,
           weapon: SkirmishWeapon) -> int:
    """Resolve one weapon's attacks on ``defender``; returns the wounds it took."""
    melee = weapon.is_melee
    tired = melee and fatigued(attacker)
    quality = profile(game, attacker).quality
    dice, hits = quality_test(game, quality, weapon.attacks, sixes_only=tired)
    game.emit(QualityRolled(attacker.id, "melee" if melee else "shooting",
                            6 if tired else quality, dice, hits, weapon.name, defender.id))
    if not hits:
        return 0
    # fatigued hits never count as 6s for special rules
    rends_on = None if tired else weapon.rends_on
    rending = 0 if rends_on is None else \
        sum(1 for d in dice if d >= rends_on and (d == 6 or d >= quality))
    to_block = hits - rending
    defense = profile(game, defender).defense
    modifier, cover = defense_modifier(game, attacker, defender, weapon)
    rolled = tuple(game.roll() for _ in range(to_block))
    blocks = sum(1 for d in rolled if d == 6 or (d != 1 and d + modifier >= defense))
    game.emit(DefenseRolled(defender.id, defense, modifier, rolled, blocks, cover, rending))
    per_hit = 2 if weapon.has(Special.DEADLY) else 1
    return wound(game, defender, (hits - blocks) * per_hit, attacker.player, melee)


def strike(game: Game, attacker: OperativeState, defender: OperativeState) -> None:
    """``attacker`` strikes ``defender`` with every melee weapon it has, then is fatigued
    for the rest of the round."""
    for weapon in profile(game, attacker).melee:
        if not defender.on_killzone:
            break
        attack(game, attacker, defender, weapon)
    if str(SkirmishFlag.FATIGUED) not in attacker.flags and attacker.on_killzone:
        set_flag(attacker, SkirmishFlag.FATIGUED, True)
        game.emit(Fatigued(attacker.id))


def can_strike(game: Game, op: OperativeState) -> bool:
    return op.on_killzone and bool(profile(game, op).melee)


def melee_result(game: Game, charger: OperativeState, defender: OperativeState) -> None:
    """Who lost the melee; the loser, if still standing, tests morale now."""
    taken = skirmish_state(game).wounds_now
    a, b = taken.get(charger.id, 0), taken.get(defender.id, 0)
    loser = charger if a > b else defender if b > a else None
    game.emit(MeleeResult(charger.id, defender.id, (a, b), loser.id if loser else None))
    if loser is not None and loser.on_killzone:
        morale_test(game, loser, melee=True)


def morale_test(game: Game, op: OperativeState, melee: bool = False) -> None:
    """A Quality test; failing makes ``op`` Shaken, or routs it when it lost a melee at half
    strength or less. A Shaken operative fails without rolling."""
    quality = profile(game, op).quality
    if shaken(op):
        roll, passed = 0, False
    else:
        roll = game.roll()
        passed = roll == 6 or (roll != 1 and roll >= quality)
    if passed:
        game.emit(MoraleTested(op.id, quality, roll, "steady", melee))
        return
    if melee and at_half(game, op):
        game.emit(MoraleTested(op.id, quality, roll, "routed", melee))
        destroy(game, op, None, melee=True)
        return
    set_flag(op, SkirmishFlag.SHAKEN, True)
    game.emit(MoraleTested(op.id, quality, roll, "shaken", melee))


def end_of_activation_tests(game: Game) -> None:
    """The morale tests owed for wounds at the end of an activation, in the order the
    operatives are listed (the melee's two sides do not test again)."""
    state = skirmish_state(game)
    fought = {state.active, state.target} if state.order == "charge" else set()
    for op_id, wounds in sorted(state.wounds_now.items()):
        op = state.operatives[op_id]
        if wounds and op.on_killzone and op_id not in fought and at_half(game, op):
            morale_test(game, op)


def dangerous_test(game: Game, op: OperativeState, hex_: str) -> None:
    """Dangerous terrain: as many dice as the wounds it would take to destroy ``op``, a
    wound for every 1."""
    if not dangerous(game, hex_) or not op.on_killzone:
        return
    dice = tuple(game.roll() for _ in range(wounds_left(game, op)))
    ones = sum(1 for d in dice if d == 1)
    game.emit(DangerousRolled(op.id, hex_, dice, ones))
    wound(game, op, ones, None, cause="dangerous terrain")


__all__ = ["attack", "can_strike", "dangerous_test", "defense_modifier",
           "end_of_activation_tests", "melee_result", "morale_test", "strike"]
