"""A fireteam's options (the choices made as it is picked, such as the Pathfinders' drones):
the content check refuses a composition beyond an option's limit, an unknown card, a card in
two options and a limit out of range, each with file, line and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import ContentError, ContentIssue, load_catalogue

HERE = Path(__file__).parent
SIDE = HERE / "good" / "test_side.yaml"


def issues() -> list[ContentIssue]:
    with pytest.raises(ContentError) as caught:
        load_catalogue([SIDE, HERE / "broken" / "bad_options.yaml"], shipped=False)
    return caught.value.issues


def messages(key_path: str) -> list[str]:
    return [i.message for i in issues() if i.key_path == key_path]


def test_composition_beyond_an_option_limit() -> None:
    (message,) = messages("composition")
    assert message == ("the composition fields 3 operatives of option 'drones' (broken_drone, "
                       "broken_dron), which allows at most 2")


def test_unknown_option_card_suggests_the_near_miss() -> None:
    (found,) = [i for i in issues() if "broken_dron'" in i.message]
    assert found.file.endswith("bad_options.yaml") and found.line == 33
    assert "did you mean 'broken_drone'?" in found.message


def test_a_card_belongs_to_one_option_only() -> None:
    (found,) = [i for i in issues() if "already in an option" in i.message]
    assert found.line == 39


def test_limit_out_of_range() -> None:
    (found,) = [i for i in issues() if "most must be between 1 and 6" in i.message]
    assert found.line == 37


def test_shipped_pathfinders_keep_to_their_drone_limits() -> None:
    team = load_catalogue().fireteams["pathfinders"]
    limits = {o.id: (o.most, o.cards) for o in team.options}
    assert limits == {
        "drones": (2, ("pathfinder_marker_drone", "shield_drone", "gun_drone")),
        "support_drone": (1, ("recon_drone", "pulse_accelerator_drone")),
    }
    assert {o.id: team.chosen(o) for o in team.options} == {
        "drones": ("pathfinder_marker_drone", "shield_drone"), "support_drone": ()}
