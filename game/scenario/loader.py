"""Scenario files: a position, a script of actions with fixed dice, and what must hold after.

``python -m game.scenario FILE_OR_FOLDER...`` runs them exactly as
``docs/scenario-format.md`` specifies: exit 0 when every expectation holds, 2 when any
file is malformed (``FILE:LINE: message``), otherwise 1 with a report of each failure.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

from game.content import ContentError
from game.content.loader import parse_datacards
from game.content.yamlio import Located, load_yaml, parse_content, suggestion
from game.engine.actions import Action, NotationError, parse_action
from game.engine.config import build_config, datacard_to_dict
from game.engine.config import per_player as _per_player
from game.engine.defs import Catalogue
from game.engine.dice import DiceExhaustedError, ScriptedDice
from game.engine.events import EVENT_TYPES, Die, Event
from game.engine.game import Game, IllegalActionError
from game.engine.hexgrid import Grid
from game.engine.rulesets import rule_set, state_type
from game.engine.state import (
    Flag,
    OperativeFlag,
    OperativeState,
    Phase,
    PloyInForce,
    State,
    Step,
)
from game.scenario.rulesets import scenario_rules
from game.scenario.shapes import (
    COUNT,
    EXPECT_KEYS,
    EXPECT_OPERATIVE,
    FLAGS,
    HEX,
    IDS,
    PLAYER,
    PLAYER_OR_NOBODY,
    START_KEYS,
    WORDS,
    ScenarioReader,
    Shape,
    anything,
    boolean,
    check_shapes,
    either,
    ident,
    integer,
    list_of,
    mapping_of,
    optional,
    per_player,
    text,
)
from game.scenario.systems import (
    RULE_SETS,
    SYSTEM_KEYS,
    ScenarioKeys,
    StartKey,
    when_keys_registered,
)

START_PHASES = (Phase.SETUP, Phase.INITIATIVE, Phase.STRATEGY, Phase.FIREFIGHT)


class Malformed(Exception):
    """A scenario file that cannot be run; ``lines`` are ``FILE:LINE: message``."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)
        super().__init__("\n".join(self.lines))


class SetupFailed(Exception):
    """A well-formed scenario whose game could not be set up: the scripted dice ran out
    during the automatic steps before the first action, or the engine raised. The scenario
    fails (exit 1); the message says why."""


@dataclass
class Scenario:
    path: str
    name: str
    game: Game
    actions: list[tuple[int, Action]]  # (line, action)
    expect: dict[str, Any]
    expect_lines: dict[Any, int] = field(default_factory=dict)


@dataclass
class Result:
    path: str
    name: str
    failures: list[str]

    @property
    def ok(self) -> bool:
        return not self.failures


class _Reader(ScenarioReader):
    """Checks the meaning of one scenario file (its shape is checked by
    :func:`check_shapes` first) and collects every problem with its line."""

    def __init__(self, doc: Located, catalogue: Catalogue) -> None:
        super().__init__(doc)
        self.catalogue = catalogue

    def hex(self, grid: Grid, value: Any, path: tuple[Any, ...]) -> str | None:
        text = str(value).upper() if isinstance(value, str) else None
        if text is None or not grid.is_on_board(text):
            self.bad(path, f"bad hex {value!r}: not a hex of this "
                           f"{grid.columns}x{grid.rows} killzone")
            return None
        return text

    def int_(self, value: Any, path: tuple[Any, ...], low: int = 0, high: int = 10**6) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            self.bad(path, f"expected a whole number {low}..{high}, not {value!r}")
            return low
        return value


# --- the keys of a scenario file ---------------------------------------------------------
# Each key of a scenario's ``start`` and ``expect`` is declared once with its shape (which
# fills :data:`game.scenario.shapes.START_KEYS` and ``EXPECT_KEYS``, the records
# :func:`check_shapes` checks a file against) and what it means: the core's here, a rule
# set's or mission pack's in its folder (:mod:`game.scenario.rulesets`, in the shapes of
# :mod:`game.scenario.systems`), declared here by :func:`_system_start_keys` and
# :func:`_system_expect_keys`. The keys run in the order they are declared: the order in which
# a position is built and failures are reported.

StartHandler = Callable[[_Reader, Any, State, Any], None]
ExpectHandler = Callable[[list[str], Game, Any, "str | None"], None]
ExpectCheck = Callable[[_Reader, Any, State], None]

_START: dict[str, StartHandler] = {}  # run for every file, the key given or not
_EXPECT: dict[str, ExpectHandler] = {}  # run when the file's ``expect`` has the key
_EXPECT_CHECKS: dict[str, ExpectCheck] = {}  # the meaning an expectation is checked for
_CONFIG: dict[str, tuple[Callable[..., None], bool]] = {}  # (handler, run when absent)


