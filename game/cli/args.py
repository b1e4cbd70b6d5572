"""The argument layer every command and tool shares: a parser whose errors are one line, and
argparse types that refuse what cannot work.

Every bad argument ends the command before it does any work (no window opens, nothing is
written) with exit code 2 and exactly one line on standard error naming the argument and what
is allowed, e.g. ``python -m game.cli.bench: argument --games: must be a whole number of at least
1, not '0'``. ``--help`` prints the usage and exits 0 without doing the work.

Adding a flag to a command: ``parser.add_argument("--frames", type=count(), ...)`` (or
``count(0)`` where 0 means something, ``output_file(".png")``, ``output_folder``, ``level``,
``action=WindowSize`` with ``nargs=2``); a check that needs the content after parsing calls
:func:`known`, which reports through the same one-line ``parser.error``.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from game.content import ContentError, load_catalogue
from game.engine.defs import Catalogue

# the game window's limits (game/ui/app.py MIN_SIZE is the lower one; a test keeps them equal)
WINDOW_MIN = (1024, 700)
WINDOW_MAX = (7680, 4320)
# a picture written without a window (the visualizer's --png)
PICTURE_MIN = (320, 200)
PICTURE_MAX = (8192, 8192)
EXIT_USAGE = 2


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are a single line on stderr, exit code 2.

    Sub-commands made with ``add_subparsers`` are Parsers too (argparse builds them with the
    parent's class)."""

    def error(self, message: str) -> NoReturn:
        text = " ".join(message.split())
        self.exit(EXIT_USAGE, f"{self.prog}: {text} (see {self.prog} --help)\n")


def _ranged(name: str, noun: str, convert: Callable[[str], float], minimum: float,
            maximum: float | None, show: Callable[[float], str]) -> Callable[[str], Any]:
    """A type: ``convert(text)`` (a finite value) from ``minimum`` up to ``maximum``, the
    bounds written by ``show`` in the message; raises ArgumentTypeError otherwise."""

    def parse(text: str) -> Any:
        allowed = (f"{noun} from {show(minimum)} to {show(maximum)}" if maximum is not None
                   else f"{noun} of at least {show(minimum)}")
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {text!r}") from None
        if (isinstance(value, float) and not math.isfinite(value)) or value < minimum or \
                (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"must be {allowed}, not {text!r}")
        return value

    parse.__name__ = name
    return parse


def count(minimum: int = 1, maximum: int | None = None) -> Callable[[str], int]:
    """A type: a whole number from ``minimum`` (1 by default: zero would do nothing) up to
    ``maximum``; raises ArgumentTypeError otherwise."""
    return _ranged("count", "a whole number", int, minimum, maximum, str)


def number(minimum: float = 0.0, maximum: float | None = None) -> Callable[[str], float]:
    """A type: a number (decimals allowed) from ``minimum`` up to ``maximum``; raises
    ArgumentTypeError otherwise (also for inf and nan)."""
    return _ranged("number", "a number", float, minimum, maximum, lambda value: f"{value:g}")


def _writable_ancestor(path: Path) -> str | None:
    """Why files cannot be made at ``path`` (its first existing ancestor is not a writable
    folder), or None when they can."""
    here = path.absolute()
    for folder in (here, *here.parents):
        if folder.exists():
            if not folder.is_dir():
                return f"{folder} is a file, not a folder"
            if not os.access(folder, os.W_OK | os.X_OK):
                return f"the folder {folder} is not writable"
            return None
    return f"{path} has no existing folder above it"


def output_file(suffix: str = "") -> Callable[[str], Path]:
    """A type: a file to write, in a folder that exists or can be created (the command creates
    it); with ``suffix``, the name must end in it. Raises ArgumentTypeError otherwise."""

    def parse(text: str) -> Path:
        path = Path(text)
        if not text or path.is_dir() or text.endswith(("/", os.sep)):
            raise argparse.ArgumentTypeError(f"must be a file name, not the folder {text!r}")
        if suffix and path.suffix.lower() != suffix:
            raise argparse.ArgumentTypeError(f"must be a {suffix} file, not {text!r}")
        problem = _writable_ancestor(path.parent)
        if problem:
            raise argparse.ArgumentTypeError(f"cannot write {text!r}: {problem}")
        return path

    parse.__name__ = "output_file"
    return parse


def output_folder(text: str) -> Path:
    """A type: a folder that exists or can be created (the command creates it); raises
    ArgumentTypeError otherwise."""
    path = Path(text)
    problem = _writable_ancestor(path)
    if problem:
        raise argparse.ArgumentTypeError(f"cannot write into {text!r}: {problem}")
    return path


