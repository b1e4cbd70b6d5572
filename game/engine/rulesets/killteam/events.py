"""The events of the Kill Team classic pack (game/engine/rulesets/killteam/rules.py): placing
objective markers, Search Pattern, seizing the initiative, night fighting, Break tests and
fleeing, late arrivals, mysterious objectives and the variable game length.

Like every event, each is registered in :data:`game.engine.events.EVENT_TYPES` by being
defined, prints its own log sentence and reports every d6 it rolled in ``dice_rolled``.
"""

from __future__ import annotations

from game.engine.events import Event


class ObjectivePlaced(Event):
    player: int
    objective: str
    hex: str
    text = "player {player} places objective marker {objective} on {hex}"


class SearchPatternRolled(Event):
    """An operative's Search Pattern roll: ``late`` when it arrives later from an edge."""

    operative: str
    roll: int
    late: bool
    text = ("search pattern: {operative} rolls {roll} and "
            "{late:arrives later from a killzone edge|deploys now}")


class InitiativeTaken(Event):
    """Turning point 1 of a Kill Team classic mission: whoever deployed first holds the
    initiative, unless the other player seizes it (``roll`` 0: no attempt)."""

    player: int
    roll: int = 0
    seized: bool = False

    def __str__(self) -> str:
        if not self.roll:
            return f"player {self.player} deployed first and holds the initiative"
        if self.seized:
            return f"player {self.player} rolls {self.roll} and seizes the initiative"
        return f"the attempt to seize the initiative fails ({self.roll}): player " \
               f"{self.player} keeps it"


class NightFighting(Event):
    """Whether night fighting is in force this turning point (``roll`` 0: not rolled)."""

    turning_point: int
    night: bool
    roll: int = 0
    text = ("turning point {turning_point}: "
            "{night:night fighting is in force|there is light enough to see}{roll: ({roll})}")


class ForceBroken(Event):
    player: int
    removed: int
    total: int
    text = "player {player}'s force is broken: {removed} of {total} operatives lost"


class BreakTest(Event):
    """One operative's Break test. ``rolls`` empty: passed without a roll (``reason`` says
    why); two rolls: a failed first roll was re-rolled."""

    operative: str
    passed: bool
    rolls: tuple[int, ...] = ()
    reason: str = ""

    def __str__(self) -> str:
        result = "passes" if self.passed else "fails"
        how = f" ({', then '.join(map(str, self.rolls))})" if self.rolls else ""
        why = f": {self.reason}" if self.reason else ""
        return f"{self.operative} {result} its Break test{how}{why}"


class Fled(Event):
    """An operative that failed its Break test leaves the killzone (not taken down)."""

    operative: str
    player: int
    hex: str
    text = "{operative} flees the killzone"


class ArrivalEdge(Event):
    """Which killzone edge a late operative arrives on (``edges``: those it may choose)."""

    operative: str
    roll: int
    edges: tuple[str, ...]  # the killzone's edges: west, east
    sides: tuple[str, ...] = ()  # the same seen by its player: left, right

    def __str__(self) -> str:
        seen = f", its {' or '.join(self.sides)}" if self.sides else ""
        return f"{self.operative} will arrive on the {' or '.join(self.edges)} edge " \
               f"({self.roll}{seen})"


class Arrived(Event):
    player: int
    operative: str
    hex: str
    text = "{operative} arrives on {hex}"


class MysteryRevealed(Event):
    """A mysterious objective is first controlled: what it turns out to be."""

    objective: str
    roll: int
    result: str
    player: int

    def __str__(self) -> str:
        return f"mysterious objective {self.objective} ({self.roll}): " \
               f"{self.result.replace('_', ' ')}"


class ReanimationOutOfReach(Event):
    """Kill Team classic: a Necron operative with no other friendly operative near enough
    cannot reanimate; it is taken down without a roll."""

    operative: str
    text = "{operative} cannot reanimate: no other friendly operative is near"


class GameLengthRolled(Event):
    turning_point: int
    roll: int
    needed: int
    continues: bool

    def __str__(self) -> str:
        then = f"turning point {self.turning_point + 1} is played" if self.continues \
            else "the mission ends"
        return f"game length: {self.roll} against {self.needed}+: {then}"


class MissionScoring(Event):
    """The mission's end has come, before its result: primary and secondary objectives and
    ``end_mission`` card rules score now."""

    turning_point: int
    text = "the mission ends after turning point {turning_point}: final scoring"


__all__ = ["ArrivalEdge", "Arrived", "BreakTest", "Fled", "ForceBroken", "GameLengthRolled",
           "InitiativeTaken", "MissionScoring", "MysteryRevealed", "NightFighting",
           "ObjectivePlaced", "ReanimationOutOfReach", "SearchPatternRolled"]
