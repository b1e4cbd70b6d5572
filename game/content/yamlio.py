"""YAML reading that keeps where every value came from, and the errors that point there.

PyYAML's safe loader composes the node tree (the C parser when available); we turn it into
plain Python values plus a table of positions by *key path* (a tuple of mapping keys and list
indices, e.g. ``("datacards", 0, "weapons", 1, "hit")``). Two departures from YAML 1.1 make
content safer to write: only ``true``/``false`` are booleans (so ``on:`` stays the word "on"),
and a mapping that repeats a key is an error instead of silently keeping the last value.
"""

from __future__ import annotations

import difflib
import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

Key = str | int
KeyPath = tuple[Any, ...]  # mapping keys (usually str, int for e.g. territories) and indices
Position = tuple[int, int]  # 1-based line and column

_BOOL_TAG = "tag:yaml.org,2002:bool"
_FAILED: Any = object()  # a scalar that could not be read (already reported)
_MERGE_TAG = "tag:yaml.org,2002:merge"

# libyaml's safe loader where PyYAML was built with it (the same documents, several times
# quicker), else the pure Python one
SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_Base: Any = SAFE_LOADER

# Bounds on what one file may hold, so that no file can hang or exhaust the loader: a YAML
# alias is expanded every time it is used, so ten lines can stand for billions of values.
MAX_FILE_BYTES = 2_000_000  # the largest shipped file is about 10 kB
MAX_VALUES = 50_000  # values (scalars, lists, mappings) after expanding aliases
MAX_DEPTH = 50  # lists and mappings nested inside each other


class ContentLoader(_Base):  # type: ignore[misc]
    """The safe loader, with YAML 1.2 booleans (``yes``/``no``/``on``/``off`` stay words)."""


ContentLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers if tag != _BOOL_TAG]
    for first, resolvers in _Base.yaml_implicit_resolvers.items()
}
_BOOL_WORDS = ("true", "True", "TRUE", "false", "False", "FALSE")
ContentLoader.add_implicit_resolver(
    _BOOL_TAG, re.compile(f"^(?:{'|'.join(_BOOL_WORDS)})$"), list("tTfF"))


# --- issues --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ContentIssue:
    """One problem in one content file. ``line``/``column`` are 1-based; 0 when unknown."""

    file: str
    line: int
    column: int
    key_path: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.key_path}: {self.message}" if self.key_path \
            else f"{where}: {self.message}"


class ContentError(ValueError):
    """Every problem found in a run, reported together; ``str`` gives one line per issue."""

    def __init__(self, issues: Sequence[ContentIssue]) -> None:
        self.issues: list[ContentIssue] = list(issues)
        super().__init__("\n".join(str(issue) for issue in self.issues))


def suggestion(word: object, choices: Iterable[object]) -> str:
    """`` — did you mean 'x'?`` for the nearest of ``choices``, or "" when none is near."""
    names = [str(c) for c in choices]
    close = difflib.get_close_matches(str(word), names, n=1, cutoff=0.6)
    return f" — did you mean '{close[0]}'?" if close else ""


def display_file(path: str | Path) -> str:
    """A path as shown in messages: relative to the working folder when it lies inside."""
    text = os.fspath(path)
    try:
        absolute = os.path.abspath(text)
        relative = os.path.relpath(absolute)
    except ValueError:  # another drive on Windows
        return text
    return text if relative.startswith("..") else relative


# --- located data --------------------------------------------------------------------------


@dataclass(frozen=True)
class Located:
    """Plain data read from a YAML file, with the position of every value and mapping key.

    ``data`` is the value at ``path`` inside the file; :meth:`at` steps further in, and
    :meth:`position`/:meth:`line` find where a (relative) key path was written: the nearest
    enclosing value when the path itself is absent (a missing key points at its mapping).
    """

    file: str
    data: Any
    marks: Mapping[KeyPath, Position] = field(repr=False)
    key_marks: Mapping[KeyPath, Position] = field(repr=False)
    path: KeyPath = ()

    def at(self, *keys: Any) -> Located:
        """The value under ``keys``; raises KeyError/IndexError/TypeError when it is absent."""
        data = self.data
        for key in keys:
            data = data[key]
        return Located(self.file, data, self.marks, self.key_marks, self.path + tuple(keys))

    def position(self, *keys: Any, key: bool = False) -> Position:
        """Where ``keys`` (relative to this value) was written; ``key=True`` prefers the
        position of the mapping key rather than of its value."""
        full = self.path + tuple(keys)
        if key and full in self.key_marks:
            return self.key_marks[full]
        while full not in self.marks and full:
            full = full[:-1]
        return self.marks.get(full, (0, 0))

    def line(self, *keys: Any) -> int:
        return self.position(*keys)[0]

    def lines(self) -> dict[KeyPath, int]:
        """Every key path (relative to this value) with the line its value starts on."""
        n = len(self.path)
        return {p[n:]: pos[0] for p, pos in self.marks.items() if p[:n] == self.path}


def _position(node: Node) -> Position:
    return node.start_mark.line + 1, node.start_mark.column + 1


