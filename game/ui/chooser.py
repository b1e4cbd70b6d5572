"""The action chooser: how a player builds one of the engine's legal actions by clicks.

A :class:`Chooser` holds the candidate actions (``legal_actions()``, or a seat's
``View.legal_actions``) and what has been picked so far. Every action type says which of its
fields is picked and in which order (:func:`route`): a verb on a button (Move, a ploy, a
card), then an operative, a hex, an enemy or an objective on the board, then a weapon on a
button. From the chooser come the buttons, the board's marked hexes, the hint line, the
clickables and the tooltips; :meth:`Chooser.pick` returns a narrower chooser, one action, or a
:class:`Refusal` with the engine's reason why not. The play screen, the tutorial and the test
driver all use it, so they cannot disagree with the engine or with each other.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from game.engine import (
    Action,
    Activate,
    AgreeResult,
    Attack,
    Cancel,
    Concede,
    Config,
    Deploy,
    Disengage,
    Keep,
    MissionAction,
    Move,
    Mulligan,
    OperativeState,
    PlayPloy,
    Reveal,
    State,
    Step,
    Use,
    Wait,
)
from game.ui.fields import Field, Kind
from game.ui.rulesets import at_steps, every
from game.ui.systems import FieldsOf, Route
from game.ui.words import count


@dataclass(frozen=True)
class Option:
    """One button the chooser offers: ``value`` is what :meth:`Chooser.pick` takes."""

    value: str
    label: str
    tooltip: str
    hotkey: str  # a key name ("m", "1", "space") or "" for none
    enabled: bool = True
    marked: bool = False  # the option picked on the way to the current choice


@dataclass(frozen=True)
class Refusal:
    """A pick that leads to no legal action, with the reason to show at the mouse."""

    reason: str


Picked = Action | Refusal


# the verbs of an activation, always shown (greyed when not possible), with their keys
STANDARD_VERBS = (("move", "Move", "m", "Up to the Move stat, around blocked and occupied hexes"),
                  ("attack", "Attack", "a", "Pick a marked enemy, then the weapon"),
                  ("disengage", "Disengage", "d", "One hex away from every enemy"))
# the keys of the verbs' buttons, with each registered rule set's and pack's own
# (game/ui/rulesets/)
VERB_KEYS = {"move": "m", "attack": "a", "disengage": "d", "wait": "w", "cancel": "c",
             "keep": "k", "swap": "s", "reveal:none": "n",
             **{k: v for screens in every() for k, v in screens.keys.items()}}


# keys the play screen keeps whatever the chooser offers: the sight (L) and threat (T) tools,
# Back (weapons), Enter (the hex under the cursor) and Esc; the keys of its other buttons (Hint,
# Undo, Next operative, Activate) are given to KeyBook.assign while they are shown
SCREEN_KEYS = frozenset({"l", "t", "b", "return", "escape"})
# the keys of the screen's own buttons, kept out of the spare keys so that no action is
# ever remembered with one of them
OWN_KEYS = frozenset({"h", "u", "p", "tab", "space", "-", "="})
# what a button with no key of its own is given, in this order: numbers, then letters no
# verb, tool or screen button uses
SPARE_KEYS = tuple("123456789") + tuple(
    k for k in "gjvefioqxz" if k not in set(VERB_KEYS.values()) | SCREEN_KEYS | OWN_KEYS)


class KeyBook:
    """The hotkeys of one game's buttons: at any moment no two buttons share a key (with the
    screen's own buttons either), and an action keeps the key it was first given for the
    whole game (a button's value: "move", "use:gear", an operative's id), so keys do not
    move from one button to another between activations.

    A key is chosen, in order: the one this action had before; the one the chooser prefers
    for it (its :data:`VERB_KEYS` key, or its place in the list); a spare key no other
    action has had (:data:`SPARE_KEYS`); any spare key free now. None free: no key."""

    def __init__(self) -> None:
        self.given: dict[str, str] = {}  # action (button value) -> its key

    def assign(self, options: list[Option], taken: set[str] | frozenset[str]) -> list[Option]:
        """``options`` with their keys chosen; ``taken``: the keys of the screen's other
        visible buttons now."""
        used = set(taken) | SCREEN_KEYS
        keys: dict[int, str] = {}
        for i, option in enumerate(options):  # an action keeps its key
            had = self.given.get(option.value)
            if had is not None and had not in used:
                keys[i] = had
                used.add(had)
        remembered = {key for value, key in self.given.items()
                      if value not in {o.value for o in options}}
        for i, option in enumerate(options):  # else the chooser's preference
            if i not in keys and option.hotkey and option.hotkey not in used \
                    and (option.hotkey not in remembered or option.value in VERB_KEYS):
                keys[i] = option.hotkey
                used.add(option.hotkey)
        for i, _ in enumerate(options):  # else a spare key, one no other action had first
            if i in keys:
                continue
            free = [k for k in SPARE_KEYS if k not in used]
            fresh = [k for k in free if k not in remembered]
            if free:
                keys[i] = (fresh or free)[0]
                used.add(keys[i])
        out = []
        for i, option in enumerate(options):
            key = keys.get(i, "")
            if key:
                self.given[option.value] = key
            out.append(replace(option, hotkey=key))
        return out


# each other rule set's routing of its own decisions (None: an action it does not know): the
# registered ones' (game/ui/rulesets/), and any a rule set from outside the package adds with
# register_route
ROUTES: list[Route] = [screens.route for screens in every()]


def register_route(system_route: Route) -> None:
    """Let the play screen pick the decisions of a rule set from outside the package."""
    ROUTES.append(system_route)


def _system_fields(action: Action, state: State, config: Config,
                   op_label: Callable[[str], str]) -> tuple[Field, ...] | None:
    """The fields the first of :data:`ROUTES` that knows ``action`` gives it (None: none)."""
    for system_route in ROUTES:
        fields = system_route(action, state, config, op_label)
        if fields is not None:
            return fields
    return None


# the kinds of action picked by one button, the same whatever the action holds
ONE_BUTTON: dict[type[Action], Field] = {
    Keep: Field(Kind.VERB, "keep", "Keep all", "Keep these three targets of opportunity"),
    Mulligan: Field(Kind.VERB, "swap", "Swap", "Discard the selected cards and draw as many"),
    Cancel: Field(Kind.VERB, "cancel", "Cancel activation", "Choose another operative instead"),
    Wait: Field(Kind.VERB, "wait", "Wait", "End this operative's activation"),
}


def _one_button(button: Field) -> FieldsOf:
    """The fields of a kind of action picked by ``button`` alone."""
    return lambda action, state, config, op_label: (button,)


def _tray_then_hex(tooltip: str) -> FieldsOf:
    """The fields of a kind of action picked by an operative not on the killzone, then a hex
    (``tooltip``: the operative's button's, ``{operative}`` standing for its name)."""
    return lambda action, state, config, op_label: (
        Field(Kind.TRAY, action.operative, action.operative,
              tooltip.format(operative=op_label(action.operative))),
        Field(Kind.HEX, action.hex, action.hex))


def _reveal_fields(action: Reveal, state: State, config: Config,
                   op_label: Callable[[str], str]) -> tuple[Field, ...]:
    if action.card is None:
        return (Field(Kind.VERB, "reveal:none", "Reveal none",
                      "Keep every target of opportunity secret this turning point"),)
    return (Field(Kind.VERB, f"reveal:{action.card}",
                  f"Reveal {config.targets[action.card].name}",
                  "A revealed target can be completed from now on"),)


def _ploy_fields(action: PlayPloy, state: State, config: Config,
                 op_label: Callable[[str], str]) -> tuple[Field, ...]:
    found = config.ploy(action.player, action.ploy)
    name, text = (found.name, found.text) if found else (action.ploy, "")
    verb = Field(Kind.VERB, f"ploy:{action.ploy}", name,
                 text + (" (then click the operative)" if action.args else ""))
    if action.args:
        return (verb, Field(Kind.OPERATIVE, action.args[0], op_label(action.args[0])))
    return (verb,)


def _activate_fields(action: Activate, state: State, config: Config,
                     op_label: Callable[[str], str]) -> tuple[Field, ...]:
    return (Field(Kind.OPERATIVE, action.operative, op_label(action.operative)),)


def _move_fields(action: Move, state: State, config: Config,
                 op_label: Callable[[str], str]) -> tuple[Field, ...]:
    return (Field(Kind.VERB, "move", "Move", STANDARD_VERBS[0][3]),
            Field(Kind.HEX, action.destination, action.destination))


def _disengage_fields(action: Disengage, state: State, config: Config,
                      op_label: Callable[[str], str]) -> tuple[Field, ...]:
    return (Field(Kind.VERB, "disengage", "Disengage", STANDARD_VERBS[2][3]),
            Field(Kind.HEX, action.hex, action.hex))


def _attack_fields(action: Attack, state: State, config: Config,
                   op_label: Callable[[str], str]) -> tuple[Field, ...]:
    op = state.operatives[action.operative]
    weapon = config.datacards[op.card].weapon(action.weapon)
    name = weapon.name if weapon is not None else action.weapon
    value = action.weapon + ("+overcharge" if action.overcharge else "")
    return (Field(Kind.VERB, "attack", "Attack", STANDARD_VERBS[1][3]),
            Field(Kind.ENEMY, action.target, op_label(action.target)),
            Field(Kind.WEAPON, value, name + (" (overcharge)" if action.overcharge else "")))


def _mission_action_fields(action: MissionAction, state: State, config: Config,
                           op_label: Callable[[str], str]) -> tuple[Field, ...]:
    definition = next((d for d in config.mission_actions if d.id == action.action), None)
    label = f"{definition.name} ({definition.ap} AP)" if definition else action.action
    verb = Field(Kind.VERB, f"action:{action.action}", label,
                 (definition.text if definition else "")
                 + (" (then click the objective)" if action.args else ""))
    if action.args:
        return (verb, Field(Kind.OBJECTIVE, action.args[0], action.args[0]))
    return (verb,)


def _use_fields(action: Use, state: State, config: Config,
                op_label: Callable[[str], str]) -> tuple[Field, ...]:
    card = config.wargear_card(action.player, action.card)
    name, text = (card.name, card.text) if card else (action.card, "")
    return (Field(Kind.VERB, f"use:{action.card}", name, text),
            Field(Kind.OPERATIVE, action.operative, op_label(action.operative)))


# the Fireteam rules' actions and those the registered packs add: each kind's fields, asked
# before the other rule sets' ROUTES
FIELDS: dict[type[Action], FieldsOf] = {
    **{kind: _one_button(button) for kind, button in ONE_BUTTON.items()},
    Deploy: _tray_then_hex("{operative}: then click a highlighted hex of your territory"),
    Reveal: _reveal_fields, PlayPloy: _ploy_fields, Activate: _activate_fields,
    Move: _move_fields, Disengage: _disengage_fields, Attack: _attack_fields,
    MissionAction: _mission_action_fields, Use: _use_fields,
    **{kind: fields for screens in every() for kind, fields in screens.fields.items()},
}


def _fields_of(table: dict[type[Action], FieldsOf], action: Action) -> FieldsOf | None:
    """The builder ``table`` has for ``action``'s class or the nearest of its bases."""
    return next((table[cls] for cls in type(action).__mro__ if cls in table), None)


