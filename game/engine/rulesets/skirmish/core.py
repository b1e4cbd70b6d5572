"""What every part of the skirmish rules asks: an operative's converted profile, its
state (Shaken, fatigued, wounds left), distances in hexes, cover and terrain, the Quality
test, and wounding. ``docs/rules-decisions.md`` ("The skirmish rule set") says why each
distance is what it is."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, cast

from game.engine.defs import Datacard
from game.engine.rulesets.skirmish.events import Destroyed, Wounded
from game.engine.rulesets.skirmish.profiles import Profile, convert
from game.engine.state import (
    OperativeState,
    State,
    opponent,
    register_flags,
    register_state,
    register_steps,
)

if TYPE_CHECKING:
    from game.engine.game import Game



class SkirmishStep(StrEnum):
    """Where inside a phase a game under these rules waits, besides the Fireteam rules'
    deployment and activation (the stages: :mod:`.table`)."""

    PLACE_OBJECTIVES = "place_objectives"  # the players place the markers in turn
    SHOOT = "shoot"  # after Hold or Advance: fire each ranged weapon, or hold fire
    MEET = "meet"  # a charge ended 2 hexes short: the defender's player may move to meet it
    STRIKE_BACK = "strike_back"  # the charged operative's player decides to strike back
    MORALE = "morale"  # the end of an activation: the morale tests owed
    CONSOLIDATE = "consolidate"  # a melee left one side destroyed: the other may step
    PUSH = "push"  # the attacker may push a Shaken target


class SkirmishFlag(StrEnum):
    """What an operative carries under these rules: morale and melee fatigue."""

    SHAKEN = "shaken"  # failed a morale test: idle until one idle activation clears it
    FATIGUED = "fatigued"  # attacked in a melee this round: hits only on unmodified 6s


register_steps(SkirmishStep)
register_flags(SkirmishFlag)


@register_state
@dataclass
class SkirmishState(State):
    """The state of a game under these rules: the running activation's order (hold,
    advance, rush, charge), the enemy it shot at or charged, the decision it still owes
    (shoot, strike_back, consolidate, push), the wounds each operative took during it."""

    order: str | None = None
    target: str | None = None
    pending: str | None = None
    wounds_now: dict[str, int] = field(default_factory=dict)

    def end_activation(self) -> None:
        super().end_activation()
        self.order = self.target = self.pending = None


def skirmish_state(game: Game) -> SkirmishState:
    """The state of a game under these rules (:class:`SkirmishState`)."""
    return cast(SkirmishState, game.state)

# distances in hexes (a hex is 2 inches: a Fireteam Move of 3 hexes is the seed's 6")
SEIZE_REACH = 1  # 3": an operative within 1 hex of a marker seizes it
MELEE_REACH = 1  # 3": adjacent operatives are in melee
MARKER_SPACING = 5  # over 9": markers at least 5 hexes apart
DIFFICULT_LIMIT = 3  # 6": the most a move touching difficult terrain may cover
CONSOLIDATE_REACH = 1  # 3": the survivor of a melee may step one hex
MEET_REACH = 1  # 3": a charged operative may step one hex to meet its charger
PUSH_REACH = 1  # 2": a push moves the target one hex
ROUNDS = 4
# the markers the players place (D3+2 of them): at most this many
MARKERS = tuple(f"m{n}" for n in range(1, 6))
PUSH_NEEDS = 4


# converted profiles by the datacard object (kept with it, so the key stays its own)
_PROFILES: dict[int, tuple[Datacard, Profile]] = {}


def profile_of(card: Datacard) -> Profile:
    """``card``'s profile in these rules (converted once per datacard object)."""
    found = _PROFILES.get(id(card))
    if found is None or found[0] is not card:
        found = _PROFILES[id(card)] = (card, convert(card))
    return found[1]


def profile(game: Game, op: OperativeState) -> Profile:
    """``op``'s profile in these rules, converted from its datacard."""
    return profile_of(game.datacard(op))


def wounds_left(game: Game, op: OperativeState) -> int:
    return max(0, profile(game, op).tough - op.damage)


def at_half(game: Game, op: OperativeState) -> bool:
    """Half or less of its Tough left (a single model: the seed's test for one model)."""
    return 2 * wounds_left(game, op) <= profile(game, op).tough


def has(op: OperativeState, flag: SkirmishFlag) -> bool:
    return str(flag) in op.flags


def set_flag(op: OperativeState, flag: SkirmishFlag, on: bool) -> None:
    if on and str(flag) not in op.flags:
        op.flags = tuple(sorted((*op.flags, str(flag))))  # one order, however they came
    elif not on and str(flag) in op.flags:
        op.flags = tuple(f for f in op.flags if f != str(flag))


def shaken(op: OperativeState) -> bool:
    return has(op, SkirmishFlag.SHAKEN)


def fatigued(op: OperativeState) -> bool:
    """Fatigued in melee: it attacked in a melee this round, or it is Shaken."""
    return has(op, SkirmishFlag.FATIGUED) or shaken(op)


