"""The guided tutorial: a real game of Dual Strike on the play screen, with a guidance box
(the step's text, Next / Back, leave), a highlight and an arrow at what the step talks
about, and only the step's expected action let through (anything else gets a gentle
reminder). The steps are ``assets/tutorial.yaml``, played by
:class:`game.help.tutorial_script.Runner`.

The menu opens it with ``TutorialScene(app)`` (it resumes at the step the player left);
``python main.py tutorial --autoplay`` runs it by synthesized clicks (:func:`autoplay`).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import Action, AttackDeclared, Event, InitiativeRolled, Mulliganed, RollOff
from game.engine import Step as EngineStep
from game.help.tutorial_script import (
    MISSION,
    TEAMS,
    Runner,
    Script,
    ScriptError,
    auto_target,
    load_progress,
    load_script,
    save_progress,
    start,
)
from game.ui.anim import Animations
from game.ui.chooser import Kind
from game.ui.context import DIM, GOLD, INK, panel
from game.ui.registry import SceneName, scene_class
from game.ui.scene import TIMER_RATE, Scene
from game.ui.scenes.handover import HandoverScene
from game.ui.scenes.play import PRIVATE_STEPS, PlayScene
from game.ui.turn_summary import ended_turning_point, for_rules, summarise

if TYPE_CHECKING:
    from game.ui.app import App

HIGHLIGHT = (255, 208, 40)
CORNERS = ("bottomleft", "bottomright", "topleft", "topright")
# where a box may go when every corner hides something: the middle of each edge
EDGES = ("midbottom", "midtop", "midleft", "midright")
REMINDER_SECONDS = 4.0
COMPUTER_SECONDS = 0.8  # the pause before each of the computer's scripted actions
NEXT, BACK, LEAVE = "Next", "Back a step", "Leave tutorial"
FINISH = "Finish this turning point for me"
PLAY_REAL, TO_MENU = "Play Dual Strike for real", "Back to the menu"
TOOL_WORDS = {"sight": "Put the mouse on {where} and hold L until the step moves on.",
              "threat": "Put the mouse on {where} and hold T until the step moves on.",
              "hint": "Press Hint (H).",
              "pause": "Press Esc, look at the menu, then press Resume.",
              "save": "Press Esc, then Save game and Save; then Resume."}
PLAYER = 1  # the seat the person at the screen plays from turning point 2 on (the hint's)
# a sight or threat tool counts once it has been held (its shading on screen) this long
TOOL_SECONDS = 1.0
TOOL_KEYS = {"sight": "planning", "threat": "threat_key"}  # the play screen's held flags


def progress_folder() -> Path | None:
    from game.services.userdata import data_folder
    try:
        return data_folder()
    except OSError:
        return None


class TutorialScene(PlayScene):
    """A PlayScene whose clicks go through the tutorial's current step."""

    # whether the guidance box takes a strip under the board (it has no clear place), and
    # that strip
    box_strip = False
    strip_rect = pygame.Rect(0, 0, 0, 0)

    # the tutorial's own steps tell what its turning points brought; one the computer finishes
    # gets the summary (finish_for_me)
    summaries = False
    journaled = False  # a tutorial is never autosaved
    is_tutorial = True  # the pause menu offers no concession here

    def __init__(self, app: App, index: int | None = None, script: Script | None = None,
                 remember: bool = True, runner: Runner | None = None) -> None:
        self.script = script or load_script()
        self.folder = progress_folder() if remember else None
        if index is None:
            index = load_progress(self.folder)
        # a runner given goes on where it is (a new chapter: its new game on a new screen)
        self.runner: Runner = runner or start(app.ctx.catalogue, self.script, index)
        super().__init__(app, self.runner.game)
        self.reminder: tuple[str, float] | None = None
        self.error: str | None = None
        self.box = pygame.Rect(0, 0, 0, 0)
        self.corners: dict[str, str] = {}  # the board's corner the box and the dice are in
        self.time = 0.0
        self.tool_held = 0.0  # seconds the step's tool has been held at its place
        self.paused_seen = False  # a pause step: its menu was opened (done when closed)
        self.saved_seen = False  # a save step: the game was saved (done when play resumes)
        self.computer_wait = 0.0  # seconds since the computer's last scripted action
        self.computer_held = False  # autoplay: the computer waits while a click is checked
        self.remember = remember
        save_progress(self.folder, self.runner.index)

    # --- the step -------------------------------------------------------------------------

    @property
    def step(self):
        return self.runner.step

    def instruction(self) -> str:
        step = self.step
        if step.kind == "read":
            return f"Press {'the button below' if step.final else NEXT} to go on."
        if step.kind == "finish":
            return f"Press \"{FINISH}\"."
        if step.kind == "tool":
            return TOOL_WORDS[step.tool].format(where=self.tool_place())
        if self.runner.computer_action() is not None:
            return (f"Wait a moment: the computer is playing "
                    f"{self.ctx.names[self.step.computer]}'s turn.")
        wanted = self.runner.expected()
        return f"This step asks you to {self.words.action(wanted)}." if wanted else ""

    def remind(self, why: str = "") -> None:
        text = "Not that one: " + self.instruction() if not why else why
        if not why and self.step.kind == "act" and self.target_rect() is None and \
                self.find_clickable("Back", prefix=True) is not None:
            text += " Its button is not shown now: press Back first."  # never a hidden ask
        grows = self.reminder is None
        self.reminder = (text, REMINDER_SECONDS)
        if grows and self.elements:
            self.rebuild()  # the box grows to hold it whole

    def next_step(self) -> None:
        """The step is done: check it showed what it should, then go on."""
        try:
            self.runner.advance()
        except ScriptError as error:
            self.error = str(error)
            return
        save_progress(self.folder, self.runner.index)
        self.reminder = None
        if self.runner.game is not self.game:  # a new chapter: a new game on the screen
            self.app.replace(TutorialScene(self.app, script=self.script,
                                           remember=self.remember, runner=self.runner))
            return
        self.chooser = self.new_chooser()  # the new step's operative selected, as it says
        self.rebuild()

    def tool_place(self) -> str:
        """Where a tool step wants the mouse: "E8", "Canoptek Scarab Swarm 1 on E10"."""
        target = self.step.target or ""
        op = self.game.state.operatives.get(target)
        if op is not None:
            return f"{self.words.operative(op.id)} on {op.hex}"
        return target

    def used_tool(self, tool: str) -> None:
        """A tool of the screen was used with the mouse on :attr:`hover`: the step is done
        when it asked for that (at that place)."""
        if self.runner.use_tool(tool, self.hover):
            self.next_step()

    def ask_hint(self) -> None:
        """The hint speaks only for the player's own side: on the Necrons' turn it is
        refused with why, never their move suggested."""
        if self.game.state.to_act != PLAYER:
            self.suggestion = None
            self.remind(f"The hint suggests your own moves: it is "
                        f"{self.ctx.names[self.game.state.to_act]}'s turn now.")
            return
        super().ask_hint()
        self.used_tool("hint")

    def saved(self, path: Path) -> None:
        """A save step is done once play resumes: now (Ctrl+S: the save screen has gone),
        or when the pause menu it was made from is closed."""
        super().saved(path)
        self.saved_seen = not (self.app.stack and self.app.scene is self)
        if not self.saved_seen:
            self.used_tool("save")

    def resume(self) -> None:
        super().resume()
        if self.paused_seen:
            self.paused_seen = False
            self.used_tool("pause")
        if self.saved_seen and self.app.stack and self.app.scene is self:
            self.saved_seen = False
            self.used_tool("save")

    def hint(self) -> str:
        """The line under the board: what this step wants now (never a hand-over once the
        player plays alone, nor the computer's choices as if they were the player's)."""
        step = self.step
        if self.game.is_over or step.kind != "act" or self.swapped is not None:
            return super().hint() if self.swapped is not None else self.instruction()
        if self.runner.computer_action() is not None:
            return self.instruction()
        state = self.view.state
        if step.computer and state.step in PRIVATE_STEPS and self.private_to != state.to_act:
            return f"{self.ctx.names[state.to_act]}: your cards are shown next."
        return super().hint()

    def offers_hint(self) -> bool:
        return super().offers_hint() or (self.step.kind == "tool"
                                         and self.step.tool == "hint")

    def back(self) -> None:
        """One step back: the game re-played from the start up to that step (dice cannot be
        taken back)."""
        index = max(0, self.runner.index - 1)
        app = self.app
        app.pop()
        app.push(TutorialScene(app, index, self.script, self.remember))

    def leave_tutorial(self) -> None:
        save_progress(self.folder, self.runner.index)
        self.app.pop()
        if not self.app.stack:
            self.app.open(SceneName.MENU)

    def play_for_real(self) -> None:
        save_progress(self.folder, 0)
        app = self.app
        app.pop()
        app.push(PlayScene.new_game(app, MISSION, TEAMS))

    def finish_for_me(self) -> None:
        if self.step.kind != "finish":
            self.remind()
            return
        events = self.runner.finish_turning_point()
        for event in events:
            self.log.add(str(event.for_viewer(None)))
        self.anim = Animations(self.ctx)  # the computer's turns are in the log, not replayed
        seen = [e.for_viewer(None) for e in events]
        # the last roll stays in the dice panel, already rolled (never "no dice rolled yet"),
        # though the computer's turns rolled none
        history = [e.for_viewer(None) for e in self.game.events]
        rolls = [i for i, e in enumerate(history) if isinstance(e, (AttackDeclared, RollOff,
                                                                     InitiativeRolled))]
        if rolls:
            self.anim.add(history[rolls[-1]:], self.ctx.names)
            self.anim.banners.clear()
            self.anim.marks.clear()
            if self.anim.roll is not None:
                self.anim.roll.shown = 99.0
        self.anim.add(seen[-3:], self.ctx.names)
        self.after([])
        self.next_step()
        # the turning point the computer finished gets its summary, as in a real game (the
        # tutorial's own turning points are told by its steps)
        ended = ended_turning_point(seen)
        if ended is not None and not self.game.is_over and self.app.stack and \
                self.app.scene is self:
            view = self.view
            self.app.open(SceneName.SUMMARY, summarise(view.events, ended), view.vp)

    # --- the play scene, filtered -----------------------------------------------------------

    def new_chooser(self, selection: frozenset[str] = frozenset()):  # type: ignore[no-untyped-def]
        """As the play screen's, with the operative the step places next already selected
        in the list (the step's words say it is)."""
        from game.engine import Deploy

        wanted = self.runner.expected() if self.step.kind == "act" else None
        if isinstance(wanted, Deploy):
            self.selected = wanted.operative
        return super().new_chooser(selection)

    def act(self, action: Action | None) -> None:
        if action is None:
            return
        if self.runner.computer_action() is not None:
            self.remind(self.instruction())
            return
        if self.step.kind != "act" or self.runner.why_not(action):
            self.remind()
            return
        listed = self.legal_form(action)
        if listed is None:
            return
        player = self.game.state.to_act
        try:
            events = self.runner.apply(listed)
        except ScriptError as error:
            self.error = str(error)
            return
        drawn = next((e.drawn for e in events if isinstance(e, Mulliganed)
                      and e.player == player and e.drawn), None)
        if drawn:  # the new cards, marked NEW, before the hand-over (as in a real game)
            self.swapped = (player, drawn)
        kind = type(action).__name__
        self.applied[kind] = self.applied.get(kind, 0) + 1
        self.after(events)
        if self.runner.step_complete():
            self.next_step()

    def after(self, events: list[Event]) -> None:
        services = self.ctx.services
        autosave, services.autosave = services.autosave, None  # a tutorial is never autosaved
        try:
            super().after(events)
        finally:
            if autosave is not None:
                self.ctx.services.autosave = autosave

    def on_event(self, event: pygame.event.Event) -> None:
        # the guidance box is not the board: a click on it never reaches a hex below
        if event.type == pygame.MOUSEBUTTONDOWN and self.box.collidepoint(event.pos):
            return
        depth = len(self.app.stack)
        tool = self.step.tool if self.step.kind == "tool" else ""
        if tool in ("pause", "save") and event.type == pygame.KEYDOWN and \
                event.key == pygame.K_ESCAPE:
            self.suggestion = None  # the step's Esc opens the menu at once (a hint goes too)
        super().on_event(event)
        if tool == "pause" and len(self.app.stack) > depth and \
                type(self.app.scene).__name__ == "PauseScene":
            self.paused_seen = True  # the pause menu is open: done when it is closed
        if event.type == pygame.MOUSEMOTION and self.box.collidepoint(event.pos):
            self.hover = None  # over the box the mouse has left the board: no tooltip, no path

    def tool_place_hex(self) -> str | None:
        """The hex a sight or threat step wants the mouse on."""
        target = self.step.target or ""
        op = self.game.state.operatives.get(target)
        return op.hex if op is not None else target or None

    def watch_tool(self, dt: float) -> None:
        """A sight (L) or threat (T) step is done once its tool has been held at its place
        for :data:`TOOL_SECONDS`, its shading on screen all that time: pressing the key is
        not enough, the player has to see what it shows."""
        step = self.step
        flag = TOOL_KEYS.get(step.tool) if step.kind == "tool" else None
        if flag is None or not getattr(self, flag) or self.hover != self.tool_place_hex():
            self.tool_held = 0.0
            return
        self.tool_held += dt
        if self.tool_held >= TOOL_SECONDS:
            self.tool_held = 0.0
            self.used_tool(step.tool)

    def undo(self) -> None:
        self.remind("The tutorial keeps to its script: no undo here.")

    def private_expected(self) -> bool:
        """The step's next action needs a hand shown (after a hand-over)."""
        return self.step.kind == "act" and self.game.state.step in PRIVATE_STEPS

    def update(self, dt: float) -> None:
        self.time += dt
        self.watch_tool(dt)
        self.anim.update(dt)
        if self.toast is not None:
            text, pos, left = self.toast
            self.toast = (text, pos, left - dt) if left > dt else None
        if self.reminder is not None:
            text, left = self.reminder
            self.reminder = (text, left - dt) if left > dt else None
            if self.reminder is None and self.app.stack and self.app.scene is self:
                self.rebuild()  # and shrinks back
        if self.step.screen and self.app.stack and self.app.scene is self:
            self.app.push(TutorialScreen(self.app, self))  # the step is read over its screen
            return
        if self.computer_moves(dt):
            return
        state = self.game.state
        if self.private_expected() and self.private_to != state.to_act and \
                self.swapped is None:  # the swapper sees its new cards first
            if self.step.computer:  # one player at the screen: no hand-over
                self.reveal_to(state.to_act)
                return
            self.app.push(TutorialHandover(self.app, state.to_act, self.reveal_to, self))

    def computer_moves(self, dt: float) -> bool:
        """On a step whose opponent is the computer, its next scripted action once the last
        one has been seen (its animation done, then a short pause): True while it is the
        computer's to make."""
        action = self.runner.computer_action()
        if action is None:
            self.computer_wait = 0.0
            return False
        if self.anim.running() or self.app.scene is not self or self.computer_held:
            return True
        self.computer_wait += dt
        if self.computer_wait < (COMPUTER_SECONDS if self.ctx.settings.animation_speed
                                 else 0.0):
            return True
        self.computer_wait = 0.0
        listed = self.legal_form(action)
        try:
            events = self.runner.apply(listed if listed is not None else action)
        except ScriptError as error:
            self.error = str(error)
            return True
        self.after(events)
        if self.runner.step_complete():
            self.next_step()
        return True

    def frame_rate(self) -> float:
        """As the play screen's, and 30 frames a second while a highlight pulses."""
        rate = super().frame_rate()
        if self.step.target and self.target_rect() is not None:
            rate = max(rate, 30.0)
        return max(rate, TIMER_RATE) if self.reminder is not None else rate

    # --- layout -----------------------------------------------------------------------------

    def build(self) -> None:
        self.box_strip = False
        ctx = self.ctx
        marks = (len(ctx.record) if ctx.record is not None else 0,
                 len(ctx.drawn) if ctx.drawn is not None else 0)
        self.build_with_box()
        if self.covers_operative(self.box):
            # no clear place on the board nor in the side panel (a large text size): the
            # board leaves a strip under it for the box
            self.clear_widgets()
            if ctx.record is not None:  # the buttons are made (and recorded) once again
                del ctx.record[marks[0]:]
            if ctx.drawn is not None:
                del ctx.drawn[marks[1]:]
            self.box_strip = True  # its height follows from the board's column (board_area)
            self.build_with_box()

    def board_area(self, area: pygame.Rect) -> pygame.Rect:
        """The board's area, less the strip under it that the guidance box takes when it
        has no clear place (see :meth:`build`)."""
        strip = self.box_height(area.width, least=False) + 6 if self.box_strip else 0
        self.strip_rect = pygame.Rect(area.left, area.bottom - strip + 6, area.width,
                                      max(0, strip - 6))
        return pygame.Rect(area.left, area.top, area.width, area.height - strip)

    def covers_operative(self, rect: pygame.Rect) -> bool:
        """Whether ``rect`` lies on an operative's token (see game/ui/placement.py)."""
        from game.ui.placement import mark_rect

        board = self.view_board
        return any(rect.colliderect(mark_rect(board, o.hex))
                   for o in self.view.state.operatives.values() if o.on_killzone and o.hex)

    def build_with_box(self) -> None:
        """The play screen's widgets, the guidance box's place and its buttons."""
        super().build()
        board = self.view_board.rect
        px = self.ctx.px
        step = self.step
        buttons: list[tuple[str, object]] = []
        if step.final:
            buttons = [(PLAY_REAL, self.play_for_real), (TO_MENU, self.leave_tutorial)]
        else:
            if step.kind == "read":
                buttons.append((NEXT, self.next_step))
            elif step.kind == "finish":
                buttons.append((FINISH, self.finish_for_me))
            if self.runner.index > 0:
                buttons.append((BACK, self.back))
            buttons.append((LEAVE, self.leave_tutorial))
        widths = [self.button_width(label, big=label in (NEXT, FINISH, PLAY_REAL)) + px(6)
                  for label, _ in buttons]
        # the box is as wide as its buttons need (they never stick out of it), as tall as
        # its text
        needed = sum(widths) + 8 * (len(widths) - 1) + 24
        width = min(max(px(560), needed), board.width - 20)
        # the widest box that hides no token, objective or hex of the step (a narrower one
        # is taller), else the best corner at the full width
        for w in sorted({width, max(needed, width * 4 // 5), max(needed, width * 2 // 3),
                         max(needed, width // 2)}, reverse=True):
            self.box = self.place((w, self.box_height(w)), "box")
            if not self.hides_something(self.box):
                break
        else:
            self.box = self.place((width, self.box_height(width)), "box")
        self.panels.hidden = frozenset()
        if self.box_strip:
            self.box = self.strip_rect.copy()
        elif self.hides_something(self.box):  # nowhere on the board: in the side panel
            side = self.side_place(needed)
            if side is not None:  # the box stands in for the dice and the log
                self.box = side
                self.panels.hidden = frozenset(("dice", "log"))

        x, top = self.box.left + 12, self.box.bottom - 10 - px(30)
        for (label, run), w in zip(buttons, widths, strict=True):
            main = label in (NEXT, FINISH, PLAY_REAL)
            rect = pygame.Rect(x, top, min(w, self.box.right - 12 - x), px(30))
            self.button(label, rect, run, object_id="#big_button" if main else "")
            x = rect.right + 8

    def side_place(self, needed: int) -> pygame.Rect | None:
        """The box in the side panel in place of its lower panels (the dice and the log,
        never the action buttons), when its text fits there, its buttons fit its width and
        the step points at none of it; else None."""
        panels = self.panels
        area = pygame.Rect(panels.dice_rect.left, panels.buttons_rect.bottom + 6,
                           panels.dice_rect.width,
                           panels.log_box.bottom - panels.buttons_rect.bottom - 6)
        if needed > area.width or self.box_height(area.width) > area.height or \
                self.step.target in ("panel:dice", "panel:log"):
            return None
        target = self.target_rect()
        if target is not None and area.colliderect(target):
            return None
        return area  # in place of both panels, whole

    def hides_something(self, rect: pygame.Rect) -> bool:
        """Whether ``rect`` lies on the heart of a busy hex (a token, an objective, a hex
        of the step) or on what the step points at."""
        target = self.target_rect()
        board = self.view_board.rect
        if target is not None and (self.step.target == "panel:box" or
                                   target.width * target.height >= board.width * board.height // 2):
            target = None  # the whole board pointed at: the box is on it whatever it does
        hearts = [r.inflate(-r.width * 47 // 100, -r.height * 47 // 100)
                  for r, _ in self.busy()]
        return rect.collidelist(hearts) >= 0 or (target is not None and
                                                 rect.colliderect(target))

    def box_height(self, width: int, least: bool = True) -> int:
        """The height of the guidance box ``width`` pixels wide: its heading, the step's
        text whole, a message line and the buttons (see :func:`draw_box`)."""
        px = self.ctx.px
        # measured in the names the box shows ("Assault Intercessor 1", never the id)
        text = self.ctx.wrapped(None, self.words(self.step.text), 14,
                                pygame.Rect(0, 0, width - 24, 1 << 16))
        message = self.error or (self.reminder[0] if self.reminder else "")
        if message:  # a refusal or a reminder, whole, below the text
            text += px(4) + self.ctx.wrapped(None, self.words(message), 13,
                                             pygame.Rect(0, 0, width - 24, 1 << 16))
        return min(max(px(196) if least else 0, 8 + px(44) + text + px(46) + 10),
                   self.view_board.rect.height - 20)

    # --- keeping out of the way -------------------------------------------------------------

    def step_hexes(self) -> list[str]:
        """The hexes this step's actions name (where it places, moves, attacks)."""
        from game.engine import parse_action

        state, out = self.game.state, []
        for notation in self.step.actions:
            try:
                action = parse_action(notation)
            except ValueError:
                continue
            for name in ("hex", "destination"):
                where = getattr(action, name, None)
                if isinstance(where, str):
                    out.append(where)
            for name in ("operative", "target"):
                op = state.operatives.get(getattr(action, name, "") or "")
                if op is not None and op.hex:
                    out.append(op.hex)
        return out

    def busy(self) -> list[tuple[pygame.Rect, int]]:
        """What a box or panel should not cover, with how much it matters: the step's own
        hexes most, then every operative and objective on the board."""
        board = self.view_board
        out = [(self.hex_rect(h), 10) for h in self.step_hexes()]
        out += [(self.hex_rect(o.hex), 2) for o in self.game.state.operatives.values()
                if o.on_killzone and o.hex]
        out += [(self.hex_rect(o.hex), 2) for o in self.view.objectives if o.hex]
        del board
        return out

    def place(self, size: tuple[int, int], what: str,
              avoid: tuple[pygame.Rect, ...] = ()) -> pygame.Rect:
        """A rectangle of ``size`` in the corner of the board that covers the least of what
        the step points at (never the target itself when another corner is free), then of
        what the step uses; the corner ``what`` had before is kept unless another one is
        better, so the box (and its Next button) stays put."""
        board = self.view_board.rect.inflate(-8, -8)
        target = None if self.step.target == f"panel:{what}" else self.target_rect()
        hard = [r for r in (target, *avoid) if r is not None]
        busy = self.busy()
        kept = self.corners.get(what, CORNERS[0])
        best: tuple[int, pygame.Rect, str] | None = None
        for corner in (kept, *CORNERS, *EDGES):
            rect = pygame.Rect((0, 0), size)
            setattr(rect, corner, getattr(board, corner))
            cost = sum(1000 for r in hard if rect.colliderect(r)) + sum(
                weight for r, weight in busy if rect.colliderect(r))
            if best is None or cost < best[0]:
                best = (cost, rect, corner)
        assert best is not None
        if best[0] > 0:  # every corner hides something: a clear spot on the board, if any
            from game.ui.placement import clear_spot

            # the heart of each busy hex (a token, an objective): the box may reach over
            # a hex's rim
            whole = self.view_board.rect.width * self.view_board.rect.height // 2
            rects = [r for r in hard if r.width * r.height < whole] + [
                r.inflate(-r.width * 47 // 100, -r.height * 47 // 100) for r, _ in busy]
            spot = clear_spot(size, best[1], rects, board)
            if spot.collidelist(rects) < 0:
                return spot
        self.corners[what] = best[2]
        return best[1]

    # --- where the step points --------------------------------------------------------------

    def hex_rect(self, h: str) -> pygame.Rect:
        board = self.view_board
        x, y = board.centre(h)
        r = int(board.size * 0.95)
        return pygame.Rect(int(x) - r, int(y) - r, 2 * r, 2 * r)

    def button_rect(self, label: str, prefix: bool = False) -> pygame.Rect | None:
        return self.find_clickable(label, prefix)

    def panel_rect(self, name: str) -> pygame.Rect | None:
        panels, board = self.panels, self.view_board.rect
        px = self.ctx.px
        rects = {
            "tracker": self.top_bar, "score": panels.score_rect, "cards": panels.cards_rect,
            "operative": panels.op_rect, "buttons": panels.buttons_rect,
            "log": panels.log_box, "board": board, "hint": self.hint_bar,
            "dice": panels.dice_rect,
            "hand": board.inflate(-board.width // 6, -board.height // 3),
            "mission": pygame.Rect(0, 0, px(170), self.top_bar.height),
        }
        if name in ("summary", "end"):  # the step's screen over this one
            screen = self.app.scene if self.app.stack else None
            return screen.target() if isinstance(screen, TutorialScreen) else None
        return rects.get(name)

    def target_rect(self) -> pygame.Rect | None:
        """The rectangle the step points at now (None: nothing to point at)."""
        target = self.step.target
        if target is None:
            return None
        if self.swapped is not None:  # the new cards are shown first: Continue is next
            return self.button_rect("Continue", prefix=True)
        if target == "auto":
            return self.auto_rect()
        if target.startswith("panel:"):
            return self.panel_rect(target[6:])
        if target.startswith("button:"):
            return self.button_rect(target[7:])
        if target.startswith("card:"):
            return self.button_rect(f"card {target[5:]}")
        op = self.game.state.operatives.get(target)
        if op is not None:
            return self.hex_rect(op.hex) if op.hex else None
        if target in self.game.grid.hexes:
            return self.hex_rect(target)
        return None

    def auto_rect(self) -> pygame.Rect | None:
        """The next click the expected action needs, as the chooser tells it: a button, a
        card of the hand, or a hex."""
        action = self.runner.expected()
        if action is None:
            return None
        if self.runner.computer_action() is not None:  # the computer's: where it acts
            state = self.game.state
            active = state.operatives.get(state.active or "")
            # an action of no hex of its own (a Wait): the operative making it
            h = auto_target(self.runner) or (active.hex if active is not None else None)
            return self.hex_rect(h) if h else None
        click = self.chooser.next_click(action)
        if click is None:
            h = auto_target(self.runner)
            return self.hex_rect(h) if h else None
        kind, value = click
        if kind.on_board:
            return self.hex_rect(value)
        if value.startswith("card "):
            return self.button_rect(value)
        label = next((o.label for o in self.chooser.buttons() if o.value == value), None)
        if label is None and kind == Kind.WEAPON:
            label = next((o.label for o, _ in self.chooser.weapon_options()
                          if o.value == value), None)
            if label is None:
                return None
            # "Name: odds" on the button, or "Name" with the odds written under it
            return self.button_rect(label + ":", prefix=True) or self.button_rect(label)
        return self.button_rect(label) if label else None

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_guidance(surface)

    def draw_guidance(self, surface: pygame.Surface, target: pygame.Rect | None = None,
                      box: pygame.Rect | None = None) -> None:
        box = box or self.box
        if self.ctx.guides is not None:
            self.ctx.guides.append(box.copy())
        target = target if target is not None else self.target_rect()
        self.ctx.new_layer()  # over the screen on purpose
        draw_box(self, surface, box)
        if target is not None:
            draw_highlight(surface, target, box, self.time)


def draw_highlight(surface: pygame.Surface, target: pygame.Rect, box: pygame.Rect,
                   time: float) -> None:
    """A pulsing ring around ``target`` and an arrow from ``box`` to it."""
    ring = target.inflate(8, 8)
    pulse = 2 + int(2 * (1 + math.sin(time * 5)))
    pygame.draw.rect(surface, HIGHLIGHT, ring, pulse + 1, border_radius=8)
    if ring.colliderect(box):
        return
    # the arrow: from the box's edge nearest the target to the ring's nearest point
    tx = min(max(box.centerx, ring.left), ring.right)
    ty = min(max(box.centery, ring.top), ring.bottom)
    sx = min(max(tx, box.left + 20), box.right - 20)
    sy = box.top if ty < box.top else box.bottom if ty > box.bottom else box.centery
    if box.top <= ty <= box.bottom:
        sx = box.right if tx > box.right else box.left
    dx, dy = tx - sx, ty - sy
    length = math.hypot(dx, dy)
    if length < 12:
        return
    ux, uy = dx / length, dy / length
    end = (tx - ux * 4, ty - uy * 4)
    pygame.draw.line(surface, HIGHLIGHT, (sx, sy), end, 4)
    head = 16
    left = (end[0] - ux * head - uy * head * 0.6, end[1] - uy * head + ux * head * 0.6)
    right = (end[0] - ux * head + uy * head * 0.6, end[1] - uy * head - ux * head * 0.6)
    pygame.draw.polygon(surface, HIGHLIGHT, [end, left, right])


def draw_box(scene: TutorialScene, surface: pygame.Surface, box: pygame.Rect) -> None:
    ctx, step = scene.ctx, scene.step
    shade = pygame.Surface(box.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 0))
    panel(surface, box)
    pygame.draw.rect(surface, HIGHLIGHT, box, 2, border_radius=6)
    inner = box.inflate(-24, -16)
    total = len(scene.script.steps)
    ctx.text(surface, f"TUTORIAL · STEP {step.index} OF {total}", 12,
             (inner.left, inner.top), GOLD, "condensed")
    top = inner.top + ctx.px(18)
    ctx.text(surface, step.title, 18, (inner.left, top), INK, "bold", width=inner.width,
             essential=True)  # a title shortened is a title not read (the audit counts it)
    top += ctx.px(26)
    bottom = box.bottom - ctx.px(46)
    text_rect = pygame.Rect(inner.left, top, inner.width, bottom - top)
    used = ctx.wrapped(surface, step.text, 14, text_rect, INK)
    message = scene.error or (scene.reminder[0] if scene.reminder else "")
    if message:  # whole, wrapped below the step's text (the box was made tall enough)
        colour = (255, 120, 100) if scene.error else (255, 200, 120)
        room = pygame.Rect(inner.left, top + used + ctx.px(4), inner.width,
                           max(0, bottom - top - used - ctx.px(4)))
        ctx.wrapped(surface, message, 13, room, colour)
    elif step.kind == "act":
        wanted = scene.runner.expected()
        if wanted is not None and len(step.actions) > 1:
            ctx.text(surface, f"{scene.runner.done + 1} of {len(step.actions)}", 12,
                     (inner.right, inner.top), DIM, anchor="topright")


class TutorialHandover(HandoverScene):
    """The hand-over screen with the tutorial's box over it, pointing at the button."""

    def __init__(self, app: App, player: int, on_done, tutorial: TutorialScene) -> None:
        super().__init__(app, player, on_done)
        self.tutorial = tutorial

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        width, height = surface.get_size()
        px = self.ctx.px
        box = pygame.Rect(0, 0, min(px(560), width - 40), px(196))
        box.height = self.tutorial.box_height(box.width)
        box.midtop = (width // 2, 40)
        button = next((rect for label, rect in self.clickables()
                       if label.startswith("I am")), None)
        self.tutorial.draw_guidance(surface, button, box)


class TutorialScreen(Scene):
    """A reading step shown over the screen it explains (``screen:`` in the script): the
    turning point's summary or the mission's end screen, drawn beside the tutorial's box,
    which holds the step's buttons (the screen's own are not live here)."""

    overlay = True

    def __init__(self, app: App, tutorial: TutorialScene) -> None:
        super().__init__(app)
        self.tutorial = tutorial
        self.pending: Callable[[], None] | None = None
        self.box = pygame.Rect(0, 0, 0, 0)
        game, view = tutorial.game, tutorial.view
        self.kind = tutorial.step.screen
        self.shown: Any
        if self.kind == "end":
            self.shown = scene_class(SceneName.END)(app, tutorial)
        else:
            state = game.state
            ended = state.turning_point if game.is_over else state.turning_point - 1
            summary = for_rules(summarise(view.events, ended), game.config)
            self.shown = scene_class(SceneName.SUMMARY)(app, summary, dict(view.vp))
            # drawn left of the tutorial's box, never pushed (its Continue is the box's Next)
            self.shown.box = self.summary_box

    def summary_box(self) -> pygame.Rect:
        """The summary's panel, in the middle of the window left of the box."""
        area = self.screen_rect()
        px = self.ctx.px
        rect = pygame.Rect(0, 0, min(area.width - 32, px(760)), min(area.height - 40, px(440)))
        rect.center = area.center
        return rect

    def buttons_wanted(self) -> list[tuple[str, Callable[[], None]]]:
        out: list[tuple[str, Callable[[], None]]] = [(NEXT, self.next_step)]
        if self.tutorial.runner.index > 0:
            out.append((BACK, self.back))
        return out + [(LEAVE, self.leave_tutorial)]

    def widths(self) -> list[int]:
        """Each button as wide as its whole label in the buttons' own (bold) font."""
        return [self.button_width(label, big=label == NEXT) for label, _ in
                self.buttons_wanted()]

    def box_rect(self) -> pygame.Rect:
        """The tutorial's box: a column at the right, as tall as its text and buttons."""
        width, height = self.app.size
        px = self.ctx.px
        needed = sum(self.widths()) + 8 * (len(self.widths()) - 1) + 24
        box_width = min(max(px(340), needed), width // 2)
        text = self.ctx.wrapped(None, self.tutorial.words(self.tutorial.step.text), 14,
                                pygame.Rect(0, 0, box_width - 24, 1 << 16))
        box_height = min(8 + px(18) + px(26) + text + px(46), height - 32)
        return pygame.Rect(width - box_width - 16, 16, box_width, box_height)

    def screen_rect(self) -> pygame.Rect:
        """Where the explained screen is drawn: the window left of the box."""
        width, height = self.app.size
        return pygame.Rect(0, 0, self.box_rect().left - 16, height)

    def target(self) -> pygame.Rect:
        """What the step points at: the summary's panel, or the whole end screen."""
        return self.summary_box() if self.kind == "summary" else \
            self.screen_rect().inflate(-16, -16)  # its ring inside the window

    def build(self) -> None:
        box = self.box = self.box_rect()
        self.tutorial.box = box
        px = self.ctx.px
        x, top = box.left + 12, box.bottom - 10 - px(30)
        for (label, run), w in zip(self.buttons_wanted(), self.widths(), strict=True):
            rect = pygame.Rect(x, top, min(w, box.right - 12 - x), px(30))
            self.button(label, rect, run, object_id="#big_button" if label == NEXT else "")
            x = rect.right + 8
        self.hotkeys[pygame.K_F2] = self.toggle_cards  # the cards, as at every step

    def toggle_cards(self) -> None:
        self.tutorial.show_cards = not self.tutorial.show_cards

    def draw(self, surface: pygame.Surface) -> None:
        if self.kind == "end":
            width, height = surface.get_size()
            surface.blit(self.ctx.assets.scaled("menu_background.png", (width, height)),
                         (0, 0))
            self.shown.draw(surface.subsurface(self.screen_rect()))
        else:
            self.shown.draw(surface)
        if self.tutorial.show_cards:  # F2: the cards in play over the screen explained
            self.ctx.new_layer()
            self.tutorial.panels.draw_cards_overlay(surface)
        self.tutorial.draw_guidance(surface, self.target(), self.box)

    # a button's work is done on the next frame, once its click has been handled (done at
    # once, the same click would reach the button under it on the tutorial's own screen)
    def next_step(self) -> None:
        self.pending = self.tutorial.next_step

    def back(self) -> None:
        self.pending = self.tutorial.back

    def leave_tutorial(self) -> None:
        self.pending = self.tutorial.leave_tutorial

    def update(self, dt: float) -> None:
        run, self.pending = self.pending, None
        if run is not None:
            self.app.pop()
            run()
        elif self.box_rect() != self.box:  # its text measured again (a new size)
            self.rebuild()


# --- autoplay -----------------------------------------------------------------------------------

class AutoplayError(RuntimeError):
    def __init__(self, step: int, message: str) -> None:
        super().__init__(f"step {step}: {message}")
        self.step = step


def autoplay(app: App, screenshots: Path | None = None,
             on_step=None) -> TutorialScene:
    """Run the whole tutorial by synthesized clicks on the real screens, from the first step
    to the final summary. Every step's highlight must be on screen, every expected action is
    made by clicks (game/uitest/driver.py), and every step's events are checked by the runner.
    Raises AutoplayError naming the step that could not be done."""
    from game.ui.autoplay import DriverError, screen_driver

    scene = TutorialScene(app, 0, remember=False)
    app.push(scene)
    driver = screen_driver(app)
    driver.pump([])
    while True:
        if isinstance(app.scene, TutorialScene):
            scene = app.scene  # a new chapter is a new screen
        step = scene.step
        number = step.index

        def check_target(scene: TutorialScene = scene, number: int = number) -> None:
            if scene.step.target and scene.target_rect() is None:
                raise AutoplayError(number, f"the highlight target {scene.step.target!r} "
                                    "is not on screen")
        try:
            driver.confirm_handovers()
            check_target()
            if on_step is not None:
                on_step(scene)
            if screenshots is not None:
                pygame.image.save(app.screen, str(screenshots / f"step{number:02d}.png"))
            if step.final:
                if driver.find_button(PLAY_REAL) is None:
                    raise AutoplayError(number, "the final summary has no play button")
                return scene
            if step.kind == "read":
                driver.click_button(NEXT)
            elif step.kind == "finish":
                driver.click_button(FINISH)
            elif step.kind == "tool":
                use_tool(driver, scene)
            else:
                waited = 0
                while scene.runner.index == number - 1 and scene.error is None:
                    action = scene.runner.expected()
                    if action is None:
                        break
                    if scene.runner.computer_action() is not None:  # its scripted move
                        waited += 1
                        if waited > 50:
                            raise AutoplayError(number, "the computer does not move")
                        driver.pump([])
                        continue
                    waited = 0
                    driver.confirm_handovers()
                    check_target()
                    scene.computer_held = True  # its answer after the click is checked
                    try:
                        driver.perform(action)
                    finally:
                        scene.computer_held = False
        except DriverError as error:
            raise AutoplayError(number, str(error)) from None
        if scene.error:
            raise AutoplayError(number, scene.error)
        if scene.runner.index != number:  # 0-based index now points at the next step
            raise AutoplayError(number, "the step did not complete")
        driver.pump([])


def use_tool(driver, scene: TutorialScene) -> None:  # type: ignore[no-untyped-def]
    """Autoplay of a tool step: the Hint button, or the mouse on the step's place and L
    (sight) or T (threat) pressed there."""
    step = scene.step
    if step.tool == "hint":
        driver.click_button("Hint")
        return
    if step.tool == "pause":
        driver.key(pygame.K_ESCAPE)
        driver.click_button("Resume", prefix=True)
        return
    if step.tool == "save":
        driver.key(pygame.K_ESCAPE)
        driver.click_button("Save game", prefix=True)
        driver.click_button("Save")
        driver.click_button("Resume", prefix=True)
        return
    where = scene.tool_place_hex()
    assert where is not None
    key = pygame.K_l if step.tool == "sight" else pygame.K_t
    driver.hover(scene.view_board.centre(where))
    driver.pump([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])
    for _ in range(int(TOOL_SECONDS / 0.25) + 1):  # held while its shading shows
        if scene.runner.index != step.index - 1:
            break
        driver.app.frame([], dt=0.25)
    driver.pump([pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)])


def run_autoplay(catalogue, size: tuple[int, int] = (1280, 800),
                 screenshots: str | None = None) -> int:
    """``python main.py tutorial --autoplay``: 0 at the final summary, 1 (and the step)
    when a step cannot be done."""
    import os
    import tempfile
    import time

    from game.services.userdata import HOME_VARIABLE
    from game.ui.autoplay import make_app

    started = time.perf_counter()
    # the save step writes a save: into a folder of its own, never the player's saves
    home = tempfile.TemporaryDirectory(prefix="fireteam-tutorial-")
    previous = os.environ.get(HOME_VARIABLE)
    os.environ[HOME_VARIABLE] = home.name
    app = make_app(catalogue, 0, size)
    app.ctx.settings.animation_speed = 0
    app.open(SceneName.MENU)
    folder = Path(screenshots) if screenshots else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    try:
        scene = autoplay(app, folder)
    except AutoplayError as error:
        print(f"tutorial autoplay failed at {error}")
        return 1
    finally:
        if folder is None:
            pygame.quit()
        if previous is None:
            os.environ.pop(HOME_VARIABLE, None)
        else:
            os.environ[HOME_VARIABLE] = previous
        home.cleanup()
    print(f"tutorial autoplay: {len(scene.script.steps)} steps done, final summary reached "
          f"in {time.perf_counter() - started:.1f} s")
    return 0


__all__ = ["TutorialScene", "autoplay", "run_autoplay", "EngineStep"]


def run_window(catalogue) -> int:
    """``python main.py tutorial``: the window, at the tutorial (the menu behind it)."""
    from game.ui.shell import run_window

    return run_window(catalogue, 1, first=lambda app: app.push(TutorialScene(app)))
