"""Set-up: the roll-off, dealing targets of opportunity, keeping or swapping them, and
placing operatives (docs/rules-decisions.md, "Set-up")."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Collection, Iterable, Iterator
from itertools import accumulate, combinations
from typing import TYPE_CHECKING, cast

from game.engine import vocabulary as V
from game.engine.actions import Deploy, Keep, Mulligan, deploy_row, new_deploy
from game.engine.events import Deployed, Mulliganed, SetupComplete, TargetsDealt
from game.engine.listing import LazyRun
from game.engine.packs import pack_of
from game.engine.rulesets.fireteam.base import ActionRule
from game.engine.state import OperativeState, opponent

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.engine.hexgrid import Grid

HAND_SIZE = 3


def roll_off(game: Game) -> None:
    """Roll off: the winner is dealt targets first and deploys first."""
    roll = game.roll_off("set-up")
    game.emit(roll)
    game.state.rolloff_winner = roll.winner


def deals_targets(game: Game) -> bool:
    """The mission uses targets of opportunity and nobody holds any yet."""
    return bool(game.config.targets) and not any(game.state.hands.values())


def deal(game: Game) -> None:
    """Shuffle the targets of opportunity and deal three to each player, the roll-off
    winner first; the winner decides first."""
    state = game.state
    winner = state.rolloff_winner
    other = opponent(winner)
    deck = sorted(game.config.targets)
    game.shuffle(deck)
    for _ in range(HAND_SIZE):
        for player in (winner, other):
            if deck:
                state.hands[player].append(deck.pop(0))
    state.deck = deck
    state.to_act = winner
    game.emit(TargetsDealt(winner, (tuple(state.hands[1]), tuple(state.hands[2]))))


def mulligans_done(game: Game) -> bool:
    """Both players have kept or swapped their targets."""
    return len(game.state.mulliganed) >= 2


def first_to_deploy(game: Game) -> None:
    """The roll-off winner places the first operative."""
    game.state.to_act = game.state.rolloff_winner


def hand_over_deployment(game: Game) -> bool:
    """A player with no operative left to place hands the next placement to the other."""
    state = game.state
    if not undeployed(game, state.to_act):
        state.to_act = opponent(state.to_act)
    return False


def all_deployed(game: Game) -> bool:
    """Every operative is on the killzone."""
    return not undeployed(game, 1) and not undeployed(game, 2)


def end_setup(game: Game) -> None:
    """Objectives are controlled as the operatives stand; set-up is complete."""
    game.check_control()
    game.invalidate()
    game.emit(SetupComplete())


def undeployed(game: Game, player: int) -> list[OperativeState]:
    return [o for o in game.state.operatives.values()
            if o.player == player and o.hex is None and not o.taken_down
            and "late" not in o.flags]  # a pack's Search Pattern: it arrives later


def deploy_hexes(game: Game, player: int, op: OperativeState | None = None) -> list[str]:
    """Empty hexes of ``player``'s territory (both territories before the first operative is
    placed); for an operative ``op`` with a ``scouts`` ability, once its territory is known,
    also the hexes its scout move reaches (see :func:`scout_hexes`)."""
    state = game.state
    sides = [state.territory[player]] if player in state.territory else [
        s for s in sorted(game.config.territories) if s not in state.territory.values()]
    taken = game.occupied()
    blocked = game.grid.blocked
    zone = [h for s in sides for h in game.config.territories[s]
            if h not in taken and h not in blocked]
    pack = pack_of(game.config)
    if pack is not None:  # the mission pack's spacing (Search Pattern)
        zone = pack.deploy_spacing(game, zone)
    if op is not None:
        seen = set(zone)
        zone.extend(h for h in scout_hexes(game, op) if h not in seen)
    return zone


def scout_distance(game: Game, op: OperativeState) -> tuple[int, int]:
    """(distance, clear) of the best ``scouts`` ability on ``op``'s datacard; (0, 0) for none."""
    return _scouts(game, op)[:2]


