"""Checking located YAML data field by field, collecting every problem as a ContentIssue.

A :class:`Reader` wraps one file's :class:`Located` data. Its getters return the checked value,
or None after recording an issue, so a parser can read a whole definition, then build it only
when nothing new went wrong. :meth:`Reader.value` checks any value against the effects
vocabulary of :mod:`game.engine.vocabulary`.
"""

from __future__ import annotations

import difflib
import functools
import re
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast

from game.content.yamlio import ContentIssue, KeyPath, Located, format_path, suggestion
from game.engine import vocabulary as V
from game.engine.defs import (
    Datacard,
    Effect,
    Fireteam,
    KillzoneSide,
    Mission,
    SpecialOperation,
    TargetOfOpportunity,
    Wargear,
)
from game.engine.hexgrid import LETTERS, grid_for, parse_label

DEFAULT_COLUMNS = 15
DEFAULT_ROWS = 11
# The range of every number a content file gives (docs/content-format.md, "Limits"): wide
# enough for any real card, narrow enough that no accepted file makes a game that cannot end
# or that rolls millions of dice.
LIMITS: dict[str, tuple[int, int]] = {
    "columns": (1, 26), "rows": (1, 30),  # a killzone side
    "turning_points": (1, 10), "vp_at_least": (1, 50),  # a mission
    "action_ap": (1, 4),  # a mission action's AP cost
    "count": (1, 20), "operatives": (1, 20),  # per composition entry / per fireteam
    "most": (1, 6),  # operatives a fireteam option (the Pathfinders' drones) allows
    "apl": (1, 4), "move": (0, 12), "defence": (0, 6), "save": (2, 6), "wounds": (1, 50),
    "ap": (1, 4), "range": (1, 30), "attacks": (1, 20), "hit": (2, 6), "damage": (0, 30),
    "vp": (0, 20),  # a target of opportunity
}
# numbers inside effects, by their key; every other number of an effect is within +-100
EFFECT_LIMITS: dict[str, tuple[int, int]] = {
    "add": (-6, 6), "attacks": (-10, 10), "hit": (-5, 5), "normal": (-10, 10),
    "crit": (-10, 10), "defence": (-6, 6), "save": (-5, 5), "reduce_damage": (1, 10),
    "heal": (1, 50), "damage": (1, 50), "score": (0, 20), "max": (1, 50),
}
EFFECT_NUMBER_LIMIT = 100
# outcomes that need the objective a mission action chooses (or carries)
OBJECTIVE_OUTCOMES = ("set_flag", "set_player_flag", "pick_up", "remove_objective")
ABSENT: Any = object()  # a key not written (its absence is reported once, by Reader.mapping)
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def hex_problem(label: object, columns: int = DEFAULT_COLUMNS,
                rows: int = DEFAULT_ROWS) -> str | None:
    """Why ``label`` is not a hex of a ``columns`` x ``rows`` board, or None if it is one.

    The engine's :mod:`game.engine.hexgrid` decides (its :func:`~game.engine.hexgrid.
    parse_label` and :meth:`Grid.is_on_board`), so content accepts exactly the labels a game
    does: an upper-case column letter and a row number from 1 without leading zeros, and
    lower-set columns (B, D, ...) have ``rows - 1`` hexes."""
    if not isinstance(label, str):
        return f"expected a hex label such as D6, got {describe(label)}"
    shown = f"'{label}'" if len(label) <= 20 else "this long text"
    try:
        column, _ = parse_label(label)
        grid = grid_for(columns, rows, (), ())
    except ValueError:
        return (f"{shown} is not a hex label (a capital column letter and a row number from 1 "
                "without leading zeros, such as D6)")
    if grid.is_on_board(label):
        return None
    if column >= columns:
        return f"hex {shown} is off the board: columns run A to {LETTERS[columns - 1]}"
    length = sum(1 for h in grid.hexes if parse_label(h)[0] == column)
    return f"hex {shown} is off the board: column {LETTERS[column]} has rows 1 to {length}"


