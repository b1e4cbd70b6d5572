"""The Kill Team classic pack on screen: the mission's length as a player reads it (the game
length die may add turning points beyond the card's), the marks of a mission's map, the end
screen's part (primary and secondary objectives shown apart, and the operatives that fled)
and the words of its decisions. (How its decisions are picked: :mod:`.chooser`.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from game.engine import Action, Config, Game, Mission, Scored
from game.engine.rulesets.killteam import (
    GAME_LENGTH_NEEDS,
    Arrive,
    Fled,
    PlaceObjective,
    RollGameLength,
    Seize,
    mission_rules,
    placement_hexes,
    rules_of,
    side_edge,
)

if TYPE_CHECKING:
    from game.ui.words import Words

# --- the length of a mission -----------------------------------------------------------------


def length_words(mission: Mission) -> str:
    """A mission's length: "3 turning points", or with the game length die (which may add
    turning points) "3 turning points, up to 5"."""
    words = f"{mission.turning_points} turning points"
    rules = mission_rules(mission)
    if rules is not None and rules.variable_length:
        words += f", up to {mission.turning_points + len(GAME_LENGTH_NEEDS)}"
    return words


def map_keys(config: Config) -> list[tuple[str, str]]:
    """The key of a mission's map: where the players may place objective markers ("zone"),
    the killzone edges late operatives arrive on ("arrival")."""
    rules = rules_of(config)
    keys = []
    if rules is not None and rules.placed_objectives:
        keys.append(("zone", "Objective marker zone (gold ring)"))
    if rules is not None and rules.search_pattern:
        keys.append(("arrival", "Late arrival edges (violet)"))
    return keys


def map_marks(config: Config) -> list[tuple[str, list[str]]]:
    """The hexes of each kind of :func:`map_keys`."""
    rules = rules_of(config)
    marks = []
    if rules is not None and rules.placed_objectives:
        fixed = [h for h in config.objectives.values() if h]
        marks.append(("zone", list(placement_hexes(config.grid, config.territories, fixed))))
    if rules is not None and rules.search_pattern:
        marks.append(("arrival", [h for edge in ("west", "east")
                                  for h in side_edge(config.grid, edge)]))
    return marks


# --- the end screen -------------------------------------------------------------------------

FINAL_SOURCES = ("primary objective", "secondary objective")


def end_sections(game: Game, player: int) -> list[tuple[str, list[str]]]:
    """The end screen's Kill Team classic sections for ``player``: its primary and its
    secondary objectives, each line with its VP (empty outside the pack)."""
    rules = rules_of(game.config)
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
           "map_keys", "map_marks"]
