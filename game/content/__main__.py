"""``python -m game.content check [PATH...]`` and ``python -m game.content list [PATH...]``:
the command is :mod:`game.cli.content`; this file only hands over to it."""

import sys

from game.cli.content import main

sys.exit(main())