def existing_path(text: str) -> Path:
    """A type: a file or folder that exists; raises ArgumentTypeError otherwise."""
    path = Path(text)
    if not path.exists():
        raise argparse.ArgumentTypeError(f"no such file or folder: {text!r}")
    return path


def level(text: str) -> str:
    """A type: a computer player's level (easy, normal, hard, greedy, random)."""
    from game.ai.players import LEVEL_NAMES

    if text not in LEVEL_NAMES:
        raise argparse.ArgumentTypeError(
            f"unknown level {text!r}; choose from {', '.join(LEVEL_NAMES)}")
    return text


def rules(text: str) -> str:
    """A type: a rule set (fireteam, skirmish)."""
    from game.engine.rulesets import rule_set

    try:
        return str(rule_set(text))
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_rules(parser: argparse.ArgumentParser) -> None:
    """The ``--rules`` argument every command that plays games shares."""
    parser.add_argument("--rules", type=rules, default="fireteam", metavar="RULES",
                        help="the rule set: fireteam (the default) or skirmish (the one-page "
                             "skirmish rules with converted datacards)")


class WindowSize(argparse.Action):
    """``--size WIDTH HEIGHT`` (``nargs=2``) checked against what a window can be: stores a
    ``(width, height)`` tuple. ``picture=True`` (via :func:`picture_size`) uses the limits of
    a picture written without a window."""

    limits = (WINDOW_MIN, WINDOW_MAX)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: str | Sequence[Any] | None, option_string: str | None = None) -> None:
        assert isinstance(values, Sequence) and len(values) == 2
        low, high = self.limits
        size = []
        for name, text, lo, hi in zip(("width", "height"), values, low, high, strict=True):
            try:
                value = int(text)
            except ValueError:
                value = -1
            if not lo <= value <= hi:
                raise argparse.ArgumentError(
                    self, f"{name} must be a whole number from {lo} to {hi}, not {text!r}")
            size.append(value)
        setattr(namespace, self.dest, (size[0], size[1]))


class PictureSize(WindowSize):
    """``--size WIDTH HEIGHT`` of a picture written without a window."""

    limits = (PICTURE_MIN, PICTURE_MAX)


def known(parser: argparse.ArgumentParser, what: str, value: str, choices: Iterable[str],
          noun: str | None = None) -> None:
    """Ends the command (one line, exit 2) unless ``value`` is one of ``choices``; the line
    names the argument ``what`` (e.g. "--mission") and the ``noun`` (by default the
    argument's name in the singular: "mission", "fireteam"), suggests the nearest choice and
    lists them all."""
    from game.content import suggestion

    names = sorted(choices)
    if value not in names:
        noun = noun or what.lstrip("-").lower().removesuffix("s")
        parser.error(f"argument {what}: unknown {noun} {value!r}{suggestion(value, names)}; "
                     f"choose from {', '.join(names)}")


def headless_drivers() -> None:
    """No window and no sound device needed (SDL's dummy drivers, unless set otherwise)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def content(headless: bool = False) -> Catalogue | None:
    """The shipped content, or None after printing its errors; ``headless``: SDL's dummy
    drivers are chosen first (the command opens no window, plays no sound)."""
    if headless:
        headless_drivers()
    try:
        return load_catalogue()
    except ContentError as error:
        print(f"the game content has errors:\n{error}", file=sys.stderr)
        return None


def fail(prog: str, message: str, code: int = EXIT_USAGE) -> int:
    """Prints ``prog: message`` as one line on stderr and returns ``code`` (for problems found
    after parsing, such as a missing checkout folder)."""
    print(f"{prog}: {' '.join(message.split())}", file=sys.stderr)
    return code


def doc_section_command(prog: str, description: str, doc: Path, section: str,
                        rewrite: Callable[[str], str], current: str, stale: str,
                        wrote: str) -> Callable[[list[str] | None], int]:
    """The ``main`` of a command that rewrites a generated ``section`` of the document ``doc``
    with ``rewrite(text)``, or with ``--check`` writes nothing and exits 1 when it is stale;
    it prints ``current``, ``stale`` or ``wrote`` (each after the document's name, but
    ``wrote``, which names it itself)."""

    def main(argv: list[str] | None = None) -> int:
        parser = Parser(prog=prog, description=description)
        parser.add_argument("--check", action="store_true",
                            help=f"exit 1 if {section} of {doc.parent.name}/{doc.name} is "
                                 "out of date")
        args = parser.parse_args(argv)
        text = doc.read_text(encoding="utf-8")
        name = f"{doc.parent.name}/{doc.name}"
        if args.check:
            if rewrite(text) == text:
                print(f"{name}: {current}")
                return 0
            print(f"{name}: {stale}")
            return 1
        doc.write_text(rewrite(text), encoding="utf-8")
        print(wrote)
        return 0

    return main
