"""``python main.py --bench-computer-turns N``: how long the computer's turns take on the play
screen, as a person watching them waits.

Two computer seats at the normal level play Dual Strike on a window-less play screen (SDL's
dummy driver) at the default animation speed, frame by frame at the window's frame rate, as
the app's own loop runs them. A *computer turn* is one activation of the firefight phase,
from the moment the seat is to choose its operative to the moment the activation has ended
(the turns a person playing the computer waits through; set-up and strategy decisions are
played but not counted). For each turn the time is split into
the computer's thinking (inside its decision) and the rest (the pause after each action so
people can follow it, the animations, the drawing). Prints::

    computer turns: median X s, p95 Y s (thinking T s, animation A s)

where T and A are the medians of the two parts. The target at the normal level: median
under 3 s, p95 under 6 s.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Generator
from typing import Any

from game.engine import Action, ActivationEnded, Catalogue, Game, Phase, RandomDice, Step

MISSION = "dual_strike"
TEAMS = ("gideon", "deathless_destroyers")
FRAME_LIMIT = 200_000


class _Timer:
    """Counts the seconds spent inside the computer's thinking."""

    def __init__(self) -> None:
        self.seconds = 0.0

    def wrap(self, thought: Generator[None, None, Action]) -> Generator[None, None, Action]:
        while True:
            start = time.perf_counter()
            try:
                next(thought)
            except StopIteration as done:
                self.seconds += time.perf_counter() - start
                return done.value  # type: ignore[no-any-return]
            self.seconds += time.perf_counter() - start
            yield


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(catalogue: Catalogue, turns: int, seed: int = 1, level: str = "normal",
            size: tuple[int, int] = (1280, 800)) -> list[tuple[float, float]]:
    """Play until ``turns`` computer turns are done (new games as needed); each turn's
    (seconds in all, seconds thinking)."""
    import pygame

    from game.ui.scenes import play as play_module
    from game.ui.scenes.menu import MenuScene
    from game.uitest.headless import make_app

    timer = _Timer()
    original = play_module.think

    def timed_think(player: Any, view: Any) -> Generator[None, None, Action]:
        return timer.wrap(original(player, view))

    play_module.think = timed_think  # type: ignore[assignment]
    out: list[tuple[float, float]] = []
    try:
        app = make_app(catalogue, seed, size)
        app.push(MenuScene(app))
        clock = pygame.time.Clock()
        game_seed = seed
        while len(out) < turns:
            game = Game.new(catalogue, MISSION, TEAMS, RandomDice(game_seed))
            scene = play_module.PlayScene(app, game, {1: level, 2: level})
            app.push(scene)
            start: float | None = None
            thought = 0.0
            seen = len(game.events)
            for _ in range(FRAME_LIMIT):
                if game.is_over or len(out) >= turns or app.scene is not scene:
                    break
                if start is None and choosing(game):
                    start, thought = time.perf_counter(), timer.seconds
                app.frame([])
                clock.tick(app_fps())
                new, seen = game.events[seen:], len(game.events)
                if any(isinstance(e, ActivationEnded) for e in new):
                    now = time.perf_counter()
                    if start is not None:
                        out.append((now - start, timer.seconds - thought))
                    start, thought = (now, timer.seconds) if choosing(game) else (None, 0.0)
            app.replace(MenuScene(app))
            game_seed += 1
    finally:
        play_module.think = original  # type: ignore[assignment]
    return out[:turns]


def choosing(game: Game) -> bool:
    """A seat is to choose the operative it activates next."""
    return game.state.phase == Phase.FIREFIGHT and game.state.step == Step.ACTIVATE \
        and not game.is_over


def app_fps() -> int:
    from game.ui.app import FPS
    return FPS


def run(catalogue: Catalogue, turns: int, seed: int = 1) -> int:
    """The benchmark's report (see the module's docstring); 0 when it ran."""
    import pygame

    results = measure(catalogue, max(1, turns), seed)
    pygame.quit()
    totals = [total for total, _ in results]
    thinking = [t for _, t in results]
    animation = [total - t for total, t in results]
    print(f"computer turns: median {statistics.median(totals):.2f} s, "
          f"p95 {percentile(totals, 0.95):.2f} s (thinking {statistics.median(thinking):.2f} s, "
          f"animation {statistics.median(animation):.2f} s)")
    return 0
