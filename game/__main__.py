"""``python -m game``: the same as ``fireteam`` and ``python main.py`` (see
:mod:`game.cli.main`)."""

import sys

from game.cli.main import main

sys.exit(main(prog="python -m game"))
