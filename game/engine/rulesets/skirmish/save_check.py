"""The checks of a loaded save that differ under the skirmish rules (called by
:mod:`game.engine.save_check`): the running activation and what it owes, the markers, the
flags only these rules set. Each raises SaveError naming the part that is wrong."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from game.engine.errors import SaveError
from game.engine.rulesets.skirmish.core import MARKERS, SkirmishFlag, SkirmishState, SkirmishStep
from game.engine.rulesets.skirmish.shooting import SHOT
from game.engine.state import OperativeFlag, State

if TYPE_CHECKING:
    from game.engine.config import Config

# the decision each waiting step of an activation owes
OWED: dict[str, str] = {SkirmishStep.SHOOT: "shoot", SkirmishStep.MEET: "meet",
                        SkirmishStep.STRIKE_BACK: "strike_back",
                        SkirmishStep.CONSOLIDATE: "consolidate", SkirmishStep.PUSH: "push"}
ORDERS = ("hold", "idle", "advance", "rush", "charge")


def check_activation(loaded: State, config: Config) -> None:
    """An activation runs exactly at the steps that owe one of its decisions: its operative
    is known and its order one of the four (or idle); the owed decision matches the step."""
    state = cast(SkirmishState, loaded)
    owed = OWED.get(state.step)
    if owed is None:
        for name in ("active", "order", "target", "pending"):
            if getattr(state, name) is not None:
                raise SaveError(f"state.{name}: {getattr(state, name)!r} outside an "
                                "activation")
        if state.wounds_now:
            raise SaveError("state.wounds_now: wounds counted outside an activation")
        return
    if state.active not in state.operatives:
        raise SaveError(f"state.active: unknown operative {state.active!r}")
    if state.order not in ORDERS:
        raise SaveError(f"state.order: {state.order!r} is not an order ({', '.join(ORDERS)})")
    if state.pending != owed:
        raise SaveError(f"state.pending: the {state.step} step waits for {owed!r}, not "
                        f"{state.pending!r}")
    if state.target is not None and state.target not in state.operatives:
        raise SaveError(f"state.target: unknown operative {state.target!r}")
    if state.step in (SkirmishStep.MEET, SkirmishStep.STRIKE_BACK, SkirmishStep.CONSOLIDATE,
                      SkirmishStep.PUSH) and state.target is None:
        raise SaveError(f"state.target: the {state.step} step needs the attacked operative")
    for op_id, wounds in state.wounds_now.items():
        if op_id not in state.operatives or not isinstance(wounds, int) or wounds < 0:
            raise SaveError(f"state.wounds_now.{op_id}: not an operative's wounds")


def check_markers(state: State) -> None:
    """Markers are the skirmish markers m1..m5; flags are known."""
    for marker in (*state.objective_hexes, *state.removed_objectives, *state.control):
        if marker not in MARKERS:
            raise SaveError(f"state: unknown marker {marker!r}")
    known = {*map(str, OperativeFlag), *map(str, SkirmishFlag)}
    for op in state.operatives.values():
        for flag in op.flags:
            if flag.startswith(SHOT):
                _, _, enemy = flag[len(SHOT):].partition(":")
                if op.id != state.active or enemy not in state.operatives:
                    raise SaveError(f"state.operatives.{op.id}.flags: {flag!r} is not a shot "
                                    "of the running activation")
            elif flag not in known:
                raise SaveError(f"state.operatives.{op.id}.flags: unknown flag {flag!r}")


def check(state: State, config: Config) -> None:
    """Every check of these rules (the book's ``save_checks``): the activation, the markers."""
    check_activation(state, config)
    check_markers(state)


__all__ = ["check", "check_activation", "check_markers"]
