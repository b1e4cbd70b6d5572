"""The contract a rule set signs with the engine: :class:`Book`, everything the core asks of
a rule set (its flow table, its action rules, who hears its events, its markers, its save
checks, its odds, ...). Each rule set declares its book in its own folder
(``game/engine/rulesets/<rule set>/book.py``) and :mod:`game.engine.rulebook` lists them; the
core never asks which rule set is in play, it asks the book of the config's ``rules``.

This module sits below the rule sets (it imports none of them), so that a rule set can build
its book without an import cycle."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.engine.actions import Action
from game.engine.events import Event, MissionEnded, Scored
from game.engine.state import Phase, Step

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.game import Game
    from game.engine.rulesets.fireteam.base import ActionRule
    from game.engine.rulesets.fireteam.table import Stage, Where
    from game.engine.state import OperativeState, State


Listener = Callable[["Game", Event], None]


def _no_odds(game: Game, action: Action) -> Any:
    return None


@dataclass(frozen=True)
class Book:
    rules: dict[type[Action], ActionRule[Any]]
    flow: dict[Where, Stage]
    start: Where
    steps_of_phase: dict[Phase, tuple[Step, ...]]
    generate: Callable[[Game], list[Action]]
    why_not: Callable[[Game, Action], str | None]
    # whether a shot from a hex finds an operative (standing on a hex) in cover
    covered: Callable[[Game, str, OperativeState, str | None], bool]
    # the operatives a player may activate now
    activatable: Callable[[Game, int], list[OperativeState]]
    # the events a score and the end of the game are told in (a rule set may tell them in
    # words of its own, e.g. markers held rather than VP)
    scored: type[Scored] = Scored
    ended: type[MissionEnded] = MissionEnded
    # who hears each event a game of a config emits, in order (none: nobody)
    listeners: Callable[[Config], tuple[Listener, ...]] = lambda config: ()
    # what is wrong with a position by the rule set's own rules (game.engine.invariants)
    invariants: Callable[[Game], list[str]] = lambda game: []
    # whether the datacards' own rules (abilities, the drones' auras) are in force (False: the
    # rule set plays profiles of its own, converted from the cards)
    card_rules: bool = True
    # objective markers of its own that the players place, in place of the mission's
    # objectives (empty: the mission's objectives), and the turning points it plays unless
    # the recipe says (0: the mission's)
    markers: tuple[str, ...] = ()
    turning_points: int = 0
    # whether targets of opportunity are dealt, and whether a drawn killzone's dangerous
    # hexes (``killzone.dangerous`` of a recipe) count
    targets: bool = True
    dangerous: bool = False
    # its own checks of a loaded position's activation and markers, in place of the engine's
    # (game.engine.save_check.check_activation); None: the engine's
    save_checks: Callable[[State, Config], None] | None = None
    # the exact outcome of a legal action as the screens and the analysis show it (an
    # attack's damage, a shot's wounds), None for an action without odds (Game.odds_of)
    odds: Callable[[Game, Action], Any] = _no_odds


__all__ = ["Book", "Listener"]
