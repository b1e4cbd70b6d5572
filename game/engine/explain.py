"""Why an action is illegal, in words. Legality itself is decided by ``legal_actions()``;
this module only finds the reason to tell the player (or the scenario author)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.actions import (
    Action,
    Activate,
    Attack,
    Cancel,
    Deploy,
    Disengage,
    Keep,
    MissionAction,
    Move,
    Mulligan,
    PlayPloy,
    Reveal,
    Use,
    Wait,
)
from game.engine.defs import HEAVY, OVERCHARGE, PISTOL
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.game import Game

STEP_OF = {Mulligan: Step.MULLIGAN, Keep: Step.MULLIGAN, Deploy: Step.DEPLOY,
           Reveal: Step.REVEAL, PlayPloy: Step.PLOY, Activate: Step.ACTIVATE,
           Cancel: Step.ACT, Move: Step.ACT, Attack: Step.ACT, Disengage: Step.ACT,
           Wait: Step.ACT, MissionAction: Step.ACT}

STEP_WORDS = {Step.MULLIGAN: "discarding targets of opportunity", Step.DEPLOY: "deployment",
              Step.REVEAL: "revealing targets", Step.PLOY: "choosing a strategic ploy",
              Step.ACTIVATE: "choosing an operative to activate",
              Step.ACT: "an operative's activation", Step.NONE: "nothing"}


def explain(game: Game, action: Action) -> str:
    state = game.state
    if state.phase == Phase.OVER:
        return "the mission is over"
    if action.player != state.to_act:
        return f"it is player {state.to_act}'s decision, not player {action.player}'s"
    if isinstance(action, Use):
        return _explain_use(game, action)
    wanted = STEP_OF.get(type(action))
    if wanted != state.step:
        return (f"the game is at {STEP_WORDS.get(state.step, state.step)}, "
                f"not {STEP_WORDS.get(wanted or '', '?')}")
    if isinstance(action, Mulligan):
        missing = [c for c in action.cards if c not in state.hands[action.player]]
        if missing:
            return f"{', '.join(missing)} not in your hand"
        return "each card may be discarded once"
    if isinstance(action, Deploy):
        op = state.operatives.get(action.operative)
        if op is None or op.player != action.player:
            return f"no operative {action.operative!r} of yours"
        if op.hex is not None:
            return f"{op.id} is already deployed"
        if not game.grid.is_on_board(action.hex):
            return f"{action.hex} is not a hex of the killzone"
        if action.hex in game.occupied():
            return f"{action.hex} already holds an operative"
        return f"{action.hex} is not in your territory"
    if isinstance(action, Reveal):
        return f"{action.card} is not in your hand"
    if isinstance(action, PlayPloy):
        ploy = game.config.ploy(action.player, action.ploy)
        if ploy is None:
            return f"your fireteam has no strategic ploy {action.ploy!r}"
        if ploy.target == "operative":
            return f"{ploy.name} names one of your operatives on the killzone"
        return "that ploy takes no arguments"
    if isinstance(action, Activate):
        op = state.operatives.get(action.operative)
        if op is None or op.player != action.player:
            return f"no operative {action.operative!r} of yours"
        if not op.on_killzone:
            return f"{op.id} is not on the killzone"
        return (f"{op.id} has already been activated this turning point and other friendly "
                "operatives have not")
    if isinstance(action, Cancel):
        return ("the operative has already spent AP or had a card used on it: the activation "
                "cannot be cancelled")
    assert state.active is not None
    op = state.operatives[state.active]
    operative = getattr(action, "operative", op.id)
    if operative != op.id:
        return f"{operative} is not the active operative ({op.id} is)"
    if isinstance(action, Wait):
        return "no AP left"
    if isinstance(action, Move):
        return _explain_move(game, action)
    if isinstance(action, Disengage):
        if not game.enemies_adjacent(op):
            return "Disengage needs an adjacent enemy operative (use Move)"
        if state.ap_left < 1:
            return "not enough AP"
        if not game.grid.is_on_board(action.hex):
            return f"{action.hex} is not a hex of the killzone"
        return (f"{action.hex} must be an empty adjacent hex that is not next to an enemy "
                "operative")
    if isinstance(action, Attack):
        return _explain_attack(game, action)
    if isinstance(action, MissionAction):
        definitions = {a.id: a for a in game.config.mission_actions}
        if action.action not in definitions:
            return f"this mission has no action {action.action!r}"
        if definitions[action.action].ap > state.ap_left:
            return "not enough AP"
        return f"{op.id} does not meet the conditions of {definitions[action.action].name}"
    return "not allowed now"


def _explain_move(game: Game, action: Move) -> str:
    state = game.state
    op = state.operatives[action.operative]
    assert op.hex is not None
    if state.ap_left < 1:
        return "not enough AP"
    if game.enemies_adjacent(op):
        return "an operative adjacent to an enemy operative cannot Move (Disengage instead)"
    limit = game.stat(op, "move")
    if len(action.path) > limit:
        return f"{op.id} can move at most {limit} hexes, not {len(action.path)}"
    here = op.hex
    taken = game.occupied()
    for h in action.path:
        if not game.grid.is_on_board(h):
            return f"{h} is not a hex of the killzone"
        if h not in game.grid.neighbours(here):
            return f"{h} is not adjacent to {here}"
        if h in game.grid.blocked:
            return f"{h} is a blocked hex"
        if h in taken:
            return f"{h} holds another operative"
        here = h
    return "not a legal move"


def _explain_attack(game: Game, action: Attack) -> str:
    state = game.state
    op = state.operatives[action.operative]
    weapon = game.datacard(op).weapon(action.weapon)
    if weapon is None:
        return f"{op.id} has no weapon {action.weapon!r}"
    if weapon.ap > state.ap_left:
        return f"{weapon.name} costs {weapon.ap}AP and only {state.ap_left}AP are left"
    if action.overcharge and OVERCHARGE not in weapon.rules:
        return f"{weapon.name} cannot be overcharged"
    if HEAVY in weapon.rules and state.moved:
        return (f"{weapon.name} is Heavy: it cannot be used in an activation in which "
                f"{op.id} has made a Move or Disengage action")
    target = state.operatives.get(action.target)
    if target is None or not target.on_killzone:
        return f"no operative {action.target!r} on the killzone"
    if target.player == op.player:
        return f"{target.id} is a friendly operative"
    assert op.hex is not None and target.hex is not None
    adjacent = game.enemies_adjacent(op)
    if adjacent:
        if target not in adjacent:
            return (f"{op.id} is adjacent to an enemy operative and must attack one of "
                    "those")
        if weapon.range != 1 and PISTOL not in weapon.rules:
            return (f"against an adjacent enemy only a Range 1 or Pistol weapon can be "
                    f"picked, and {weapon.name} is neither")
    distance = game.grid.distance(op.hex, target.hex)
    if distance > weapon.range:
        return (f"{target.id} is {distance} hexes away, beyond the Range ({weapon.range}) of "
                f"{weapon.name}")
    if not game.grid.visible(op.hex, target.hex, game.occupied()):
        return f"{target.id} is not visible to {op.id}"
    return "not a legal attack"


def _explain_use(game: Game, action: Use) -> str:
    state = game.state
    card = game.config.wargear_card(action.player, action.card)
    if card is None:
        return f"you hold no special issue wargear {action.card!r}"
    if card.id in state.wargear_used[action.player]:
        return f"{card.name} has already been used this mission"
    op = state.operatives.get(action.operative)
    if op is None or op.player != action.player or not op.on_killzone:
        return f"no operative {action.operative!r} of yours on the killzone"
    if card.timing == "activation":
        if state.step != Step.ACT or state.active != op.id:
            return f"{card.name} is used during that operative's activation"
    elif state.step != Step.PLOY:
        return f"{card.name} is used in the strategy phase, before your strategic ploy"
    return "not allowed now"
