"""The one list of the game's terrain words: what the board shows on each kind of hex, in the
words the tutorial, the hex tooltips, the rules help and the cards all use. No pygame here.

The board's art draws ruins on blocked hexes and barricades on cover hexes
(``game/ui/board.py``), so those are the words; other names a writer might reach for
(rubble, walls, sandbags...) are listed in :data:`NOT_OUR_WORDS`, and the glossary test keeps
them out of every player-facing text."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    """One kind of terrain: its word (singular, plural), the hex kind it names, what it
    does, in a sentence."""

    word: str
    plural: str
    hex_kind: str
    meaning: str

    @property
    def title(self) -> str:
        return self.word[:1].upper() + self.word[1:]


BLOCKED = Term("ruin", "ruins", "blocked hex",
               "blocked terrain: no operative can stand on it or pass through, and no line "
               "of sight crosses it")
COVER = Term("barricade", "barricades", "cover hex",
             "an operative standing here is in cover against attacks from further away than "
             "the next hex")
TERRAIN: dict[str, Term] = {"blocked": BLOCKED, "cover": COVER}

# words for terrain that are not ours: a text that used them would give one hex two names
NOT_OUR_WORDS = ("rubble", "wall", "walls", "walled", "sandbag", "sandbags", "debris",
                 "boulder", "boulders")
