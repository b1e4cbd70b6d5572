"""A player that acts only through the screens: for an engine action chosen elsewhere (from
``game.legal_actions()``), it finds where to click in the layout the scenes expose
(``scene.clickables()``: buttons by label, board hexes as ``"hex C4"``, hand cards as
``"card ID"``) and posts the mouse (and key) events a person would make, running frames of the
real :class:`~game.ui.app.App` between them. It never calls the engine to change the game:
after each action it checks the engine applied exactly that action.

Used by the end-to-end, drawing and secrecy tests (``tests/ui/``). Hand-over screens are
confirmed with their "I am NAME" button; ``on_handover`` hears who confirmed.

Where the current client needs a nudge that a person would also have to find (a button that
only appears after the screen is rebuilt), the driver right-clicks an empty spot of the hint
bar (right-click clears the board mode and rebuilds the buttons) and counts it in
:attr:`Driver.workarounds`, so the tests can report it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pygame

from game.engine import (
    Action,
    AgreeResult,
    Attack,
    Cancel,
    Concede,
    Disengage,
    Game,
    Keep,
    MissionAction,
    PlayPloy,
    SplitMix64,
    Use,
)
from game.ui.app import App
from game.ui.autoplay import DriverError
from game.ui.chooser import Kind

UNDO = "undo"  # the chooser's word for "take back the last action" (Ctrl+Z or Undo)
MAX_FLUSH = 20  # frames run to drain the queue after an input (pygame-gui posts its events)


class Driver:
    """Plays the engine actions it is given through clicks on ``app``'s scenes."""

    def __init__(self, app: App, on_handover: Callable[[int], None] | None = None,
                 undo_by_key_every: int = 2) -> None:
        self.app = app
        self.on_handover = on_handover
        self.frames = 0
        self.done: Counter[str] = Counter()  # what went through the screen, by kind
        self.workarounds: Counter[str] = Counter()
        self.undo_by_key_every = undo_by_key_every
        self._undos = 0

    # --- the scenes ----------------------------------------------------------------------

    @property
    def play(self):  # -> PlayScene (imported lazily: pygame-gui scenes)
        from game.ui.scenes.play import PlayScene
        for scene in reversed(self.app.stack):
            if isinstance(scene, PlayScene):
                return scene
        raise DriverError("no PlayScene on the stack")

    @property
    def game(self) -> Game:
        return self.play.game

    def top_name(self) -> str:
        return self.app.scene.name

    # --- low-level input -----------------------------------------------------------------

    def pump(self, events: list[pygame.event.Event]) -> None:
        """Post ``events`` and run frames until the queue is empty (a button press posts a
        pygame-gui event that the next frame handles)."""
        for event in events:
            pygame.event.post(event)
        self.app.frame()
        self.frames += 1
        for _ in range(MAX_FLUSH):
            if not pygame.event.peek():
                break
            self.app.frame()
            self.frames += 1

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.pump([
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
        ])

    def hover(self, pos: tuple[int, int]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.pump([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                      buttons=(0, 0, 0))])

    def key(self, key: int, mod: int = 0) -> None:
        self.pump([pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                   pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)])

    # --- finding things on screen --------------------------------------------------------

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        return self.app.scene.clickables()

    def find(self, match: Callable[[str], bool]) -> pygame.Rect | None:
        for label, rect in self.clickables():
            if match(label):
                return rect
        return None

    def find_button(self, name: str, prefix: bool = False) -> pygame.Rect | None:
        """The top scene's button labelled ``name`` (see :meth:`Scene.find_clickable`)."""
        return self.app.scene.find_clickable(name, prefix)

    def nudge(self, why: str) -> None:
        """Right-click an empty spot (the hint bar): the play scene rebuilds its buttons."""
        self.workarounds[why] += 1
        play = self.play
        self.click((play.hint_bar.right - 4, play.hint_bar.centery), button=3)

    def click_button(self, name: str, prefix: bool = False, nudge: str = "") -> None:
        rect = self.find_button(name, prefix)
        if rect is None and nudge:
            self.nudge(nudge)
            rect = self.find_button(name, prefix)
        if rect is None:
            raise DriverError(f"no button {name!r} on {self.top_name()}; clickable: "
                              f"{[label for label, _ in self.clickables()]}")
        self.click(rect.center)

    def click_hex(self, h: str) -> None:
        """Click hex ``h``: it must be listed among the clickables (it means something now)."""
        if self.find(lambda label: label == f"hex {h}") is None:
            raise DriverError(f"hex {h} is not clickable now; clickable: "
                              f"{[label for label, _ in self.clickables()]}")
        self.click(self.play.view_board.centre(h))

    def click_card(self, card: str) -> None:
        rect = self.find(lambda label: label == f"card {card}")
        if rect is None:
            raise DriverError(f"card {card} is not shown; clickable: "
                              f"{[label for label, _ in self.clickables()]}")
        self.click(rect.center)

    def op_hex(self, op_id: str) -> str:
        h = self.game.state.operatives[op_id].hex
        if h is None:
            raise DriverError(f"{op_id} is not on the killzone")
        return h

    # --- hand-over -------------------------------------------------------------------------

    def confirm_handovers(self) -> None:
        """While a hand-over screen is on top, click its "I am NAME" button."""
        from game.ui.scenes.handover import HandoverScene
        from game.ui.scenes.summary import SummaryScene
        for _ in range(6):
            scene = self.app.scene
            if isinstance(scene, SummaryScene):
                self.click_button("Continue")
                self.done["Summary"] += 1
                continue
            if getattr(scene, "swapped", None) is not None:  # a swap's new cards shown
                self.click_button("Continue")
                self.done["Swap shown"] += 1
                continue
            if not isinstance(scene, HandoverScene):
                return
            name = self.app.ctx.names[scene.player]
            player = scene.player
            self.click_button(f"I am {name}")
            self.done["Handover"] += 1
            if self.on_handover is not None:
                self.on_handover(player)
        raise DriverError("hand-over screens keep coming")

    def settle(self) -> None:
        """Run a frame so the play scene can push what it needs (hand-over, end screen)."""
        self.pump([])
        self.confirm_handovers()

    # --- actions ---------------------------------------------------------------------------

    def perform(self, action: Action | str) -> None:
        """Make the UI apply ``action`` (one of ``legal_actions()``, or :data:`UNDO`) through
        clicks and keys only; raise DriverError unless the engine applied exactly it."""
        self.confirm_handovers()
        from game.ui.scenes.play import PlayScene
        if not isinstance(self.app.scene, PlayScene):
            raise DriverError(f"expected the play scene on top, not {self.top_name()}")
        game = self.game
        before = list(game.log)
        if action == UNDO:
            if not game.can_undo:
                raise DriverError("nothing to undo")
            self._undos += 1
            if self._undos % self.undo_by_key_every == 0:
                self.key(pygame.K_z, pygame.KMOD_CTRL)
                self.done["Undo (Ctrl+Z)"] += 1
            else:
                self.click_button("Undo")
                self.done["Undo (button)"] += 1
            if game.log != before[:-1]:
                raise DriverError(f"undo: log {game.log[-3:]} after {before[-3:]}")
            return
        assert isinstance(action, Action)
        if action not in game.legal_actions():
            raise DriverError(f"{action} is not listed by legal_actions()")
        self._do(action)
        if len(game.log) != len(before) + 1 or game.log[:-1] != before \
                or game.log[-1] != str(action):
            raise DriverError(f"wanted {action}, the log ends {game.log[len(before) - 1:]}")
        kind = type(action).__name__
        self.done[kind] += 1
        if isinstance(action, Attack) and action.overcharge:
            self.done["Attack (overcharge)"] += 1
        if isinstance(action, PlayPloy) and action.args:
            self.done["PlayPloy (operative)"] += 1
        if isinstance(action, MissionAction) and action.args:
            self.done["MissionAction (argument)"] += 1
        self.pump([])  # the frame after: hand-over or end screen pushed by update()

    def _do(self, action: Action) -> None:
        """Click what the play screen's chooser says comes next on the way to ``action``
        (a button, a card of the hand, a hex), until the engine has applied it."""
        before = len(self.game.log)
        for _ in range(8):
            if len(self.game.log) != before:
                return
            self.confirm_handovers()
            chooser = self.play.chooser
            click = chooser.next_click(action)
            if click is None:
                raise DriverError(f"the screen offers no way to {action}; hint: "
                                  f"{self.play.hint()!r}")
            kind, value = click
            if kind.on_board:
                self.click_hex(value)
            elif value.startswith("card "):
                self.click_card(value[5:])
            elif kind == Kind.WEAPON:
                label = next(o.label for o, _ in chooser.weapon_options() if o.value == value)
                # "Name: odds" on the button, or "Name" with the odds written under it
                if self.find_button(label + ":", prefix=True) is not None:
                    self.click_button(label + ":", prefix=True)
                else:
                    self.click_button(label)
            else:
                option = next((o for o in chooser.buttons() if o.value == value), None)
                if option is None:
                    raise DriverError(f"no button for {value!r} ({action})")
                self.click_button(option.label)
            if self.play.chooser is chooser and len(self.game.log) == before:
                raise DriverError(f"clicking {value!r} for {action} changed nothing; "
                                  f"toast: {self.play.toast}")
        if len(self.game.log) == before:
            raise DriverError(f"{action} was not applied after eight clicks")


