"""Tactical positions for the computer player, and a level's answer to one (``python -m
game.cli.puzzles`` puts every position to each level).

The positions are scenario files (docs/scenario-format.md) with a
``puzzle`` key, set up by their ``actions`` to one decision of the player to act, whose
``best`` lists the actions that solve it (a move is matched by its operative and the hex it
ends on, whatever its path; anything else exactly). Each level decides each position once
with its own seed; a line per position says what each level chose, and the last line reads
``puzzles: hard N/M, normal N/M, easy N/M``. The shipped positions are the game's puzzles
(``missions/puzzles/``, the default PATH): besides ``best`` and ``why`` (the solution's
reason), each gives the player a ``goal`` (one line), a ``hint`` and a ``difficulty``
(1 easy, 2 medium, 3 hard).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from pathlib import Path

from game.ai.players import player_for
from game.ai.rulesets import rules_words, theme_titles
from game.content.loader import content_root
from game.content.yamlio import load_yaml
from game.engine import Action, Catalogue, Game, Move, NotationError, parse_action
from game.scenario.loader import load_scenario_or, scenario_files

POSITIONS = content_root() / "missions" / "puzzles"
LEVELS = ("hard", "normal", "easy")
THEMES = ("take_down", "objective", "retreat", "ploy", "target", "marker", "setup")
# each theme as the puzzle list shows it, in the order above
# (a rule set's own themes are titled by its judgement, game.ai.rulesets)
THEME_TITLES = {"take_down": "Take-downs", "objective": "Objectives", "retreat": "Retreats",
                "ploy": "Strategic ploys", "target": "Targets of opportunity",
                **theme_titles(), "setup": "Set-ups", "own": "My puzzles"}
OWN = "own"  # the theme of a puzzle the player exported from a game of their own
DIFFICULTIES = {1: "easy", 2: "medium", 3: "hard"}


class PuzzleError(Exception):
    """A puzzle file that cannot be used: the message names the file (and line) and why."""


@dataclass
class Puzzle:
    path: str
    name: str
    theme: str
    game: Game  # at the decision (the file's actions applied)
    best: list[Action]
    goal: str = ""  # one line, in a player's words
    hint: str = ""
    why: str = ""  # the solution's reason
    difficulty: int = 2  # 1 easy, 2 medium, 3 hard (DIFFICULTIES)

    @property
    def key(self) -> str:
        """The puzzle's name in the player's progress (its file's name)."""
        return Path(self.path).stem

    @property
    def rules(self) -> str:
        """The rules it is played under, in words."""
        return rules_words(self.game.config)

    @property
    def seat(self) -> int:
        return self.game.to_act


def same(action: Action, wanted: Action) -> bool:
    """Whether ``action`` solves as ``wanted`` does: a move (any decision that is only an
    operative and the path it goes, whichever rule set's it is) by its kind, operative and end
    hex; any other decision as it is."""
    if isinstance(action, Move) and isinstance(wanted, Move):
        return (action.player, action.operative, action.destination) == \
            (wanted.player, wanted.operative, wanted.destination)
    if type(action) is type(wanted) and _a_move(action):
        return (action.player, action.operative, action.path[-1:]) == \
            (wanted.player, wanted.operative, wanted.path[-1:])
    return action == wanted


def _a_move(action: Action) -> bool:
    """Whether a decision is only an operative and the path it goes."""
    return {f.name for f in fields(action)} == {"player", "operative", "path"}


def load_puzzle(path: str | Path, catalogue: Catalogue) -> Puzzle:
    """Read a puzzle file and set it up at its decision. Raises PuzzleError when it is not a
    valid scenario, has no ``puzzle`` key, an action of its script is refused, or a ``best``
    action is not legal at the decision."""
    scenario = load_scenario_or(PuzzleError, path, catalogue)
    doc = load_yaml(path)
    spec = doc.data.get("puzzle")
    if not isinstance(spec, dict):
        raise PuzzleError(f"{path}:1: no 'puzzle' key: not a puzzle")
    theme = str(spec["theme"])
    if theme not in (*THEMES, OWN):
        raise PuzzleError(f"{path}:{doc.line('puzzle', 'theme')}: unknown theme {theme!r}; "
                          f"choose from {', '.join(THEMES)}")
    game = scenario.game
    for line, action in scenario.actions:
        try:
            game.apply(action)
        except Exception as error:
            raise PuzzleError(f"{path}:{line}: '{action}' was refused: {error}") from None
    if game.is_over:
        raise PuzzleError(f"{path}:1: the game is over after the actions: no decision")
    best = []
    for i, text in enumerate(spec["best"]):
        where = f"{path}:{doc.line('puzzle', 'best', i)}"
        try:
            action = parse_action(text)
        except NotationError as error:
            raise PuzzleError(f"{where}: {error}") from None
        if action.player != game.to_act or not any(
                same(a, action) for a in game.legal_actions()):
            raise PuzzleError(f"{where}: '{text}' is not a legal action of the player to act "
                              f"({game.to_act})")
        best.append(action)
    if not best:
        raise PuzzleError(f"{path}:{doc.line('puzzle')}: 'best' lists no action")
    difficulty = spec.get("difficulty", 2)
    if difficulty not in DIFFICULTIES:
        raise PuzzleError(f"{path}:{doc.line('puzzle', 'difficulty')}: difficulty "
                          f"{difficulty!r}: give 1 (easy), 2 (medium) or 3 (hard)")
    words = {}
    for key in ("goal", "hint", "why"):
        value = spec.get(key, "")
        if not isinstance(value, str):
            raise PuzzleError(f"{path}:{doc.line('puzzle', key)}: '{key}' must be text")
        words[key] = " ".join(value.split())
    return Puzzle(str(path), scenario.name, theme, game, best, words["goal"], words["hint"],
                  words["why"], int(difficulty))


def load_puzzles(paths: Iterable[str | Path], catalogue: Catalogue) -> list[Puzzle]:
    """Every puzzle of these files and folders (folders searched for .yaml), in name order."""
    return [load_puzzle(p, catalogue) for p in scenario_files(paths)]


def solve(puzzle: Puzzle, level: str, seed: int = 1) -> Action:
    """What ``level`` chooses at the puzzle's decision (its seat's view only)."""
    return player_for(level, seed).choose(puzzle.game.view(puzzle.seat))


def solved(puzzle: Puzzle, action: Action) -> bool:
    return any(same(action, b) for b in puzzle.best)
