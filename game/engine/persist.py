"""Saved games: the game as versioned JSON-able data, and back, checked on the way in.

A save carries its format version and a fingerprint of the content it was played with (the
datacards of its operatives, the fireteams, the mission or killzone, the targets of
opportunity, the wargear and special operation). Loading a save whose content has changed
since is refused, naming what changed. Older versions are brought up to date by the
:data:`MIGRATIONS` table, one version at a time; every damaged save raises SaveError (see
save_check.py for the checks).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from game.engine import save_check
from game.engine.config import Config, build_config
from game.engine.defs import Catalogue, Mission
from game.engine.dice import dice_from_dict, roll_record
from game.engine.errors import SaveError
from game.engine.events import event_from_dict, event_to_dict
from game.engine.packs import all_packs
from game.engine.rulebook import state_type
from game.engine.state import State

if TYPE_CHECKING:
    from game.engine.game import Game

SAVE_FORMAT = "fireteam-save"
SAVE_VERSION = 2
MISSING = "missing"  # the fingerprint of a part that the current content does not have


def save(game: Game) -> dict[str, Any]:
    """The game as JSON-able data, with a format version and a content fingerprint."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION,
            "config": _jsonable(game.config.spec), "state": game.state.to_dict(),
            "dice": game.dice.to_dict(), "log": list(game.log),
            "events": [event_to_dict(e) for e in game.events],
            "record": [list(r) for r in game.record],
            "fingerprint": fingerprint(game.config, _cards_of(game.state))}


def load(cls: type[Game], data: Any, catalogue: Catalogue) -> Game:
    """Rebuild a game saved by :func:`save` (or by an older version, migrated); raises
    SaveError naming what is wrong: a damaged save, an unknown version, or content that
    changed since the save was made."""
    data = migrate(data, catalogue)
    for key in ("config", "state", "dice", "log", "record", "fingerprint"):
        if key not in data:
            raise SaveError(f"the save has no '{key}'")
    config = _config(data, catalogue)
    save_check.check_raw_operatives(data["state"])
    try:
        state = state_type(config).from_dict(data["state"])
    except KeyError as error:
        raise SaveError(f"state: missing key {error}") from None
    except (TypeError, ValueError, AttributeError) as error:
        raise SaveError(f"state.{error}") from None
    save_check.check_fields(state, "state")
    check_fingerprint(data["fingerprint"], config, _cards_of(state))
    save_check.check_state(state, config)
    save_check.check_dice_data(data["dice"])
    try:
        dice = dice_from_dict(data["dice"])
    except (KeyError, ValueError, TypeError) as error:
        raise SaveError(f"dice: {error}") from None
    save_check.check_log(data["log"])
    save_check.check_events(data.get("events", []))
    save_check.check_record(data["record"])
    game = cls.__new__(cls)
    game.assemble(config, state, dice)
    try:
        game.log = [str(x) for x in data["log"]]
        game.events = [event_from_dict(e) for e in data.get("events", [])]
        game.record = [roll_record(r) for r in data["record"]]
    except (KeyError, ValueError, TypeError) as error:
        raise SaveError(f"events: {error}") from None
    save_check.check_playable(game)
    return game


def _config(data: dict[str, Any], catalogue: Catalogue) -> Config:
    """The save's config, built from its recipe; raises SaveError."""
    save_check.check_config_spec(data["config"])
    try:
        config = build_config(catalogue, data["config"])
    except (KeyError, ValueError, TypeError, AttributeError) as error:
        raise SaveError(f"config: {error}") from None
    save_check.check_config(config)
    return config


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


# --- versions ----------------------------------------------------------------------------

def _raw_cards(raw_state: Any) -> set[str]:
    """The datacard ids the operatives of a raw (unchecked) state use."""
    ops = raw_state.get("operatives") if isinstance(raw_state, dict) else None
    if not isinstance(ops, list):
        return set()
    return {op["card"] for op in ops if isinstance(op, dict) and isinstance(op.get("card"), str)}


def _v1_to_v2(data: dict[str, Any], catalogue: Catalogue) -> dict[str, Any]:
    """Version 1 had no fingerprint: take it from the current content."""
    if "config" not in data:
        raise SaveError("the save has no 'config'")
    config = _config(data, catalogue)
    return data | {"version": 2,
                   "fingerprint": fingerprint(config, _raw_cards(data.get("state")))}


# version N -> the function that turns a version N save into a version N + 1 save
MIGRATIONS: dict[int, Callable[[dict[str, Any], Catalogue], dict[str, Any]]] = {
    1: _v1_to_v2,
}


def migrate(data: Any, catalogue: Catalogue) -> dict[str, Any]:
    """``data`` brought up to :data:`SAVE_VERSION` (a new mapping; ``data`` is unchanged);
    raises SaveError for something that is not a save, or a version this build cannot read."""
    if not isinstance(data, dict):
        raise SaveError("a save must be a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a Fireteam save (format is {data.get('format')!r})")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError(f"save version {version!r} is not a version number")
    if version > SAVE_VERSION:
        raise SaveError(f"save version {version} was written by a newer build; this build "
                        f"reads versions 1 to {SAVE_VERSION}")
    current: dict[str, Any] = data
    while version < SAVE_VERSION:
        current = MIGRATIONS[version](current, catalogue)
        version += 1
        assert current["version"] == version
    return current


