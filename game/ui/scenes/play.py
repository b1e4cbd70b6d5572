"""Playing a mission at one screen: set-up, the strategy phase and the firefight.

Every click becomes one of the engine's legal actions, found in ``game.legal_actions()``;
a click that cannot be taken shows the engine's reason at the mouse. The shared screen draws
only the public view; a player's hand is drawn only after a hand-over screen, while that
player needs it (discarding, revealing).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING

import pygame

from game.ai.players import hint, player_for, think
from game.engine.actions import (
    Action,
    Activate,
    Attack,
    Cancel,
    Deploy,
    Disengage,
    Keep,
    MissionAction,
    Move,
    Mulligan,
    PlayPloy,
    Reveal,
    Use,
    Wait,
)
from game.engine.dice import RandomDice
from game.engine.errors import IllegalActionError
from game.engine.events import (
    ActivationEnded,
    Event,
    InitiativeRolled,
    MissionEnded,
    PhaseStarted,
    RollOff,
    SetupComplete,
    TurnPassed,
)
from game.engine.game import Game
from game.engine.state import OperativeState, Phase, Step
from game.ui.anim import Animations
from game.ui.board import BoardView
from game.ui.context import DIM, GOLD, INK, RED
from game.ui.killteam_ui import PACK_HINTS, PACK_STEPS, pack_buttons, pack_click, pack_shading
from game.ui.log import GameLog
from game.ui.scene import Scene
from game.ui.scenes.play_panels import Panels

if TYPE_CHECKING:
    from game.ui.app import App

PRIVATE_STEPS = (Step.MULLIGAN, Step.REVEAL)
AI_PAUSE = 0.6  # seconds between a computer's actions at normal speed
# events after which the game is autosaved
TURN_ENDS = (ActivationEnded, TurnPassed, PhaseStarted, SetupComplete, MissionEnded)
TOAST_SECONDS = 2.5
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1),
          pygame.K_DOWN: (0, 1)}
NUMBER_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
               pygame.K_7, pygame.K_8, pygame.K_9)


class PlayScene(Scene):
    """One mission in progress."""

    def __init__(self, app: App, game: Game, seats: dict[int, str] | None = None) -> None:
        super().__init__(app)
        self.game = game
        # who plays each side: "human", or a computer level ("easy", "normal", "hard")
        self.seats = dict(seats or app.ctx.extra.get("seats") or {1: "human", 2: "human"})
        self.computers = {p: player_for(level, app.ctx.seed * 10 + p)
                          for p, level in self.seats.items() if level != "human"}
        self.thinking: Generator[None, None, Action] | None = None
        self.wait = 0.0  # seconds before the computer's next action is shown
        self.paused = False
        self.suggestion: Action | None = None
        self.chosen: Action | None = None
        self.anim = Animations(self.ctx)
        self.log = GameLog(self.ctx)
        self.panels = Panels(self)
        self.private_to: int | None = None  # whose hand may be drawn now
        self.mode = ""  # what a click on the board means: move, attack, disengage, ...
        self.selected: str | None = None  # an operative picked (deploy tray, ploy, info)
        self.target: str | None = None  # the enemy picked for an attack
        self.hover: str | None = None
        self.toast: tuple[str, tuple[int, int], float] | None = None
        self.discard: set[str] = set()
        self.planning = False
        self.show_cards = False
        self.threats: set[str] = set()
        self._threat_cache: dict[str, tuple[tuple[str, int, str, int], set[str]]] = {}
        self.board: BoardView | None = None
        self.applied: dict[str, int] = {}  # actions applied, by kind (for the fuzzer)
        for event in game.events:  # what happened before: into the log, not animated
            self.log.add(str(event.for_viewer(None)))
        # ...but the roll-off that opened this step is shown as dice
        rolls = [e for e in game.events if isinstance(e, (RollOff, InitiativeRolled))]
        self.anim.add(rolls[-1:], self.ctx.names)

    @classmethod
    def new_game(cls, app: App, mission: str, fireteams: tuple[str, str],
                 seed: int | None = None, seats: dict[int, str] | None = None) -> PlayScene:
        game = Game.new(app.ctx.catalogue, mission, fireteams,
                        RandomDice(app.ctx.seed if seed is None else seed))
        return cls(app, game, seats)

    # --- layout ------------------------------------------------------------------------

    def build(self) -> None:
        width, height = self.app.size
        side = max(390, int(width * 0.31))
        bar = self.ctx.px(46)
        self.top_bar = pygame.Rect(0, 0, width, bar)
        self.hint_bar = pygame.Rect(0, height - self.ctx.px(34), width - side, self.ctx.px(34))
        self.side = pygame.Rect(width - side, bar, side, height - bar)
        area = pygame.Rect(10, bar + 6, width - side - 20, height - bar - 6 - self.ctx.px(40))
        board = BoardView(self.ctx, self.game.config, area)
        if self.board is None or self.board.rect != board.rect:
            self.board = board
        self.panels.layout(self.side)
        cards = pygame.Rect(0, 0, self.ctx.px(130), self.hint_bar.height - 6)
        cards.midright = (self.hint_bar.right - 8, self.hint_bar.centery)
        self.button("Cards", cards, self.toggle_cards, hotkey=pygame.K_F2,
                    tooltip="The mission card and both stratagem cards")
        library = cards.move(-cards.width - 8, 0)
        self.button("Library", library, self.open_library, hotkey=pygame.K_F3,
                    tooltip="Every card of the game, with what is public in this one")
        self.build_buttons()

    @property
    def view_board(self) -> BoardView:
        assert self.board is not None
        return self.board

    def build_buttons(self) -> None:
        """The buttons for what the player to act may do now (none while a computer seat
        decides: then only its pause and speed)."""
        game = self.game
        if game.is_over:
            return
        if self.computer_to_act():
            self.panels.place_buttons([
                ("Resume" if self.paused else "Pause", self.toggle_pause, pygame.K_p,
                 "Pause or resume the computer's play", True),
                ("Slower", lambda: self.set_speed(0.5), pygame.K_MINUS, "", True),
                ("Faster", lambda: self.set_speed(2.0), pygame.K_EQUALS, "", True)])
            return
        state = game.state
        step = state.step
        legal = game.legal_actions()
        buttons: list[tuple[str, Callable[[], None], int | None, str, bool]] = []
        if step == Step.MULLIGAN and self.private_to == state.to_act:
            chosen = self._mulligan_choice()
            buttons.append(("Keep all", lambda: self.act(Keep(state.to_act)), pygame.K_k,
                            "Keep these three targets of opportunity", True))
            buttons.append((f"Swap {len(self.discard)} selected",
                            lambda: self.act(chosen) if chosen else None, pygame.K_s,
                            "Discard the selected cards and draw as many", chosen is not None))
        elif step == Step.DEPLOY:
            ops = sorted({a.operative for a in legal if isinstance(a, Deploy)})
            if self.selected not in ops:
                self.selected = ops[0] if ops else None
            for i, op_id in enumerate(ops):
                key = NUMBER_KEYS[i] if i < len(NUMBER_KEYS) else None
                mark = "▶ " if op_id == self.selected else ""
                buttons.append((mark + op_id, lambda o=op_id: self.pick(o), key,
                                f"{self.op_name(op_id)}: then click a highlighted hex of "
                                "your territory", True))
        elif step == Step.REVEAL and self.private_to == state.to_act:
            cards = 0
            for action in legal:
                if not isinstance(action, Reveal):
                    continue
                name = "Reveal none" if action.card is None else \
                    f"Reveal {game.config.targets[action.card].name}"
                key = pygame.K_n if action.card is None else NUMBER_KEYS[cards]
                cards += action.card is not None
                buttons.append((name, lambda a=action: self.act(a), key,
                                "A revealed target can be completed from now on", True))
        elif step == Step.PLOY:
            seen: set[str] = set()
            for action in legal:
                if isinstance(action, PlayPloy) and action.ploy not in seen:
                    seen.add(action.ploy)
                    ploy = game.ploy(state.to_act, action.ploy)
                    key = NUMBER_KEYS[len(seen) - 1]
                    if action.args:
                        buttons.append((ploy.name, lambda p=action.ploy: self.set_mode(
                            f"ploy:{p}"), key, ploy.text + " (then click the operative)",
                            True))
                    else:
                        buttons.append((ploy.name, lambda a=action: self.act(a), key,
                                        ploy.text, True))
            self._wargear_buttons(buttons, legal)
        elif step == Step.ACTIVATE:
            buttons.append(("Next operative", self.cycle, pygame.K_TAB,
                            "Select the next operative that may be activated", True))
            if self.selected and any(isinstance(a, Activate) and a.operative == self.selected
                                     for a in legal):
                sel = self.selected
                buttons.append((f"Activate {sel}", lambda: self.act(
                    Activate(state.to_act, sel)), pygame.K_SPACE, "", True))
        elif step in PACK_STEPS:  # Kill Team classic decisions
            buttons.extend(pack_buttons(self))
        elif step == Step.ACT and self.target is not None:
            self.panels.weapon_buttons(self.target)
            return
        elif step == Step.ACT:
            kinds = {type(a) for a in legal}
            if self.computers:
                buttons.append(("Hint", self.ask_hint, pygame.K_h,
                                "What the computer (normal level) would do now", True))
            buttons.append(("Move", lambda: self.set_mode("move"), pygame.K_m,
                            "Up to the Move stat, around blocked and occupied hexes",
                            Move in kinds))
            buttons.append(("Attack", lambda: self.set_mode("attack"), pygame.K_a,
                            "Pick a marked enemy, then the weapon", Attack in kinds))
            buttons.append(("Disengage", lambda: self.set_mode("disengage"), pygame.K_d,
                            "One hex away from every enemy", Disengage in kinds))
            for i, definition in enumerate(game.config.mission_actions):
                options = [a for a in legal if isinstance(a, MissionAction)
                           and a.action == definition.id]
                if options:
                    run = (lambda a=options[0]: self.act(a)) if not options[0].args else \
                        (lambda d=definition.id: self.set_mode(f"objective:{d}"))
                    buttons.append((f"{definition.name} ({definition.ap} AP)", run,
                                    NUMBER_KEYS[i], definition.text, True))
            self._wargear_buttons(buttons, legal)
            buttons.append(("Wait", lambda: self.act(Wait(state.to_act)), pygame.K_w,
                            "End this operative's activation", Wait in kinds))
            if Cancel in kinds:
                buttons.append(("Cancel activation", lambda: self.act(Cancel(state.to_act)),
                                pygame.K_c, "Choose another operative instead", True))
            buttons.append(("Undo", self.undo, pygame.K_u,
                            "Take back the last move (Ctrl+Z)", game.can_undo))
        self.panels.place_buttons(buttons)

    def _wargear_buttons(self, buttons: list[tuple[str, Callable[[], None], int | None, str,
                                                   bool]],
                         legal: tuple[Action, ...]) -> None:
        keys = iter((pygame.K_g, pygame.K_h, pygame.K_j, pygame.K_v))
        uses: dict[str, list[Use]] = {}
        for action in legal:
            if isinstance(action, Use):
                uses.setdefault(action.card, []).append(action)
        for card_id, options in uses.items():
            card = self.game.config.wargear_card(options[0].player, card_id)
            assert card is not None
            key = next(keys, None)
            if len(options) == 1:
                buttons.append((card.name, lambda a=options[0]: self.act(a), key,
                                f"{card.text} (on {options[0].operative})", True))
            else:
                buttons.append((card.name, lambda c=card_id: self.set_mode(f"use:{c}"), key,
                                card.text + " (then click the operative)", True))

    def _mulligan_choice(self) -> Mulligan | None:
        for action in self.game.legal_actions():
            if isinstance(action, Mulligan) and set(action.cards) == self.discard:
                return action
        return None

    # --- acting ------------------------------------------------------------------------

    def act(self, action: Action | None) -> None:
        """Apply one of the engine's legal actions (never anything else)."""
        if action is None:
            return
        chosen = self.legal_form(action)
        if chosen is None:
            return
        events = self.game.apply(chosen)
        kind = type(action).__name__
        self.applied[kind] = self.applied.get(kind, 0) + 1
        self.after(events)

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
            before = len(self.game.events)
            self.game.undo()
            self.log.add("(the last action is taken back)")
            del before
            self.after([])

    def after(self, events: list[Event]) -> None:
        self.suggestion = None
        self.feed(events)
        autosave = self.ctx.extra.get("autosave")
        if autosave is not None and any(isinstance(e, TURN_ENDS) for e in events):
            autosave(self.game, self.ctx.names)  # a crash costs at most the current turn
        if self.game.state.step not in PRIVATE_STEPS:
            self.private_to = None
        elif self.private_to != self.game.state.to_act:
            self.private_to = None
        self.mode = ""
        self.target = None
        self.discard = set()
        state = self.game.state
        if state.step == Step.ACT and state.active:
            self.selected = state.active
            self.mode = "move" if any(isinstance(a, Move) for a in self.game.legal_actions()) \
                else ""
        elif state.step != Step.DEPLOY:
            self.selected = None
        elif self.selected and self.game.state.operatives[self.selected].hex is not None:
            self.selected = None
        self.rebuild()

    def feed(self, events: list[Event]) -> None:
        """Events into the log, the animations and the sound, as everybody may see them."""
        sound = self.ctx.extra.get("sound")
        if sound is not None and events:
            sound.play_events(events)
        self.anim.where = {o.id: o.hex for o in self.game.state.operatives.values()
                           if o.hex is not None}
        public = [e.for_viewer(None) for e in events]
        for event in public:
            self.log.add(str(event))
        self.anim.add(public, self.ctx.names)

    def open_library(self) -> None:
        from game.ui.scenes.cards import CardBrowserScene
        self.app.push(CardBrowserScene(self.app, self.game))

    def toggle_cards(self) -> None:
        self.show_cards = not self.show_cards

    def set_mode(self, mode: str) -> None:
        self.mode = mode
        self.target = None
        self.rebuild()

    def pick(self, op_id: str) -> None:
        self.selected = op_id
        self.rebuild()

    def cycle(self) -> None:
        ready = [o.id for o in self.game.activatable(self.game.to_act)]
        if ready:
            index = (ready.index(self.selected) + 1) % len(ready) \
                if self.selected in ready else 0
            self.selected = ready[index]
            self.rebuild()

    def say(self, text: str) -> None:
        self.toast = (text, pygame.mouse.get_pos(), TOAST_SECONDS)

    def op_name(self, op_id: str) -> str:
        op = self.game.state.operatives[op_id]
        return f"{self.game.config.datacards[op.card].name} ({op_id})"

    # --- input -------------------------------------------------------------------------

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                self.undo()
            elif event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                from game.ui.scenes.load import SaveScene
                self.app.push(SaveScene(self.app, self.game))
            elif event.key == pygame.K_o and event.mod & pygame.KMOD_CTRL:
                from game.ui.scenes.pause import PauseScene
                PauseScene(self.app, self).load()
            elif event.key == pygame.K_ESCAPE:
                if self.mode or self.target:
                    self.set_mode("")
                else:
                    from game.ui.scenes.pause import PauseScene
                    self.app.push(PauseScene(self.app, self))
            elif event.key == pygame.K_l:
                self.planning = True
            elif event.key in ARROWS:
                self.move_cursor(event.key)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.hover:
                self.click_hex(self.hover)
            elif event.key == pygame.K_t and self.hover:
                op = self.op_at(self.hover)
                if op is not None:
                    self.threats ^= {op.id}
        elif event.type == pygame.KEYUP and event.key == pygame.K_l:
            self.planning = False
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self.view_board.hex_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.panels.log_rect.collidepoint(pygame.mouse.get_pos()):
                self.log.on_wheel(event.y)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.panels.click(event.pos):
                return
            h = self.view_board.hex_at(event.pos)
            if h is not None:
                self.hover = h
                self.click_hex(h)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.set_mode("")

    def move_cursor(self, key: int) -> None:
        """Arrow keys move a hex cursor (Enter then acts on it as a click would)."""
        grid = self.game.grid
        start = self.hover or self.game.state.active or grid.hexes[len(grid.hexes) // 2]
        if start in self.game.state.operatives:
            start = self.game.state.operatives[start].hex or grid.hexes[0]
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
        for op in self.game.state.operatives.values():
            if op.hex == h and op.on_killzone:
                return op
        return None

    def click_hex(self, h: str) -> None:
        """What a click on hex ``h`` means now."""
        if self.computer_to_act():
            self.say("The computer is deciding")
            return
        game, state = self.game, self.game.state
        player = state.to_act
        legal = game.legal_actions()
        op = self.op_at(h)
        if pack_click(self, h):
            return
        if state.step == Step.DEPLOY:
            if op is not None and op.player == player:
                return
            if self.selected is None:
                self.say("Choose an operative to place from the list first")
                return
            self.act(Deploy(player, self.selected, h))
        elif state.step == Step.PLOY and self.mode.startswith("ploy:"):
            ploy = self.mode.split(":", 1)[1]
            if op is None:
                self.say("Click one of your operatives")
                return
            self.act(PlayPloy(player, ploy, (op.id,)))
        elif self.mode.startswith("use:"):
            if op is None:
                self.say("Click one of your operatives")
                return
            self.act(Use(player, self.mode.split(":", 1)[1], op.id))
        elif state.step == Step.ACTIVATE:
            if op is None:
                return
            self.selected = op.id
            action = Activate(player, op.id)
            if action in legal:
                self.act(action)
            else:
                self.say(game.why_not(action) or "")
                self.rebuild()
        elif state.step == Step.ACT:
            active = state.active
            assert active is not None
            if self.mode == "move":
                move = next((a for a in legal if isinstance(a, Move) and a.destination == h),
                            None)
                if move is not None:
                    self.act(move)
                elif op is not None and op.player != player and any(
                        isinstance(a, Attack) and a.target == op.id for a in legal):
                    self.mode = "attack"
                    self.click_hex(h)
                else:
                    self.say(game.why_not_move_to(active, h) or "")
            elif self.mode == "attack":
                if op is None or op.player == player:
                    self.say("Click a marked enemy operative")
                    return
                reason = game.why_not_attack(active, op.id)
                if reason:
                    self.say(reason)
                    return
                self.target = op.id
                self.rebuild()
            elif self.mode == "disengage":
                self.act(Disengage(player, active, h))
            elif self.mode.startswith("objective:"):
                action_id = self.mode.split(":", 1)[1]
                objective = next((o for o, where in self.objectives_now() if where == h), None)
                if objective is None:
                    self.say("Click an objective")
                    return
                self.act(MissionAction(player, action_id, active, (objective,)))

    def position_key(self) -> tuple[int, str, int]:
        """Tells one position from another, for what is worked out once per position (the
        last action tells apart two positions an undo could give the same lengths)."""
        log = self.game.log
        return len(log), log[-1] if log else "", len(self.game.events)

    def threat_zone(self, op_id: str) -> set[str]:
        """The hexes operative ``op_id`` could shoot or strike in its next activation: from
        every hex it could reach (keeping AP for its cheapest weapon), every hex in range
        and in sight. Worked out by the engine's reach and visibility, once per position."""
        key = (op_id, *self.position_key())
        cached = self._threat_cache.get(op_id)
        if cached is not None and cached[0] == key:
            return cached[1]
        game = self.game
        op = game.state.operatives.get(op_id)
        zone: set[str] = set()
        if op is not None and op.on_killzone and op.hex:
            card = game.config.datacards[op.card]
            cheapest = min((w.ap for w in card.weapons), default=1)
            spots = {op.hex, *game.reach(op_id, reserve_ap=cheapest)}
            longest = max((w.range for w in card.weapons), default=0)
            occupied = game.occupied() - {op.hex}
            grid = game.grid
            for spot in spots:
                for h in grid.within(spot, longest):
                    if h not in zone and h not in grid.blocked and grid.visible(
                            spot, h, occupied | {spot}):
                        zone.add(h)
        self._threat_cache[op_id] = (key, zone)
        return zone

    def objectives_now(self) -> list[tuple[str, str]]:
        out = []
        for obj in self.game.config.objectives:
            where = self.game.objective_hex(obj)
            if where is not None:
                out.append((obj, where))
        return out

    # --- the loop ----------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.anim.update(dt)
        if self.toast is not None:
            text, pos, left = self.toast
            self.toast = (text, pos, left - dt) if left > dt else None
        game = self.game
        if game.is_over:
            # the last banners (VP scored, the mission is over) are shown first
            if not self.anim.banners or self.ctx.settings.animation_speed == 0:
                from game.ui.scenes.end import EndScene
                self.app.push(EndScene(self.app, self))
            return
        to_act = game.state.to_act
        if self.computer_to_act():
            self.computer_step(dt)
            return
        if game.state.step in PRIVATE_STEPS and self.private_to != to_act:
            if self.computers and not (set(self.seats) - set(self.computers) - {to_act}):
                self.reveal_to(to_act)  # one human at the screen: no hand-over needed
                return
            from game.ui.scenes.handover import HandoverScene
            self.app.push(HandoverScene(self.app, to_act, self.reveal_to))

    # --- computer seats -------------------------------------------------------------

    def computer_to_act(self) -> bool:
        return not self.game.is_over and self.game.state.to_act in self.computers

    def computer_step(self, dt: float, budget: float = 0.008) -> None:
        """Think in slices between frames (the window stays responsive); once decided and
        after a short pause (so people can follow), play the action like a human's."""
        if self.paused:
            return
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
        if self.thinking is not None or self.chosen is None:
            return
        self.wait += dt
        delay = 0.0 if self.ctx.settings.animation_speed == 0 else \
            AI_PAUSE / self.ctx.settings.animation_speed
        if self.wait >= delay:
            action, self.chosen, self.wait = self.chosen, None, 0.0
            self.act(action)

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
        """The normal level's suggestion for this decision, shown without playing it."""
        seat = self.game.state.to_act
        self.suggestion = hint(self.game.view(seat), self.ctx.seed)
        self.say(f"Hint: {self.suggestion.notation()}")

    def reveal_to(self, player: int) -> None:
        """``player`` is at the screen (after the hand-over): their hand may be shown."""
        self.private_to = player
        self.discard = set()
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((14, 15, 17))
        board = self.view_board
        surface.blit(board.layer(), board.rect)
        self.draw_highlights(surface)
        self.draw_tokens(surface)
        self.anim.draw_marks(surface, board.centre, board.size)
        self.panels.draw(surface)
        self.draw_hint(surface)
        self.anim.draw_banner(surface, board.rect)
        dice_rect = pygame.Rect(board.rect.left + 8, board.rect.bottom - 178,
                                min(440, board.rect.width - 16), 170)
        if self.game.state.phase == Phase.SETUP or self.anim.roll is None:
            if self.game.state.phase in (Phase.SETUP, Phase.STRATEGY):
                self.anim.draw_roll_off(surface, pygame.Rect(
                    dice_rect.left, board.rect.bottom - self.ctx.px(96), self.ctx.px(300),
                    self.ctx.px(88)))
        else:
            self.anim.draw_dice(surface, dice_rect)
        if self.private_to is not None and self.game.state.step in PRIVATE_STEPS:
            self.panels.draw_hand(surface, self.private_to)
        elif self.show_cards:
            self.panels.draw_cards_overlay(surface)
        if self.toast is not None:
            self.draw_toast(surface)

    def draw_highlights(self, surface: pygame.Surface) -> None:
        game, board = self.game, self.view_board
        state = game.state
        legal = game.legal_actions()
        board.shade(surface, pack_shading(self), (120, 220, 140, 70))  # Kill Team classic
        if state.step == Step.DEPLOY and self.selected:
            board.shade(surface, {a.hex for a in legal if isinstance(a, Deploy)
                                  and a.operative == self.selected}, (120, 220, 140, 70))
        elif state.step == Step.ACTIVATE:
            for a in legal:
                if isinstance(a, Activate):
                    op = state.operatives[a.operative]
                    if op.hex:
                        board.outline(surface, op.hex, (250, 235, 160), 3)
        elif self.mode.startswith(("ploy:", "use:")):
            kind, name = self.mode.split(":", 1)
            for a in legal:
                named = a.args[0] if isinstance(a, PlayPloy) and a.ploy == name and a.args \
                    else a.operative if isinstance(a, Use) and a.card == name else None
                if named is not None:
                    op = state.operatives[named]
                    if op.hex:
                        board.outline(surface, op.hex, (250, 235, 160), 3)
        elif state.step == Step.ACT and state.active:
            active = state.operatives[state.active]
            if self.mode == "move":
                moves = {a.destination: a.path for a in legal if isinstance(a, Move)}
                board.shade(surface, moves, (110, 200, 255, 60))
                if self.hover in moves and active.hex:
                    board.path(surface, [active.hex, *moves[self.hover]])
            elif self.mode == "attack":
                marked = {state.operatives[a.target].hex for a in legal
                          if isinstance(a, Attack)}
                sight = self.ctx.assets.icon("targeted", int(board.size * 0.9), (255, 90, 70))
                for h in sorted(h for h in marked if h):
                    board.outline(surface, h, (255, 255, 255), 3)
                    x, y = board.centre(h)
                    surface.blit(sight, sight.get_rect(center=(x, y - board.size * 0.95)))
                hover_op = self.op_at(self.hover) if self.hover else None
                if hover_op is not None and hover_op.player != active.player and active.hex:
                    assert hover_op.hex is not None
                    clear = game.grid.visible(active.hex, hover_op.hex, game.occupied())
                    board.sight_line(surface, active.hex, hover_op.hex, clear)
            elif self.mode == "disengage":
                board.shade(surface, {a.hex for a in legal if isinstance(a, Disengage)},
                            (110, 200, 255, 60))
            elif self.mode.startswith("objective:"):
                for _, where in self.objectives_now():
                    board.outline(surface, where, GOLD, 3)
        if self.planning and self.hover:
            occupied = game.occupied()
            seen = [h for h in game.grid.hexes if h != self.hover
                    and h not in game.grid.blocked
                    and game.grid.visible(self.hover, h, occupied)]
            board.shade(surface, seen, (255, 255, 255, 30))
        for enemy_id in sorted(self.threats):
            board.shade(surface, self.threat_zone(enemy_id), (230, 80, 60, 40))
            enemy = state.operatives.get(enemy_id)
            if enemy is not None and enemy.hex:
                board.outline(surface, enemy.hex, (230, 80, 60), 3)
        if self.suggestion is not None:
            self.draw_suggestion(surface)
        if self.hover:
            board.outline(surface, self.hover, (255, 255, 255), 1, 1.0)

    def draw_suggestion(self, surface: pygame.Surface) -> None:
        """The hint, on the board: where to move, whom to attack, what to activate."""
        board, state = self.view_board, self.game.state
        action = self.suggestion
        if isinstance(action, Move):
            start = state.operatives[action.operative].hex
            if start:
                board.path(surface, [start, *action.path], (120, 230, 140))
            board.outline(surface, action.destination, (120, 230, 140), 4)
        elif isinstance(action, (Attack, Activate, Disengage)):
            op_id = action.target if isinstance(action, Attack) else action.operative
            where = action.hex if isinstance(action, Disengage) else state.operatives[op_id].hex
            if where:
                board.outline(surface, where, (120, 230, 140), 4)

    def draw_tokens(self, surface: pygame.Surface) -> None:
        game, board = self.game, self.view_board
        names = {1: self.ctx.names[1], 2: self.ctx.names[2]}
        for obj, where in self.objectives_now():
            flags = tuple(f.name if not f.player else f"{f.name} ({names[f.player]})"
                          for f in game.state.objective_flags.get(obj, ()))
            carried = game.state.carried.get(obj)
            if carried:
                flags += (f"carried by {carried}",)
            board.objective(surface, obj, where, game.state.control.get(obj, 0), flags)
        for op in game.state.operatives.values():
            if op.on_killzone:
                board.token(surface, op, game.config.datacards[op.card].wounds,
                            selected=op.id in (self.selected, game.state.active, self.target))

    def hint(self) -> str:
        """What may be done next, in one line."""
        game = self.game
        if game.is_over:
            return "The mission is over."
        state = game.state
        name = self.ctx.names[state.to_act]
        step = state.step
        if step == Step.MULLIGAN:
            return (f"{name}: keep your targets of opportunity, or click cards to select them "
                    "for a swap.")
        if step == Step.DEPLOY:
            return (f"{name}: pick an operative from the list, then a highlighted hex." if
                    self.selected is None else
                    f"{name}: click a highlighted hex to place {self.selected}.")
        if step == Step.REVEAL:
            return f"{name}: reveal a target of opportunity, or none."
        if step == Step.PLOY:
            return f"{name}: choose a strategic ploy."
        if step == Step.ACTIVATE:
            return f"{name}: click a highlighted operative to activate it (Tab cycles)."
        if step in PACK_STEPS:
            return f"{name}: {PACK_HINTS[step]}"
        if self.mode == "move":
            return ("Click a shaded hex to move there (Esc: other actions; hold L: what the "
                    "hex under the mouse sees; T over an enemy: its threat).")
        if self.mode == "attack":
            return "Click an enemy marked with a crosshair, then choose the weapon."
        if self.mode == "disengage":
            return "Click a shaded hex to disengage into it."
        if self.mode.startswith("objective:"):
            return "Click the objective."
        return f"{name}: choose an action for {state.active} ({state.ap_left} AP left)."

    def draw_hint(self, surface: pygame.Surface) -> None:
        self.ctx.text(surface, self.hint(), 15, (self.hint_bar.left + 14,
                                                 self.hint_bar.centery), INK, anchor="midleft",
                      width=self.hint_bar.width - 28 - self.ctx.px(280))

    def draw_toast(self, surface: pygame.Surface) -> None:
        assert self.toast is not None
        text, pos, _ = self.toast
        font = self.ctx.assets.font(14)
        rect = pygame.Rect(0, 0, min(520, font.size(text)[0] + 20), 30)
        rect.midbottom = (pos[0], pos[1] - 14)
        rect.clamp_ip(surface.get_rect())
        pygame.draw.rect(surface, (40, 14, 12), rect, border_radius=5)
        pygame.draw.rect(surface, RED, rect, 1, border_radius=5)
        self.ctx.text(surface, text, 14, rect.center, INK, anchor="center",
                      width=rect.width - 16)

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        """Buttons, then the board's hexes that mean something now."""
        out = super().clickables()
        out += self.panels.clickables()
        board = self.view_board
        legal = self.game.legal_actions()
        hexes: set[str] = set()
        state = self.game.state
        for a in legal:
            if isinstance(a, Deploy) and (self.selected in (None, a.operative)):
                hexes.add(a.hex)
            elif isinstance(a, (Activate, Attack)):
                op = state.operatives[a.operative if isinstance(a, Activate) else a.target]
                if op.hex:
                    hexes.add(op.hex)
            elif isinstance(a, Move):
                hexes.add(a.destination)
            elif isinstance(a, Disengage):
                hexes.add(a.hex)
            elif isinstance(a, PlayPloy) and a.args and self.mode == f"ploy:{a.ploy}":
                op = state.operatives[a.args[0]]
                if op.hex:
                    hexes.add(op.hex)
            elif isinstance(a, Use) and self.mode == f"use:{a.card}":
                op = state.operatives[a.operative]
                if op.hex:
                    hexes.add(op.hex)
            elif isinstance(a, MissionAction) and a.args:
                where = self.game.objective_hex(a.args[0])
                if where:
                    hexes.add(where)
        hexes |= pack_shading(self)  # Kill Team classic: markers and late arrivals
        for h in sorted(hexes):
            x, y = board.centre(h)
            out.append((f"hex {h}", pygame.Rect(int(x) - 3, int(y) - 3, 6, 6)))
        return out

    def tint(self, player: int) -> tuple[int, int, int]:
        return self.ctx.colours[player]

    def dim(self) -> tuple[int, int, int]:
        return DIM


__all__ = ["IllegalActionError", "PlayScene"]
