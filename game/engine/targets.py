"""Targets of opportunity: each revealed card listens to the typed events and is completed
the moment one meets its condition (docs/rules-decisions.md, "Cards")."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine.contract import hears
from game.engine.defs import Effect
from game.engine.events import ActivationEnded, AttackResolved, Event, TakenDown, TargetCompleted
from game.engine.state import Phase, opponent

if TYPE_CHECKING:
    from game.engine.game import Game

TAKE_DOWN = "take_down"
ATTACK = "attack"
END_OF_TURN = "end_of_turn"
# the event each kind of target condition listens for
LISTENS_TO: dict[str, type[Event]] = {TAKE_DOWN: TakenDown, ATTACK: AttackResolved,
                                      END_OF_TURN: ActivationEnded}


def on_event(game: Game, event: Event) -> None:
    """Complete every revealed target of opportunity that ``event`` meets."""
    state = game.state
    # (most events: one set lookup; game.is_over written out)
    if type(event) not in _HEARD or state.phase == _OVER:
        return
    # a turn's end or a take-down meets only the cards of the player it names (see met)
    players: tuple[int, ...]
    if isinstance(event, ActivationEnded):
        players = (event.player,)
    elif isinstance(event, TakenDown):
        players = (event.by,) if event.by else ()
    else:
        players = _BOTH
    targets = game.config.targets
    for player in players:
        held = state.active_targets[player]
        if not held:
            continue
        for card in list(held):
            target = targets.get(card)
            if target is None or not isinstance(event, LISTENS_TO[target.condition.kind]):
                continue
            if met(game, player, target.condition, event):
                state.active_targets[player].remove(card)
                state.completed[player].append(card)
                game.emit(TargetCompleted(player, card, target.name, target.vp))


_HEARD = frozenset((TakenDown, AttackResolved, ActivationEnded))
_BOTH = (1, 2)
_OVER = Phase.OVER  # (a member read off its Enum class is a metaclass lookup)
hears(on_event, *_HEARD)


def met(game: Game, player: int, condition: Effect, event: Event) -> bool:
    """Whether ``event`` meets a target of opportunity ``condition`` held by ``player``."""
    p = condition.params
    if isinstance(event, TakenDown):
        if event.by != player:
            return False
        if p.get("melee") and not event.melee:
            return False
        if "min_distance" in p and event.distance < int(p["min_distance"]):
            return False
        return not (p.get("full_health") and not event.full_health)
    if isinstance(event, AttackResolved):
        if p.get("role", "attacker") == "defender":
            return bool(event.defender_player == player and event.hit_any
                        and event.unblocked == 0 and p.get("blocked_all", True))
        if event.attacker_player != player:
            return False
        return event.crits_landed >= int(p.get("crits_at_least", 1))
    if isinstance(event, ActivationEnded):
        return event.player == player and end_of_turn_met(game, player, p)
    return False


def end_of_turn_met(game: Game, player: int, p: dict[str, Any]) -> bool:
    state = game.state
    if "control_at_least" in p:
        held = sum(1 for v in state.control.values() if v == player)
        if held < int(p["control_at_least"]):
            return False
    if p.get("control_all"):
        # an objective that has left the killzone (extracted, destroyed) no longer counts
        live = [o for o in game.config.objectives if o not in state.removed_objectives]
        if not live or any(state.control.get(o, 0) != player for o in live):
            return False
    if "in_enemy_territory" in p:
        side = state.territory.get(opponent(player))
        zone = game.config.territories.get(side, ()) if side else ()
        mine = game.on_killzone(player)  # kept until the state changes
        if sum(1 for o in mine if o.hex in zone) < int(p["in_enemy_territory"]):
            return False
    if "near_hex" in p:
        spec = p["near_hex"]
        hexes = [str(h) for h in spec.get("hexes", [])] + ([str(spec["hex"])] if "hex" in spec
                                                           else [])
        dist = int(spec.get("distance", 1))
        if not any(o.hex is not None and game.grid.distance(o.hex, h) <= dist
                   for o in game.on_killzone(player) for h in hexes):
            return False
    return True


def can_be_completed(condition: Effect, objectives: int,
                     territories: dict[int, tuple[str, ...]],
                     on_board: Callable[[str], bool]) -> bool:
    """Whether a target of opportunity with ``condition`` can be completed at all on a
    mission with ``objectives`` objectives, these ``territories`` and a killzone where
    ``on_board`` tells the hexes that exist. A card that cannot (Hold the Line on a mission
    of one objective, Total Dominance on one without any) is set aside before the deal
    (docs/rules-decisions.md, "Cards"): the rulebook deals targets to be completed, and a
    dead card in a hand of three is no choice at all."""
    p = condition.params
    if "control_at_least" in p and objectives < int(p["control_at_least"]):
        return False
    if p.get("control_all") and objectives < 1:
        return False
    if "in_enemy_territory" in p and (
            len(territories) < 2
            or min(len(zone) for zone in territories.values()) < int(p["in_enemy_territory"])):
        return False
    if "near_hex" in p:
        spec = p["near_hex"]
        hexes = [str(h) for h in spec.get("hexes", [])] + ([str(spec["hex"])] if "hex" in spec
                                                           else [])
        if not any(on_board(h) for h in hexes):
            return False
    return True


def _check_vocabulary() -> None:
    from game.engine.vocabulary import TARGET_CONDITIONS

    if set(LISTENS_TO) != set(TARGET_CONDITIONS):
        raise AssertionError("every target condition of the vocabulary needs an event")


_check_vocabulary()
