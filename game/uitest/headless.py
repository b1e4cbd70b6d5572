"""Running the client without a person: seeded positions for screenshots, the fuzzer and the
frame and idle benchmarks (``game/cli/main.py`` calls these; the window itself is
``game/ui/shell.py``)."""

from __future__ import annotations

import os
import statistics
import time
import traceback
from collections.abc import Callable

import pygame

from game.ai.random_player import RandomPlayer
from game.engine import (
    Attack,
    Catalogue,
    Game,
    Move,
    Phase,
    RandomDice,
    RuleSet,
    SplitMix64,
    Step,
)
from game.engine.rulesets import PLAYS
from game.ui.app import App
from game.ui.autoplay import make_app

IMPORTED = time.perf_counter()
MISSION = "dual_strike"
TEAMS = ("gideon", "deathless_destroyers")


def play_until(game: Game, seed: int, done: Callable[[Game], bool], limit: int = 2000) -> Game:
    """Advance ``game`` with a seeded random player until ``done`` holds."""
    player = RandomPlayer(seed)
    for _ in range(limit):
        if done(game) or game.is_over:
            return game
        game.apply(player.choose(game))
    return game


def open_scene(app: App, name: str) -> None:
    """Put the app at a seeded point of a game (or a menu) for a screenshot."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.newgame import NewGameScene
    from game.ui.scenes.play import PlayScene

    app.push(MenuScene(app))
    if name == "menu":
        return
    if name == "newgame":
        app.push(NewGameScene(app))
        return
    if name == "rules":
        app.open_rules("cover")
        return
    if name == "cards":
        from game.ui.scenes.cards import CardBrowserScene
        app.push(CardBrowserScene(app))
        return
    seed = app.ctx.seed
    game = Game.new(app.ctx.catalogue, MISSION, TEAMS, RandomDice(seed))
    if name == "deploy":
        play_until(game, seed, lambda g: g.state.step == Step.DEPLOY and sum(
            1 for o in g.state.operatives.values() if o.hex) >= 4)
    elif name in ("play", "attack-preview", "dice"):
        play_until(game, seed, lambda g: g.state.phase == Phase.FIREFIGHT
                   and g.state.turning_point == 2 and g.state.step == Step.ACTIVATE)
        if name in ("attack-preview", "dice"):
            play_until(game, seed, lambda g: any(isinstance(a, Attack)
                                                 for a in g.legal_actions()))
    elif name == "end":
        play_until(game, seed, lambda g: g.is_over, 5000)
    scene = PlayScene(app, game)
    app.push(scene)
    if name == "setup":
        scene.reveal_to(game.state.to_act)
        scene.rebuild()
    elif name == "attack-preview":
        attack = next(a for a in game.legal_actions() if isinstance(a, Attack))
        scene.choose_verb("attack")
        target = game.state.operatives[attack.target]
        assert target.hex is not None
        x, y = scene.view_board.centre(target.hex)
        pygame.mouse.set_pos((int(x), int(y)))
        scene.hover = target.hex
    elif name == "dice":
        attack = next(a for a in game.legal_actions() if isinstance(a, Attack))
        scene.act(attack)
        scene.anim.banners.clear()
        if scene.anim.roll is not None:
            scene.anim.roll.shown = 99.0


# --- the fuzzer ------------------------------------------------------------------------------

def _other_rule_set(pick: int) -> str:
    """A rule set besides the Fireteam rules (the engine's registry), by ``pick``."""
    others = [r for r in PLAYS if r != RuleSet.FIRETEAM]
    return others[pick % len(others)]


def fuzz(catalogue: Catalogue, events: int, seed: int, size: tuple[int, int]) -> int:
    """``events`` random inputs, most aimed at what can be clicked; raises on any error (the
    loop has no catch-all). Prints how many engine actions went through in each scene."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.newgame import NewGameScene
    from game.ui.scenes.play import PlayScene

    app = make_app(catalogue, seed, size)
    app.ctx.settings.animation_speed = 0
    app.push(MenuScene(app))
    rng = SplitMix64(seed)
    applied: dict[str, int] = {}
    visited: dict[str, int] = {}
    last: object = None
    stay = 0
    try:
        for i in range(events):
            if not app.running or not app.stack:
                app.running = True
                app.push(MenuScene(app))
            scene = app.scene
            visited[scene.name] = visited.get(scene.name, 0) + 1
            if isinstance(scene, MenuScene) and rng.below(4):
                pick = rng.below(10)
                if pick < 6:
                    chosen = NewGameScene(app, mission=sorted(catalogue.missions)[
                        rng.below(len(catalogue.missions))])
                    app.push(chosen)
                    if pick < 2:  # a third of the new games under another rule set
                        chosen.set_rules(_other_rule_set(pick))
                else:  # the other screens of the menu are fuzzed too
                    key = ("visualizer", "campaign", "tutorial", "cards")[pick - 6]
                    scene.choose(key)
                continue
            stay = stay + 1 if scene is last else 0
            last = scene
            if stay > 20 and not isinstance(scene, PlayScene):
                # a screen that holds the fuzzer too long (a card library...) is left, as a
                # player would: Esc, and past that the scene is closed
                if stay > 35 and len(app.stack) > 1:
                    app.pop()
                    continue
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE,
                                                     mod=0, unicode="", scancode=0))
            for event in random_input(app, rng):
                pygame.event.post(event)
            app.frame()
            for s in app.stack:
                if isinstance(s, PlayScene):
                    for kind, n in s.applied.items():
                        applied[kind] = applied.get(kind, 0) + n
                    s.applied.clear()
            if i % 500 == 0 and app.size != size and rng.below(2):
                app.resize(size)
    except Exception:
        traceback.print_exc()
        return 1
    print(f"{events} inputs; scenes visited: "
          + ", ".join(f"{k} {v}" for k, v in sorted(visited.items())))
    print("engine actions applied: "
          + (", ".join(f"{k} {v}" for k, v in sorted(applied.items())) or "none"))
    return 0


def random_input(app: App, rng: SplitMix64) -> list[pygame.event.Event]:
    """One random input: usually a click on something clickable, else a random click, drag,
    key or resize."""
    width, height = app.size
    roll = rng.below(100)
    targets = app.scene.clickables()
    if roll < 75 and targets:
        label, rect = targets[rng.below(len(targets))]
        if label.startswith(("Library", "Cards")):  # side screens: visited, not lived in
            label, rect = targets[rng.below(len(targets))]
        pos = rect.center
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    if roll < 85:
        pos = (rng.below(width), rng.below(height))
        button = 1 if rng.below(4) else 3
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]
    if roll < 97:
        keys = (pygame.K_ESCAPE, pygame.K_TAB, pygame.K_RETURN, pygame.K_m, pygame.K_a,
                pygame.K_d, pygame.K_w, pygame.K_c, pygame.K_u, pygame.K_k, pygame.K_s,
                pygame.K_n, pygame.K_1, pygame.K_2, pygame.K_l, pygame.K_t, pygame.K_y)
        key = keys[rng.below(len(keys))]
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)]
    if roll < 99:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.below(3) - 1,
                                   flipped=False, precise_x=0.0, precise_y=0.0)]
    new = (1024 + rng.below(600), 700 + rng.below(400))
    return [pygame.event.Event(pygame.VIDEORESIZE, w=new[0], h=new[1], size=new)]


# --- the frame benchmark ---------------------------------------------------------------------

def seconds_since_process_start() -> float:
    """Wall time since this process started (Linux /proc; elsewhere since this module was
    imported)."""
    try:
        with open("/proc/self/stat", encoding="ascii") as stat:
            ticks = int(stat.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime", encoding="ascii") as uptime:
            up = float(uptime.read().split()[0])
        return up - ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError, AttributeError):
        return time.perf_counter() - IMPORTED


def bench_frames(catalogue: Catalogue, frames: int, size: tuple[int, int]) -> int:
    """Frame times of a busy mid-game position: every operative on the board, the log full,
    the mouse on a new hex every frame (so the move path, line of sight and attack odds under
    it are worked out afresh) while an attack's dice animation runs."""
    from game.ui.scenes.play import PlayScene

    app = make_app(catalogue, 5, size)
    game = Game.new(catalogue, MISSION, TEAMS, RandomDice(5))
    play_until(game, 5, lambda g: g.state.phase == Phase.FIREFIGHT and g.state.step == Step.ACT
               and any(isinstance(a, Attack) for a in g.legal_actions())
               and any(isinstance(a, Move) for a in g.legal_actions()))
    scene = PlayScene(app, game)
    app.push(scene)
    app.frame([])
    first = seconds_since_process_start()
    for i in range(300 - len(scene.log.lines)):
        scene.log.add(f"filler line {i} of an earlier game, to fill the log")
    attack = next(a for a in game.legal_actions() if isinstance(a, Attack))
    # the dice of an attack, animated, while the position stays at the choice
    scene.anim.add(game.clone().apply(attack), app.ctx.names)
    scene.anim.banners.clear()
    targets = [o.hex for o in game.state.operatives.values()
               if o.on_killzone and o.player != game.to_act and o.hex]
    hexes = list(game.grid.hexes)
    times: list[float] = []
    for i in range(frames):
        if i % 45 == 0 and scene.anim.roll is not None:
            scene.anim.roll.shown = 0.0  # the dice animation starts again
        scene.choose_verb("attack" if i % 2 else "move")
        h = targets[i % len(targets)] if i % 4 == 1 else hexes[(i * 7) % len(hexes)]
        x, y = scene.view_board.centre(h)
        event = pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0),
                                   buttons=(0, 0, 0))
        t0 = time.perf_counter()
        app.frame([event])
        times.append(time.perf_counter() - t0)
    moves = sum(1 for a in game.legal_actions() if isinstance(a, Move))
    times.sort()
    print(f"{frames} frames at {size[0]}x{size[1]}: median {statistics.median(times) * 1000:.2f}"
          f" ms, 95th percentile {times[int(len(times) * 0.95)] * 1000:.2f} ms "
          f"({moves} moves listed, {len(scene.log.lines)} log lines); first frame "
          f"{first:.2f} s after the process started")
    return 0


