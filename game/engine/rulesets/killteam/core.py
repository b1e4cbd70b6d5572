"""The Kill Team classic pack's numbers and questions (docs/rules-decisions.md,
"Kill Team classic"): every distance and roll the seed gives in inches or on a Leadership
scale, converted once, here; who leads each force, whether a force is Broken, where markers,
operatives and late arrivals may be placed, and the pack's rules written in the card
vocabulary (night fighting, mysterious objectives).

Pure: nothing here changes the game; :mod:`game.engine.rulesets.killteam.rules` does the rules'
work.
Everything is driven by the mission's ``kill_team`` data (:class:`KillTeamRules`), never by its id.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, cast

from game.engine import vocabulary as V
from game.engine.defs import Effect
from game.engine.hexgrid import parse_label
from game.engine.state import State, opponent, register_state, register_steps

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.defs import Mission
    from game.engine.game import Game
    from game.engine.hexgrid import Grid
    from game.engine.state import OperativeState



class PackStep(StrEnum):
    """Where inside a phase a game on one of the pack's missions waits, besides the Fireteam
    rules' steps (its stages: :mod:`.pack`)."""

    PLACE_OBJECTIVES = "place_objectives"  # the players place objective markers in turn
    SEARCH_PATTERN = "search_pattern"  # each operative's roll: deploy now or arrive later
    SEIZE = "seize"  # the player due to go second may try to seize the initiative
    BREAK_TESTS = "break_tests"  # night fighting's roll and a broken force's Break tests
    ARRIVE = "arrive"  # late operatives arrive from a killzone edge
    GAME_LENGTH = "game_length"  # a die decides whether one more turning point is played


register_steps(PackStep)


@register_state
@dataclass
class PackState(State):
    """The state of a game on one of the pack's missions: the players whose force is
    Broken, the player whose operative was the first removed (0: none yet), whether night
    fighting is in force."""

    broken: list[int] = field(default_factory=list)
    first_removed: int = 0
    night: bool = False


def pack_state(game: Game) -> PackState:
    """The state of a game on one of the pack's missions (:class:`PackState`)."""
    return cast(PackState, game.state)

# the pack's id (``pack:`` of its missions) and the mission key holding its rules
PACK = "kill_team"
# the secondary objectives a mission of the pack may score, and its night fighting
SLAY_THE_LEADER = "slay_the_leader"
LINEBREAKER = "linebreaker"
FIRST_BLOOD = "first_blood"
BREAK_THE_ENEMY = "break_the_enemy"
SECONDARY_OBJECTIVES = (SLAY_THE_LEADER, LINEBREAKER, FIRST_BLOOD, BREAK_THE_ENEMY)
NIGHT_NONE = "none"
NIGHT_BATTLE = "battle"
NIGHT_ROLLED = "rolled"
NIGHT_FIGHTING = (NIGHT_NONE, NIGHT_BATTLE, NIGHT_ROLLED)
# ``kill_team:`` of a mission of the pack, as the content tools read it
RULES_SPEC = V.MapSpec({
    "table_roll": V.IntSpec(1, 6),
    "our_design": V.BoolSpec(),
    "placed_objectives": V.IntSpec(0, 6),
    "objective_vp": V.IntSpec(0, 6),
    "secondary": V.ListSpec(V.EnumSpec(SECONDARY_OBJECTIVES)),
    "break_tests": V.BoolSpec(),
    "seize_initiative": V.BoolSpec(),
    "variable_length": V.BoolSpec(),
    "night_fighting": V.EnumSpec(NIGHT_FIGHTING),
    "mysterious_objectives": V.BoolSpec(),
    "search_pattern": V.BoolSpec(),
    "reanimation_near_friend": V.BoolSpec(),
}, ("table_roll",))


@dataclass(frozen=True)
class KillTeamRules:
    """The Kill Team classic rules a mission of that pack uses (``kill_team:`` in its file,
    docs/content-format.md; a mission's ``pack_rules``). The numbers of each rule are decided
    once, here (docs/rules-decisions.md, "Kill Team classic")."""

    table_roll: int  # its entry (1..6) in the pack's D6 mission table (content gives it)
    our_design: bool = False  # the seed only names it: its rules are ours
    placed_objectives: int = 0  # markers the players place after a roll-off (0: none)
    objective_vp: int = 1  # what each objective is worth to its controller at the end
    secondary: tuple[str, ...] = ()  # the secondary objectives scored at the end
    break_tests: bool = False
    seize_initiative: bool = False
    variable_length: bool = False
    night_fighting: str = "none"  # "none", "battle" (all of it) or "rolled"
    mysterious_objectives: bool = False
    search_pattern: bool = False
    reanimation_near_friend: bool = False  # Necron exception to Reanimation Protocols