def _scouts(game: Game, op: OperativeState) -> tuple[int, int, int]:
    """(distance, clear, territory) of the best ``scouts`` ability on ``op``'s datacard:
    ``territory`` keeps it more than that many hexes from the enemy's territory (Infiltrators);
    (0, 0, 0) for none."""
    # the printed card's abilities (Game.datacard lengthens weapons only): asked for every
    # operative at every placement
    abilities = game.config.datacards[op.card].abilities
    found = _SCOUTS.get(id(abilities))
    if found is not None and found[0] is abilities:
        return found[1]
    best = (0, 0, 0)
    for ability in abilities:
        for effect in ability.effects:
            if effect.kind == V.SCOUTS:
                best = max(best, (int(effect.get("distance", 0)), int(effect.get("clear", 0)),
                                  int(effect.get("territory", 0))))
    if len(_SCOUTS) >= 1000:
        _SCOUTS.clear()
    _SCOUTS[id(abilities)] = (abilities, best)
    return best


# each datacard's abilities (by identity, kept alive beside the answer) and their best scout
# move: asked for every operative at every placement
_SCOUTS: dict[int, tuple[object, tuple[int, int, int]]] = {}


def scout_hexes(game: Game, op: OperativeState) -> list[str]:
    """Scouts: the hexes beyond ``op``'s territory it may be set up in, as if it had made a
    move of up to the ability's ``distance`` from there (around blocked and occupied hexes),
    each more than ``clear`` hexes from every enemy operative on the killzone (the seed's
    "more than 8 inches horizontally from all enemy units"; the enemy's territory does not
    count). Empty before its player's territory is known."""
    distance, clear, territory = _scouts(game, op)
    state = game.state
    side = state.territory.get(op.player)
    if not distance or side is None:
        return []
    # the same for every operative of the player with the same ability: worked out once a
    # position (a deployment lists every operative's hexes)
    key = (_SCOUT_HEXES, op.player, distance, clear, territory)
    found = game.memo.get(key)
    if found is None:
        found = game.memo[key] = tuple(_scout_hexes(game, op, distance, clear, territory))
    return list(cast("tuple[str, ...]", found))


_SCOUT_HEXES = object()  # the key of scout_hexes in Game.memo


def _scout_hexes(game: Game, op: OperativeState, distance: int, clear: int,
                 territory: int) -> list[str]:
    state = game.state
    side = state.territory[op.player]
    grid = game.grid
    own = set(game.config.territories.get(side, ()))
    far_from = [e.hex for e in game.on_killzone(opponent(op.player)) if e.hex is not None]
    enemy_side = state.territory.get(opponent(op.player)) or next(
        (s for s in game.config.territories if s != side), None)
    zone = list(game.config.territories.get(enemy_side, ())) if territory and enemy_side \
        else []
    reached = _reach(grid, own, game.occupied(), distance)
    # the hexes within ``clear`` of an enemy, or ``territory`` of the enemy's territory (each
    # hex's ball read off the grid, kept there)
    too_near = {h for f in far_from for h in grid.within(f, clear)}
    too_near.update(h for z in zone for h in grid.within(z, territory))
    return [h for h in grid.hexes if h in reached and h not in own and h not in too_near]


def _reach(grid: Grid, start: Iterable[str], taken: Collection[str], distance: int) -> set[str]:
    """The hexes within ``distance`` steps of ``start`` going round blocked and ``taken``
    hexes (the free hexes of ``start`` included)."""
    frontier = [h for h in start if h not in grid.blocked and h not in taken]
    reached = set(frontier)
    for _ in range(distance):
        nxt = []
        for h in frontier:
            for n in grid.neighbours(h):
                if n not in reached and n not in grid.blocked and n not in taken:
                    reached.add(n)
                    nxt.append(n)
        frontier = nxt
    return reached


def deploy_hexes_unspaced(game: Game, player: int) -> list[str]:
    """:func:`deploy_hexes` without Search Pattern's spacing (for its reason)."""
    state = game.state
    sides = [state.territory[player]] if player in state.territory else [
        s for s in sorted(game.config.territories) if s not in state.territory.values()]
    taken = game.occupied()
    return [h for s in sides for h in game.config.territories[s]
            if h not in taken and h not in game.grid.blocked]


class ListedDeploys(LazyRun[Deploy]):
    """The Deploy actions of a placement: each undeployed operative on each hex of its own
    list, in order, each read off :func:`~game.engine.actions.deploy_row` (or built into
    it) the first time it is asked for (a player takes one of a hundred and more: see
    :mod:`game.engine.listing`)."""

    __slots__ = ("player", "placements", "ends")

    def __init__(self, player: int, placements: list[tuple[str, list[str]]]) -> None:
        self.player = player
        self.placements = placements
        self.ends = list(accumulate(len(hexes) for _, hexes in placements))
        self.built: list[Deploy | None] = [None] * (self.ends[-1] if self.ends else 0)

    def build(self, i: int) -> Deploy:
        ends = self.ends
        k = bisect_right(ends, i)  # the operative whose run holds it
        operative, hexes = self.placements[k]
        hex_ = hexes[i - ends[k - 1] if k else i]
        row = deploy_row(self.player, operative)
        found = row.get(hex_)
        if found is None:
            found = row[hex_] = new_deploy(self.player, operative, hex_)
        return found


