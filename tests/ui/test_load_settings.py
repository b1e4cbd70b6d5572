"""The load, save and settings screens: what they draw, and driven by clicks."""

from __future__ import annotations

import json

import pygame
import pygame_gui
import pytest

from game.engine.game import Game
from game.services import userdata
from game.services.game_setup import GameSetup
from game.services.saves import save_game
from game.ui.context import PALETTE, SETTINGS_FILE, Settings, load_settings
from game.ui.scenes.load import LoadScene, SaveScene
from game.ui.scenes.settings import SettingsScene
from tests.ui.helpers import click, midgame

TEAMS = ("gideon", "deathless_destroyers")


pytestmark = pytest.mark.usefixtures("home")


def press(app, key) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                         scancode=0))
    app.frame()


def button(app, text: str) -> pygame.Rect:
    return next(rect for name, rect in app.scene.clickables() if name.startswith(text))


def with_saves(catalogue, home):
    game = midgame(catalogue, 4)
    save_game(game, userdata.save_path("first"), setup=GameSetup.of(game))
    userdata.save_path("broken").write_text('{"format": "x"', encoding="utf-8")


def open_load(make_app, loaded):
    app = make_app()
    app.ctx.drawn = []
    scene = LoadScene(app, lambda game, setup: loaded.append(game))
    app.push(scene)
    app.frame([])
    return app, scene


# --- the load screen -----------------------------------------------------------------------

def test_load_scene_draws_saves_and_the_damaged_one(make_app, catalogue, home):
    with_saves(catalogue, home)
    app, scene = open_load(make_app, [])
    drawn = app.ctx.drawn
    assert "LOAD A GAME" in drawn
    assert "first" in drawn and "broken" in drawn and "Dual Strike" in drawn
    assert any(s.startswith("Cannot be loaded") for s in drawn)
    assert any(str(home / "saves") in s for s in drawn)
    assert {"Load [Enter]", "Back [Esc]", "Delete [Del]", "Other file… [O]"} <= set(drawn)
    assert app.ctx.assets.missing == []


def test_load_scene_empty(make_app):
    app, scene = open_load(make_app, [])
    assert any(s.startswith("No saved games yet") for s in app.ctx.drawn)
    press(app, pygame.K_RETURN)  # nothing to load: nothing happens
    assert app.scene is scene


def test_click_a_row_then_load(make_app, catalogue, home):
    with_saves(catalogue, home)
    loaded: list[Game] = []
    app, scene = open_load(make_app, loaded)
    first = next(i for i, s in enumerate(scene.saves) if s.name == "first")
    other = 1 - first
    rect = dict(scene.row_rects)[other]
    click(app, rect.center)
    assert scene.selected == other
    click(app, dict(scene.row_rects)[first].center)
    assert scene.selected == first
    click(app, button(app, "Load").center)
    assert len(loaded) == 1
    assert loaded[0].to_dict() == midgame(catalogue, 4).to_dict()
    assert scene not in app.stack


def test_loading_a_damaged_save_shows_its_error(make_app, catalogue, home):
    with_saves(catalogue, home)
    loaded: list[Game] = []
    app, scene = open_load(make_app, loaded)
    broken = next(i for i, s in enumerate(scene.saves) if s.name == "broken")
    click(app, dict(scene.row_rects)[broken].center)
    app.ctx.drawn = []
    press(app, pygame.K_RETURN)
    app.frame([])
    assert loaded == [] and app.scene is scene
    assert "broken.json" in scene.message and "JSON" in scene.message
    assert any("broken.json" in s for s in app.ctx.drawn)


def test_delete_asks_first(make_app, catalogue, home):
    with_saves(catalogue, home)
    app, scene = open_load(make_app, [])
    target = scene.saves[scene.selected].path
    click(app, button(app, "Delete").center)
    assert scene.confirm_delete and target.exists()
    click(app, button(app, "Keep it").center)
    assert not scene.confirm_delete and target.exists()
    press(app, pygame.K_DELETE)
    click(app, button(app, "Delete it").center)
    assert not target.exists()
    assert [s.name for s in scene.saves] == [n for n in ("first", "broken")
                                             if userdata.save_path(n) != target]