# --- the conversions (docs/rules-decisions.md, "Kill Team classic: conversions") -----------
COMMAND_RANGE = 3  # 6": a hex is about 2" (a 6" move is 3 hexes on our datacards)
BREAK_PASS = 3  # a Break test passes on a D6 of 3+ (2D6 under Leadership 8: 72 %)
LEADER_BREAK_PASS = 2  # the leader's on 2+ (Leadership 9: 83 %)
SEARCH_LATE_ON = 2  # Search Pattern: on 1-2 the operative arrives later
SEARCH_APART = 1  # 3" apart: not within 1 hex of another operative (no neighbours)
ARRIVAL_TURNING_POINT = 2  # late operatives arrive at the start of this turning point
# a D6 per late operative: its player's left or right edge (seen from that player's own
# edge of the killzone, facing the enemy), or either on 5-6 (see :func:`compass_edges`)
ARRIVAL_EDGES = {1: ("left",), 2: ("left",), 3: ("right",), 4: ("right",),
                 5: ("left", "right"), 6: ("left", "right")}
REANIMATION_REACH = 1  # 2": within 1 hex of another friendly operative
SEIZE_ON = 6
GAME_LENGTH_NEEDS = (3, 4)  # after the mission's turning points: 3+ for one more, then 4+
OBJECTIVE_EDGE = 2  # markers at least 2 hexes from every killzone edge (6" of a 48" table)
OBJECTIVE_APART = 4  # and at least 4 hexes from each other (12" of a 48" table)
OBJECTIVE_TERRITORY = 2  # and at least 2 hexes from either territory (ours)
# the secondary objectives' names, as the screens and the log read them
SECONDARY_NAMES = {SLAY_THE_LEADER: "Slay the Leader", LINEBREAKER: "Linebreaker",
                   FIRST_BLOOD: "First Blood", BREAK_THE_ENEMY: "Break the Enemy"}
NIGHT_ON = 4  # night falls on a D6 of 4+ (turning point 1, and the mission's last)
NIGHT_RANGE = 4  # at night a target 4 or more hexes away counts as in cover
MYSTERY_TABLE = {1: "booby_trapped", 2: "inert", 3: "inert", 4: "ammunition_cache",
                 5: "sanctified", 6: "vital_intel"}  # our own table: the seed gives none
BOOBY_TRAP_DAMAGE = 2  # each operative of the player who revealed it, within 1 hex
PLACED_PREFIX = "marker"  # placed objective markers are marker1, marker2, ...


def rules_of(config: Config) -> KillTeamRules | None:
    """The Kill Team classic rules of the game's mission (None: not that pack)."""
    return mission_rules(config.mission)


def mission_rules(mission: Mission | None) -> KillTeamRules | None:
    """The Kill Team classic rules of ``mission`` (None: a mission of another pack)."""
    rules = mission.pack_rules if mission is not None else None
    return rules if isinstance(rules, KillTeamRules) else None


def placed_ids(rules: KillTeamRules | None) -> tuple[str, ...]:
    """The ids of the objective markers the players place."""
    count = rules.placed_objectives if rules is not None else 0
    return tuple(f"{PLACED_PREFIX}{n}" for n in range(1, count + 1))


def last_turning_point(config: Config) -> int:
    """The most turning points the mission can last (variable game length included)."""
    rules = rules_of(config)
    extra = len(GAME_LENGTH_NEEDS) if rules is not None and rules.variable_length else 0
    return config.turning_points + extra


def length_roll_needed(game: Game) -> int:
    """What the game length die needs now, at the end of a turning point (0: no roll is
    due: the mission goes on, or ends, by itself)."""
    return roll_needed_after(game.config, game.state.turning_point)


def roll_needed_after(config: Config, turning_point: int) -> int:
    """What the game length die needs at the end of ``turning_point`` of a mission with
    ``config`` (0: no roll is due there)."""
    rules = rules_of(config)
    if rules is None or not rules.variable_length:
        return 0
    index = turning_point - config.turning_points
    return GAME_LENGTH_NEEDS[index] if 0 <= index < len(GAME_LENGTH_NEEDS) else 0


# --- leaders and Break tests -----------------------------------------------------------------

def leader_of(game: Game, player: int) -> OperativeState | None:
    """``player``'s leader: the first of its operatives with its fireteam's leader card."""
    team = game.config.fireteams.get(player)
    if team is None or not team.leader:
        return None
    for op in game.state.operatives.values():
        if op.player == player and op.card == team.leader:
            return op
    return None