def is_hex_on_board(label: object, columns: int = DEFAULT_COLUMNS,
                    rows: int = DEFAULT_ROWS) -> bool:
    """Whether ``label`` is a hex of a ``columns`` x ``rows`` board, as the engine says."""
    return hex_problem(label, columns, rows) is None


def describe(value: object) -> str:
    """A value as a message shows it: its kind and, when short, itself."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"the boolean {'true' if value else 'false'}"
    if isinstance(value, int):
        return f"the integer {value}"
    if isinstance(value, float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"the text '{value}'" if len(value) <= 40 else "a long text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"


_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")


def _absent_is_none(method: _F) -> _F:
    """A getter given ABSENT (a key not written) returns None without a second report."""

    @functools.wraps(method)
    def wrapper(self: Reader, path: KeyPath, value: Any, *args: Any, **kwargs: Any) -> Any:
        if value is ABSENT:
            return None
        return method(self, path, value, *args, **kwargs)

    return cast(_F, wrapper)


@dataclass(frozen=True)
class Board:
    columns: int = DEFAULT_COLUMNS
    rows: int = DEFAULT_ROWS


@dataclass(frozen=True)
class Context:
    """What references in rules may name: None means "not known here, do not check".

    ``holder`` says what holds the rules, for messages ("a datacard ability"); ``target_ok``
    allows ``who: target`` (wargear, ploys with ``target: operative``, rewards) and ``use_ok``
    the event ``use`` (wargear only)."""

    weapons: Collection[str] | None = None
    objectives: Collection[str] | None = None
    board: Board = field(default_factory=Board)
    holder: str = "this card"
    target_ok: bool = False
    use_ok: bool = False


def _bounds(path: KeyPath, spec: V.IntSpec) -> tuple[int, int]:
    """The range a number of the effects vocabulary must lie in: the limit its key has
    (:data:`EFFECT_LIMITS`) narrowed by its spec's own bounds."""
    key = next((k for k in reversed(path) if isinstance(k, str)), "")
    low, high = EFFECT_LIMITS.get(key, (-EFFECT_NUMBER_LIMIT, EFFECT_NUMBER_LIMIT))
    if spec.minimum is not None:
        low = max(low, spec.minimum)
    if spec.maximum is not None:
        high = min(high, spec.maximum)
    return low, high


