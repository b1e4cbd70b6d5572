"""The runner of the flow table (:data:`game.engine.rulesets.fireteam.table.FLOW`), and control of
objectives.

``step(game)`` performs one automatic step (a roll-off, a skipped strategy step, a passed
turn, the end phase) and returns True, or returns False when the game waits for a decision
(or is over). ``run(game)`` does the same until the game waits (``Game._advance`` calls it after
every action, so its steps are written out there). The stages' work lives with their actions in
:mod:`game.engine.rulesets.fireteam`; the end phase and the end of the mission in
:mod:`game.engine.rulesets.fireteam.end`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.contract import _nothing
from game.engine.events import ControlChanged
from game.engine.rulesets.fireteam.end import final_end_phase, tiebreak
from game.engine.rulesets.fireteam.table import FLOW
from game.engine.state import Phase

# read at every step (a member read off its Enum class costs a metaclass lookup)
_OVER = Phase.OVER

if TYPE_CHECKING:
    from game.engine.config import Config
    from game.engine.game import Game


def check_control(game: Game) -> None:
    """A player gains an objective with more operatives within 1 hex of it than the enemy."""
    config = game.config
    objectives = config.objectives
    if not objectives:  # (a mission without any)
        return
    state = game.state
    if state.objective_hexes or state.carried or state.removed_objectives:
        _check_moved_control(game)
        return
    # every token where the mission card put it: each operative's hex says which objectives
    # it stands within 1 hex of (worked out once per config), player 1 counting +1, player 2
    # -1 (the operatives on the killzone: the game's kept list)
    entry = _ZONES.get(id(config))  # (_zones without a call)
    near = (entry[1] if entry is not None and entry[0] is config else _zones(config)).get
    lead = dict.fromkeys(objectives, 0)
    for o in game._on_killzone.get(None) or game.on_killzone():  # (no call when kept)
        around = near(o.hex) if o.hex is not None else None
        if around:
            one = 1 if o.player == 1 else -1
            for obj in around:
                lead[obj] += one
    control = state.control
    for obj, ahead in lead.items():
        if ahead:
            _lead(game, control, obj, ahead)


def _check_moved_control(game: Game) -> None:
    """:func:`check_control` once a token has been moved, carried or removed."""
    objectives = game.config.objectives
    control = game.state.control
    adjacency = game.grid.adjacency
    where = {o.hex: o.player for o in game.state.operatives.values()
             if o.hex is not None and not o.taken_down}
    found = where.get
    for obj in objectives:
        hex_ = game.objective_hex(obj)
        if hex_ is None:
            continue
        near = [found(hex_), *map(found, adjacency[hex_])]  # who stands within 1 hex
        lead = near.count(1) - near.count(2)  # player 1's operatives there, less player 2's
        if lead:
            _lead(game, control, obj, lead)


def _lead(game: Game, control: dict[str, int], obj: str, lead: int) -> None:
    """The objective ``obj`` goes to the player ``lead`` favours (player 1 when positive), if
    it is not theirs already."""
    player = 1 if lead > 0 else 2
    previous = control.get(obj, 0)
    if previous != player:
        control[obj] = player
        game.emit(ControlChanged(obj, player, previous))


def _zones(config: Config) -> dict[str, tuple[str, ...]]:
    """Each hex within 1 hex of one of ``config``'s objectives where the mission card puts
    it (a marker the players place has none), with those objectives in their order."""
    entry = _ZONES.get(id(config))
    if entry is None or entry[0] is not config:
        if len(_ZONES) >= _MANY_CONFIGS:
            _ZONES.clear()
        adjacency = config.grid.adjacency
        zones: dict[str, list[str]] = {}
        for obj, hex_ in config.objectives.items():
            if hex_:
                for h in (hex_, *adjacency[hex_]):
                    zones.setdefault(h, []).append(obj)
        entry = _ZONES[id(config)] = (config, {h: tuple(v) for h, v in zones.items()})
    return entry[1]


# each config (by its id, kept alive beside the answer) and its objectives' zones
_ZONES: dict[int, tuple[Config, dict[str, tuple[str, ...]]]] = {}
_MANY_CONFIGS = 64


def run(game: Game) -> None:
    """Carry out everything that needs no decision, until a decision or the end: at each
    stage, its work between decisions, or its end and the move to the next stage and what
    begins it (the sudden-victory check before each; :meth:`Game.invalidate` and
    :meth:`Stage.next` written out, as this runs after every action)."""
    sudden = game.config.sudden_victory  # most missions have none: no call each step
    table = (game._book or game.book).flow
    while True:
        # (Game.invalidate written out)
        game._legal = None
        game._occupied = None
        if game.memo:
            game.memo = {}
        state = game.state
        if sudden:
            vp = state.vp
            if vp[1] >= sudden or vp[2] >= sudden:  # (else the check finds nobody)
                game.check_sudden_victory()
        stage = table[(state.phase, state.step)]
        if not stage.end_if(game):
            meanwhile = stage.meanwhile
            if meanwhile is None or not meanwhile(game):
                return
            continue
        # (a stage's nothing to do is not called, here and as the next stage begins)
        if stage.on_end is not _nothing:
            stage.on_end(game)
        state = game.state
        if state.phase == _OVER:
            return
        # the next stage: the first of its successors unless the stage chooses (Stage.next)
        choose = stage.choose
        if choose is None:
            where = stage.successors[0]
        else:
            where = choose(game)
            assert where in stage.successors, f"{stage.where} never leads to {where}"
        state.phase, state.step = where
        game._legal = None
        game._occupied = None
        if game.memo:
            game.memo = {}
        begin = table[where].on_begin
        if begin is not _nothing:
            begin(game)


__all__ = ["FLOW", "check_control", "final_end_phase", "run", "tiebreak"]
