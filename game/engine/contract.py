"""The contract a rule set signs with the engine: :class:`Book`, everything the core asks of
a rule set (its flow table, its action rules, who hears its events, its markers, its save
checks, its odds, ...). Each rule set declares its book in its own folder
(``game/engine/rulesets/<rule set>/book.py``) and :mod:`game.engine.rulebook` lists them; the
core never asks which rule set is in play, it asks the book of the config's ``rules``.

A mission pack signs a smaller one, :class:`Pack`: what its missions add to the Fireteam rules
(action rules, flow stages and the turns into them, a listener, markers, scoring at the end,
...); :mod:`game.engine.packs` lists the packs.

The pieces both are made of live here too: :class:`ActionRule` (one kind of action's rule)
and :class:`Stage` (one stage of a flow table). This module sits below the rule sets and the
packs (it imports none of them), so that each can declare itself without an import cycle."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from game.engine.actions import Action
from game.engine.events import Event, MissionEnded, Scored
from game.engine.state import Phase, State

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.defs import Effect, Mission
    from game.engine.game import Game
    from game.engine.state import OperativeState
    from game.engine.vocabulary import ValueSpec


Listener = Callable[["Game", Event], None]
Where = tuple[Phase, str]

A = TypeVar("A", bound=Action)


class ActionRule(ABC, Generic[A]):
    """The rule of one kind of action ``A`` (``action``: its class). Where in the flow it may
    be taken is the flow table's to say (:class:`Stage`); a rule open at more than one step
    says in ``why_not`` which of them it is open at now. ``why_not`` and ``apply`` are only
    given actions of this rule's own class (a book's ``rules`` picks the rule by the action's
    class)."""

    action: type[A]
    # Whether the action may be taken back (moves: yes; anything that rolls or reveals: no)
    undoable: ClassVar[bool] = False

    @abstractmethod
    def generate(self, game: Game, player: int) -> Iterable[A]:
        """Every legal action of this kind for ``player`` now, in a stable order."""

    @abstractmethod
    def why_not(self, game: Game, action: A) -> str | None:
        """The reason ``action`` cannot be taken now, or None when it is legal. Called only
        once the game is at a stage that waits for this action and it is
        ``action.player``'s decision."""

    @abstractmethod
    def apply(self, game: Game, action: A) -> None:
        """Carry out a legal ``action``: change the state and emit its events."""

    def is_undoable(self, game: Game, action: A) -> bool:
        return self.undoable


def _always(game: Game) -> bool:
    """at once"""
    return True


def _never(game: Game) -> bool:
    """never"""
    return False


def _nothing(game: Game) -> None:
    """nothing"""


# A listener may declare the event classes it acts on (hears): a game then calls it for events
# of those classes (and of their subclasses) only. Most events concern no listener, and cost
# no call.
_HEARS: dict[Listener, tuple[type[Event], ...]] = {}
L = TypeVar("L", bound=Listener)


def hears(listener: L, *kinds: type[Event]) -> L:
    """Declare that ``listener`` acts only on events of ``kinds`` (or their subclasses);
    returns it."""
    _HEARS[listener] = kinds
    return listener


def heard_by(listeners: tuple[Listener, ...], kind: type[Event]) -> tuple[Listener, ...]:
    """Those of ``listeners`` that hear events of class ``kind``, in their order (one that
    declared nothing hears every event)."""
    return tuple(listener for listener in listeners
                 if (declared := _HEARS.get(listener)) is None or issubclass(kind, declared))


@dataclass(frozen=True)
class Stage:
    """One phase and step of a flow table (see :mod:`game.engine.rulesets.fireteam.table`)."""

    phase: Phase
    step: str  # a Step, or one of the system's own (game.engine.state.register_steps)
    # the next stage, chosen among ``successors`` (the first when ``choose`` is None)
    successors: tuple[Where, ...] = ()
    waits_for: tuple[type[Action], ...] = ()
    on_begin: Callable[[Game], None] = _nothing
    meanwhile: Callable[[Game], bool] | None = None
    end_if: Callable[[Game], bool] = _always
    on_end: Callable[[Game], None] = _nothing
    choose: Callable[[Game], Where] | None = None

    @property
    def where(self) -> Where:
        return self.phase, self.step

    @property
    def waits(self) -> bool:
        """Whether the game ever stops here for a decision (a save is made only there)."""
        return bool(self.waits_for) or not self.successors

    def next(self, game: Game) -> Where:
        """The stage that follows this one now."""
        where = self.choose(game) if self.choose is not None else self.successors[0]
        assert where in self.successors, f"{self.where} never leads to {where}"
        return where


