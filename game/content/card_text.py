"""Card texts against their rule data: every number a card's words state must be the number
its rules hold.

A *card* is any mapping in a content file with a ``text``: a mission, a mission action, a
ploy, an ability, a wargear card, a target of opportunity, a special operation and its reward.
Its *rule data* is everything else in that mapping (nested entries included). Each phrase of
:data:`CLAIMS` reads one number from the text ("at most 3 VP", "within 2 hexes", "+1 APL",
"4+ becomes 3+") and names the rule keys that must hold it (``max``, ``distance``, the stat
``apl``, ``save``/``hit``); a number with no phrase that reads it is an issue too, so a new
card cannot state a number nothing checks. Hex labels in a text must appear in its data.

:func:`text_issues` returns one :class:`ContentIssue` per disagreement, naming the file, the
line of the text and both values (and the line of the rule value). ``python -m game.content
check`` runs it on every file it loads.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.content.rulesets import packs
from game.content.yamlio import ContentError, ContentIssue, KeyPath, Located, load_yaml
from game.engine.effects import PYTHON_EFFECTS

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
         "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6}
_NUMBER = r"(\d+|one|two|three|four|five|six|first|second|third|fourth|fifth|sixth)"
HEX_LABEL = re.compile(r"\b[A-O](?:1[01]|[1-9])\b")


def _number(word: str) -> int:
    return int(word) if word.lstrip("+").isdigit() else WORDS[word.lower()]


@dataclass(frozen=True)
class Claim:
    """A phrase stating one number, the rule keys that must hold it, and how the stated
    number becomes the stored one (``sign``: -1 when "one fewer" is stored as ``-1``)."""

    pattern: re.Pattern[str]
    keys: tuple[str, ...]
    value: Callable[[re.Match[str]], int]
    ordered: bool = False  # the n-th such phrase states the n-th value of a list

    def describe(self) -> str:
        return " or ".join(self.keys)


def _claim(pattern: str, *keys: str, sign: int = 1, ordered: bool = False) -> Claim:
    return Claim(re.compile(pattern, re.IGNORECASE), keys,
                 lambda m: sign * _number(m.group(1)), ordered)


def _becomes(m: re.Match[str]) -> int:
    return int(m.group(2)) - int(m.group(1))


# Checked in this order; a later phrase never reads a number an earlier one read.
CLAIMS: tuple[Claim, ...] = (
    _claim(r"at most (\d+) VP", "max"),
    _claim(r"reach (\d+) VP", "vp_at_least"),
    _claim(r"(\d+) VP", "score", "vp"),
    # each mission pack's phrases, for the numbers its declaration gives (game.content.rulesets)
    *(_claim(pattern, key) for pack in packs() for pattern, key in pack.claims),
    _claim(r"place " + _NUMBER + r" (?:objective markers|supply crates)", "placed_objectives"),
    # the Pathfinders' words: a scout move and its clearance, a drone's reach
    _claim(r"up to (\d+) hexes beyond", "distance"),
    _claim(r"never within (\d+) hexes", "clear"),
    _claim(r"within (\d+) hex(?:es)? of this", "near_bearer"),
    _claim(r"from (\d+)\+ hexes away", "distance_at_least"),
    _claim(r"within (\d+) hex", "distance", "distance_at_most"),
    _claim(r"(\d+) or more hexes", "distance_at_least", "min_distance"),
    _claim(r"further than (\d+)", "by_turning_point", ordered=True),
    _claim(r"suffers? (\d+) damage", "damage"),
    _claim(r"(\d+) more damage", "normal", "crit"),
    _claim(r"(\d+) less damage", "reduce_damage"),
    _claim(r"([+]\d+) Range", "range:add"),
    _claim(r"([+]\d+) Move", "stat:move"),
    _claim(r"-(\d+) Move", "stat:move", sign=-1),
    _claim(r"([+]\d+) APL", "stat:apl"),
    _claim(r"-(\d+) APL", "stat:apl", sign=-1),
    _claim(r"([+]\d+) Defence di(?:e|ce)", "defence"),
    _claim(r"-(\d+) Defence di(?:e|ce)", "defence", sign=-1),
    _claim(r"([+]\d+) Defence", "stat:defence"),
    _claim(r"-(\d+) Defence", "stat:defence", sign=-1),
    _claim(r"Save by (\d+)", "stat:save", sign=-1),
    Claim(re.compile(r"(\d)\+ becomes (\d)\+"), ("stat:save", "hit"), _becomes),
    _claim(r"critical hits on (?:a )?(\d)(?:\+| or 6)", "crit_on"),
    _claim(r"on a (\d) or 6", "success_on"),
    _claim(r"Wounds minus (\d+)", "wounds_minus"),
    _claim(r"up to (\d+) wound counters", "heal"),
    _claim(r"(\d+) or fewer wounds", "wounds_at_most"),
    _claim(r"dice that show a (\d)", "reroll_ones"),
    _claim(r"(\d+) ?AP\b", "ap"),
    _claim(r"(\d+) or more critical hits", "crits_at_least"),
    _claim(r"at least (\d+) objectives?", "control_at_least"),
    _claim(r"at least (\d+) of your operatives", "in_enemy_territory"),
    _claim(r"at least " + _NUMBER + r" of the", "min_controlled"),
    _claim(r"after (?:the )?" + _NUMBER + r" turning points?", "turning_points"),
    _claim(r"lasts " + _NUMBER + r" turning points", "turning_points"),
    _claim(_NUMBER + r" extra attack di(?:e|ce)", "attacks"),
    _claim(_NUMBER + r" fewer attack di(?:e|ce)", "attacks", sign=-1),
    _claim(_NUMBER + r" fewer defence di(?:e|ce)", "defence", sign=-1),
)

# Numbers a text may state that are rules of the game itself, not of the card: the melee
# range, the damage floor, the die, the board's rows.
FIXED = re.compile(r"Range 1 weapon|never less than 1|\b(?:one|a) D6\b|\brows \d+-\d+",
                   re.IGNORECASE)
# a number in a text: digits that do not continue a word (not the 6 of hex D6, nor XV25)
NUMBER = re.compile(r"(?<![A-Za-z\d])\d+")


@dataclass(frozen=True)
class Value:
    """One number in a card's rule data, with where it was written."""

    key: str
    value: int
    path: KeyPath


