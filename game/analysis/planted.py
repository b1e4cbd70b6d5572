"""The proof of the analysis: a deliberate mistake planted in each tactical position.

For each tactical position (``missions/puzzles/``, game/ai/puzzles.py) the record starts
at the position's decision; in place of the known answer the seat plays a worse choice (drawn
with the seed among the playable choices that do not solve the position), then both sides
play on as the ``hard`` computer player would, to the end of the turning point or
:data:`FOLLOW_UP` actions. The analysis of the seat's decisions must rank the planted one
the costliest and name the answer, or a choice the analysis values the same, as the better
one. ``python -m game.analysis --planted [--seed S]`` prints a line per position and last
``analysis: found N/M planted mistakes``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from game.ai.common import playable
from game.ai.players import player_for
from game.ai.puzzles import Puzzle, load_puzzles, same
from game.analysis.core import Analysis, Record, Settings, analyse, decide, standard_error
from game.engine import Action, Catalogue, RandomDice, SplitMix64, parse_action

FOLLOW_UP = 10  # at most this many actions after the planted one
FOLLOW_LEVEL = "hard"  # the computer level that plays on after it
EQUAL = 0.1  # VP: a better choice named this close to the answer's worth is of equal worth


@dataclass
class Planted:
    name: str
    record: Record
    seat: int
    index: int  # the planted action's index in the record
    mistake: Action
    answers: list[Action]


def mistake(puzzle: Puzzle, seed: int) -> Action:
    """A choice that does not solve ``puzzle``, drawn with ``seed``."""
    wrong = [a for a in playable(puzzle.game.legal_actions())
             if not any(same(a, b) for b in puzzle.best)]
    if not wrong:
        raise ValueError(f"{puzzle.path}: every choice solves it; nothing to plant")
    return wrong[SplitMix64(seed).below(len(wrong))]


def plant(puzzle: Puzzle, seed: int) -> Planted:
    """The record of ``puzzle`` with a mistake planted at its decision (module docstring)."""
    start = puzzle.game.clone(dice=RandomDice(seed))
    game = start.clone()
    wrong = mistake(puzzle, seed)
    actions = [wrong]
    game.apply(wrong)
    turning_point = game.state.turning_point
    players = {seat: player_for(FOLLOW_LEVEL, seed + seat) for seat in (1, 2)}
    while len(actions) <= FOLLOW_UP and not game.is_over \
            and game.state.turning_point == turning_point:
        action = players[game.to_act].choose(game.view(game.to_act))
        game.apply(action)
        actions.append(action)
    return Planted(Path(puzzle.path).stem, Record(start, actions), puzzle.seat, 0, wrong,
                   list(puzzle.best))


def judge(case: Planted, analysis: Analysis, settings: Settings) -> tuple[bool, str]:
    """Whether the analysis found the planted mistake, and a line saying what it named."""
    top = analysis.top
    if not top or top[0].index != case.index:
        named = f"ranked first: {top[0].made.action}" if top else "no costly decision"
        return False, f"missed ({named})"
    decision = top[0]
    better = parse_action(decision.best.action)
    if any(same(better, a) for a in case.answers):
        return True, f"found (better: {decision.best.action}, {decision.cost:.2f} VP)"
    # a choice of equal worth: the answers valued on the same rebuilt games as the decision
    # (the best of them), equal within ``EQUAL`` VP or within twice the standard error of the
    # difference over those games (the analysis cannot tell which of the two is better)
    game = case.record.game_at(case.index)
    view = game.view(case.seat)
    answers = [a for a in game.legal_actions() if any(same(a, b) for b in case.answers)]
    valued = [_run(decide(view, a, settings, samples=decision.samples)
                   ).made for a in answers]  # type: ignore[attr-defined]
    answer = max(valued, key=lambda ch: ch.worth)
    gap = decision.best.worth - answer.worth
    noise = standard_error([b - a for b, a in zip(decision.best.values, answer.values,
                                                  strict=True)])
    if abs(gap) <= max(EQUAL, 2 * noise):
        return True, (f"found (better: {decision.best.action} {decision.best.worth:.2f} VP, "
                      f"the answer {answer.worth:.2f} VP, ± {noise:.2f})")
    return False, (f"missed (better named: {decision.best.action} {decision.best.worth:.2f} "
                   f"VP, the answer {answer.worth:.2f} VP, ± {noise:.2f})")


def _run(work: Iterator[float]) -> object:
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def run(paths: list[Path], catalogue: Catalogue, seed: int, settings: Settings,
        out: list[str] | None = None) -> tuple[int, int]:
    """Plant, analyse and judge every position; prints a line each. Returns (found, all)."""
    puzzles = load_puzzles(paths, catalogue)
    found = 0
    for n, puzzle in enumerate(puzzles):
        case = plant(puzzle, seed * 1000 + n)
        analysis = analyse(case.record, case.seat, 3, settings)
        ok, line = judge(case, analysis, settings)
        found += ok
        text = f"{case.name}: planted {case.mistake}: {line}"
        print(text, flush=True)
        if out is not None:
            out.append(text)
    return found, len(puzzles)

