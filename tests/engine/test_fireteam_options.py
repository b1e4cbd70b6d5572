"""The choices made as a fireteam is picked (``options`` of the config recipe): the seed's
limits on the Pathfinders' drones are refused with a message naming the player, the option
and the limit; a choice within them fields exactly the operatives chosen."""

from __future__ import annotations

import pytest

from game.content import load_catalogue
from game.engine import build_config
from game.engine.game import Game, starting_state

CATALOGUE = load_catalogue()


def fielded(options: dict[int, dict[str, list[str]]]) -> dict[str, str]:
    """Player 1's operatives (id -> datacard) with ``options`` chosen."""
    config = build_config(CATALOGUE, {"mission": "dual_strike", "options": options,
                                      "fireteams": {1: "pathfinders", 2: "gideon"}})
    state = starting_state(config)
    return {op.id: op.card for op in state.operatives.values() if op.player == 1}


def test_no_choice_fields_the_marker_and_shield_drones() -> None:
    drones = {k: v for k, v in fielded({}).items() if "drone" in v}
    assert drones == {"marker_drone": "pathfinder_marker_drone", "shield_drone": "shield_drone"}


def test_two_gun_drones_and_a_pulse_accelerator_drone() -> None:
    found = fielded({1: {"drones": ["gun_drone", "gun_drone"],
                         "support_drone": ["pulse_accelerator_drone"]}})
    drones = {k: v for k, v in found.items() if "drone" in v}
    assert drones == {"gun_drone1": "gun_drone", "gun_drone2": "gun_drone",
                      "pulse_accelerator_drone": "pulse_accelerator_drone"}
    assert len(found) == 9  # the six Pathfinders and three drones


def test_no_drones_at_all() -> None:
    found = fielded({1: {"drones": []}})
    assert not [c for c in found.values() if "drone" in c]


@pytest.mark.parametrize("options, words", [
    ({"drones": ["gun_drone", "gun_drone", "shield_drone"]},
     "options.1.drones: Pathfinder Team Vior'la may take at most 2 for 'Drones'"),
    ({"support_drone": ["recon_drone", "pulse_accelerator_drone"]},
     "options.1.support_drone: Pathfinder Team Vior'la may take at most 1 for "
     "'Support drone'"),
    ({"drones": ["recon_drone"]}, "'recon_drone' is not one of 'Drones'"),
    ({"grav_drones": []}, "has no option 'grav_drones' (its options: drones, support_drone)"),
])
def test_beyond_the_limits_is_refused(options: dict[str, list[str]], words: str) -> None:
    with pytest.raises(ValueError) as caught:
        fielded({1: options})
    assert words in str(caught.value)


def test_a_fireteam_without_options_refuses_any() -> None:
    with pytest.raises(ValueError, match="has no option 'drones'"):
        Game.new(CATALOGUE, "dual_strike", ("pathfinders", "gideon"),
                 options={2: {"drones": ["gun_drone"]}})


def test_the_choice_is_kept_in_the_recipe_for_saves_and_play_again() -> None:
    game = Game.new(CATALOGUE, "dual_strike", ("gideon", "pathfinders"),
                    options={2: {"drones": ["gun_drone"]}})
    again = build_config(CATALOGUE, game.config.spec)
    team = again.fireteams[2]
    assert team is not None
    assert [e.card for e in team.composition if "drone" in e.card] == ["gun_drone"]


def test_a_save_keeps_the_choice_and_refuses_one_edited_beyond_the_limits() -> None:
    import json

    from game.engine import SaveError

    game = Game.new(CATALOGUE, "dual_strike", ("pathfinders", "gideon"),
                    options={1: {"support_drone": ["recon_drone"]}})
    data = json.loads(json.dumps(game.to_dict()))
    again = Game.from_dict(data, CATALOGUE)
    assert again.state.operatives["recon_drone"].card == "recon_drone"
    data["config"]["options"]["1"]["support_drone"] = ["recon_drone", "recon_drone"]
    with pytest.raises(SaveError, match="config: options.1.support_drone: Pathfinder Team "
                                        "Vior'la may take at most 1"):
        Game.from_dict(data, CATALOGUE)
