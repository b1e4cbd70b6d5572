"""The Kill Team classic pack's decisions on the play screen: how each is picked by clicks
(placing an objective marker, seizing the initiative, a late arrival, the game length die),
the hint at each of its steps and the keys of its buttons."""

from __future__ import annotations

from collections.abc import Callable

from game.engine import Action, Config, State
from game.engine.rulesets.killteam import (
    SEIZE_ON,
    Arrive,
    PackStep,
    PlaceObjective,
    RollGameLength,
    Seize,
    roll_needed_after,
)
from game.ui.fields import Field, Kind

PACK_KEYS = {"seize:yes": "y", "seize:no": "n", "roll": "r"}

# the one-line hint at each of the pack's decisions
PACK_HINTS = {PackStep.PLACE_OBJECTIVES: "click a shaded hex to place the next objective marker.",
              PackStep.SEIZE: "try to seize the initiative (a 6 takes it), or let it be.",
              PackStep.ARRIVE: "pick a late operative, then a shaded hex of its edge.",
              PackStep.GAME_LENGTH: "roll to see whether one more turning point is played."}


def _place_objective_fields(action: PlaceObjective, state: State, config: Config,
                            op_label: Callable[[str], str]) -> tuple[Field, ...]:
    return (Field(Kind.HEX, action.hex, action.hex),)  # a marker on a shaded hex


def _arrive_fields(action: Arrive, state: State, config: Config,
                   op_label: Callable[[str], str]) -> tuple[Field, ...]:
    """A late operative (not on the killzone yet), then a hex of its edge."""
    return (Field(Kind.TRAY, action.operative, action.operative,
                  f"{op_label(action.operative)} arrives: then click a shaded hex of its edge"),
            Field(Kind.HEX, action.hex, action.hex))


def _seize_fields(action: Seize, state: State, config: Config,
                  op_label: Callable[[str], str]) -> tuple[Field, ...]:
    if action.attempt:
        return (Field(Kind.VERB, "seize:yes", f"Seize it ({SEIZE_ON} needed)",
                      f"Roll a die: on a {SEIZE_ON} you hold the initiative instead"),)
    return (Field(Kind.VERB, "seize:no", "Let them keep it",
                  "The other player keeps the first turn"),)


def _game_length_fields(action: RollGameLength, state: State, config: Config,
                        op_label: Callable[[str], str]) -> tuple[Field, ...]:
    need = roll_needed_after(config, state.turning_point)
    return (Field(Kind.VERB, "roll", f"Roll ({need}+ goes on)",
                  f"On {need} or more turning point {state.turning_point + 1} is played; "
                  "otherwise the mission ends now"),)


PACK_FIELDS: dict[type[Action], Callable[..., tuple[Field, ...]]] = {
    PlaceObjective: _place_objective_fields, Arrive: _arrive_fields, Seize: _seize_fields,
    RollGameLength: _game_length_fields,
}

__all__ = ["PACK_FIELDS", "PACK_HINTS", "PACK_KEYS"]