def route(action: Action, state: State, config: Config) -> tuple[Field, ...]:
    """The fields of ``action`` in the order a player picks them (its kind's builder in
    :data:`FIELDS`, else the other rule sets' :data:`ROUTES`).
    Raises ValueError for an action that is not chosen on the play screen (Concede and
    AgreeResult: the pause menu)."""
    ops = state.operatives

    def op_label(op_id: str) -> str:
        op = ops.get(op_id)
        if op is None:
            return op_id
        number = re.search(r"(\d+)$", op_id)  # "intercessor1": the first of several
        return config.datacards[op.card].name + (f" {number.group(1)}" if number else "")

    own = _fields_of(FIELDS, action)
    if own is not None:
        return own(action, state, config, op_label)
    fields = _system_fields(action, state, config, op_label)
    if fields is not None:  # the other rule sets' decisions
        return fields
    raise ValueError(f"{type(action).__name__} is not chosen on the play screen")


def chosen_here(action: Action) -> bool:
    """Whether ``action`` is built on the play screen (conceding is the pause menu's)."""
    return not isinstance(action, (Concede, AgreeResult))


class Chooser:
    """The candidate actions of one decision and the fields picked so far (immutable:
    :meth:`pick` gives a new chooser).

    ``why_not`` is the engine's reason an action cannot be taken (``Game.why_not``, or a
    wrapper of it); ``selection`` is the set of hand cards selected for a swap."""

    def __init__(self, state: State, config: Config, legal: Sequence[Action],
                 why_not: Callable[[Action], str | None] | None = None,
                 picked: tuple[Field, ...] = (), selection: frozenset[str] = frozenset(),
                 parent: Chooser | None = None) -> None:
        self.state = state
        self.config = config
        self.why_not = why_not or (lambda action: None)
        self.picked = picked
        self.selection = selection
        self.parent = parent
        depth = len(picked)
        source: Iterable[tuple[Action, tuple[Field, ...]]]
        if parent is not None and legal is parent.legal and \
                picked[:parent.depth] == parent.picked:
            # a narrower chooser of the same decision: its routes are among its parent's
            self.legal = parent.legal
            source = parent.routes
        else:
            self.legal = tuple(a for a in legal if chosen_here(a))
            source = ((a, route(a, state, config)) for a in self.legal)
        self.routes: list[tuple[Action, tuple[Field, ...]]] = [
            (action, fields) for action, fields in source if fields[:depth] == picked]
        self.candidates = tuple(a for a, _ in self.routes)

    # --- what is picked next -----------------------------------------------------------------

    @property
    def player(self) -> int:
        return self.state.to_act

    @property
    def step(self) -> Step:
        return self.state.step

    @property
    def depth(self) -> int:
        return len(self.picked)

    def next_fields(self) -> list[Field]:
        """The distinct fields that may be picked next (in the engine's order)."""
        seen: dict[tuple[Kind, str], Field] = {}
        for _, fields in self.routes:
            if len(fields) > self.depth:
                field = fields[self.depth]
                seen.setdefault((field.kind, field.value), field)
        return list(seen.values())

    @property
    def next_kind(self) -> Kind | None:
        """The kind of the field picked next (None: nothing left to pick)."""
        fields = self.next_fields()
        if not fields:
            return None
        board = [f for f in fields if f.kind.on_board]
        return board[0].kind if board and len(board) == len(fields) else fields[0].kind

    @property
    def verb(self) -> str:
        """The verb picked (``"move"``, ``"ploy:ID"``...), or "" before one is."""
        return next((f.value for f in self.picked if f.kind == Kind.VERB), "")

    def value_of(self, kind: Kind) -> str | None:
        """The value picked for the field of ``kind`` (None: not picked)."""
        return next((f.value for f in self.picked if f.kind == kind), None)

    # --- picking -------------------------------------------------------------------------------

    def _child(self, field: Field) -> Chooser:
        return Chooser(self.state, self.config, self.legal, self.why_not,
                       (*self.picked, field), self.selection, self)

    def pick(self, value: str) -> Chooser | Picked:
        """Pick ``value`` for the next field: a narrower chooser, the one action it completes,
        or the engine's reason why not. A value of a field picked earlier (a sibling button:
        another verb while a hex is awaited) picks from that level instead."""
        if self.step == Step.MULLIGAN and value == "swap":
            return self.swap()
        field = next((f for f in self.next_fields() if f.value == value), None)
        if field is None:
            for level in self.ancestors():
                sibling = next((f for f in level.next_fields() if f.value == value
                                and not f.kind.on_board), None)
                if sibling is not None:
                    return level.pick(value)
            return Refusal(self.reason_for(value))
        child = self._child(field)
        done = [a for a, fields in child.routes if len(fields) == child.depth]
        if done:
            return done[0]
        # a wargear card used on only one operative needs no second click
        if field.kind == Kind.VERB and field.value.startswith("use:") and \
                len(child.candidates) == 1:
            return child.candidates[0]
        return child

    def pick_hex(self, h: str) -> Chooser | Picked:
        """A click on hex ``h`` of the board: picks what stands there, if the next field is
        picked on the board. From the activation's resting mode (Move, or no verb yet) an
        enemy that the operative may attack also switches to Attack, and a hex it may move
        to to Move; any other mode's hit areas are its own (in Attack a click chooses a
        target or does nothing: never a move)."""
        board = self.board()
        if h in board:
            return self.pick(board[h])
        if self.verb not in ("", "move"):
            return Refusal(self.reason_at(h))
        for level in (self, *self.ancestors()):
            for field in level.next_fields():
                if field.kind != Kind.VERB or field.value == self.verb:
                    continue
                child = level._child(field)
                if h in child.board() and field.value in ("attack", "move"):
                    return child.pick(child.board()[h])
        return Refusal(self.reason_at(h))

    def ancestors(self) -> list[Chooser]:
        out, level = [], self.parent
        while level is not None:
            out.append(level)
            level = level.parent
        return out

    def back(self) -> Chooser:
        """One pick back (the root stays the root)."""
        return self.parent or self

    def root(self) -> Chooser:
        levels = self.ancestors()
        return levels[-1] if levels else self

    def toggle(self, card: str) -> Chooser:
        """Select or unselect a card of the hand for a swap (the mulligan)."""
        return Chooser(self.state, self.config, self.legal, self.why_not, self.picked,
                       self.selection ^ {card}, self.parent)

    def swap(self) -> Picked:
        for action in self.legal:
            if isinstance(action, Mulligan) and set(action.cards) == self.selection:
                return action
        if not self.selection:
            return Refusal("Select the cards to swap first")
        return Refusal(self.why_not(Mulligan(self.player, tuple(sorted(self.selection))))
                       or "those cards cannot be swapped")

    # --- the board ----------------------------------------------------------------------------

    def hex_of(self, field: Field) -> str | None:
        """Where on the board the field ``field`` is picked (None: not on the board)."""
        if field.kind == Kind.HEX:
            return field.value
        if field.kind in (Kind.OPERATIVE, Kind.ENEMY):
            op = self.state.operatives.get(field.value)
            return op.hex if op is not None and op.on_killzone else None
        if field.kind == Kind.OBJECTIVE:
            return objective_hex(self.state, self.config, field.value)
        return None

    def board(self) -> dict[str, str]:
        """Hex -> the value a click there picks (empty unless the next pick is on the
        board)."""
        out: dict[str, str] = {}
        for field in self.next_fields():
            if field.kind.on_board:
                where = self.hex_of(field)
                if where is not None:
                    out.setdefault(where, field.value)
        return out

    def reason_at(self, h: str) -> str:
        """Why a click on ``h`` picks nothing now, in the engine's words where it has them
        (the engine's reason the first candidate, changed to pick what is at ``h``, is
        refused: see :data:`PROBES`), else what to click instead."""
        kind = self.next_kind
        if kind is None:
            return "Nothing to pick here"
        make = PROBES.get(kind)
        probe = make(self, self.candidates[0], h) if make and self.candidates else None
        reason = self.why_not(probe) if probe is not None else None
        return reason or CLICK_WHAT.get(kind, "Choose from the buttons first")

    def operative_at(self, h: str) -> OperativeState | None:
        """The operative on the killzone at ``h`` (None: nobody)."""
        return next((o for o in self.state.operatives.values()
                     if o.hex == h and o.on_killzone), None)

    def reason_for(self, value: str) -> str:
        return f"'{value}' cannot be picked now"

    # --- the buttons ----------------------------------------------------------------------------

    def button_level(self) -> Chooser:
        """The chooser whose next field the buttons offer: this one when its next pick is a
        button, else the nearest level above whose pick was a button (its options stay on
        screen, the picked one marked, so another can be chosen instead)."""
        kind = self.next_kind
        if kind is not None and not kind.on_board:
            return self
        for level in self.ancestors():
            k = level.next_kind
            if k is not None and not k.on_board:
                return level
        return self

    def buttons(self) -> list[Option]:
        """The buttons of this decision, in order, with hotkeys."""
        if self.step == Step.MULLIGAN:
            swap = self.swap()
            return [Option("keep", "Keep all", "Keep these three targets of opportunity", "k"),
                    Option("swap", f"Swap {len(self.selection)} selected",
                           "Discard the selected cards and draw as many", "s",
                           isinstance(swap, Mulligan))]
        level = self.button_level()
        fields = [f for f in level.next_fields() if not f.kind.on_board]
        marked = {f.value for f in self.picked}
        out: list[Option] = []
        numbers = iter("123456789")
        if level.next_kind == Kind.VERB and self.step == Step.ACT:
            offered = {f.value for f in fields}
            for value, label, key, tip in STANDARD_VERBS:
                if value not in offered:  # greyed: its tooltip says why (the engine's words)
                    tip = f"{label} is not possible now: {self.verb_refused(value)}"
                out.append(Option(value, label, tip, key, value in offered, value in marked))
            fields = [f for f in fields if f.value not in {v[0] for v in STANDARD_VERBS}]
            wait = [f for f in fields if f.value in ("wait", "cancel")]
            fields = [f for f in fields if f not in wait] + wait
        wargear = iter("gjvx")  # never H: the Hint's
        for field in fields:
            if field.kind == Kind.VERB and field.value in VERB_KEYS:
                key = VERB_KEYS[field.value]
            elif field.value.startswith("use:"):
                key = next(wargear, "")
            else:
                key = next(numbers, "")
            tooltip = field.tooltip
            if field.value.startswith("use:"):
                child = level._child(field)
                if len(child.candidates) == 1:
                    tooltip += f" (on {child.candidates[0].operative})"  # type: ignore[attr-defined]
                else:
                    tooltip += " (then click the operative)"
            out.append(Option(field.value, field.label, tooltip, key, True,
                              field.value in marked))
        return out

    def verb_refused(self, verb: str) -> str:
        """Why the active operative cannot ``verb`` ("move", "attack", "disengage") at all:
        the engine's reason for that action to the hexes or enemies around it (the reason
        most of them share)."""
        state, config = self.state, self.config
        op = state.operatives.get(state.active or "")
        if op is None or op.hex is None:
            return "no operative is active"
        probes: list[Action] = []
        near = config.grid.neighbours(op.hex)
        if verb == "move":
            probes = [Move(self.player, op.id, (h,)) for h in near]
        elif verb == "disengage":
            probes = [Disengage(self.player, op.id, h) for h in near]
        elif verb == "attack":
            weapons = config.datacards[op.card].weapons
            probes = [Attack(self.player, op.id, w.id, enemy.id) for w in weapons
                      for enemy in state.operatives.values()
                      if enemy.player != self.player and enemy.on_killzone]
        reasons = [r for r in (self.why_not(p) for p in probes) if r]
        if not reasons:
            return "not offered at this moment"
        kinds = {r.split(":")[0] for r in reasons}
        if verb == "attack" and kinds <= {"out of range", "no line of sight"}:
            return "no enemy is both within a weapon's range and in line of sight"
        return max(reasons, key=reasons.count)

    def weapon_options(self) -> list[tuple[Option, Action]]:
        """While a weapon is awaited: each weapon's option with its attack (an Attack, or
        another rule set's shot)."""
        if self.next_kind != Kind.WEAPON:
            return []
        out: list[tuple[Option, Action]] = []
        for action, fields in self.routes:
            if fields[self.depth].kind == Kind.WEAPON:
                field = fields[self.depth]
                out.append((Option(field.value, field.label, field.tooltip,
                                   str(len(out) + 1) if len(out) < 9 else ""), action))
        return out

    # --- words ----------------------------------------------------------------------------------

    def hint(self, names: dict[int, str]) -> str:
        """What may be done next, in one line."""
        name = names.get(self.player, f"Player {self.player}")
        step = self.step
        if step == Step.MULLIGAN:
            return self._mulligan_hint(name)
        for screens in at_steps(self.config):  # the packs', then the rule set's steps
            found = screens.hint(self, name)
            if found is not None:
                return found
        if step == Step.DEPLOY:
            return self._deploy_hint(name)
        if step == Step.REVEAL:
            return f"{name}: reveal a target of opportunity, or none."
        return self._firefight_hint(name)

    def _mulligan_hint(self, name: str) -> str:
        if self.selection:
            return (f"{name}: {count(len(self.selection), 'card')} selected: Swap them, click "
                    "more, or Keep all.")
        return (f"{name}: keep your targets of opportunity, or click cards to select them "
                "for a swap.")

    def _deploy_hint(self, name: str) -> str:
        picked = {f.kind: f for f in self.picked}
        if Kind.TRAY in picked:
            return f"{name}: click a highlighted hex to place {picked[Kind.TRAY].value}."
        return f"{name}: pick an operative from the list, then a highlighted hex."

    def _firefight_hint(self, name: str) -> str:
        """The hint of the strategic ploys, the activation and the picks of an action."""
        step, kind, verb = self.step, self.next_kind, self.verb
        picked = {f.kind: f for f in self.picked}
        if kind == Kind.OPERATIVE and verb.startswith("ploy:"):
            return f"{name}: click the operative {picked[Kind.VERB].label} is played on."
        if kind == Kind.OPERATIVE and verb.startswith("use:"):
            return f"{name}: click the operative to use {picked[Kind.VERB].label} on."
        if step == Step.PLOY:
            return f"{name}: choose a strategic ploy."
        if step == Step.ACTIVATE:
            return f"{name}: click a highlighted operative to activate it (Tab cycles)."
        active = self.state.active
        if kind == Kind.HEX and verb == "move":
            return ("Click a shaded hex to move there (Esc: other actions; hold L: what the "
                    "hex under the mouse sees; hold T over an enemy: its threat).")
        if kind == Kind.HEX and verb == "disengage":
            return "Click a shaded hex to disengage into it."
        if kind == Kind.ENEMY:
            return "Click an enemy marked with a crosshair."
        if kind == Kind.WEAPON:
            return (f"Choose the weapon {active} attacks {picked[Kind.ENEMY].value} with "
                    "(Back: another target).")
        if kind == Kind.OBJECTIVE:
            return f"Click a highlighted objective for {picked[Kind.VERB].label}."
        return f"{name}: choose an action for {active} ({self.state.ap_left} AP left)."

    # --- the same clicks, for the tutorial and the test driver ----------------------------------

    def next_click(self, action: Action) -> tuple[Kind, str] | None:
        """The next thing to click on the way to ``action``: ``(kind, value)`` (a button
        value or, for a board kind, a hex), or None when ``action`` is not reachable from
        here."""
        if not chosen_here(action):
            return None
        if isinstance(action, Mulligan):
            missing = sorted(set(action.cards) ^ self.selection)
            return (Kind.VERB, "swap") if not missing else (Kind.TRAY, "card " + missing[0])
        fields = route(action, self.state, self.config)
        level: Chooser = self
        # a different earlier pick: go back to where the routes part
        while level.picked != fields[:level.depth]:
            if level.parent is None:
                return None
            level = level.parent
        if level.depth >= len(fields):
            return None
        field = fields[level.depth]
        if field.kind.on_board:
            where = level.hex_of(field)
            return (field.kind, where) if where is not None else None
        return field.kind, field.value