def is_leader(game: Game, op: OperativeState) -> bool:
    leader = leader_of(game, op.player)
    return leader is not None and leader.id == op.id


def is_fearless(game: Game, op: OperativeState) -> bool:
    team = game.config.fireteams.get(op.player)
    return team is not None and op.card in team.fearless


def rerolls_break(game: Game, op: OperativeState) -> bool:
    team = game.config.fireteams.get(op.player)
    return team is not None and op.card in team.break_rerolls


OWN_LOSS = "own_loss"  # an operative flag: taken down by no attack or rule of the enemy's


def removed(game: Game, player: int) -> tuple[int, int]:
    """(operatives of ``player`` its opponent has removed from play — taken down by the
    enemy, or fled —, all of them). A loss of its own (its own Overcharge or Hazardous
    weapon, a booby trap) does not count: the seed breaks a force for what *its opponent*
    destroyed or caused to be removed."""
    ops = [o for o in game.state.operatives.values() if o.player == player]
    return sum(1 for o in ops if o.taken_down and OWN_LOSS not in o.flags), len(ops)


def destroyed_by_enemy(game: Game, player: int) -> tuple[int, int]:
    """(operatives of ``player`` its opponent has destroyed — taken down by the enemy's
    attacks or rules, not fled, not lost by their own hand —, all of them): Break the
    Enemy's count."""
    ops = [o for o in game.state.operatives.values() if o.player == player]
    return sum(1 for o in ops if o.taken_down and OWN_LOSS not in o.flags
               and not fled(o)), len(ops)


def more_than_half_destroyed(game: Game, player: int) -> bool:
    lost, total = destroyed_by_enemy(game, player)
    return total > 0 and lost * 2 > total


def more_than_half_lost(game: Game, player: int) -> bool:
    lost, total = removed(game, player)
    return total > 0 and lost * 2 > total


def fled(op: OperativeState) -> bool:
    return "fled" in op.flags


# --- placement -------------------------------------------------------------------------------

def compass_edges(game: Game, player: int, sides: tuple[str, ...]) -> tuple[str, ...]:
    """``player``'s ``left``/``right`` as the killzone's ``west``/``east`` edges. A player
    faces the enemy from their own territory: from the bottom edge their left is the west,
    from the top edge their left is the east. A player with no territory yet counts as at
    the bottom."""
    side = game.state.territory.get(player)
    rows = [parse_label(h)[1] for h in game.config.territories.get(side, ())] if side else []
    top = bool(rows) and sum(rows) / len(rows) < (game.grid.rows + 1) / 2
    facing = {"left": "east" if top else "west", "right": "west" if top else "east"}
    return tuple(facing[s] for s in sides)


def edge_hexes(grid: Grid) -> frozenset[str]:
    """The hexes on the killzone's edges (fewer than six neighbours on the board)."""
    return frozenset(h for h in grid.hexes if len(grid.neighbours(h)) < 6)


@lru_cache(maxsize=64)
def side_edge(grid: Grid, edge: str) -> tuple[str, ...]:
    """The hexes of the ``west`` (first) or ``east`` (last) column (worked out once per
    killzone: each late arrival's listing asks it)."""
    column = 0 if edge == "west" else grid.columns - 1
    return tuple(h for h in grid.hexes if parse_label(h)[0] == column)


def objective_hexes(game: Game, relax: bool = False) -> list[str]:
    """Where the next objective marker may go: not blocked, at least :data:`OBJECTIVE_EDGE`
    hexes from every edge and :data:`OBJECTIVE_TERRITORY` from either territory, and at least
    :data:`OBJECTIVE_APART` from every marker already placed (``relax``: that last one
    dropped, when nothing else is left)."""
    placed = [h for o in placed_ids(rules_of(game.config))
              if (h := game.state.objective_hexes.get(o))]
    fixed = [h for o, h in game.config.objectives.items() if h]
    return placement_hexes(game.grid, game.config.territories, placed + fixed, relax)


def placement_hexes(grid: Grid, territories: dict[int, tuple[str, ...]], taken: list[str],
                    relax: bool = False) -> list[str]:
    """:func:`objective_hexes` on a bare map: ``taken`` are the objectives already there
    (the visualizer shows the zone of the first marker with none)."""
    zone = _placement_zone(grid, tuple(sorted(territories.items())))
    out = [h for h in zone if h not in taken and
           (relax or all(grid.distance(h, p) >= OBJECTIVE_APART for p in taken))]
    if not out and not relax:
        return placement_hexes(grid, territories, taken, relax=True)
    return out


