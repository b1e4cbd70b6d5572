"""The fuzzer on single screens with their widgets: the mission editor (tools, name field,
scoring list, every hex) and the tutorial's steps (hexes, buttons, hand-overs, the pause
menu) take seeded random input without an error."""

from __future__ import annotations

import pytest

from game.uitest.headless import fuzz_screen

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("home")]  # hundreds of inputs each


def test_the_mission_editor_fuzzed_raises_nothing(make_app, catalogue):
    from game.ui.scenes.mission_editor import MissionEditorScene

    app = make_app(6)
    clicked = fuzz_screen(app, lambda a: MissionEditorScene(a, catalogue.missions["dual_strike"]),
                          400, seed=37, names=("Yard", "", "A very long name for a mission"))
    assert any(label.startswith("hex ") for label in clicked)
    assert any(label.startswith("Ruins") for label in clicked)
    assert any(label.startswith("scoring 0: ") for label in clicked)


@pytest.mark.parametrize("index", [0, 8, 24, 50, 52, 64])
def test_the_tutorial_steps_fuzzed_raise_nothing(make_app, index):
    from game.ui.scenes.handover import HandoverScene
    from game.ui.scenes.pause import PauseScene
    from game.ui.scenes.tutorial import TutorialScene

    app = make_app(7)
    clicked = fuzz_screen(app, lambda a: TutorialScene(a, index, remember=False), 250,
                          seed=index + 1, within=(HandoverScene, PauseScene))
    assert clicked