def start_key(name: str, shape: Shape) -> Callable[[StartHandler], StartHandler]:
    """Declare ``start.<name>`` with its shape; the handler sets the position from the
    value (None when the file leaves the key out: the handler applies its default)."""
    def register(handler: StartHandler) -> StartHandler:
        if name in _START:  # (the shapes outlive a second run of this module: python -m)
            raise AssertionError(f"start key {name!r} declared twice")
        START_KEYS[name] = shape
        _START[name] = handler
        return handler
    return register


def expect_key(name: str, shape: Shape) -> Callable[[ExpectHandler], ExpectHandler]:
    """Declare ``expect.<name>`` with its shape; the handler appends to its first argument
    every way the game differs from the value."""
    def register(handler: ExpectHandler) -> ExpectHandler:
        if name in _EXPECT:
            raise AssertionError(f"expect key {name!r} declared twice")
        EXPECT_KEYS[name] = shape
        _EXPECT[name] = handler
        return handler
    return register


def expect_check(name: str) -> Callable[[ExpectCheck], ExpectCheck]:
    """What ``expect.<name>`` must mean, checked when the file is read (before any action)."""
    def register(check: ExpectCheck) -> ExpectCheck:
        _EXPECT_CHECKS[name] = check
        return check
    return register


def config_key(name: str, always: bool = False) -> Callable[[Callable[..., None]],
                                                              Callable[..., None]]:
    """A top-level key that goes into the game's configuration: the handler, called as
    ``handler(r, doc, value, spec, catalogue)``, checks the value and adds it to ``spec``
    (the mapping :func:`build_config` reads). ``always``: called when the key is absent."""
    def register(handler: Callable[..., None]) -> Callable[..., None]:
        _CONFIG[name] = (handler, always)
        return handler
    return register


def load_scenario_or(error: type[Exception], path: str | Path, catalogue: Catalogue) -> Scenario:
    """:func:`load_scenario` for a tool that reports in its own words: the file's problems
    raised as ``error`` (every ``FILE:LINE: message`` of a malformed file, or ``FILE: why``
    for a game that could not be set up)."""
    try:
        return load_scenario(path, catalogue)
    except Malformed as problem:
        raise error("\n".join(problem.lines)) from None
    except SetupFailed as problem:
        raise error(f"{path}: {problem}") from None


def load_scenario(path: str | Path, catalogue: Catalogue) -> Scenario:
    """Read and check a scenario file and set up its game. Raises :class:`Malformed` (with
    ``FILE:LINE: message`` for every problem) when the file is not a valid scenario, and
    :class:`SetupFailed` when the engine cannot set up its game (dice run out, a crash)."""
    try:
        doc = load_yaml(path)
    except ContentError as error:
        raise Malformed([f"{i.file}:{i.line}: {i.message}" for i in error.issues]) from None
    return _scenario_of(doc, path, catalogue)


def scenario_from_text(text: str, catalogue: Catalogue,
                       file: str | Path = "scenario.yaml") -> Scenario:
    """:func:`load_scenario` for a scenario's text (a test's position, an exported game):
    messages name ``file`` as though the text had been read from it."""
    try:
        doc = parse_content(text.encode("utf-8"), file)
    except ContentError as error:
        raise Malformed([f"{i.file}:{i.line}: {i.message}" for i in error.issues]) from None
    return _scenario_of(doc, file, catalogue)


def _scenario_of(doc: Located, path: str | Path, catalogue: Catalogue) -> Scenario:
    """The scenario of the read file ``doc`` (see :func:`load_scenario`)."""
    r = _Reader(doc, catalogue)
    data = doc.data
    if not check_shapes(r):
        raise Malformed(r.problems)
    spec: dict[str, Any] = {}
    for key, (handler, always) in _CONFIG.items():
        if always or key in data:
            handler(r, doc, data.get(key), spec, catalogue)
    if r.problems:
        raise Malformed(r.problems)
    try:
        config = build_config(catalogue, spec)
    except (KeyError, ValueError, TypeError) as error:
        raise Malformed([f"{doc.file}:1: {error}"]) from None
    if "killzone" in spec:
        _check_killzone_hexes(r, config.grid, spec["killzone"])
    state = _operatives(r, data.get("operatives") or (), config)
    _apply_start(r, data.get("start") or {}, state, config)
    rolls = data.get("dice") or []
    seed = r.int_(data.get("seed", 0), ("seed",), 0, 2**63)
    actions: list[tuple[int, Action]] = []
    for i, line in enumerate(data.get("actions") or ()):
        try:
            actions.append((doc.line("actions", i), parse_action(line)))
        except NotationError as error:
            r.bad(("actions", i), str(error))
    expect = data.get("expect") or {}
    for key, check_meaning in _EXPECT_CHECKS.items():
        check_meaning(r, expect.get(key), state)
    if r.problems:
        raise Malformed(r.problems)
    try:
        game = Game(config, state, ScriptedDice(rolls, seed))
    except DiceExhaustedError as error:
        raise SetupFailed(f"setting up the game: {error}") from None
    except Exception as error:  # the engine crashed on a position it accepted
        raise SetupFailed(f"the engine crashed setting up the game: "
                          f"{type(error).__name__}: {error}") from None
    return Scenario(str(path), str(data.get("name", Path(path).stem)), game, actions,
                    expect)