@dataclass(frozen=True)
class FlowDoc:
    """How docs/engine.md shows a rule set's flow table (:mod:`game.engine.flow_doc`): the
    heading of its section, the markers around the generated part, the decisions open at
    every stage that waits, and how a game may end at any stage."""

    title: str
    begin: str
    end: str
    anytime: tuple[type[Action], ...]
    ending: str


def _no_odds(game: Game, action: Action) -> Any:
    return None


@dataclass(frozen=True)
class Book:
    rules: dict[type[Action], ActionRule[Any]]
    flow: dict[Where, Stage]
    start: Where
    steps_of_phase: dict[Phase, tuple[str, ...]]
    generate: Callable[[Game], Sequence[Action]]
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
    # how docs/engine.md shows its flow table (None: it is not shown)
    flow_doc: FlowDoc | None = None
    # the state its games keep: State, or a class deriving from it with fields of its own
    # (registered: game.engine.state.register_state)
    state: type[State] = State


@dataclass(frozen=True)
class Detour:
    """A pack's turn off the rule set's flow: when the game leaves the stage ``after`` for the
    stage ``instead_of`` and ``when`` holds, it goes to the pack's stage ``to`` instead.
    ``words`` name the condition in the flow diagram of docs/engine.md."""

    after: Where
    instead_of: Where
    to: Where
    when: Callable[[Game], bool]
    words: str


def _no_markers(mission: Mission) -> tuple[str, ...]:
    return ()


def _no_extra(config: Config) -> int:
    return 0


def _goes_on(game: Game) -> bool:
    return False


def _all_of(game: Game, hexes: list[str]) -> list[str]:
    return hexes


def _no_rules(config: Config) -> list[tuple[str, Effect]]:
    return []


def _holds_nothing(game: Game, op: OperativeState, ability: str) -> Event | None:
    return None


@dataclass(frozen=True)
class Pack:
    """A mission pack: what the missions that name it (``pack:`` in a mission's file) add to
    the Fireteam rules. Every part has a default that adds nothing."""

    id: str  # ``pack:`` of its missions
    # its action rules, listed after the rule set's own (before Concede and AgreeResult)
    rules: tuple[ActionRule[Any], ...] = ()
    # its flow stages, each group listed after the rule set's stage it is keyed by, and the
    # turns from the rule set's stages into them (the first that holds is taken)
    stages: dict[Where, tuple[Stage, ...]] = field(default_factory=dict)
    detours: tuple[Detour, ...] = ()
    # its steps as a reason names them ("the game is at ..., not ...")
    step_words: dict[str, str] = field(default_factory=dict)
    # hears every event of a game of its missions, after the rule set's listeners
    listener: Listener | None = None
    # the objective markers of a mission that the players place (they have no hex until
    # then), and the most turning points a game can last beyond the mission's
    placed: Callable[[Mission], tuple[str, ...]] = _no_markers
    extra_turning_points: Callable[[Config], int] = _no_extra
    # at the end of the mission's last turning point: whether the game goes on to a stage of
    # the pack's before it ends (a roll for its length)
    goes_on: Callable[[Game], bool] = _goes_on
    # the pack's scoring as the mission ends (before targets of opportunity are added)
    score_at_end: Callable[[Game], None] = _nothing
    # of the hexes an operative could deploy on, those it may deploy on now
    deploy_spacing: Callable[[Game, list[str]], list[str]] = _all_of
    # its rules in force in a mission, in the card vocabulary, each with its name; its own
    # words of that vocabulary: conditions (the shape of the value, whether it holds of an
    # operative) and trigger words (the event that fires each, of a phase or any)
    card_rules: Callable[[Config], list[tuple[str, Effect]]] = _no_rules
    conditions: dict[str, tuple[ValueSpec, Callable[..., bool]]] = field(default_factory=dict)
    triggers: dict[str, tuple[type[Event], Phase | None]] = field(default_factory=dict)
    # the event telling why it keeps an operative's card ability (by id) from working now;
    # None: it works
    holds_off: Callable[[Game, OperativeState, str], Event | None] = _holds_nothing
    # whether its missions deal targets of opportunity
    targets: bool = True
    # the state its games keep beyond the rule set's (a class deriving from State with
    # fields of its own, registered: game.engine.state.register_state); None: the rule set's
    state: type[State] | None = None


__all__ = ["ActionRule", "Book", "Detour", "FlowDoc", "Listener", "Pack", "Stage", "Where"]
