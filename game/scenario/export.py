"""A position of a game written as a scenario file (``docs/scenario-format.md``).

:func:`export_scenario` writes the position at the start of the current activation (or, when
no activation runs, of the current decision), the dice rolled since, the actions of the
activation so far and, as ``expect:``, the position they lead to. ``python -m game.scenario``
then replays it to the same whole state (:func:`position_dict` says what "whole" means): a
bug report, or a tutorial step, taken from a real game.

What the format cannot write is refused with :class:`ExportError` naming it, never written
differently: mid-set-up positions (the deck order, hands being dealt), a strategy phase
past its first decision, dropped or removed objective tokens (the markers the
players placed are written where they stand), wargear in force, operative flags with no key
(such as Reanimation Protocols used; ``marked``, ``spotted``, a rule set's flags and a
pack's words are written), random draws other than d6 rolls, a custom number of turning
points, inline datacards. What a rule set or a mission pack adds to an export is its own
folder's declaration (:mod:`game.scenario.rulesets`), asked here without naming it. As a
last guard, the file written is loaded with :func:`game.scenario.loader.load_scenario` and its
starting position compared with the game's.

A mid-activation export re-plays the game from its start (:class:`game.services.replay.Replay`), so
it needs a game begun with :meth:`Game.new` (or its save); pass ``replay`` to reuse one.
The export writes the whole position, hidden hands included: it is not a player's view.
"""

from __future__ import annotations

import os
import tempfile
from typing import Any

import yaml

from game.engine.actions import Activate, parse_action
from game.engine.defs import Catalogue
from game.engine.game import Game
from game.engine.state import OperativeFlag, Phase, State, Step
from game.scenario.rulesets import activation_openers, pack_rules, scenario_rules
from game.scenario.systems import PackRules, ScenarioRules
from game.services.replay import Replay, ReplayError

__all__ = ["ExportError", "IGNORED_AFTER_SETUP", "export_data", "export_scenario",
           "position_dict"]

# parts of the state nothing reads once set-up is over (the deck and discard pile of targets
# of opportunity are only drawn from while mulliganing; the roll-off winner only orders the
# deployment): a scenario starting after set-up does not carry them
IGNORED_AFTER_SETUP = ("deck", "discard", "mulliganed", "rolloff_winner")


# the operative flags the format writes whatever the system (``start.marked``, ``start.spotted``)
_WRITTEN_FLAGS = (OperativeFlag.MARKED, OperativeFlag.SPOTTED)


class ExportError(ValueError):
    """The position cannot be written in the scenario format; the message says what."""


def position_dict(state: State) -> dict[str, Any]:
    """``state.to_dict()`` without what a position after set-up does not depend on: the
    fields of :data:`IGNORED_AFTER_SETUP`, and ``reactivation`` while no activation runs
    (it is left over from the last one and set afresh by the next Activate)."""
    data = state.to_dict()
    for key in IGNORED_AFTER_SETUP:
        data.pop(key, None)
    if state.active is None:
        data.pop("reactivation", None)
    return data


def export_scenario(game: Game, replay: Replay | None = None, *, name: str | None = None,
                    check: bool = True, catalogue: Catalogue | None = None) -> str:
    """The scenario file (YAML text) of ``game``'s current activation; see the module
    docstring. ``check`` loads the text written (with ``catalogue``, by default the shipped
    one) and compares its starting position with the game's. Raises :class:`ExportError`
    saying what cannot be written."""
    data, start = _export(game, replay, name)
    text = _dump(data)
    if check:
        _check_round_trip(text, start, catalogue)
    return text


def export_data(game: Game, replay: Replay | None = None, *,
                name: str | None = None) -> dict[str, Any]:
    """The scenario as plain data (what :func:`export_scenario` dumps as YAML)."""
    return _export(game, replay, name)[0]


