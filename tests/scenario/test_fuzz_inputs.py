"""Fixed-seed fuzzing of the two kinds of input file a person writes: content files and
scenario files. Mutants of shipped files (byte flips, truncation, duplicated or deleted lines,
a scalar swapped for a list, a mapping, a huge integer, an alias bomb, non-UTF-8 bytes) must
load or be refused with the documented error, never a traceback or a hang.

The mutants are built by ``random.Random(SEED)``, so a failure reproduces; set
``FUZZ_SCALE=20`` to try twenty times as many while hunting.
"""

from __future__ import annotations

import io
import os
import random
import re
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from game.content import ContentError, load_catalogue
from game.content.loader import shipped_files
from game.engine.defs import Catalogue
from game.engine.rulesets.skirmish import profile_of as skirmish_profile
from game.scenario.loader import run_paths

pytestmark = pytest.mark.slow  # fuzz runs over mutated content and scenario files

SEED = 1234
SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
CONTENT_MUTANTS = 120 * SCALE
SCENARIO_MUTANTS = 400 * SCALE
SKIRMISH_MUTANTS = 150 * SCALE
SCENARIOS = Path(__file__).parents[1] / "scenarios"

_BOMB = ("[&a [x, x, x, x, x, x, x, x, x], &b [*a, *a, *a, *a, *a, *a, *a, *a, *a], "
         "&c [*b, *b, *b, *b, *b, *b, *b, *b, *b], &d [*c, *c, *c, *c, *c, *c, *c, *c, *c], "
         "&e [*d, *d, *d, *d, *d, *d, *d, *d, *d], &f [*e, *e, *e, *e, *e, *e, *e, *e, *e], "
         "&g [*f, *f, *f, *f, *f, *f, *f, *f, *f], &h [*g, *g, *g, *g, *g, *g, *g, *g, *g]]")
# what a scalar value may be swapped for
REPLACEMENTS = (
    "[1, 2]", "{a: 1}", "9" * 5000, "-9" + "9" * 30, "99999999999", "0", "-1", "7", "true",
    "null", "''", "x", "[]", "{}", "3.5", ".inf", "2020-13-45", "2021-01-01", "*nope",
    "!!binary aGk=", "!!python/name:os.system", "&r [*r]", "&s {k: *s}", _BOMB,
    "[A1, C06, Z99]", "[[1]]", "[{id: x}]", "{<<: [1]}", "C06", "c6", "A0", "\"\\x00\"",
)
_SCALAR = re.compile(rb"(:[ ]+|- |\[|, )([^\s\[\]{},#][^\[\]{},#\n]*)")


def _replace_scalar(text: bytes, rng: random.Random) -> bytes:
    spots = list(_SCALAR.finditer(text))
    if not spots:
        return text
    spot = rng.choice(spots)
    value = rng.choice(REPLACEMENTS).encode()
    return text[:spot.start(2)] + value + text[spot.end(2):]


def mutate(text: bytes, rng: random.Random) -> bytes:
    """One random change (sometimes two) to a file's bytes."""
    lines = text.splitlines(keepends=True)
    kind = rng.randrange(8)
    if kind == 0 and text:  # flip bytes
        data = bytearray(text)
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        out = bytes(data)
    elif kind == 1:  # truncate
        out = text[:rng.randrange(len(text) + 1)]
    elif kind == 2 and lines:  # duplicate a line
        i = rng.randrange(len(lines))
        out = b"".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    elif kind == 3 and lines:  # delete a line
        i = rng.randrange(len(lines))
        out = b"".join(lines[:i] + lines[i + 1:])
    elif kind == 4:  # not UTF-8
        i = rng.randrange(len(text) + 1)
        out = text[:i] + rng.choice((b"\xff", b"\xc3\x28", b"\xed\xa0\x80", b"\x80")) + text[i:]
    elif kind == 5 and lines:  # swap two lines
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
        out = b"".join(lines)
    else:  # swap a scalar for another type
        out = _replace_scalar(text, rng)
    if rng.random() < 0.2:
        out = _replace_scalar(out, rng)
    return out


def content_mutants() -> Iterator[tuple[int, Path, bytes]]:
    files = [path for path, _ in shipped_files()]
    rng = random.Random(SEED)
    for n in range(CONTENT_MUTANTS):
        path = rng.choice(files)
        yield n, path, mutate(path.read_bytes(), rng)


def scenario_mutants() -> Iterator[tuple[int, Path, bytes]]:
    files = sorted(SCENARIOS.rglob("*.yaml"))
    rng = random.Random(SEED + 1)
    for n in range(SCENARIO_MUTANTS):
        path = rng.choice(files)
        yield n, path, mutate(path.read_bytes(), rng)


