"""The shape of a scenario file: which keys it has and what type each value is.

:func:`check_shapes` walks a whole scenario file against :data:`SCENARIO` before anything in
it is used, so that every later step may rely on the types (a list where a list belongs, whole
numbers where numbers belong, ...). Meaning is checked afterwards, by :mod:`game.scenario.loader`
(unknown cards, hexes off the board, ...). See ``docs/scenario-format.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from game.content.schema import LIMITS
from game.content.yamlio import Located, suggestion

Path = tuple[Any, ...]


class ScenarioReader:
    """Collects every problem of one scenario file as ``FILE:LINE: key.path: message``."""

    def __init__(self, doc: Located) -> None:
        self.doc = doc
        self.problems: list[str] = []

    def bad(self, path: Path, message: str) -> None:
        self.problems.append(f"{self.doc.file}:{max(1, self.doc.line(*path))}: "
                             f"{'.'.join(str(p) for p in path)}: {message}")


def shown(value: Any) -> str:
    """A value as a message quotes it: short, with its type when that is the surprise."""
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    text = repr(value)
    return text if len(text) <= 40 else f"a {type(value).__name__} {text[:30]}..."


# A shape checks a value at a path, reports what is wrong with it, and says whether it held.
Shape = Callable[[ScenarioReader, Any, Path], bool]


def holding(test: Callable[[Any], bool], expected: str) -> Shape:
    """A value for which ``test`` holds; otherwise the message says it expected
    ``expected``."""

    def check(r: ScenarioReader, value: Any, path: Path) -> bool:
        if test(value):
            return True
        r.bad(path, f"expected {expected}, not {shown(value)}")
        return False

    return check


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


text = holding(lambda value: isinstance(value, str), "text")
boolean = holding(lambda value: isinstance(value, bool), "true or false")
# an id: text (a whole number is read as its digits)
ident = holding(lambda value: (isinstance(value, str) and bool(value)) or _whole(value),
                "an id")


def anything(r: ScenarioReader, value: Any, path: Path) -> bool:
    return True


def integer(low: int, high: int) -> Shape:
    """A whole number from ``low`` to ``high`` (a boolean is not one)."""
    return holding(lambda value: _whole(value) and low <= value <= high,
                   f"a whole number {low}..{high}")


def either(first: Shape, second: Shape, what: str) -> Shape:
    """A value of either shape; ``what`` names both for the message."""

    def check(r: ScenarioReader, value: Any, path: Path) -> bool:
        probe = ScenarioReader(r.doc)
        if first(probe, value, path) or second(probe, value, path):
            return True
        r.bad(path, f"expected {what}, not {shown(value)}")
        return False

    return check


def optional(shape: Shape) -> Shape:
    """``shape`` or null."""

    def check(r: ScenarioReader, value: Any, path: Path) -> bool:
        return value is None or shape(r, value, path)

    return check


# a list or a mapping; null counts as an empty one
_LIST = holding(lambda value: value is None or isinstance(value, list), "a list")
_MAPPING = holding(lambda value: value is None or isinstance(value, dict), "a mapping")


def list_of(item: Shape) -> Shape:
    """A list (null counts as an empty one) whose every item has the shape ``item``."""

    def check(r: ScenarioReader, value: Any, path: Path) -> bool:
        return _LIST(r, value, path) and all([item(r, v, (*path, i))
                                              for i, v in enumerate(value or [])])

    return check


def mapping_of(key: Shape, value: Shape) -> Shape:
    """A mapping (null counts as an empty one) with keys and values of these shapes."""

    def check(r: ScenarioReader, raw: Any, path: Path) -> bool:
        return _MAPPING(r, raw, path) and all([key(r, k, (*path, k)) and value(r, v, (*path, k))
                                               for k, v in (raw or {}).items()])

    return check


def _player_key(r: ScenarioReader, value: Any, path: Path) -> bool:
    if not isinstance(value, bool) and value in (1, 2, "1", "2"):
        return True
    r.bad(path, f"unknown player {shown(value)}: the players are 1 and 2")
    return False


def per_player(value: Shape) -> Shape:
    """``{1: ..., 2: ...}`` (either may be missing)."""
    return mapping_of(_player_key, value)


def record(keys: Mapping[str, Shape], required: Iterable[str] = ()) -> Shape:
    """A mapping with only these keys (unknown ones are reported with the near miss)."""
    needed = tuple(required)

    def check(r: ScenarioReader, raw: Any, path: Path) -> bool:
        if not isinstance(raw, dict):
            r.bad(path, f"expected a mapping, not {shown(raw)}")
            return False
        ok = True
        for k, v in raw.items():
            if k not in keys:
                r.bad((*path, k), f"unknown key {k!r}{suggestion(k, keys)}")
                ok = False
            elif not keys[k](r, v, (*path, k)):
                ok = False
        for k in needed:
            if k not in raw:
                r.bad(path, f"missing key '{k}'")
                ok = False
        return ok

    return check


PLAYER = integer(1, 2)
PLAYER_OR_NOBODY = integer(0, 2)
COUNT = integer(0, 10**6)
HEX = text  # whether it is a hex of the killzone is checked once the killzone is known
IDS = list_of(ident)
WORDS = list_of(text)
FLAGS = mapping_of(ident, WORDS)

KILLZONE = record({
    "columns": integer(*LIMITS["columns"]), "rows": integer(*LIMITS["rows"]),
    "blocked": list_of(HEX),
    "cover": list_of(HEX), "objectives": mapping_of(ident, HEX),
    "territories": per_player(list_of(HEX)),
    "dangerous": list_of(HEX),  # dangerous terrain (a rule set that has it)
})
OPERATIVE = record({"id": ident, "player": PLAYER, "card": ident, "at": optional(HEX),
                    "damage": COUNT, "taken_down": boolean,
                    # the words a rule set or mission pack puts on an operative (the
                    # operatives section of docs/scenario-format.md lists them)
                    "flags": WORDS}, ("id", "player", "card"))
# The keys of ``start`` and ``expect``, each declared with its shape beside what it means, the
# core's in :mod:`game.scenario.loader` (``@start_key``, ``@expect_key``) and each system's in
# its folder (:mod:`game.scenario.rulesets`); the loader fills these as it is imported.
START_KEYS: dict[str, Shape] = {}
EXPECT_KEYS: dict[str, Shape] = {}
START = record(START_KEYS)
EXPECT_OPERATIVE = record({
    "at": optional(HEX), "damage": COUNT, "taken_down": boolean,
    "ap_left": optional(COUNT), "activated": boolean,
})
EXPECT = record(EXPECT_KEYS)
SCENARIO = record({
    "name": either(text, integer(-10**9, 10**9), "text"),
    "mission": ident,
    "killzone": optional(KILLZONE),
    "datacards": anything,  # read by the content loader, which reports its own problems
    "fireteams": per_player(optional(ident)),
    "operatives": list_of(OPERATIVE),
    "start": optional(START),
    "seed": integer(0, 2**63),
    "dice": list_of(integer(1, 6)),
    "actions": list_of(text),
    "expect": optional(EXPECT),
    "wargear": per_player(IDS),
    "campaign": boolean,
    "rules": text,
    "special_operation": record({"player": PLAYER, "card": ident}, ("player", "card")),
    "honours": per_player(list_of(record({"card": ident, "operative": ident},
                                         ("card", "operative")))),
    # a tactical puzzle (game/ai/puzzles.py, the Puzzles screen): after the actions, the
    # decision of the player to act, any of ``best`` solving it
    "puzzle": record({"theme": ident, "best": WORDS, "why": text, "goal": text, "hint": text,
                      "difficulty": integer(1, 3)}, ("theme", "best")),
})


def check_shapes(r: ScenarioReader) -> bool:
    """Report (to ``r``) every key and value of the file that is not of its documented type;
    True when there is none."""
    return SCENARIO(r, r.doc.data, ())