# --- the idle benchmark ----------------------------------------------------------------------

def bench_idle(catalogue: Catalogue, seconds: float, scene: str, size: tuple[int, int]) -> int:
    """The processor time the window's own loop (:meth:`App.run`) uses with nothing happening
    at ``scene`` (a name of :func:`open_scene`): after the scene has settled (its first
    frames, the banners of the position, the few seconds input keeps the window awake), the
    process's CPU time over ``seconds`` of wall time. Prints
    ``idle: X % of a core over S s (scene NAME)``."""
    app = make_app(catalogue, 5, size)
    open_scene(app, scene)
    settle = time.perf_counter() + 10.0
    app.run(until=time.perf_counter() + 0.5)  # the first frames
    while app.frame_rate() > 0 and time.perf_counter() < settle:
        app.run(until=time.perf_counter() + 0.25)
    wall0, cpu0, drawn0 = time.perf_counter(), time.process_time(), app.drawn_frames
    app.run(until=wall0 + seconds)
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    drawn = app.drawn_frames - drawn0
    pygame.quit()
    print(f"{drawn} frames drawn while idle")
    print(f"idle: {cpu / wall * 100:.1f} % of a core over {seconds:g} s (scene {scene})")
    return 0


# --- the fuzzer on one screen ----------------------------------------------------------------