@lru_cache(maxsize=64)
def _placement_zone(grid: Grid, territories: tuple[tuple[int, tuple[str, ...]], ...]
                    ) -> tuple[str, ...]:
    """The hexes a marker may go on whatever is placed: not blocked, far enough from the
    edges and the territories (worked out once per killzone)."""
    edges = edge_hexes(grid)
    zones = [h for _, hexes in territories for h in hexes]
    return tuple(h for h in grid.hexes if h not in grid.blocked
                 and not any(grid.distance(h, e) < OBJECTIVE_EDGE for e in edges)
                 and not any(grid.distance(h, z) < OBJECTIVE_TERRITORY for z in zones))


def spaced(game: Game, hexes: list[str]) -> list[str]:
    """Search Pattern: of ``hexes``, those not within :data:`SEARCH_APART` of any operative on
    the killzone; all of them if none is left (docs/rules-decisions.md)."""
    rules = rules_of(game.config)
    if rules is None or not rules.search_pattern:
        return hexes
    grid = game.grid
    near = {h for o in game.on_killzone() if o.hex is not None
            for h in grid.within(o.hex, SEARCH_APART)}
    out = [h for h in hexes if h not in near]
    return out or hexes


def arrival_hexes(game: Game, op: OperativeState) -> list[str]:
    """Where a late operative may arrive: an empty, open hex of the edge its roll gave (or
    either, on 5-6), not within 1 hex of an enemy; its own territory if none is left."""
    grid = game.grid
    taken = game.occupied()
    enemies = [o.hex for o in game.on_killzone(opponent(op.player)) if o.hex is not None]
    edges = [flag.split(":", 1)[1] for flag in op.flags if flag.startswith("edge:")]
    out = [h for edge in ("west", "east") if edge in edges for h in side_edge(grid, edge)
           if h not in taken and h not in grid.blocked
           and all(grid.distance(h, e) > 1 for e in enemies)]
    if out:
        return out
    side = game.state.territory.get(op.player)
    return [h for h in game.config.territories.get(side, ()) if h not in taken
            and h not in grid.blocked] if side else []


def late_operatives(game: Game, player: int) -> list[OperativeState]:
    """``player``'s operatives still waiting to arrive."""
    return [o for o in game.state.operatives.values()
            if o.player == player and "late" in o.flags and o.hex is None
            and not o.taken_down]


def reanimation_in_reach(game: Game, op: OperativeState) -> bool:
    """Necron exception: reanimation only within :data:`REANIMATION_REACH` of another friendly
    operative on the killzone (always, outside the pack or without the rule)."""
    rules = rules_of(game.config)
    if rules is None or not rules.reanimation_near_friend or op.hex is None:
        return True
    grid = game.grid
    return any(o.id != op.id and o.hex is not None
               and grid.distance(o.hex, op.hex) <= REANIMATION_REACH
               for o in game.on_killzone(op.player))


# --- the pack's rules in the card vocabulary ------------------------------------------------

NIGHT_RULE = Effect(V.ATTACK, {
    "role": V.DEFENDER, "who": V.WHO_ANY, "weapon": {"ranged": True},
    "if": [{"night": True}, {"distance_at_least": NIGHT_RANGE}], "mods": {"cover": True}},
    f"At night a target {NIGHT_RANGE} or more hexes from a ranged attacker counts as in cover.")
MYSTERY_RULES = (
    Effect(V.ATTACK, {
        "who": V.WHO_ANY, "if": [{"near_objective": {"distance": 1, "control": "own",
                                                     "flag": "ammunition_cache"}}],
        "mods": {"reroll_hits": "ones"}},
        "Ammunition cache: operatives within 1 hex of it re-roll 1s to hit while their "
        "side controls it."),
    Effect(V.ATTACK, {
        "role": V.DEFENDER, "who": V.WHO_ANY,
        "if": [{"near_objective": {"distance": 1, "control": "own", "flag": "sanctified"}}],
        "mods": {"save": -1}},
        "Sanctified ground: operatives within 1 hex of it save on one less while their side "
        "controls it."),
)


def pack_rules(config: Config) -> list[tuple[str, Effect]]:
    """The pack's rules in force in this mission, each with the name it goes by."""
    rules = rules_of(config)
    if rules is None:
        return []
    out: list[tuple[str, Effect]] = []
    if rules.night_fighting != NIGHT_NONE:
        out.append(("Night Fighting", NIGHT_RULE))
    if rules.mysterious_objectives:
        out.extend(("Mysterious Objectives", effect) for effect in MYSTERY_RULES)
    return out


__all__ = ["COMMAND_RANGE", "GAME_LENGTH_NEEDS", "leader_of", "pack_rules", "rules_of"]
