"""Move and Disengage, and the questions a screen asks about movement: where any operative
could get to now or in its next activation, and why it cannot get to a hex
(docs/rules-decisions.md, "Movement")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from game.engine.actions import Disengage, Move, shared
from game.engine.events import Moved
from game.engine.listing import LazyRun
from game.engine.rulesets.fireteam.base import ActionRule, active_operative, not_the_active
from game.engine.state import OperativeState, opponent

if TYPE_CHECKING:
    from game.engine.game import Game


def _stop(game: Game, h: str, taken: set[str]) -> str | None:
    """Why an operative cannot step into ``h`` (None: it can)."""
    if h in game.grid.blocked:
        return f"{h} is a blocked hex"
    if h in taken:
        return f"{h} holds another operative"
    return None


def paths_from(game: Game, start: str, steps: int, taken: set[str]) -> dict[str, tuple[str, ...]]:
    """Each hex reachable from ``start`` in at most ``steps`` steps into adjacent hexes that
    are neither blocked nor occupied, with a shortest path to it (start hex not listed)."""
    adjacency = game.grid.open_adjacency  # blocked hexes are never a step
    paths: dict[str, tuple[str, ...]] = {}
    frontier: list[tuple[str, tuple[str, ...]]] = [(start, ())]
    closed = set(taken)  # hexes seen, or held by an operative
    closed.add(start)
    seen = closed.add
    for _ in range(steps):
        nxt: list[tuple[str, tuple[str, ...]]] = []
        for here, path in frontier:
            for h in adjacency[here]:
                if h in closed:
                    continue
                seen(h)
                route = path + (h,)
                paths[h] = route
                nxt.append((h, route))
        if not nxt:
            break
        frontier = nxt
    return paths


class ListedMoves(LazyRun[Move]):
    """The Moves of one operative at an activation's step, one to each hex the search of
    :func:`paths_from` reaches, in its order and along its path, each built the first time it
    is read (the listing hands out few of them: see :mod:`game.engine.listing`). The search
    keeps each hex reached and the hex it was reached from (``start`` for the first steps),
    so a path is read back from the parents."""

    __slots__ = ("player", "operative", "start", "hexes", "parents")

    def __init__(self, player: int, operative: str, start: str, hexes: list[str],
                 parents: list[str]) -> None:
        self.player = player
        self.operative = operative
        self.start = start
        self.hexes = hexes
        self.parents = parents
        self.built: list[Move | None] = [None] * len(hexes)

    def build(self, i: int) -> Move:
        hexes, parents, start = self.hexes, self.parents, self.start
        path = [hexes[i]]
        parent = parents[i]
        while parent != start:
            path.append(parent)
            parent = parents[hexes.index(parent)]  # (each hex is listed once)
        path.reverse()
        return _move(self.player, self.operative, tuple(path))

    def build_all(self) -> None:
        """Every Move in one pass: each path is its parent's and one hex more."""
        built = self.built
        player, operative = self.player, self.operative
        routes: dict[str, tuple[str, ...]] = {self.start: ()}
        for i, (h, parent) in enumerate(zip(self.hexes, self.parents, strict=True)):
            path = routes[h] = routes[parent] + (h,)
            if built[i] is None:
                built[i] = _move(player, operative, path)


def _move(player: int, operative: str, path: tuple[str, ...]) -> Move:
    """``Move(player, operative, path)``, built as :func:`~game.engine.actions.new_move`
    builds one (its fields written straight in)."""
    move = _new(_MOVE)
    fields = move.__dict__
    fields["player"], fields["operative"], fields["path"] = player, operative, path
    return move


def _listed_moves(game: Game, player: int, op_id: str, start: str, steps: int,
                  taken: set[str]) -> ListedMoves:
    """The Moves of ``op_id`` (standing on ``start``, ``steps`` hexes of Move; ``taken`` the
    hexes holding operatives) along each path :func:`paths_from` finds, in its order: the
    same breadth-first search, keeping each hex reached and where it was reached from
    instead of building each path and Move. A hex entered from another is searched on from
    only towards the neighbours that one is not next to (``Grid.onward``): the search has
    looked at the others already, and found them or found them held."""
    hexes: list[str] = []
    parents: list[str] = []
    if steps >= 1:
        grid = game.config.grid
        onward = grid.onward
        closed = set(taken)
        closed.add(start)
        seen, reach, came = closed.add, hexes.append, parents.append
        for h in grid.open_adjacency[start]:
            if h not in closed:
                seen(h)
                reach(h)
                came(start)
        low, high = 0, len(hexes)
        for _ in range(steps - 1):
            if low == high:
                break
            for i in range(low, high):
                here = hexes[i]
                for h in onward[here][parents[i]]:
                    if h not in closed:
                        seen(h)
                        reach(h)
                        came(here)
            low, high = high, len(hexes)
    return ListedMoves(player, op_id, start, hexes, parents)


