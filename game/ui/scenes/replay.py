"""Watching a game again: the board at any point of a
:class:`game.services.replay.Replay`, the dice of
the step just played, the log up to there, and a control bar (start, back, play/pause,
forward, end, speed, a timeline to click). Only public information is drawn: no hand, and
the log as a spectator reads it (``event.for_viewer(None)``)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine import (
    Action,
    Activate,
    Attack,
    Deploy,
    Disengage,
    Event,
    Game,
    Move,
    Mulligan,
    Phase,
)
from game.services.replay import Replay
from game.ui.anim import Animations
from game.ui.board import BoardView
from game.ui.context import DIM, GOLD, INK, PANEL_EDGE, panel
from game.ui.log import GameLog
from game.ui.placement import board_marks
from game.ui.scene import FPS, Scene, key_name
from game.ui.systems import turning_point_words
from game.ui.words import Words

if TYPE_CHECKING:
    from game.ui.app import App

SPEEDS = (0.5, 1.0, 2.0, 4.0)
PHASE_WORDS = {Phase.SETUP: "set-up", Phase.INITIATIVE: "initiative phase",
               Phase.STRATEGY: "strategy phase", Phase.FIREFIGHT: "firefight phase",
               Phase.END: "end phase", Phase.OVER: "mission over"}


class ReplayScene(Scene):
    """A replay on screen; Esc closes it."""

    def __init__(self, app: App, replay: Replay) -> None:
        super().__init__(app)
        self.replay = replay
        if replay.setup is not None:  # the names the game was played under
            self.ctx.names = dict(replay.setup.names)
        self.playing = False
        self.speed = 1.0
        self.clock = 0.0  # seconds towards the next step while playing
        self.board: BoardView | None = None
        self.anim = Animations(self.ctx)
        self._words: Words | None = None
        self.log = self.new_log()
        self.speed_rects: dict[float, pygame.Rect] = {}
        self.step_hexes: tuple[str, tuple[str, ...]] = ("", ())
        # turning point starts, by position: the ticks of the timeline
        self.marks: list[tuple[int, int]] = []
        self._marks_for = -1
        self.refresh(animate=True)

    @property  # type: ignore[override]
    def words(self) -> Words:
        """Names for the engine's ids, for the position the replay is at now (seeking puts
        another game in :attr:`Replay.game`; an objective's hex depends on the position)."""
        game = self.replay.game
        if self._words is None or self._words.game is not game:
            self._words = Words(game, self.ctx.names)
        return self._words

    def new_log(self) -> GameLog:
        """An empty log that writes names, never the engine's ids."""
        log = GameLog(self.ctx)
        log.words = lambda text: self.words(text)
        return log

    # --- layout ------------------------------------------------------------------------

    def build(self) -> None:
        ctx = self.ctx
        width, height = self.app.size
        side = max(360, int(width * 0.28))
        top = ctx.px(46)
        controls = ctx.px(112)
        self.top_bar = pygame.Rect(0, 0, width, top)
        self.control_bar = pygame.Rect(0, height - controls, width - side, controls)
        self.side = pygame.Rect(width - side, top, side, height - top)
        area = pygame.Rect(10, top + 6, width - side - 20, height - top - controls - 12)
        board = BoardView(ctx, self.replay.game.config, area)
        if self.board is None or self.board.rect != board.rect:
            self.board = board
        bar = self.control_bar
        self.timeline = pygame.Rect(bar.left + 20, bar.top + ctx.px(44), bar.width - 40,
                                    ctx.px(10))
        h = ctx.px(34)
        y = bar.bottom - h - ctx.px(10)
        x = bar.left + 16
        font = ctx.assets.font(ctx.px(15), "bold")

        def fit(text: str, key: int | None) -> int:
            label = f"{text} [{key_name(key)}]" if key is not None else text
            return font.size(label)[0] + ctx.px(22)

        at_start, at_end = self.replay.position == 0, self.replay.at_end
        for label, action, key, enabled, tip in (
                ("Start", self.to_start, pygame.K_HOME, not at_start,
                 "Back to the first decision"),
                ("Back", self.step_back, pygame.K_LEFT, not at_start,
                 "Take back one action"),
                ("Pause" if self.playing else "Play", self.toggle_play, pygame.K_SPACE,
                 not at_end or self.playing, "Play the actions one by one"),
                ("Forward", self.step_forward, pygame.K_RIGHT, not at_end,
                 "Play the next action"),
                ("End", self.to_end, pygame.K_END, not at_end,
                 "The position after the last action")):
            w = max(fit(label, key), fit("Pause", key) if key == pygame.K_SPACE else 0)
            self.button(label, pygame.Rect(x, y, w, h), action, hotkey=key, tooltip=tip,
                        enabled=enabled)
            x += w + 6
        low = ctx.px(26)
        narrow = max(ctx.px(50), *(fit(_speed_text(speed), None) for speed in SPEEDS))
        y = bar.top + ctx.px(6)
        x = bar.right - 20 - len(SPEEDS) * (narrow + 4) + 4
        self.speed_label_at = (x - ctx.px(10), y + low // 2)
        self.speed_rects = {}
        for speed in SPEEDS:
            rect = pygame.Rect(x, y, narrow, low)
            self.button(_speed_text(speed), rect, partial(self.set_speed, speed),
                        tooltip=f"{_speed_text(speed)}: one action every {1 / speed:g} s")
            self.speed_rects[speed] = rect
            x += narrow + 4
        close = pygame.Rect(0, 0, max(ctx.px(110), fit("Close", pygame.K_ESCAPE)),
                            ctx.px(30))
        close.midright = (self.top_bar.right - 10, self.top_bar.centery)
        self.button("Close", close, self.close, hotkey=pygame.K_ESCAPE,
                    tooltip="Leave the replay")
        self.close_rect = close

    # --- the controls --------------------------------------------------------------------

    def to_start(self) -> None:
        self.playing = False
        self.replay.seek(0)
        self.refresh()

    def to_end(self) -> None:
        self.playing = False
        self.replay.seek(len(self.replay))
        self.refresh()

    def step_back(self) -> None:
        self.playing = False
        self.replay.back()
        self.refresh()

    def step_forward(self) -> None:
        self.playing = False
        self.advance()
        self.rebuild()

    def advance(self) -> None:
        """One action forward, its events into the log and animated."""
        if self.replay.at_end:
            return
        game = self.replay.game
        self.anim.where = {o.id: o.hex for o in game.state.operatives.values()
                           if o.hex is not None}
        before = game.clone()
        events = self.replay.forward()
        self._note_step(before)
        public = [e.for_viewer(None) for e in events]
        self.anim.roll = None
        for event in public:
            self.log.add(str(event))
        self.anim.add(public, self.ctx.names)

    def toggle_play(self) -> None:
        if not self.playing and self.replay.at_end:
            return
        self.playing = not self.playing
        self.clock = 0.0
        if self.playing:  # the first step at once, the next ones at the speed chosen
            self.advance()
            if self.replay.at_end:
                self.playing = False
        self.rebuild()

    def set_speed(self, speed: float) -> None:
        self.speed = speed

    def seek(self, position: int) -> None:
        self.replay.seek(max(0, min(len(self.replay), position)))
        self.refresh()

    def close(self) -> None:
        self.app.pop()

    def refresh(self, animate: bool = True) -> None:
        """Rebuild the log and the dice for the position the replay is at now."""
        replay = self.replay
        self.log = self.new_log()
        for event in replay.events_until(replay.position):
            self.log.add(str(event.for_viewer(None)))
        self.anim = Animations(self.ctx)
        before_step = replay.game_at(replay.position - 1) if replay.position else None
        self._note_step(before_step)
        if animate:
            step: list[Event] = replay.last_events()
            before = before_step
            if before is not None:
                self.anim.where = {o.id: o.hex for o in before.state.operatives.values()
                                   if o.hex is not None}
            public = [e.for_viewer(None) for e in step]
            self.anim.add(public, self.ctx.names)
            self.anim.banners.clear()  # banners greet a step played, not one sought
        if self.elements or self.board is not None:
            self.rebuild()

    # --- the loop ------------------------------------------------------------------------

    def frame_rate(self) -> float:
        """60 frames a second while it plays or animates; none when paused and still."""
        return FPS if self.playing or self.anim.running() else 0.0

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        if not self.playing:
            return
        self.clock += dt
        interval = 1.0 / self.speed
        stepped = False
        while self.clock >= interval and not self.replay.at_end:
            self.clock -= interval
            self.advance()
            stepped = True
        if self.replay.at_end:
            self.playing = False
            stepped = True
        if stepped:
            self.rebuild()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.timeline.inflate(0, 16).collidepoint(event.pos):
            share = (event.pos[0] - self.timeline.left) / max(1, self.timeline.width)
            self.playing = False
            self.seek(round(share * len(self.replay)))
        elif event.type == pygame.MOUSEWHEEL and self.side.collidepoint(
                pygame.mouse.get_pos()):
            self.log.on_wheel(event.y)

    def indicator(self) -> str:
        """``action 37 of 161 — turning point 2, firefight phase``."""
        game = self.replay.game
        state = game.state
        where = f"turning point {state.turning_point}"
        if state.phase == Phase.OVER:
            where = "the mission is over"
        elif state.phase == Phase.SETUP:
            where = "set-up"
        return f"action {self.replay.position} of {len(self.replay)} — {where}"

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((14, 15, 17))
        board = self.board
        assert board is not None
        surface.blit(board.layer(), board.rect)
        self.draw_step(surface)
        self.draw_tokens(surface)
        self.anim.draw_marks(surface, board.centre, board.size)
        self.draw_top(surface)
        self.draw_side(surface)
        self.draw_controls(surface)
        self.anim.draw_banner(surface, pygame.Rect(0, 0, self.side.left,
                                                   self.top_bar.height))

    def draw_dice(self, surface: pygame.Surface, box: pygame.Rect) -> None:
        """The dice of the step just played (an attack's, or the roll-off before the
        firefight), docked in the side panel: they never cover the board."""
        game = self.replay.game
        if self.anim.roll is not None:
            self.anim.draw_dice(surface, box)
        elif self.anim.roll_off is not None and game.state.phase in (Phase.SETUP,
                                                                      Phase.STRATEGY):
            self.anim.draw_roll_off(surface, box)

    def draw_step(self, surface: pygame.Surface) -> None:
        """Where the step just played happened: a move's path, an attack's line."""
        board = self.board
        assert board is not None
        kind, hexes = self.step_hexes
        if kind == "path":
            board.path(surface, list(hexes), (120, 200, 255))
        elif kind == "attack":
            board.outline(surface, hexes[1], (235, 80, 70), 3)
            pygame.draw.line(surface, (235, 80, 70), board.centre(hexes[0]),
                             board.centre(hexes[1]), 3)
        elif kind == "hex":
            board.outline(surface, hexes[0], (120, 200, 255), 3)

    def _note_step(self, before: Game | None) -> None:
        """Work out :attr:`step_hexes` for the action that led to the position now."""
        self.step_hexes = ("", ())
        replay = self.replay
        if before is None or replay.position == 0:
            return
        action = replay.actions[replay.position - 1]
        ops = before.state.operatives
        if isinstance(action, (Move, Disengage)):
            start = ops[action.operative].hex
            end = action.path if isinstance(action, Move) else (action.hex,)
            if start is not None:
                self.step_hexes = ("path", (start, *end))
        elif isinstance(action, Attack):
            a, b = ops[action.operative].hex, ops[action.target].hex
            if a is not None and b is not None:
                self.step_hexes = ("attack", (a, b))
        elif isinstance(action, (Activate, Deploy)):
            where = action.hex if isinstance(action, Deploy) \
                else replay.game.state.operatives[action.operative].hex
            if where is not None:
                self.step_hexes = ("hex", (where,))

    def draw_tokens(self, surface: pygame.Surface) -> None:
        game, board = self.replay.game, self.board
        assert board is not None
        state = game.state
        labels: list[tuple[str, tuple[str, ...]]] = []
        for obj in game.config.objectives:
            where = game.objective_hex(obj)
            if where is None:
                continue
            flags = tuple(f.name if not f.player else f"{f.name} ({self.ctx.names[f.player]})"
                          for f in state.objective_flags.get(obj, ()))
            if state.carried.get(obj):
                flags += (f"carried by {self.words.operative(state.carried[obj])}",)
            board.objective(surface, obj, where, state.control.get(obj, 0))
            labels.append((where, flags))
        for op in state.operatives.values():
            if op.on_killzone:
                board.token(surface, op, game.config.datacards[op.card].wounds,
                            selected=op.id == state.active)
        # the objectives' mission tokens in words, beside them on no token
        board.objective_labels(surface, labels, [h for _, h in board_marks(self)])

    def draw_top(self, surface: pygame.Surface) -> None:
        ctx, game = self.ctx, self.replay.game
        bar = self.top_bar
        pygame.draw.rect(surface, (20, 21, 24), bar)
        pygame.draw.line(surface, PANEL_EDGE, bar.bottomleft, bar.bottomright)
        mission = game.config.mission.name if game.config.mission else "Custom killzone"
        x = ctx.text(surface, "REPLAY", 16, (14, bar.centery), (120, 200, 255), "condensed",
                     "midleft").right + 16
        x = ctx.text(surface, mission.upper(), 16, (x, bar.centery), GOLD, "condensed",
                     "midleft").right + 28
        limit = self.close_rect.left - 16
        # each side's name and VP gets at most a third of the room (a long fireteam name is
        # shortened at a word's end, in full as a tooltip); the phase has the rest
        share = (limit - x) * 36 // 100
        for player in (1, 2):
            team = game.config.fireteams.get(player)
            name = team.name if team is not None else self.ctx.names[player]
            colour = ctx.colours[player]
            pygame.draw.circle(surface, colour, (x + ctx.px(7), bar.centery), ctx.px(7))
            vp = f"{game.state.vp[player]} VP"
            room = share - 24 - ctx.px(30) - ctx.assets.font(ctx.px(15), "bold").size(vp)[0]
            right = ctx.text(surface, name, 15, (x + ctx.px(20), bar.centery), INK, "bold",
                             "midleft",
                             width=max(ctx.px(40), room)).right
            x = ctx.text(surface, vp, 15, (right + ctx.px(10), bar.centery), INK, "bold",
                         "midleft").right + 24
        if x < limit:
            ctx.text(surface, self.phase_words(), 14, (x, bar.centery), DIM, anchor="midleft",
                     width=limit - x)

    def phase_words(self) -> str:
        state = self.replay.game.state
        words = turning_point_words(self.replay.game.config, state.turning_point)
        words += f" · {PHASE_WORDS[state.phase].capitalize()}"
        if state.phase == Phase.FIREFIGHT:
            words += f" · turn {state.turn}/8"
        return words

    def draw_side(self, surface: pygame.Surface) -> None:
        ctx, replay = self.ctx, self.replay
        game = replay.game
        state = game.state
        side = self.side.inflate(-12, -12)
        # the step just played, and who is to act (the panel as tall as its lines need)
        if replay.position:
            action = replay.actions[replay.position - 1]
            who: int | None = action.player
            said = self.step_words(action)
            name = ctx.names.get(action.player, str(action.player))
            # "Quinn concedes" is said once, never "Quinn: Quinn concedes"
            line = said[:1].upper() + said[1:] if said.startswith(name) else f"{name}: {said}"
            indent = 18
        else:
            who, line, indent = None, "Set-up: the roll-off and the deal", 0
        if state.active:
            status = f"{self.words.operative(state.active)} active, {state.ap_left} AP left"
        elif game.is_over:
            winner = state.winner
            status = "A draw" if winner == 0 else f"{ctx.names.get(winner or 0, '')} wins"
        else:
            status = f"{ctx.names[state.to_act]} to decide"
        room = side.width - 16 - indent
        used = ctx.wrapped(None, line, 15, pygame.Rect(0, 0, room, 1 << 16), INK, "bold")
        below = max(used, ctx.px(20)) + 4 + ctx.assets.font(ctx.px(14)).get_linesize()
        step_box = pygame.Rect(side.left, side.top, side.width,
                               max(ctx.px(112), 12 + ctx.px(20) + below + 4))
        inner = panel(surface, step_box, "This step", ctx)
        if who is not None:
            pygame.draw.circle(surface, ctx.colours.get(who, INK),
                               (inner.left + 6, inner.top + ctx.px(10)), 6)
        ctx.wrapped(surface, line, 15, pygame.Rect(inner.left + indent, inner.top, room, used),
                    INK, "bold")
        ctx.text(surface, status, 14, (inner.left, inner.top + max(used, ctx.px(20)) + 4),
                 DIM, width=inner.width)
        # targets of opportunity revealed (public) and completed
        texts = {}
        for side_of in (1, 2):
            # revealed and still in play, then those completed (they leave play when scored)
            done = list(state.completed[side_of])
            revealed = [*state.active_targets[side_of],
                        *(c for c in done if c not in state.active_targets[side_of])]
            texts[side_of] = ", ".join(
                (game.config.targets[c].name if c in game.config.targets else c)
                + (" ✓" if c in done else "") for c in revealed) or "none"
        room = side.width - 16 - ctx.px(18)
        heights = {p: max(ctx.wrapped(None, t, 14, pygame.Rect(0, 0, room, 1 << 16)),
                          ctx.px(20)) for p, t in texts.items()}
        cards = pygame.Rect(side.left, step_box.bottom + 8, side.width, max(
            ctx.px(112), 12 + ctx.px(20) + sum(heights.values()) + 8))
        inner = panel(surface, cards, "Targets revealed", ctx)
        y = inner.top
        for side_of, text in texts.items():
            pygame.draw.circle(surface, ctx.colours[side_of], (inner.left + ctx.px(6),
                                                              y + ctx.px(9)), ctx.px(5))
            ctx.wrapped(surface, text, 14, pygame.Rect(inner.left + ctx.px(18), y, room,
                                                       heights[side_of]), INK)
            y += heights[side_of] + 4
        top = cards.bottom + 8
        if self.anim.roll is not None or self.anim.roll_off is not None:
            dice = pygame.Rect(side.left, top, side.width, ctx.px(132))
            self.draw_dice(surface, dice)
            top = dice.bottom + 8
        if side.bottom - top < ctx.px(40):  # no room left for the log (a large text size)
            return
        log_box = pygame.Rect(side.left, top, side.width, side.bottom - top)
        inner = panel(surface, log_box, "Log", ctx)
        self.log.draw(surface, inner)

    def step_words(self, action: Action) -> str:
        """The step just played as a spectator reads it: names, never the engine's notation,
        and never which targets of opportunity a player swapped (those stay secret)."""
        if isinstance(action, Mulligan):
            count = len(action.cards)
            return f"swap {count} target{'s' if count != 1 else ''} of opportunity"
        return self.words.action(action)

    def draw_controls(self, surface: pygame.Surface) -> None:
        ctx, replay = self.ctx, self.replay
        bar = self.control_bar
        pygame.draw.rect(surface, (20, 21, 24), bar)
        pygame.draw.line(surface, PANEL_EDGE, bar.topleft, bar.topright)
        line = self.timeline
        pygame.draw.rect(surface, (44, 46, 52), line, border_radius=4)
        total = max(1, len(replay))
        done = line.copy()
        done.width = int(line.width * replay.position / total)
        pygame.draw.rect(surface, GOLD, done, border_radius=4)
        for position, tp in self.turning_points():
            x = line.left + int(line.width * position / total)
            pygame.draw.line(surface, INK, (x, line.top - 4), (x, line.bottom + 3), 2)
            ctx.text(surface, f"TP{tp}", 11, (x + 3, line.bottom + 1), DIM)
        knob = (line.left + done.width, line.centery)
        pygame.draw.circle(surface, INK, knob, line.height)
        pygame.draw.circle(surface, GOLD, knob, line.height, 2)
        ctx.text(surface, self.indicator(), 15, (line.left, bar.top + ctx.px(19)), INK, "bold",
                 "midleft")
        ctx.text(surface, "Speed", 14, self.speed_label_at, DIM, anchor="midright")
        chosen = self.speed_rects.get(self.speed)
        if chosen is not None:
            pygame.draw.rect(surface, GOLD, chosen.inflate(6, 6), 2, border_radius=6)
        if self.playing:
            ctx.text(surface, f"Playing at {_speed_text(self.speed)}", 13,
                     (line.right, line.bottom + 2), (120, 200, 255), anchor="topright")

    def turning_points(self) -> list[tuple[int, int]]:
        """(position, turning point) where each turning point after the first begins."""
        replay = self.replay
        if self._marks_for != len(replay):
            from game.engine import TurningPointStarted

            marks: list[tuple[int, int]] = []
            for i, event in enumerate(replay.events_until(len(replay))):
                if isinstance(event, TurningPointStarted) and event.turning_point > 1:
                    marks.append((replay.step_of_event(i), event.turning_point))
            self.marks, self._marks_for = marks, len(replay)
        return self.marks


def _speed_text(speed: float) -> str:
    return f"{speed:g}x"
