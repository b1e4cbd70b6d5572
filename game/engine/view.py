"""What one player may see (``Game.view(player)``), as typed data, and games rebuilt from it
for search (``Game.from_view``).

A :class:`View` holds the game's public state (a :class:`State` whose hidden parts are
empty: the other player's hand, the deck), the sizes of what is hidden, that player's legal
actions as objects and the events so far as that player may see them. ``view(None)`` is what
everybody may see: both hands hidden (the shared screen, spectators, replays).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.engine.actions import Action
from game.engine.config import Config
from game.engine.dice import Dice, RandomDice
from game.engine.events import Event
from game.engine.state import Boost, Flag, OperativeState, Phase, PloyInForce, State, Step

if TYPE_CHECKING:
    from game.engine.game import Game


@dataclass(frozen=True)
class ObjectiveView:
    id: str
    hex: str | None  # None once it has left the killzone
    controller: int  # 0: nobody
    flags: tuple[Flag, ...]
    carried_by: str | None


@dataclass(frozen=True)
class View:
    """Everything a screen may show one player (``player`` None: everybody)."""

    player: int | None
    config: Config
    state: State  # hidden parts emptied: see hand_sizes and deck_size
    hand_sizes: tuple[int, int]
    deck_size: int
    legal_actions: tuple[Action, ...]  # empty unless it is this player's decision
    events: tuple[Event, ...]
    log: tuple[str, ...]

    # --- conveniences for screens -----------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def step(self) -> Step:
        return self.state.step

    @property
    def turning_point(self) -> int:
        return self.state.turning_point

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def to_act(self) -> int:
        return 0 if self.state.phase == Phase.OVER else self.state.to_act

    @property
    def vp(self) -> dict[int, int]:
        return dict(self.state.vp)

    @property
    def hand(self) -> tuple[str, ...]:
        """The viewer's own targets of opportunity (empty for everybody's view)."""
        return tuple(self.state.hands[self.player]) if self.player in (1, 2) else ()

    @property
    def operatives(self) -> tuple[OperativeState, ...]:
        return tuple(self.state.operatives.values())

    @property
    def ploys_in_force(self) -> dict[int, tuple[PloyInForce, ...]]:
        return {p: tuple(v) for p, v in self.state.ploys.items()}

    @property
    def boosts(self) -> tuple[Boost, ...]:
        return tuple(self.state.boosts)

    @property
    def discard(self) -> tuple[str, ...]:
        return tuple(self.state.discard)

    @property
    def objectives(self) -> tuple[ObjectiveView, ...]:
        state = self.state
        out = []
        for obj, home in self.config.objectives.items():
            carrier = state.carried.get(obj)
            if obj in state.removed_objectives:
                where = None
            elif carrier is not None:
                where = state.operatives[carrier].hex
            else:
                where = state.objective_hexes.get(obj, home) or None
            out.append(ObjectiveView(obj, where, state.control.get(obj, 0),
                                     tuple(state.objective_flags.get(obj, ())), carrier))
        return tuple(out)


def build_view(game: Game, player: int | None) -> View:
    state = game.state.copy()
    sizes = (len(state.hands[1]), len(state.hands[2]))
    for p in (1, 2):
        if p != player:
            state.hands[p] = []
    deck_size = len(state.deck)
    state.deck = []
    legal = game.legal_actions() if player is not None and game.to_act == player else ()
    events = tuple(e.for_viewer(player) for e in game.events)
    return View(player, game.config, state, sizes, deck_size, tuple(legal), events,
                tuple(game.log))


def rebuild(cls: type[Game], view: View, rng: Dice) -> Game:
    """A whole game consistent with ``view``: the hidden hands and the deck order are a
    sample drawn with ``rng`` from the cards the viewer has not seen, and the dice to come
    are a fresh source seeded from ``rng``. Equal views and equal ``rng`` give equal games."""
    state = view.state.copy()
    seen = set(state.discard)
    for p in (1, 2):
        seen.update(state.hands[p], state.active_targets[p], state.completed[p])
    pool = [c for c in sorted(view.config.targets) if c not in seen]
    for i in range(len(pool) - 1, 0, -1):
        j = rng.below(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    for p in (1, 2):
        if p != view.player:
            state.hands[p] = [pool.pop() for _ in range(min(view.hand_sizes[p - 1],
                                                            len(pool)))]
    state.deck = pool[:view.deck_size]
    dice = RandomDice(rng.below(1 << 62))
    game = cls.__new__(cls)
    game.assemble(view.config, state, dice)
    game.events = list(view.events)
    game.log = list(view.log)
    return game
