"""The Kill Team classic mission pack, played under the Fireteam rules: its numbers and
questions (:mod:`.core`), its decisions (:mod:`.actions`), its events (:mod:`.events`), the
stages the flow table runs for a mission whose ``kill_team`` data asks for them (:mod:`.rules`)
and its declaration as a plug-in of the Fireteam rules (:mod:`.pack`, registered here with
:mod:`game.engine.packs` when the registry, :mod:`game.engine.rulesets`, imports the pack).

What the screens and the computer player may use of it is :data:`__all__` (the engine's
public surface, beside ``game.engine``'s own): its decisions, its events, its numbers and the
questions that only read a game.
"""

from game.engine.packs import register_pack
from game.engine.rulesets.killteam.actions import Arrive, PlaceObjective, RollGameLength, Seize
from game.engine.rulesets.killteam.core import (
    ARRIVAL_TURNING_POINT,
    BREAK_PASS,
    BREAK_THE_ENEMY,
    COMMAND_RANGE,
    FIRST_BLOOD,
    GAME_LENGTH_NEEDS,
    LEADER_BREAK_PASS,
    LINEBREAKER,
    NIGHT_FIGHTING,
    NIGHT_ON,
    NIGHT_RANGE,
    OBJECTIVE_APART,
    OBJECTIVE_EDGE,
    OBJECTIVE_TERRITORY,
    PACK,
    REANIMATION_REACH,
    RULES_SPEC,
    SEARCH_LATE_ON,
    SECONDARY_NAMES,
    SECONDARY_OBJECTIVES,
    SEIZE_ON,
    SLAY_THE_LEADER,
    KillTeamRules,
    PackState,
    PackStep,
    fled,
    is_fearless,
    is_leader,
    last_turning_point,
    late_operatives,
    leader_of,
    length_roll_needed,
    mission_rules,
    more_than_half_destroyed,
    more_than_half_lost,
    placed_ids,
    placement_hexes,
    removed,
    roll_needed_after,
    rules_of,
    side_edge,
)
from game.engine.rulesets.killteam.events import (
    ArrivalEdge,
    Arrived,
    BreakTest,
    Fled,
    ForceBroken,
    GameLengthRolled,
    InitiativeTaken,
    MissionScoring,
    MysteryRevealed,
    NightFighting,
    ObjectivePlaced,
    ReanimationOutOfReach,
    SearchPatternRolled,
)
from game.engine.rulesets.killteam.pack import make

register_pack(PACK, make)

__all__ = [
    "ARRIVAL_TURNING_POINT", "BREAK_PASS", "COMMAND_RANGE", "GAME_LENGTH_NEEDS",
    "LEADER_BREAK_PASS", "NIGHT_ON", "NIGHT_RANGE", "OBJECTIVE_APART", "OBJECTIVE_EDGE",
    "OBJECTIVE_TERRITORY", "PACK", "REANIMATION_REACH", "RULES_SPEC", "SEARCH_LATE_ON",
    "SECONDARY_NAMES", "SEIZE_ON", "BREAK_THE_ENEMY", "FIRST_BLOOD", "LINEBREAKER",
    "NIGHT_FIGHTING", "SECONDARY_OBJECTIVES", "SLAY_THE_LEADER", "KillTeamRules", "PackState",
    "PackStep", "mission_rules",
    "ArrivalEdge", "Arrive", "Arrived", "BreakTest", "Fled", "ForceBroken", "GameLengthRolled",
    "InitiativeTaken", "MissionScoring", "MysteryRevealed", "NightFighting", "ObjectivePlaced",
    "PlaceObjective", "ReanimationOutOfReach", "RollGameLength", "SearchPatternRolled", "Seize",
    "fled", "is_fearless", "is_leader", "last_turning_point", "late_operatives", "leader_of",
    "length_roll_needed",
    "more_than_half_destroyed", "more_than_half_lost", "placed_ids", "placement_hexes", "removed",
    "roll_needed_after", "rules_of", "side_edge",
]
