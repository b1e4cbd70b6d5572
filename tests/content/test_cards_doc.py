"""docs/cards.md is generated from the content and kept up to date."""

from __future__ import annotations

import contextlib
import io
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.content import REPO_ROOT, load_catalogue
from game.content.cards_doc import CARDS_DOC, WEAPON_RULE_GLOSSARY, render_cards
from game.engine import vocabulary
from tests.helpers import tool_module

HERE = Path(__file__).parent
GOOD = HERE / "good"
TOOL = REPO_ROOT / "tools" / "gen_cards.py"


def test_cards_doc_is_up_to_date() -> None:
    expected = render_cards(load_catalogue())
    written = CARDS_DOC.read_text(encoding="utf-8") if CARDS_DOC.is_file() else ""
    assert written == expected, "docs/cards.md is out of date: run python tools/gen_cards.py"


def test_every_weapon_rule_is_in_the_glossary() -> None:
    assert set(WEAPON_RULE_GLOSSARY) == set(vocabulary.WEAPON_RULES)
    assert all(name and text.endswith(".") for name, text in WEAPON_RULE_GLOSSARY.values())


def test_fixture_cards_are_all_shown() -> None:
    text = render_cards(load_catalogue([GOOD], shipped=False))
    assert "### Test Team (`test_team`)" in text
    assert "| trooper1 – trooper3 | Test Trooper | 3 |" in text
    assert "| 2 | 3 | 3 | 4+ | 12 |" in text
    assert "| Carbine | 1 | 6 | 3 | 3+ | 2/3 | Rapid Fire |" in text
    assert "- **Steady**: In cover, this operative's carbine scores critical hits" in text
    assert "- **Pick One** *(names one friendly operative)*: One operative gets +1 APL." in text
    assert "- **First: Under Fire** (`test_team_first`): When the mission starts" in text
    assert ("  - Reward (battle honour, for Test Trooper): **Steady Hands**: "
            "This operative's carbine hits one better (3+ becomes 2+).") in text
    assert "  - Reward (battle honour, for any operative of the team): **Veteran**" in text
    assert "  - Reward (command asset): **Resupply**: Once per mission, heal an operative." \
        in text
    assert "Killzone: Test Side (`test_side`) · Turning points: 4 · Sudden victory at 6 VP" in text
    assert "| obj1 | D1 | territory 1 |" in text
    assert "- **Power Up** *(1 AP, names an objective)*: Power an objective you control." in text
    assert "| Hold the Line | 2 | End a turn with an operative near the centre. |" in text
    assert "| Medi-kit | During one of your operatives' activations | at once |" in text
    assert "| Stimm | In your ploy step (strategy phase) | until the turning point ends | In " \
           "your ploy step: one friendly operative has +1 Move and an extra attack die with " \
           "its blade until the turning point ends. |" in text
    assert "| Lethal | Hit dice of 5 and 6 are both critical hits. |" in text
    # stages in order, whatever order the file gives them in
    assert text.index("First: Under Fire") < text.index("Second: Hold Fast") \
        < text.index("Final: Last Stand")


def test_the_order_of_definitions_does_not_matter() -> None:
    cat = load_catalogue([GOOD])
    shuffled = replace(
        cat,
        fireteams=dict(reversed(cat.fireteams.items())),
        missions=dict(reversed(cat.missions.items())),
        targets=dict(reversed(cat.targets.items())),
        wargear=dict(reversed(cat.wargear.items())),
        special_operations=dict(reversed(cat.special_operations.items())),
    )
    assert render_cards(shuffled) == render_cards(cat)


def _tool(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """tools/gen_cards.py run in this process (its main, output captured)."""
    module = tool_module("gen_cards")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = module.main([str(a) for a in args])
    return subprocess.CompletedProcess([str(TOOL)], code, out.getvalue(), err.getvalue())


def test_gen_cards_check_exit_codes(tmp_path: Path) -> None:
    out = tmp_path / "cards.md"
    stale = _tool("--check", "--output", out)
    assert stale.returncode == 1
    assert "run python tools/gen_cards.py" in stale.stderr
    written = _tool("--output", out)
    assert written.returncode == 0, written.stderr
    assert out.read_text(encoding="utf-8") == render_cards(load_catalogue())
    fresh = _tool("--check", "--output", out)
    assert fresh.returncode == 0, fresh.stderr


@pytest.mark.slow  # a fresh Python process (CI runs the command too)
def test_gen_cards_runs_as_a_process() -> None:
    done = subprocess.run([sys.executable, TOOL, "--check"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
