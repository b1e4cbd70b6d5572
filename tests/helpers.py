"""Helpers every test package shares: one way to play a seeded random game, one way to
build a position from a scenario's text."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

import pytest

from game.cli.simulate import RandomPlayer
from game.content import load_catalogue
from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game

if TYPE_CHECKING:
    from game.scenario.loader import Scenario

TEAMS = ("gideon", "deathless_destroyers")

# True while the fast tier runs (``-m "not slow"``; set by tests/conftest.py)
FAST_TIER = False


def examples(count: int) -> int:
    """A property test's ``max_examples``: ``count`` in the whole suite, a fifth of it (at
    least 3) in the fast tier, which runs the same property on fewer random cases."""
    return max(3, count // 5) if FAST_TIER else count


def stride(fast: int) -> int:
    """A step through many positions of one game: every one in the whole suite, every
    ``fast``-th in the fast tier."""
    return fast if FAST_TIER else 1


def sampled(values: Sequence[Any], every: int, *, unpack: bool = False) -> list[Any]:
    """Parameters for ``pytest.mark.parametrize`` when one check runs over very many cases
    of the same kind: every ``every``-th in the fast tier (spread over them all, not the
    first few), the others marked ``slow``."""
    out: list[Any] = []
    for n, value in enumerate(values):
        if n % every == 0:
            out.append(value)
        else:
            args = value if unpack else (value,)
            out.append(pytest.param(*args, marks=pytest.mark.slow))
    return out


def tiered(values: Sequence[Any], keep: int = 2, *, unpack: bool = False) -> list[Any]:
    """Parameters for ``pytest.mark.parametrize`` when the same check runs over many seeds,
    sizes or files: the first ``keep`` values run in the fast tier, the rest carry the
    ``slow`` mark (the whole suite still runs every one). ``unpack``: each value is a tuple
    of several arguments."""
    out: list[Any] = []
    for n, value in enumerate(values):
        if n < keep:
            out.append(value)
        else:
            args = value if unpack else (value,)
            out.append(pytest.param(*args, marks=pytest.mark.slow))
    return out


@cache
def shipped_catalogue() -> Catalogue:
    """The shipped content, loaded once per test process (the ``catalogue`` fixture)."""
    return load_catalogue()


def play(game: Game, players: int | tuple[int, int], *,
         until: Callable[[Game], bool] | None = None, steps: int = 5000) -> Game:
    """Apply seeded random players' choices for at most ``steps`` actions, stopping early
    when the game is over or ``until`` holds. ``players``: the two seats' seeds, or one seed
    for one random player choosing for both seats."""
    if isinstance(players, int):
        both = RandomPlayer(players)
        chooser = {1: both, 2: both}
    else:
        chooser = {1: RandomPlayer(players[0]), 2: RandomPlayer(players[1])}
    for _ in range(steps):
        if game.is_over or (until is not None and until(game)):
            break
        game.apply(chooser[game.to_act].choose(game))
    return game


def new_game(seed: int = 1, mission: str = "dual_strike", teams: tuple[str, str] = TEAMS, *,
             catalogue: Catalogue | None = None, rules: str = "fireteam",
             **options: Any) -> Game:
    """A new game at set-up with ``RandomDice(seed)``, on the shipped content unless
    ``catalogue`` is given; ``options`` go to :meth:`Game.new` (``wargear``,
    ``special_operation``, ``honours``)."""
    return Game.new(catalogue or shipped_catalogue(), mission, teams, RandomDice(seed),
                    rules=rules, **options)


def seeded_game(seed: int = 1, *, mission: str = "dual_strike",
                teams: tuple[str, str] = TEAMS, until: Callable[[Game], bool] | None = None,
                steps: int = 5000, players: int | tuple[int, int] | None = None,
                catalogue: Catalogue | None = None,
                wargear: Mapping[int, Sequence[str]] | None = None,
                rules: str = "fireteam") -> Game:
    """A new game with ``RandomDice(seed)`` played by seeded random players (by default
    seeds ``2 * seed + 1`` and ``2 * seed + 2``, as ``game.cli.simulate`` plays them) until
    ``until`` holds, the game ends, or ``steps`` actions were applied; under ``rules``."""
    game = new_game(seed, mission, teams, catalogue=catalogue, rules=rules,
                    **({"wargear": {p: list(w) for p, w in wargear.items()}}
                       if wargear else {}))
    return play(game, players or (seed * 2 + 1, seed * 2 + 2), until=until, steps=steps)


def scenario(text: str, catalogue: Catalogue | None = None, *,
             file: str = "scenario.yaml") -> Scenario:
    """The scenario of a scenario file's ``text`` (docs/scenario-format.md), read as the
    scenario runner reads a file (messages name ``file``), on the shipped content unless
    ``catalogue`` is given; its actions are not played."""
    from game.scenario.loader import scenario_from_text

    return scenario_from_text(text, catalogue or shipped_catalogue(), file)


def position(text: str, catalogue: Catalogue | None = None, *, played: bool = False,
             file: str = "scenario.yaml") -> Game:
    """The game scenario ``text`` sets up; ``played``: with the file's ``actions`` applied
    (the position at the decision a test asks about); messages name ``file``."""
    built = scenario(text, catalogue, file=file)
    if played:
        for _, action in built.actions:
            built.game.apply(action)
    return built.game


def subclasses(cls: type) -> set[type]:
    """Every class below ``cls`` (subclasses of subclasses too)."""
    found = set(cls.__subclasses__())
    for sub in list(found):
        found |= subclasses(sub)
    return found


def tool_output(name: str, out: Path) -> Path:
    """``out``, once ``python tools/NAME.py --out OUT`` has written into it (an asset build:
    at most 2 minutes)."""
    tool = Path(__file__).resolve().parent.parent / "tools" / f"{name}.py"
    subprocess.run([sys.executable, str(tool), "--out", str(out)], check=True,
                   capture_output=True, timeout=120)
    return out


def tool_module(name: str) -> ModuleType:
    """``tools/NAME.py`` imported once, as the module ``NAME_tool`` (kept in ``sys.modules``:
    a dataclass needs its module there)."""
    key = f"{name}_tool"
    if key not in sys.modules:
        path = Path(__file__).resolve().parent.parent / "tools" / f"{name}.py"
        spec = importlib.util.spec_from_file_location(key, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]
