"""Write the flow tables' sections of ``docs/engine.md`` (the phase diagram and the table of
stages of each rule set), generated from ``game/engine/rulesets/fireteam/table.py`` (Fireteam) and
``game/engine/rulesets/skirmish/table.py`` (the skirmish rules).

Usage: python tools/gen_flow_doc.py [--check]

``--check`` writes nothing and exits 1 when a section is not what its table gives now.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.cli.args import doc_section_command  # noqa: E402
from game.engine.flow_doc import replace_section  # noqa: E402

DOC = ROOT / "docs" / "engine.md"


main = doc_section_command(
    "python tools/gen_flow_doc.py", (__doc__ or "").splitlines()[0], DOC, "a flow section",
    replace_section, "the flow sections (Fireteam, skirmish) are current",
    "a flow section is out of date; run python tools/gen_flow_doc.py",
    "wrote the flow sections of docs/engine.md")


if __name__ == "__main__":
    sys.exit(main())
