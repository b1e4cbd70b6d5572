"""Write the flow table's section of ``docs/engine.md`` (the phase diagram and the table of
stages), generated from ``game/engine/rules/table.py``.

Usage: python tools/gen_flow_doc.py [--check]

``--check`` writes nothing and exits 1 when the section is not what the table gives now.
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
                        help="exit 1 if docs/engine.md's flow section is out of date")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    if args.check:
        if is_current(text):
            print("docs/engine.md: the flow section is current")
            return 0
        print("docs/engine.md: the flow section is out of date; run "
              "python tools/gen_flow_doc.py")
        return 1
    DOC.write_text(replace_section(text), encoding="utf-8")
    print("wrote the flow section of docs/engine.md")
    return 0


if __name__ == "__main__":
    sys.exit(main())
