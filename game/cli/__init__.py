"""The command line: the argument layer every command shares, the game's own command
(``fireteam``, :mod:`game.cli.main`) and the tools run as ``python -m game.cli.NAME``."""