def rule_values(data: Any, path: KeyPath = ()) -> Iterator[Value]:
    """Every integer in ``data`` under its key; a ``{stat: s, add: n}`` mapping also gives
    ``stat:s`` = n, a ``range`` rule's ``add`` gives ``range:add``, a re-roll of ``ones``
    gives ``reroll_ones`` = 1, a ``python`` rule the numbers its code declares
    (``NUMBERS``)."""
    if isinstance(data, dict):
        if isinstance(data.get("stat"), str) and isinstance(data.get("add"), int):
            yield Value(f"stat:{data['stat']}", data["add"], path + ("add",))
        if data.get("kind") == "range" and isinstance(data.get("add"), int):
            yield Value("range:add", data["add"], path + ("add",))
        for pack in packs():  # a mission pack's rules: the numbers its pack declares
            if isinstance(data.get(pack.key), dict):
                for key, number, at in pack.numbers(data[pack.key], path + (pack.key,)):
                    yield Value(key, number, at)
        if data.get("kind") == "python" and data.get("id") in PYTHON_EFFECTS:
            numbers: dict[str, int] = getattr(PYTHON_EFFECTS[data["id"]], "NUMBERS", {})
            for key, number in numbers.items():
                yield Value(key, number, path + ("id",))
        for key, value in data.items():
            if key in ("text", "name"):
                continue
            if str(key).startswith("reroll_") and value == "ones":
                # "re-rolls any of its dice that show a 1"
                yield Value("reroll_ones", 1, path + (key,))
            if isinstance(value, int) and not isinstance(value, bool):
                yield Value(str(key), value, path + (key,))
            elif isinstance(value, list) and all(isinstance(v, int) for v in value):
                for i, v in enumerate(value):
                    yield Value(str(key), v, path + (key, i))
            else:
                yield from rule_values(value, path + (key,))
    elif isinstance(data, list):
        for i, item in enumerate(data):
            yield from rule_values(item, path + (i,))


def _strings(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key not in ("text", "name"):
                yield str(key)
                yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)
    elif isinstance(data, str):
        yield data


