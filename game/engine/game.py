"""The ``Game``: the single source of truth for a mission in progress.

``legal_actions()`` lists every decision open to the player whose turn it is to decide;
``apply()`` carries one out (all or nothing) and returns the typed events it caused (it raises
:class:`IllegalActionError` saying why when the action is not legal). Everything that needs no
decision (roll-offs, the end phase, passing with no operatives) happens by itself in
:meth:`Game._advance`, driven by the phase table of ``flow.py``; each action's rule lives in
:mod:`game.engine.rulesets.fireteam`.

The questions a screen or a computer player asks are pure (they change nothing and roll
nothing): :meth:`reach`, :meth:`targets_from`, :meth:`threat`, :meth:`why_not`,
:meth:`attack_odds`, :meth:`view`. :meth:`clone` and :meth:`from_view` give copies to search.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import flow, persist
from game.engine.actions import Action, Attack, parse_action
from game.engine.attack import AttackProfile
from game.engine.config import Config, build_config
from game.engine.contract import ActionRule, heard_by
from game.engine.defs import Catalogue, Datacard, Ploy, Weapon
from game.engine.dice import (
    D6Roll,
    Dice,
    Draw,
    RandomDice,
    RollRecord,
    copy_dice,
    dice_from_dict,
    shuffle,
)
from game.engine.effects import (
    AttackRule,
    Source,
    SourceIndex,
    index_sources,
    python_effects_for,
    stat,
    weapon_ranges,
)
from game.engine.errors import IllegalActionError, SaveError
from game.engine.events import (
    Damaged,
    Event,
    ObjectiveDropped,
    RollOff,
    SuddenVictory,
    TakenDown,
)
from game.engine.listing import Listing, holds
from game.engine.odds import AttackOdds
from game.engine.position import Position
from game.engine.rulebook import Book, Listener, book_of, state_type
from game.engine.rulesets import RuleSet
from game.engine.rulesets import fireteam as rules
from game.engine.rulesets.fireteam import attacking, movement
from game.engine.state import OperativeState, State, opponent
from game.engine.view import View, build_view, rebuild
from game.engine.vocabulary import EffectKind

__all__ = ["Game", "IllegalActionError", "SaveError"]

# the card rules' kind read at every action (a member read off its Enum class costs a
# metaclass lookup)
_RANGE = EffectKind.RANGE
_ADJACENT = object()  # the key of Game.adjacent_enemies in the memo
_LISTED = (tuple, Listing)  # what legal_actions() keeps as it is given
_IS_UNDOABLE = ActionRule.is_undoable  # the rules' own answer, unless a rule says otherwise

# a copy of the state is kept every so many actions, to roll a failed action back from
# who hears each class of event, for each tuple of listeners a rule set gives its games
# (a handful in all: a game asks it at its first event of each class)
_HEARD: dict[tuple[Listener, ...], dict[type[Event], tuple[Listener, ...]]] = {}

CHECKPOINT_EVERY = 64
# a state with the lengths of the log, events and record, and the dice, at one moment
Snapshot = tuple[State, int, int, int, dict[str, Any]]


def starting_state(config: Config) -> State:
    """The state before set-up: each fireteam's operatives, not yet deployed, named from its
    composition (``intercessor1``...; ``p1_``/``p2_`` in front when both play the same
    fireteam)."""
    state = state_type(config)()  # the rule set's state, with its pack's fields
    teams = config.fireteams
    mirror = teams[1] is not None and teams[2] is not None and teams[1].id == teams[2].id
    for player in (1, 2):
        team = teams[player]
        assert team is not None
        for entry in team.composition:
            for n in range(1, entry.count + 1):
                op_id = entry.id if entry.count == 1 else f"{entry.id}{n}"
                if mirror:
                    op_id = f"p{player}_{op_id}"
                state.operatives[op_id] = OperativeState(op_id, player, entry.card)
    return state


class Game(Position):
    """A mission in progress. Build one with :meth:`new` (a shipped mission) or directly
    from a :class:`Config` and a :class:`State` (scenario files, saves)."""

    config: Config
    state: State
    dice: Dice
    log: list[str]  # every applied action, in notation
    events: list[Event]  # everything that happened, in order
    record: list[RollRecord]  # every random result, for replays
    # what look-ahead code (the computer player) works out from the state and may ask for
    # again before it changes: emptied by :meth:`invalidate`, never part of the state
    memo: dict[object, object]
    # who hears its events (:meth:`emit`), asked of the rule set on the first event
    _listeners: tuple[Listener, ...] | None = None
    # the same by class of event: those that hear it (events.heard_by), filled as they come
    _heard: dict[type[Event], tuple[Listener, ...]] | None = None
    # the rule set's book, asked of the registry once per game object (the config never
    # changes)
    _book: Book | None = None

    def __init__(self, config: Config, state: State, dice: Dice) -> None:
        self.assemble(config, state, dice)
        self._advance()

    def assemble(self, config: Config, state: State, dice: Dice) -> None:
        """Set the game up on a config, a state and dice, without advancing it (saves and
        games rebuilt from a view are already at a decision)."""
        self.config = config
        self.state = state
        self.dice = dice
        self.log = []
        self.events = []
        self.record = []
        self._undo: list[int] = []  # the number of actions done before each undoable one
        self._checkpoint: Snapshot | None = None
        self._legal: Sequence[Action] | None = None
        self._sources: SourceIndex | None = None
        self._occupied: set[str] | None = None
        self._on_killzone: dict[int | None, list[OperativeState]] = {}
        self.memo = {}

    # --- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, catalogue: Catalogue, mission: str, fireteams: tuple[str, str],
            dice: Dice | None = None, *, wargear: dict[int, list[str]] | None = None,
            special_operation: dict[str, Any] | None = None,
            honours: dict[int, list[dict[str, str]]] | None = None,
            rules: RuleSet | str = RuleSet.FIRETEAM,
            options: dict[int, dict[str, list[str]]] | None = None) -> Game:
        """A new game of a shipped mission between two shipped fireteams, at set-up.
        ``wargear`` (cards each player holds), ``special_operation`` (``{player, card}``)
        and ``honours`` (``{player: [{card, operative}]}``) come from a campaign; ``rules``
        names the rule set (Fireteam by default); ``options`` the choices each player made
        as their fireteam was picked (``{player: {option: [datacards]}}``, the Pathfinders'
        drones). Raises KeyError/ValueError for an unknown mission, fireteam or rule set, a
        mission the rule set cannot play, or a choice beyond a fireteam's limits."""
        spec: dict[str, Any] = {"mission": mission,
                                "fireteams": {1: fireteams[0], 2: fireteams[1]}}
        if str(rules) != RuleSet.FIRETEAM:
            spec["rules"] = str(rules)
        if wargear:
            spec["wargear"] = wargear
        if special_operation:
            spec["special_operation"] = special_operation
        if honours:
            spec["honours"] = honours
        if options:
            spec["options"] = {p: dict(o) for p, o in options.items() if o}
        config = build_config(catalogue, spec)
        return cls(config, starting_state(config), dice if dice is not None else RandomDice(0))

    def clone(self, dice: Dice | None = None) -> Game:
        """An independent copy sharing only what never changes (the config and catalogue),
        with a copy of the dice source, or ``dice`` instead. The copy has no undo history."""
        other = Game.__new__(Game)
        other.config = self.config
        other.state = self.state.copy()
        other.dice = dice if dice is not None else copy_dice(self.dice)
        other.log = list(self.log)
        other.events = list(self.events)
        other.record = list(self.record)
        other._undo = []
        other._checkpoint = None
        other._legal = self._legal
        # the card rules in force are the same until the copy's state changes (their index is
        # only read, and replaced rather than changed: see rules_changed)
        other._sources = self._sources
        other._listeners = self._listeners
        other._heard = self._heard
        other._book = self._book
        other._occupied = None
        other._on_killzone = {}
        other.memo = {}
        return other

    @classmethod
    def from_view(cls, view: View, rng: Dice) -> Game:
        """A game consistent with ``view``: what its player cannot see (the other hand, the
        deck order, the dice to come) is a sample drawn with ``rng``."""
        return rebuild(cls, view, rng)

    # --- what anyone may ask -----------------------------------------------------------

    # (grid, phase, step, turning_point, turn, to_act, vp, is_over, winner and
    # objective_hex come from Position, shared with View)

    def datacard(self, op: OperativeState) -> Datacard:
        """``op``'s datacard as it plays now: the printed card, with the weapon Ranges that
        ``range`` rules in force lengthen (the pulse accelerator drone's; a rule set without
        card rules plays the printed card)."""
        card = self.config.datacards[op.card]
        if not (self._book or self.book).card_rules:
            return card
        if not (self._sources or self._index())[0].get(_RANGE):  # asked at every action
            return card
        key = ("datacard", op.id)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = weapon_ranges(self, op, card)
        return found  # type: ignore[return-value]

    def operative(self, op_id: str) -> OperativeState:
        """The operative ``op_id``; raises KeyError naming it."""
        try:
            return self.state.operatives[op_id]
        except KeyError:
            raise KeyError(f"no operative {op_id!r}") from None

    def ploy(self, player: int, ploy_id: str) -> Ploy:
        ploy = self.config.ploy(player, ploy_id)
        if ploy is None:
            raise KeyError(ploy_id)
        return ploy

    def sources(self, kind: EffectKind | None = None) -> list[Source]:
        """Card rules in force now, all or those of one effect ``kind``. Cached until
        :meth:`rules_changed`."""
        return (self._sources or self._index())[0].get(kind, [])

    def triggers(self, on: str) -> list[Source]:
        """The trigger rules in force now that listen for the event word ``on``
        (``end_of_turn``). Cached until :meth:`rules_changed`."""
        return (self._sources or self._index())[1].get(on, [])

    def attack_rules(self) -> list[AttackRule]:
        """The ``attack`` rules in force, read for :func:`effects.attack_mods`. Cached until
        :meth:`rules_changed`."""
        return self._index()[2]

    def _index(self) -> SourceIndex:
        if self._sources is None:
            self._sources = index_sources(self)
        return self._sources

    # ``game.stat(op, name)``: a characteristic of ``op`` after every ``stat`` rule in force
    # (effects.stat itself, no call in between)
    stat = stat

    def occupied(self) -> set[str]:
        """The hexes holding an operative (do not change the set returned)."""
        if self._occupied is None:  # (read off who is on the killzone, kept longer)
            # (the kept list read without a call when it is there)
            self._occupied = {o.hex for o in self._on_killzone.get(None) or self.on_killzone()
                              if o.hex is not None}
        return self._occupied

    def on_killzone(self, player: int | None = None) -> list[OperativeState]:
        """``player``'s operatives on the killzone (everybody's for None), kept until an
        operative enters or leaves the killzone (:meth:`rules_changed`): do not change the
        list returned."""
        found = self._on_killzone.get(player)
        if found is None:
            found = self._on_killzone[player] = self.state.on_killzone(player)
        return found

    def enemies_adjacent(self, op: OperativeState) -> list[OperativeState]:
        hex_ = op.hex
        assert hex_ is not None
        # (adjacent_enemies' kept answer read without a second call: asked at every listing)
        found = self.memo.get((_ADJACENT, op.player, hex_))
        if found is None:
            return self.adjacent_enemies(op.player, hex_)
        return found  # type: ignore[return-value]

    def adjacent_enemies(self, player: int, hex_: str) -> list[OperativeState]:
        """``player``'s enemies on the killzone next to ``hex_``, kept in :attr:`memo` until
        the state changes (the Move, Disengage and Attack listings all ask it): do not change
        the list returned."""
        key = (_ADJACENT, player, hex_)
        found = self.memo.get(key)
        if found is None:
            near = self.config.grid.neighbours(hex_)
            enemy = opponent(player)
            enemies = self._on_killzone.get(enemy) or self.on_killzone(enemy)
            found = self.memo[key] = [e for e in enemies if e.hex in near]
        return found  # type: ignore[return-value]

    # --- what the rules call ------------------------------------------------------------

    def roll(self) -> int:
        """One d6 from the game's dice; every roll must end up in exactly one event."""
        value = self.dice.d6()
        self.record.append(D6Roll("d6", value))
        return value

    def below(self, n: int) -> int:
        value = self.dice.below(n)
        self.record.append(Draw("below", n, value))
        return value

    def shuffle(self, items: list[str]) -> None:
        """Shuffle ``items`` in place with the game's dice (recorded)."""
        shuffle(items, self.below)

    def roll_off(self, purpose: str, tie_to: int = 0) -> RollOff:
        """Each player rolls a die (player 1 first); ties re-roll, unless ``tie_to`` names
        the player who wins a tie. The caller emits the result."""
        pairs: list[tuple[int, int]] = []
        while True:
            one, two = self.roll(), self.roll()
            pairs.append((one, two))
            if one != two:
                return RollOff(purpose, tuple(pairs), 1 if one > two else 2, tie_to)
            if tie_to:
                return RollOff(purpose, tuple(pairs), tie_to, tie_to)

    @property
    def book(self) -> Book:
        """The rule set this game is played under (its flow table and action rules)."""
        found = self._book
        if found is None:
            found = self._book = book_of(self.config)
        return found

    def covered(self, shooter_hex: str, target: OperativeState,
                target_hex: str | None = None) -> bool:
        """Whether a shot from ``shooter_hex`` finds ``target`` (standing on ``target_hex``,
        by default where it stands) in cover, as the rule set in play counts the killzone's
        cover: the question the computer player asks rather than working it out itself."""
        return self.book.covered(self, shooter_hex, target, target_hex)

    @property
    def rules(self) -> RuleSet | str:
        return self.config.rules

    def emit(self, event: Event) -> None:
        """Record ``event`` and let the rule set's listeners hear it (under the Fireteam
        rules: the card triggers, the targets of opportunity and the Kill Team pack)."""
        self.events.append(event)
        heard = self._heard
        if heard is None:  # once per game object: shared by every game with these listeners
            heard = self._heard = _HEARD.setdefault(self._all_listeners(), {})
        listeners = heard.get(type(event))
        if listeners is None:  # once per class of event: those that hear it
            listeners = heard[type(event)] = heard_by(self._all_listeners(), type(event))
        for listener in listeners:
            listener(self, event)

    def _all_listeners(self) -> tuple[Listener, ...]:
        """Who hears the game's events, in order, asked of the rule set once per game."""
        listeners = self._listeners
        if listeners is None:
            listeners = self._listeners = self.book.listeners(self.config)
        return listeners

    def invalidate(self) -> None:
        """Forget what was worked out from the state: legal actions, occupied hexes and the
        :attr:`memo`. Called after every change of the state. (Who is on the killzone is
        kept until :meth:`rules_changed`: an operative that moves stays in its list.) The flow's
        runner (:func:`flow.run`) writes this out before each of its steps."""
        self._legal = None
        self._occupied = None
        if self.memo:
            self.memo = {}

    def rules_changed(self) -> None:
        """Forget the card rules in force, and who is on the killzone, as well. Rules must
        call this whenever what :func:`sources_in_force` reads changes: an operative enters
        or leaves the killzone, a ploy is played or ends, wargear comes into force or ends,
        the state is replaced."""
        self.invalidate()
        self._sources = None
        if self._on_killzone:
            self._on_killzone = {}

    def clear_undo(self) -> None:
        self._undo.clear()

    def spend(self, ap: int) -> None:
        self.state.ap_left -= ap
        self.state.ap_spent = True

    def score(self, player: int, vp: int, source: str = "", name: str = "",
              objectives: tuple[str, ...] = (), basis: str = "") -> None:
        """Give ``player`` VP, saying where they come from (``basis``: what the rule pays
        for, see :class:`Scored`)."""
        if vp <= 0 or self.is_over:
            return
        self.state.vp[player] += vp
        self.emit(self.book.scored(player, vp, self.state.turning_point, source, name,
                                   objectives, basis))

    # ``game.check_control()``: a player with more operatives near an objective gains it
    # (flow.check_control itself, no call in between)
    check_control = flow.check_control

    def check_sudden_victory(self) -> None:
        """A mission card's sudden victory, checked once a rule or an action has finished
        scoring (so two players scoring in the same step are treated alike): whoever reached
        the target wins at once; if both did, the higher total wins, equal totals draw."""
        target = self.config.sudden_victory
        if not target or self.is_over:
            return
        vp = self.state.vp
        reached = tuple(p for p in (1, 2) if vp[p] >= target)
        if not reached:
            return
        self.emit(SuddenVictory(reached, target))
        if len(reached) == 1:
            winner = reached[0]
        else:
            winner = 0 if vp[1] == vp[2] else (1 if vp[1] > vp[2] else 2)
        self.end_mission(winner, reason="sudden victory")

    def end_mission(self, winner: int | None = None, reason: str = "most VP") -> None:
        """End the mission now: completed targets of opportunity are added, then the winner
        is ``winner`` (a mission card's sudden victory, a concession) or has the most VP."""
        flow.final_end_phase(self, winner, reason)
        self.rules_changed()

    def wound(self, op: OperativeState, amount: int, by: int | None = None,
              melee: bool = False, distance: int = 0, full_health: bool = False,
              cause: str = "") -> None:
        """Give ``op`` wound counters; take it down when they reach its Wounds (card rules
        permitting). ``by`` is the attacking player, for targets of opportunity."""
        op.damage += amount
        wounds = self.datacard(op).wounds
        self.emit(Damaged(op.id, amount, min(op.damage, wounds), cause))
        if op.damage < wounds:
            return
        for hook in python_effects_for(self, op):
            if hook.would_be_taken_down(self, op):
                return
        state = self.state
        assert op.hex is not None
        for objective, carrier in list(state.carried.items()):
            if carrier == op.id:
                del state.carried[objective]
                state.objective_hexes[objective] = op.hex
                self.emit(ObjectiveDropped(op.id, objective, op.hex))
        op.damage = wounds
        op.taken_down = True
        self.rules_changed()
        # its hex is still known while "taken down" rules ask where it fell
        self.emit(TakenDown(op.id, op.player, op.hex, by, melee, distance, full_health))
        op.hex = None
        self.invalidate()

    # --- the flow ----------------------------------------------------------------------

    def _advance(self) -> None:
        """Carry out everything that needs no decision, until a decision or the end."""
        flow.run(self)

    # --- legal actions -----------------------------------------------------------------

    def legal_actions(self) -> Sequence[Action]:
        """Every action the player to act may take now, in a stable order."""
        legal = self._legal
        if legal is None:
            listed: Sequence[Action] = (self._book or self.book).generate(self)
            legal = self._legal = listed if type(listed) in _LISTED else tuple(listed)
        return legal

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now. ``legal_actions()`` lists one Move per
        destination; any other valid path to a listed destination is legal too."""
        return self.book.why_not(self, action) is None

    def why_not(self, action: Action) -> str | None:
        """The one reason ``action`` cannot be taken now, in plain words (None: it can)."""
        return self.book.why_not(self, action)

    # --- applying actions --------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out ``action`` and everything that follows by itself; returns the events it
        caused. Raises IllegalActionError (a ValueError) saying why it is not legal now.
        All or nothing: if carrying it out raises, the game is exactly as before."""
        legal = self._legal
        book = self._book or self.book
        # an action object taken from the current legal_actions() needs no second look
        if legal is None or not holds(legal, action):
            reason = book.why_not(self, action)
            if reason is not None:
                raise IllegalActionError(f"{action}: {reason}")
        rule = book.rules[type(action)]
        # a new checkpoint only while nothing can be undone (undo rolls back from it too)
        if self._checkpoint is None or (
                not self._undo and len(self.log) - self._checkpoint[1] >= CHECKPOINT_EVERY):
            self._checkpoint = self._snapshot()
        undo = self._undo  # (replaced, not changed, below: put back as it was on a failure)
        done = len(self.log)
        first_event = len(self.events)
        try:
            # (a rule that keeps ActionRule.is_undoable answers its flag: no call)
            if (rule.undoable if type(rule).is_undoable is _IS_UNDOABLE
                    else rule.is_undoable(self, action)):
                self._undo = [*undo, done]
            elif undo:
                self._undo = []
            self.log.append(str(action))
            rule.apply(self, action)
            flow.run(self)  # (_advance)
        except BaseException:
            self._roll_back(done)
            self._undo = undo
            raise
        return self.events[first_event:]

    def _snapshot(self) -> Snapshot:
        return (self.state.copy(), len(self.log), len(self.events), len(self.record),
                self.dice.to_dict())

    def _restore(self, snapshot: Snapshot) -> None:
        state, log, events, record, dice = snapshot
        self.state = state.copy()
        del self.log[log:], self.events[events:], self.record[record:]
        restored = dice_from_dict(dice)
        if type(restored) is type(self.dice):
            # rewound in place: whoever holds the dice object sees it rewound too
            vars(self.dice).update(vars(restored))
        else:
            self.dice = restored
        self.rules_changed()

    def _roll_back(self, done: int) -> None:
        """Put the game back as it was after its first ``done`` actions: back to the last
        checkpoint, then the actions since replayed (the same dice give the same game).
        Cheaper than a copy of the state before every action."""
        assert self._checkpoint is not None
        actions = self.log[self._checkpoint[1]:done]
        self._restore(self._checkpoint)
        for line in actions:
            self.log.append(line)
            replayed = parse_action(line)
            self.book.rules[type(replayed)].apply(self, replayed)
            self._advance()

    def undo(self) -> None:
        """Take back the last Move, Disengage, mission action or wargear use of the current
        activation.
        A die roll or a revealed secret is a commit point. Raises IllegalActionError."""
        if not self._undo:
            raise IllegalActionError("nothing to undo: the last action cannot be taken back")
        self._roll_back(self._undo.pop())

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    # --- questions a screen asks (pure) ------------------------------------------------

    def deploy_hexes(self, player: int) -> list[str]:
        """Empty hexes of ``player``'s territory (both before the first placement)."""
        return rules.setup.deploy_hexes(self, player)

    def activatable(self, player: int) -> list[OperativeState]:
        """The operatives ``player`` may activate now."""
        return self.book.activatable(self, player)

    def move_paths(self, op: OperativeState) -> dict[str, tuple[str, ...]]:
        """Each hex ``op`` can reach with one Move action now, with a shortest path to it."""
        return movement.move_paths(self, op)

    def disengage_hexes(self, op: OperativeState) -> list[str]:
        """The hexes ``op`` may disengage into."""
        return movement.disengage_hexes(self, op)

    def reach(self, op_id: str, moves: int | None = None,
              reserve_ap: int = 0) -> dict[str, tuple[str, ...]]:
        """The hexes operative ``op_id`` (active or not) could end on, with a path to each:
        with ``moves`` Move actions, or by default as many as its next activation allows
        (APL, 1 if it would be reactivated; its AP left if active) less ``reserve_ap`` kept
        for an attack."""
        op = self.operative(op_id)
        if moves is None:
            moves = movement.moves_next_activation(self, op, reserve_ap)
        return movement.reach(self, op, moves)

    def targets_from(self, op_id: str, hex_: str | None = None) -> list[tuple[Weapon,
                                                                              OperativeState]]:
        """The (weapon, enemy) pairs operative ``op_id`` could attack from where it stands,
        or from ``hex_``: range, visibility and the adjacency rule, whatever its AP."""
        return attacking.targets_from(self, self.operative(op_id), hex_)

    def attack_profile(self, op_id: str, weapon_id: str, enemy_id: str,
                       overcharge: bool = False) -> AttackProfile:
        """The profile an attack by ``op_id`` with ``weapon_id`` on ``enemy_id`` would be
        rolled with now, card rules, distance and cover counted, whether or not it is legal
        now (for a look-ahead; :meth:`attack_odds` is for legal attacks). Raises KeyError for
        an unknown operative or weapon."""
        op, enemy = self.operative(op_id), self.operative(enemy_id)
        weapon = self.datacard(op).weapon(weapon_id)
        if weapon is None:
            raise KeyError(f"{op_id} has no weapon {weapon_id!r}")
        return attacking.shot(self, op, enemy, weapon, overcharge).profile

    def attacks_from(self, op_id: str, hex_: str,
                     ) -> list[tuple[Weapon, OperativeState, AttackProfile]]:
        """Every (weapon, enemy, profile) operative ``op_id`` could attack if it stood on
        ``hex_`` (the board otherwise as it is): the targets of :meth:`targets_from`, each
        with the profile the attack would be rolled with from there (card rules in force,
        distance and cover counted). For a look-ahead; changes nothing (the operative is put
        back before it returns)."""
        op = self.operative(op_id)
        saved, cached = op.hex, self._occupied
        try:
            op.hex = hex_  # the profile's distance and cover read the hexes
            return [(weapon, enemy, attacking.shot(self, op, enemy, weapon).profile)
                    for weapon, enemy in attacking.targets_from(self, op, hex_)]
        finally:
            op.hex = saved
            self._occupied = cached

    def threat(self, op_id: str, enemy_id: str) -> dict[str, list[str]]:
        """The hexes from which ``enemy_id`` could attack ``op_id``, each with its weapons."""
        return attacking.threat(self, self.operative(op_id), self.operative(enemy_id))

    def why_not_move_to(self, op_id: str, hex_: str) -> str | None:
        """Why the active operative ``op_id`` cannot Move to ``hex_`` now (None: it can)."""
        return movement.why_not_move_to(self, self.operative(op_id), hex_)

    def why_not_attack(self, op_id: str, enemy_id: str,
                       weapon_id: str | None = None) -> str | None:
        """Why the active ``op_id`` cannot attack ``enemy_id`` now (with ``weapon_id``, or
        with any weapon); None when it can."""
        return attacking.why_not_attack(self, self.operative(op_id), self.operative(enemy_id),
                                        weapon_id)

    def attack_odds(self, action: Attack) -> AttackOdds:
        """The exact damage distribution of a legal attack with every card rule in force,
        the reasons for each change, the chance to take the target down (its saving rules
        counted) and the attacker's own risk. Raises IllegalActionError."""
        reason = self.book.why_not(self, action)
        if reason is not None:
            raise IllegalActionError(f"{action}: {reason}")
        return attacking.odds(self, action)

    def odds_of(self, action: Action) -> Any:
        """The exact outcome of a legal action as the rule set in play works it out (its
        book's ``odds``): a Fireteam attack's :class:`AttackOdds` (as :meth:`attack_odds`), a
        shot's or a charge's wounds under rules of Quality tests (their odds, with the chance
        of the target being destroyed and a charger's risk from the strike back). Raises
        IllegalActionError for an illegal action or one without odds."""
        reason = self.book.why_not(self, action)
        found = None if reason is not None else self.book.odds(self, action)
        if found is None:
            raise IllegalActionError(f"{action}: {reason or 'this action has no odds'}")
        return found

    def view(self, player: int | None) -> View:
        """Everything a screen may show ``player`` (None: what everybody may see)."""
        return build_view(self, player)

    # --- saves -------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-able data, with a format version (see persist.py)."""
        return persist.save(self)

    @classmethod
    def from_dict(cls, data: Any, catalogue: Catalogue) -> Game:
        """Load a game saved by :meth:`to_dict`; raises SaveError naming what is wrong."""
        return persist.load(cls, data, catalogue)
