"""The Puzzles menu's book: the game's puzzles (``missions/puzzles/``, see game/ai/puzzles.py)
grouped by theme and ordered by difficulty, the player's own puzzles (exported from a game
into the data folder's ``puzzles/``), and the player's progress (``puzzles/progress.json``,
written atomically): which puzzles are solved, how many wrong tries each had, and whether its
solution was shown.

A puzzle is judged as the computer player's tactical positions are (:func:`game.ai.puzzles.
solved`): the player's first decision must be one of the puzzle's answers (a move by the hex
it ends on). After :data:`TRIES_BEFORE_SOLUTION` wrong tries the solution is shown.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.ai.puzzles import (
    DIFFICULTIES,
    OWN,
    POSITIONS,
    THEME_TITLES,
    THEMES,
    Puzzle,
    PuzzleError,
    load_puzzle,
    solved,
)
from game.engine import Action, Catalogue, Game
from game.services.saves import write_atomic, write_json_atomic

TRIES_BEFORE_SOLUTION = 2
PROGRESS_FILE = "progress.json"
PROGRESS_VERSION = 1


def own_folder(home: Path | None = None) -> Path:
    """The data folder's ``puzzles/`` (created), holding the player's own puzzles and the
    progress file; ``home``: another data folder than the player's (tests)."""
    if home is None:
        from game.services.userdata import data_folder

        home = data_folder()
    folder = home / "puzzles"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@dataclass
class Record:
    """One puzzle's progress."""

    solved: bool = False
    tries: int = 0  # wrong answers given
    solution_shown: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"solved": self.solved, "tries": self.tries,
                "solution_shown": self.solution_shown}