# --- the keys that make the game's configuration ------------------------------------------

@config_key("mission", always=True)
def _mission(r: _Reader, doc: Located, value: Any, spec: dict[str, Any],
             catalogue: Catalogue) -> None:
    # a mission from the catalogue, or else the killzone the file draws (none: the default)
    data = doc.data
    if "mission" in data and "killzone" in data:
        r.bad(("killzone",), "give either 'mission' or 'killzone', not both")
    if "mission" in data and value not in catalogue.missions:
        r.bad(("mission",), f"unknown mission {value!r}{suggestion(value, catalogue.missions)}")
    if "mission" in data and value in catalogue.missions:
        spec["mission"] = value
    else:
        spec["killzone"] = dict(data.get("killzone") or {})


@config_key("fireteams", always=True)
def _fireteams(r: _Reader, doc: Located, value: Any, spec: dict[str, Any],
               catalogue: Catalogue) -> None:
    teams = {p: t for p, t in _per_player(value).items() if t is not None}
    for p, team in teams.items():
        if team not in catalogue.fireteams:
            r.bad(("fireteams", p), f"unknown fireteam {team!r}"
                                    f"{suggestion(team, catalogue.fireteams)}")
    spec["fireteams"] = {p: t for p, t in teams.items() if t in catalogue.fireteams}


@config_key("wargear")
def _wargear(r: _Reader, doc: Located, value: Any, spec: dict[str, Any],
             catalogue: Catalogue) -> None:
    for p, cards in _per_player(value).items():
        for i, card in enumerate(cards or ()):
            if card not in catalogue.wargear:
                r.bad(("wargear", p, i), f"unknown wargear {card!r}"
                                         f"{suggestion(card, catalogue.wargear)}")
        spec.setdefault("wargear", {})[p] = list(cards or ())


@config_key("campaign")
def _campaign(r: _Reader, doc: Located, value: Any, spec: dict[str, Any],
              catalogue: Catalogue) -> None:
    if value:
        spec["campaign"] = True


@config_key("rules")
def _rules(r: _Reader, doc: Located, value: Any, spec: dict[str, Any],
           catalogue: Catalogue) -> None:
    try:
        spec["rules"] = str(rule_set(value))
    except ValueError as error:
        r.bad(("rules",), str(error))


@config_key("special_operation")
def _special_operation(r: _Reader, doc: Located, value: Any, spec: dict[str, Any],
                       catalogue: Catalogue) -> None:
    if value["card"] not in catalogue.special_operations:
        r.bad(("special_operation", "card"), f"unknown special operation {value['card']!r}"
              f"{suggestion(value['card'], catalogue.special_operations)}")
    spec["special_operation"] = dict(value)


@config_key("honours")
def _honours(r: _Reader, doc: Located, value: Any, spec: dict[str, Any],
             catalogue: Catalogue) -> None:
    for p, entries in _per_player(value).items():
        for i, entry in enumerate(entries or ()):
            if entry["card"] not in catalogue.special_operations:
                r.bad(("honours", p, i, "card"), f"unknown special operation "
                      f"{entry.get('card')!r}"
                      f"{suggestion(entry.get('card'), catalogue.special_operations)}")
        spec.setdefault("honours", {})[p] = list(entries or ())


@config_key("datacards")
def _datacards(r: _Reader, doc: Located, value: Any, spec: dict[str, Any],
               catalogue: Catalogue) -> None:
    try:
        cards = parse_datacards(doc.at("datacards"))
        spec["datacards"] = {k: datacard_to_dict(v) for k, v in cards.items()}
    except ContentError as error:
        r.problems.extend(f"{i.file}:{i.line}: {i.key_path}: {i.message}"
                          for i in error.issues)


def _check_killzone_hexes(r: _Reader, grid: Grid, killzone: dict[str, Any]) -> None:
    for key in ("blocked", "cover", "dangerous"):
        for i, h in enumerate(killzone.get(key) or ()):
            r.hex(grid, h, ("killzone", key, i))
    for obj, h in (killzone.get("objectives") or {}).items():
        r.hex(grid, h, ("killzone", "objectives", obj))
    for side, hexes in (killzone.get("territories") or {}).items():
        for i, h in enumerate(hexes or ()):
            r.hex(grid, h, ("killzone", "territories", side, i))


