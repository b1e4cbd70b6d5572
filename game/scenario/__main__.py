"""``python -m game.scenario FILE_OR_FOLDER...``: runs scenario files (see
:func:`game.scenario.loader.main`)."""

import sys

from game.scenario.loader import main

sys.exit(main())