@dataclass
class Progress:
    """The player's progress through the puzzles, by puzzle key; :meth:`save` writes it."""

    path: Path | None
    records: dict[str, Record] = field(default_factory=dict)
    notice: str = ""  # why a damaged progress file was set aside

    @classmethod
    def load(cls, folder: Path | None) -> Progress:
        """The progress kept in ``folder`` (none yet, or ``folder`` None: empty). A file
        that cannot be read is kept aside as ``progress.json.bad`` and the notice says so."""
        if folder is None:
            return cls(None)
        path = folder / PROGRESS_FILE
        if not path.is_file():
            return cls(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            records = {str(key): Record(bool(value.get("solved", False)),
                                        max(0, int(value.get("tries", 0))),
                                        bool(value.get("solution_shown", False)))
                       for key, value in data["puzzles"].items()}
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as error:
            aside = path.with_name(PROGRESS_FILE + ".bad")
            try:
                os.replace(path, aside)
            except OSError:
                aside = path
            return cls(path, notice=f"The puzzle progress in {path} could not be read "
                                    f"({error}); it was kept as {aside.name} and starts afresh.")
        return cls(path, records)

    def get(self, key: str) -> Record:
        return self.records.get(key, Record())

    def answer(self, key: str, right: bool) -> Record:
        """Count one answer to puzzle ``key`` (right: solved, unless its solution had been
        shown; wrong: one more try) and save; returns the record."""
        record = self.records.setdefault(key, Record())
        if right:
            record.solved = record.solved or not record.solution_shown
        else:
            record.tries += 1
            if record.tries >= TRIES_BEFORE_SOLUTION:
                record.solution_shown = True
        self.save()
        return record

    def show_solution(self, key: str) -> None:
        self.records.setdefault(key, Record()).solution_shown = True
        self.save()

    def save(self) -> None:
        """Write the progress atomically (nothing when it has no file; a folder that cannot
        be written is left as it is: the progress still holds for this session)."""
        if self.path is None:
            return
        data = {"version": PROGRESS_VERSION,
                "puzzles": {k: r.to_dict() for k, r in sorted(self.records.items())}}
        try:
            write_json_atomic(data, self.path)
        except OSError:
            pass


@dataclass
class PuzzleBook:
    """Every puzzle the menu lists, in its order (the game's by theme, then difficulty, then
    name; then the player's own), and the progress."""

    puzzles: list[Puzzle]
    progress: Progress
    problems: list[str] = field(default_factory=list)  # own files that could not be read

    @classmethod
    def load(cls, catalogue: Catalogue, home: Path | None = None,
             shipped: Path = POSITIONS) -> PuzzleBook:
        folder = own_folder(home)
        puzzles, problems = [], []
        for path in sorted(shipped.glob("*.yaml")):
            puzzles.append(load_puzzle(path, catalogue))  # the game's own: they must load
        order = {theme: i for i, theme in enumerate(THEMES)}
        puzzles.sort(key=lambda p: (order.get(p.theme, len(THEMES)), p.difficulty, p.key))
        for path in sorted(folder.glob("*.yaml")):
            try:
                puzzle = load_puzzle(path, catalogue)
            except PuzzleError as error:
                problems.append(str(error).splitlines()[0])
                continue
            puzzle.theme = OWN
            puzzles.append(puzzle)
        return cls(puzzles, Progress.load(folder), problems)

    def themes(self) -> list[str]:
        """The themes in the menu's order, "My puzzles" last (also when it has none)."""
        present = {p.theme for p in self.puzzles}
        return [t for t in THEMES if t in present] + [OWN]

    def of_theme(self, theme: str) -> list[Puzzle]:
        return [p for p in self.puzzles if p.theme == theme]

    def key(self, puzzle: Puzzle) -> str:
        """The puzzle's name in the progress: its file's name (``own/NAME`` for one of the
        player's own)."""
        return f"own/{puzzle.key}" if puzzle.theme == OWN else puzzle.key

    def record(self, puzzle: Puzzle) -> Record:
        return self.progress.get(self.key(puzzle))

    def solved_count(self, theme: str) -> int:
        return sum(self.record(p).solved for p in self.of_theme(theme))

    def after(self, puzzle: Puzzle) -> Puzzle | None:
        """The puzzle after ``puzzle`` in the book (None after the last)."""
        keys = [self.key(p) for p in self.puzzles]
        index = keys.index(self.key(puzzle)) if self.key(puzzle) in keys else -1
        return self.puzzles[index + 1] if 0 <= index < len(self.puzzles) - 1 else None


def judge(puzzle: Puzzle, action: Action) -> bool:
    """Whether ``action``, played at the puzzle's decision, solves it."""
    return solved(puzzle, action)


def difficulty_word(puzzle: Puzzle) -> str:
    return DIFFICULTIES.get(puzzle.difficulty, "medium")


def theme_title(theme: str) -> str:
    return THEME_TITLES.get(theme, theme.replace("_", " ").capitalize())


def export_puzzle(game: Game, goal: str, answer: Action, why: str, hint: str,
                  folder: Path, catalogue: Catalogue, name: str | None = None) -> Path:
    """Write the position of ``game`` (its decision now) as a puzzle of the player's own into
    ``folder``: the scenario export (game/scenario/export.py) with a ``puzzle`` key whose
    ``best`` is ``answer`` (the computer's choice, worked out by the caller from the view of
    the player to act). Written atomically, then loaded back as a puzzle; returns its path.
    Raises ValueError (an ExportError among them) when the position cannot be a puzzle."""
    from game.scenario.export import export_scenario
    from game.services.userdata import clean_name

    goal = " ".join(goal.split())
    if not goal:
        raise ValueError("type the puzzle's goal first (one line: what the player must do)")
    if game.is_over:
        raise ValueError("the mission is over: there is no decision left to make")
    # the export checks that the file written sets up the same position
    data = yaml.safe_load(export_scenario(game, catalogue=catalogue))
    data.pop("expect", None)  # a puzzle is judged by its answer, not by where it leads
    data["name"] = goal
    data["puzzle"] = {"theme": OWN, "difficulty": 2, "goal": goal, "hint": hint, "why": why,
                      "best": [str(answer)]}
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=96)
    folder.mkdir(parents=True, exist_ok=True)
    stem = clean_name(name or goal).replace(" ", "_").lower()[:40] or "puzzle"
    path = folder / f"{stem}.yaml"
    number = 2
    while path.exists():
        path = folder / f"{stem}_{number}.yaml"
        number += 1
    write_atomic(path, lambda handle: handle.write(text))
    try:
        load_puzzle(path, catalogue)
    except PuzzleError as error:
        path.unlink(missing_ok=True)
        raise ValueError(f"the position could not be read back as a puzzle: {error}") from None
    return path
