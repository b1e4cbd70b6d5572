"""The guided Dual Strike tutorial as data: loading ``assets/tutorial.yaml`` and playing it
on the engine (no pygame here).

A step either explains (``expect: next``), asks for engine actions in the action notation
(``expect: ["1 keep"]``, done in order), asks for one of the screen's tools
(``expect: {tool: sight}``: hold L over the step's hex, ``threat``: T over the step's enemy,
``pause``: the pause menu opened with Esc and closed again, ``save``: the game saved (the
pause menu's Save game, or Ctrl+S) and play resumed,
``hint``: the computer's suggestion), or hands the rest of the turning point to a seeded
random player (``expect: finish``). A step with ``position`` (a scenario file of assets/,
docs/scenario-format.md) begins a new chapter: a new game from that position. A step that
rolls names its dice; while a step runs, the game's dice are exactly those
(:class:`TutorialDice` refuses to roll anything else), and ``finish`` steps roll seeded dice
instead. ``shows`` names the engine events that must
have happened between the last action before the step and the end of the step.

:class:`Runner` plays the script step by step (the tutorial scene, its autoplay and the
script's test all use it); :func:`validate` checks the whole file against the engine.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.ai.random_player import RandomPlayer
from game.content.yamlio import SAFE_LOADER
from game.engine import (
    Action,
    Catalogue,
    DiceExhaustedError,
    Event,
    Game,
    Move,
    NotationError,
    SplitMix64,
    parse_action,
)

MISSION = "dual_strike"
TEAMS = ("gideon", "deathless_destroyers")
SCRIPT = "tutorial.yaml"  # in assets/ of the content root (a checkout's, or the wheel's)
PROGRESS_FILE = "tutorial.json"
# panels a step may point at (game/ui/scenes/tutorial.py finds their rectangles)
PANELS = ("tracker", "score", "cards", "operative", "buttons", "log", "board", "hint",
          "dice", "hand", "mission", "summary", "end")
# the screen's tools a step may ask for (game/ui/scenes/tutorial.py reports their use)
TOOLS = ("sight", "threat", "hint", "pause", "save")
# the screens a reading step may be shown over: the turning point's summary, the mission's end
SCREENS = ("summary", "end")


class ScriptError(ValueError):
    """The tutorial script is malformed or cannot be played on the engine."""


@dataclass(frozen=True)
class Step:
    index: int  # 1-based, as the player and the error messages count
    title: str
    text: str
    kind: str  # "read", "act", "tool" or "finish"
    actions: tuple[str, ...] = ()
    dice: tuple[int, ...] = ()
    target: str | None = None  # a hex, an operative, "button:LABEL", "panel:NAME", "auto"
    topic: str = ""
    shows: tuple[dict[str, Any], ...] = ()
    seed: int = 0  # the random player's and the dice's seed of a "finish" step
    final: bool = False  # the summary: the last step
    tool: str = ""  # a "tool" step: which of TOOLS
    position: str = ""  # a new chapter from this scenario file (in assets/)
    computer: int = 0  # the seat whose actions of this step the computer makes (0: none)
    screen: str = ""  # a reading step shown over one of SCREENS


@dataclass
class Script:
    seed: int
    opening_dice: tuple[int, ...]
    steps: list[Step] = field(default_factory=list)


def load_script(path: Path | str | None = None) -> Script:
    if path is None:
        from game.content.loader import content_root
        path = content_root() / "assets" / SCRIPT
    data = yaml.load(Path(path).read_text(encoding="utf-8"), Loader=SAFE_LOADER)
    if not isinstance(data, dict) or not isinstance(data.get("steps"), list):
        raise ScriptError("the tutorial script needs a list of steps")
    steps = [read_step(i, raw) for i, raw in enumerate(data["steps"], start=1)]
    if not steps or not steps[-1].final:
        raise ScriptError("the last step must be the final summary (final: true)")
    return Script(int(data.get("seed", 0)), tuple(data.get("opening_dice") or ()), steps)


def step_kind(i: int, expect: Any) -> tuple[str, tuple[str, ...]]:
    """A step's kind and actions from its ``expect`` (ScriptError when malformed)."""
    if expect == "next":
        return "read", ()
    if expect == "finish":
        return "finish", ()
    if isinstance(expect, dict):
        if expect.get("tool") not in TOOLS or len(expect) != 1:
            raise ScriptError(f"step {i}: expect: {{tool: ...}} names one of "
                              f"{', '.join(TOOLS)}")
        return "tool", ()
    actions = tuple([expect] if isinstance(expect, str) else expect)
    for text in actions:
        try:
            parse_action(text)
        except (NotationError, ValueError) as error:
            raise ScriptError(f"step {i}: {text!r}: {error}") from None
    return "act", actions


