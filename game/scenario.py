"""Scenario files: a position, a script of actions with fixed dice, and what must hold after.

``python -m game.scenario FILE_OR_FOLDER...`` runs them exactly as
``docs/scenario-format.md`` specifies: exit 0 when every expectation holds, 2 when any
file is malformed (``FILE:LINE: message``), otherwise 1 with a report of each failure.
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.args import Parser, existing_path
from game.content import ContentError, load_catalogue
from game.content.loader import parse_datacards
from game.content.yamlio import Located, load_yaml, suggestion
from game.engine.actions import Action, NotationError, parse_action
from game.engine.config import build_config, datacard_to_dict
from game.engine.config import per_player as _per_player
from game.engine.defs import Catalogue
from game.engine.dice import DiceExhaustedError, ScriptedDice
from game.engine.events import EVENT_TYPES, Die, Event
from game.engine.game import Game, IllegalActionError
from game.engine.hexgrid import Grid
from game.engine.ruleset import rule_set
from game.engine.skirmish.core import profile_of as skirmish_profile
from game.engine.state import (
    Flag,
    OperativeFlag,
    OperativeState,
    Phase,
    PloyInForce,
    State,
    Step,
)
from game.scenario_shapes import ScenarioReader, check_shapes

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


def load_scenario(path: str | Path, catalogue: Catalogue) -> Scenario:
    """Read and check a scenario file and set up its game. Raises :class:`Malformed` (with
    ``FILE:LINE: message`` for every problem) when the file is not a valid scenario, and
    :class:`SetupFailed` when the engine cannot set up its game (dice run out, a crash)."""
    try:
        doc = load_yaml(path)
    except ContentError as error:
        raise Malformed([f"{i.file}:{i.line}: {i.message}" for i in error.issues]) from None
    r = _Reader(doc, catalogue)
    data = doc.data
    if not check_shapes(r):
        raise Malformed(r.problems)
    if "mission" in data and "killzone" in data:
        r.bad(("killzone",), "give either 'mission' or 'killzone', not both")
    if "mission" in data and data["mission"] not in catalogue.missions:
        r.bad(("mission",), f"unknown mission {data['mission']!r}"
                            f"{suggestion(data['mission'], catalogue.missions)}")
    spec: dict[str, Any] = {}
    if "mission" in data and data["mission"] in catalogue.missions:
        spec["mission"] = data["mission"]
    else:
        spec["killzone"] = dict(data.get("killzone") or {})
    # fireteams
    teams = {p: t for p, t in _per_player(data.get("fireteams")).items() if t is not None}
    for p, team in teams.items():
        if team not in catalogue.fireteams:
            r.bad(("fireteams", p), f"unknown fireteam {team!r}"
                                    f"{suggestion(team, catalogue.fireteams)}")
    spec["fireteams"] = {p: t for p, t in teams.items() if t in catalogue.fireteams}
    for p, cards in _per_player(data.get("wargear")).items():
        for i, card in enumerate(cards or ()):
            if card not in catalogue.wargear:
                r.bad(("wargear", p, i), f"unknown wargear {card!r}"
                                         f"{suggestion(card, catalogue.wargear)}")
        spec.setdefault("wargear", {})[p] = list(cards or ())
    if data.get("campaign"):
        spec["campaign"] = True
    if "rules" in data:
        try:
            spec["rules"] = str(rule_set(data["rules"]))
        except ValueError as error:
            r.bad(("rules",), str(error))
    if "special_operation" in data:
        raw = data["special_operation"]
        if raw["card"] not in catalogue.special_operations:
            r.bad(("special_operation", "card"), f"unknown special operation {raw['card']!r}"
                  f"{suggestion(raw['card'], catalogue.special_operations)}")
        spec["special_operation"] = dict(raw)
    for p, entries in _per_player(data.get("honours")).items():
        for i, entry in enumerate(entries or ()):
            if entry["card"] not in catalogue.special_operations:
                r.bad(("honours", p, i, "card"), f"unknown special operation "
                      f"{entry.get('card')!r}"
                      f"{suggestion(entry.get('card'), catalogue.special_operations)}")
        spec.setdefault("honours", {})[p] = list(entries or ())
    # inline datacards
    if "datacards" in data:
        try:
            cards = parse_datacards(doc.at("datacards"))
            spec["datacards"] = {k: datacard_to_dict(v) for k, v in cards.items()}
        except ContentError as error:
            r.problems.extend(f"{i.file}:{i.line}: {i.key_path}: {i.message}"
                              for i in error.issues)
    if r.problems:
        raise Malformed(r.problems)
    try:
        config = build_config(catalogue, spec)
    except (KeyError, ValueError, TypeError) as error:
        raise Malformed([f"{doc.file}:1: {error}"]) from None
    grid = config.grid
    if "killzone" in spec:
        for key in ("blocked", "cover", "dangerous"):
            for i, h in enumerate(spec["killzone"].get(key) or ()):
                r.hex(grid, h, ("killzone", key, i))
        for obj, h in (spec["killzone"].get("objectives") or {}).items():
            r.hex(grid, h, ("killzone", "objectives", obj))
        for side, hexes in (spec["killzone"].get("territories") or {}).items():
            for i, h in enumerate(hexes or ()):
                r.hex(grid, h, ("killzone", "territories", side, i))
    # operatives
    state = State()
    for i, raw in enumerate(data.get("operatives") or ()):
        where: tuple[Any, ...] = ("operatives", i)
        op_id = str(raw["id"])
        if op_id in state.operatives:
            r.bad((*where, "id"), f"duplicate operative id {op_id!r}")
        if raw["player"] not in (1, 2):
            r.bad((*where, "player"), f"player must be 1 or 2, not {raw['player']!r}")
        if raw["card"] not in config.datacards:
            r.bad((*where, "card"), f"unknown datacard {raw['card']!r}"
                                   f"{suggestion(raw['card'], config.datacards)}")
        at = r.hex(grid, raw["at"], (*where, "at")) if raw.get("at") is not None else None
        if at is not None and at in grid.blocked:
            r.bad((*where, "at"), f"operative {op_id!r} stands on hex '{at}', which is blocked "
                                  "(impassable terrain): put it on an open hex")
        damage = r.int_(raw.get("damage", 0), (*where, "damage"))
        fallen = bool(raw.get("taken_down", False))
        if fallen and at is not None:
            r.bad((*where, "taken_down"), "a taken-down operative has no 'at'")
        if fallen and raw["card"] in config.datacards:
            card = config.datacards[raw["card"]]
            damage = skirmish_profile(card).tough if config.skirmish else card.wounds
        state.operatives[op_id] = OperativeState(op_id, int(raw["player"]) if raw["player"]
                                                 in (1, 2) else 1, str(raw["card"]), at, damage,
                                                 taken_down=fallen,
                                                 flags=tuple(map(str, raw.get("flags") or ())))
    # start
    start = data.get("start") or {}
    _apply_start(r, start, state, config)
    # dice
    rolls = data.get("dice") or []
    seed = r.int_(data.get("seed", 0), ("seed",), 0, 2**63)
    # actions
    actions: list[tuple[int, Action]] = []
    for i, line in enumerate(data.get("actions") or ()):
        try:
            actions.append((doc.line("actions", i), parse_action(line)))
        except NotationError as error:
            r.bad(("actions", i), str(error))
    expect = data.get("expect") or {}
    for key in ("legal", "not_legal"):
        for i, line in enumerate(expect.get(key) or ()):
            try:
                parse_action(line)
            except NotationError as error:
                r.bad(("expect", key, i), str(error))
    for i, wanted in enumerate(expect.get("events") or ()):
        if isinstance(wanted, dict):
            kind = wanted.get("type")
            if kind not in EVENT_TYPES:
                r.bad(("expect", "events", i, "type"), f"unknown event type {kind!r}"
                                                       f"{suggestion(str(kind), EVENT_TYPES)}")
                continue
            names = {f.name for f in dataclasses.fields(EVENT_TYPES[kind])}
            for key in wanted:
                if key != "type" and key not in names:
                    r.bad(("expect", "events", i, key),
                          f"{kind} has no field {key!r}{suggestion(str(key), names)}")
        elif not isinstance(wanted, str):
            r.bad(("expect", "events", i), "expected a text or a mapping with a type")
    for op_id in expect.get("operatives") or {}:
        if str(op_id) not in state.operatives:
            r.bad(("expect", "operatives", op_id), f"unknown operative {op_id!r}")
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


def _apply_start(r: _Reader, start: dict[str, Any], state: State, config: Any) -> None:
    phase = start.get("phase", Phase.FIREFIGHT)
    if phase not in START_PHASES:
        r.bad(("start", "phase"), f"unknown phase {phase!r}{suggestion(phase, START_PHASES)}")
        phase = Phase.FIREFIGHT
    state.phase = Phase(phase)
    state.turning_point = r.int_(start.get("turning_point", 1), ("start", "turning_point"), 1, 99)
    state.initiative = r.int_(start.get("initiative", 1), ("start", "initiative"), 0, 2)
    state.turn = r.int_(start.get("turn", 1), ("start", "turn"), 1, 8)
    state.to_act = r.int_(start.get("to_act", state.initiative or 1), ("start", "to_act"), 1, 2)
    for op_id in map(str, start.get("activated") or ()):
        if op_id in state.operatives:
            state.operatives[op_id].activated = True
        else:
            r.bad(("start", "activated"), f"unknown operative {op_id!r}")
    for obj, holder in (start.get("control") or {}).items():
        if obj not in config.objectives:
            r.bad(("start", "control", obj), f"unknown objective {obj!r}"
                                             f"{suggestion(obj, config.objectives)}")
        state.control[str(obj)] = r.int_(holder, ("start", "control", obj), 0, 2)
    for obj, flags in (start.get("objective_flags") or {}).items():
        state.objective_flags[str(obj)] = [Flag.parse(str(x)) for x in flags or ()]
    for p, v in _per_player(start.get("vp")).items():
        state.vp[p] = r.int_(v, ("start", "vp", p))
    for key, target in (("hands", state.hands), ("active", state.active_targets),
                        ("completed", state.completed)):
        for p, cards in _per_player(start.get(key)).items():
            for card in cards or ():
                if card not in config.targets:
                    r.bad(("start", key, p), f"unknown target of opportunity {card!r}"
                                             f"{suggestion(card, config.targets)}")
                target[p].append(str(card))
    state.broken = sorted(int(p) for p in start.get("broken") or ())
    state.done = [int(p) for p in start.get("finished") or ()]  # the skirmish rules
    state.night = bool(start.get("night", False))
    state.first_removed = r.int_(start.get("first_removed", 0), ("start", "first_removed"), 0, 2)
    for obj, h in (start.get("objective_hexes") or {}).items():
        if str(obj) not in config.objectives:
            r.bad(("start", "objective_hexes", obj), f"unknown objective {obj!r}")
        state.objective_hexes[str(obj)] = str(h).upper()
    for flag in (OperativeFlag.MARKED, OperativeFlag.SPOTTED, OperativeFlag.FATIGUED,
                 OperativeFlag.SHAKEN):  # the last two in the order the engine keeps them
        for op_id in map(str, start.get(flag.value) or ()):
            if op_id in state.operatives:
                state.operatives[op_id].flags = (*state.operatives[op_id].flags, flag.value)
            else:
                r.bad(("start", flag.value), f"unknown operative {op_id!r}")
    for obj, op_id in (start.get("carried") or {}).items():
        if obj not in config.objectives or str(op_id) not in state.operatives:
            r.bad(("start", "carried", obj), "expected objective id: operative id")
        state.carried[str(obj)] = str(op_id)
    for p, cards in _per_player(start.get("wargear_used")).items():
        state.wargear_used[p] = [str(c) for c in cards or ()]
    for p, side in _per_player(start.get("territory")).items():
        if side not in config.territories:
            r.bad(("start", "territory", p), f"no territory {side!r} on this killzone")
        state.territory[p] = side
    for p, ploys in _per_player(start.get("ploys")).items():
        for ploy in ploys or ():
            if config.ploy(p, str(ploy).partition(":")[0]) is None:
                names = [x.id for x in config.ploys_of(p)]
                r.bad(("start", "ploys", p), f"player {p} has no strategic ploy {ploy!r}"
                                             f"{suggestion(ploy, names)}")
            state.ploys[p].append(PloyInForce.parse(str(ploy)))
    if not state.territory:
        # operatives already placed tell which territory each player deployed in
        for op in state.operatives.values():
            if op.hex is not None:
                for side, hexes in config.territories.items():
                    if op.hex in hexes and op.player not in state.territory:
                        state.territory[op.player] = side
    if config.skirmish and phase != Phase.SETUP:
        # the skirmish markers not placed on a hex are not in the game
        state.removed_objectives = [m for m in config.objectives
                                    if m not in state.objective_hexes]
        state.rolloff_winner = state.rolloff_winner or 1
    if phase == Phase.SETUP:
        state.step = Step.NONE
    elif phase == Phase.STRATEGY:
        state.step = Step.REVEAL
    elif phase == Phase.FIREFIGHT:
        state.step = Step.ACTIVATE
    else:
        state.step = Step.NONE


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
    state = game.state
    for op_id, checks in (expect.get("operatives") or {}).items():
        op = state.operatives[str(op_id)]
        for key, value in (checks or {}).items():
            if key == "at":
                _cmp(f, f"{op_id}.at", str(value).upper() if value else value, op.hex)
            elif key == "damage":
                _cmp(f, f"{op_id}.damage", value, op.damage)
            elif key == "taken_down":
                _cmp(f, f"{op_id}.taken_down", value, op.taken_down)
            elif key == "activated":
                _cmp(f, f"{op_id}.activated", value, op.activated)
            elif key == "ap_left":
                ap_left = state.ap_left if state.active == op.id else None
                _cmp(f, f"{op_id}.ap_left (its activation running)", value, ap_left)
    simple: dict[str, Any] = {"phase": state.phase, "turning_point": state.turning_point,
              "initiative": state.initiative, "turn": state.turn, "to_act": game.to_act,
              "step": state.step}
    for key, actual in simple.items():
        if key in expect:
            _cmp(f, key, expect[key], actual)
    if "control" in expect:
        for obj, holder in expect["control"].items():
            _cmp(f, f"control.{obj}", holder, state.control.get(str(obj), 0))
    for key, actual_map in (("vp", state.vp), ("completed", state.completed),
                            ("active_targets", state.active_targets), ("hands", state.hands),
                            ("ploys", state.ploys)):
        if key in expect:
            for p, value in _per_player(expect[key]).items():
                actual = actual_map[p]
                _cmp(f, f"{key}.{p}", value,
                     [str(x) for x in actual] if isinstance(actual, list) else actual)
    if "objective_flags" in expect:
        for obj, flags in expect["objective_flags"].items():
            _cmp(f, f"objective_flags.{obj}", list(flags or ()),
                 [str(x) for x in state.objective_flags.get(str(obj), [])])
    if "deployed_territory" in expect:
        for p, side in _per_player(expect["deployed_territory"]).items():
            _cmp(f, f"deployed_territory.{p}", side, state.territory.get(p))
    if "carried" in expect:
        _cmp(f, "carried", dict(expect["carried"] or {}), state.carried)
    if "removed_objectives" in expect:
        _cmp(f, "removed_objectives", list(expect["removed_objectives"] or ()),
             state.removed_objectives)
    if "wargear_used" in expect:
        for p, value in _per_player(expect["wargear_used"]).items():
            _cmp(f, f"wargear_used.{p}", value, state.wargear_used[p])
    for flag in (OperativeFlag.MARKED, OperativeFlag.SPOTTED, OperativeFlag.SHAKEN,
                 OperativeFlag.FATIGUED):
        if flag.value in expect:
            _cmp(f, flag.value, sorted(expect[flag.value] or ()),
                 sorted(o.id for o in state.operatives.values() if flag in o.flags))
    if "winner" in expect:
        _cmp(f, "winner", expect["winner"], game.winner)
    if "broken" in expect:
        _cmp(f, "broken", sorted(expect["broken"] or ()), sorted(state.broken))
    if "night" in expect:
        _cmp(f, "night", expect["night"], state.night)
    if "objective_hexes" in expect:
        _cmp(f, "objective_hexes", {str(k): str(v).upper() for k, v in
                                    (expect["objective_hexes"] or {}).items()},
             {k: v for k, v in state.objective_hexes.items()
              if k in (expect["objective_hexes"] or {})})
    for key in ("fled", "late"):
        if key in expect:
            _cmp(f, key, sorted(expect[key] or ()),
                 sorted(o.id for o in state.operatives.values() if key in o.flags
                        and (key != "late" or o.hex is None)))
    if "dice_left" in expect:
        dice = game.dice
        _cmp(f, "dice_left", expect["dice_left"], dice.left if isinstance(
            dice, ScriptedDice) else None)
    for line in expect.get("legal") or ():
        if not game.is_legal(parse_action(str(line))):
            f.append(f"legal: expected '{line}' to be legal now; it is not")
    for line in expect.get("not_legal") or ():
        if game.is_legal(parse_action(str(line))):
            f.append(f"not_legal: expected '{line}' to be illegal now; it is legal")
    for wanted in expect.get("events") or ():
        if isinstance(wanted, dict):
            if not any(event_matches(e, wanted) for e in game.events):
                f.append(f"events: no {wanted.get('type')} event with {wanted!r}")
        elif not any(str(wanted).lower() in str(e).lower() for e in game.events):
            f.append(f"events: nothing in the game log mentions {wanted!r}")
    illegal = expect.get("illegal")
    if isinstance(illegal, str) and rejection is not None \
            and illegal.lower() not in rejection.lower():
        f.append(f"illegal: expected the rejection to mention {illegal!r}, got {rejection!r}")
    return f


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


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m game.scenario",
                    description="Run scenario files (docs/scenario-format.md): exit 0 when "
                                "every expectation holds, 1 when one fails, 2 when a file is "
                                "malformed.")
    parser.add_argument("paths", nargs="+", type=existing_path, metavar="FILE_OR_FOLDER",
                        help="scenario files, or folders searched for them")
    args = parser.parse_args(argv)
    try:
        catalogue = load_catalogue()
    except ContentError as error:
        print(f"the shipped content has errors:\n{error}", file=sys.stderr)
        return 2
    return run_paths(args.paths, catalogue)


if __name__ == "__main__":
    sys.exit(main())
