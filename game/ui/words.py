"""What a player reads: the engine's ids and action notation turned into names.

:class:`Words` and its helpers are :mod:`game.help.words` (no pygame, so that the post-game
analysis words its reasons with them too); this module is the screens' way to them, and adds
each other rule set's and pack's action phrases, declared beside their screens.

The play screen sets one on :attr:`game.ui.context.Context.words`, so every text drawn goes
through it (a cache keeps that cheap).
"""

from __future__ import annotations

from game.help.words import (  # noqa: F401 (_ACTION_PHRASES: the registry, tests copy it)
    _ACTION_PHRASES,
    CACHE_LIMIT,
    ID_LIKE,
    PHRASES,
    SHORT,
    Words,
    count,
    english,
    listed,
    operative_in,
    phrase_of,
    register_phrases,
)
from game.ui.rulesets import every

__all__ = ["CACHE_LIMIT", "ID_LIKE", "PHRASES", "SHORT", "Words", "count", "english", "listed",
           "operative_in", "phrase_of", "register_phrases"]

for _screens in every():  # each registered rule set's and pack's own actions
    register_phrases(dict(_screens.phrases))
