"""The end screen's part of the Kill Team classic pack: primary and secondary objectives
shown apart, and the operatives that fled. (The pack's decisions on the play screen, placing
a marker, seizing the initiative, a late arrival, the game length die, are the action
chooser's: game/ui/chooser.py.)"""

from __future__ import annotations

from game.engine import Fled, Game, Scored
from game.engine import killteam as kt

# --- the end screen -------------------------------------------------------------------------

FINAL_SOURCES = ("primary objective", "secondary objective")


def end_sections(game: Game, player: int) -> list[tuple[str, list[str]]]:
    """The end screen's Kill Team classic sections for ``player``: its primary and its
    secondary objectives, each line with its VP (empty outside the pack)."""
    rules = kt.rules_of(game.config)
    if rules is None:
        return []
    found: dict[str, list[str]] = {source: [] for source in FINAL_SOURCES}
    for event in game.events:
        if isinstance(event, Scored) and event.player == player \
                and event.source in FINAL_SOURCES:
            found[event.source].append(f"{event.name} ({event.vp} VP)")
    return [("Primary objectives", found["primary objective"]),
            ("Secondary objectives", found["secondary objective"])]


def fled_operatives(game: Game, player: int) -> list[str]:
    """``player``'s operatives that fled after a failed Break test."""
    return [e.operative for e in game.events if isinstance(e, Fled) and e.player == player]


__all__ = ["FINAL_SOURCES", "end_sections", "fled_operatives"]
