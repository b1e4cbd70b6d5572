"""The Kill Team classic pack on screen: the turning point counter and the mission's length
as a player reads them (the game length die may add turning points beyond the card's), and
the end screen's part: primary and secondary objectives shown apart, and the operatives that
fled. (The pack's decisions on the play screen, placing
a marker, seizing the initiative, a late arrival, the game length die, are the action
chooser's: game/ui/chooser.py.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine import (
    Action,
    Arrive,
    Config,
    Fled,
    Game,
    Mission,
    PlaceObjective,
    RollGameLength,
    Scored,
    Seize,
)
from game.engine import killteam as kt

if TYPE_CHECKING:
    from game.ui.words import Words

# --- the length of a mission -----------------------------------------------------------------


def turning_point_words(config: Config, turning_point: int) -> str:
    """The turning point counter: "Turning point 2/3"; past the mission's last one (the game
    length die gave one more) "Turning point 4 (extra)", never "4/3"."""
    if turning_point > config.turning_points:
        return f"Turning point {turning_point} (extra)"
    return f"Turning point {turning_point}/{config.turning_points}"


def length_words(mission: Mission) -> str:
    """A mission's length: "3 turning points", or with the game length die (which may add
    turning points) "3 turning points, up to 5"."""
    words = f"{mission.turning_points} turning points"
    rules = mission.kill_team
    if rules is not None and rules.variable_length:
        words += f", up to {mission.turning_points + len(kt.GAME_LENGTH_NEEDS)}"
    return words


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


# each of the pack's decisions as a short instruction (game.ui.words.Words.action), by its type
PACK_PHRASES: dict[type[Action], Callable[[Words, Any], str]] = {
    PlaceObjective: lambda w, a: f"place an objective marker on {a.hex}",
    Seize: lambda w, a: "try to seize the initiative" if a.attempt else
    "leave the initiative where it is",
    Arrive: lambda w, a: f"bring {w.operative(a.operative)} on at {a.hex}",
    RollGameLength: lambda w, a: "roll the game length die",
}


__all__ = ["FINAL_SOURCES", "PACK_PHRASES", "end_sections", "fled_operatives", "length_words",
           "turning_point_words"]
