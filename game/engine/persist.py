"""Saved games: the game as versioned JSON-able data, and back, checked on the way in."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.config import Config, build_config
from game.engine.defs import Catalogue
from game.engine.dice import dice_from_dict
from game.engine.errors import SaveError
from game.engine.events import event_from_dict, event_to_dict
from game.engine.state import Phase, State, Step

if TYPE_CHECKING:
    from game.engine.game import Game

SAVE_FORMAT = "fireteam-save"
SAVE_VERSION = 1


def save(game: Game) -> dict[str, Any]:
    """The game as JSON-able data, with a format version."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION,
            "config": _jsonable(game.config.spec), "state": game.state.to_dict(),
            "dice": game.dice.to_dict(), "log": list(game.log),
            "events": [event_to_dict(e) for e in game.events],
            "record": [list(r) for r in game.record]}


def load(cls: type[Game], data: Any, catalogue: Catalogue) -> Game:
    """Rebuild a game saved by :func:`save`; raises SaveError naming what is wrong."""
    if not isinstance(data, dict):
        raise SaveError("a save must be a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a Fireteam save (format is {data.get('format')!r})")
    if data.get("version") != SAVE_VERSION:
        raise SaveError(f"save version {data.get('version')!r} is not supported "
                        f"(this build reads version {SAVE_VERSION})")
    for key in ("config", "state", "dice", "log", "record"):
        if key not in data:
            raise SaveError(f"the save has no '{key}'")
    try:
        config = build_config(catalogue, data["config"])
    except (KeyError, ValueError, TypeError) as error:
        raise SaveError(f"config: {error}") from None
    try:
        state = State.from_dict(data["state"])
    except KeyError as error:
        raise SaveError(f"state: missing key {error}") from None
    except (TypeError, ValueError, AttributeError) as error:
        raise SaveError(f"state: {error}") from None
    _check_state(state, config)
    try:
        dice = dice_from_dict(data["dice"])
    except (KeyError, ValueError, TypeError) as error:
        raise SaveError(f"dice: {error}") from None
    game = cls.__new__(cls)
    game._setup(config, state, dice)
    try:
        game.log = [str(x) for x in data["log"]]
        game.events = [event_from_dict(e) for e in data.get("events", [])]
        game.record = [tuple(r) for r in data["record"]]
    except (KeyError, ValueError, TypeError) as error:
        raise SaveError(f"events: {error}") from None
    return game


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def _check_state(state: State, config: Config) -> None:
    if state.phase not in tuple(Phase):
        raise SaveError(f"state.phase: unknown phase {state.phase!r}")
    if state.step not in tuple(Step):
        raise SaveError(f"state.step: unknown step {state.step!r}")
    for op in state.operatives.values():
        if op.card not in config.datacards:
            raise SaveError(f"state.operatives.{op.id}.card: unknown datacard {op.card!r}")
        if op.player not in (1, 2):
            raise SaveError(f"state.operatives.{op.id}.player: must be 1 or 2")
        if op.hex is not None and not config.grid.is_on_board(op.hex):
            raise SaveError(f"state.operatives.{op.id}.hex: {op.hex!r} is not on the board")
    if state.active is not None and state.active not in state.operatives:
        raise SaveError(f"state.active: unknown operative {state.active!r}")