class Reader:
    """Checked access to one file's data; issues go to the shared ``issues`` list."""

    def __init__(self, doc: Located, issues: list[ContentIssue], *, strict_ids: bool = True):
        self.doc = doc
        self.issues = issues
        self.strict_ids = strict_ids

    # --- reporting ---------------------------------------------------------------------

    def error(self, path: KeyPath, message: str, *, at_key: bool = False) -> None:
        line, column = self.doc.position(*path[len(self.doc.path):], key=at_key)
        self.issues.append(ContentIssue(self.doc.file, line, column,
                                        format_path(path, self._root()), message))

    def _root(self) -> Any:
        # format_path walks from the top of the file; our doc may be a view into it
        if not self.doc.path:
            return self.doc.data
        root: Any = {}
        node = root
        for key in self.doc.path[:-1]:
            node[key] = {}
            node = node[key]
        if self.doc.path:
            node[self.doc.path[-1]] = self.doc.data
        return root

    def mark(self) -> int:
        """A bookmark: :meth:`clean_since` tells whether an issue was added after it."""
        return len(self.issues)

    def clean_since(self, mark: int) -> bool:
        return len(self.issues) == mark

    # --- shapes ------------------------------------------------------------------------

    @_absent_is_none
    def mapping(self, path: KeyPath, value: Any, required: Iterable[str] = (),
                optional: Iterable[str] = ()) -> dict[Any, Any] | None:
        """``value`` as a mapping with only these keys: reports unknown keys (with the near
        miss) and missing required keys."""
        if not isinstance(value, dict):
            self.error(path, f"expected a mapping, got {describe(value)}")
            return None
        required = tuple(required)
        allowed = required + tuple(optional)
        misspelt: set[str] = set()
        for key in value:
            if key not in allowed:
                misspelt.update(difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6))
                self.error(path + (key,), f"unknown key '{key}'{suggestion(key, allowed)}",
                           at_key=True)
        for key in required:
            if key not in value and key not in misspelt:  # the unknown key already says it
                self.error(path, f"missing key '{key}'")
        return value

    def all_of(self, path: KeyPath, value: Any,
               read: Callable[[KeyPath, Any], _T | None]) -> tuple[_T, ...] | None:
        """A list whose every item ``read`` takes (``read(item_path, item)``), or None when
        it is not a list or any item was refused (each refusal reported)."""
        entries = self.items(path, value)
        if entries is None:
            return None
        mark = self.mark()
        found = [read(path + (i,), v) for i, v in enumerate(entries)]
        if not self.clean_since(mark):
            return None
        return tuple(item for item in found if item is not None)

    def expect(self, path: KeyPath, value: Any, holds: bool, expected: str) -> bool:
        """Whether ``holds``; when it does not, reports that ``expected`` was expected."""
        if not holds:
            self.error(path, f"expected {expected}, got {describe(value)}")
        return holds

    @_absent_is_none
    def items(self, path: KeyPath, value: Any) -> list[Any] | None:
        return value if self.expect(path, value, isinstance(value, list), "a list") else None

    def id_name_text(self, path: KeyPath,
                     m: dict[Any, Any]) -> tuple[str | None, str | None, str | None]:
        """A card's ``id``, ``name`` and ``text``, read in that order (None where one is
        missing or wrong: reported)."""
        return (self.ident(path + ("id",), m.get("id", ABSENT)),
                self.text(path + ("name",), m.get("name", ABSENT)),
                self.text(path + ("text",), m.get("text", ABSENT)))

    def listed(self, key: str) -> list[tuple[KeyPath, Any]]:
        """The items of a file that holds one list under ``key`` (``targets:``), each with
        its path; none when the file is not that (reported)."""
        top = self.doc.path
        m = self.mapping(top, self.doc.data, (key,))
        if m is None:
            return []
        return [(top + (key, i), raw)
                for i, raw in enumerate(self.items(top + (key,), m.get(key, ABSENT)) or [])]

    # --- scalars -----------------------------------------------------------------------

    @_absent_is_none
    def integer(self, path: KeyPath, value: Any, minimum: int | None = None,
                maximum: int | None = None) -> int | None:
        if not self.expect(path, value, isinstance(value, int) and not isinstance(value, bool),
                           "an integer"):
            return None
        name = path[-1] if path and isinstance(path[-1], str) else "the value"
        if minimum is not None and maximum is not None and not minimum <= value <= maximum:
            self.error(path, f"{name} must be between {minimum} and {maximum}, got {value}")
            return None
        if minimum is not None and value < minimum:
            self.error(path, f"{name} must be at least {minimum}, got {value}")
            return None
        if maximum is not None and value > maximum:
            self.error(path, f"{name} must be at most {maximum}, got {value}")
            return None
        return value

    def limited(self, path: KeyPath, value: Any, what: str) -> int | None:
        """An integer within ``LIMITS[what]``."""
        return self.integer(path, value, *LIMITS[what])

    @_absent_is_none
    def boolean(self, path: KeyPath, value: Any) -> bool | None:
        return value if self.expect(path, value, isinstance(value, bool), "true or false") \
            else None

    @_absent_is_none
    def text(self, path: KeyPath, value: Any) -> str | None:
        return value if self.expect(path, value, isinstance(value, str), "text") else None

    @_absent_is_none
    def ident(self, path: KeyPath, value: Any) -> str | None:
        """An id: snake_case text (any non-empty text when ids are not strict)."""
        if not self.expect(path, value, isinstance(value, str) and bool(value), "an id"):
            return None
        if self.strict_ids and not _ID.match(value):
            self.error(path, f"id '{value}' must be snake_case (a-z, 0-9 and _)")
            return None
        return value

    @_absent_is_none
    def choice(self, path: KeyPath, value: Any, choices: Iterable[str],
               what: str = "value") -> str | None:
        """One word of a closed set; reports the near miss."""
        choices = tuple(choices)
        if not isinstance(value, str):
            shown = ", ".join(repr(c) for c in choices)
            self.error(path, f"expected one of {shown}, got {describe(value)}")
            return None
        if value not in choices:
            shown = ", ".join(repr(c) for c in choices)
            hint = suggestion(value, choices) or f" (one of {shown})"
            self.error(path, f"unknown {what} '{value}'{hint}")
            return None
        return value

    @_absent_is_none
    def reference(self, path: KeyPath, value: Any, known: Collection[str] | None,
                  what: str) -> str | None:
        """The id of something defined elsewhere; ``known=None`` skips the lookup."""
        if not isinstance(value, str) or not value:
            self.error(path, f"expected a {what} id, got {describe(value)}")
            return None
        if known is not None and value not in known:
            self.error(path, f"unknown {what} '{value}'{suggestion(value, sorted(known))}")
            return None
        return value

    @_absent_is_none
    def hex(self, path: KeyPath, value: Any, board: Board) -> str | None:
        problem = hex_problem(value, board.columns, board.rows)
        if problem is not None:
            self.error(path, problem)
            return None
        assert isinstance(value, str)
        return value

    @_absent_is_none
    def hexes(self, path: KeyPath, value: Any, board: Board) -> tuple[str, ...] | None:
        return self.all_of(path, value, lambda p, v: self.hex(p, v, board))

    @_absent_is_none
    def words(self, path: KeyPath, value: Any) -> tuple[str, ...] | None:
        return self.all_of(path, value, self.text)

    # --- the effects vocabulary --------------------------------------------------------

    @_absent_is_none
    def value(self, path: KeyPath, value: Any, spec: V.ValueSpec, ctx: Context) -> Any:
        """Check ``value`` against a vocabulary spec; returns it (plain data) or None."""
        if isinstance(spec, V.IntSpec):
            return self.integer(path, value, *_bounds(path, spec))
        if isinstance(spec, V.BoolSpec):
            return self.boolean(path, value)
        if isinstance(spec, V.StrSpec):
            return self.text(path, value)
        if isinstance(spec, V.EnumSpec):
            return self.choice(path, value, spec.choices, _what(path))
        if isinstance(spec, V.HexSpec):
            return self.hex(path, value, ctx.board)
        if isinstance(spec, V.RefSpec):
            return self._reference(path, value, spec.ref, ctx)
        if isinstance(spec, V.ListSpec):
            entries = self.items(path, value)
            if entries is None:
                return None
            return [self.value(path + (i,), v, spec.item, ctx) for i, v in enumerate(entries)]
        if isinstance(spec, V.MapSpec):
            mapping = self.mapping(path, value, spec.required,
                                   [k for k in spec.keys if k not in spec.required])
            if mapping is None:
                return None
            return {k: self.value(path + (k,), v, spec.keys[k], ctx)
                    for k, v in mapping.items() if k in spec.keys}
        if isinstance(spec, V.ConditionListSpec):
            entries = self.items(path, value)
            if entries is None:
                return None
            return [self.condition(path + (i,), v, spec.allowed, ctx)
                    for i, v in enumerate(entries)]
        if isinstance(spec, V.OutcomeListSpec):
            entries = self.items(path, value)
            if entries is None:
                return None
            return [self.outcome(path + (i,), v, ctx) for i, v in enumerate(entries)]
        raise TypeError(f"unknown spec {spec!r}")

    def _reference(self, path: KeyPath, value: Any, ref: str, ctx: Context) -> str | None:
        if ref == V.REF_WEAPON:
            return self.reference(path, value, ctx.weapons, "weapon")
        if ref == V.REF_OBJECTIVE:
            return self.reference(path, value, ctx.objectives, "objective")
        if ref == V.REF_PYTHON_EFFECT:
            return self.reference(path, value, V.KNOWN_PYTHON_EFFECTS, "python effect")
        raise ValueError(f"unknown reference kind {ref!r}")

    def condition(self, path: KeyPath, value: Any, allowed: Collection[str],
                  ctx: Context) -> dict[str, Any] | None:
        """A condition: a mapping with exactly one key, a word of ``allowed``."""
        if not isinstance(value, dict):
            self.error(path, f"expected a condition such as {{in_cover: true}}, "
                             f"got {describe(value)}")
            return None
        if len(value) != 1:
            self.error(path, f"a condition has exactly one key, got {len(value)}; "
                             f"write each condition as its own list item")
            return None
        ((key, raw),) = value.items()
        if key not in allowed:
            if key in V.ATTACK_CONDITIONS:
                message = f"'{key}' is an attack condition: only an attack effect's 'if' has it"
            else:
                message = f"unknown condition '{key}'{suggestion(key, allowed)}"
            self.error(path + (key,), message, at_key=True)
            return None
        checked = self.value(path + (key,), raw, V.CONDITIONS[key], ctx)
        return None if checked is None else {key: checked}

    def outcome(self, path: KeyPath, value: Any, ctx: Context) -> dict[str, Any] | None:
        """An outcome: a mapping with one head key of :data:`vocabulary.OUTCOMES`."""
        if not isinstance(value, dict):
            self.error(path, f"expected an outcome such as {{heal: 2}}, got {describe(value)}")
            return None
        heads = [k for k in value if k in V.OUTCOMES]
        if len(heads) > 1:
            self.error(path, f"an outcome has one of {', '.join(V.OUTCOMES)}; "
                             f"got {', '.join(map(str, heads))}")
            return None
        if not heads:
            first = next(iter(value), None)
            if first is None:
                self.error(path, f"empty outcome: expected one of {', '.join(V.OUTCOMES)}")
            else:
                self.error(path + (first,),
                           f"unknown outcome '{first}'{suggestion(first, V.OUTCOMES)}",
                           at_key=True)
            return None
        checked = self.value(path, value, V.OUTCOMES[heads[0]], ctx)
        return checked if isinstance(checked, dict) else None

    def effect(self, path: KeyPath, value: Any, ctx: Context) -> Effect | None:
        """One rule: ``{kind: stat|attack|trigger|python, ...}``."""
        if not isinstance(value, dict):
            self.error(path, f"expected an effect such as {{kind: stat, ...}}, "
                             f"got {describe(value)}")
            return None
        if "kind" not in value:
            self.error(path, f"missing key 'kind' (one of {', '.join(V.EFFECT_KINDS)})")
            return None
        kind = self.choice(path + ("kind",), value["kind"], V.EFFECT_KINDS, "effect kind")
        if kind is None:
            return None
        schema = V.EFFECT_SCHEMAS[kind]
        mark = self.mark()
        params_in = {k: v for k, v in value.items() if k not in V.EFFECT_COMMON_KEYS}
        if params_in.get("who") == V.WHO_TARGET and not ctx.target_ok:
            self.error(path + ("who",), f"'who: target' is not allowed in {ctx.holder}: only "
                       "special issue wargear, a ploy with 'target: operative' and a special "
                       "operation's reward name an operative")
        if kind == V.TRIGGER and params_in.get("on") == V.USE and not ctx.use_ok:
            self.error(path + ("on",), f"the event 'use' is not allowed in {ctx.holder}: it "
                       "fires when a special issue wargear card is used")
        text = self.text(path + ("text",), value["text"]) if "text" in value else ""
        checked = self.value(path, params_in, schema, ctx)
        if kind == V.TRIGGER and isinstance(checked, dict):
            self._no_objective_outcomes(path, checked.get("do"))
        if not self.clean_since(mark) or not isinstance(checked, dict):
            return None
        return Effect(kind, checked, text or "")

    def _no_objective_outcomes(self, path: KeyPath, outcomes: Any) -> None:
        """Report each outcome of a trigger that acts on a chosen or carried objective: a
        trigger has neither (only a mission action chooses an objective)."""
        for i, outcome in enumerate(outcomes if isinstance(outcomes, list) else ()):
            head = V.outcome_name(outcome) if isinstance(outcome, dict) else None
            if head in OBJECTIVE_OUTCOMES:
                self.error(path + ("do", i), f"'{head}' acts on the objective a mission "
                                             "action chooses: only a mission action's "
                                             "effects may use it")

    @_absent_is_none
    def effects(self, path: KeyPath, value: Any, ctx: Context) -> tuple[Effect, ...] | None:
        return self.all_of(path, value, lambda p, v: self.effect(p, v, ctx))