_new = object.__new__
_MOVE = Move


def move_paths(game: Game, op: OperativeState) -> dict[str, tuple[str, ...]]:
    """Each hex ``op`` can reach with one Move action now, with a shortest path to it."""
    assert op.hex is not None
    return paths_from(game, op.hex, game.stat(op, "move"), game.occupied())


def disengage_hexes(game: Game, op: OperativeState) -> list[str]:
    """The hexes ``op`` may disengage into: empty, adjacent, next to no enemy."""
    assert op.hex is not None
    # (_disengage_stop's tests written out, the enemies' hexes read once: a neighbour is on
    # the killzone and adjacent already)
    grid = game.grid
    adjacency, blocked, taken = grid.adjacency, grid.blocked, game.occupied()
    enemy_hexes = {e.hex for e in game.on_killzone(opponent(op.player))}
    return [h for h in adjacency[op.hex] if h not in blocked and h not in taken
            and enemy_hexes.isdisjoint(adjacency[h])]


def _disengage_stop(game: Game, op: OperativeState, h: str) -> str | None:
    assert op.hex is not None
    if not game.grid.is_on_board(h):
        return f"{h} is not a hex of the killzone"
    if h not in game.grid.neighbours(op.hex):
        return f"{h} is not adjacent to {op.hex}"
    stop = _stop(game, h, game.occupied())
    if stop:
        return stop
    enemy_hexes = {e.hex for e in game.on_killzone(opponent(op.player))}
    if any(n in enemy_hexes for n in game.grid.neighbours(h)):
        return f"{h} is next to an enemy operative"
    return None


def reach(game: Game, op: OperativeState, moves: int = 1) -> dict[str, tuple[str, ...]]:
    """Each hex ``op`` could end on after ``moves`` Move actions (each up to its Move stat;
    an operative next to an enemy cannot Move), with a path to it. ``op`` need not be
    active; other operatives stay where they are."""
    if op.hex is None or moves < 1:
        return {}
    taken = game.occupied() - {op.hex}
    steps = game.stat(op, "move")
    enemies = {e.hex for e in game.on_killzone(opponent(op.player))}

    def engaged(h: str) -> bool:
        return any(n in enemies for n in game.grid.neighbours(h))

    found: dict[str, tuple[str, ...]] = {}
    frontier: dict[str, tuple[str, ...]] = {op.hex: ()} if not engaged(op.hex) else {}
    for _ in range(moves):
        nxt: dict[str, tuple[str, ...]] = {}
        for here, so_far in frontier.items():
            for h, path in paths_from(game, here, steps, taken).items():
                route = (*so_far, *path)
                if h != op.hex and (h not in found or len(route) < len(found[h])):
                    found[h] = route
                    if not engaged(h):
                        nxt[h] = route
        frontier = nxt
    return found


def moves_next_activation(game: Game, op: OperativeState, reserve_ap: int = 0) -> int:
    """How many Move actions ``op`` could make in its next activation: its APL (1 if it
    would be reactivated), less ``reserve_ap`` kept for an attack."""
    state = game.state
    if state.active == op.id:
        ap = state.ap_left
    elif op.activated:
        ap = 1  # reactivated once every friendly operative has been: APL 1
    else:
        ap = game.stat(op, "apl")
    return max(0, ap - reserve_ap)


def cannot_move(game: Game, op: OperativeState) -> str | None:
    """Why the active ``op`` can make no Move action at all now (None: it can): AP, and an
    adjacent enemy. The Move rule's listing, its why-not and :func:`why_not_move_to` all ask
    this."""
    if game.state.ap_left < 1:
        return "not enough AP"
    if game.enemies_adjacent(op):
        return "an operative adjacent to an enemy operative cannot Move (Disengage instead)"
    return None