def test_scroll_with_wheel_and_arrows(make_app, catalogue, home):
    game = midgame(catalogue)
    for i in range(14):
        save_game(game, userdata.save_path(f"save {i:02}"))
    app, scene = open_load(make_app, [])
    assert len(scene.saves) == 14 and scene.visible < 14
    assert scene.row_rects[0][0] == 0
    pygame.mouse.set_pos(scene.rows_area.center)
    app.frame([])  # the list knows the mouse is over it

    def wheel(y: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False,
                                             precise_x=0.0, precise_y=float(y)))
        for _ in range(40):  # the list glides to its new place
            app.frame()

    wheel(-3)
    assert scene.scroll > 0 and scene.row_rects[0][0] > 0
    wheel(10)
    assert scene.scroll == 0 and scene.row_rects[0][0] == 0
    for _ in range(13):
        press(app, pygame.K_DOWN)
    assert scene.selected == 13
    assert 13 in dict(scene.row_rects)  # the selection stays in view
    assert scene.scroll == 14 - scene.visible
    press(app, pygame.K_UP)
    assert scene.selected == 12 and 12 in dict(scene.row_rects)
    assert len(app.ctx.services.save_thumbnails) >= scene.visible


def test_a_double_click_loads_a_row(make_app, catalogue, home):
    with_saves(catalogue, home)
    loaded: list[Game] = []
    app, scene = open_load(make_app, loaded)
    first = next(i for i, s in enumerate(scene.saves) if s.name == "first")
    rect = dict(scene.row_rects)[first]
    click(app, rect.center)
    click(app, rect.center)
    assert len(loaded) == 1 and scene not in app.stack


def test_file_picker_loads_any_json(make_app, catalogue, tmp_path):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    save_game(midgame(catalogue, 6), elsewhere / "friend.json")
    (elsewhere / "bad.json").write_text("[]", encoding="utf-8")
    loaded: list[Game] = []
    app, scene = open_load(make_app, loaded)
    click(app, button(app, "Other file").center)
    assert isinstance(scene.dialog, pygame_gui.windows.UIFileDialog)
    press(app, pygame.K_RETURN)  # typing in the picker: the scene's hotkeys are off
    assert app.scene is scene and scene.dialog_open()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                         text=str(elsewhere / "bad.json"),
                                         ui_element=scene.dialog))
    app.frame()
    assert loaded == [] and "bad.json" in scene.message
    click(app, button(app, "Other file").center)
    press(app, pygame.K_ESCAPE)  # closes the picker, not the scene
    assert app.scene is scene and not scene.dialog_open()
    pygame.event.post(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED,
                                         text=str(elsewhere / "friend.json"),
                                         ui_element=None))
    app.frame()
    # a save without the record of its set-up: who played is asked first (Enter: as shown)
    assert type(app.scene).__name__ == "SeatsScene" and loaded == []
    press(app, pygame.K_RETURN)
    assert len(loaded) == 1 and loaded[0].to_dict() == midgame(catalogue, 6).to_dict()


def test_back_leaves(make_app):
    app = make_app()
    from game.ui.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.push(LoadScene(app, lambda game, setup: None))
    app.frame([])
    click(app, button(app, "Back").center)
    assert isinstance(app.scene, MenuScene)


def test_save_scene_saves_under_a_typed_name(make_app, catalogue, home):
    game = midgame(catalogue)
    app = make_app()
    app.ctx.drawn = []
    saved = []
    app.push(LoadScene(app, lambda game, setup: None))
    scene = SaveScene(app, game, saved.append)
    app.push(scene)
    app.frame([])
    assert "Save the game" in app.ctx.drawn
    assert scene.entry is not None
    scene.entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a",
                                         scancode=0))
    app.frame()
    click(app, scene.entry.rect.center)
    scene.entry.set_text("Club night")
    scene.name_text = "Club night"
    click(app, button(app, "Save").center)
    path = home / "saves" / "Club night.json"
    assert saved == [path] and path.exists()
    written = json.loads(path.read_text(encoding="utf-8"))
    assert written.pop("players") == {"1": app.ctx.names[1], "2": app.ctx.names[2]}
    assert GameSetup.from_dict(written.pop("setup")) == GameSetup.of(game, None, app.ctx.names)
    assert written == game.to_dict()
    assert isinstance(app.scene, LoadScene)


