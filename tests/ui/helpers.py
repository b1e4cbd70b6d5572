"""Games the UI tests share."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.engine.defs import Catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Phase
from tests.helpers import play


def midgame(catalogue: Catalogue, seed: int = 4) -> Game:
    """A seeded Dual Strike game between Gideon and the Destroyers at its first firefight."""
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(seed))
    return play(game, seed, until=lambda g: g.state.phase == Phase.FIREFIGHT)


def scenario_game(path: Path, catalogue: Catalogue) -> Game:
    """The game of the scenario file at ``path`` once its actions are played (the file must
    pass: every expectation met)."""
    from game.scenario.loader import load_scenario, run

    scenario = load_scenario(path, catalogue)
    assert run(scenario).ok
    return scenario.game


def end_screen(app, game: Game):  # type: ignore[no-untyped-def]
    """The end screen of ``game``, opened in ``app`` over its play screen."""
    from game.ui.scenes.end import EndScene
    from game.ui.scenes.play import PlayScene

    play = PlayScene(app, game)
    app.push(play)
    end = EndScene(app, play)
    app.push(end)
    return end


def click_events(pos: tuple[float, float], button: int = 1) -> list[pygame.event.Event]:
    """The events of a click at ``pos``: the pointer moves there, presses and releases."""
    at = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=button)]


def click(app: object, where: tuple[float, float] | pygame.Rect, button: int = 1,
          settle: int = 3) -> None:
    """Click ``where`` (a point, or a rectangle's centre) with ``button``: one frame per
    event (pygame-gui works out what is hovered in its update), then up to ``settle`` more
    frames while a scene is open (the widgets' own events, pressed or changed, come in
    later frames)."""
    pos = where.center if isinstance(where, pygame.Rect) else where
    for event in click_events(pos, button):
        pygame.event.post(event)
        app.frame()  # type: ignore[attr-defined]
    for _ in range(settle):
        if app.stack:  # type: ignore[attr-defined]
            app.frame()  # type: ignore[attr-defined]


def driven(catalogue: Catalogue, seed: int, game: Game, size: tuple[int, int] = (1280, 800)):
    """A fresh app (animations off) on the play screen of ``game``, and its click driver:
    for a whole game played through the screens."""
    from game.ui.scenes.play import PlayScene
    from game.uitest.driver import Driver
    from game.uitest.headless import make_app

    if pygame.display.get_init():
        pygame.event.clear()
    app = make_app(catalogue, seed, size)
    app.ctx.settings.animation_speed = 0
    app.push(PlayScene(app, game))
    return Driver(app)


def open_play(make_app, catalogue, mission="dual_strike", teams=("gideon", "deathless_destroyers"),
              seed=5, until=None, rules="fireteam", size=(1280, 800), wargear=None, speed=0.0,
              frames=10):
    """The play screen on a seeded game (random players until ``until`` holds), with a
    driver, settled and then ``frames`` more frames pumped (so any banner has gone when
    animations are off: one per frame); ``speed``: the animation speed."""
    from game.ui.scenes.play import PlayScene
    from game.uitest.driver import Driver

    app = make_app(seed, size)
    app.ctx.settings.animation_speed = speed
    game = Game.new(catalogue, mission, teams, RandomDice(seed), rules=rules, wargear=wargear)
    if until is not None:
        play(game, seed, until=until)
    scene = PlayScene(app, game)
    app.push(scene)
    driver = Driver(app)
    driver.settle()
    for _ in range(frames):
        driver.pump([])
    return app, scene, driver


def panel_drawn(make_app, catalogue, size, op_id, teams, rules="fireteam", height=None):
    """The play screen at ``size`` on Dual Strike (seed 3, at the first activation) with
    ``op_id`` selected: what is drawn touching the operative panel (``DrawnText`` records)
    and the game. Nothing drawn may spill over the panel's edge (unless ``height`` squeezes
    the panel, which then lies over the next one)."""
    from game.engine.state import Step

    app, scene, _ = open_play(make_app, catalogue, teams=teams, seed=3, rules=rules, size=size,
                              until=lambda g: g.state.step == Step.ACTIVATE, frames=0)
    scene.selected = op_id
    scene.rebuild()
    if height is not None:
        scene.panels.op_rect.height = height
    app.ctx.record = []
    scene.draw(app.screen)
    records, app.ctx.record = app.ctx.record, None
    rect = scene.panels.op_rect
    touching = [r for r in records if rect.colliderect(r.rect)]
    if height is None:
        spilled = [r.text for r in touching if not rect.contains(r.rect)]
        assert not spilled, f"drawn over the panel's edge: {spilled}"
    return touching, scene.game


def texts_drawn(app, scene) -> list[tuple[str, pygame.Rect]]:
    """What one ``scene.draw`` writes: each text with its rectangle."""
    app.ctx.record = []
    scene.draw(app.screen)
    records, app.ctx.record = app.ctx.record, None
    return [(r.text, r.rect) for r in records]


def at_menu(make_app, seed: int):
    """A fresh app on the main menu (seeded ``seed``) and its click driver."""
    from game.ui.scenes.menu import MenuScene
    from game.uitest.driver import Driver

    app = make_app(seed)
    app.push(MenuScene(app))
    return app, Driver(app)


def open_editor(make_app, catalogue, *, over_menu: bool = False):
    """The mission editor on Dual Strike (over the main menu when ``over_menu``), drawn once:
    the app and the editor."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.mission_editor import MissionEditorScene

    app = make_app()
    if over_menu:
        app.push(MenuScene(app))
    editor = MissionEditorScene(app, catalogue.missions["dual_strike"])
    app.push(editor)
    app.frame([])
    return app, editor


