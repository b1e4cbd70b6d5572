"""``python -m game.analysis``: the command is :mod:`game.cli.analysis`; this file only hands
over to it."""

import sys

from game.cli.analysis import main

sys.exit(main())