# --- the content fingerprint -------------------------------------------------------------

def _cards_of(state: State) -> set[str]:
    return {op.card for op in state.operatives.values()}


def _digest(value: Any) -> str:
    text = json.dumps(_jsonable(value), sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _mission_part(mission: Mission) -> dict[str, Any]:
    """A mission as its fingerprint reads it: its pack's rules under the id of each
    registered pack (None for the packs it is not of), as the fingerprints of saves made
    before ``Mission.pack_rules`` held them."""
    data = dataclasses.asdict(mission)
    rules = data.pop("pack_rules")
    for found in all_packs():
        data[found.id] = rules if mission.pack == found.id else None
    return data


def content_parts(config: Config, cards: Iterable[str]) -> dict[str, Any]:
    """The definitions a game uses, by name (``datacard:intercessor``, ``mission:power_up``,
    ``killzone``, ...), as JSON-able data; a datacard the config lacks is ``MISSING``."""
    parts: dict[str, Any] = {}
    for card in sorted(cards):
        found = config.datacards.get(card)
        parts[f"datacard:{card}"] = dataclasses.asdict(found) if found else MISSING
    for team in config.fireteams.values():
        if team is not None:
            data = dataclasses.asdict(team)
            if not data["tactical_ploys"]:  # fireteams without them keep their old digest
                del data["tactical_ploys"]
            parts[f"fireteam:{team.id}"] = data
    if config.mission is not None:
        parts[f"mission:{config.mission.id}"] = _mission_part(config.mission)
    grid = config.grid
    parts["killzone"] = {"columns": grid.columns, "rows": grid.rows,
                         "blocked": sorted(grid.blocked), "cover": sorted(grid.cover),
                         "territories": config.territories, "objectives": config.objectives,
                         "turning_points": config.turning_points}
    for target in config.targets.values():
        parts[f"target:{target.id}"] = dataclasses.asdict(target)
    for held in config.wargear.values():
        for wargear in held:
            parts[f"wargear:{wargear.id}"] = dataclasses.asdict(wargear)
    specials = [s for entries in config.honours.values() for s, _ in entries]
    if config.special_operation is not None:
        specials.append(config.special_operation[1])
    for special in specials:
        parts[f"special_operation:{special.id}"] = dataclasses.asdict(special)
    return parts


def fingerprint(config: Config, cards: Iterable[str]) -> dict[str, Any]:
    """The fingerprint saved with a game: a short hash of each part of the content it uses
    and a sha256 of them all (stable across runs and platforms)."""
    parts = {name: (MISSING if value == MISSING else _digest(value)[:16])
             for name, value in content_parts(config, cards).items()}
    return {"sha256": _digest(parts), "parts": parts}


def _describe_part(name: str) -> str:
    kind, _, ident = name.partition(":")
    words = {"datacard": "datacard", "fireteam": "fireteam", "mission": "mission",
             "target": "target of opportunity", "wargear": "wargear card",
             "special_operation": "special operation"}
    if not ident:
        return f"the {kind}"
    return f"the {words.get(kind, kind)} {ident!r}"


def check_fingerprint(saved: Any, config: Config, cards: Iterable[str]) -> None:
    """Compare a save's fingerprint with the current content; raises SaveError naming what
    changed since the save was made (or that the fingerprint itself is damaged)."""
    save_check.check_type(saved, dict[str, Any], "fingerprint")
    save_check.check_type(saved.get("sha256"), str, "fingerprint.sha256")
    save_check.check_type(saved.get("parts"), dict[str, str], "fingerprint.parts")
    stored: dict[str, str] = saved["parts"]
    if _digest(stored) != saved["sha256"]:
        raise SaveError("fingerprint: damaged (its parts do not match its sha256)")
    used = set(cards)
    current = fingerprint(config, used | {n.partition(":")[2] for n in stored
                                          if n.startswith("datacard:")})["parts"]
    if current == stored:
        return
    changes: list[str] = []
    for name in sorted(set(stored) | set(current)):
        before, now = stored.get(name), current.get(name)
        if before == now:
            continue
        if before is None:
            if now == MISSING:
                continue  # an unknown card the save itself names: check_state reports it
            changes.append(f"{_describe_part(name)} was not part of it")
        elif now is None:
            changes.append(f"{_describe_part(name)} is no longer used")
        elif now == MISSING:
            changes.append(f"{_describe_part(name)} no longer exists")
        else:
            changes.append(f"{_describe_part(name)} changed")
    if changes:
        more = f" (and {len(changes) - 3} more)" if len(changes) > 3 else ""
        raise SaveError("the card data changed since this save was made: "
                        + ", ".join(changes[:3]) + more)
