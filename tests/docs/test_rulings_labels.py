"""Every ruling of the three seed systems in docs/rules-decisions.md (the sections "Kill Team
classic...", "Pathfinders", "The skirmish rule set...") says whether it is the seed's rule
unchanged, a conversion of it, or our own decision where the seed is silent: each bullet,
numbered step and table row there carries one of the three labels."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

DECISIONS = Path(__file__).resolve().parents[2] / "docs" / "rules-decisions.md"
SYSTEMS = ("Kill Team classic", "Pathfinders", "The skirmish rule set")
LABEL = re.compile(r"\*(as the seed says|converted|our own)\*", re.IGNORECASE)


def sections(text: str) -> dict[str, list[str]]:
    """The lines of each `## ` section of the three systems (its `###` parts included)."""
    found: dict[str, list[str]] = {}
    current: str | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
            current = heading if heading.startswith(SYSTEMS) else None
            if current is not None:
                found[current] = []
        elif current is not None:
            found[current].append(line)
    return found


def rulings(lines: list[str]) -> list[str]:
    """Each bullet or numbered item (with its continuation lines) and each table body row."""
    items: list[str] = []
    for line in lines:
        if re.match(r"(- |\d+\. )", line):
            items.append(line)
        elif line.startswith("|"):
            if not re.match(r"\|[-| ]+\|$", line):  # not the separator row
                items.append(line)
        elif line.startswith("  ") and items and not items[-1].startswith("|"):
            items[-1] += " " + line.strip()
        elif not line.strip() and items and not items[-1].startswith("|"):
            items.append("")  # a blank line ends an item
    return [item for item in items if item and not (
        item.startswith("|") and ("| seed |" in item or "| 40K |" in item))]  # no header row


TEXT = DECISIONS.read_text(encoding="utf-8")
SECTIONS = sections(TEXT)


def test_the_three_systems_have_their_sections() -> None:
    for system in SYSTEMS:
        assert any(h.startswith(system) for h in SECTIONS), system
    assert len(SECTIONS) >= 9


@pytest.mark.parametrize("heading", sorted(SECTIONS))
def test_every_ruling_carries_its_label(heading: str) -> None:
    found = rulings(SECTIONS[heading])
    assert found, f"{heading}: no rulings found"
    unlabelled = [item[:90] for item in found if not LABEL.search(item)]
    assert not unlabelled, f"{heading}: rulings without a label:\n" + "\n".join(unlabelled)


def test_a_missing_label_is_found() -> None:
    lines = ["- *Our own*: a labelled ruling.", "- a ruling with none", "  of its own.",
             "", "| seed | ours | why |", "|---|---|---|", "| 3\" | 1 hex | none |"]
    unlabelled = [i for i in rulings(lines) if not LABEL.search(i)]
    assert unlabelled == ["- a ruling with none of its own.", "| 3\" | 1 hex | none |"]


def test_the_seed_is_never_called_silent_in_a_labelled_section() -> None:
    """A ruling is 'our own' where the seed is silent; the old wording 'Where the seed is
    silent' that filed seed rules as our own is gone from these sections."""
    for heading, lines in SECTIONS.items():
        assert "where the seed is silent" not in "\n".join(lines).lower(), heading
