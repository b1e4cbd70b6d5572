"""Replays: a finished or saved game watched again, action by action.

A replay is *re-played* by the engine, not re-shown from stored events: the game is rebuilt
from its start (the same :class:`Config`, a fresh initial :class:`State` as
:meth:`Game.new` builds it, the recorded random results as :class:`ReplayDice`) and the
recorded actions (``game.log``) are applied one at a time. :meth:`Replay.verify` then proves
the game reproducible: the replayed events must equal the original ones.

Positions run from 0 (the first decision, after the set-up roll-off and the deal) to
``len(replay)`` (every action applied). Moving forward applies one action; moving back
rebuilds from the nearest snapshot (a :meth:`Game.clone` kept every
:data:`SNAPSHOT_EVERY` actions), so any seek costs at most that many actions.

A save already holds all a replay needs (config, log, record, events):
:func:`replay_from_save_file` opens one.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.engine.actions import Action, NotationError, parse_action
from game.engine.config import Config
from game.engine.defs import Catalogue
from game.engine.dice import DiceExhaustedError, ReplayDice, RollRecord, roll_record
from game.engine.errors import IllegalActionError
from game.engine.events import Event
from game.engine.game import Game, starting_state
from game.engine.state import State
from game.services.game_setup import GameSetup

__all__ = ["SNAPSHOT_EVERY", "Replay", "ReplayError", "ReplayMismatch", "initial_state",
           "replay_from_save_file"]

SNAPSHOT_EVERY = 8  # a clone of the game is kept every so many actions


class ReplayError(Exception):
    """The recorded game cannot be re-played (an action is refused, the dice run out, the
    game did not start as :meth:`Game.new` starts one)."""


class ReplayMismatch(ReplayError):
    """The re-played game differs from the recorded one; the message names the first
    difference."""


def initial_state(config: Config) -> State:
    """The state :meth:`Game.new` starts a mission from: every operative of each fireteam's
    composition, not yet deployed, named as Game.new names them (``intercessor2``; with the
    ``p1_`` / ``p2_`` prefixes when both players field the same fireteam)."""
    teams = config.fireteams
    if teams.get(1) is None or teams.get(2) is None or config.mission is None:
        names = [t.id if t is not None else None for t in (teams.get(1), teams.get(2))]
        raise ReplayError("a replay needs a game of a shipped mission between two shipped "
                          f"fireteams (a game begun with Game.new); this one has {names}")
    return starting_state(config)


class Replay:
    """A recorded game re-played from its start, with a cursor (:attr:`position`).

    :attr:`game` is the game at the cursor: read it, never apply actions to it (use
    :meth:`game_at` for a copy of your own)."""

    def __init__(self, config: Config, log: Sequence[str], record: Sequence[Sequence[Any]],
                 original_events: Sequence[Event] | None = None,
                 original_state: State | None = None, start: State | None = None) -> None:
        self.config = config
        self.lines = [str(line) for line in log]
        self.actions: list[Action] = []
        for i, line in enumerate(self.lines):
            try:
                self.actions.append(parse_action(line))
            except NotationError as error:
                raise ReplayError(f"action {i + 1} ({line!r}) cannot be read: {error}") from None
        self.record: list[RollRecord] = [roll_record(r) for r in record]
        self.original_events = list(original_events) if original_events is not None else None
        self.original_state = original_state.copy() if original_state is not None else None
        state = start.copy() if start is not None else initial_state(config)
        try:
            first = Game(config, state, self._dice(0))
        except DiceExhaustedError as error:
            raise ReplayError(f"setting the game up: {error}") from None
        # the furthest position worked out so far, the events count after each position,
        # and snapshots (clones) every SNAPSHOT_EVERY positions
        self._frontier = first
        self._marks = [len(first.events)]
        self._snapshots: dict[int, Game] = {0: self._copy(first)}
        self._game = self._copy(first)
        self._position = 0

    # --- construction ------------------------------------------------------------------

    setup: GameSetup | None = None  # how the game was set up (seats, names), when known

    @classmethod
    def from_game(cls, game: Game, setup: GameSetup | None = None) -> Replay:
        """The replay of ``game`` (begun with :meth:`Game.new`, finished or not), with the
        record of how it was set up (game/services/game_setup.py: who played each seat), when
        known."""
        replay = cls(game.config, game.log, game.record, game.events, game.state)
        replay.setup = setup
        return replay

    @classmethod
    def from_save(cls, data: Any, catalogue: Catalogue) -> Replay:
        """The replay of a save (the data of :meth:`Game.to_dict`): its config recipe, log,
        record and events. Raises SaveError for a damaged save."""
        return cls.from_game(Game.from_dict(data, catalogue))

    # --- the cursor --------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def position(self) -> int:
        """How many actions have been applied to :attr:`game`."""
        return self._position

    @property
    def game(self) -> Game:
        return self._game

    @property
    def at_end(self) -> bool:
        return self._position >= len(self.actions)

    def forward(self) -> list[Event]:
        """Apply the next action; returns the events it caused ([] at the end)."""
        if self.at_end:
            return []
        self._ensure(self._position + 1)
        events = self._apply(self._game, self._position)
        self._position += 1
        return events

    def back(self) -> None:
        """Go back one action (rebuilt from the nearest snapshot)."""
        if self._position > 0:
            self.seek(self._position - 1)

    def seek(self, n: int) -> None:
        """Put the cursor after the first ``n`` actions (0..len). Raises IndexError."""
        if not 0 <= n <= len(self.actions):
            raise IndexError(f"position {n} is not in 0..{len(self.actions)}")
        if n == self._position:
            return
        if self._position < n <= self._position + SNAPSHOT_EVERY:
            while self._position < n:
                self.forward()
            return
        self._game = self.game_at(n)
        self._position = n

    def game_at(self, n: int) -> Game:
        """An independent copy of the game after its first ``n`` actions (yours to play on:
        its dice are the recorded ones, and run out where the record ends)."""
        if not 0 <= n <= len(self.actions):
            raise IndexError(f"position {n} is not in 0..{len(self.actions)}")
        self._ensure(n)
        base = n - n % SNAPSHOT_EVERY
        game = self._copy(self._snapshots[base])
        for i in range(base, n):
            self._apply(game, i)
        return game

    # --- events ------------------------------------------------------------------------

    def events_of_step(self, i: int) -> list[Event]:
        """The events the ``i``-th action (0-based: ``self.lines[i]``) caused, in order."""
        if not 0 <= i < len(self.actions):
            raise IndexError(f"step {i} is not in 0..{len(self.actions) - 1}")
        self._ensure(i + 1)
        return self._frontier.events[self._marks[i]:self._marks[i + 1]]

    def events_until(self, n: int) -> list[Event]:
        """Every event up to position ``n`` (the set-up roll-off and deal included)."""
        self._ensure(n)
        return self._frontier.events[:self._marks[n]]

    def last_events(self) -> list[Event]:
        """The events of the action that led to the current position (at position 0: what
        happened before the first decision)."""
        if self._position == 0:
            return self.events_until(0)
        return self.events_of_step(self._position - 1)

    def step_of_event(self, index: int) -> int:
        """The position after which event number ``index`` had happened."""
        self._ensure(len(self.actions))
        for n, mark in enumerate(self._marks):
            if index < mark:
                return n
        return len(self.actions)

    # --- proof -------------------------------------------------------------------------

    def verify(self) -> None:
        """Re-play the whole game and check that it reproduces the recorded one: the same
        events (type and sentence, one by one), every recorded random result used, and the
        same final state. Raises :class:`ReplayMismatch` naming the first difference (or
        :class:`ReplayError` when an action is refused)."""
        self._ensure(len(self.actions))
        game = self._frontier
        if self.original_events is not None:
            replayed, original = game.events, self.original_events
            for i, (a, b) in enumerate(zip(replayed, original, strict=False)):
                if type(a) is not type(b) or str(a) != str(b):
                    raise ReplayMismatch(
                        f"event {i + 1} (after action {self.step_of_event(i)}): replayed "
                        f"{type(a).__name__} {str(a)!r}, recorded {type(b).__name__} "
                        f"{str(b)!r}")
            if len(replayed) != len(original):
                extra = replayed[len(original)] if len(replayed) > len(original) \
                    else original[len(replayed)]
                raise ReplayMismatch(
                    f"the replay has {len(replayed)} events, the recording {len(original)}; "
                    f"the first one not in both: {type(extra).__name__} {str(extra)!r}")
        used = game.dice.used  # type: ignore[attr-defined]
        if used != len(self.record):
            raise ReplayMismatch(f"the replay used {used} of the {len(self.record)} "
                                 "recorded random results")
        if self.original_state is not None and game.state != self.original_state:
            mine, theirs = game.state.to_dict(), self.original_state.to_dict()
            key = next((k for k in mine if mine[k] != theirs.get(k)), "?")
            raise ReplayMismatch(f"the final state differs in {key}: replayed "
                                 f"{mine.get(key)!r}, recorded {theirs.get(key)!r}")

    # --- inside ------------------------------------------------------------------------

    def _dice(self, used: int) -> ReplayDice:
        dice = ReplayDice((), used)
        dice.record = self.record  # shared, never changed: no copy per clone
        return dice

    def _copy(self, game: Game) -> Game:
        return game.clone(dice=self._dice(game.dice.used))  # type: ignore[attr-defined]

    def _apply(self, game: Game, i: int) -> list[Event]:
        try:
            return game.apply(self.actions[i])
        except (IllegalActionError, DiceExhaustedError) as error:
            raise ReplayError(f"action {i + 1} ({self.lines[i]!r}) cannot be re-played: "
                              f"{error}") from None

    def _ensure(self, n: int) -> None:
        """Work the frontier forward to position ``n``."""
        while len(self._marks) - 1 < n:
            i = len(self._marks) - 1
            self._apply(self._frontier, i)
            self._marks.append(len(self._frontier.events))
            if (i + 1) % SNAPSHOT_EVERY == 0:
                self._snapshots[i + 1] = self._copy(self._frontier)


def replay_from_save_file(path: str | Path, catalogue: Catalogue) -> Replay:
    """The replay of a save file (``game/services/saves.py``); raises SaveError for a bad file."""
    from game.services.game_setup import SetupError
    from game.services.saves import load_game, read_setup

    game = load_game(path, catalogue)
    try:
        setup = read_setup(path)
    except SetupError:
        setup = None
    return Replay.from_game(game, setup if setup and not setup.differences(game) else None)
