"""Warhammer 40,000: Fireteam, digital edition: ``python main.py`` in a checkout.

The same program as ``fireteam`` and ``python -m game``; it lives in :mod:`game.cli.main`. With no
arguments it opens the game window (hot-seat play, the computer opponent, campaigns, the
tutorial and the mission visualizer are reached from its menu). ``demo`` plays a headless game
between two random players and prints its log, ``visualize`` and ``tutorial`` open those
screens directly, and ``--frames``/``--screenshot``/``--scene``, ``--fuzz`` and
``--bench-frames`` run the window headless; ``python main.py --help`` lists them all.
"""

import sys

from game.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