def cards(doc: Located) -> Iterator[tuple[KeyPath, dict[str, Any]]]:
    """Every mapping with a ``text`` in a file, with its key path."""
    def walk(data: Any, path: KeyPath) -> Iterator[tuple[KeyPath, dict[str, Any]]]:
        if isinstance(data, dict):
            if isinstance(data.get("text"), str):
                yield path, data
            for key, value in data.items():
                yield from walk(value, path + (key,))
        elif isinstance(data, list):
            for i, item in enumerate(data):
                yield from walk(item, path + (i,))
    yield from walk(doc.data, ())


def _label(card: dict[str, Any], path: KeyPath) -> str:
    name = card.get("name") or card.get("id")
    return f"{name}'s text" if isinstance(name, str) else "the text"


def _key_path(path: KeyPath) -> str:
    return ".".join(str(p) for p in path)


def _phrase_position(source: list[str], first: int, phrase: str) -> tuple[int, int] | None:
    """The line and column (1-based) of ``source`` at which ``phrase`` starts, looking from
    line ``first`` on (a folded text runs over several lines); None when it is not found."""
    words = phrase.split()
    if not source or not words or first < 1:
        return None
    pattern = re.compile(r"\s+".join(re.escape(w) for w in words))
    block = "\n".join(source[first - 1:first + 40])
    found = pattern.search(block)
    if found is None:
        return None
    start = found.start()
    return first + block.count("\n", 0, start), start - (block.rfind("\n", 0, start) + 1) + 1


def card_issues(doc: Located, path: KeyPath, card: dict[str, Any],
                source: Sequence[str] = ()) -> list[ContentIssue]:
    """The disagreements between one card's text and its rule data (``source``: the file's
    lines, to name the line a phrase of a many-line text is on)."""
    text: str = card["text"]
    values = list(rule_values(card, path))
    issues: list[ContentIssue] = []
    line, column = doc.position(*path, "text")
    where = _key_path(path + ("text",))
    label = _label(card, path)

    def issue(message: str, phrase: str = "") -> None:
        at = _phrase_position(list(source), line, phrase) if phrase else None
        issues.append(ContentIssue(doc.file, *(at or (line, column)), where, message))

    read = [False] * len(text)
    for span in FIXED.finditer(text):
        read[span.start():span.end()] = [True] * (span.end() - span.start())
    for claim in CLAIMS:
        every = [v for v in values if v.key in claim.keys]
        for n, match in enumerate(claim.pattern.finditer(text)):
            if any(read[match.start(1):match.end(1)]):
                continue
            read[match.start():match.end()] = [True] * (match.end() - match.start())
            stated = claim.value(match)
            phrase = match.group(0)
            held = every[n:n + 1] if claim.ordered else every
            if any(v.value == stated for v in held):
                continue
            if not held:
                issue(f"{label} says '{phrase}' ({stated}) but its rule data has no "
                      f"{claim.describe()}", phrase)
                continue
            shown = ", ".join(f"{v.key.removeprefix('stat:')}: {v.value} (line "
                              f"{doc.line(*v.path)})" for v in held)
            issue(f"{label} says '{phrase}' ({stated}) but its rule data says {shown}", phrase)
    for number in NUMBER.finditer(text):
        start = number.start()
        if read[start]:
            continue
        issue(f"{label} states the number {number.group(0)} in words 'game.content check' "
              f"cannot tie to its rule data ('...{text[max(0, start - 20):start + 20]}...')")
    known = set(_strings(card))
    for label_match in HEX_LABEL.finditer(text):
        if label_match.group(0) not in known and not read[label_match.start()]:
            issue(f"{label} names the hex {label_match.group(0)}, which its rule data does "
                  "not hold")
    return issues


def text_issues(paths: Sequence[str | Path]) -> list[ContentIssue]:
    """Every disagreement between a card's text and its rule data in these files (files that
    cannot be read are left to the loader's own issues)."""
    issues: list[ContentIssue] = []
    for path in paths:
        try:
            doc = load_yaml(path)
        except ContentError:
            continue
        source = Path(path).read_text(encoding="utf-8").splitlines()
        for card_path, card in cards(doc):
            issues.extend(card_issues(doc, card_path, card, source))
    return issues
