"""Playing a mission at one screen: set-up, the strategy phase and the firefight.

Every click goes through one :class:`~game.ui.chooser.Chooser` built from the engine's legal
actions: it gives the buttons, the marked hexes, the hint line and the clickables, and a pick
either narrows it, completes one legal action (applied) or gives the engine's reason why not
(shown at the mouse). The shared screen draws the public view (``game.view(None)``); a
player's hand is drawn from that player's own view, only after a hand-over screen, while that
player needs it (discarding, revealing).
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.players import hint, player_for, think
from game.engine import (
    Action,
    Activate,
    ActivationEnded,
    Event,
    Game,
    IllegalActionError,
    InitiativeRolled,
    MissionEnded,
    Move,
    Mulligan,
    Mulliganed,
    OperativeState,
    PhaseStarted,
    RandomDice,
    RollOff,
    SetupComplete,
    Step,
    TurnPassed,
    View,
)
from game.services.game_setup import GameSetup
from game.ui.anim import Animations, Banner
from game.ui.board import BoardView
from game.ui.chooser import Chooser, KeyBook, Kind, Option, Refusal
from game.ui.context import DIM
from game.ui.layers import LayerCache
from game.ui.log import GameLog
from game.ui.registry import SceneName, is_scene, make_scene
from game.ui.rulesets import in_play, screens_of
from game.ui.scene import FPS, MARK, TIMER_RATE, Scene
from game.ui.scenes import play_board
from game.ui.scenes.play_panels import ButtonSpec, Panels
from game.ui.turn_summary import ended_turning_point, for_rules, summarise
from game.ui.words import Words

if TYPE_CHECKING:
    from game.ui.app import App

PRIVATE_STEPS = (Step.MULLIGAN, Step.REVEAL)
AI_PAUSE = 0.6  # seconds between a computer's actions at normal speed
TOAST_SECONDS = 2.5
THINK_SLICE = 0.010  # seconds of the computer's thinking per frame
# events after which the game is autosaved
TURN_ENDS = (ActivationEnded, TurnPassed, PhaseStarted, SetupComplete, MissionEnded)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}


# the width (in the pixels of Context.px) left of the hint bar's buttons that holds the hint
# line on two lines; a narrower one gets three
HINT_ROOM = 500


def hotkey(name: str) -> int | None:
    """The pygame key of a chooser's key name ("m", "1", "space")."""
    return pygame.key.key_code(name) if name else None