# --- a seeded chooser that attacks, disengages and undoes more than a uniform one --------------

class BiasedChooser:
    """Chooses among ``legal_actions()`` with its own seeded generator (never the game's
    dice): Attack when legal with probability 0.7 (Overcharge half the time it is offered),
    Disengage, mission actions and wargear often, Cancel and undo now and then, else uniform
    over the rest (never Concede or AgreeResult). The same seed on the same game gives the
    same choices, so a game played through the screens can be replayed on the bare engine."""

    def __init__(self, seed: int, undo_percent: int = 10, cancel_percent: int = 6) -> None:
        self.rng = SplitMix64(seed ^ 0xC40053)
        self.undo_percent = undo_percent
        self.cancel_percent = cancel_percent

    def pick(self, options: list[Action]) -> Action:
        return options[self.rng.below(len(options))]

    def chance(self, percent: int) -> bool:
        return self.rng.below(100) < percent

    def choose(self, game: Game) -> Action | str:
        legal = [a for a in game.legal_actions() if not isinstance(a, (Concede, AgreeResult))]
        if game.can_undo and self.chance(self.undo_percent):
            return UNDO
        of: dict[type, list[Action]] = {}
        for a in legal:
            of.setdefault(type(a), []).append(a)
        attacks = of.get(Attack, [])
        if attacks and self.chance(70):
            return self.attack(attacks)
        for kind, percent, first in _FAVOURED:
            if of.get(kind) and self.chance(percent):
                return of[kind][0] if first else self.pick(of[kind])
        named = [a for a in of.get(PlayPloy, []) if isinstance(a, PlayPloy) and a.args]
        if named and self.chance(30):
            return self.pick(named)
        if of.get(Cancel) and self.chance(self.cancel_percent):
            return of[Cancel][0]
        rest = [a for a in legal if not isinstance(a, Cancel)]
        return self.pick(rest)

    def attack(self, attacks: list[Action]) -> Action:
        """One of the attacks: an overcharged one half the time one is offered."""
        overcharged = [a for a in attacks if isinstance(a, Attack) and a.overcharge]
        if overcharged and self.chance(50):
            return self.pick(overcharged)
        return self.pick(attacks)