def skirmish_mutants() -> Iterator[tuple[int, Path, bytes]]:
    """Mutants of the skirmish rule set's scenarios only: its keys (``rules``,
    ``killzone.dangerous``, ``start.shaken``/``fatigued``, ``expect.step``) are fuzzed on
    every run, whatever the draw over all scenario files."""
    files = sorted((SCENARIOS / "skirmish").rglob("*.yaml"))
    rng = random.Random(SEED + 2)
    for n in range(SKIRMISH_MUTANTS):
        path = rng.choice(files)
        yield n, path, mutate(path.read_bytes(), rng)


def test_content_mutants_load_or_raise_content_error(tmp_path: Path) -> None:
    shipped = [path for path, _ in shipped_files()]
    for n, original, text in content_mutants():
        mutant = tmp_path / f"{n}_{original.name}"
        mutant.write_bytes(text)
        files = [mutant if p == original else p for p in shipped]
        try:
            loaded = load_catalogue(files, shipped=False)
            for card in loaded.datacards.values():  # every card converts for the skirmish
                skirmish_profile(card)
        except ContentError as error:
            assert error.issues, f"mutant {n} of {original.name}: an empty ContentError"
            for issue in error.issues:
                assert issue.line > 0 or "no such" in issue.message, \
                    f"mutant {n} of {original.name}: no line in {issue}"
        except Exception as error:  # noqa: BLE001 - any other exception is the bug
            pytest.fail(f"mutant {n} of {original.name} ({mutant}): "
                        f"{type(error).__name__}: {error}")


@pytest.mark.parametrize("mutants", [scenario_mutants, skirmish_mutants])
def test_scenario_mutants_exit_0_1_or_2(tmp_path: Path, catalogue: Catalogue,
                                        mutants: Callable[[], Iterator[tuple[int, Path, bytes]]],
                                        ) -> None:
    for n, original, text in mutants():
        mutant = tmp_path / f"{n}_{original.name}"
        mutant.write_bytes(text)
        out, err = io.StringIO(), io.StringIO()
        try:
            with redirect_stdout(out), redirect_stderr(err):
                code = run_paths([mutant], catalogue)
        except Exception as error:  # noqa: BLE001 - any exception is the bug
            pytest.fail(f"mutant {n} of {original} ({mutant}): "
                        f"{type(error).__name__}: {error}")
        assert code in (0, 1, 2)
        assert "Traceback" not in out.getvalue() + err.getvalue()
        if code == 2:
            assert re.search(r":\d+: ", err.getvalue()), \
                f"mutant {n} of {original}: no FILE:LINE in {err.getvalue()!r}"


KILL_TEAM_KEY = re.compile(rb"^  ([a-z_]+): (.+)$", re.MULTILINE)


def kill_team_mutants() -> Iterator[tuple[int, Path, bytes]]:
    """Each Kill Team classic mission with one value of its ``kill_team:`` block (the pack's
    own keys: table_roll, secondary, night_fighting, placed_objectives...) swapped for each
    of three bad values in turn (more with FUZZ_SCALE): every key of the pack is tried."""
    rng = random.Random(SEED + 2)
    n = 0
    for path in sorted((Path(__file__).parents[2] / "missions").glob("kt_*.yaml")):
        text = path.read_bytes()
        block = text.index(b"\nkill_team:")
        for spot in KILL_TEAM_KEY.finditer(text, block):
            for value in rng.sample(REPLACEMENTS, min(len(REPLACEMENTS), 3 * SCALE)):
                yield n, path, (text[:spot.start(2)] + value.encode() + text[spot.end(2):])
                n += 1


def test_kill_team_keys_refuse_bad_values_with_a_line(tmp_path: Path) -> None:
    shipped = [path for path, _ in shipped_files()]
    tried = 0
    for n, original, text in kill_team_mutants():
        mutant = tmp_path / f"{n}_{original.name}"
        mutant.write_bytes(text)
        files = [mutant if p == original else p for p in shipped]
        try:
            load_catalogue(files, shipped=False)
        except ContentError as error:
            assert error.issues and all(i.line > 0 for i in error.issues), \
                f"mutant {n} of {original.name}: {error.issues}"
        except Exception as error:  # noqa: BLE001 - any other exception is the bug
            pytest.fail(f"mutant {n} of {original.name} ({mutant}): "
                        f"{type(error).__name__}: {error}")
        tried += 1
    assert tried >= 6 * 8 * 3  # six missions, each of their keys, three bad values each
