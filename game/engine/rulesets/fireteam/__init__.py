"""Every action's rule, one module per step of the flow (see ``base.py``):

- ``setup``: the roll-off, dealing, Keep / Mulligan, Deploy;
- ``strategy``: the initiative roll-off, Reveal, PlayPloy;
- ``firefight``: Activate, Cancel, Wait, passing, the end of a turn;
- ``movement``: Move, Disengage, reach;
- ``attacking``: Attack, the attack sequence, targets, threat, the attack's reasons;
- ``cards``: mission actions and special issue wargear;
- ``result``: Concede and AgreeResult;
- ``end``: the end phase, the end of the mission and the tiebreakers;
- ``table``: the flow table that says which stage waits for which actions.

:data:`RULES` maps each action class to its rule; :func:`generate` lists the legal actions
of the step the game is at; :func:`why_not` gives the reason an action is not legal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.engine import effects, targets
from game.engine.actions import Action, AgreeResult, Concede
from game.engine.listing import joined
from game.engine.packs import all_packs, pack_of
from game.engine.rulesets.fireteam.attacking import AttackRule
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.rulesets.fireteam.cards import MissionActionRule, UseRule
from game.engine.rulesets.fireteam.firefight import ActivateRule, CancelRule, WaitRule
from game.engine.rulesets.fireteam.movement import DisengageRule, MoveRule
from game.engine.rulesets.fireteam.result import AgreeResultRule, ConcedeRule
from game.engine.rulesets.fireteam.setup import DeployRule, KeepRule, MulliganRule
from game.engine.rulesets.fireteam.strategy import PloyRule, RevealRule
from game.engine.rulesets.fireteam.table import FLOW, STAGES, stages_waiting_for
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.events import Event
    from game.engine.game import Game

# in the order legal_actions() lists them at each step: the rules' own, the mission packs'
# (game.engine.packs), then the two open at any time
_ALL: tuple[ActionRule[Any], ...] = (
    KeepRule(), MulliganRule(), DeployRule(), RevealRule(), PloyRule(), ActivateRule(),
    CancelRule(), MoveRule(), DisengageRule(), AttackRule(), MissionActionRule(), UseRule(),
    WaitRule(), *(rule for pack in all_packs() for rule in pack.rules),
    ConcedeRule(), AgreeResultRule())
RULES: dict[type[Action], ActionRule[Any]] = {rule.action: rule for rule in _ALL}
# the rules taken at each step, as the flow table says (its own steps and its packs')
BY_STEP: dict[str, tuple[ActionRule[Any], ...]] = {
    step: tuple(r for r in _ALL if any(s.step == step for s in stages_waiting_for(r.action)))
    for step in dict.fromkeys((*Step, *(s.step for s in STAGES)))}

STEP_WORDS: dict[str, str] = {
              Step.MULLIGAN: "discarding targets of opportunity", Step.DEPLOY: "deployment",
              Step.REVEAL: "revealing targets", Step.PLOY: "choosing a strategic ploy",
              Step.ACTIVATE: "choosing an operative to activate",
              Step.ACT: "an operative's activation", Step.NONE: "nothing",
              **{step: words for pack in all_packs() for step, words in pack.step_words.items()}}


_OVER = Phase.OVER  # read at every listing (off its Enum class, a metaclass lookup)


def generate(game: Game) -> Sequence[Action]:
    """Every legal action of the player to act, in a stable order (the Moves of an
    activation built as they are read: :mod:`game.engine.listing`)."""
    state = game.state
    if state.phase == _OVER:
        return ()
    player = state.to_act
    return joined([listing(game, player) for listing in _LISTINGS[state.step]])


# each step's rules' listing functions, read once (BY_STEP's rules are never replaced)
_LISTINGS = {step: tuple(rule.generate for rule in rules) for step, rules in BY_STEP.items()}


# a player may concede, or put their word to an agreed result, at any moment, whoever is to
# act (the person at the screen concedes during the computer's turn too)
ANY_TIME = (Concede, AgreeResult)


def why_not(game: Game, action: Action) -> str | None:
    """The reason ``action`` is not legal now, in plain words; None when it is legal."""
    state = game.state
    rule = RULES.get(type(action))
    if rule is None:
        return f"{action} is not an action of this game"
    if state.phase == Phase.OVER:
        return "the mission is over"
    if action.player != state.to_act and not isinstance(action, ANY_TIME):
        return f"it is player {state.to_act}'s decision, not player {action.player}'s"
    steps = [s.step for s in stages_waiting_for(type(action))]
    if state.step not in steps and len(steps) == 1:
        return f"the game is at {STEP_WORDS[state.step]}, not {STEP_WORDS[steps[0]]}"
    return rule.why_not(game, action)


# who hears each event, in order: card triggers first, then targets of opportunity, then the
# mission's pack (on its missions only)
LISTENERS = (effects.on_event, targets.on_event)


def listeners(config: Config) -> tuple[Callable[[Game, Event], None], ...]:
    """Who hears the events of a game of ``config``: a mission's pack listens last."""
    pack = pack_of(config)
    if pack is None or pack.listener is None:
        return LISTENERS
    return (*LISTENERS, pack.listener)

__all__ = ["BY_STEP", "FLOW", "LISTENERS", "RULES", "STAGES", "ActionRule", "generate",
           "listeners", "why_not"]