# the kinds of action the biased chooser favours after attacks, in the order it considers
# them: (kind, how often in percent when one is legal, the first listed rather than any)
_FAVOURED: tuple[tuple[type[Action], int, bool], ...] = (
    (Disengage, 60, False), (MissionAction, 50, False), (Use, 40, False), (Keep, 30, True))


def play_on_engine(game: Game, chooser: BiasedChooser, limit: int = 5000) -> Game:
    """The same chooser straight on the engine (no screen): the reference game."""
    for _ in range(limit):
        if game.is_over:
            return game
        choice = chooser.choose(game)
        if choice == UNDO:
            game.undo()
        else:
            assert isinstance(choice, Action)
            game.apply(choice)
    raise AssertionError("the game did not end")


def play_through_ui(driver: Driver, chooser: BiasedChooser, limit: int = 5000,
                    after_action: Callable[[Action | str], None] | None = None) -> Game:
    """Play the play scene's game to its end with ``chooser`` through ``driver``."""
    game = driver.game
    driver.settle()
    for _ in range(limit):
        if game.is_over:
            driver.settle()
            return game
        driver.confirm_handovers()
        choice = chooser.choose(game)
        driver.perform(choice)
        if after_action is not None:
            after_action(choice)
    raise AssertionError("the game did not end")