def _operatives(r: _Reader, entries: Iterable[Any], config: Any) -> State:
    """A state holding the file's ``operatives`` (of the config's rule set and pack)."""
    state = state_type(config)()
    for i, raw in enumerate(entries):
        where: tuple[Any, ...] = ("operatives", i)
        op_id = str(raw["id"])
        if op_id in state.operatives:
            r.bad((*where, "id"), f"duplicate operative id {op_id!r}")
        if raw["player"] not in (1, 2):
            r.bad((*where, "player"), f"player must be 1 or 2, not {raw['player']!r}")
        if raw["card"] not in config.datacards:
            r.bad((*where, "card"), f"unknown datacard {raw['card']!r}"
                                   f"{suggestion(raw['card'], config.datacards)}")
        at = r.hex(config.grid, raw["at"], (*where, "at")) if raw.get("at") is not None \
            else None
        if at is not None and at in config.grid.blocked:
            r.bad((*where, "at"), f"operative {op_id!r} stands on hex '{at}', which is blocked "
                                  "(impassable terrain): put it on an open hex")
        damage = r.int_(raw.get("damage", 0), (*where, "damage"))
        fallen = bool(raw.get("taken_down", False))
        if fallen and at is not None:
            r.bad((*where, "taken_down"), "a taken-down operative has no 'at'")
        if fallen and raw["card"] in config.datacards and raw.get("damage") is None:
            # taken down with its wounds all lost, unless the file says otherwise (one that
            # fled keeps its wounds)
            card = config.datacards[raw["card"]]
            declared = scenario_rules(config.rules)
            damage = card.wounds if declared is None else declared.taken_down_damage(card)
        state.operatives[op_id] = OperativeState(op_id, int(raw["player"]) if raw["player"]
                                                 in (1, 2) else 1, str(raw["card"]), at, damage,
                                                 taken_down=fallen,
                                                 flags=tuple(map(str, raw.get("flags") or ())))
    return state


# --- start: the position the script begins from ------------------------------------------

def _apply_start(r: _Reader, start: dict[str, Any], state: State, config: Any) -> None:
    for key, handler in _START.items():
        handler(r, start.get(key), state, config)
    _settle_start(state, config)


def _default(value: Any, default: Any) -> Any:
    return default if value is None else value


@start_key("phase", text)
def _start_phase(r: _Reader, value: Any, state: State, config: Any) -> None:
    phase = _default(value, Phase.FIREFIGHT)
    if phase not in START_PHASES:
        r.bad(("start", "phase"), f"unknown phase {phase!r}{suggestion(phase, START_PHASES)}")
        phase = Phase.FIREFIGHT
    state.phase = Phase(phase)


@start_key("turning_point", integer(1, 99))
def _start_turning_point(r: _Reader, value: Any, state: State, config: Any) -> None:
    state.turning_point = r.int_(_default(value, 1), ("start", "turning_point"), 1, 99)


@start_key("initiative", PLAYER_OR_NOBODY)
def _start_initiative(r: _Reader, value: Any, state: State, config: Any) -> None:
    state.initiative = r.int_(_default(value, 1), ("start", "initiative"), 0, 2)


@start_key("turn", integer(1, 8))
def _start_turn(r: _Reader, value: Any, state: State, config: Any) -> None:
    state.turn = r.int_(_default(value, 1), ("start", "turn"), 1, 8)


@start_key("to_act", PLAYER)
def _start_to_act(r: _Reader, value: Any, state: State, config: Any) -> None:
    state.to_act = r.int_(_default(value, state.initiative or 1), ("start", "to_act"), 1, 2)


@start_key("activated", IDS)
def _start_activated(r: _Reader, value: Any, state: State, config: Any) -> None:
    for op_id in map(str, value or ()):
        if op_id in state.operatives:
            state.operatives[op_id].activated = True
        else:
            r.bad(("start", "activated"), f"unknown operative {op_id!r}")


@start_key("control", mapping_of(ident, PLAYER_OR_NOBODY))
def _start_control(r: _Reader, value: Any, state: State, config: Any) -> None:
    for obj, holder in (value or {}).items():
        if obj not in config.objectives:
            r.bad(("start", "control", obj), f"unknown objective {obj!r}"
                                             f"{suggestion(obj, config.objectives)}")
        state.control[str(obj)] = r.int_(holder, ("start", "control", obj), 0, 2)


