"""Warhammer 40,000: Fireteam, a digital edition. Importing the package first makes sure that
a compiled engine built from an older source never runs (:mod:`game.compiled.guard`)."""

from game.compiled.guard import install_guard

install_guard()
