"""Write the flow tables' sections of ``docs/engine.md`` (the phase diagram and the table of
stages of each rule set), generated from ``game/engine/rulesets/fireteam/table.py`` (Fireteam) and
``game/engine/rulesets/skirmish/table.py`` (the skirmish rules).

Usage: python tools/gen_flow_doc.py [--check]

``--check`` writes nothing and exits 1 when a section is not what its table gives now.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.engine.flow_doc import is_current, replace_section  # noqa: E402

DOC = ROOT / "docs" / "engine.md"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if a flow section of docs/engine.md is out of date")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    if args.check:
        if is_current(text):
            print("docs/engine.md: the flow sections (Fireteam, skirmish) are current")
            return 0
        print("docs/engine.md: a flow section is out of date; run "
              "python tools/gen_flow_doc.py")
        return 1
    DOC.write_text(replace_section(text), encoding="utf-8")
    print("wrote the flow sections of docs/engine.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
