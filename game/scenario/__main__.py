"""``python -m game.scenario FILE_OR_FOLDER...``: runs scenario files; the command is
:mod:`game.cli.scenario`, this file only hands over to it."""

import sys

from game.cli.scenario import main

sys.exit(main())