def test_save_scene_needs_a_name(make_app, catalogue):
    app = make_app()
    app.push(LoadScene(app, lambda game, setup: None))
    scene = SaveScene(app, midgame(catalogue))
    app.push(scene)
    app.frame([])
    scene.entry.set_text("   ")
    press(app, pygame.K_RETURN)
    assert app.scene is scene and scene.message


# --- the settings screen ---------------------------------------------------------------------

def open_settings(make_app, changes):
    app = make_app()
    from game.ui.scenes.menu import MenuScene
    app.push(MenuScene(app))
    app.ctx.drawn = []
    scene = SettingsScene(app, changes.append)
    app.push(scene)
    app.frame([])
    return app, scene


def saved_settings() -> Settings:
    settings, message = load_settings(userdata.data_folder())
    assert message is None
    return settings


def test_settings_scene_draws(make_app, home):
    app, scene = open_settings(make_app, [])
    drawn = app.ctx.drawn
    assert "SETTINGS" in drawn and f"Kept in {home}" in drawn
    for label in ("Window size", "Full screen", "Text size", "Animations", "Hex names",
                  "Player 1 colour", "Player 2 colour", "Sound", "Volume"):
        assert label in drawn
    assert "Back [Esc]" in drawn
    assert app.ctx.assets.missing == []


def test_toggles_by_click_are_saved(make_app):
    changes: list[Settings] = []
    app, scene = open_settings(make_app, changes)
    for key in ("hex_labels", "sound", "fullscreen"):  # full screen: dummy driver, no crash
        before = getattr(app.ctx.settings, key)
        click(app, scene.control_rect(key, app.ctx.px(130)).center)
        assert getattr(app.ctx.settings, key) is (not before)
        assert getattr(saved_settings(), key) is (not before)
    assert len(changes) == 3


def pick(app, scene, key: str, option: str) -> None:
    drop = scene.drops[key]
    click(app, drop.rect.center)
    state = drop.current_state
    listing = state.options_selection_list
    item = next(i for i in listing.item_list if i["text"] == option)
    click(app, item["button_element"].rect.center)


def test_dropdowns_by_click_are_saved_and_in_force(make_app):
    app, scene = open_settings(make_app, [])
    pick(app, scene, "animation_speed", "Fast")
    assert app.ctx.settings.animation_speed == 2.0 == saved_settings().animation_speed
    pick(app, app.scene, "colour1", "Yellow")
    assert app.ctx.colours[1] == PALETTE["Yellow"]
    pick(app, app.scene, "colour2", "Yellow")  # the other moves away: always different
    assert saved_settings().colours[1] == "Yellow"
    assert saved_settings().colours[0] != "Yellow"
    px_before = app.ctx.px(100)
    pick(app, app.scene, "text_size", "130 %")
    assert saved_settings().text_size == pytest.approx(1.3)
    assert app.ctx.px(100) == int(px_before * 1.3)
    pick(app, app.scene, "window", "1440 × 900")
    assert app.size == (1440, 900) and saved_settings().window == (1440, 900)
    app.frame([])


def test_volume_slider_by_click(make_app):
    app, scene = open_settings(make_app, [])
    slider = scene.slider
    assert slider is not None
    before = app.ctx.settings.volume
    click(app, slider.right_button.rect.center)
    for _ in range(30):  # the slider's event, then the save a moment after it stops
        app.frame()
    assert app.ctx.settings.volume == pytest.approx(before + 0.05)
    assert saved_settings().volume == pytest.approx(before + 0.05)


def test_defaults_and_back(make_app):
    app, scene = open_settings(make_app, [])
    click(app, scene.control_rect("hex_labels", app.ctx.px(130)).center)
    assert saved_settings() != Settings()
    click(app, button(app, "Defaults").center)
    assert saved_settings() == Settings() == app.ctx.settings
    press(app, pygame.K_ESCAPE)
    assert app.scene is not scene


def test_settings_problem_shown(make_app, home):
    folder = userdata.data_folder()
    (folder / SETTINGS_FILE).write_text("{", encoding="utf-8")
    settings, message = load_settings(folder)
    app = make_app()
    app.ctx.drawn = []
    app.push(SettingsScene(app, None, notice=message))
    app.frame([])
    assert any(SETTINGS_FILE in s for s in app.ctx.drawn)