def read_step(i: int, raw: Any) -> Step:
    """Step ``i`` (1-based) of the script from its YAML mapping."""
    if not isinstance(raw, dict) or "text" not in raw or "expect" not in raw:
        raise ScriptError(f"step {i}: every step needs text and expect")
    expect = raw["expect"]
    kind, actions = step_kind(i, expect)
    screen = str(raw.get("screen", ""))
    if screen and (screen not in SCREENS or kind != "read"):
        raise ScriptError(f"step {i}: screen: is one of {', '.join(SCREENS)}, on a "
                          "reading step")
    computer = int(raw.get("computer", 0))
    if computer and (computer not in (1, 2) or kind != "act"):
        raise ScriptError(f"step {i}: computer: names seat 1 or 2, on a step of actions")
    shows = raw.get("shows") or ()
    if isinstance(shows, dict):
        shows = (shows,)
    return Step(i, str(raw.get("title", "")), " ".join(str(raw["text"]).split()),
                kind, actions, tuple(raw.get("dice") or ()), raw.get("target"),
                str(raw.get("topic", "")), tuple(shows), int(raw.get("seed", i)),
                bool(raw.get("final", False)),
                str(expect["tool"]) if kind == "tool" else "",
                str(raw.get("position", "")), computer, screen)


class TutorialDice:
    """Scripted d6 results while a step has them; with ``strict`` nothing else may be rolled
    (the step's script is short), without it (a "finish" step) seeded random dice follow.
    Shuffles always come from the seeded generator, so the deal is the same every time."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng = SplitMix64(seed)
        self.queue: list[int] = []
        self.strict = True

    def load(self, values: tuple[int, ...] | list[int], strict: bool = True) -> None:
        self.queue = list(values)
        self.strict = strict

    def d6(self) -> int:
        if self.queue:
            return self.queue.pop(0)
        if self.strict:
            raise DiceExhaustedError("this tutorial step has no more scripted dice")
        return self._rng.below(6) + 1

    def below(self, n: int) -> int:
        return self._rng.below(n)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": "random", "seed": self.seed, "state": self._rng.state}


def matches(action: Action, wanted: Action) -> bool:
    """``action`` is the step's ``wanted`` one (a Move by its operative and destination: any
    path there will do)."""
    if isinstance(wanted, Move) and isinstance(action, Move):
        return (action.player, action.operative, action.destination) == (
            wanted.player, wanted.operative, wanted.destination)
    return action == wanted


def event_matches(event: Event, want: dict[str, Any]) -> bool:
    if type(event).__name__ != want.get("type"):
        return False
    for key, value in want.items():
        if key == "type":
            continue
        if not hasattr(event, key) or getattr(event, key) != value:
            return False
    return True


class Runner:
    """One play of the script on the engine: the game, its dice and where it has got to."""

    def __init__(self, catalogue: Catalogue, script: Script) -> None:
        self.catalogue = catalogue
        self.script = script
        self.dice = TutorialDice(script.seed)
        self.dice.load(script.opening_dice)
        self.game = Game.new(catalogue, MISSION, TEAMS, self.dice)
        self.index = 0  # 0-based index of the current step
        self.done = 0  # actions of the current step already applied
        self.window_start = 0  # where the events a step may show begin
        self.begin()

    @property
    def step(self) -> Step:
        return self.script.steps[self.index]

    def begin(self) -> None:
        step = self.step
        if step.position:  # a new chapter: a new game from that position, the same dice
            self.game = chapter_game(self.catalogue, step.position, self.dice)
            self.window_start = 0
        self.done = 0
        self.dice.load(step.dice, strict=step.kind != "finish")
        if step.kind != "read":  # a reading step looks back at the last step that acted
            self.window_start = len(self.game.events)

    def expected(self) -> Action | None:
        step = self.step
        if step.kind != "act" or self.done >= len(step.actions):
            return None
        wanted = parse_action(step.actions[self.done])
        if isinstance(wanted, Move):  # the path the engine lists to that destination
            for action in self.game.legal_actions():
                if matches(action, wanted):
                    return action
        return wanted

    def computer_action(self) -> Action | None:
        """The step's next action when the computer makes it (the step's ``computer``
        seat), else None."""
        wanted = self.expected()
        if wanted is None or not self.step.computer or \
                getattr(wanted, "player", None) != self.step.computer:
            return None
        return wanted

    def why_not(self, action: Action) -> str | None:
        """None when ``action`` is what the step asks for now."""
        wanted = self.expected()
        if wanted is None:
            return "nothing to do on the board at this step"
        return None if matches(action, wanted) else f"the step asks for: {wanted}"

    def apply(self, action: Action) -> list[Event]:
        """Apply the step's next action (raises ScriptError when it is not, or when it needs
        dice the step does not script)."""
        reason = self.why_not(action)
        if reason:
            raise ScriptError(f"step {self.step.index}: {action}: {reason}")
        try:
            events = self.game.apply(action)
        except Exception as error:
            # the engine's roll back after the missing die replays on other dice and may fail
            # in turn: the missing die is still the cause
            cause: BaseException | None = error
            while cause is not None and not isinstance(cause, DiceExhaustedError):
                cause = cause.__context__
            if cause is None:
                raise
            raise ScriptError(f"step {self.step.index}: {action} needs more dice than the "
                              "step scripts") from None
        self.done += 1
        return events

    def step_complete(self) -> bool:
        step = self.step
        return step.kind == "read" or (step.kind == "act" and self.done >= len(step.actions)) \
            or (step.kind == "tool" and self.done > 0)

    def use_tool(self, tool: str, where: str | None) -> bool:
        """The player used one of the screen's tools (at hex ``where``): True when that is
        what this step asks for (the sight tool over the step's hex, the threat tool over
        its enemy, or a hint), and the step is then done."""
        step = self.step
        if step.kind != "tool" or tool != step.tool or self.done:
            return False
        if tool not in ("hint", "pause", "save") and step.target not in (None, "auto"):
            op = self.game.state.operatives.get(step.target)
            wanted = op.hex if op is not None else step.target
            if where != wanted:
                return False
        self.done = 1
        return True

    def finish_turning_point(self) -> list[Event]:
        """The rest of this turning point by a seeded random player on seeded dice (the
        mission's end too, in the last one)."""
        step = self.step
        if step.kind != "finish":
            raise ScriptError(f"step {step.index} is not a finish step")
        game = self.game
        player = RandomPlayer(step.seed)
        start = game.state.turning_point
        before = len(game.events)
        for _ in range(5000):
            if game.is_over or game.state.turning_point != start:
                break
            game.apply(player.choose(game))
        self.done = 1
        return game.events[before:]

    def check_step(self) -> None:
        """At the end of a step: its dice used up, the events it shows happened."""
        step = self.step
        if self.dice.queue:
            raise ScriptError(f"step {step.index}: {len(self.dice.queue)} scripted dice were "
                              f"not rolled ({self.dice.queue})")
        window = self.game.events[self.window_start:]
        for want in step.shows:
            if not any(event_matches(e, want) for e in window):
                raise ScriptError(f"step {step.index} ({step.topic or step.title}): no "
                                  f"event {want} happened")

    def advance(self) -> None:
        """Go on to the next step (the current one complete and checked)."""
        self.check_step()
        self.index += 1
        self.begin()

    def do_step(self) -> None:
        """Play the current step as the script says (replays, validation)."""
        step = self.step
        if step.kind == "act":
            while self.done < len(step.actions):
                action = self.expected()
                assert action is not None
                if action not in self.game.legal_actions() and not self.game.is_legal(action):
                    raise ScriptError(f"step {step.index}: {action} is not legal: "
                                      f"{self.game.why_not(action)}")
                self.apply(action)
        elif step.kind == "finish":
            self.finish_turning_point()
        elif step.kind == "tool":
            self.done = 1  # the tools draw only: nothing happens on the engine

    def replay_to(self, index: int) -> None:
        """From the start, play every step before ``index`` (0-based)."""
        while self.index < index and not self.step.final:
            self.do_step()
            self.advance()


def chapter_game(catalogue: Catalogue, position: str, dice: TutorialDice) -> Game:
    """The game of a chapter: the position of the scenario file ``position`` (in assets/),
    played on the tutorial's dice. Raises ScriptError when the file is not a valid
    scenario."""
    from game.content.loader import content_root
    from game.scenario.loader import Malformed, SetupFailed, load_scenario

    path = content_root() / "assets" / position
    try:
        game = load_scenario(path, catalogue).game
    except (Malformed, SetupFailed, OSError) as error:
        raise ScriptError(f"chapter position {position}: {error}") from None
    game.dice = dice
    return game


def start(catalogue: Catalogue, script: Script, index: int = 0) -> Runner:
    runner = Runner(catalogue, script)
    runner.replay_to(max(0, min(index, len(script.steps) - 1)))
    return runner


def validate(catalogue: Catalogue, script: Script) -> Runner:
    """Play the whole script; raises ScriptError at the first step that cannot be done.
    Also checks that every operative and hex named as a target exists at its step."""
    runner = Runner(catalogue, script)
    while True:
        check_target(runner)
        if runner.step.final:
            runner.check_step()
            return runner
        runner.do_step()
        runner.advance()


def check_target(runner: Runner) -> None:
    step, game = runner.step, runner.game
    target = step.target
    if target is None or target == "auto":
        if target == "auto" and step.kind != "act":
            raise ScriptError(f"step {step.index}: 'auto' points at an action's target")
        return
    if target.startswith("panel:"):
        if target[6:] not in PANELS:
            raise ScriptError(f"step {step.index}: no panel {target[6:]!r}")
    elif target.startswith("card:"):
        if target[5:] not in game.config.targets:
            raise ScriptError(f"step {step.index}: no target of opportunity {target[5:]!r}")
    elif target.startswith("button:"):
        if not target[7:]:
            raise ScriptError(f"step {step.index}: a button needs a label")
    elif target in game.state.operatives:
        if not game.state.operatives[target].on_killzone:
            raise ScriptError(f"step {step.index}: {target} is not on the killzone")
    elif target not in game.grid.hexes:
        raise ScriptError(f"step {step.index}: target {target!r} is no hex, operative, "
                          "button or panel")


def auto_target(runner: Runner) -> str | None:
    """What an ``auto`` target points at: the hex the next expected action is about."""
    action = runner.expected()
    if action is None:
        return None
    data = dataclasses.asdict(action) if dataclasses.is_dataclass(action) else {}
    state = runner.game.state
    if isinstance(action, Move):
        return action.destination
    for key in ("hex", "target", "operative"):
        value = data.get(key)
        if isinstance(value, str):
            if value in state.operatives:
                return state.operatives[value].hex
            return value
    return None


# --- progress ---------------------------------------------------------------------------------

def load_progress(folder: Path | None) -> int:
    """The step (0-based) the player left the tutorial at, 0 if none."""
    if folder is None:
        return 0
    try:
        data = json.loads((folder / PROGRESS_FILE).read_text(encoding="utf-8"))
        return max(0, int(data.get("step", 0)))
    except (OSError, ValueError, TypeError, AttributeError):
        return 0


def save_progress(folder: Path | None, index: int) -> None:
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / PROGRESS_FILE).write_text(json.dumps({"step": index}), encoding="utf-8")
    except OSError:
        pass
