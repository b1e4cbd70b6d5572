"""``python -m game.scenario FILE_OR_FOLDER...`` (``game/scenario/__main__.py`` hands over
to this module): runs scenario files with :func:`game.scenario.loader.run_paths`."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from game.cli.args import Parser, existing_path
from game.content import ContentError, load_catalogue
from game.scenario.loader import run_paths


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m game.scenario",
                    description="Run scenario files (docs/scenario-format.md): exit 0 when "
                                "every expectation holds, 1 when one fails, 2 when a file is "
                                "malformed.")
    parser.add_argument("paths", nargs="+", type=existing_path, metavar="FILE_OR_FOLDER",
                        help="scenario files, or folders searched for them")
    args = parser.parse_args(argv)
    try:
        catalogue = load_catalogue()
    except ContentError as error:
        print(f"the shipped content has errors:\n{error}", file=sys.stderr)
        return 2
    return run_paths(args.paths, catalogue)



if __name__ == "__main__":
    sys.exit(main())
