"""The new-game screen offers the Pathfinders' drones within the seed's limits (one list per
option in the player's title row, every choice within it and nothing beyond), says the limits
in words where they fit, and starts the game with the drones chosen; the card library shows
the drones and their limits."""

from __future__ import annotations

import pygame
import pygame_gui

from game.ui.scenes.menu import MenuScene
from game.ui.scenes.newgame import NewGameScene
from game.ui.scenes.play import PlayScene


def pick(app, drop, text: str) -> None:  # type: ignore[no-untyped-def]
    app.frame([pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, ui_element=drop,
                                  text=text)])


def opened(make_app, teams: tuple[str, str]):  # type: ignore[no-untyped-def]
    """The new-game screen over the menu with ``teams`` chosen, drawn once."""
    app = make_app(3)
    app.push(MenuScene(app))
    choose = NewGameScene(app, fireteams=teams)
    app.push(choose)
    app.frame([])
    return app, choose


def test_the_pathfinders_drones_are_chosen_within_their_limits(make_app, home):
    app, choose = opened(make_app, ("gideon", "pathfinders"))
    assert not [k for k in choose.option_drops if k[0] == 1]  # Gideon has no options
    drones = choose.option_drops[(2, "drones")]
    support = choose.option_drops[(2, "support_drone")]
    # every choice within the limit, and no third drone of the first list
    assert len(drones.options_list) == 10
    assert not [o for o in drones.options_list if str(o[0]).count("+") > 1
                or str(o[0]).startswith("3")]
    assert [o[0] for o in support.options_list] == ["None", "Recon Drone",
                                                    "Pulse Accelerator Drone"]
    assert drones.selected_option[0] == "Marker Drone + Shield Drone"
    app.ctx.drawn = []
    app.frame([])
    drawn = " ".join(app.ctx.drawn)  # the wrapped lines joined again
    assert ("and drones chosen above: up to two of gun, marker and shield drones (two of a "
            "kind allowed); up to one of recon and pulse accelerator drones.") in drawn
    pick(app, drones, "2 × Gun Drone")
    pick(app, support, "Pulse Accelerator Drone")
    choose.start()
    scene = app.scene
    assert isinstance(scene, PlayScene)
    cards = sorted(op.card for op in scene.game.state.operatives.values()
                   if op.player == 2 and "drone" in op.card)
    assert cards == ["gun_drone", "gun_drone", "pulse_accelerator_drone"]


def test_changing_fireteam_forgets_the_choices(make_app, home):
    app, choose = opened(make_app, ("pathfinders", "gideon"))
    pick(app, choose.option_drops[(1, "support_drone")], "Recon Drone")
    assert choose.options() == {1: {"support_drone": ["recon_drone"]}}
    pick(app, choose.team_drops[1], app.ctx.catalogue.fireteams["bad_ladz"].name)
    assert choose.options() == {}
    assert not [k for k in choose.option_drops if k[0] == 1]


def test_the_card_library_shows_the_drones_and_their_limits(make_app, home):
    from game.ui.scenes.cards import CardBrowserScene

    app = make_app(0)
    app.push(MenuScene(app))
    scene = CardBrowserScene(app, None)
    app.push(scene)
    app.frame([])
    entries = {e.key: e for e in scene.entries}
    for card in ("gun_drone", "recon_drone", "pulse_accelerator_drone"):
        assert entries[card].teams == ("pathfinders",)  # under the Pathfinders, not spare
    scene.open_detail(entries["pulse_accelerator_drone"])
    app.ctx.drawn = []
    app.frame([])
    drawn = " ".join(app.ctx.drawn)
    assert "Pulse Accelerator" in drawn and "+2 Range" in drawn
    assert "Chosen with the fireteam" in drawn
    assert "up to one of recon and pulse accelerator drones" in drawn.replace("\n", " ")