@start_key("objective_flags", FLAGS)
def _start_objective_flags(r: _Reader, value: Any, state: State, config: Any) -> None:
    for obj, flags in (value or {}).items():
        state.objective_flags[str(obj)] = [Flag.parse(str(x)) for x in flags or ()]


@start_key("vp", per_player(COUNT))
def _start_vp(r: _Reader, value: Any, state: State, config: Any) -> None:
    for p, v in _per_player(value).items():
        state.vp[p] = r.int_(v, ("start", "vp", p))


def _start_targets(key: str, held: Callable[[State], dict[int, list[str]]]) -> None:
    """``start.<key>``: targets of opportunity per player, kept in ``held(state)``."""
    @start_key(key, per_player(IDS))
    def apply(r: _Reader, value: Any, state: State, config: Any) -> None:
        for p, cards in _per_player(value).items():
            for card in cards or ():
                if card not in config.targets:
                    r.bad(("start", key, p), f"unknown target of opportunity {card!r}"
                                             f"{suggestion(card, config.targets)}")
                held(state)[p].append(str(card))


_start_targets("hands", lambda state: state.hands)
_start_targets("active", lambda state: state.active_targets)
_start_targets("completed", lambda state: state.completed)


def _system_start(key: StartKey) -> StartHandler:
    """A system's ``start.<key.name>`` as the loader runs it: a key of the system's own state
    is applied to a game that keeps that state, and refused with a value for any other."""
    def apply(r: _Reader, value: Any, state: State, config: Any) -> None:
        if key.keeps is None or isinstance(state, key.keeps):
            key.apply(r, value, state, config)
        elif value is not None:
            r.bad(("start", key.name),
                  f"a game of this mission and rule set keeps no {key.name!r}")
    return apply


def _system_start_keys() -> None:
    """Every system's ``start`` keys, in the order the registry lists the systems."""
    for declared in SYSTEM_KEYS.values():
        _DECLARED.add(declared.system)
        for key in declared.start:
            start_key(key.name, key.shape)(_system_start(key))


# the systems whose keys are declared (those registered once the loader is imported are
# declared as they come: _declare_late)
_DECLARED: set[str] = set()


_system_start_keys()


@start_key("objective_hexes", mapping_of(ident, HEX))  # where placed markers stand
def _start_objective_hexes(r: _Reader, value: Any, state: State, config: Any) -> None:
    for obj, h in (value or {}).items():
        if str(obj) not in config.objectives:
            r.bad(("start", "objective_hexes", obj), f"unknown objective {obj!r}")
        state.objective_hexes[str(obj)] = str(h).upper()


def _start_flag(flag: StrEnum) -> None:
    """``start.<flag>``: the operatives that carry ``flag``."""
    @start_key(flag.value, IDS)
    def apply(r: _Reader, value: Any, state: State, config: Any) -> None:
        for op_id in map(str, value or ()):
            if op_id in state.operatives:
                state.operatives[op_id].flags = (*state.operatives[op_id].flags, flag.value)
            else:
                r.bad(("start", flag.value), f"unknown operative {op_id!r}")


# the Fireteam rules' flags, then each rule set's (:mod:`game.scenario.rulesets`) sorted by name,
# the order a scenario's start has always given them
_FLAGS = (OperativeFlag.MARKED, OperativeFlag.SPOTTED,
          *sorted({flag for declared in RULE_SETS.values() for flag in declared.flags}))
for _flag in _FLAGS:
    _start_flag(_flag)


@start_key("carried", mapping_of(ident, ident))
def _start_carried(r: _Reader, value: Any, state: State, config: Any) -> None:
    for obj, op_id in (value or {}).items():
        if obj not in config.objectives or str(op_id) not in state.operatives:
            r.bad(("start", "carried", obj), "expected objective id: operative id")
        state.carried[str(obj)] = str(op_id)


@start_key("wargear_used", per_player(IDS))
def _start_wargear_used(r: _Reader, value: Any, state: State, config: Any) -> None:
    for p, cards in _per_player(value).items():
        state.wargear_used[p] = [str(c) for c in cards or ()]


@start_key("territory", per_player(PLAYER))
def _start_territory(r: _Reader, value: Any, state: State, config: Any) -> None:
    for p, side in _per_player(value).items():
        if side not in config.territories:
            r.bad(("start", "territory", p), f"no territory {side!r} on this killzone")
        state.territory[p] = side


@start_key("ploys", per_player(WORDS))
def _start_ploys(r: _Reader, value: Any, state: State, config: Any) -> None:
    for p, ploys in _per_player(value).items():
        for ploy in ploys or ():
            if config.ploy(p, str(ploy).partition(":")[0]) is None:
                names = [x.id for x in config.ploys_of(p)]
                r.bad(("start", "ploys", p), f"player {p} has no strategic ploy {ploy!r}"
                                             f"{suggestion(ploy, names)}")
            state.ploys[p].append(PloyInForce.parse(str(ploy)))


