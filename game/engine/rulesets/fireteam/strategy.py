"""The initiative and strategy phases: the initiative roll-off, revealing a target of
opportunity, choosing a strategic ploy (docs/rules-decisions.md, "Strategy phase")."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.engine.actions import PlayPloy, Reveal, shared
from game.engine.events import (
    InitiativeRolled,
    PhaseStarted,
    PloyPlayed,
    TargetRevealed,
    TurningPointStarted,
)
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.state import Phase, PloyInForce, Step, initiative_order, opponent

if TYPE_CHECKING:
    from game.engine.game import Game


def order(game: Game) -> tuple[int, int]:
    """The initiative holder first."""
    return initiative_order(game.state.initiative)


def roll_initiative(game: Game) -> None:
    """A turning point begins: roll off for the initiative (a tie goes to whoever does not
    hold the token)."""
    state = game.state
    game.emit(TurningPointStarted(state.turning_point))
    game.emit(PhaseStarted(Phase.INITIATIVE, state.turning_point))
    roll_off = game.roll_off("initiative", tie_to=opponent(state.initiative) if state.initiative
                             else 0)
    state.initiative = roll_off.winner
    game.emit(InitiativeRolled(roll_off.winner, roll_off))


def begin_strategy(game: Game) -> None:
    """The strategy phase begins with the initiative holder."""
    state = game.state
    state.done = []
    state.to_act = state.initiative
    game.emit(PhaseStarted(Phase.STRATEGY, state.turning_point))


def next_chooser(game: Game) -> bool:
    """In initiative order, the next player who has a choice decides; a player with nothing
    to choose is passed over.

    True when the decision moved."""
    state = game.state
    for player in order(game):
        if player in state.done:
            continue
        has_choice = bool(state.hands[player]) if state.step == Step.REVEAL else \
            bool(game.config.ploys_of(player))
        if has_choice:
            if state.to_act != player:
                state.to_act = player
                return True
            return False
        state.done.append(player)
        return True
    return False


def both_done(game: Game) -> bool:
    """Both players have chosen (or been passed over)."""
    return all(player in game.state.done for player in (1, 2))


def clear_done(game: Game) -> None:
    """Nobody has chosen at the next step yet."""
    game.state.done = []


def start_firefight(game: Game) -> None:
    """The firefight phase begins: turn 1, the initiative holder first."""
    state = game.state
    state.turn, state.to_act = 1, order(game)[0]
    game.emit(PhaseStarted(Phase.FIREFIGHT, state.turning_point))


class RevealRule(ActionRule[Reveal]):
    action = Reveal

    def generate(self, game: Game, player: int) -> Iterator[Reveal]:
        yield shared(Reveal, player, None)
        for card in game.state.hands[player]:
            yield shared(Reveal, player, card)

    def why_not(self, game: Game, action: Reveal) -> str | None:
        if action.card is not None and action.card not in game.state.hands[action.player]:
            return f"{action.card} is not in your hand"
        return None

    def apply(self, game: Game, action: Reveal) -> None:
        state = game.state
        name = ""
        if action.card is not None:
            state.hands[action.player].remove(action.card)
            state.active_targets[action.player].append(action.card)
            target = game.config.targets.get(action.card)
            name = target.name if target else action.card
        game.emit(TargetRevealed(action.player, action.card, name))
        state.done.append(action.player)


def ploy_problem(game: Game, player: int, ploy_id: str, args: tuple[str, ...]) -> str | None:
    """Why ``player`` cannot choose the strategic ploy ``ploy_id`` with ``args`` now (None:
    it can). The ploy rule's listing and its why-not both ask this."""
    ploy = game.config.ploy(player, ploy_id)
    if ploy is None:
        return f"your fireteam has no strategic ploy {ploy_id!r}"
    if ploy.target == "operative":
        op = game.state.operatives.get(args[0]) if len(args) == 1 else None
        if op is None or op.player != player or not op.on_killzone:
            return f"{ploy.name} names one of your operatives on the killzone"
    elif args:
        return "that ploy takes no arguments"
    return None


class PloyRule(ActionRule[PlayPloy]):
    action = PlayPloy

    def generate(self, game: Game, player: int) -> list[PlayPloy]:
        """Each ploy with no argument, and with each operative of ``player`` on the
        killzone: those :func:`ploy_problem` finds nothing against (its tests written out,
        the ploy it reads by the id found once per ploy)."""
        config = game.config
        operatives = game.on_killzone(player)
        listed: list[PlayPloy] = []
        add = listed.append
        for ploy in config.ploys_of(player):
            found = config.ploy(player, ploy.id)
            assert found is not None  # (a ploy of the player's own fireteam)
            if found.target == "operative":  # one of the player's operatives on the killzone
                for op in operatives:
                    if op.player == player and op.hex is not None and not op.taken_down:
                        add(shared(PlayPloy, player, ploy.id, (op.id,)))
            else:  # no argument
                add(shared(PlayPloy, player, ploy.id, ()))
        return listed

    def why_not(self, game: Game, action: PlayPloy) -> str | None:
        return ploy_problem(game, action.player, action.ploy, action.args)

    def apply(self, game: Game, action: PlayPloy) -> None:
        operative = action.args[0] if action.args else None
        game.state.ploys[action.player].append(PloyInForce(action.ploy, operative))
        game.rules_changed()
        name = game.ploy(action.player, action.ploy).name
        game.emit(PloyPlayed(action.player, action.ploy, name, operative))
        game.state.done.append(action.player)