class KeepRule(ActionRule[Keep]):
    action = Keep

    def generate(self, game: Game, player: int) -> Iterator[Keep]:
        yield Keep(player)

    def why_not(self, game: Game, action: Keep) -> str | None:
        return None

    def apply(self, game: Game, action: Keep) -> None:
        game.emit(Mulliganed(action.player, (), (), ()))
        _after_mulligan(game, action.player)


class MulliganRule(ActionRule[Mulligan]):
    action = Mulligan

    def generate(self, game: Game, player: int) -> Iterator[Mulligan]:
        hand = game.state.hands[player]
        for size in range(1, len(hand) + 1):
            for cards in combinations(hand, size):
                yield Mulligan(player, cards)

    def why_not(self, game: Game, action: Mulligan) -> str | None:
        hand = game.state.hands[action.player]
        missing = [c for c in action.cards if c not in hand]
        if missing:
            return f"{', '.join(missing)} not in your hand"
        if len(set(action.cards)) != len(action.cards) or not action.cards:
            return "each card may be discarded once"
        if action not in set(self.generate(game, action.player)):
            return "discard the cards in the order they are held"
        return None

    def apply(self, game: Game, action: Mulligan) -> None:
        state = game.state
        hand = state.hands[action.player]
        for card in action.cards:
            hand.remove(card)
            state.discard.append(card)
        drawn = []
        for _ in action.cards:
            if state.deck:
                drawn.append(state.deck.pop(0))
        hand.extend(drawn)
        names = tuple(game.config.targets[c].name if c in game.config.targets else c
                      for c in action.cards)
        game.emit(Mulliganed(action.player, tuple(action.cards), names, tuple(drawn)))
        _after_mulligan(game, action.player)


def _after_mulligan(game: Game, player: int) -> None:
    game.state.mulliganed.append(player)
    game.state.to_act = opponent(player)


class DeployRule(ActionRule[Deploy]):
    action = Deploy

    def generate(self, game: Game, player: int) -> Iterable[Deploy]:
        zone = deploy_hexes(game, player)
        placements: list[tuple[str, list[str]]] = []
        for op in undeployed(game, player):
            scouting = scout_hexes(game, op)
            placements.append((op.id, zone + scouting if scouting else zone))
        return ListedDeploys(player, placements)

    def why_not(self, game: Game, action: Deploy) -> str | None:
        op = game.state.operatives.get(action.operative)
        if op is None or op.player != action.player:
            return f"no operative {action.operative!r} of yours"
        if op.hex is not None or op.taken_down:
            return f"{op.id} is already deployed"
        if "late" in op.flags:
            return f"{op.id} arrives later from a killzone edge (Search Pattern)"
        if not game.grid.is_on_board(action.hex):
            return f"{action.hex} is not a hex of the killzone"
        if action.hex in game.occupied():
            return f"{action.hex} already holds an operative"
        if action.hex in game.grid.blocked:
            return f"{action.hex} is a blocked hex"
        if action.hex not in deploy_hexes(game, action.player, op):
            if action.hex in deploy_hexes_unspaced(game, action.player):
                return f"{action.hex} is within 1 hex of another operative (Search Pattern)"
            if scout_distance(game, op)[0]:
                return (f"{action.hex} is neither in your territory nor within "
                        f"{op.id}'s scout move of it")
            return f"{action.hex} is not in your territory"
        return None

    def apply(self, game: Game, action: Deploy) -> None:
        state = game.state
        if action.player not in state.territory:
            side = next(s for s, hexes in game.config.territories.items()
                        if action.hex in hexes)
            state.territory[action.player] = side
            others = [s for s in game.config.territories if s != side]
            if others and opponent(action.player) not in state.territory:
                state.territory[opponent(action.player)] = others[0]
        state.operatives[action.operative].hex = action.hex
        game.rules_changed()  # its abilities are in force from now on
        game.emit(Deployed(action.player, action.operative, action.hex))
        other = opponent(action.player)
        if undeployed(game, other):
            state.to_act = other