_WHAT = {
    "on": "event", "who": "who value", "role": "role", "stat": "characteristic",
    "reroll_hits": "re-roll", "reroll_defence": "re-roll", "control": "control value",
    "in_territory": "territory", "flag": "objective flag", "not_flag": "objective flag",
    "set_flag": "objective flag", "clear_flag": "objective flag", "per": "score 'per'",
    "rule": "weapon rule", "for": "score 'for' value", "side": "objective side",
    "player_flag": "objective flag", "not_player_flag": "objective flag",
    "set_player_flag": "objective flag",
}


def _what(path: KeyPath) -> str:
    """The thing a closed-word value names, for messages."""
    for key in reversed(path):
        if isinstance(key, str):
            return _WHAT.get(key, key.replace("_", " "))
    return "value"


# --- one load ---------------------------------------------------------------------------


@dataclass
class Run:
    """State shared by the parsers of one load: issues, ids seen, references to resolve."""

    issues: list[ContentIssue] = field(default_factory=list)
    seen: dict[str, dict[str, str]] = field(default_factory=dict)  # kind -> id -> where
    datacards: dict[str, Datacard] = field(default_factory=dict)
    fireteams: dict[str, Fireteam] = field(default_factory=dict)
    killzones: dict[str, KillzoneSide] = field(default_factory=dict)
    missions: dict[str, Mission] = field(default_factory=dict)
    targets: dict[str, TargetOfOpportunity] = field(default_factory=dict)
    wargear: dict[str, Wargear] = field(default_factory=dict)
    special_operations: dict[str, SpecialOperation] = field(default_factory=dict)
    card_refs: list[tuple[Reader, KeyPath, str]] = field(default_factory=list)
    declared_cards: set[str] = field(default_factory=set)  # written, even if not valid
    declared_weapons: set[str] = field(default_factory=set)  # written, even if not valid
    # fireteam id (written, even if not valid) -> the datacard ids its composition names
    team_cards: dict[str, set[str]] = field(default_factory=dict)
    # (fireteam, stage) -> the special operation first given for it, as "'id' (file:line)"
    operation_stages: dict[tuple[str, str], str] = field(default_factory=dict)

    def register(self, r: Reader, path: KeyPath, kind: str, ident: str) -> bool:
        """Note ``ident`` as defined here; False (and an issue) if its kind already has it."""
        table = self.seen.setdefault(kind, {})
        if ident in table:
            r.error(path, f"duplicate {kind} id '{ident}' (first defined at {table[ident]})")
            return False
        line, _ = r.doc.position(*path[len(r.doc.path):])
        table[ident] = f"{r.doc.file}:{line}"
        return True

    def weapon_ids(self) -> set[str]:
        """Every weapon id written on a datacard (valid or not, so that a broken card does
        not make each rule naming its weapons a second issue)."""
        return {w.id for card in self.datacards.values() for w in card.weapons} \
            | self.declared_weapons