def why_not_move_to(game: Game, op: OperativeState, target: str) -> str | None:
    """Why ``op`` (the active operative) cannot Move to ``target`` now, in plain words."""
    if not game.grid.is_on_board(target):
        return f"{target} is not a hex of the killzone"
    problem = not_the_active(game, op.id) or cannot_move(game, op)
    if problem:
        return problem
    assert op.hex is not None
    if target == op.hex:
        return f"{target} is where {op.id} stands already"
    stop = _stop(game, target, game.occupied())
    if stop:
        return stop
    limit = game.stat(op, "move")
    if target in move_paths(game, op):
        return None
    far = paths_from(game, op.hex, game.grid.columns * game.grid.rows, game.occupied())
    if target not in far:
        return f"no way through to {target}: blocked hexes and operatives are in the way"
    return f"out of reach: {len(far[target])} hexes, Move {limit}"


class MoveRule(ActionRule[Move]):
    action = Move
    undoable = True

    def generate(self, game: Game, player: int) -> Iterable[Move]:
        op = active_operative(game)
        if game.state.ap_left < 1:  # (cannot_move's tests, written out)
            return ()
        here = op.hex
        assert here is not None
        taken = game.occupied()
        # an enemy is adjacent only if some operative is: most often none is, and the
        # enemies next to the hex are not looked for
        if not taken.isdisjoint(game.config.grid.adjacency[here]) and game.enemies_adjacent(op):
            return ()
        return _listed_moves(game, player, op.id, here, game.stat(op, "move"), taken)

    def why_not(self, game: Game, action: Move) -> str | None:
        """Any valid path is legal, not only the shortest one listed."""
        state = game.state
        wrong = not_the_active(game, action.operative)
        if wrong:
            return wrong
        op = state.operatives[action.operative]
        problem = cannot_move(game, op)
        if problem:
            return problem
        limit = game.stat(op, "move")
        if not action.path:
            return "a Move needs at least one hex"
        if len(action.path) > limit:
            return f"out of reach: {len(action.path)} hexes, Move {limit}"
        assert op.hex is not None
        here = op.hex
        taken = game.occupied()
        for h in action.path:
            if not game.grid.is_on_board(h):
                return f"{h} is not a hex of the killzone"
            if h not in game.grid.neighbours(here):
                return f"{h} is not adjacent to {here}"
            if h == op.hex:
                return f"{h} is where {op.id} starts: a Move goes somewhere else"
            stop = _stop(game, h, taken)
            if stop:
                return stop
            here = h
        return None

    def apply(self, game: Game, action: Move) -> None:
        _relocate(game, action.operative, action.path, disengage=False)


class DisengageRule(ActionRule[Disengage]):
    action = Disengage
    undoable = True

    def generate(self, game: Game, player: int) -> Sequence[Disengage]:
        op = active_operative(game)
        assert op.hex is not None
        # (no operative adjacent: no enemy either, and the enemies are not looked for)
        if (game.state.ap_left < 1 or game.occupied().isdisjoint(
                game.config.grid.adjacency[op.hex]) or not game.enemies_adjacent(op)):
            return ()
        return [shared(Disengage, player, op.id, h) for h in disengage_hexes(game, op)]

    def why_not(self, game: Game, action: Disengage) -> str | None:
        state = game.state
        wrong = not_the_active(game, action.operative)
        if wrong:
            return wrong
        op = state.operatives[action.operative]
        if not game.enemies_adjacent(op):
            return "Disengage needs an adjacent enemy operative (use Move)"
        if state.ap_left < 1:
            return "not enough AP"
        return _disengage_stop(game, op, action.hex)

    def apply(self, game: Game, action: Disengage) -> None:
        _relocate(game, action.operative, (action.hex,), disengage=True)


def _relocate(game: Game, op_id: str, path: tuple[str, ...], disengage: bool) -> None:
    """A Move or Disengage action: ``op_id`` goes along ``path`` for 1 AP."""
    op = game.state.operatives[op_id]
    start = op.hex
    assert start is not None
    op.hex = path[-1]
    game.invalidate()
    game.state.moved = True
    game.spend(1)
    game.emit(Moved(op.id, (start, *path), disengage=disengage))
