"""The scenario tools on a mission of the Kill Team classic pack: the keys its position adds to a
scenario file (registered with :mod:`game.scenario.systems`). ``start`` may say which players'
forces are already Broken, whether night fighting is in force and whose operative was the
first removed (for First Blood); these are fields of the pack's state, so a file that gives
one for a game of another mission is refused. ``expect`` may check the Broken forces, the
night, and the operatives that fled or are still to arrive (Search Pattern)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.engine.config import Config
from game.engine.game import Game
from game.engine.rulesets.killteam import PACK, PackState, fled
from game.engine.state import OperativeState, State
from game.scenario.shapes import IDS, PLAYER, PLAYER_OR_NOBODY, ScenarioReader, boolean, list_of
from game.scenario.systems import ExpectKey, ScenarioKeys, StartKey, register_keys


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