class PlayScene(Scene):
    """One mission in progress."""

    summaries = True  # the turning point's summary is shown when it ends
    reuse_buttons = True  # a pick rebuilds the panel: the buttons that stay are kept
    journaled = True  # every action goes into the autosave journal
    hint_tooltip = "What the computer (normal level) would do now"  # the Hint button's

    def __init__(self, app: App, game: Game, seats: dict[int, str] | None = None,
                 setup: GameSetup | None = None) -> None:
        super().__init__(app)
        self.game = game
        # how the game was set up (game/services/game_setup.py): taken whole when given (its seats,
        # levels and names), else made from ``seats`` and the names of this window
        if setup is None:
            setup = GameSetup.of(game, seats, app.ctx.names)
        else:
            app.ctx.names = dict(setup.names)
        self.setup = setup
        # who plays each side: "human", or a computer level ("easy", "normal", "hard")
        self.seats = dict(setup.seats)
        self.computers = {p: player_for(level, app.ctx.seed * 10 + p)
                          for p, level in self.seats.items() if level != "human"}
        self.thinking: Generator[None, None, Action] | None = None
        self.wait = 0.0  # seconds before the computer's next action is shown
        self.stepped_at: float | None = None  # when computer_step last ran (real time)
        self.paused = False
        self.suggestion: Action | None = None
        self.hint_why = ""  # why the suggestion, in a sentence (game/ui/hint_words.py)
        self.chosen: Action | None = None
        self.anim = Animations(self.ctx)
        self.log = GameLog(self.ctx)
        self.words = self.log.words = Words(game, app.ctx.names)
        self.panels = Panels(self)
        self.private_to: int | None = None  # whose hand may be drawn now
        # a swap's new cards, shown to the player who swapped (still at the screen) until
        # Continue, before the hand-over: (player, the cards drawn)
        self.swapped: tuple[int, tuple[str, ...]] | None = None
        self.selected: str | None = None  # the operative whose datacard is shown
        self.hover: str | None = None
        self.hover_time = 0.0  # seconds the mouse has rested on that hex (its tooltip)
        self._rested_on: str | None = None
        self.toast: tuple[str, tuple[int, int], float] | None = None
        self.planning = False  # L held: what the hovered hex sees
        self.threat_key = False  # T held: the threat of the enemy under the mouse
        self.show_cards = False
        self.board: BoardView | None = None
        self.placed: list[pygame.Rect] = []  # boxes put over the board this frame
        self.layers = LayerCache()  # the still part of the screen, as pictures
        self.applied: dict[str, int] = {}  # actions applied, by kind (for the fuzzer)
        self._view: tuple[tuple[int, str, int], View] | None = None
        self.turn_shown: tuple[int, int, int] | None = None
        self.keybook = KeyBook()  # each action's hotkey, kept for the whole game
        # seconds the result of the person's attack stays before the computer acts (inf:
        # until a click or a key); None: nothing held
        self.held: float | None = None
        # the last turning point's summary, shown once the mission is over (then the end)
        self.final_summary: tuple[Any, dict[int, int]] | None = None
        self.chooser = self.new_chooser()
        for event in game.events:  # what happened before: into the log, not animated
            self.log.add(str(event.for_viewer(None)))
        # ...but the roll-off that opened this step is shown as dice
        rolls = [e for e in game.events if isinstance(e, (RollOff, InitiativeRolled))]
        self.anim.add(rolls[-1:], self.ctx.names)

    @classmethod
    def new_game(cls, app: App, mission: str, fireteams: tuple[str, str],
                 seed: int | None = None, seats: dict[int, str] | None = None,
                 rules: str = "fireteam",
                 options: dict[int, dict[str, list[str]]] | None = None) -> PlayScene:
        game = Game.new(app.ctx.catalogue, mission, fireteams,
                        RandomDice(app.ctx.new_game_seed() if seed is None else seed),
                        rules=rules, options=options)
        return cls(app, game, seats)

    @classmethod
    def again(cls, app: App, game: Game, setup: GameSetup,
              seed: int | None = None) -> PlayScene:
        """A fresh game set up as ``game`` was ("Play again"): the same mission, fireteams,
        rule set and cards, the same seats, levels and names, new dice."""
        fresh = setup.fresh_game(game, app.ctx.catalogue,
                                 RandomDice(app.ctx.new_game_seed() if seed is None else seed))
        return cls(app, fresh, setup=GameSetup.of(fresh, setup.seats, setup.names))

    # --- what the screen shows: the public view ---------------------------------------------

    @property
    def view(self) -> View:
        """What everybody at the screen may see (``game.view(None)``), once per position."""
        key = self.position_key()
        if self._view is None or self._view[0] != key:
            self._view = (key, self.game.view(None))
        return self._view[1]

    def hand_of(self, player: int) -> tuple[str, ...]:
        """``player``'s hand, from that player's own view (only drawn after a hand-over)."""
        return self.game.view(player).hand

    def position_key(self) -> tuple[int, str, int]:
        """Tells one position from another, for what is worked out once per position (the
        last action tells apart two positions an undo could give the same lengths)."""
        log = self.game.log
        return len(log), log[-1] if log else "", len(self.game.events)

    def new_chooser(self, selection: frozenset[str] = frozenset()) -> Chooser:
        """The chooser of the decision now: empty while a computer decides, while the game
        is over, and for a hand not shown yet."""
        game = self.game
        state = self.view.state
        if game.is_over or self.computer_to_act() or self.swapped is not None or (
                state.step in PRIVATE_STEPS and self.private_to != state.to_act):
            return Chooser(state, game.config, (), game.why_not)
        legal = game.view(state.to_act).legal_actions
        chooser = Chooser(state, game.config, legal, self.why_not, selection=selection)
        if chooser.next_kind == Kind.TRAY:  # deployment: an operative of the tray is ready
            trays = [f.value for f in chooser.next_fields()]
            pick = chooser.pick(self.selected if self.selected in trays else trays[0])
            if isinstance(pick, Chooser):
                self.selected = pick.value_of(Kind.TRAY)
                return pick
        if state.step == Step.ACT and any(isinstance(a, Move) for a in chooser.candidates):
            pick = chooser.pick("move")  # an activation starts ready to move
            if isinstance(pick, Chooser):
                return pick
        return chooser

    def why_not(self, action: Action) -> str | None:
        """The engine's reason ``action`` cannot be taken (a Move: to that hex at all)."""
        if isinstance(action, Move) and self.game.state.active:
            return self.game.why_not_move_to(action.operative, action.destination)
        return self.game.why_not(action)

    # --- layout ------------------------------------------------------------------------

    def build(self) -> None:
        width, height = self.app.size
        px = self.ctx.px
        side = max(px(300), min(int(width * 0.31), px(420)))
        # wide enough for each operative's button whole (the deployment roster names them)
        side = max(side, min(self.roster_width(), px(420)))
        bar = px(46)
        self.top_bar = pygame.Rect(0, 0, width, bar)
        font = self.ctx.assets.font(int(15 * self.ctx.scale), "bold")
        button = font.size("Library [F3]")[0] + px(24)
        hint, area, board = self.lay_board(side, button)
        # the room the hint line keeps (three lines of it hold what two of HINT_ROOM do)
        keep = min(HINT_ROOM * 2 // 3, self.hint_width(side, button))
        wider = min(area.width - board.rect.width, px(420) - side,
                    int((self.hint_width(side, button) - keep) * self.ctx.scale))
        if self.ctx.text_size_shown() > 1 and wider > 0:
            # a larger text size: the side column takes the width the board does not use
            side += wider
            hint, area, board = self.lay_board(side, button)
        self.hint_bar = pygame.Rect(0, height - hint, width - side, hint)
        self.side = pygame.Rect(width - side, bar, side, height - bar)
        if self.board is None or self.board.rect != board.rect:
            self.board = board
        self.panels.layout(self.side)
        cards = pygame.Rect(0, 0, button, min(px(30), self.hint_bar.height - 6))
        cards.midright = (self.hint_bar.right - 8, self.hint_bar.centery)
        self.button("Cards", cards, self.toggle_cards, hotkey=pygame.K_F2,
                    tooltip=screens_of(self.game.config).cards_tooltip())
        library = cards.move(-cards.width - 8, 0)
        self.button("Library", library, self.open_library, hotkey=pygame.K_F3,
                    tooltip="Every card of the game, with what is public in this one")
        self.hint_room = pygame.Rect(self.hint_bar.left + 14, self.hint_bar.top,
                                     library.left - 14 - self.hint_bar.left - 14,
                                     self.hint_bar.height)
        self.build_buttons()

    def roster_width(self) -> int:
        """The side column's width that holds the button of each operative of this game
        whole on its row (its mark and key too): the operatives' panels' margins
        included."""
        config = self.game.config
        widest = 0
        for op_id, op in self.game.state.operatives.items():
            number = re.search(r"(\d+)$", op_id)  # "intercessor1": named with its number
            label = MARK + config.datacards[op.card].name + (f" {number.group(1)}"
                                                              if number else "")
            widest = max(widest, self.button_width(label, pygame.K_0))
        return widest + 16

    def hint_width(self, side: int, button: int) -> float:
        """The width (in the pixels of Context.px) left of the hint bar's buttons with a
        side column ``side`` wide and the hint bar's buttons ``button`` wide."""
        return (self.app.size[0] - side - 2 * button - 44) / self.ctx.scale

    def lay_board(self, side: int, button: int) -> tuple[int, pygame.Rect, BoardView]:
        """With a side column ``side`` wide and the hint bar's buttons ``button`` wide: the
        hint bar's height, the board's area and the board. The hint bar holds two lines of
        the smallest text (a long hint wraps), three when the room left of its buttons is
        narrow (a large text size)."""
        width, height = self.app.size
        px = self.ctx.px
        hint = px(40)
        if self.hint_width(side, button) < HINT_ROOM:
            hint = max(hint, 3 * self.ctx.assets.font(px(13)).get_linesize() + 6)
        bar = px(46)
        area = self.board_area(pygame.Rect(10, bar + 6, width - side - 20,
                                           height - bar - 6 - hint - (px(46) - px(40))))
        return hint, area, BoardView(self.ctx, self.game.config, area)

    def board_area(self, area: pygame.Rect) -> pygame.Rect:
        """Where the board goes within ``area`` (all of it; the puzzle screen keeps a strip
        above it for the puzzle's goal)."""
        return area

    @property
    def view_board(self) -> BoardView:
        assert self.board is not None
        return self.board

    def build_buttons(self) -> None:
        """The chooser's buttons for the player to act (none while a computer seat
        decides: then only its pause and speed)."""
        if self.game.is_over:
            return
        if self.swapped is not None:
            self.panels.place_buttons([(
                "Continue", self.swap_seen, pygame.K_RETURN,
                "Hide the targets of opportunity and go on", True)])
            return
        if self.computer_to_act():
            self.panels.place_buttons([
                ("Resume" if self.paused else "Pause", self.toggle_pause, pygame.K_p,
                 "Pause or resume the computer's play", True),
                ("Slower", lambda: self.set_speed(0.5), pygame.K_MINUS, "", True),
                ("Faster", lambda: self.set_speed(2.0), pygame.K_EQUALS, "", True)])
            return
        chooser = self.chooser
        if chooser.next_kind == Kind.WEAPON:
            self.panels.weapon_buttons(chooser)
            return
        step = self.view.state.step
        if step in PRIVATE_STEPS and self.private_to != self.view.state.to_act:
            return
        first: list[ButtonSpec] = []
        last: list[ButtonSpec] = []
        if self.offers_hint():
            first.append(("Hint", self.ask_hint, pygame.K_h, self.hint_tooltip, True))
        if step == Step.ACTIVATE and chooser.candidates:  # the seat at this screen acts
            last.append(("Next operative", self.cycle, pygame.K_TAB,
                         "Select the next operative that may be activated", True))
            if self.selected and Activate(chooser.player, self.selected) in chooser.candidates:
                last.append((f"Activate {self.selected}", lambda s=self.selected:
                             self.choose(s), pygame.K_SPACE, "", True))
        if step == Step.ACT:
            last.append(("Undo", self.undo, pygame.K_u,
                         "Take back the last move (Ctrl+Z)" if self.game.can_undo else
                         "Nothing to take back now: only a Move, a Disengage, a mission "
                         "action or wargear used, until an attack or the activation's end",
                         self.game.can_undo))
        # the chooser's buttons get keys none of the screen's own buttons has, each action
        # the key it had before (chooser.KeyBook)
        own = {pygame.key.name(key) for _, _, key, _, _ in first + last if key is not None}
        options = self.keybook.assign(chooser.buttons(), own)
        self.panels.place_buttons(first + [self.option_button(o) for o in options] + last)
        if self.suggestion is not None and pygame.K_RETURN not in self.hotkeys:
            self.hotkeys[pygame.K_RETURN] = self.take_hint  # the hint shown is taken

    @property
    def rules_topic(self) -> str | None:
        """Where rules help (F1) opens: the page of the rule set or the mission pack the game
        is played under (else its first page)."""
        topics = (screens.rules_topic() for screens in reversed(in_play(self.game.config)))
        return next((topic for topic in topics if topic is not None), None)

    def offers_hint(self) -> bool:
        """Whether the Hint button is shown: in an activation, when a computer plays."""
        return self.view.state.step == Step.ACT and bool(self.computers)

    def option_button(self, option: Option) -> ButtonSpec:
        label = (MARK if option.marked else "") + option.label
        return (label, lambda v=option.value: self.choose(v), hotkey(option.hotkey),
                self.words(option.tooltip), option.enabled)

    # --- choosing ----------------------------------------------------------------------

    def choose(self, value: str) -> None:
        """A button's pick (a verb, an operative of the tray, a weapon)."""
        self.take(self.chooser.pick(value))

    def click_hex(self, h: str) -> None:
        """What a click on hex ``h`` means now: the chooser's pick there, or why not."""
        if self.computer_to_act():
            self.say("The computer is deciding")
            return
        op = self.op_at(h)
        if self.view.state.step == Step.ACTIVATE and op is not None:
            pending = self.chooser.value_of(Kind.OPERATIVE)
            if pending is not None and pending != op.id:
                # an order is pending for another operative: the selection and the order
                # go together, to this one if it may be activated, else neither moves
                root = self.chooser.root()
                if h in root.board():
                    self.selected = op.id
                    self.take(root.pick_hex(h))
                else:
                    self.take(self.chooser.pick_hex(h))
                return
            self.selected = op.id  # its datacard is shown, activatable or not
        elif self.view.state.step == Step.DEPLOY and op is not None \
                and op.player == self.chooser.player:
            return
        self.take(self.chooser.pick_hex(h))

    def take(self, result: Chooser | Action | Refusal) -> None:
        if isinstance(result, Refusal):
            self.say(result.reason)
            self.rebuild()
        elif isinstance(result, Chooser):
            self.chooser = result
            tray = result.value_of(Kind.TRAY)
            if tray is not None:
                self.selected = tray
            self.rebuild()
        else:
            self.act(result)

    def choose_verb(self, verb: str) -> None:
        """Pick ``verb`` ("move", "attack"...) from the root of the decision (for the
        bench and the screenshots)."""
        result = self.chooser.root().pick(verb)
        if isinstance(result, Chooser):
            self.chooser = result
            self.rebuild()

    def choose_back(self) -> None:
        """One pick back (Esc, right click, the Back button)."""
        self.chooser = self.chooser.back()
        self.rebuild()

    def toggle_card(self, card: str) -> None:
        self.chooser = self.chooser.toggle(card)
        self.rebuild()

    # --- acting ------------------------------------------------------------------------

    def act(self, action: Action | None) -> None:
        """Apply one of the engine's legal actions (never anything else)."""
        if action is None:
            return
        chosen = self.legal_form(action)
        if chosen is None:
            return
        player = self.game.state.to_act
        shown = self.anim.roll
        events = self.game.apply(chosen)
        self.journal(str(chosen))
        if isinstance(chosen, Mulligan) and player not in self.computers:
            drawn = next((e.drawn for e in events if isinstance(e, Mulliganed)
                          and e.player == player and e.drawn), None)
            if drawn:
                self.swapped = (player, drawn)  # shown to its owner before the hand-over
        kind = type(action).__name__
        self.applied[kind] = self.applied.get(kind, 0) + 1
        self.after(events)
        if player not in self.computers and self.anim.roll is not shown \
                and self.computer_to_act():
            # the person's own attack: its dice stay until they move on (or the setting's
            # seconds), before the computer plays on and its dice replace them
            self.held = self.ctx.settings.result_hold or math.inf

    def legal_form(self, action: Action) -> Action | None:
        """``action`` as the engine lists it (any valid path counts for a Move), or None
        after saying at the mouse why it cannot be taken."""
        listed = next((a for a in self.game.legal_actions() if a == action), None)
        if listed is None and isinstance(action, Move) and self.game.is_legal(action):
            listed = action
        if listed is None:
            self.say(self.game.why_not(action) or "not allowed now")
        return listed

    def undo(self) -> None:
        if self.game.can_undo:
            self.game.undo()
            self.journal("undo")
            self.log.add("(the last action is taken back)")
            self.after([])

    def after(self, events: list[Event]) -> None:
        self.suggestion = None
        self.feed(events)
        autosave = self.ctx.services.autosave
        if autosave is not None and self.journaled and \
                any(isinstance(e, TURN_ENDS) for e in events):
            autosave(self.game, self.setup)  # a crash costs at most the current turn
        state = self.game.state
        if state.step not in PRIVATE_STEPS or self.private_to != state.to_act:
            self.private_to = None
        if state.step == Step.ACT and state.active:
            self.selected = state.active
        elif state.step != Step.DEPLOY:
            self.selected = None
        elif self.selected and state.operatives[self.selected].hex is not None:
            self.selected = None
        self.chooser = self.new_chooser()
        self.announce_turn()
        self.rebuild()
        ended = ended_turning_point(events)
        last = next((e for e in events if isinstance(e, MissionEnded)), None)
        if last is not None and last.reason not in ("concession", "agreement"):
            ended = state.turning_point  # the last one, played out: its summary, then the end
        if ended is not None and self.summaries and (not self.game.is_over or last) and \
                "human" in self.seats.values():
            view = self.view
            summary = for_rules(summarise(view.events, ended), self.game.config)
            if self.game.is_over:  # after the last banners, before the end screen
                self.final_summary = (summary, dict(view.vp))
            else:
                self.app.open(SceneName.SUMMARY, summary, view.vp)

    def announce_turn(self) -> None:
        """A banner when a player's turn of the firefight begins."""
        state = self.game.state
        if state.step != Step.ACTIVATE or self.game.is_over:
            return
        turn = (state.turning_point, state.turn, state.to_act)
        if turn != self.turn_shown:
            self.turn_shown = turn
            self.anim.banners.append(Banner(f"{self.ctx.names[state.to_act]}'s turn",
                                            self.ctx.colours[state.to_act]))

    def journal(self, action: str) -> None:
        """``action`` (its notation, or "undo") into the autosave journal: a crash loses
        nothing completed (see game/services/journal.py)."""
        journal = self.ctx.services.journal
        if journal is not None and self.journaled:
            journal(self.game, action, self.setup)

    def enter(self) -> None:
        # the journal continues from a full autosave of this game
        autosave = self.ctx.services.autosave
        if autosave is not None and self.journaled and not self.game.is_over:
            autosave(self.game, self.setup)
        super().enter()

    def feed(self, events: list[Event]) -> None:
        """Events into the log, the animations and the sound, as everybody may see them."""
        sound = self.ctx.services.sound
        if sound is not None and events:
            sound.play_events(events)
        self.anim.where = {o.id: o.hex for o in self.game.state.operatives.values()
                           if o.hex is not None}
        public = [e.for_viewer(None) for e in events]
        for event in public:
            self.log.add(str(event))
        self.anim.add(public, self.ctx.names)

    def open_library(self) -> None:
        self.app.open(SceneName.CARDS, self.game)

    def toggle_cards(self) -> None:
        self.show_cards = not self.show_cards

    def cycle(self) -> None:
        ready = [f.value for f in self.chooser.next_fields() if f.kind == Kind.OPERATIVE]
        if ready:
            index = (ready.index(self.selected) + 1) % len(ready) \
                if self.selected in ready else 0
            self.selected = ready[index]
            self.rebuild()

    def say(self, text: str) -> None:
        self.toast = (text, pygame.mouse.get_pos(), TOAST_SECONDS)

    def saved(self, path: Path) -> None:
        """The game was saved (Ctrl+S, or the pause menu's Save game): said where."""
        self.say(f"Saved as \"{path.stem}\" (Load game finds it)")

    def op_name(self, op_id: str) -> str:
        return self.words.operative(op_id)

    # --- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.held is not None and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.held = None  # the person has seen their attack: the computer plays on
            self.app.dirty = True
            if event.type == pygame.MOUSEBUTTONDOWN and \
                    self.view_board.rect.collidepoint(event.pos):
                return  # that click on the board only meant "go on"
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        handler = self.event_handlers().get(event.type)
        if handler is not None:
            handler(event)

    def event_handlers(self) -> dict[int, Callable[[pygame.event.Event], None]]:
        """The screen's handler of each type of event (any other is ignored)."""
        return {pygame.KEYDOWN: self.on_key_down, pygame.KEYUP: self.on_key_up,
                pygame.WINDOWFOCUSLOST: self.on_focus_lost,
                pygame.MOUSEMOTION: self.on_mouse_motion,
                pygame.WINDOWLEAVE: self.on_window_leave,
                pygame.MOUSEWHEEL: self.on_mouse_wheel,
                pygame.MOUSEBUTTONDOWN: self.on_mouse_down}

    def on_key_down(self, event: pygame.event.Event) -> None:
        """Ctrl+Z undoes, Ctrl+S saves, Ctrl+O loads; Esc steps back (see :meth:`escape`);
        holding L or T shows the sight or the threat tool; the arrows move the hex cursor,
        Enter clicks the hex under it."""
        with_ctrl: dict[int, Callable[[], None]] = {
            pygame.K_z: self.undo, pygame.K_s: self.open_save, pygame.K_o: self.open_load}
        if event.key in with_ctrl and event.mod & pygame.KMOD_CTRL:
            with_ctrl[event.key]()
        elif event.key in ARROWS:
            self.move_cursor(event.key)
        else:
            alone: dict[int, Callable[[], None]] = {
                pygame.K_ESCAPE: self.escape, pygame.K_l: self.hold_sight,
                pygame.K_t: self.hold_threat, pygame.K_RETURN: self.click_cursor,
                pygame.K_KP_ENTER: self.click_cursor}
            handler = alone.get(event.key)
            if handler is not None:
                handler()

    def open_save(self) -> None:
        self.app.open(SceneName.SAVE, self.game, self.saved, setup=self.setup)

    def open_load(self) -> None:
        """The pause menu's Load game, at once."""
        pause: Any = make_scene(self.app, SceneName.PAUSE, self)
        pause.load()

    def escape(self) -> None:
        """Esc: the hint dismissed, else the card panel closed, else one pick back while an
        action other than a move is being built, else the pause menu."""
        if self.suggestion is not None:
            self.suggestion = None  # the hint, dismissed
            self.rebuild()
        elif self.show_cards:
            self.show_cards = False
        elif self.chooser.parent is not None and self.chooser.verb not in ("", "move"):
            self.choose_back()
        else:
            self.app.open(SceneName.PAUSE, self)

    def hold_sight(self) -> None:
        self.planning = True

    def hold_threat(self) -> None:
        self.threat_key = True

    def click_cursor(self) -> None:
        """Enter: a click on the hex under the cursor (if any)."""
        if self.hover:
            self.click_hex(self.hover)

    def on_key_up(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_l:
            self.planning = False
        elif event.key == pygame.K_t:
            self.threat_key = False

    def on_focus_lost(self, event: pygame.event.Event) -> None:
        self.planning = self.threat_key = False  # a key released in another window
        self.hover = None  # and the mouse gone with it: no tooltip, no move path

    def on_mouse_motion(self, event: pygame.event.Event) -> None:
        self.hover = self.view_board.hex_at(event.pos)

    def on_window_leave(self, event: pygame.event.Event) -> None:
        self.hover = None

    def on_mouse_wheel(self, event: pygame.event.Event) -> None:
        if self.panels.log_rect.collidepoint(pygame.mouse.get_pos()):
            self.log.on_wheel(event.y)

    def on_mouse_down(self, event: pygame.event.Event) -> None:
        """A left click: a panel's, else a hex's; a right click: one pick back."""
        if event.button == 1:
            if self.panels.click(event.pos):
                return
            h = self.view_board.hex_at(event.pos)
            if h is not None:
                self.hover = h
                self.click_hex(h)
        elif event.button == 3:
            self.choose_back()

    def move_cursor(self, key: int) -> None:
        """Arrow keys move a hex cursor (Enter then acts on it as a click would)."""
        grid = self.game.grid
        state = self.view.state
        start = self.hover or state.active or grid.hexes[len(grid.hexes) // 2]
        if start in state.operatives:
            start = state.operatives[start].hex or grid.hexes[0]
        x, y = grid.centre(start)
        dx, dy = ARROWS[key]
        best = None
        for h in grid.neighbours(start):
            hx, hy = grid.centre(h)
            score = (hx - x) * dx + (hy - y) * dy
            if score > 0 and (best is None or score > best[0]):
                best = (score, h)
        if best is not None:
            self.hover = best[1]
            cx, cy = self.view_board.centre(best[1])
            pygame.mouse.set_pos((int(cx), int(cy)))

    def op_at(self, h: str) -> OperativeState | None:
        for op in self.view.state.operatives.values():
            if op.hex == h and op.on_killzone:
                return op
        return None

    def threat_zone(self, op_id: str) -> set[str]:
        return play_board.threat_zone(self, op_id)

    # --- the loop ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        if self.hover != self._rested_on:
            self._rested_on, self.hover_time = self.hover, 0.0
        else:
            self.hover_time += dt
        if self.toast is not None:
            text, pos, left = self.toast
            self.toast = (text, pos, left - dt) if left > dt else None
        game = self.game
        if game.is_over:
            # the last banners (VP scored, the mission is over) are shown first
            if not self.anim.banners or self.ctx.settings.animation_speed == 0:
                if self.final_summary is not None:
                    summary, self.final_summary = self.final_summary, None
                    self.app.open(SceneName.SUMMARY, *summary)
                else:
                    self.app.open(SceneName.END, self)
            return
        to_act = game.state.to_act
        if self.swapped is not None:
            return  # the new cards stay up (no hand-over, no computer move) until Continue
        if self.computer_to_act():
            self.computer_step(dt)
            return
        if game.state.step in PRIVATE_STEPS and self.private_to != to_act:
            if not self.hands_over(to_act):
                self.reveal_to(to_act)  # one human at the screen: no hand-over needed
                return
            self.app.open(SceneName.HANDOVER, to_act, self.reveal_to)

    def frame_rate(self) -> float:
        """60 frames a second while an animation plays, the computer thinks or a step is
        about to move on by itself (the end screen, a hand-over); a few while a toast waits
        to disappear; none otherwise (the window rests, also while a swap's new cards wait
        for Continue)."""
        game = self.game
        if self.swapped is not None:  # waits for Continue; nothing moves on by itself
            return TIMER_RATE if self.toast is not None else 0.0
        if self.held == math.inf and self.chosen is not None and not self.anim.running():
            # thought out, waiting for the person's click: the window rests meanwhile
            return TIMER_RATE if self.toast is not None else 0.0
        if (self.anim.running() or game.is_over or (self.computer_to_act() and not self.paused)
                or (game.state.step in PRIVATE_STEPS and self.private_to != game.state.to_act)):
            return FPS
        return TIMER_RATE if self.toast is not None else 0.0

    # --- computer seats -------------------------------------------------------------

    def computer_to_act(self) -> bool:
        return not self.game.is_over and self.game.state.to_act in self.computers

    def computer_step(self, dt: float, budget: float = THINK_SLICE) -> None:
        """Think in slices between frames (the window stays responsive); once decided, and
        at least a short pause after its last action (so people can follow; the pause runs
        while it thinks), play the action like a human's. A decision is thought once: the
        pause never starts the same decision's thinking over."""
        if self.paused:
            self.stepped_at = None
            return
        # the pause is real time: a frame slower than the frame rate (a busy machine)
        # must not stretch it
        now = time.perf_counter()
        last, self.stepped_at = self.stepped_at, now
        self.wait += dt if last is None else max(dt, min(now - last, 0.25))
        if self.chosen is None:
            if self.thinking is None:
                seat = self.game.state.to_act
                self.thinking = think(self.computers[seat], self.game.view(seat))
            start = time.perf_counter()
            try:
                while time.perf_counter() - start < budget:
                    next(self.thinking)
            except StopIteration as done:
                self.thinking = None
                self.chosen = done.value
            if self.chosen is None:
                return
        delay = 0.0 if self.ctx.settings.animation_speed == 0 else \
            AI_PAUSE / self.ctx.settings.animation_speed
        if self.held is not None:  # the person's attack stays on screen a while yet
            self.held = None if self.held <= dt else self.held - dt
            if self.held is not None:
                return
        if self.wait >= delay:
            action, self.chosen, self.wait = self.chosen, None, 0.0
            self.act(action)
            self.stepped_at = None

    def play_computer_now(self) -> None:
        """Decide and play the computer's whole decision at once (tests, headless runs)."""
        while self.computer_to_act():
            self.thinking = None
            seat = self.game.state.to_act
            self.act(self.computers[seat].choose(self.game.view(seat)))

    def toggle_pause(self) -> None:
        self.paused = not self.paused
        self.rebuild()

    def set_speed(self, factor: float) -> None:
        speed = self.ctx.settings.animation_speed or 1.0
        self.ctx.settings.animation_speed = max(0.25, min(8.0, speed * factor))
        self.say(f"Speed ×{self.ctx.settings.animation_speed:g}")

    def ask_hint(self) -> None:
        """The normal level's suggestion for this decision, shown without playing it: marked
        on the board with why, in a sentence, until it is taken (Enter) or dismissed (Esc,
        or any other action)."""
        from game.ui.hint_words import hint_reason

        seat = self.game.state.to_act
        self.suggestion = hint(self.game.view(seat), self.ctx.seed)
        self.hint_why = hint_reason(self.game, self.suggestion, self.words)
        self.rebuild()  # Enter now takes the hint

    def take_hint(self) -> None:
        if self.suggestion is not None:
            self.act(self.suggestion)

    def hint_text(self) -> str:
        """The hint shown, with why and how to take it ("" when there is none)."""
        if self.suggestion is None:
            return ""
        return (f"Hint: {self.words.action(self.suggestion)}. {self.hint_why} "
                "Enter takes it, Esc dismisses it.")

    def reveal_to(self, player: int) -> None:
        """``player`` is at the screen (after the hand-over): their hand may be shown."""
        self.private_to = player
        self.chooser = self.new_chooser()
        self.rebuild()

    def swap_seen(self) -> None:
        """The player who swapped has seen the new cards (Continue): hide them."""
        self.swapped = None
        self.chooser = self.new_chooser()
        self.rebuild()

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        # a screen that draws more over this one (the tutorial, online play) draws it all
        alone = type(self).draw is PlayScene.draw and bool(self.app.stack) and \
            self.app.stack[-1] is self
        play_board.draw(self, surface, alone)

    def draw_highlights(self, surface: pygame.Surface) -> None:
        play_board.draw_highlights(self, surface)

    def hint(self) -> str:
        """What may be done next, in one line (the chooser's words)."""
        if self.game.is_over:
            return "The mission is over."
        if self.app.stack and self.app.scene is not self and \
                is_scene(self.app.scene, SceneName.SUMMARY):
            return "The turning point is over: Continue when you have read its summary."
        if self.held is not None and self.computer_to_act():
            return ("Your attack's result: click or press a key to go on." if
                    self.held == math.inf else "Your attack's result: the computer plays on "
                    "in a moment (or click).")
        if self.computer_to_act():
            return f"{self.ctx.names[self.game.state.to_act]} (computer) is deciding."
        if self.swapped is not None:
            count = "cards are" if len(self.swapped[1]) > 1 else "card is"
            return f"{self.ctx.names[self.swapped[0]]}: your new {count} marked NEW. Continue."
        state = self.view.state
        if state.step in PRIVATE_STEPS and self.private_to != state.to_act:
            name = self.ctx.names[state.to_act]
            # one person at the screen (the other seat is the computer's): no hand-over
            return f"Hand the screen to {name}." if self.hands_over(state.to_act) else \
                f"{name}: your cards are shown next."
        return self.chooser.hint(self.ctx.names)

    def hands_over(self, to_act: int) -> bool:
        """Whether ``to_act``'s hidden hand needs the hand-over screen first: not when the
        only person at the screen is that player (the other seat is the computer's)."""
        return not (self.computers and not (set(self.seats) - set(self.computers) - {to_act}))

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        """Buttons, then the board's hexes that mean something now (the chooser's)."""
        out = super().clickables()
        out += self.panels.clickables()
        board = self.view_board
        for h in sorted(self.chooser.board()):
            x, y = board.centre(h)
            out.append((f"hex {h}", pygame.Rect(int(x) - 3, int(y) - 3, 6, 6)))
        return out

    def tint(self, player: int) -> tuple[int, int, int]:
        return self.ctx.colours[player]

    def dim(self) -> tuple[int, int, int]:
        return DIM


__all__ = ["IllegalActionError", "PlayScene", "hotkey"]