def activate_one_that_moves(driver, game: Game) -> None:
    """Activate (through the screen) the first operative that may then move."""
    from game.engine.actions import Activate, Move

    def has_moves(action) -> bool:
        copy = game.clone()
        copy.apply(action)
        return any(isinstance(a, Move) for a in copy.legal_actions())

    driver.perform(next(a for a in game.legal_actions()
                        if isinstance(a, Activate) and has_moves(a)))


def hover_preview(app, scene, driver, kind: type, button: str):
    """Click ``button`` to start the first legal action of ``kind`` and rest the mouse on its
    target: those actions at that target (every weapon), the target's hex and the strings
    drawn meanwhile."""
    game = scene.game
    first = next(a for a in game.legal_actions() if isinstance(a, kind))
    options = [a for a in game.legal_actions() if isinstance(a, kind)
               and a.target == first.target]
    driver.click_button(button)
    target_hex = game.state.operatives[first.target].hex
    drawn = hovered_text(app, scene, driver, target_hex)
    assert f"{button} {scene.words.operative(first.target)}" in drawn
    return options, target_hex, drawn


def tutorial_at(make_app, index: int, size: tuple[int, int] | None = None):
    """The tutorial on the real screens from step ``index`` (nothing remembered), with a
    driver, one frame run: the app and the driver."""
    from game.ui.scenes.tutorial import TutorialScene
    from game.uitest.driver import Driver

    app = make_app(0) if size is None else make_app(0, size)
    app.push(TutorialScene(app, index, remember=False))
    driver = Driver(app)
    driver.pump([])
    return app, driver


def tutorial_step(title_start: str) -> int:
    """The index ``tutorial_at`` takes for the step whose title starts with ``title_start``."""
    from game.help.tutorial_script import load_script

    return next(s.index - 1 for s in load_script().steps if s.title.startswith(title_start))


def hovered_text(app, scene, driver, hex_: str) -> list[str]:
    """The strings drawn while the mouse rests on ``hex_``."""
    app.ctx.drawn = []
    driver.hover(scene.view_board.centre(hex_))
    drawn = list(app.ctx.drawn)
    app.ctx.drawn = None
    return drawn