def fuzz_screen(app: App, make: Callable[[App], object], events: int, seed: int,
                names: tuple[str, ...] = ("Quinn", "Ann", "Bob", ""),
                after_typing: str = "", within: tuple[type, ...] = ()) -> dict[str, int]:
    """``events`` seeded random inputs on one screen and what it opens: mostly clicks on its
    clickables (with their lists and list items where the screen names them), now and then
    a name typed into its text field (then, mostly, the clickable ``after_typing`` clicked),
    a key or a random click. Whenever the screen is left
    (Esc, Back, a screen it opens that is not one of ``within``), the stack goes back to a
    fresh copy of it (``make(app)``). Raises on any error; returns how often each clickable
    was clicked, by label."""
    from game.ui.scenes.menu import MenuScene

    rng = SplitMix64(seed)
    clicked: dict[str, int] = {}

    def home() -> None:
        app.running = True
        app.replace(MenuScene(app))
        app.push(make(app))  # type: ignore[arg-type]
        app.frame([])

    home()
    screen = type(app.scene)
    for _ in range(events):
        if not app.running or not app.stack or not (type(app.scene) is screen
                                                     or isinstance(app.scene, within)):
            home()
        roll = rng.below(100)
        targets = app.scene.clickables()
        if roll < 80 and targets:
            label, rect = targets[rng.below(len(targets))]
            clicked[label] = clicked.get(label, 0) + 1
            for event in _click(rect.center):
                pygame.event.post(event)
                app.frame()
            if label == "name field":
                text = names[rng.below(len(names))]
                for char in text:
                    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
                app.frame()
                then = app.scene.find_clickable(after_typing) if after_typing else None
                if then is not None and rng.below(4):
                    clicked[after_typing] = clicked.get(after_typing, 0) + 1
                    for event in _click(then.center):
                        pygame.event.post(event)
                        app.frame()
        elif roll < 92:
            key = (pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_TAB, pygame.K_a,
                   pygame.K_BACKSPACE)[rng.below(5)]
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                                 scancode=0))
            app.frame()
        else:
            width, height = app.size
            for event in _click((rng.below(width), rng.below(height))):
                pygame.event.post(event)
                app.frame()
        for _ in range(2):  # the widgets' own events (a list's choice) come a frame later
            if app.running and app.stack:
                app.frame()
    return clicked


def _click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