_STEP_OF_PHASE = {Phase.STRATEGY: Step.REVEAL, Phase.FIREFIGHT: Step.ACTIVATE}


def _settle_start(state: State, config: Any) -> None:
    """What follows from the start keys together: the territories the placed operatives
    show, the placed markers not in the game, the step the phase begins with."""
    if not state.territory:
        # operatives already placed tell which territory each player deployed in
        for op in state.operatives.values():
            if op.hex is None:
                continue
            for side, hexes in config.territories.items():
                if op.hex in hexes and op.player not in state.territory:
                    state.territory[op.player] = side
    declared = scenario_rules(config.rules)
    if declared is not None and declared.places_markers and state.phase != Phase.SETUP:
        # the markers the players place that stand on no hex are not in the game
        state.removed_objectives = [m for m in config.objectives
                                    if m not in state.objective_hexes]
    if state.phase != Phase.SETUP:
        # a position past set-up had its roll-off (player 1 won it): saved, it loads again
        state.rolloff_winner = state.rolloff_winner or 1
    state.step = _STEP_OF_PHASE.get(state.phase, Step.NONE)


def run(scenario: Scenario) -> Result:
    """Play the script and check the expectations."""
    game = scenario.game
    failures: list[str] = []
    illegal_expected = scenario.expect.get("illegal")
    rejection: str | None = None
    for index, (line, action) in enumerate(scenario.actions):
        last = index == len(scenario.actions) - 1
        try:
            game.apply(action)
        except IllegalActionError as error:
            if last and illegal_expected:
                rejection = str(error)
                break
            failures.append(f"line {line}: '{action}' was rejected: {error}")
            return Result(scenario.path, scenario.name, failures)
        except DiceExhaustedError as error:
            failures.append(f"line {line}: '{action}': {error}")
            return Result(scenario.path, scenario.name, failures)
        except Exception as error:  # an engine bug: report it as this scenario's failure
            failures.append(f"line {line}: '{action}' crashed the engine: "
                            f"{type(error).__name__}: {error}")
            return Result(scenario.path, scenario.name, failures)
        if last and illegal_expected:
            failures.append(f"line {line}: '{action}' was expected to be rejected, "
                            "but it was legal")
    try:
        failures.extend(check(game, scenario.expect, rejection))
    except Exception as error:  # an engine bug met while checking (is_legal, ...)
        failures.append(f"checking the expectations crashed the engine: "
                        f"{type(error).__name__}: {error}")
    return Result(scenario.path, scenario.name, failures)


def _cmp(failures: list[str], what: str, expected: Any, actual: Any) -> None:
    if expected != actual:
        failures.append(f"{what}: expected {expected!r}, got {actual!r}")


def check(game: Game, expect: dict[str, Any], rejection: str | None = None) -> list[str]:
    """Every expectation that does not hold, as 'what: expected X, got Y'."""
    f: list[str] = []
    for key, handler in _EXPECT.items():
        if key in expect:
            handler(f, game, expect[key], rejection)
    return f


# --- expect: what must hold after the script ---------------------------------------------

_OPERATIVE_CHECKS: dict[str, Callable[[Game, OperativeState], Any]] = {
    "at": lambda game, op: op.hex,
    "damage": lambda game, op: op.damage,
    "taken_down": lambda game, op: op.taken_down,
    "activated": lambda game, op: op.activated,
    "ap_left": lambda game, op: game.state.ap_left if game.state.active == op.id else None,
}


@expect_key("operatives", mapping_of(ident, EXPECT_OPERATIVE))
def _expect_operatives(f: list[str], game: Game, value: Any, rejection: str | None) -> None:
    for op_id, checks in (value or {}).items():
        op = game.state.operatives[str(op_id)]
        for key, wanted in (checks or {}).items():
            what = f"{op_id}.{key}" + (" (its activation running)" if key == "ap_left" else "")
            if key == "at":
                wanted = str(wanted).upper() if wanted else wanted
            _cmp(f, what, wanted, _OPERATIVE_CHECKS[key](game, op))


def _expect_value(key: str, shape: Shape, actual: Callable[[Game], Any],
                  wanted: Callable[[Any], Any] = lambda value: value) -> None:
    """``expect.<key>``: ``wanted(value)`` equals ``actual(game)``."""
    @expect_key(key, shape)
    def compare(f: list[str], game: Game, value: Any, rejection: str | None) -> None:
        _cmp(f, key, wanted(value), actual(game))