def _export(game: Game, replay: Replay | None, name: str | None
            ) -> tuple[dict[str, Any], Game]:
    if game.is_over:
        raise ExportError("the mission is over: there is no activation or decision to start "
                          "a scenario from")
    start_at = _start_index(game)
    start = _game_at(game, start_at, replay)
    state = start.state
    _check_start(start)
    config = game.config
    spec = config.spec
    declared = scenario_rules(config.rules)  # its rule set's own part, if it has one
    pack = pack_rules(config.mission)  # its mission pack's, if it has one
    data: dict[str, Any] = {"name": name or _default_name(game, start, start_at)}
    if spec.get("datacards"):
        raise ExportError("the game uses datacards of its own (inline datacards), which "
                          "this exporter does not write")
    data.update(_where(config, declared))
    teams = {p: t.id for p, t in config.fireteams.items() if t is not None}
    if teams:
        data["fireteams"] = teams
    if config.campaign:
        data["campaign"] = True
    if declared is not None:
        data["rules"] = str(declared.rules)
    for key in ("wargear", "special_operation", "honours"):
        if spec.get(key):
            value = _plain(spec[key])
            if key in ("wargear", "honours"):
                value = {int(p): v for p, v in value.items()}
            data[key] = value
    data["operatives"] = [_operative(start, op_id, declared, pack)
                          for op_id in state.operatives]
    data["start"] = _start(state)
    if declared is not None:  # e.g. the markers placed, Shaken and fatigued operatives
        data["start"].update(declared.position(state))
    if pack is not None:  # e.g. the pack's state, the markers placed
        data["start"].update(pack.start(state, config))
    rolled = game.record[len(start.record):]
    others = [r for r in rolled if r[0] != "d6"]
    if others:
        raise ExportError(f"{len(others)} random draw(s) that are not d6 rolls "
                          f"({others[0]!r}) were made since the position: the format's "
                          "dice hold only d6 results")
    data["dice"] = [int(r[1]) for r in rolled]
    data["actions"] = list(game.log[start_at:])
    data["expect"] = _expect(game)
    if declared is not None:
        data["expect"].update(declared.position(game.state))
        for key in declared.expect_left_out:
            del data["expect"][key]
    if pack is not None:
        data["expect"].update(pack.expect(game))
    return data, start


def _where(config: Any, declared: ScenarioRules | None) -> dict[str, Any]:
    """``mission`` (its id) or ``killzone`` (the custom one), refused when the game lasts
    other than the format writes (a rule set may declare a length of its own)."""
    spec = config.spec
    if spec.get("mission"):
        mission = config.mission
        assert mission is not None
        if config.turning_points != mission.turning_points and not (
                declared is not None and declared.own_length):
            raise ExportError(f"the game lasts {config.turning_points} turning points, not "
                              f"the mission's {mission.turning_points}: the format cannot "
                              "write that")
        return {"mission": spec["mission"]}
    kz = spec.get("killzone") or {}
    if config.turning_points != 3:
        raise ExportError(f"the game lasts {config.turning_points} turning points: a "
                          "custom killzone always lasts 3 in the format")
    return {"killzone": _plain(kz)}


# --- where the scenario starts ------------------------------------------------------------

def _start_index(game: Game) -> int:
    """How many actions of ``game.log`` precede the position written: the Activate of the
    running activation, or all of them when none runs."""
    if game.state.active is None:
        return len(game.log)
    for i in range(len(game.log) - 1, -1, -1):
        if isinstance(parse_action(game.log[i]), (Activate, *activation_openers())):
            return i
    raise ExportError("an activation runs but the game's log has no Activate for it (the "
                      "game was set up mid-activation)")


def _game_at(game: Game, n: int, replay: Replay | None) -> Game:
    if n == len(game.log):
        return game
    if replay is None:
        try:
            replay = Replay.from_game(game)
        except ReplayError as error:
            raise ExportError(f"the start of the activation cannot be rebuilt: {error}") \
                from None
    if replay.lines[:n] != game.log[:n]:
        raise ExportError("the replay given is not of this game")
    try:
        start = replay.game_at(n)
    except ReplayError as error:
        raise ExportError(f"the start of the activation cannot be rebuilt: {error}") from None
    if start.record != game.record[:len(start.record)]:
        raise ExportError("the game re-played to the start of the activation rolled other "
                          "dice than the game did")
    return start