def difficult(game: Game, hex_: str) -> bool:
    """Difficult terrain: the killzone's cover hexes (rubble, crates, low walls)."""
    return hex_ in game.grid.cover


def dangerous(game: Game, hex_: str) -> bool:
    return hex_ in game.config.dangerous


def enemies_near(game: Game, op: OperativeState, hex_: str | None = None,
                 reach: int = MELEE_REACH) -> list[OperativeState]:
    where = hex_ if hex_ is not None else op.hex
    assert where is not None
    grid = game.grid
    return [e for e in game.on_killzone(opponent(op.player))
            if e.hex is not None and grid.distance(where, e.hex) <= reach]


def in_cover(game: Game, shooter: OperativeState, target: OperativeState) -> bool:
    """The target is in cover from the shooter (:func:`covered`, where they stand)."""
    assert shooter.hex is not None
    return covered(game, shooter.hex, target)


def covered(game: Game, shooter_hex: str, target: OperativeState,
            target_hex: str | None = None) -> bool:
    """Whether a shot from ``shooter_hex`` finds ``target`` (standing on ``target_hex``, by
    default where it is) in cover: it stands in a cover hex, or the line of fire touches a
    cover or blocked hex next to it (it stands behind a sight blocker), or its Stealth
    covers it at this distance. The skirmish rules' answer to
    :meth:`game.engine.game.Game.covered`."""
    at = target.hex if target_hex is None else target_hex
    assert at is not None
    grid = game.grid
    if at in grid.cover:
        return True
    stealth = profile(game, target).stealth
    if stealth is not None and grid.distance(shooter_hex, at) >= stealth:
        return True
    near = set(grid.neighbours(at))
    touched = grid.touched_hexes(shooter_hex, at)
    return any(h in near and (h in grid.cover or h in grid.blocked) for h in touched)


def visible(game: Game, a: str, b: str) -> bool:
    occupied = game.occupied() - {a, b}
    return game.grid.visible(a, b, occupied)


def quality_test(game: Game, needed: int, dice: int, sixes_only: bool = False,
                 ) -> tuple[tuple[int, ...], int]:
    """Roll ``dice`` Quality tests against ``needed``: a 6 always succeeds, a 1 always
    fails; ``sixes_only`` (fatigue) succeeds on unmodified 6s only."""
    rolled = tuple(game.roll() for _ in range(dice))
    target = 6 if sixes_only else needed
    return rolled, sum(1 for d in rolled if d == 6 or (d != 1 and d >= target))


def wound(game: Game, op: OperativeState, amount: int, by: int | None = None,
          melee: bool = False, cause: str = "attack") -> int:
    """Give ``op`` up to ``amount`` wounds (no more than it has left); it is destroyed when
    they reach its Tough. Returns the wounds given."""
    amount = min(amount, wounds_left(game, op))
    if amount <= 0 or not op.on_killzone:
        return 0
    op.damage += amount
    state = skirmish_state(game)
    state.wounds_now[op.id] = state.wounds_now.get(op.id, 0) + amount
    tough = profile(game, op).tough
    game.emit(Wounded(op.id, amount, op.damage, cause, tough))
    if op.damage >= tough:
        destroy(game, op, by, melee)
    return amount


def destroy(game: Game, op: OperativeState, by: int | None = None,
            melee: bool = False) -> None:
    """Remove ``op`` as destroyed (wounds equal to its Tough, or routed)."""
    assert op.hex is not None
    op.damage = max(op.damage, profile(game, op).tough)
    op.taken_down = True
    game.emit(Destroyed(op.id, op.player, op.hex, by, melee))
    op.hex = None
    game.rules_changed()  # it has left the killzone


def activatable(game: Game, player: int) -> list[OperativeState]:
    """``player``'s operatives on the killzone not yet activated this round."""
    return [o for o in game.on_killzone(player) if not o.activated]


def meet_hexes(game: Game, defender: OperativeState, charger: OperativeState) -> list[str]:
    """Where the charged ``defender`` may step to meet ``charger``: a free hex next to both
    (one hex: the seed's 3"). A Shaken defender must stay idle and meets nobody."""
    if shaken(defender) or not defender.on_killzone or defender.hex is None \
            or charger.hex is None:
        return []
    grid = game.grid
    taken = game.occupied()
    return sorted(h for h in grid.neighbours(defender.hex)
                  if h not in grid.blocked and h not in taken
                  and grid.distance(h, charger.hex) <= MELEE_REACH)


__all__ = ["CONSOLIDATE_REACH", "DIFFICULT_LIMIT", "MARKER_SPACING", "MEET_REACH", "MELEE_REACH",
           "MARKERS", "PUSH_NEEDS", "PUSH_REACH", "ROUNDS", "SEIZE_REACH", "activatable", "at_half",
           "covered", "dangerous", "destroy", "difficult", "enemies_near", "fatigued", "has",
           "in_cover", "meet_hexes", "profile", "profile_of", "quality_test", "set_flag", "shaken",
           "visible", "wound", "wounds_left"]
