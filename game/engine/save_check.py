"""Checks on a save as it is loaded: the types of everything in it, and that its position is
one the rules can reach and play on. Every check raises :class:`SaveError` naming the part of
the save that is wrong (``state.operatives.a1.damage: ...``); nothing else escapes.

The checks read the raw save data only where the loaded objects cannot show the damage
(duplicate operative ids collapse when the state is built); everything else is checked on the
:class:`State` and :class:`Config` as loaded, so that the checks follow the state's fields.
"""

from __future__ import annotations

import dataclasses
import types
from enum import Enum
from typing import TYPE_CHECKING, Any, Literal, Union, get_args, get_origin, get_type_hints

from game.engine.config import Config
from game.engine.defs import Duration, Effect
from game.engine.effects import STAT_LIMITS
from game.engine.errors import SaveError
from game.engine.hexgrid import MAX_COLUMNS
from game.engine.packs import last_turning_point, placed_markers
from game.engine.rulebook import book
from game.engine.rulesets import PLAYS
from game.engine.rulesets.fireteam.firefight import TURNS_PER_PHASE
from game.engine.rulesets.fireteam.setup import HAND_SIZE
from game.engine.rulesets.fireteam.table import STEPS_OF_PHASE as WAITING_STEPS
from game.engine.state import STEPS, Phase, State, Step
from game.engine.vocabulary import EffectKind

if TYPE_CHECKING:
    from game.engine.game import Game

MAX_ROWS = 40  # a killzone taller than this is damage, not a map
MAX_TURNING_POINTS = 12
# a boost in force lasts at least to the end of an activation (never "instant")
WARGEAR_DURATIONS = tuple(d.value for d in Duration if d != Duration.INSTANT)
# Which steps each phase can wait in (the flow table); a save is always made at a decision.
STEPS_OF_PHASE: dict[str, tuple[str, ...]] = {str(p): tuple(s) for p, s in WAITING_STEPS.items()}


# --- types ---------------------------------------------------------------------------------

def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _describe(hint: Any) -> str:
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return " or ".join(_describe(a) for a in get_args(hint))
    if origin is list:
        return "a list"
    if origin is dict:
        return "a mapping"
    if origin is tuple:
        return "a list"
    if origin is Literal:
        return " or ".join(repr(a) for a in get_args(hint))
    names = {int: "a whole number", str: "text", bool: "true or false",
             type(None): "null", float: "a number"}
    if hint in names:
        return names[hint]
    return f"a {getattr(hint, '__name__', hint)}"


