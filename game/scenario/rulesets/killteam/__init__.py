"""The scenario tools on a mission of the Kill Team classic pack: the keys its position adds to a
scenario file (registered with :mod:`game.scenario.systems`). ``start`` may say which players'
forces are already Broken, whether night fighting is in force and whose operative was the
first removed (for First Blood); these are fields of the pack's state, so a file that gives
one for a game of another mission is refused. ``expect`` may check the Broken forces, the
night, and the operatives that fled or are still to arrive (Search Pattern).

The exporter (:mod:`game.scenario.export`) writes a position of the pack's missions with these
keys (:data:`EXPORT`): the pack's state, where the markers its players placed stand
(``objective_hexes``), and each operative's words (``late``, ``edge:west`` / ``edge:east``,
``fled``) in its ``flags``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.config import Config
from game.engine.game import Game
from game.engine.rulesets.killteam import PACK, PackState, fled, placed_ids, rules_of
from game.engine.state import OperativeState, State
from game.scenario.shapes import IDS, PLAYER, PLAYER_OR_NOBODY, ScenarioReader, boolean, list_of
from game.scenario.systems import (
    ExpectKey,
    PackRules,
    ScenarioKeys,
    StartKey,
    register_keys,
    register_pack,
)


def _broken(r: ScenarioReader, value: Any, state: State, config: Config) -> None:
    assert isinstance(state, PackState)
    state.broken = sorted(int(p) for p in value or ())


def _night(r: ScenarioReader, value: Any, state: State, config: Config) -> None:
    assert isinstance(state, PackState)
    state.night = bool(value)


def _first_removed(r: ScenarioReader, value: Any, state: State, config: Config) -> None:
    assert isinstance(state, PackState)
    state.first_removed = int(value or 0)


def _pack_state(game: Game) -> PackState | None:
    """The game's state when it is the pack's (None on any other mission)."""
    return game.state if isinstance(game.state, PackState) else None


def _broken_now(game: Game) -> list[int]:
    state = _pack_state(game)
    return sorted(state.broken) if state is not None else []


def _night_now(game: Game) -> bool | None:
    state = _pack_state(game)
    return state.night if state is not None else None


def _operatives_where(game: Game, has: Callable[[OperativeState], bool]) -> list[str]:
    return sorted(o.id for o in game.state.operatives.values() if has(o))


def _sorted(value: Any) -> list[Any]:
    return sorted(value or ())


KEYS = register_keys(ScenarioKeys(
    system=PACK,
    start=(StartKey("broken", list_of(PLAYER), _broken, keeps=PackState),
           StartKey("night", boolean, _night, keeps=PackState),
           StartKey("first_removed", PLAYER_OR_NOBODY, _first_removed, keeps=PackState)),
    expect=(ExpectKey("broken", list_of(PLAYER), _broken_now, _sorted),
            # (null on another mission, whose state keeps no night)
            ExpectKey("night", boolean, _night_now),
            ExpectKey("fled", IDS, lambda game: _operatives_where(game, fled), _sorted),
            ExpectKey("late", IDS, lambda game: _operatives_where(
                game, lambda op: "late" in op.flags and op.hex is None), _sorted))))


# --- what an exported position of the pack's missions writes ---------------------------------

# the pack's words on an operative: it arrives later, the edge it arrives on, it fled
_WORDS = ("late", "fled")
_EDGE = "edge:"


def _markers(config: Config) -> tuple[str, ...]:
    return placed_ids(rules_of(config))


def _placed(state: State, config: Config) -> dict[str, str]:
    """Where the markers the players placed stand (a marker carried stands nowhere)."""
    return {m: state.objective_hexes[m] for m in _markers(config)
            if state.objective_hexes.get(m)}


def _start(state: State, config: Config) -> dict[str, Any]:
    assert isinstance(state, PackState)
    out: dict[str, Any] = {"broken": sorted(state.broken), "night": state.night,
                           "first_removed": state.first_removed}
    placed = _placed(state, config)
    if placed:
        out["objective_hexes"] = placed
    return out


def _expect(game: Game) -> dict[str, Any]:
    out = {key.name: key.actual(game) for key in KEYS.expect}
    placed = _placed(game.state, game.config)
    if placed:
        out["objective_hexes"] = placed
    return out


def _words(op: OperativeState) -> tuple[str, ...]:
    return tuple(f for f in op.flags if f in _WORDS or f.startswith(_EDGE))


EXPORT = register_pack(PackRules(
    pack=PACK, start=_start, expect=_expect, markers=_markers, words=_words,
    waiting=lambda op: "late" in op.flags))
