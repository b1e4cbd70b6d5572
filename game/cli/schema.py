"""``python -m game.cli.schema [--check]``: rewrites (or checks) the payloads section of
docs/protocol.md from the engine's own definitions (:mod:`game.net.schema`)."""

from __future__ import annotations

import sys

from game.cli.args import doc_section_command
from game.net.schema import DOC, replaced

main = doc_section_command(
    "python -m game.cli.schema", "Rewrite (or check) the payloads section of docs/protocol.md.",
    DOC, "the payloads section", replaced, "the payloads section is current",
    "the payloads section is out of date; run python -m game.cli.schema",
    "wrote the payloads section of docs/protocol.md")


if __name__ == "__main__":
    sys.exit(main())