def _fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` is of the plain (non-container) type ``hint``."""
    if hint is Any:
        return True
    if hint is type(None):
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a hint this checker does not know: nothing to say


def check_type(value: Any, hint: Any, where: str) -> None:
    """Check ``value`` against the type hint ``hint`` (lists, mappings, tuples, unions,
    literals, enums and dataclasses included); raises SaveError naming ``where``."""
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        for option in get_args(hint):
            try:
                check_type(value, option, where)
            except SaveError:
                continue
            return
        raise SaveError(f"{where}: expected {_describe(hint)}, not {_shown(value)}")
    if origin is Literal:
        if value not in get_args(hint):
            raise SaveError(f"{where}: expected {_describe(hint)}, not {_shown(value)}")
        return
    if origin in (list, tuple):
        _check_sequence(value, hint, origin, where)
        return
    if origin is dict:
        if not isinstance(value, dict):
            raise SaveError(f"{where}: expected a mapping, not {_shown(value)}")
        key_hint, value_hint = get_args(hint) or (Any, Any)
        for key, item in value.items():
            check_type(key, key_hint, f"{where} key {_shown(key)}")
            check_type(item, value_hint, f"{where}.{key}")
        return
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        if not isinstance(value, hint):
            raise SaveError(f"{where}: expected {_describe(hint)}, not {_shown(value)}")
        check_fields(value, where)
        return
    if isinstance(hint, type) and issubclass(hint, Enum) and not isinstance(value, hint):
        raise SaveError(f"{where}: expected one of {[m.value for m in hint]}, "
                        f"not {_shown(value)}")
    if not _fits(value, hint):
        raise SaveError(f"{where}: expected {_describe(hint)}, not {_shown(value)}")


def _check_sequence(value: Any, hint: Any, origin: Any, where: str) -> None:
    """:func:`check_type` for a list or tuple hint (``origin``)."""
    if not isinstance(value, origin):
        raise SaveError(f"{where}: expected {_describe(hint)}, not {_shown(value)}")
    args = get_args(hint)
    if origin is tuple and args and args[-1] is not Ellipsis:
        if len(value) != len(args):
            raise SaveError(f"{where}: expected {len(args)} entries, not {len(value)}")
        for i, (item, item_hint) in enumerate(zip(value, args, strict=True)):
            check_type(item, item_hint, f"{where}[{i}]")
        return
    for i, item in enumerate(value):
        check_type(item, args[0] if args else Any, f"{where}[{i}]")


_HINTS: dict[type, dict[str, Any]] = {}


def _field_hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls)
    return _HINTS[cls]


def check_fields(obj: Any, where: str) -> None:
    """Check every field of the dataclass instance ``obj`` against its declared type;
    raises SaveError naming the first field that is wrong."""
    hints = _field_hints(type(obj))
    for f in dataclasses.fields(obj):
        value = getattr(obj, f.name)
        check_type(value, hints.get(f.name, Any), f"{where}.{f.name}")


# --- the raw data ------------------------------------------------------------------------

def check_raw_operatives(raw_state: Any) -> None:
    """Operative ids must be unique (building the state would silently merge them);
    raises SaveError naming the repeated id."""
    if not isinstance(raw_state, dict):
        raise SaveError(f"state: expected a mapping, not {_shown(raw_state)}")
    raw = raw_state.get("operatives")
    if not isinstance(raw, list):
        return  # the state's own loading reports the shape
    seen: set[Any] = set()
    for entry in raw:
        ident = entry.get("id") if isinstance(entry, dict) else None
        if isinstance(ident, str):
            if ident in seen:
                raise SaveError(f"state.operatives: the id {ident!r} is used twice")
            seen.add(ident)


def check_config_spec(spec: Any) -> None:
    """The recipe of the game's config, before it is built: its shape and the size of an
    inline killzone; raises SaveError naming the entry."""
    check_type(spec, dict[str, Any], "config")
    for key in ("mission",):
        if spec.get(key) is not None:
            check_type(spec[key], str, f"config.{key}")
    if spec.get("turning_points") is not None:
        _check_int(spec["turning_points"], "config.turning_points", 1, MAX_TURNING_POINTS)
    for key in ("fireteams", "wargear", "honours", "datacards", "options"):
        if spec.get(key) is not None:
            check_type(spec[key], dict[str, Any], f"config.{key}")
    for player, chosen in (spec.get("options") or {}).items():
        check_type(chosen, dict[str, list[str]], f"config.options.{player}")
    if spec.get("campaign") is not None:
        check_type(spec["campaign"], bool, "config.campaign")
    if spec.get("rules") is not None:
        check_type(spec["rules"], str, "config.rules")
        if spec["rules"] not in PLAYS:
            raise SaveError(f"config.rules: unknown rule set {_shown(spec['rules'])}")
    if spec.get("special_operation"):
        check_type(spec["special_operation"], dict[str, Any], "config.special_operation")
    for player, entries in (spec.get("honours") or {}).items():
        check_type(entries, list[dict[str, Any]], f"config.honours.{player}")
    for player, cards in (spec.get("wargear") or {}).items():
        check_type(cards, list[str], f"config.wargear.{player}")
    for ident, card in (spec.get("datacards") or {}).items():
        check_type(card, dict[str, Any], f"config.datacards.{ident}")
        check_type(card.get("weapons"), list[dict[str, Any]],
                   f"config.datacards.{ident}.weapons")
    kz = spec.get("killzone")
    if kz is None or spec.get("mission"):
        return
    check_type(kz, dict[str, Any], "config.killzone")
    _check_int(kz.get("columns", 15), "config.killzone.columns", 1, MAX_COLUMNS)
    _check_int(kz.get("rows", 11), "config.killzone.rows", 1, MAX_ROWS)
    for key in ("blocked", "cover", "dangerous"):
        check_type(kz.get(key) or [], list[str], f"config.killzone.{key}")
    check_type(kz.get("territories") or {}, dict[str, list[str]], "config.killzone.territories")
    check_type(kz.get("objectives") or {}, dict[str, str], "config.killzone.objectives")


def _check_int(value: Any, where: str, low: int, high: int | None = None) -> None:
    check_type(value, int, where)
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"at least {low}"
        raise SaveError(f"{where}: must be {bound}, not {_shown(value)}")


def check_config(config: Config) -> None:
    """Hexes the config names must be on its board; raises SaveError naming the hex."""
    grid = config.grid
    if not 1 <= config.turning_points <= MAX_TURNING_POINTS:
        raise SaveError(f"config: {config.turning_points} turning points is not 1.."
                        f"{MAX_TURNING_POINTS}")
    for side, hexes in config.territories.items():
        for h in hexes:
            if not grid.is_on_board(h):
                raise SaveError(f"config: territory {side} names {h!r}, not on the board")
    for objective, h in config.objectives.items():
        if h == "" and (objective in placed_markers(config)
                        or objective in book(config.rules).markers):
            continue  # a marker the players place (the mission pack's, the rule set's)
        if not grid.is_on_board(h):
            raise SaveError(f"config: objective {objective} is on {h!r}, not on the board")


def check_dice_data(raw: Any) -> None:
    """The saved source of randomness: its kind and the type and range of every number;
    raises SaveError naming the entry."""
    check_type(raw, dict[str, Any], "dice")
    kind = raw.get("kind")
    if kind == "random":
        check_type(raw.get("seed"), int, "dice.seed")
        _check_int(raw.get("state"), "dice.state", 0, (1 << 64) - 1)
    elif kind == "scripted":
        check_type(raw.get("rolls"), list[int], "dice.rolls")
        for i, roll in enumerate(raw["rolls"]):
            _check_int(roll, f"dice.rolls[{i}]", 1, 6)
        check_type(raw.get("seed"), int, "dice.seed")
        _check_int(raw.get("used"), "dice.used", 0, len(raw["rolls"]))
        _check_int(raw.get("state"), "dice.state", 0, (1 << 64) - 1)
    elif kind == "replay":
        check_record(raw.get("record"), "dice.record")
        _check_int(raw.get("used"), "dice.used", 0, len(raw["record"]))
    else:
        raise SaveError(f"dice.kind: unknown kind of dice {_shown(kind)}")


def check_record(raw: Any, where: str = "record") -> None:
    """A record of random results: ``["d6", 1..6]`` and ``["below", n, 0..n-1]`` entries;
    raises SaveError naming the entry."""
    check_type(raw, list[list[Any]], where)
    for i, entry in enumerate(raw):
        if entry[:1] == ["d6"] and len(entry) == 2:
            _check_int(entry[1], f"{where}[{i}][1]", 1, 6)
        elif entry[:1] == ["below"] and len(entry) == 3:
            _check_int(entry[1], f"{where}[{i}][1]", 1)
            _check_int(entry[2], f"{where}[{i}][2]", 0, entry[1] - 1)
        else:
            raise SaveError(f"{where}[{i}]: not a d6 or below result: {_shown(entry)}")


def check_log(raw: Any) -> None:
    """The log of applied actions: a list of text; raises SaveError."""
    check_type(raw, list[str], "log")


def check_events(raw: Any) -> None:
    """What happened, for people to read: a list; raises SaveError."""
    check_type(raw, list[Any], "events")


# --- the position --------------------------------------------------------------------------

def _names_of(kind: type[Enum]) -> set[str]:
    """The words an enum's members are saved as."""
    return {str(m.value) for m in kind}


def check_phase_and_step(state: State, config: Config | None = None) -> None:
    """The phase and step are known, and the step is one the phase can wait in (under the
    config's rule set)."""
    if state.phase not in _names_of(Phase):
        raise SaveError(f"state.phase: unknown phase {_shown(state.phase)}")
    if state.step not in STEPS:
        raise SaveError(f"state.step: unknown step {_shown(state.step)}")
    waits = STEPS_OF_PHASE if config is None else {
        str(p): tuple(s) for p, s in book(config.rules).steps_of_phase.items()}
    allowed = waits.get(state.phase, ())
    if state.step not in allowed:
        raise SaveError(f"state.step: the {state.phase} phase never waits at step "
                        f"'{state.step}' (a save is made at a decision)")


def check_counters(state: State, config: Config) -> None:
    """Turning point, turn, initiative, player to act, roll-off winner and the result."""
    _check_int(state.turning_point, "state.turning_point", 1, last_turning_point(config))
    _check_int(state.turn, "state.turn", 1, TURNS_PER_PHASE)
    _check_int(state.initiative, "state.initiative", 0, 2)
    if state.initiative == 0 and state.phase in (Phase.STRATEGY, Phase.FIREFIGHT):
        raise SaveError(f"state.initiative: nobody has the initiative in the {state.phase} "
                        "phase")
    _check_int(state.to_act, "state.to_act", 1, 2)
    _check_int(state.rolloff_winner, "state.rolloff_winner", 0, 2)
    if state.rolloff_winner == 0 and state.phase != Phase.SETUP:
        raise SaveError("state.rolloff_winner: set-up is over but nobody won its roll-off")
    if state.phase == Phase.OVER:
        if state.winner not in (0, 1, 2):
            raise SaveError(f"state.winner: the mission is over, so the winner is 0, 1 or 2, "
                            f"not {_shown(state.winner)}")
    elif state.winner is not None:
        raise SaveError(f"state.winner: {_shown(state.winner)} while the mission is still "
                        f"in the {state.phase} phase")


def _per_player(state: State, name: str) -> dict[int, Any]:
    value: dict[int, Any] = getattr(state, name)
    if set(value) != {1, 2}:
        raise SaveError(f"state.{name}: needs an entry for players 1 and 2, has "
                        f"{sorted(value)}")
    return value


def check_players_lists(state: State) -> None:
    """Lists of players (mulligans done, strategy steps done) name each player at most
    once; the per-player mappings have both players."""
    for name in ("mulliganed", "done"):
        value = getattr(state, name)
        if any(p not in (1, 2) for p in value) or len(set(value)) != len(value):
            raise SaveError(f"state.{name}: players 1 and 2 at most once each, not {value}")
    for name in ("hands", "active_targets", "completed", "ploys", "wargear_used", "vp"):
        _per_player(state, name)
    for player, vp in state.vp.items():
        _check_int(vp, f"state.vp.{player}", 0)


def check_operatives(state: State, config: Config) -> None:
    """Each operative: a known datacard, player 1 or 2, on a free, open hex of the board,
    wound counters within its Wounds."""
    grid = config.grid
    where_is: dict[str, str] = {}
    for key, op in state.operatives.items():
        at = f"state.operatives.{key}"
        if op.id != key:
            raise SaveError(f"{at}.id: {op.id!r} differs from its key")
        card = config.datacards.get(op.card)
        if card is None:
            raise SaveError(f"{at}.card: unknown datacard {op.card!r}")
        _check_int(op.player, f"{at}.player", 1, 2)
        _check_int(op.damage, f"{at}.damage", 0, card.wounds)
        if op.hex is None:
            continue
        if op.taken_down:
            raise SaveError(f"{at}.hex: taken down but still on {op.hex!r}")
        if not grid.is_on_board(op.hex):
            raise SaveError(f"{at}.hex: {op.hex!r} is not on the board")
        if op.hex in grid.blocked:
            raise SaveError(f"{at}.hex: {op.hex} is a blocked hex")
        if op.hex in where_is:
            raise SaveError(f"{at}.hex: {op.hex} is also the hex of {where_is[op.hex]}")
        where_is[op.hex] = op.id
        if op.damage >= card.wounds:
            raise SaveError(f"{at}.damage: {op.damage} wound counters take it down, "
                            "yet it is on the killzone")


def _max_ap(config: Config, card_id: str) -> int:
    """The most APL an operative of ``card_id`` could have with every card rule in play."""
    bonus = 0
    for effect in _effects_in_play(config):
        if effect.kind == EffectKind.STAT and effect.get("stat") == "apl":
            add = effect.get("add", 0)
            if isinstance(add, int) and add > 0:
                bonus += add
    low, high = STAT_LIMITS["apl"]
    return max(low, min(high, config.datacards[card_id].apl + bonus))


def _effects_in_play(config: Config) -> list[Effect]:
    found: list[Effect] = []
    for card in config.datacards.values():
        found.extend(e for a in card.abilities for e in a.effects)
    for team in config.fireteams.values():
        if team is not None:
            found.extend(e for p in team.ploys for e in p.effects)
            found.extend(e for c in team.tactical_ploys for e in c.effects)
    for cards in config.wargear.values():
        found.extend(e for c in cards for e in c.effects)
    for honours in config.honours.values():
        found.extend(e for special, _ in honours for e in special.reward.effects)
    if config.special_operation is not None:
        found.extend(config.special_operation[1].rules)
    found.extend(config.mission_rules)
    return found


def check_activation(state: State, config: Config) -> None:
    """An activation runs exactly in the act step: its operative is known, on the killzone,
    the acting player's, with 1 AP or more and no more than it could ever have."""
    if state.step != Step.ACT:
        if state.active is not None:
            raise SaveError(f"state.active: {state.active!r} is active outside an activation")
        if state.ap_left != 0:
            raise SaveError(f"state.ap_left: {state.ap_left} AP left outside an activation")
        return
    if state.active is None:
        raise SaveError("state.active: an activation is running with no active operative")
    op = state.operatives.get(state.active)
    if op is None:
        raise SaveError(f"state.active: unknown operative {state.active!r}")
    if not op.on_killzone:
        raise SaveError(f"state.active: {op.id} is not on the killzone")
    if op.player != state.to_act:
        raise SaveError(f"state.active: {op.id} is player {op.player}'s, but player "
                        f"{state.to_act} is to act")
    _check_int(state.ap_left, "state.ap_left", 1, _max_ap(config, op.card))


def check_targets(state: State, config: Config) -> None:
    """Targets of opportunity: known cards, each in one place only, at most a hand's worth
    in each hand."""
    places: dict[str, list[str]] = {"deck": state.deck, "discard": state.discard}
    for player in (1, 2):
        places[f"hands.{player}"] = state.hands[player]
        places[f"active_targets.{player}"] = state.active_targets[player]
        places[f"completed.{player}"] = state.completed[player]
    seen: dict[str, str] = {}
    for place, cards in places.items():
        for card in cards:
            if card not in config.targets:
                raise SaveError(f"state.{place}: unknown target of opportunity {card!r}")
            if card in seen:
                raise SaveError(f"state.{place}: {card!r} is also in {seen[card]}")
            seen[card] = place
    for player in (1, 2):
        if len(state.hands[player]) > HAND_SIZE:
            raise SaveError(f"state.hands.{player}: {len(state.hands[player])} cards, more "
                            f"than a hand of {HAND_SIZE}")


def check_cards_in_force(state: State, config: Config) -> None:
    """Ploys in force, wargear used and wargear boosts name cards the player holds and
    operatives of the game."""
    for player in (1, 2):
        for entry in state.ploys[player]:
            ploy_id, target = entry.ploy, entry.operative
            if config.ploy(player, ploy_id) is None:
                raise SaveError(f"state.ploys.{player}: unknown ploy {ploy_id!r}")
            if target is not None and target not in state.operatives:
                raise SaveError(f"state.ploys.{player}: {ploy_id} names unknown operative "
                                f"{target!r}")
        for card in state.wargear_used[player]:
            if config.wargear_card(player, card) is None:
                raise SaveError(f"state.wargear_used.{player}: player {player} holds no "
                                f"wargear {card!r}")
    for i, boost in enumerate(state.boosts):
        at = f"state.boosts[{i}]"
        player, card, op_id, until = boost.player, boost.card, boost.operative, boost.until
        _check_int(player, f"{at}[0]", 1, 2)
        if not isinstance(card, str) or config.wargear_card(player, card) is None:
            raise SaveError(f"{at}[1]: player {player} holds no wargear {_shown(card)}")
        if op_id not in state.operatives:
            raise SaveError(f"{at}[2]: unknown operative {_shown(op_id)}")
        if until not in WARGEAR_DURATIONS:
            raise SaveError(f"{at}[3]: unknown duration {_shown(until)}")


def check_objectives(state: State, config: Config) -> None:
    """Objective bookkeeping names the config's objectives, players, hexes and operatives."""
    grid = config.grid
    known = config.objectives
    named = [("control", list(state.control)), ("objective_flags", list(state.objective_flags)),
             ("objective_hexes", list(state.objective_hexes)), ("carried", list(state.carried)),
             ("removed_objectives", state.removed_objectives)]
    for name, objectives in named:
        for objective in objectives:
            if objective not in known:
                raise SaveError(f"state.{name}: unknown objective {objective!r}")
    for objective, holder in state.control.items():
        _check_int(holder, f"state.control.{objective}", 1, 2)
    for objective, h in state.objective_hexes.items():
        if not grid.is_on_board(h) or h in grid.blocked:
            raise SaveError(f"state.objective_hexes.{objective}: {h!r} is not an open hex "
                            "of the board")
    for objective, carrier in state.carried.items():
        op = state.operatives.get(carrier)
        if op is None or not op.on_killzone:
            raise SaveError(f"state.carried.{objective}: {carrier!r} is not an operative on "
                            "the killzone")
    for player, side in state.territory.items():
        if player not in (1, 2) or side not in config.territories:
            raise SaveError(f"state.territory: player {player} cannot have territory "
                            f"{_shown(side)}")


def check_waiting(state: State) -> None:
    """The player to act has a decision to make at this step, as flow.py leaves it."""
    player = state.to_act
    if state.step == Step.MULLIGAN and player in state.mulliganed:
        raise SaveError(f"state.to_act: player {player} has already kept or mulliganed")
    if state.step in (Step.REVEAL, Step.PLOY) and player in state.done:
        raise SaveError(f"state.to_act: player {player} has already done the {state.step} "
                        "step")
    if state.step == Step.DEPLOY and not any(
            o.player == player and o.hex is None and not o.taken_down
            for o in state.operatives.values()):
        raise SaveError(f"state.to_act: player {player} has nobody left to deploy")


def check_state(state: State, config: Config) -> None:
    """Every check of the loaded state against its config; raises SaveError naming the first
    thing that is wrong."""
    check_fields(state, "state")
    check_phase_and_step(state, config)
    check_counters(state, config)
    check_players_lists(state)
    check_operatives(state, config)
    (book(config.rules).save_checks or check_activation)(state, config)
    check_targets(state, config)
    check_cards_in_force(state, config)
    check_objectives(state, config)
    check_waiting(state)


def check_playable(game: Game) -> None:
    """The loaded game keeps every invariant and offers a decision unless it is over.

    Raises SaveError; as a last guard, an exception the rules raise while looking at the
    position is reported as a SaveError too (it means the checks above missed some damage).
    """
    from game.engine.invariants import broken_invariants
    try:
        problems = broken_invariants(game)
    except Exception as error:  # noqa: BLE001 - any failure means the save is unplayable
        raise SaveError(f"the saved position cannot be played on ({type(error).__name__}: "
                        f"{error})") from None
    if problems:
        raise SaveError("the saved position is impossible: " + "; ".join(problems))
