"""A fixed-seed fuzz of the save loader: saves of real games, damaged a few hundred ways, must
either be refused with a SaveError or load into a game that keeps its invariants and plays on.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.ai.random_player import RandomPlayer
from game.content import load_catalogue
from game.engine.game import Game, SaveError
from game.engine.invariants import broken_invariants
from game.services.saves import parse_save
from tests.helpers import seeded_game

pytestmark = pytest.mark.slow  # fuzz runs over damaged saves, each played on

CATALOGUE = load_catalogue()
MUTATIONS_PER_SAVE = 80
Path_ = list[str | int]  # keys and indexes from the save's root to one value


def _played(mission: str, teams: tuple[str, str], seed: int, steps: int,
            rules: str = "fireteam") -> dict[str, Any]:
    game = seeded_game(seed, mission=mission, teams=teams, players=(seed, seed + 1),
                       steps=steps, rules=rules,
                       wargear={1: sorted(CATALOGUE.wargear)[:2]} if rules == "fireteam"
                       else None)
    data: dict[str, Any] = json.loads(json.dumps(game.to_dict()))
    return data


# (mission, fireteams, seed, actions played): set-up, deployment, strategy, firefight, the end
GAMES = [("power_up", ("gideon", "deathless_destroyers"), 1, 0),
         ("dual_strike", ("gideon", "gideon"), 2, 9),
         ("power_up", ("deathless_destroyers", "gideon"), 3, 16),
         ("dual_strike", ("gideon", "deathless_destroyers"), 4, 60),
         ("power_up", ("gideon", "deathless_destroyers"), 5, 2000),
         # Kill Team classic: markers placed and late operatives waiting (set-up), a Broken
         # force, night and extra turning points (to the end)
         ("kt_alone_in_the_dark", ("gideon", "deathless_destroyers"), 6, 12),
         ("kt_forward_push", ("bad_ladz", "kappic_eagles"), 7, 2000)]
# the skirmish rule set: markers being placed, deployment, a round in progress, the end
SKIRMISH_GAMES = [("dual_strike", ("gideon", "bad_ladz"), 8, 1),
                  ("power_up", ("pathfinders", "flickering_blade"), 9, 8),
                  ("cache_raid", ("bad_ladz", "gideon"), 10, 40),
                  ("dual_strike", ("quickstrike", "kappic_eagles"), 11, 2000)]
SAVES = {f"{m}-{s}-{n}": _played(m, t, s, n) for m, t, s, n in GAMES}
SAVES.update({f"skirmish-{m}-{s}-{n}": _played(m, t, s, n, "skirmish")
              for m, t, s, n in SKIRMISH_GAMES})


def _paths(value: Any, here: Path_) -> list[Path_]:
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_paths(item, [*here, key]))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_paths(item, [*here, i]))
    return out


def _parent(data: Any, path: Path_) -> Any:
    for key in path[:-1]:
        data = data[key]
    return data


BLOCKED = sorted(set().union(*(CATALOGUE.killzones[m.killzone].blocked
                                for m in CATALOGUE.missions.values())))


def _operatives(data: dict[str, Any]) -> list[dict[str, Any]]:
    state = data.get("state")
    ops = state.get("operatives") if isinstance(state, dict) else None
    return [op for op in ops if isinstance(op, dict)] if isinstance(ops, list) else []


ODD_VALUES: list[Any] = ["x", "7", [], {}, None, True, False, 1.5, -1, 0, 1, 2, 3, 9,
                         10**20, -(10**20), [1, 2], {"1": 1}]


def _mutate(data: dict[str, Any], rng: random.Random) -> None:
    """Damage ``data`` in one of several ways, chosen by ``rng``."""
    paths = [p for p in _paths(data, []) if p]
    kind = rng.randrange(7)
    ops = _operatives(data)
    if kind == 5 and ops:  # an operative onto a blocked or an occupied hex
        taken = [op["hex"] for op in ops if isinstance(op.get("hex"), str)]
        spots = BLOCKED if rng.random() < 0.5 or not taken else taken
        rng.choice(ops)["hex"] = rng.choice(spots)
        return
    if kind == 6 and ops and rng.random() < 0.5:  # a duplicated operative
        data["state"]["operatives"].append(copy.deepcopy(rng.choice(ops)))
        return
    if kind == 6:  # a duplicated item of any list (a target card, a ploy, a roll...)
        lists = [p for p in paths if isinstance(_parent(data, p)[p[-1]], list)
                 and _parent(data, p)[p[-1]]]
        target = rng.choice(lists)
        items = _parent(data, target)[target[-1]]
        items.append(copy.deepcopy(rng.choice(items)))
        return
    path = rng.choice(paths)
    parent = _parent(data, path)
    key = path[-1]
    if kind == 0:  # a value of another type, or an odd number
        parent[key] = copy.deepcopy(rng.choice(ODD_VALUES))
    elif kind == 1 and isinstance(parent[key], int):  # an int off its range
        parent[key] = rng.choice([-1, 0, 10**20, parent[key] + 1, parent[key] - 1])
    elif kind == 2:  # a key or an item removed
        del parent[key]
    elif kind == 3 and isinstance(parent[key], str):  # a name swapped for another name
        names = [v for v in (_parent(data, p)[p[-1]] for p in paths) if isinstance(v, str)]
        parent[key] = rng.choice(names)
    else:  # a list or mapping emptied
        if isinstance(parent[key], (list, dict)):
            parent[key].clear()
        else:
            parent[key] = None


def _damage_bytes(raw: bytes, rng: random.Random) -> bytes:
    where = rng.randrange(len(raw))
    kind = rng.randrange(3)
    if kind == 0:
        return raw[:where]
    if kind == 1:
        return raw[:where] + bytes([raw[where] ^ (1 << rng.randrange(8))]) + raw[where + 1:]
    return raw[:where] + rng.choice([b"\xff", b"\xc3", b"\x00", b"]", b"9"]) + raw[where:]


def _must_refuse_or_play(load: Callable[[], Game], rng: random.Random) -> bool:
    """True when the save loads; then it must keep its invariants and play on."""
    try:
        game = load()
    except SaveError:
        return False
    assert broken_invariants(game) == []
    players = {1: RandomPlayer(rng.randrange(1000)), 2: RandomPlayer(rng.randrange(1000))}
    for _ in range(12):
        if game.is_over:
            break
        game.apply(players[game.to_act].choose(game))
    return True


@pytest.mark.parametrize("name", sorted(SAVES))
def test_a_damaged_save_is_refused_or_plays_on(name: str) -> None:
    rng = random.Random(name)
    loaded = 0
    for _ in range(MUTATIONS_PER_SAVE):
        data = copy.deepcopy(SAVES[name])
        for _ in range(rng.choice((1, 1, 2))):
            _mutate(data, rng)
        loaded += _must_refuse_or_play(lambda d=data: Game.from_dict(d, CATALOGUE), rng)  # type: ignore[misc]
    assert loaded < MUTATIONS_PER_SAVE  # most damage is noticed


@pytest.mark.parametrize("name", sorted(SAVES))
def test_damaged_bytes_are_refused_or_play_on(name: str) -> None:
    rng = random.Random(f"bytes {name}")
    raw = json.dumps(SAVES[name], indent=1).encode("utf-8")
    for _ in range(MUTATIONS_PER_SAVE // 3):
        broken = _damage_bytes(raw, rng)
        _must_refuse_or_play(lambda b=broken: parse_save(b, CATALOGUE), rng)  # type: ignore[misc]