class _TooBig(Exception):
    """Raised inside :class:`_Converter` when a file expands to more than MAX_VALUES."""

    def __init__(self, node: Node) -> None:
        super().__init__()
        self.node = node


@dataclass
class _Budget:
    """What is left of one file's allowance of values, and the collections being expanded
    (to catch an alias used inside the very node it names)."""

    values: int = MAX_VALUES
    open: set[int] = field(default_factory=set)
    depth: int = 0


class _Converter:
    def __init__(self, file: str, budget: _Budget | None = None) -> None:
        self.file = file
        self.marks: dict[KeyPath, Position] = {}
        self.key_marks: dict[KeyPath, Position] = {}
        self.issues: list[ContentIssue] = []
        self.constructor = yaml.constructor.SafeConstructor()
        self.budget = budget or _Budget()

    def issue(self, pos: Position, path: KeyPath, message: str) -> None:
        self.issues.append(ContentIssue(self.file, pos[0], pos[1], format_path(path), message))

    def convert(self, node: Node, path: KeyPath) -> Any:
        """Plain data for ``node``; records an issue (and gives None) for a value that cannot
        be read. Raises :class:`_TooBig` when the file's allowance of values runs out."""
        self.marks[path] = _position(node)
        budget = self.budget
        budget.values -= 1
        if budget.values < 0:
            raise _TooBig(node)
        if isinstance(node, ScalarNode):
            value = self.scalar(node, path)
            return None if value is _FAILED else value
        if not isinstance(node, (SequenceNode, MappingNode)):
            self.issue(_position(node), path, f"unsupported YAML node {node.tag}")
            return None
        if id(node) in budget.open:
            self.issue(_position(node), path, "an alias used inside the value it names "
                                              "(a value cannot contain itself)")
            return None
        if budget.depth >= MAX_DEPTH:
            self.issue(_position(node), path, f"lists and mappings nested more than "
                                              f"{MAX_DEPTH} deep")
            return None
        budget.open.add(id(node))
        budget.depth += 1
        try:
            if isinstance(node, SequenceNode):
                return [self.convert(item, path + (i,)) for i, item in enumerate(node.value)]
            return self.mapping(node, path)
        finally:
            budget.open.discard(id(node))
            budget.depth -= 1

    def scalar(self, node: ScalarNode, path: KeyPath) -> Any:
        if node.tag == _BOOL_TAG and node.value not in _BOOL_WORDS:
            return node.value  # yes/no/on/off from a node composed by another loader
        try:
            return self.constructor.construct_object(node)
        except yaml.YAMLError as exc:
            self.issue(_position(node), path, f"cannot read value: {_problem(exc)}")
            return _FAILED
        except (ValueError, OverflowError) as exc:
            # an integer of thousands of digits, a date such as 2020-13-45
            first = str(exc).split(";")[0].split("\n")[0]
            self.issue(_position(node), path, f"cannot read value: {first}")
            return _FAILED

    def mapping(self, node: MappingNode, path: KeyPath) -> dict[Any, Any]:
        result: dict[Any, Any] = {}
        merged: list[Node] = []
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG:
                merged.append(value_node)
                continue
            if not isinstance(key_node, ScalarNode):
                self.issue(_position(key_node), path, "a mapping key must be a plain word")
                continue
            key = self.scalar(key_node, path)
            if key is _FAILED:
                continue
            sub = path + (key,)
            if key in result:
                first = self.key_marks[sub]
                self.issue(_position(key_node), sub,
                           f"duplicate key '{key}' (first given on line {first[0]})")
                continue
            self.key_marks[sub] = _position(key_node)
            result[key] = self.convert(value_node, sub)
        for value_node in merged:  # `<<: *anchor`: keys given here win over merged ones
            sources = value_node.value if isinstance(value_node, SequenceNode) else [value_node]
            for source in sources:
                if not isinstance(source, MappingNode):
                    self.issue(_position(source), path, "'<<' must merge a mapping")
                    continue
                inner = _Converter(self.file, self.budget)
                inner.constructor = self.constructor
                for key, value in inner.mapping(source, path).items():
                    result.setdefault(key, value)
                for table, extra in ((self.marks, inner.marks),
                                     (self.key_marks, inner.key_marks)):
                    for sub, pos in extra.items():
                        table.setdefault(sub, pos)
                self.issues.extend(inner.issues)
        return result


def _problem(exc: yaml.YAMLError) -> str:
    if isinstance(exc, yaml.MarkedYAMLError):
        context = exc.context or ""
        if context and exc.context_mark is not None and exc.problem_mark is not None \
                and exc.context_mark.line != exc.problem_mark.line:
            mark = exc.context_mark
            context += f" (line {mark.line + 1}, column {mark.column + 1})"
        parts = [p for p in (context, exc.problem) if p]
        return ", ".join(parts) or str(exc)
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__


