"""The ``Game``: the single source of truth for a mission in progress.

``legal_actions()`` lists every decision open to the player whose turn it is to decide;
``apply()`` carries one out (and raises :class:`IllegalActionError` saying why when it is not
legal); everything that needs no decision (roll-offs, the end phase, passing with no
operatives) happens by itself in :meth:`Game._advance`, driven by the phase table of
``flow.py``.
"""

from __future__ import annotations

from typing import Any

from game.engine import combat, flow, legal, persist
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
from game.engine.attack import AttackProfile
from game.engine.config import Config, build_config
from game.engine.defs import (
    Catalogue,
    Datacard,
    Ploy,
    Weapon,
)
from game.engine.defs import MissionAction as MissionActionDef
from game.engine.dice import Dice, RandomDice
from game.engine.effects import (
    Source,
    do_outcome,
    fire,
    python_effects_for,
    sources_in_force,
    stat,
    target_met,
)
from game.engine.errors import IllegalActionError, SaveError
from game.engine.hexgrid import Grid
from game.engine.odds import Odds, damage_distribution
from game.engine.state import OperativeState, Phase, State, Step

__all__ = ["Game", "IllegalActionError", "SaveError"]


class Game:
    """A mission in progress. Build one with :meth:`new` (a shipped mission) or directly
    from a :class:`Config` and a :class:`State` (scenario files, saves)."""

    def __init__(self, config: Config, state: State, dice: Dice) -> None:
        self.config = config
        self.state = state
        self.dice = dice
        self.log: list[str] = []  # every applied action, in notation
        self.events: list[str] = []  # what happened, for people to read
        self.record: list[list[int | str]] = []  # every random result, for replays
        self._undo: list[tuple[State, int, int, int]] = []
        self._legal: list[Action] | None = None
        self._sources: list[Source] | None = None
        self._advance()

    # --- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, catalogue: Catalogue, mission: str, fireteams: tuple[str, str],
            dice: Dice | None = None, *, wargear: dict[int, list[str]] | None = None,
            special_operation: dict[str, Any] | None = None,
            honours: dict[int, list[dict[str, str]]] | None = None) -> Game:
        """A new game of a shipped mission between two shipped fireteams, at set-up.
        ``wargear`` (cards each player holds), ``special_operation`` (``{player, card}``)
        and ``honours`` (``{player: [{card, operative}]}``) come from a campaign."""
        spec: dict[str, Any] = {"mission": mission,
                                "fireteams": {1: fireteams[0], 2: fireteams[1]}}
        if wargear:
            spec["wargear"] = wargear
        if special_operation:
            spec["special_operation"] = special_operation
        if honours:
            spec["honours"] = honours
        config = build_config(catalogue, spec)
        state = State()
        mirror = fireteams[0] == fireteams[1]
        for player in (1, 2):
            team = config.fireteams[player]
            assert team is not None
            for entry in team.composition:
                for n in range(1, entry.count + 1):
                    op_id = entry.id if entry.count == 1 else f"{entry.id}{n}"
                    if mirror:
                        op_id = f"p{player}_{op_id}"
                    state.operatives[op_id] = OperativeState(op_id, player, entry.card)
        return cls(config, state, dice if dice is not None else RandomDice(0))

    # --- what anyone may ask -----------------------------------------------------------

    @property
    def grid(self) -> Grid:
        return self.config.grid

    @property
    def phase(self) -> str:
        return self.state.phase

    @property
    def turning_point(self) -> int:
        return self.state.turning_point

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def to_act(self) -> int:
        """The player whose decision it is (0 once the mission is over)."""
        return 0 if self.is_over else self.state.to_act

    @property
    def vp(self) -> dict[int, int]:
        return dict(self.state.vp)

    @property
    def is_over(self) -> bool:
        return self.state.phase == Phase.OVER

    @property
    def winner(self) -> int | None:
        """1 or 2, 0 for a draw, None while the mission runs."""
        return self.state.winner

    def datacard(self, op: OperativeState) -> Datacard:
        return self.config.datacards[op.card]

    def ploy(self, player: int, ploy_id: str) -> Ploy:
        ploy = self.config.ploy(player, ploy_id)
        if ploy is None:
            raise KeyError(ploy_id)
        return ploy

    def objective_hex(self, objective: str) -> str | None:
        """Where an objective token is now (None once it has left the killzone)."""
        state = self.state
        if objective in state.removed_objectives:
            return None
        carrier = state.carried.get(objective)
        if carrier is not None:
            return state.operatives[carrier].hex
        return state.objective_hexes.get(objective, self.config.objectives.get(objective))

    def sources(self) -> list[Source]:
        """Card rules in force now (cached until the state changes)."""
        if self._sources is None:
            self._sources = list(sources_in_force(self))
        return self._sources

    def stat(self, op: OperativeState, name: str) -> int:
        return stat(self, op, name)

    def occupied(self) -> set[str]:
        return {o.hex for o in self.state.operatives.values() if o.on_killzone and o.hex}

    def enemies_adjacent(self, op: OperativeState) -> list[OperativeState]:
        assert op.hex is not None
        near = self.grid.neighbours(op.hex)
        return [e for e in self.state.on_killzone(3 - op.player) if e.hex in near]

    # --- randomness and narration ------------------------------------------------------

    def roll(self) -> int:
        value = self.dice.d6()
        self.record.append(["d6", value])
        return value

    def below(self, n: int) -> int:
        value = self.dice.below(n)
        self.record.append(["below", n, value])
        return value

    def shuffle(self, items: list[str]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def roll_off(self, tie_to: int = 0) -> int:
        """Each player rolls a die (player 1 first); ties re-roll, unless ``tie_to`` names
        the player who wins a tie."""
        while True:
            one, two = self.roll(), self.roll()
            if one != two:
                winner = 1 if one > two else 2
                self.note(f"roll-off: player 1 rolls {one}, player 2 rolls {two}: "
                          f"player {winner} wins")
                return winner
            if tie_to:
                self.note(f"roll-off: both roll {one}: the tie goes to player {tie_to}")
                return tie_to
            self.note(f"roll-off: both roll {one}: roll again")

    def note(self, text: str) -> None:
        self.events.append(text)

    def score(self, player: int, vp: int) -> None:
        if vp <= 0 or self.is_over:
            return
        self.state.vp[player] += vp
        self.note(f"player {player} scores {vp} VP")

    def check_sudden_victory(self) -> None:
        """A mission card's sudden victory, checked once a rule or an action has finished
        scoring (so two players scoring in the same step are treated alike): whoever reached
        the target wins at once; if both did, the higher total wins, equal totals draw."""
        target = self.config.sudden_victory
        if not target or self.is_over:
            return
        vp = self.state.vp
        reached = [p for p in (1, 2) if vp[p] >= target]
        if not reached:
            return
        if len(reached) == 1:
            winner = reached[0]
            self.note(f"player {winner} reaches {target} VP: the mission ends at once")
        else:
            winner = 0 if vp[1] == vp[2] else (1 if vp[1] > vp[2] else 2)
            self.note(f"both players reach {target} VP: the mission ends at once")
        self.end_mission(winner)

    def end_mission(self, winner: int | None = None) -> None:
        """End the mission now: completed targets of opportunity are added, then the winner
        is ``winner`` (a mission card's sudden victory) or whoever has the most VP."""
        flow.final_end_phase(self, winner)
        self._changed()

    # --- the flow ----------------------------------------------------------------------

    def _changed(self) -> None:
        self._legal = None
        self._sources = None

    def _advance(self) -> None:
        """Carry out everything that needs no decision, until a decision or the end."""
        while True:
            self._changed()
            self.check_sudden_victory()
            if not flow.step(self):
                return

    # --- legal actions -----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """Every action the player to act may take now, in a stable order."""
        if self._legal is None:
            self._legal = list(legal.generate(self))
        return self._legal

    def deploy_hexes(self, player: int) -> list[str]:
        """Empty hexes of ``player``'s territory (both before the first placement)."""
        return legal.deploy_hexes(self, player)

    def activatable(self, player: int) -> list[OperativeState]:
        """The operatives ``player`` may activate now."""
        return legal.activatable(self, player)

    def move_paths(self, op: OperativeState) -> dict[str, tuple[str, ...]]:
        """Each hex ``op`` can reach with one Move action, with a shortest path to it."""
        return legal.move_paths(self, op)

    def disengage_hexes(self, op: OperativeState) -> list[str]:
        """The hexes ``op`` may disengage into."""
        return legal.disengage_hexes(self, op)

    def attack_options(self, op: OperativeState) -> list[tuple[Weapon, OperativeState]]:
        """Every (weapon, defender) pair ``op`` may pick now, AP permitting."""
        return legal.attack_options(self, op)

    def mission_action_args(self, op: OperativeState,
                            action: MissionActionDef) -> list[tuple[str, ...]]:
        """The argument tuples with which ``op`` may make a mission action now."""
        return legal.mission_action_args(self, op, action)

    # --- applying actions --------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Carry out ``action``; raises IllegalActionError (a ValueError) saying why it is
        not legal now, leaving the game unchanged."""
        if not self.is_legal(action):
            raise IllegalActionError(f"{action}: {self.why_illegal(action)}")
        undoable = isinstance(action, (Move, Disengage, MissionAction)) or (
            isinstance(action, Use) and self.state.step == Step.ACT)
        if undoable:
            self._undo.append((self.state.copy(), len(self.log), len(self.events),
                               len(self.record)))
        else:
            self._undo.clear()
        self.log.append(str(action))
        handler = getattr(self, "_do_" + type(action).__name__.lower())
        handler(action)
        self._advance()

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now. ``legal_actions()`` lists one Move per
        destination; any other valid path to a listed destination is legal too."""
        if isinstance(action, Move):
            return legal.is_legal_move(self, action)
        return action in self.legal_actions()

    def undo(self) -> None:
        """Take back the last Move, Disengage or mission action of the current activation.
        A die roll or a revealed secret is a commit point. Raises IllegalActionError."""
        if not self._undo:
            raise IllegalActionError("nothing to undo: the last action cannot be taken back")
        state, log, events, record = self._undo.pop()
        self.state = state
        del self.log[log:], self.events[events:], self.record[record:]
        self._changed()

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def _do_keep(self, action: Keep) -> None:
        self.note(f"player {action.player} keeps their targets of opportunity")
        self._after_mulligan(action.player)

    def _do_mulligan(self, action: Mulligan) -> None:
        state = self.state
        hand = state.hands[action.player]
        for card in action.cards:
            hand.remove(card)
            state.discard.append(card)
        for _ in action.cards:
            if state.deck:
                hand.append(state.deck.pop(0))
        names = [self.config.targets[c].name if c in self.config.targets else c
                 for c in action.cards]
        self.note(f"player {action.player} discards {', '.join(names)} and draws "
                  f"{len(action.cards)}")
        self._after_mulligan(action.player)

    def _after_mulligan(self, player: int) -> None:
        self.state.mulliganed.append(player)
        self.state.to_act = 3 - player

    def _do_deploy(self, action: Deploy) -> None:
        state = self.state
        if action.player not in state.territory:
            side = next(s for s, hexes in self.config.territories.items()
                        if action.hex in hexes)
            state.territory[action.player] = side
            others = [s for s in self.config.territories if s != side]
            if others and 3 - action.player not in state.territory:
                state.territory[3 - action.player] = others[0]
        state.operatives[action.operative].hex = action.hex
        self.note(f"player {action.player} deploys {action.operative} on {action.hex}")
        other = 3 - action.player
        if self.undeployed(other):
            state.to_act = other

    def undeployed(self, player: int) -> list[OperativeState]:
        return [o for o in self.state.operatives.values()
                if o.player == player and o.hex is None and not o.taken_down]

    def _do_reveal(self, action: Reveal) -> None:
        state = self.state
        if action.card is not None:
            state.hands[action.player].remove(action.card)
            state.active_targets[action.player].append(action.card)
            name = self.config.targets[action.card].name if action.card in \
                self.config.targets else action.card
            self.note(f"player {action.player} reveals {name}")
        else:
            self.note(f"player {action.player} reveals no target")
        state.done.append(action.player)

    def _do_playploy(self, action: PlayPloy) -> None:
        entry = action.ploy + (f":{action.args[0]}" if action.args else "")
        self.state.ploys[action.player].append(entry)
        on = f" on {action.args[0]}" if action.args else ""
        self.note(f"player {action.player} uses {self.ploy(action.player, action.ploy).name}"
                  f"{on}")
        self.state.done.append(action.player)

    def _do_use(self, action: Use) -> None:
        card = self.config.wargear_card(action.player, action.card)
        assert card is not None
        target = self.state.operatives[action.operative]
        self.state.wargear_used[action.player].append(card.id)
        if self.state.step == Step.ACT:
            self.state.ap_spent = True  # a card used: the activation can no longer be cancelled
        self.note(f"player {action.player} uses {card.name} on {target.id}")
        for effect in card.effects:
            if effect.kind == "trigger" and effect.get("on") == "use":
                for outcome in effect.get("do", ()):
                    do_outcome(self, None, outcome, player=action.player, subject=target)
        if card.duration != "instant":
            self.state.boosts.append([action.player, card.id, target.id, card.duration])

    def _do_activate(self, action: Activate) -> None:
        state = self.state
        op = state.operatives[action.operative]
        state.reactivation = op.activated
        state.active = op.id
        state.ap_left = 1 if op.activated else self.stat(op, "apl")
        state.ap_spent = False
        state.moved = False
        op.activated = True
        state.step = Step.ACT
        self.note(f"player {action.player} activates {op.id} ({state.ap_left} AP)")

    def _do_cancel(self, action: Cancel) -> None:
        state = self.state
        assert state.active is not None
        op = state.operatives[state.active]
        op.activated = state.reactivation
        state.active = None
        state.ap_left = 0
        state.step = Step.ACTIVATE
        self.note(f"player {action.player} cancels the activation of {op.id}")

    def _spend(self, ap: int) -> None:
        self.state.ap_left -= ap
        self.state.ap_spent = True

    def _do_move(self, action: Move) -> None:
        op = self.state.operatives[action.operative]
        op.hex = action.destination
        self.state.moved = True
        self._spend(1)
        self.note(f"{op.id} moves to {op.hex}")

    def _do_disengage(self, action: Disengage) -> None:
        op = self.state.operatives[action.operative]
        op.hex = action.hex
        self.state.moved = True
        self._spend(1)
        self.note(f"{op.id} disengages to {op.hex}")

    def _do_wait(self, action: Wait) -> None:
        assert self.state.active is not None
        self._spend(self.state.ap_left)
        self.note(f"{self.state.active} waits")

    def _do_missionaction(self, action: MissionAction) -> None:
        definition = next(a for a in self.config.mission_actions if a.id == action.action)
        self._spend(definition.ap)
        objective = action.args[0] if action.args else None
        actor = self.state.operatives[action.operative]
        for outcome in definition.effects:
            do_outcome(self, None, outcome, objective=objective, player=action.player,
                       subject=actor)
        where = f" on {objective}" if objective else ""
        self.note(f"{action.operative} makes {definition.name}{where}")

    def attack_profile(self, attacker: OperativeState, defender: OperativeState,
                       weapon: Weapon, overcharge: bool = False) -> AttackProfile:
        """The attack exactly as it would be rolled now (used by the attack preview)."""
        return combat.attack_profile(self, attacker, defender, weapon, overcharge)

    def attack_odds(self, action: Attack) -> Odds:
        """The exact damage distribution of a legal attack, every card rule in force
        included (the client's attack preview). Raises IllegalActionError."""
        if not self.is_legal(action):
            raise IllegalActionError(f"{action}: {self.why_illegal(action)}")
        attacker = self.state.operatives[action.operative]
        defender = self.state.operatives[action.target]
        weapon = self.datacard(attacker).weapon(action.weapon)
        assert weapon is not None
        return damage_distribution(self.attack_profile(attacker, defender, weapon,
                                                       action.overcharge))

    def _do_attack(self, action: Attack) -> None:
        combat.do_attack(self, action)

    def wound(self, op: OperativeState, amount: int, by: int | None = None, melee: bool = False,
              distance: int = 0, full_health: bool = False) -> None:
        """Give ``op`` wound counters; take it down when they reach its Wounds (card rules
        permitting). ``by`` is the attacking player, for targets of opportunity."""
        op.damage += amount
        wounds = self.datacard(op).wounds
        if op.damage < wounds:
            return
        for hook in python_effects_for(self, op):
            if hook.would_be_taken_down(self, op):
                return
        state = self.state
        for objective, carrier in list(state.carried.items()):
            if carrier == op.id and op.hex is not None:
                del state.carried[objective]
                state.objective_hexes[objective] = op.hex
                self.note(f"{op.id} drops {objective} on {op.hex}")
        op.damage = wounds
        op.taken_down = True
        self.note(f"{op.id} is taken down")
        self._sources = None
        # its hex is still known while "taken down" rules ask where it fell
        fire(self, "taken_down", subject=op)
        op.hex = None
        self._changed()
        self._event({"type": "taken_down", "victim": op.id, "by": by, "melee": melee,
                     "distance": distance, "full_health": full_health})

    def _event(self, event: dict[str, Any]) -> None:
        """Complete every active target of opportunity that ``event`` meets."""
        state = self.state
        for player in (1, 2):
            for card in list(state.active_targets[player]):
                target = self.config.targets.get(card)
                if target is not None and target_met(self, player, target.condition, event):
                    state.active_targets[player].remove(card)
                    state.completed[player].append(card)
                    self.note(f"player {player} completes {target.name} ({target.vp} VP)")

    # --- diagnostics -------------------------------------------------------------------

    def why_illegal(self, action: Action) -> str:
        """A reason for people; legality itself is decided by legal_actions()."""
        from game.engine.explain import explain
        return explain(self, action)

    # --- hidden information and saves --------------------------------------------------

    def view(self, player: int) -> dict[str, Any]:
        """The game as ``player`` may see it: the other hand and the deck order hidden."""
        data = self.state.to_dict()
        other = 3 - player
        data["hands"] = {str(player): list(self.state.hands[player]),
                         str(other): ["?"] * len(self.state.hands[other])}
        data["deck"] = ["?"] * len(self.state.deck)
        data["legal_actions"] = [str(a) for a in self.legal_actions()] \
            if self.to_act == player else []
        return data

    def to_dict(self) -> dict[str, Any]:
        """The whole game as JSON-able data, with a format version (see persist.py)."""
        return persist.save(self)

    @classmethod
    def from_dict(cls, data: Any, catalogue: Catalogue) -> Game:
        """Load a game saved by :meth:`to_dict`; raises SaveError naming what is wrong."""
        return persist.load(cls, data, catalogue)
