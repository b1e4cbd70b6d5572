"""How many lines of ``game/`` outside each system's own folders name a system (``skirmish``,
``killteam`` or ``kill_team``, any case): the core, the computer player and the screens should
ask the rule-set contract, not name the system in play. The count is pinned where it stands
and may only go down (issue 39 aims at 12 at most: the registries that list the systems).

The same count by hand::

    grep -rniE "skirmish|kill_?team" game --include=*.py \
        | grep -vE "/rulesets/(skirmish|killteam)/" | wc -l
"""

from __future__ import annotations

import re
from pathlib import Path

from game.content import REPO_ROOT

NAMES = re.compile(r"skirmish|kill_?team", re.IGNORECASE)
# each system's own folders, one in each layer (game/<layer>/rulesets/<system>/)
OWN = ("/rulesets/skirmish/", "/rulesets/killteam/")
# 364 before the systems' folders (game/<layer>/rulesets/), 311 after them, 147 once the other
# layers asked their contracts, 46 once the screens asked theirs (game/ui/rulesets/), 28 once
# the clients took each system's names from its own package (game.engine.rulesets.<system>), 8
# once the engine listed its systems in one registry and the pack's mission rules moved into
# its folder, 6 (each layer's registry import line) once each system declared its own steps,
# flags and state fields
PINNED = 6


def naming_lines(root: Path) -> list[str]:
    """``path:line`` of every line of the Python files under ``root/game`` (outside
    :data:`OWN`) that names a system."""
    found = []
    for path in sorted((root / "game").rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if any(folder in relative for folder in OWN):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if NAMES.search(line):
                found.append(f"{relative}:{number}")
    return found


def test_the_counter_sees_every_spelling(tmp_path: Path) -> None:
    (tmp_path / "game" / "engine" / "rulesets" / "skirmish").mkdir(parents=True)
    (tmp_path / "game" / "a.py").write_text("x = 1\nrules = 'Skirmish'\nKillTeam\nkill_team\n")
    (tmp_path / "game" / "engine" / "rulesets" / "skirmish" / "b.py").write_text("skirmish\n")
    assert naming_lines(tmp_path) == ["game/a.py:2", "game/a.py:3", "game/a.py:4"]


def test_lines_naming_a_system_outside_its_folders_do_not_grow() -> None:
    lines = naming_lines(REPO_ROOT)
    assert len(lines) <= PINNED, (
        f"{len(lines)} lines of game/ outside the systems' own folders name a system "
        f"(pinned at {PINNED}): ask the rule-set contract instead")
