"""The project stands alone: its code, tests and docs cite only documents of this repository.

Rulings are cited by section, always in one form, on one line: the document's path, a comma and
the heading in double quotes, e.g. docs/rules-decisions.md, "Visibility". Every heading cited
that way must exist in that document, so renaming a section means updating its citations.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("game", "tests", "tools", "docs", "README.md", "main.py")
SKIPPED_DIRS = {"__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".hypothesis"}
# outside documents that must not be cited; spelt in pieces so that this file does not match
FORBIDDEN = tuple(name + ".md" for name in ("RULINGS", "SCENARIOS", "ARCHITECTURE")) + (
    "../" + "shared",)
CITATION = re.compile(r'docs/([\w-]+\.md), "([^"\n]*)("?)')
DOCS_CHECKED_FOR_PATHS = ("docs/rules-decisions.md", "docs/scenario-format.md")
PATH_IN_BACKTICKS = re.compile(r"`((?:docs|tests|game|tools)/[^`\s]*)`")


def _text_files() -> list[Path]:
    files: list[Path] = []
    for name in SCANNED:
        top = ROOT / name
        candidates = [top] if top.is_file() else sorted(top.rglob("*"))
        for path in candidates:
            if not path.is_file() or SKIPPED_DIRS & set(path.relative_to(ROOT).parts):
                continue
            try:
                path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue  # images and other binary files
            files.append(path)
    return files


FILES = _text_files()


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def _headings(doc: str) -> list[str]:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    return [m.group(1).strip() for m in re.finditer(r"^#+ (.+)$", text, re.MULTILINE)]


def test_the_scan_sees_the_files_that_cite() -> None:
    names = {_rel(p) for p in FILES}
    assert {"README.md", "main.py", "game/engine/hexgrid.py", "docs/rules-decisions.md",
            "tests/scenarios/visibility/line_along_edge_of_blocked_hex_is_blocked.yaml"} <= names


def test_no_file_cites_a_document_outside_the_repository() -> None:
    me = Path(__file__).resolve()
    found = []
    for path in FILES:
        if path.resolve() == me:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{_rel(path)}:{number}: {name}" for name in FORBIDDEN if name in line]
    assert not found, "cite docs/rules-decisions.md or docs/scenario-format.md instead:\n" + \
        "\n".join(found)


def test_every_cited_section_exists() -> None:
    problems = []
    cited = 0
    for path in FILES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in CITATION.finditer(line):
                doc, heading, closed = match.groups()
                where = f"{_rel(path)}:{number}"
                if not (ROOT / "docs" / doc).is_file():
                    problems.append(f"{where}: no such document docs/{doc}")
                elif not closed:
                    problems.append(f"{where}: keep the cited heading on one line, in quotes")
                elif heading not in _headings(doc):
                    problems.append(f"{where}: docs/{doc} has no section {heading!r}")
                else:
                    cited += 1
    assert not problems, "\n".join(problems)
    assert cited >= 5  # the hexgrid, attack and test citations at least


def test_rules_decisions_headings_are_unique() -> None:
    headings = _headings("rules-decisions.md")
    assert len(headings) == len(set(headings))


@pytest.mark.parametrize("doc", DOCS_CHECKED_FOR_PATHS)
def test_paths_named_in_the_docs_exist(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    missing = sorted({p for p in PATH_IN_BACKTICKS.findall(text) if not (ROOT / p).exists()})
    assert not missing, f"{doc} names files that do not exist: {missing}"
