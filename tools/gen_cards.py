"""Write ``docs/cards.md``, the card reference generated from the game content.

Usage: python tools/gen_cards.py [--check] [--output PATH]

``--check`` writes nothing and exits 1 when the file is not what the content gives now;
``--output`` names another file than docs/cards.md.
The rendering lives in :mod:`game.content.cards_doc`.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.cli.args import Parser, output_file  # noqa: E402
from game.content import ContentError, load_catalogue  # noqa: E402
from game.content.cards_doc import CARDS_DOC, GENERATOR, is_current, write_cards  # noqa: E402
from game.content.yamlio import display_file  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = Parser(prog="python tools/gen_cards.py", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if docs/cards.md is out of date; write nothing")
    parser.add_argument("--output", type=output_file(".md"), default=CARDS_DOC, metavar="PATH",
                        help="the file to write or check (default: docs/cards.md)")
    args = parser.parse_args(argv)
    path: Path = args.output
    try:
        catalogue = load_catalogue()
    except ContentError as exc:
        print(exc, file=sys.stderr)
        return 2
    shown = display_file(path)
    if args.check:
        if is_current(catalogue, path):
            print(f"{shown} is up to date")
            return 0
        print(f"{shown} is out of date: run {GENERATOR}", file=sys.stderr)
        return 1
    write_cards(catalogue, path)
    print(f"wrote {shown}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