def _check_start(game: Game) -> None:
    """Raise ExportError for every part of the starting position the format cannot hold."""
    state = game.state
    if state.phase == Phase.SETUP:
        raise ExportError("a set-up position cannot be written: the format has no deck "
                          "order, no hands being mulliganed and no deployment in progress "
                          "(start: setup begins before the roll-off)")
    if state.phase == Phase.STRATEGY:
        # the format's start puts a strategy position at the phase's first decision (the
        # first reveal; a game without targets of opportunity goes on to its first ploy);
        # the last guard refuses a position the file would not start at
        if state.done:
            raise _strategy_error(state.step, state.done)
    elif state.phase != Phase.FIREFIGHT or state.step != Step.ACTIVATE:
        raise ExportError(f"no decision to start from (phase {state.phase}, "
                          f"step {state.step or 'none'})")
    declared = scenario_rules(game.config.rules)
    pack = pack_rules(game.config.mission)
    placed = declared is not None and declared.places_markers
    markers = pack.markers(game.config) if pack is not None else ()
    problems = _operative_problems(state, declared, pack)
    for obj, where in state.objective_hexes.items():
        if placed or obj in markers:
            continue  # the markers the players placed: written as objective_hexes
        problems.append(f"objective {obj} lies dropped at {where}: the format cannot move "
                        "an objective token off its mission hex")
    for obj in state.removed_objectives:
        if placed:
            continue  # markers not in this game: the runner leaves out those not placed
        problems.append(f"objective {obj} has left the killzone: the format cannot remove "
                        "an objective")
    for boost in state.boosts:
        problems.append(f"wargear {boost.card} of player {boost.player} is in force on "
                        f"{boost.operative} ({boost.until}): the format cannot write wargear "
                        "in force")
    if problems:
        raise ExportError("; ".join(problems))


def _operative_problems(state: State, declared: ScenarioRules | None,
                        pack: PackRules | None) -> list[str]:
    """What the format cannot write of the operatives: one not deployed (but for one a pack
    keeps waiting to arrive), a flag no key writes."""
    flags = declared.flags if declared is not None else ()
    problems: list[str] = []
    for op in state.operatives.values():
        words = pack.words(op) if pack is not None else ()  # written in its `flags`
        if op.taken_down:
            pass  # written as `taken_down: true`
        elif op.hex is None and not (pack is not None and pack.waiting(op)):
            problems.append(f"operative {op.id} is not deployed after set-up")
        for flag in op.flags:
            if flag not in _WRITTEN_FLAGS and flag not in flags and flag not in words:
                written = ", ".join(repr(str(f)) for f in (*_WRITTEN_FLAGS, *flags))
                problems.append(f"operative {op.id} has the flag {flag!r}, which no key of "
                                f"the format writes (it writes {written})")
    return problems


def _strategy_error(step: object, done: list[int]) -> ExportError:
    return ExportError("a strategy position can only be written at the phase's first "
                       "decision, where the format's start puts it (this one is at step "
                       f"{step or 'none'}, players done: {done})")


def _operative(game: Game, op_id: str, declared: ScenarioRules | None,
               pack: PackRules | None) -> dict[str, Any]:
    op = game.state.operatives[op_id]
    out: dict[str, Any] = {"id": op.id, "player": op.player, "card": op.card}
    if op.taken_down:
        out["taken_down"] = True
        card = game.config.datacards[op.card]
        full = card.wounds if declared is None else declared.taken_down_damage(card)
        if op.damage != full:  # e.g. an operative that fled: it keeps its wounds
            out["damage"] = op.damage
    else:
        if op.hex is not None:
            out["at"] = op.hex
        out["damage"] = op.damage
    words = pack.words(op) if pack is not None else ()
    if words:
        out["flags"] = list(words)
    return out


def _start(state: State) -> dict[str, Any]:
    players = (1, 2)
    return {
        "turning_point": state.turning_point,
        "phase": str(state.phase),
        "initiative": state.initiative,
        "turn": state.turn,
        "to_act": state.to_act,
        "activated": [o.id for o in state.operatives.values() if o.activated],
        "control": dict(state.control),
        "vp": {p: state.vp[p] for p in players},
        "hands": {p: list(state.hands[p]) for p in players},
        "active": {p: list(state.active_targets[p]) for p in players},
        "completed": {p: list(state.completed[p]) for p in players},
        "ploys": {p: [str(x) for x in state.ploys[p]] for p in players},
        "objective_flags": {k: [str(f) for f in v] for k, v in state.objective_flags.items()},
        "marked": [o.id for o in state.operatives.values() if OperativeFlag.MARKED in o.flags],
        "spotted": _spotted(state),
        "carried": dict(state.carried),
        "wargear_used": {p: list(state.wargear_used[p]) for p in players},
        "territory": dict(state.territory),
    }


