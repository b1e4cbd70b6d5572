"""Whole games played only through the screens: two seeded (biased) random players choose
among the engine's legal actions, and :class:`game.uitest.driver.Driver` carries every choice out
with mouse clicks (and Ctrl+Z) on the real scenes — set-up, every turning point, the end
screen. Each game must equal the same seeds' game played straight on the engine."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import pytest

from game.engine.game import Game
from game.uitest.driver import BiasedChooser, play_on_engine, play_through_ui
from tests.helpers import new_game
from tests.ui.conftest import SIZE
from tests.ui.helpers import driven

pytestmark = pytest.mark.slow  # whole games played through the screens

MISSIONS = ("cache_raid", "data_heist", "dual_strike", "headhunt", "no_retreat", "power_up",
            "pylon_line", "relic_run", "sabotage", "shrinking_ground", "spearhead",
            "vox_beacons")
TEAMS = ("bad_ladz", "deathless_destroyers", "flickering_blade", "gideon", "kappic_eagles",
         "quickstrike")
WARGEAR = ("medi_pack", "refractor_field", "auspex", "bionic_legs", "master_crafted_weapon",
           "frag_grenades", "combat_drugs", "purity_seal", "targeting_optics", "relic_armour")


def setup_of(i: int) -> dict:
    """Game ``i``: the i-th mission, the six fireteams in turn, one wargear card each."""
    return {"mission": MISSIONS[i], "teams": (TEAMS[i % 6], TEAMS[(i + 1) % 6]),
            "wargear": {1: [WARGEAR[i % 10]], 2: [WARGEAR[(i + 5) % 10]]},
            "dice": 1000 + i, "chooser": 77 + i}


def game_of(catalogue, i: int) -> Game:
    """Game ``i`` at set-up."""
    s = setup_of(i)
    return new_game(s["dice"], s["mission"], s["teams"], catalogue=catalogue,
                    wargear=s["wargear"])


@dataclass
class Played:
    game: Game
    top: str
    end_text: list[str]
    done: Counter = field(default_factory=Counter)
    workarounds: Counter = field(default_factory=Counter)
    frames: int = 0


@pytest.fixture(scope="module")
def played(catalogue) -> list[Played]:
    out = []
    for i in range(len(MISSIONS)):
        game = game_of(catalogue, i)
        driver = driven(catalogue, i, game, SIZE)
        app = driver.app
        play_through_ui(driver, BiasedChooser(setup_of(i)["chooser"]))
        app.ctx.drawn = []
        driver.pump([])  # one more frame of the end screen, its strings recorded
        out.append(Played(game, app.scene.name, list(app.ctx.drawn), driver.done,
                          driver.workarounds, driver.frames))
    return out


@pytest.mark.parametrize("i", range(len(MISSIONS)), ids=MISSIONS)
def test_game_through_the_screens_equals_the_engine_game(played, catalogue, i):
    result = played[i]
    reference = play_on_engine(game_of(catalogue, i), BiasedChooser(setup_of(i)["chooser"]))
    assert result.game.is_over
    assert result.top == "EndScene"
    assert result.game.log == reference.log
    assert result.game.vp == reference.vp
    assert result.game.winner == reference.winner
    # the end screen says who won and the score
    names = {1: "Player 1", 2: "Player 2"}
    title = "A draw" if not reference.winner else f"{names[reference.winner]} wins"
    assert title in result.end_text
    assert any(f"{reference.vp[1]} VP to {reference.vp[2]} VP" in s for s in result.end_text)


def test_every_kind_of_action_went_through_clicks(played):
    done: Counter = Counter()
    for result in played:
        done.update(result.done)
    for kind in ("Handover", "Mulligan", "Keep", "Deploy", "Reveal", "PlayPloy",
                 "PlayPloy (operative)", "Activate", "Move", "Attack", "Attack (overcharge)",
                 "Disengage", "Wait", "MissionAction", "MissionAction (argument)", "Use",
                 "Cancel", "Undo (button)", "Undo (Ctrl+Z)"):
        assert done[kind] > 0, f"no {kind} through the screens: {dict(done)}"
    assert done["Attack"] > done["Attack (overcharge)"] > 0  # with and without


def test_the_games_needed_no_nudges(played):
    """A person needs no trick to find the buttons of the step: right after the hand-over the
    Keep/Swap and Reveal buttons are there."""
    workarounds: Counter = Counter()
    for result in played:
        workarounds.update(result.workarounds)
    assert not workarounds
