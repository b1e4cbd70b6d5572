"""``python -m game``: the same as ``fireteam`` and ``python main.py`` (see :mod:`game.cli`)."""

import sys

from game.cli import main

sys.exit(main(prog="python -m game"))