# a click on the board that picks nothing: the action the engine is asked about (the first
# candidate changed to pick what the click is on; None: nothing to ask), by the kind of
# field picked next
Probe = Callable[[Chooser, Action, str], Action | None]


def _hex_probe(chooser: Chooser, template: Action, h: str) -> Action | None:
    if isinstance(template, Move):
        return replace(template, path=(h,))
    if isinstance(template, (Deploy, Disengage)):
        return replace(template, hex=h)
    return None


def _enemy_probe(chooser: Chooser, template: Action, h: str) -> Action | None:
    op = chooser.operative_at(h)
    if not isinstance(template, Attack) or op is None or op.player == chooser.player:
        return None  # not an enemy: what to click says it
    return replace(template, target=op.id)


def _operative_probe(chooser: Chooser, template: Action, h: str) -> Action | None:
    op = chooser.operative_at(h)
    if op is None:
        return None
    if isinstance(template, Activate):
        return Activate(chooser.player, op.id)
    if isinstance(template, PlayPloy):
        return replace(template, args=(op.id,))
    if isinstance(template, Use):
        return replace(template, operative=op.id)
    return None


def _objective_probe(chooser: Chooser, template: Action, h: str) -> Action | None:
    if not isinstance(template, MissionAction):
        return None
    objective = next((o for o in chooser.config.objectives
                      if objective_hex(chooser.state, chooser.config, o) == h), None)
    return replace(template, args=(objective,)) if objective is not None else None


PROBES: dict[Kind, Probe] = {Kind.HEX: _hex_probe, Kind.ENEMY: _enemy_probe,
                             Kind.OPERATIVE: _operative_probe, Kind.OBJECTIVE: _objective_probe}
# what to click when a click on the board picks nothing (and the engine has no reason)
CLICK_WHAT = {Kind.HEX: "Click a shaded hex", Kind.ENEMY: "Click a marked enemy operative",
              Kind.OPERATIVE: "Click one of the highlighted operatives",
              Kind.OBJECTIVE: "Click a highlighted objective"}


def objective_hex(state: State, config: Config, objective: str) -> str | None:
    """Where objective ``objective`` is now (None: off the killzone)."""
    if objective in state.removed_objectives:
        return None
    carrier = state.carried.get(objective)
    if carrier is not None:
        return state.operatives[carrier].hex
    return state.objective_hexes.get(objective, config.objectives.get(objective))