_expect_value("phase", text, lambda game: game.state.phase)
_expect_value("turning_point", COUNT, lambda game: game.state.turning_point)
_expect_value("initiative", PLAYER_OR_NOBODY, lambda game: game.state.initiative)
_expect_value("turn", COUNT, lambda game: game.state.turn)
_expect_value("to_act", optional(PLAYER_OR_NOBODY), lambda game: game.to_act)
_expect_value("step", text, lambda game: game.state.step)


@expect_key("control", mapping_of(ident, PLAYER_OR_NOBODY))
def _expect_control(f: list[str], game: Game, value: Any, rejection: str | None) -> None:
    for obj, holder in value.items():
        _cmp(f, f"control.{obj}", holder, game.state.control.get(str(obj), 0))


def _expect_per_player(key: str, shape: Shape, held: Callable[[State], dict[int, Any]]
                       ) -> None:
    """``expect.<key>``: per player, what ``held(state)`` keeps for that player."""
    @expect_key(key, per_player(shape))
    def compare(f: list[str], game: Game, value: Any, rejection: str | None) -> None:
        for p, wanted in _per_player(value).items():
            actual = held(game.state)[p]
            _cmp(f, f"{key}.{p}", wanted,
                 [str(x) for x in actual] if isinstance(actual, list) else actual)


_expect_per_player("vp", COUNT, lambda state: state.vp)
_expect_per_player("completed", IDS, lambda state: state.completed)
_expect_per_player("active_targets", IDS, lambda state: state.active_targets)
_expect_per_player("hands", IDS, lambda state: state.hands)
_expect_per_player("ploys", WORDS, lambda state: state.ploys)


@expect_key("objective_flags", FLAGS)
def _expect_objective_flags(f: list[str], game: Game, value: Any,
                            rejection: str | None) -> None:
    for obj, flags in value.items():
        _cmp(f, f"objective_flags.{obj}", list(flags or ()),
             [str(x) for x in game.state.objective_flags.get(str(obj), [])])


@expect_key("deployed_territory", per_player(optional(PLAYER)))
def _expect_deployed_territory(f: list[str], game: Game, value: Any,
                               rejection: str | None) -> None:
    for p, side in _per_player(value).items():
        _cmp(f, f"deployed_territory.{p}", side, game.state.territory.get(p))


_expect_value("carried", mapping_of(ident, ident), lambda game: game.state.carried,
              lambda value: dict(value or {}))
_expect_value("removed_objectives", IDS, lambda game: game.state.removed_objectives,
              lambda value: list(value or ()))


@expect_key("wargear_used", per_player(IDS))
def _expect_wargear_used(f: list[str], game: Game, value: Any, rejection: str | None) -> None:
    for p, wanted in _per_player(value).items():
        _cmp(f, f"wargear_used.{p}", wanted, game.state.wargear_used[p])


def _expect_operatives_with(key: str, has: Callable[[OperativeState], bool]) -> None:
    """``expect.<key>``: the operatives for which ``has`` holds, in any order."""
    _expect_value(key, IDS,
                  lambda game: sorted(o.id for o in game.state.operatives.values() if has(o)),
                  lambda value: sorted(value or ()))


def _flagged(flag: StrEnum) -> Callable[[OperativeState], bool]:
    return lambda op: flag in op.flags


for _flag in _FLAGS:
    _expect_operatives_with(_flag.value, _flagged(_flag))
_expect_value("winner", optional(PLAYER_OR_NOBODY), lambda game: game.winner)


@expect_key("objective_hexes", mapping_of(ident, HEX))
def _expect_objective_hexes(f: list[str], game: Game, value: Any,
                            rejection: str | None) -> None:
    _cmp(f, "objective_hexes", {str(k): str(v).upper() for k, v in (value or {}).items()},
         {k: v for k, v in game.state.objective_hexes.items() if k in (value or {})})


def _system_expect_keys() -> None:
    """Every system's ``expect`` keys, in the order the registry lists the systems."""
    for declared in SYSTEM_KEYS.values():
        for key in declared.expect:
            _expect_value(key.name, key.shape, key.actual, key.wanted)


_system_expect_keys()


def _declare_late(declared: ScenarioKeys) -> None:
    """The keys of a system registered after the loader was imported (a system of its own
    folder loaded later, a test's toy system): its start keys then its expect keys, after
    every key declared before them."""
    if declared.system in _DECLARED:
        return
    _DECLARED.add(declared.system)
    for key in declared.start:
        start_key(key.name, key.shape)(_system_start(key))
    for key in declared.expect:
        _expect_value(key.name, key.shape, key.actual, key.wanted)


when_keys_registered(_declare_late)
_expect_value("dice_left", COUNT, lambda game: game.dice.left
              if isinstance(game.dice, ScriptedDice) else None)