def format_path(path: KeyPath, data: Any = None) -> str:
    """``datacards[assault_intercessor].weapons[bolt_rifle].hit``: list items that are
    mappings with an ``id`` are named by it (given the file's ``data``), others by index."""
    out: list[str] = []
    current = data
    for key in path:
        if isinstance(current, list) and isinstance(key, int):
            item = current[key] if 0 <= key < len(current) else None
            # definitions are named by id; effects are not (a python effect's id is a rule's)
            ident = item.get("id") if isinstance(item, dict) and "kind" not in item else None
            out.append(f"[{ident}]" if isinstance(ident, str) and ident else f"[{key}]")
            current = item
        else:
            out.append(f".{key}" if out else str(key))
            current = current.get(key) if isinstance(current, dict) else None
    return "".join(out)


def to_python_with_lines(node: Node, file: str | Path = "") -> tuple[Any, dict[KeyPath, int]]:
    """Plain data for a composed YAML node, and the line of every key path in it.
    Raises :class:`ContentError` when a value cannot be read (duplicate key, unknown tag)."""
    located = locate(node, file)
    return located.data, located.lines()


def locate(node: Node, file: str | Path = "") -> Located:
    """A composed YAML node as :class:`Located` data; raises :class:`ContentError` when a
    value cannot be read (duplicate key, unknown tag)."""
    converter = _Converter(display_file(file) if file else "<yaml>")
    try:
        data = converter.convert(node, ())
    except _TooBig as big:
        line, column = _position(big.node)
        raise ContentError([ContentIssue(
            converter.file, line, column, "", f"the file stands for more than {MAX_VALUES} "
            "values once its aliases are expanded; content this large is refused")]) from None
    if converter.issues:
        raise ContentError(converter.issues)
    return Located(converter.file, data, converter.marks, converter.key_marks)


def compose(text: str, file: str | Path = "") -> Node | None:
    """Compose one YAML document; raises :class:`ContentError` (with line and column) on a
    syntax error. Returns None for an empty document."""
    shown = display_file(file) if file else "<yaml>"
    loader = ContentLoader(text)
    try:
        node: Node | None = loader.get_single_node()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        raise ContentError([ContentIssue(shown, line, column, "",
                                         f"YAML syntax error: {_problem(exc)}")]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        line, column = _offset_position(text, exc.position)
        raise ContentError([ContentIssue(
            shown, line, column, "",
            f"character #x{exc.character:04x} is not allowed in YAML ({exc.reason})")]) from None
    except yaml.YAMLError as exc:
        raise ContentError([ContentIssue(shown, 1, 1, "",
                                         f"YAML error: {_problem(exc)}")]) from None
    except RecursionError:  # the pure-Python composer, on lists nested thousands deep
        raise ContentError([ContentIssue(shown, 1, 1, "", "YAML error: lists and mappings "
                                         "nested too deep")]) from None
    finally:
        loader.dispose()
    return node


def _offset_position(text: str, offset: int) -> Position:
    """The line and column of a parser's offset into ``text`` (libyaml counts UTF-8 bytes,
    the pure-Python reader characters)."""
    if _Base is not yaml.SafeLoader:
        text = text.encode("utf-8")[:max(0, offset)].decode("utf-8", "replace")
        offset = len(text)
    before = text[:max(0, offset)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def read_content(path: str | Path) -> bytes:
    """The bytes of a content file. Raises :class:`ContentError` naming the file when it
    cannot be read, is a folder, or is larger than MAX_FILE_BYTES."""
    shown = display_file(path)
    try:
        with open(path, "rb") as stream:
            raw = stream.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise ContentError([ContentIssue(shown, 0, 0, "", "no such file")]) from None
    except IsADirectoryError:
        raise ContentError([ContentIssue(shown, 0, 0, "", "is a folder, not a file")]) from None
    except OSError as exc:
        raise ContentError([ContentIssue(shown, 0, 0, "",
                                         f"cannot read: {exc.strerror}")]) from None
    if len(raw) > MAX_FILE_BYTES:
        raise ContentError([ContentIssue(shown, 1, 1, "", f"the file is larger than "
                                         f"{MAX_FILE_BYTES} bytes; content this large is "
                                         "refused")])
    return raw


def parse_content(raw: bytes, path: str | Path) -> Located:
    """The bytes of the content file ``path`` as :class:`Located` data. Raises
    :class:`ContentError` naming the file (and line and column) when they are not UTF-8 text
    (at the first bad byte), not valid YAML, empty, repeat a key, or expand to more than
    MAX_VALUES values."""
    shown = display_file(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise ContentError([ContentIssue(shown, line, column, "",
                                         f"not UTF-8 text: byte 0x{raw[exc.start]:02x} "
                                         f"({exc.reason})")]) from None
    node = compose(text, path)
    if node is None:
        raise ContentError([ContentIssue(shown, 1, 1, "", "the file is empty")])
    return locate(node, path)


def load_yaml(path: str | Path) -> Located:
    """Read one YAML file as :class:`Located` data. Raises :class:`ContentError` naming the
    file (and line and column where known) when it cannot be read, is not UTF-8 text (at its
    first bad byte), is larger than MAX_FILE_BYTES, is not valid YAML, is empty, repeats a
    key, or expands to more than MAX_VALUES values."""
    return parse_content(read_content(path), path)
