"""The post-game analysis on screen (game/analysis/): a progress bar while it works, then each
costly decision: the board as it stood, the move made (red) and the better one (green) drawn
on it, the VP each was worth and why.

The analysis runs between frames (:meth:`AnalysisScene.update` runs its generator for a few
milliseconds a frame), so the window stays live and Cancel works at any time; the result is
the same however it is sliced. When the game came from a save, the result is kept beside it
(``<save>.seat<N>.analysis``) and shown at once the next time.
"""

from __future__ import annotations

import time
from collections.abc import Generator
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.analysis.core import (
    Analysis,
    Decision,
    Record,
    Settings,
    analysing,
    load_beside,
    save_beside,
)
from game.analysis.reasons import describe
from game.engine import Action, Attack, Disengage, Game, Move, parse_action
from game.ui.board import BoardView
from game.ui.context import DIM, GOLD, INK, PANEL_EDGE, panel
from game.ui.scene import FPS, Scene

if TYPE_CHECKING:
    from game.ui.app import App

SLICE = 0.02  # seconds of analysis a frame
MADE = (235, 80, 70)
BETTER = (110, 220, 120)


class AnalysisScene(Scene):
    """The analysis of ``seat``'s decisions in ``record``; Esc cancels or closes it."""

    defaults = Settings()  # the analysis's settings when none are given
    # playouts a frame; 0: as many as :data:`SLICE` seconds allow (a test sets a count, so
    # that what a frame does never depends on the machine's speed)
    per_frame = 0

    def __init__(self, app: App, record: Record, seat: int, save: str | Path | None = None,
                 settings: Settings | None = None, top: int = 3) -> None:
        super().__init__(app)
        self.record = record
        self.seat = seat
        self.save = Path(save) if save is not None else None
        self.settings = settings or self.defaults
        self.top_count = top
        if record.names:
            self.ctx.names = {**self.ctx.names, **record.names}
        self.progress = 0.0
        self.cancelled = False
        self.result: Analysis | None = None
        self.shown = 0  # which costly decision is on the board
        self.board: BoardView | None = None
        self._position: tuple[int, Game] | None = None
        self.work: Generator[float, None, Analysis] | None = None
        self.start(seat)

    def start(self, seat: int) -> None:
        """Show the analysis of ``seat``: the one kept with the save, or a new one begun."""
        self.seat = seat
        self.result, self.shown, self.progress = None, 0, 0.0
        kept = load_beside(self.save, seat, self.record) if self.save is not None else None
        if kept is not None and len(kept.decisions) > 0:
            kept.top_count = self.top_count
            self.result = kept
            self.work = None
        else:
            self.work = analysing(self.record, seat, self.top_count, self.settings)

    def other_seat(self) -> None:
        self.start(3 - self.seat)
        self.rebuild()

    # --- the work between frames --------------------------------------------------------

    @property
    def running(self) -> bool:
        return self.work is not None

    def frame_rate(self) -> float:
        return FPS if self.running else 0.0

    def update(self, dt: float) -> None:
        if self.work is None:
            return
        until = time.perf_counter() + SLICE
        count = 0
        try:
            while (count < self.per_frame) if self.per_frame else \
                    (time.perf_counter() < until):
                self.progress = next(self.work)
                count += 1
        except StopIteration as done:
            self.finish(done.value)
        self.app.dirty = True

    def run_to_end(self) -> None:
        """The rest of the analysis at once (tests, the layout audit)."""
        while self.work is not None:
            self.update(0.0)

    def finish(self, result: Analysis) -> None:
        self.work = None
        self.result = result
        self.progress = 1.0
        if self.save is not None:
            try:
                save_beside(result, self.save, self.record)
            except OSError:
                pass  # the analysis is still shown; only keeping it failed
        self.rebuild()

    def cancel(self) -> None:
        self.work = None
        self.cancelled = True
        self.app.pop()

    def close(self) -> None:
        self.app.pop()

    def step(self, by: int) -> None:
        if self.result is not None and self.result.top:
            self.shown = (self.shown + by) % len(self.result.top)
            self.rebuild()

    # --- layout ----------------------------------------------------------------------

    def build(self) -> None:
        ctx, px = self.ctx, self.ctx.px
        width, height = self.app.size
        # wide enough for its three buttons' labels (a large text size widens it)
        labels = max(self.button_width(label, key) - px(8) for label, key in (
            ("Previous", pygame.K_LEFT), ("Next", pygame.K_RIGHT), ("Close", pygame.K_ESCAPE)))
        side = max(px(360), int(width * 0.34), 3 * labels + 4 * px(10))
        self.top_bar = pygame.Rect(0, 0, width, px(46))
        self.side = pygame.Rect(width - side, self.top_bar.bottom, side,
                                height - self.top_bar.bottom)
        h = px(40)
        y = height - h - px(14)
        self.buttons_top = y - px(10)
        self.other_left = width - px(14)
        if self.running:
            self.button("Cancel", pygame.Rect(width // 2 - px(90), height // 2 + px(60),
                                              px(180), h), self.cancel,
                        hotkey=pygame.K_ESCAPE, tooltip="Stop the analysis")
            return
        w = self.button_width("Other player", pygame.K_TAB)
        self.button("Other player", pygame.Rect(width - w - px(10), px(4), w, px(38)),
                    self.other_seat, hotkey=pygame.K_TAB,
                    tooltip="The decisions of the other seat")
        self.other_left = width - w - px(20)
        area = pygame.Rect(10, self.top_bar.bottom + 6, self.side.left - 20,
                           height - self.top_bar.bottom - 12)
        self.board = BoardView(ctx, self.record.start.config, area)
        gap = px(10)
        w = (self.side.width - 4 * gap) // 3
        x = self.side.left + gap
        several = self.result is not None and len(self.result.top) > 1
        for label, run, key, tip in (
                ("Previous", lambda: self.step(-1), pygame.K_LEFT,
                 "The costly decision before"),
                ("Next", lambda: self.step(1), pygame.K_RIGHT, "The next costly decision"),
                ("Close", self.close, pygame.K_ESCAPE, "Back")):
            self.button(label, pygame.Rect(x, y, w, h), run, hotkey=key, tooltip=tip,
                        enabled=key == pygame.K_ESCAPE or several)
            x += w + gap

    # --- drawing ---------------------------------------------------------------------

    def decision(self) -> Decision | None:
        if self.result is None or not self.result.top:
            return None
        return self.result.top[min(self.shown, len(self.result.top) - 1)]

    def position(self, decision: Decision) -> Game:
        """The game as it stood at ``decision`` (worked out once per decision shown)."""
        if self._position is None or self._position[0] != decision.index:
            self._position = (decision.index, self.record.game_at(decision.index))
        return self._position[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((14, 15, 17))
        self.draw_top(surface)
        if self.running:
            self.draw_progress(surface)
            return
        decision = self.decision()
        if decision is None or self.board is None:
            self.draw_nothing_costly(surface)
            return
        game = self.position(decision)
        board = self.board
        surface.blit(board.layer(), board.rect)
        self.draw_tokens(surface, game)
        self.draw_choice(surface, game, decision.made.action, MADE)
        self.draw_choice(surface, game, decision.best.action, BETTER)
        self.draw_side(surface, game, decision)

    def draw_top(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        bar = self.top_bar
        pygame.draw.rect(surface, (20, 21, 24), bar)
        pygame.draw.line(surface, PANEL_EDGE, bar.bottomleft, bar.bottomright)
        config = self.record.start.config
        mission = config.mission.name if config.mission else "Custom killzone"
        x = ctx.text(surface, "ANALYSIS", 16, (14, bar.centery), (120, 200, 255), "condensed",
                     "midleft").right + 16
        x = ctx.text(surface, mission.upper(), 16, (x, bar.centery), GOLD, "condensed",
                     "midleft").right + 24
        ctx.text(surface, f"the decisions of {ctx.names.get(self.seat, f'Player {self.seat}')}",
                 16, (x, bar.centery), INK, anchor="midleft",
                 width=max(0, self.other_left - x))

    def draw_progress(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        width, height = surface.get_size()
        ctx.text(surface, "The computer plays each of your decisions out again", 22,
                 (width // 2, height // 2 - px(80)), INK, "bold", "center")
        bar = pygame.Rect(width // 2 - px(300), height // 2 - px(20), px(600), px(26))
        pygame.draw.rect(surface, (40, 42, 48), bar, border_radius=6)
        done = bar.copy()
        done.width = int(bar.width * max(0.0, min(1.0, self.progress)))
        if done.width:
            pygame.draw.rect(surface, (120, 200, 255), done, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, bar, 1, border_radius=6)
        ctx.text(surface, f"{round(100 * self.progress)} %", 16,
                 (width // 2, bar.bottom + px(12)), DIM, anchor="midtop")

    def draw_nothing_costly(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        width, height = surface.get_size()
        result = self.result
        found = len(result.found) if result else 0
        total = len(result.decisions) if result else 0
        ctx.text(surface, "No decision cost anything the analysis could measure", 22,
                 (width // 2, height // 2 - px(40)), INK, "bold", "center")
        ctx.text(surface, f"The best move was found in {found} of {total} decisions.", 16,
                 (width // 2, height // 2), DIM, anchor="center")

    def draw_tokens(self, surface: pygame.Surface, game: Game) -> None:
        board = self.board
        assert board is not None
        state = game.state
        for obj in game.config.objectives:
            where = game.objective_hex(obj)
            if where is not None:
                board.objective(surface, obj, where, state.control.get(obj, 0))
        for op in state.operatives.values():
            if op.on_killzone:
                board.token(surface, op, game.config.datacards[op.card].wounds,
                            selected=op.id == state.active)

    def draw_choice(self, surface: pygame.Surface, game: Game, notation: str,
                    colour: tuple[int, int, int]) -> None:
        """A move's path, an attack's line to its target, or the operative's hex."""
        board = self.board
        assert board is not None
        action = parse_action(notation)
        hexes = choice_hexes(game, action)
        if len(hexes) >= 2 and isinstance(action, Attack):
            board.outline(surface, hexes[1], colour, 4)
            pygame.draw.line(surface, colour, board.centre(hexes[0]), board.centre(hexes[1]),
                             4)
        elif len(hexes) >= 2:
            board.path(surface, hexes, colour)
        elif hexes:
            board.outline(surface, hexes[0], colour, 4)

    def draw_side(self, surface: pygame.Surface, game: Game, decision: Decision) -> None:
        ctx, px = self.ctx, self.ctx.px
        result = self.result
        assert result is not None
        box = self.side.inflate(-px(16), 0)
        box.height = self.buttons_top - box.top - px(6)
        box.top += px(8)
        box.height -= px(8)
        inner = panel(surface, box, f"Costly decision {self.shown + 1} of "
                      f"{len(result.top)}", ctx)
        names = {**ctx.names}
        y = inner.top
        ctx.text(surface, f"Turning point {decision.turning_point}, action "
                 f"{decision.index + 1}", 14, (inner.left, y), DIM, width=inner.width)
        y += px(24)
        for label, colour, choice in (("Played", MADE, decision.made),
                                      ("Better", BETTER, decision.best)):
            pygame.draw.rect(surface, colour, pygame.Rect(inner.left, y + px(4), px(12),
                                                          px(12)))
            ctx.text(surface, f"{label}: {choice.worth:+.1f} VP", 15,
                     (inner.left + px(20), y), colour, "bold", width=inner.width - px(20))
            y += px(22)
            y += ctx.wrapped(surface, describe(game, choice.action, names), 14,
                             pygame.Rect(inner.left + px(20), y, inner.width - px(20),
                                         max(0, inner.bottom - y)), INK) + px(6)
        ctx.text(surface, f"Cost: {decision.cost:.1f} VP (± {decision.spread:.1f})", 15,
                 (inner.left, y), GOLD, "bold", width=inner.width)
        y += px(26)
        y += ctx.wrapped(surface, decision.reason, 14, pygame.Rect(
            inner.left, y, inner.width, max(0, inner.bottom - y - px(44))), INK) + px(10)
        found = len(result.found)
        ctx.wrapped(surface, f"The best move was found in {found} of "
                    f"{len(result.decisions)} decisions.", 13,
                    pygame.Rect(inner.left, max(y, inner.bottom - px(40)), inner.width,
                                px(40)), DIM)


def choice_hexes(game: Game, action: Action) -> list[str]:
    """The hexes to draw for ``action`` at ``game``: a move's path from where the operative
    stands, an attack's attacker and target, or the hex of the operative it names."""
    ops = game.state.operatives
    operative = getattr(action, "operative", None)
    start = ops[operative].hex if operative in ops else None
    if isinstance(action, Move) and start is not None:
        return [start, *action.path]
    if isinstance(action, Disengage) and start is not None:
        return [start, action.hex]
    if isinstance(action, Attack):
        target = ops[action.target].hex if action.target in ops else None
        return [h for h in (start, target) if h is not None]
    path = getattr(action, "path", None)
    if isinstance(path, tuple) and path and start is not None:  # an order along a path
        return [start, *path]
    return [start] if start is not None else []