def _expect_legality(key: str, legal: bool) -> None:
    """``expect.legal`` / ``expect.not_legal``: actions that are (not) legal now."""
    @expect_key(key, WORDS)
    def compare(f: list[str], game: Game, value: Any, rejection: str | None) -> None:
        for line in value or ():
            if bool(game.is_legal(parse_action(str(line)))) != legal:
                f.append(f"legal: expected '{line}' to be legal now; it is not" if legal else
                         f"not_legal: expected '{line}' to be illegal now; it is legal")

    @expect_check(key)
    def parses(r: _Reader, value: Any, state: State) -> None:
        for i, line in enumerate(value or ()):
            try:
                parse_action(line)
            except NotationError as error:
                r.bad(("expect", key, i), str(error))


_expect_legality("legal", True)
_expect_legality("not_legal", False)


@expect_key("events", list_of(anything))  # its items are checked by _known_events
def _expect_events(f: list[str], game: Game, value: Any, rejection: str | None) -> None:
    for wanted in value or ():
        if isinstance(wanted, dict):
            if not any(event_matches(e, wanted) for e in game.events):
                f.append(f"events: no {wanted.get('type')} event with {wanted!r}")
        elif not any(str(wanted).lower() in str(e).lower() for e in game.events):
            f.append(f"events: nothing in the game log mentions {wanted!r}")


@expect_check("events")
def _known_events(r: _Reader, value: Any, state: State) -> None:
    for i, wanted in enumerate(value or ()):
        if isinstance(wanted, dict):
            _known_event_fields(r, i, wanted)
        elif not isinstance(wanted, str):
            r.bad(("expect", "events", i), "expected a text or a mapping with a type")


def _known_event_fields(r: _Reader, i: int, wanted: dict[str, Any]) -> None:
    kind = wanted.get("type")
    if kind not in EVENT_TYPES:
        r.bad(("expect", "events", i, "type"), f"unknown event type {kind!r}"
                                               f"{suggestion(str(kind), EVENT_TYPES)}")
        return
    names = {f.name for f in dataclasses.fields(EVENT_TYPES[kind])}
    for key in wanted:
        if key != "type" and key not in names:
            r.bad(("expect", "events", i, key),
                  f"{kind} has no field {key!r}{suggestion(str(key), names)}")


@expect_key("illegal", either(boolean, text, "true, false or the words the rejection must "
                                             "contain"))
def _expect_illegal(f: list[str], game: Game, value: Any, rejection: str | None) -> None:
    # whether the last action was rejected is judged by run(); here, what the rejection said
    if isinstance(value, str) and rejection is not None \
            and value.lower() not in rejection.lower():
        f.append(f"illegal: expected the rejection to mention {value!r}, got {rejection!r}")


@expect_check("operatives")
def _known_operatives(r: _Reader, value: Any, state: State) -> None:
    for op_id in value or {}:
        if str(op_id) not in state.operatives:
            r.bad(("expect", "operatives", op_id), f"unknown operative {op_id!r}")


def event_matches(event: Event, wanted: dict[str, Any]) -> bool:
    """Whether ``event`` is of ``wanted['type']`` and has every other field ``wanted`` names
    (tuples compare with lists; dice compare by their final values)."""
    if type(event).__name__ != wanted.get("type"):
        return False
    for key, value in wanted.items():
        if key == "type":
            continue
        if not hasattr(event, key) or _plain(getattr(event, key)) != _plain(value):
            return False
    return True


def _plain(value: Any) -> Any:
    if isinstance(value, Die):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def scenario_files(paths: Iterable[str | Path]) -> list[Path]:
    """The files named, and every .yaml/.yml below the folders named, in sorted order."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(x for x in p.rglob("*") if x.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return out


def run_paths(paths: Iterable[str | Path], catalogue: Catalogue) -> int:
    """Run the scenario files named (folders searched recursively), printing failures to
    stdout and malformed files to stderr. Returns the exit code: 0 all pass, 1 some
    expectation failed, 2 some file is malformed. Raises nothing for any file's content."""
    malformed = failed = passed = 0
    for path in scenario_files(paths):
        if not path.exists():
            print(f"{path}:0: no such file", file=sys.stderr)
            malformed += 1
            continue
        try:
            scenario = load_scenario(path, catalogue)
        except Malformed as error:
            for line in error.lines:
                print(line, file=sys.stderr)
            malformed += 1
            continue
        except SetupFailed as error:
            failed += 1
            print(f"FAIL {path}\n  {error}")
            continue
        result = run(scenario)
        if result.ok:
            passed += 1
        else:
            failed += 1
            print(f"FAIL {path} ({result.name})")
            for failure in result.failures:
                print(f"  {failure}")
    print(f"{passed} passed, {failed} failed, {malformed} malformed")
    if malformed:
        return 2
    return 1 if failed else 0
