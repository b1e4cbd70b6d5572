"""The content tools' view of the Kill Team classic pack (:mod:`.pack`): its missions'
``kill_team`` rules, its fireteam keys, the numbers its texts state and its part of the card
reference, registered with :mod:`game.content.systems`."""

from game.content.rulesets.killteam.pack import CONTENT

__all__ = ["CONTENT"]