def _spotted(state: State) -> list[str]:
    return [o.id for o in state.operatives.values() if OperativeFlag.SPOTTED in o.flags]


def _expect(game: Game) -> dict[str, Any]:
    state = game.state
    players = (1, 2)
    ops: dict[str, Any] = {}
    for op in state.operatives.values():
        if op.taken_down:
            ops[op.id] = {"taken_down": True}
        else:
            entry: dict[str, Any] = {"at": op.hex, "damage": op.damage,
                                     "activated": op.activated}
            if state.active == op.id:
                entry["ap_left"] = state.ap_left
            ops[op.id] = entry
    return {
        "operatives": ops,
        "phase": str(state.phase),
        "turning_point": state.turning_point,
        "initiative": state.initiative,
        "turn": state.turn,
        "to_act": game.to_act,
        "vp": {p: state.vp[p] for p in players},
        "control": dict(state.control),
        "hands": {p: list(state.hands[p]) for p in players},
        "active_targets": {p: list(state.active_targets[p]) for p in players},
        "completed": {p: list(state.completed[p]) for p in players},
        "ploys": {p: [str(x) for x in state.ploys[p]] for p in players},
        "objective_flags": {k: [str(f) for f in v] for k, v in state.objective_flags.items()},
        "carried": dict(state.carried),
        "removed_objectives": list(state.removed_objectives),
        "wargear_used": {p: list(state.wargear_used[p]) for p in players},
        "marked": [o.id for o in state.operatives.values() if OperativeFlag.MARKED in o.flags],
        "spotted": _spotted(state),
        "dice_left": 0,
    }


def _default_name(game: Game, start: Game, start_at: int) -> str:
    state = start.state
    mission = game.config.mission.name if game.config.mission else "custom killzone"
    where = (f"turning point {state.turning_point}, {state.phase} phase"
             + (f", turn {state.turn}" if state.phase == Phase.FIREFIGHT else ""))
    what = (f"player {game.state.to_act}'s activation of {game.state.active}"
            if game.state.active else f"player {state.to_act}'s decision")
    return f"{mission}: {where}, {what} (exported after action {start_at})"


# --- writing and the last guard ------------------------------------------------------------

def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


class _Block(list[Any]):
    """A list written one item a line (the script of actions)."""


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Block, lambda dumper, data: dumper.represent_sequence(
    "tag:yaml.org,2002:seq", list(data), flow_style=False))


def _dump(data: dict[str, Any]) -> str:
    head = "# exported by game.scenario.export: run with python -m game.scenario FILE\n"
    data = dict(data, actions=_Block(data["actions"]))
    body = yaml.dump(data, Dumper=_Dumper, sort_keys=False, default_flow_style=None,
                     width=200, allow_unicode=True)
    return head + body


def _check_round_trip(text: str, start: Game, catalogue: Catalogue | None) -> None:
    """Load the file written and compare its starting position with the game's; raise
    ExportError naming any part that came out differently."""
    from game.scenario.loader import Malformed, SetupFailed, load_scenario

    fd, path = tempfile.mkstemp(suffix=".yaml", prefix="export-")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        try:
            scenario = load_scenario(path, catalogue or _catalogue())
        except Malformed as error:
            raise ExportError(f"the file written does not load: {error}") from None
        except SetupFailed as error:
            raise ExportError(f"the file written does not set up: {error}") from None
    finally:
        os.unlink(path)
    mine, theirs = position_dict(scenario.game.state), position_dict(start.state)
    if start.state.phase == Phase.STRATEGY and mine.get("step") != theirs.get("step"):
        raise _strategy_error(start.state.step, start.state.done)
    if mine != theirs:
        keys = [k for k in theirs if mine.get(k) != theirs[k]]
        raise ExportError("the format cannot write this position: "
                          + ", ".join(f"{k} would be {mine.get(k)!r}, not {theirs[k]!r}"
                                      for k in keys))


_CATALOGUE: list[Catalogue] = []


def _catalogue() -> Catalogue:
    if not _CATALOGUE:
        from game.content import load_catalogue

        _CATALOGUE.append(load_catalogue())
    return _CATALOGUE[0]
