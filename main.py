"""Warhammer 40,000: Fireteam, digital edition: ``python main.py`` in a checkout.

The same program as ``fireteam`` and ``python -m game``; it lives in :mod:`game.cli`.
Until the graphical client lands it plays a headless demo game between two random players and
prints its log; ``python main.py --seed N --mission M`` picks the game.
"""

import sys

from game.cli import main

if __name__ == "__main__":
    sys.exit(main())
