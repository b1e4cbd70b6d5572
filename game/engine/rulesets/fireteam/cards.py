"""Mission actions (Power Up and the like) and special issue wargear cards: when they may be
used, and what they do (docs/content-format.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import vocabulary as V
from game.engine.actions import MissionAction, Use, shared
from game.engine.defs import MissionAction as MissionActionDef
from game.engine.defs import WargearTiming
from game.engine.effects import all_hold, do_outcome
from game.engine.events import MissionActionMade, WargearUsed
from game.engine.rulesets.fireteam.base import ActionRule, active_operative, not_the_active
from game.engine.state import Boost, Duration, OperativeState, Step

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.game import Game


def mission_action_args(game: Game, op: OperativeState,
                        action: MissionActionDef) -> list[tuple[str, ...]]:
    """The argument tuples with which ``op`` may make a mission action now."""
    if action.ap > game.state.ap_left:
        return []
    if action.argument == "objective":
        reach = _objective_reach(action)
        if reach is not None and op.hex is not None:
            # (the near_objective requirement's distance first: far objectives fail it)
            state, config = game.state, game.config
            if not (state.objective_hexes or state.carried or state.removed_objectives):
                # every token where the mission card put it: those within reach of the hex
                near = _objectives_near(config, reach).get(op.hex, ())
                return [(obj,) for obj in near
                        if all_hold(game, action.requires, op, objective=obj)]
            far, where = config.grid.distances(op.hex), game.objective_hex
            return [(obj,) for obj in config.objectives
                    if (at := where(obj)) and far[at] <= reach
                    and all_hold(game, action.requires, op, objective=obj)]
        return [(obj,) for obj in game.config.objectives
                if all_hold(game, action.requires, op, objective=obj)]
    return [()] if all_hold(game, action.requires, op) else []


_NEAR_OBJECTIVE = "near_objective"  # the condition word (game.engine.effects)


def _objectives_near(config: Config, reach: int) -> dict[str, tuple[str, ...]]:
    """Each hex within ``reach`` hexes of one of ``config``'s objectives where the mission
    card puts it (a marker the players place has none), with those objectives in their
    order. Worked out once per config and distance."""
    key = (id(config), reach)
    entry = _NEAR.get(key)
    if entry is None or entry[0] is not config:
        if len(_NEAR) >= 256:
            _NEAR.clear()
        zones: dict[str, list[str]] = {}
        for obj, hex_ in config.objectives.items():
            if hex_:
                for h in config.grid.within(hex_, reach):
                    zones.setdefault(h, []).append(obj)
        entry = _NEAR[key] = (config, {h: tuple(found) for h, found in zones.items()})
    return entry[1]


# each config (by its id, kept alive beside the answer) and distance, and the objectives
# near each hex
_NEAR: dict[tuple[int, int], tuple[Config, dict[str, tuple[str, ...]]]] = {}


def _objective_reach(action: MissionActionDef) -> int | None:
    """The least distance of the ``near_objective`` requirements of ``action`` (one taking
    an objective): an objective farther than that from the operative, or off the killzone,
    meets none of them, and all requirements must hold. None when there is no such
    requirement. Worked out once per definition."""
    found = _REACH.get(id(action))
    if found is not None and found[0] is action:
        return found[1]
    reach = _least_near(action)
    if len(_REACH) >= 1000:
        _REACH.clear()
    _REACH[id(action)] = (action, reach)
    return reach


# each mission action's definition (by identity, kept alive beside the answer) and the
# least distance of its near_objective requirements: asked at every step of an activation
_REACH: dict[int, tuple[MissionActionDef, int | None]] = {}


def _least_near(action: MissionActionDef) -> int | None:
    reach = None
    for cond in action.requires or ():
        spec = cond.get(_NEAR_OBJECTIVE) if isinstance(cond, dict) else None
        if isinstance(spec, dict):
            distance = int(spec.get("distance", 1))
            reach = distance if reach is None else min(reach, distance)
    return reach


class MissionActionRule(ActionRule[MissionAction]):
    action = MissionAction
    undoable = True

    def generate(self, game: Game, player: int) -> list[MissionAction]:
        definitions = game.config.mission_actions
        if not definitions:  # (most missions)
            return []
        op = active_operative(game)
        return [shared(MissionAction, player, definition.id, op.id, args)
                for definition in definitions
                for args in mission_action_args(game, op, definition)]

    def why_not(self, game: Game, action: MissionAction) -> str | None:
        state = game.state
        wrong = not_the_active(game, action.operative)
        if wrong:
            return wrong
        op = state.operatives[action.operative]
        definitions = {a.id: a for a in game.config.mission_actions}
        if action.action not in definitions:
            return f"this mission has no action {action.action!r}"
        definition = definitions[action.action]
        if definition.ap > state.ap_left:
            return "not enough AP"
        if action.args not in mission_action_args(game, op, definition):
            return f"{op.id} does not meet the conditions of {definition.name}"
        return None

    def apply(self, game: Game, action: MissionAction) -> None:
        definition = next(a for a in game.config.mission_actions if a.id == action.action)
        game.spend(definition.ap)
        objective = action.args[0] if action.args else None
        actor = game.state.operatives[action.operative]
        game.emit(MissionActionMade(action.player, actor.id, definition.id, definition.name,
                                    objective))
        for outcome in definition.effects:
            do_outcome(game, None, outcome, objective=objective, player=action.player,
                       subject=actor, origin=("mission action", definition.name))


def use_problem(game: Game, player: int, card_id: str, op_id: str) -> str | None:
    """Why ``player`` cannot use the once-a-mission card ``card_id`` (special issue wargear
    or a tactical ploy) on operative ``op_id`` now (None: it can). The Use rule's listing
    and its why-not both ask this."""
    state = game.state
    card = game.config.wargear_card(player, card_id)
    if card is None:
        return f"you hold no special issue wargear or tactical ploy {card_id!r}"
    if card.id in state.wargear_used[player]:
        return f"{card.name} has already been used this mission"
    op = state.operatives.get(op_id)
    if op is None or op.player != player or not op.on_killzone:
        return f"no operative {op_id!r} of yours on the killzone"
    if card.timing == WargearTiming.ACTIVATION:
        if state.step != Step.ACT or state.active != op.id:
            return f"{card.name} is used during that operative's activation"
    elif state.step != Step.PLOY:
        return f"{card.name} is used in the strategy phase, before your strategic ploy"
    return None


_ACT = Step.ACT  # read at every listing (off its Enum class, a metaclass lookup)


class UseRule(ActionRule[Use]):
    """A wargear card: used once a mission, in the strategy phase before the ploy or during
    an activation of the operative it is used on, as the card says."""

    action = Use

    def generate(self, game: Game, player: int) -> list[Use]:
        """Each card held on each operative it may be used on: the pairs
        :func:`use_problem` finds nothing against. Only the active operative is tried during
        an activation (:func:`use_problem` refuses every other one then)."""
        state = game.state
        if state.step == _ACT and state.active is not None:
            operatives = [state.operatives[state.active]]
        else:
            operatives = game.on_killzone(player)
        used = state.wargear_used.get(player, ())
        listed: list[Use] = []
        for card in game.config.cards_held(player):
            if card.id in used:  # (use_problem's answer for every operative)
                continue
            for op in operatives:
                if use_problem(game, player, card.id, op.id) is None:
                    listed.append(shared(Use, player, card.id, op.id))
        return listed

    def why_not(self, game: Game, action: Use) -> str | None:
        return use_problem(game, action.player, action.card, action.operative)

    def is_undoable(self, game: Game, action: Use) -> bool:
        return game.state.step == Step.ACT

    def apply(self, game: Game, action: Use) -> None:
        card = game.config.wargear_card(action.player, action.card)
        assert card is not None
        state = game.state
        target = state.operatives[action.operative]
        state.wargear_used[action.player].append(card.id)
        if state.step == Step.ACT:
            state.ap_spent = True  # a card used: the activation can no longer be cancelled
        game.emit(WargearUsed(action.player, card.id, card.name, target.id))
        for effect in card.effects:
            if effect.kind == V.TRIGGER and effect.get("on") == V.USE:
                for outcome in effect.get("do", ()):
                    do_outcome(game, None, outcome, player=action.player, subject=target,
                               origin=("wargear", card.name))
        if card.duration != Duration.INSTANT:
            state.boosts.append(Boost(action.player, card.id, target.id, card.duration))
            game.rules_changed()
