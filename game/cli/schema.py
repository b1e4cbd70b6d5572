"""``python -m game.cli.schema [--check]``: rewrites (or checks) the payloads section of
docs/protocol.md from the engine's own definitions (:mod:`game.net.schema`)."""

from __future__ import annotations

import sys

from game.cli.args import Parser
from game.net.schema import DOC, replaced


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python -m game.cli.schema",
                    description="Rewrite (or check) the payloads section of docs/protocol.md.")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if the payloads section of docs/protocol.md is stale")
    args = parser.parse_args(argv)
    text = DOC.read_text(encoding="utf-8")
    if args.check:
        if replaced(text) == text:
            print("docs/protocol.md: the payloads section is current")
            return 0
        print("docs/protocol.md: the payloads section is out of date; run "
              "python -m game.cli.schema")
        return 1
    DOC.write_text(replaced(text), encoding="utf-8")
    print("wrote the payloads section of docs/protocol.md")
    return 0



if __name__ == "__main__":
    sys.exit(main())
