"""The Kill Team classic pack's stages and decisions (docs/rules-decisions.md,
"Kill Team classic"), run by the Fireteam rules' flow table (which takes them from the pack's
declaration, :mod:`.pack`) for a mission whose ``kill_team`` data asks for them:

- placing objective markers in turn after a roll-off (``placed_objectives``);
- Search Pattern's roll per operative before deployment (``search_pattern``);
- turning point 1: whoever deployed first holds the initiative; the other may try to seize it
  (``seize_initiative``);
- at the start of each firefight phase: night fighting's roll, then each Broken force's
  Break tests, then late arrivals (at turning point 2);
- the game length die after the mission's turning points (``variable_length``);
- at the end: primary and secondary objectives.

The numbers are :mod:`game.engine.rulesets.killteam.core`'s.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from game.engine.contract import ActionRule, hears
from game.engine.events import ControlChanged, PhaseStarted, TakenDown, TurningPointStarted
from game.engine.rulesets.killteam import core as kt
from game.engine.rulesets.killteam import events as kt_events
from game.engine.rulesets.killteam.actions import Arrive, PlaceObjective, RollGameLength, Seize
from game.engine.state import Flag, OperativeState, Phase, initiative_order, opponent

if TYPE_CHECKING:
    from game.engine.events import Event
    from game.engine.game import Game


# --- which stages a mission uses (the flow table's choices) --------------------------------

def places_objectives(game: Game) -> bool:
    """Markers are still to be placed."""
    return any(not game.state.objective_hexes.get(o)
               for o in kt.placed_ids(kt.rules_of(game.config)))


def uses_search_pattern(game: Game) -> bool:
    rules = kt.rules_of(game.config)
    return rules is not None and rules.search_pattern


def uses_seize(game: Game) -> bool:
    rules = kt.rules_of(game.config)
    return rules is not None and rules.seize_initiative


def uses_start_of_firefight(game: Game) -> bool:
    return kt.rules_of(game.config) is not None


def arrivals_due(game: Game) -> bool:
    return bool(kt.late_operatives(game, 1) or kt.late_operatives(game, 2)) and \
        game.state.turning_point >= kt.ARRIVAL_TURNING_POINT


def length_roll_due(game: Game) -> bool:
    """The game length die is rolled now: the end phase just played was that of a turning
    point the die is due after (the mission's last, or an extra one). The end phase of an
    earlier turning point has already moved the count on (say 2 to 3) when this is asked,
    so the count alone would roll the die after turning point 2 and skip turning point 3:
    the end phase must be the current turning point's own."""
    if game.is_over or kt.length_roll_needed(game) <= 0:
        return False
    state = game.state
    for event in reversed(game.events):
        if isinstance(event, PhaseStarted):
            return event.phase == Phase.END and event.turning_point == state.turning_point
    return False


# --- placing objective markers ----------------------------------------------------------------

def objective_roll_off(game: Game) -> None:
    """Roll off: the winner places the first marker."""
    roll = game.roll_off("objective placement")
    game.emit(roll)
    game.state.to_act = roll.winner


def all_placed(game: Game) -> bool:
    return not places_objectives(game)


class PlaceObjectiveRule(ActionRule[PlaceObjective]):
    action = PlaceObjective

    def generate(self, game: Game, player: int) -> Iterator[PlaceObjective]:
        for h in kt.objective_hexes(game):
            yield PlaceObjective(player, h)

    def why_not(self, game: Game, action: PlaceObjective) -> str | None:
        if not game.grid.is_on_board(action.hex):
            return f"{action.hex} is not a hex of the killzone"
        if action.hex not in kt.objective_hexes(game):
            return (f"{action.hex} is too close to an edge, a territory or another objective "
                    f"(at least {kt.OBJECTIVE_EDGE} hexes from the edges, "
                    f"{kt.OBJECTIVE_TERRITORY} from the territories and "
                    f"{kt.OBJECTIVE_APART} from other objectives)")
        return None

    def apply(self, game: Game, action: PlaceObjective) -> None:
        state = game.state
        marker = next(o for o in kt.placed_ids(kt.rules_of(game.config))
                      if not state.objective_hexes.get(o))
        state.objective_hexes[marker] = action.hex
        game.emit(kt_events.ObjectivePlaced(action.player, marker, action.hex))
        state.to_act = opponent(action.player)


# --- Search Pattern ----------------------------------------------------------------------------

def roll_search_pattern(game: Game) -> None:
    """Each operative rolls: on 1-2 it arrives later from an edge instead of deploying."""
    for op in list(game.state.operatives.values()):
        if op.hex is not None or op.taken_down:
            continue
        roll = game.roll()
        late = roll <= kt.SEARCH_LATE_ON
        if late:
            op.flags = (*op.flags, "late")
        game.emit(kt_events.SearchPatternRolled(op.id, roll, late))


# --- seizing the initiative -------------------------------------------------------------------

def first_turning_point(game: Game) -> None:
    """Turning point 1 begins: whoever deployed first holds the initiative; the other
    player decides whether to try to seize it."""
    state = game.state
    game.emit(TurningPointStarted(state.turning_point))
    game.emit(PhaseStarted(Phase.INITIATIVE, state.turning_point))
    state.initiative = state.rolloff_winner or 1
    game.emit(kt_events.InitiativeTaken(state.initiative))
    state.done = []
    state.to_act = opponent(state.initiative)


def seize_decided(game: Game) -> bool:
    return bool(game.state.done)


def clear_done(game: Game) -> None:
    game.state.done = []


class SeizeRule(ActionRule[Seize]):
    action = Seize

    def generate(self, game: Game, player: int) -> Iterator[Seize]:
        yield Seize(player, True)
        yield Seize(player, False)

    def why_not(self, game: Game, action: Seize) -> str | None:
        return None

    def apply(self, game: Game, action: Seize) -> None:
        state = game.state
        if action.attempt:
            roll = game.roll()
            seized = roll >= kt.SEIZE_ON
            if seized:
                state.initiative = action.player
            game.emit(kt_events.InitiativeTaken(state.initiative, roll, seized))
        state.done.append(action.player)


# --- the start of each firefight phase -----------------------------------------------------

def start_of_firefight(game: Game) -> None:
    """Night fighting's roll, each Broken force's Break tests (initiative holder first), and
    the edges late operatives will arrive on."""
    _night(game)
    rules = kt.rules_of(game.config)
    if rules is not None and rules.break_tests:
        for player in initiative_order(game.state.initiative):
            break_tests(game, player)
    if game.state.turning_point == kt.ARRIVAL_TURNING_POINT:
        for player in initiative_order(game.state.initiative):
            for op in kt.late_operatives(game, player):
                roll = game.roll()
                sides = kt.ARRIVAL_EDGES[roll]
                edges = kt.compass_edges(game, player, sides)
                op.flags = (*op.flags, *(f"edge:{e}" for e in edges))
                game.emit(kt_events.ArrivalEdge(op.id, roll, edges, sides))


def _night(game: Game) -> None:
    rules = kt.rules_of(game.config)
    state = kt.pack_state(game)
    if rules is None or rules.night_fighting == kt.NIGHT_NONE:
        return
    tp = state.turning_point
    if rules.night_fighting == kt.NIGHT_BATTLE:
        if not state.night:
            state.night = True
            game.emit(kt_events.NightFighting(tp, True))
        return
    if tp in (1, game.config.turning_points):
        roll = game.roll()
        state.night = roll >= kt.NIGHT_ON
        game.emit(kt_events.NightFighting(tp, state.night, roll))
    elif tp < game.config.turning_points and state.night:
        state.night = False
        game.emit(kt_events.NightFighting(tp, False))


def break_tests(game: Game, player: int) -> None:
    """A force that has lost more than half its operatives is Broken from now on; each of
    its operatives then takes a Break test, the leader first. Within the command range of a
    leader who passed, operatives pass; fearless ones pass; a failure flees."""
    state = kt.pack_state(game)
    if player not in state.broken:
        if not kt.more_than_half_lost(game, player):
            return
        state.broken.append(player)
        lost, total = kt.removed(game, player)
        game.emit(kt_events.ForceBroken(player, lost, total))
    leader = kt.leader_of(game, player)
    ops = [o for o in game.on_killzone(player)]
    if leader is not None and leader.on_killzone:
        ops.remove(leader)
        ops.insert(0, leader)
    commanding: str | None = None
    for op in ops:
        if not op.on_killzone:
            continue
        if kt.is_fearless(game, op):
            game.emit(kt_events.BreakTest(op.id, True, (), "fearless"))
            passed = True
        elif commanding is not None and op.hex is not None and game.grid.distance(
                op.hex, commanding) <= kt.COMMAND_RANGE:
            game.emit(kt_events.BreakTest(op.id, True, (), "within the leader's command range"))
            continue
        else:
            need = kt.LEADER_BREAK_PASS if op is leader else kt.BREAK_PASS
            rolls = [game.roll()]
            if rolls[0] < need and kt.rerolls_break(game, op):
                rolls.append(game.roll())
            passed = rolls[-1] >= need
            game.emit(kt_events.BreakTest(op.id, passed, tuple(rolls)))
            if not passed:
                flee(game, op)
                continue
        if op is leader and passed:
            commanding = op.hex


def flee(game: Game, op: OperativeState) -> None:
    """``op`` leaves the killzone: removed from play, not taken down by the enemy."""
    state = kt.pack_state(game)
    where = op.hex
    assert where is not None
    for objective, carrier in list(state.carried.items()):
        if carrier == op.id:
            del state.carried[objective]
            state.objective_hexes[objective] = where
    op.taken_down = True
    op.hex = None
    op.flags = (*op.flags, "fled")
    if not state.first_removed:
        state.first_removed = op.player
    game.rules_changed()
    game.emit(kt_events.Fled(op.id, op.player, where))
    game.check_control()


# --- late arrivals --------------------------------------------------------------------------

def first_to_arrive(game: Game) -> None:
    state = game.state
    first, second = initiative_order(game.state.initiative)
    state.to_act = first if kt.late_operatives(game, first) else second


def hand_over_arrivals(game: Game) -> bool:
    state = game.state
    if not kt.late_operatives(game, state.to_act):
        state.to_act = opponent(state.to_act)
    return False


def all_arrived(game: Game) -> bool:
    return not arrivals_due(game)


def after_arrivals(game: Game) -> None:
    """The firefight phase goes on with the initiative holder's turn."""
    game.state.to_act = initiative_order(game.state.initiative)[0]
    game.check_control()


class ArriveRule(ActionRule[Arrive]):
    action = Arrive

    def generate(self, game: Game, player: int) -> Iterator[Arrive]:
        for op in kt.late_operatives(game, player):
            for h in kt.arrival_hexes(game, op):
                yield Arrive(player, op.id, h)

    def why_not(self, game: Game, action: Arrive) -> str | None:
        op = game.state.operatives.get(action.operative)
        if op is None or op.player != action.player:
            return f"no operative {action.operative!r} of yours"
        if op not in kt.late_operatives(game, action.player):
            return f"{op.id} is not waiting to arrive"
        if action.hex not in kt.arrival_hexes(game, op):
            return (f"{action.hex} is not an empty hex of {op.id}'s arrival edge at least 2 "
                    "hexes from every enemy")
        return None

    def apply(self, game: Game, action: Arrive) -> None:
        state = game.state
        op = state.operatives[action.operative]
        op.hex = action.hex
        op.flags = tuple(f for f in op.flags if not f.startswith("edge:"))
        game.rules_changed()
        game.emit(kt_events.Arrived(action.player, op.id, action.hex))
        if kt.late_operatives(game, opponent(action.player)):
            state.to_act = opponent(action.player)


# --- the game length ------------------------------------------------------------------------

def length_roller(game: Game) -> None:
    """The initiative holder rolls the game length die."""
    game.state.done = []
    game.state.to_act = game.state.initiative or 1


def length_decided(game: Game) -> bool:
    return bool(game.state.done)


class RollGameLengthRule(ActionRule[RollGameLength]):
    action = RollGameLength

    def generate(self, game: Game, player: int) -> Iterator[RollGameLength]:
        yield RollGameLength(player)

    def why_not(self, game: Game, action: RollGameLength) -> str | None:
        return None

    def apply(self, game: Game, action: RollGameLength) -> None:
        state = game.state
        need = kt.length_roll_needed(game)
        roll = game.roll()
        goes_on = roll >= need
        game.emit(kt_events.GameLengthRolled(state.turning_point, roll, need, goes_on))
        state.done.append(action.player)
        if goes_on:
            state.turning_point += 1
            state.turn = 1
        else:
            game.end_mission()


# --- the end --------------------------------------------------------------------------------

def score_at_end(game: Game) -> None:
    """The mission's end: ``end_mission`` rules, then each objective's VP to its controller
    (primary), then the secondary objectives."""
    rules = kt.rules_of(game.config)
    if rules is None:
        return
    state = game.state
    game.emit(kt_events.MissionScoring(state.turning_point))
    for player in (1, 2):
        for obj in game.config.objectives:
            if state.control.get(obj) != player or game.objective_hex(obj) is None:
                continue
            vp = rules.objective_vp + (1 if Flag("vital_intel") in
                                       state.objective_flags.get(obj, []) else 0)
            game.score(player, vp, "primary objective", obj, (obj,))
    for player in (1, 2):
        enemy = opponent(player)
        for secondary in rules.secondary:
            if _secondary_met(game, secondary, player, enemy):
                game.score(player, 1, "secondary objective", kt.SECONDARY_NAMES[secondary])


def _secondary_met(game: Game, secondary: str, player: int, enemy: int) -> bool:
    state = kt.pack_state(game)
    if secondary == kt.SLAY_THE_LEADER:
        leader = kt.leader_of(game, enemy)
        return leader is not None and leader.taken_down and not kt.fled(leader)
    if secondary == kt.LINEBREAKER:
        side = state.territory.get(enemy)
        zone = set(game.config.territories.get(side, ())) if side else set()
        return any(o.hex in zone for o in game.on_killzone(player))
    if secondary == kt.FIRST_BLOOD:
        return state.first_removed == enemy
    if secondary == kt.BREAK_THE_ENEMY:
        return kt.more_than_half_destroyed(game, enemy)
    raise ValueError(f"unknown secondary objective {secondary!r}")


# --- what the pack hears --------------------------------------------------------------------

def on_event(game: Game, event: Event) -> None:
    """First Blood's record, and mysterious objectives revealed when first controlled."""
    rules = kt.rules_of(game.config)
    if rules is None:
        return
    state = kt.pack_state(game)
    if isinstance(event, TakenDown):
        if not state.first_removed:
            state.first_removed = event.player
        if event.by != opponent(event.player):
            op = state.operatives.get(event.operative)
            if op is not None and kt.OWN_LOSS not in op.flags:
                op.flags = (*op.flags, kt.OWN_LOSS)
    elif isinstance(event, ControlChanged) and rules.mysterious_objectives \
            and event.player in (1, 2) and not _revealed(game, event.objective):
        roll = game.roll()
        result = kt.MYSTERY_TABLE[roll]
        state.objective_flags.setdefault(event.objective, []).append(Flag(result))
        game.rules_changed()
        game.emit(kt_events.MysteryRevealed(event.objective, roll, result, event.player))
        if result == "booby_trapped":
            where = game.objective_hex(event.objective)
            for op in list(game.on_killzone(event.player)):
                if where is not None and op.hex is not None and op.on_killzone \
                        and game.grid.distance(op.hex, where) <= 1:
                    game.wound(op, kt.BOOBY_TRAP_DAMAGE, cause="booby trap")


hears(on_event, TakenDown, ControlChanged)  # no call for the pack's other events


def _revealed(game: Game, objective: str) -> bool:
    flags = game.state.objective_flags.get(objective, [])
    return any(f.name in kt.MYSTERY_TABLE.values() for f in flags)


__all__ = ["ArriveRule", "PlaceObjectiveRule", "RollGameLengthRule", "SeizeRule",
           "on_event", "score_at_end"]
