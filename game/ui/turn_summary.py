"""What a turning point brought, worked out from the events a player may see: VP scored and
why, targets of opportunity completed, operatives lost (the turning-point summary's
content; :mod:`game.ui.scenes.summary` draws it)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine import Config, Event, Scored, TakenDown, TargetCompleted, TurningPointStarted
from game.ui.rulesets import in_play


@dataclass
class Summary:
    """What one turning point brought each player."""

    turning_point: int
    scored: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})
    vp: dict[int, int] = field(default_factory=lambda: {1: 0, 2: 0})
    completed: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})
    lost: dict[int, list[str]] = field(default_factory=lambda: {1: [], 2: []})
    # the heading of ``completed`` (the rule set's or pack's cards; "": no such section)
    cards_heading: str = "Targets completed"


def for_rules(summary: Summary, config: Config) -> Summary:
    """``summary`` in the words of the game's rules, as its mission pack or rule set declares
    them (a pack's secondary objectives scored at the end instead of targets of opportunity;
    a rule set without cards: no such section)."""
    for screens in in_play(config):
        if screens.summary(summary, config):
            break
    return summary


def summarise(events: Sequence[Event], turning_point: int) -> Summary:
    """The summary of ``turning_point`` from the public events of the game so far."""
    summary = Summary(turning_point)
    inside = False
    for event in events:
        if isinstance(event, TurningPointStarted):
            inside = event.turning_point == turning_point
            continue
        if not inside:
            continue
        if isinstance(event, Scored):
            where = f" ({', '.join(event.objectives)})" if event.objectives else ""
            summary.scored[event.player].append(f"{event.vp} VP: {event.name}, "
                                                f"{event.basis or event.source}{where}")
            summary.vp[event.player] += event.vp
        elif isinstance(event, TargetCompleted):
            summary.completed[event.player].append(event.name)
        elif isinstance(event, TakenDown):
            summary.lost[event.player].append(event.operative)
    return summary


def ended_turning_point(events: Sequence[Event]) -> int | None:
    """The turning point that ``events`` (one action's) closed, if any: the next one
    started in them."""
    for event in events:
        if isinstance(event, TurningPointStarted) and event.turning_point > 1:
            return event.turning_point - 1
    return None
