"""The analysis of one seat's decisions in a recorded game.

A :class:`Record` is a game's start and the actions played from it (a save, an autosave with
its journal, a replay, or a scenario with its actions). :func:`analysing` walks it; at each
decision of the chosen seat with more than one choice (the firefight's activations and
actions, and every step of another rule set's rounds; the set-up decisions are left out) it
takes that seat's :class:`View` only, and:

- rebuilds ``Settings.samples`` games from the view (``Game.from_view`` with a generator that
  depends only on the seed and the view, as the computer player's does), so nothing hidden
  from the seat (the other hand, the deck order, the dice to come) is ever read;
- picks the candidates as the computer player's search does (the best few by the heuristics,
  the best attack and mission action left out, the safest and the deadliest move) and adds
  the choice made;
- plays every candidate on every rebuilt game (the same dice to come for all, so they are
  compared on equal luck) to the end of its activation and ``Settings.replies`` activations
  after it, the enemy's first reply from each of its ``Settings.rivals`` best picks (the
  candidate counts its worst), one activation deeper than the ``hard`` level looks;
- values each leaf as the search does and turns it into VP (the static value counts
  :data:`game.ai.common.VP` per VP): a choice's *worth* is the VP lead it leads to (material,
  objectives and position counted in VP), its uncertainty the standard error over the
  rebuilt games.

A decision's *cost* is the best candidate's worth less the worth of the choice made (paired
over the same games, so its uncertainty is that of the differences). The decisions that may be
the costliest (:func:`to_refine`) are then looked at again on ``Settings.deep`` games, and the
two costliest, when their order is uncertain (:func:`to_settle`), on ``Settings.settle``. The
choice made counts as *found* when no candidate beats it by more than ``Settings.margin`` VP.
The analysis keeps every decision; :attr:`Analysis.top` gives the costliest.
"""

from __future__ import annotations

import json
import math
import zlib
from collections.abc import Generator, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.ai import heuristics
from game.ai.common import VP, decision_rng, playable, rebuild
from game.ai.search import (
    Budget,
    leaf_value,
    playout,
    rival_lines,
    tactical_moves,
    to_turning_point_end,
)
from game.analysis.reasons import explain
from game.engine import (
    Action,
    Attack,
    Catalogue,
    Game,
    MissionAction,
    Phase,
    SplitMix64,
    Step,
    View,
    opponent,
)

ANALYSIS_FORMAT = 1  # the version of :meth:`Analysis.to_dict`'s layout
# decisions left out: the mulligan and the deployment (too many choices that only pay turning
# points later; the search settles them by its heuristics too)
LEFT_OUT = (Step.MULLIGAN, Step.DEPLOY)
# decisions played out to the end of the turning point, not of the activation: the strategic
# ploy and the target of opportunity revealed pay over the whole turning point
WHOLE_TURNING_POINT = (Step.PLOY, Step.REVEAL)


class AnalysisError(Exception):
    """A file that cannot be analysed: the message names the file and why."""


@dataclass(frozen=True)
class Settings:
    """How hard the analysis looks (counted in playouts, never in time: a seed gives the same
    analysis on any machine)."""

    candidates: int = 5  # the best this many by the heuristics, besides the choice made
    samples: int = 8  # rebuilt games per decision
    replies: int = 2  # activations played out after the decision's own (hard: 1)
    rivals: int = 3  # the enemy's first reply from each of its best this many picks
    margin: float = 0.05  # VP: a choice this close to the best counts as found
    # VP: what a won game (at a playout's end) counts beyond its VP lead, a lost one less: a
    # player plays for the result, and a certain win is better than a likely one by more
    win: float = 10.0
    # this share of the heuristic score is added to a choice's playout values: it keeps the
    # analysis from trusting a line that only pays because the playouts' cheap enemy
    # blunders (``hard`` adds 0.3; the analysis plays one activation deeper and leans on the
    # heuristics less: with 0.3 it found 30 of the 35 planted mistakes, with 0.1 32)
    prior: float = 0.1
    seed: int = 1
    # the decisions that may be the costliest (at most ``refine`` of them: those whose cost
    # could, within twice its uncertainty, reach the costliest's) are looked at again on
    # ``deep`` rebuilt games: eight games tell a clear mistake, but not which of two close
    # ones cost more, nor which of two good moves was the better
    deep: int = 64
    refine: int = 4
    # the two costliest decisions, when their costs are within twice their uncertainties of
    # each other, are played once more on this many games (the choice made and the best
    # other): which of two close mistakes cost more needs more games than either alone
    settle: int = 256
    finalists: int = 3  # on ``deep`` games: the choice made and this many best others

    def budget(self) -> Budget:
        """The search's leaf terms (as ``hard`` weighs its leaves)."""
        return Budget(candidates=self.candidates, samples=self.samples, replies=self.replies,
                      threat=0.4, shape=1.0, rivals=self.rivals, targets=True)


@dataclass
class Choice:
    """One candidate of a decision and what the playouts made of it."""

    action: str  # its notation, with the player ("1 move a C2")
    worth: float  # the VP lead it leads to, averaged over the rebuilt games
    spread: float  # the standard error of ``worth``
    # over the rebuilt games: how often each operative was taken down by the playout's end
    down: dict[str, float] = field(default_factory=dict)
    # how often each objective was the analysed seat's at the playout's end (and the enemy's)
    held: dict[str, float] = field(default_factory=dict)
    lost: dict[str, float] = field(default_factory=dict)
    values: list[float] = field(default_factory=list)  # per rebuilt game (not saved)

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "worth": round(self.worth, 3),
                "spread": round(self.spread, 3), "down": _rounded(self.down),
                "held": _rounded(self.held), "lost": _rounded(self.lost)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Choice:
        return cls(str(data["action"]), float(data["worth"]), float(data["spread"]),
                   {str(k): float(v) for k, v in data.get("down", {}).items()},
                   {str(k): float(v) for k, v in data.get("held", {}).items()},
                   {str(k): float(v) for k, v in data.get("lost", {}).items()})


@dataclass
class Decision:
    """One decision of the analysed seat: the choice made, the best candidate, the others."""

    index: int  # actions of the record applied before it
    turning_point: int
    made: Choice
    best: Choice
    others: list[Choice]
    cost: float  # VP: best.worth - made.worth (0 when the choice made was the best)
    spread: float  # the standard error of ``cost`` (paired over the same games)
    found: bool
    reason: str = ""
    samples: int = 0  # the rebuilt games it was valued on

    def to_dict(self) -> dict[str, Any]:
        return {"index": self.index, "turning_point": self.turning_point,
                "made": self.made.to_dict(), "best": self.best.to_dict(),
                "others": [c.to_dict() for c in self.others], "cost": round(self.cost, 3),
                "spread": round(self.spread, 3), "found": self.found, "reason": self.reason,
                "samples": self.samples}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Decision:
        return cls(int(data["index"]), int(data["turning_point"]),
                   Choice.from_dict(data["made"]), Choice.from_dict(data["best"]),
                   [Choice.from_dict(c) for c in data.get("others", [])],
                   float(data["cost"]), float(data["spread"]), bool(data["found"]),
                   str(data.get("reason", "")), int(data.get("samples", 0)))


@dataclass
class Analysis:
    """Every analysed decision of one seat, in the order played."""

    seat: int
    decisions: list[Decision]
    top_count: int = 3
    settings: Settings = field(default_factory=Settings)

    @property
    def top(self) -> list[Decision]:
        """The costliest decisions (at most ``top_count``), costliest first; a decision where
        the best move was found costs nothing and is never among them."""
        costly = [d for d in self.decisions if not d.found]
        return sorted(costly, key=lambda d: (-d.cost, d.index))[:self.top_count]

    @property
    def found(self) -> list[Decision]:
        return [d for d in self.decisions if d.found]

    def to_dict(self) -> dict[str, Any]:
        s = self.settings
        return {"format": ANALYSIS_FORMAT, "seat": self.seat, "top": self.top_count,
                "settings": {"candidates": s.candidates, "samples": s.samples,
                             "replies": s.replies, "rivals": s.rivals, "margin": s.margin,
                             "win": s.win, "prior": s.prior, "seed": s.seed, "deep": s.deep,
                             "refine": s.refine, "finalists": s.finalists,
                             "settle": s.settle},
                "decisions": [d.to_dict() for d in self.decisions]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Analysis:
        if data.get("format") != ANALYSIS_FORMAT:
            raise ValueError(f"analysis format {data.get('format')!r} is not "
                             f"{ANALYSIS_FORMAT}")
        return cls(int(data["seat"]), [Decision.from_dict(d) for d in data["decisions"]],
                   int(data.get("top", 3)), Settings(**data.get("settings", {})))


@dataclass
class Record:
    """A game's start and the actions played from it. ``start`` is never changed: each walk
    plays on a clone (whose dice are the start's: the recorded ones, for a replay)."""

    start: Game
    actions: list[Action]
    names: dict[int, str] = field(default_factory=dict)  # the seats' names, when known

    def game_at(self, n: int) -> Game:
        """A copy of the game after the first ``n`` actions."""
        game = self.start.clone()
        for action in self.actions[:n]:
            game.apply(action)
        return game


def analysable(view: View) -> bool:
    """Whether the analysis looks at this decision of the view's player: its turn, more than
    one choice, and not a mulligan or a deployment (:data:`LEFT_OUT`)."""
    if view.player is None or view.to_act != view.player or view.is_over:
        return False
    return len(playable(view.legal_actions)) > 1 and view.step not in LEFT_OUT


def analyse(record: Record, seat: int, top: int = 3,
            settings: Settings | None = None) -> Analysis:
    """The whole analysis at once (see :func:`analysing`)."""
    work = analysing(record, seat, top, settings)
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value  # type: ignore[no-any-return]


def analysing(record: Record, seat: int, top: int = 3, settings: Settings | None = None
              ) -> Generator[float, None, Analysis]:
    """The analysis in slices for a screen that runs it between frames: yields the share
    of the record done (0..1) after every playout and every action, returns the
    :class:`Analysis`. Every decision is looked at on ``Settings.samples`` rebuilt games,
    then those that may be the costliest (:func:`to_refine`) again on ``Settings.deep``."""
    settings = settings or Settings()
    if seat not in (1, 2):
        raise ValueError(f"seat {seat} is not 1 or 2")
    total = max(1, len(record.actions))
    first = FIRST_PASS if settings.refine > 0 and settings.deep > settings.samples else 1.0
    game = record.start.clone()
    decisions: list[Decision] = []
    for i, action in enumerate(record.actions):
        view = game.view(seat) if action.player == seat else None
        if view is not None and analysable(view):
            decision = yield from _scaled(decide(view, action, settings, record.names),
                                          first * i / total, first / total)
            decision.index = i
            decisions.append(decision)
        game.apply(action)
        yield first * (i + 1) / total
    again = to_refine(decisions, settings) if first < 1.0 else []
    second = SECOND_PASS if settings.settle > settings.deep else 1.0
    for n, place in enumerate(again):
        share = (second - first) / len(again)
        decisions[place] = yield from _again(record, seat, decisions[place], settings,
                                             settings.deep, first + n * share, share)
    # the two costliest, when more games could still swap them, on ``Settings.settle`` games
    # (the choice made and the best other only)
    close = to_settle(decisions) if first < 1.0 and second < 1.0 else []
    narrow = replace(settings, finalists=1)
    for n, place in enumerate(close):
        share = (1.0 - second) / len(close)
        decisions[place] = yield from _again(record, seat, decisions[place], narrow,
                                             settings.settle, second + n * share, share)
    return Analysis(seat, decisions, top, settings)


def _again(record: Record, seat: int, old: Decision, settings: Settings, samples: int,
           start: float, share: float) -> Generator[float, None, Decision]:
    """``old`` looked at again on ``samples`` rebuilt games (its first games the same)."""
    view = record.game_at(old.index).view(seat)
    decision = yield from _scaled(
        decide(view, record.actions[old.index], settings, record.names, samples), start, share)
    decision.index = old.index
    return decision


FIRST_PASS = 0.75  # the share of the progress bar for the first look at every decision
SECOND_PASS = 0.95  # ... and up to where the second look goes (the third has the rest)


def _scaled(work: Generator[float, None, Decision], start: float, share: float
            ) -> Generator[float, None, Decision]:
    """``work``'s progress (0..1) as a part of the whole: ``start`` + ``share`` times it."""
    while True:
        try:
            part = next(work)
        except StopIteration as finished:
            return finished.value  # type: ignore[no-any-return]
        yield start + share * part


def to_refine(decisions: list[Decision], settings: Settings) -> list[int]:
    """The places in ``decisions`` of those to look at again on ``Settings.deep`` games:
    each whose gap (the best candidate's worth less the choice's, even when within the
    margin) could, with twice its uncertainty, reach the cost of the costliest less twice
    that one's uncertainty; at most ``Settings.refine``, the likeliest first, and none whose
    candidates all came out the same."""
    def gap(d: Decision) -> float:
        return max(0.0, d.best.worth - d.made.worth)

    costly = [d for d in decisions if not d.found]
    top = max(costly, key=lambda d: d.cost, default=None)
    floor = top.cost - 2 * top.spread if top is not None else 0.0
    open_ = [n for n, d in enumerate(decisions)
             if _uncertain(d) and gap(d) + 2 * d.spread >= floor]
    open_.sort(key=lambda n: (-(gap(decisions[n]) + 2 * decisions[n].spread), n))
    return sorted(open_[:settings.refine])


def to_settle(decisions: list[Decision]) -> list[int]:
    """The places in ``decisions`` of the two costliest when their order is uncertain: the
    costliest's cost less twice its uncertainty is below the next one's plus twice its own
    (none when fewer than two decisions cost anything)."""
    costly = sorted((n for n, d in enumerate(decisions) if not d.found),
                    key=lambda n: (-decisions[n].cost, n))
    if len(costly) < 2:
        return []
    one, two = decisions[costly[0]], decisions[costly[1]]
    if one.cost - 2 * one.spread >= two.cost + 2 * two.spread:
        return []
    return sorted(costly[:2])


def _uncertain(decision: Decision) -> bool:
    """Whether more games could change the decision's verdict: its candidates did not all
    come out the same in every game."""
    choices = [decision.made, decision.best, *decision.others]
    first = choices[0].values
    return any(ch.values != first for ch in choices[1:])


def decide(view: View, made: Action, settings: Settings, names: dict[int, str] | None = None,
           samples: int = 0) -> Generator[float, None, Decision]:
    """The analysis of one decision from ``view`` (its player's) where ``made`` was chosen:
    every candidate played on ``Settings.samples`` rebuilt games and, when ``samples`` is
    more, the choice made and the ``Settings.finalists`` best others on the rest of
    ``samples`` games too (the first games are the same whatever the count; the best is
    named among those played on them all). Yields the share of its playouts done, returns
    the :class:`Decision` (``index`` 0: the caller sets it). Reads nothing but the view."""
    me = view.player
    assert me is not None
    rng = decision_rng(settings.seed, view, salt=43)
    base = rebuild(view, rng)
    shortlist = candidates(base, made, settings.candidates)
    prior = {i: settings.prior * _heuristic(base, a) for i, a in enumerate(shortlist)}
    worlds = [rebuild(view, SplitMix64(rng.below(1 << 62)))
              for _ in range(max(samples, settings.samples))]
    first, rest = worlds[:settings.samples], worlds[settings.samples:]
    final = min(len(shortlist), settings.finalists + 1) if rest else 0
    budget = settings.budget()
    count = len(shortlist) * len(first) + final * len(rest)
    played: list[tuple[list[list[float]], list[Game]]] = []
    done = 0
    for action in shortlist:
        played.append(([[] for _ in range(max(1, budget.rivals))], []))
        for world in first:
            _play_on(world, action, budget, me, settings.win, *played[-1])
            done += 1
            yield done / count
    choices = [_valued(base, shortlist[c], per_pick, leaves, prior[c], me)
               for c, (per_pick, leaves) in enumerate(played)]
    finalists = [0] + sorted(range(1, len(shortlist)),
                             key=lambda c: (-choices[c].worth, c))[:final - 1] if rest else []
    queue, shown = list(finalists), done / count
    while queue:
        for c in queue:
            for world in rest:
                _play_on(world, shortlist[c], budget, me, settings.win, *played[c])
                done += 1
                shown = max(shown, done / count)  # never backwards when ``count`` grows
                yield shown
            choices[c] = _valued(base, shortlist[c], *played[c], prior[c], me)
        # a candidate left out on the first games' worth that beats the best of those played
        # on them all is played on the rest too (the finalists' worth may fall on more games)
        top = max(choices[c].worth for c in finalists)
        queue = [c for c in range(len(shortlist))
                 if c not in finalists and choices[c].worth > top]
        finalists += queue
        count += len(queue) * len(rest)
    made_choice = choices[0]
    best = max((choices[c] for c in finalists or range(len(choices))),
               key=lambda ch: (ch.worth, ch is made_choice))
    diffs = [b - m for b, m in zip(best.values, made_choice.values, strict=True)]
    cost = max(0.0, best.worth - made_choice.worth)
    spread = standard_error(diffs)
    found = best is made_choice or cost <= settings.margin
    decision = Decision(0, view.turning_point, made_choice, best,
                        [ch for ch in choices if ch is not made_choice and ch is not best],
                        0.0 if found else cost, spread, found, samples=len(worlds))
    decision.reason = explain(base, me, decision, names or {})
    return decision


def _play_on(world: Game, action: Action, budget: Budget, me: int, win: float,
             per_pick: list[list[float]], leaves: list[Game]) -> None:
    """``action`` played out on ``world``: its value after each of the enemy's picks added to
    ``per_pick``, and its worst leaf to ``leaves``."""
    lines = _lines(world, action, budget, me, win)
    for k, pick in enumerate(per_pick):
        pick.append(lines[min(k, len(lines) - 1)][0])
    leaves.append(min(lines, key=lambda line: line[0])[1])


def _valued(base: Game, action: Action, per_pick: list[list[float]], leaves: list[Game],
            prior: float, me: int) -> Choice:
    """The :class:`Choice` of ``action`` from its playouts so far: its worst pick's values
    with the heuristic's share, in VP."""
    worst = min(per_pick, key=sum)
    return _choice(base, action, [(v + prior) / VP for v in worst], leaves, me)


def candidates(game: Game, made: Action, count: int) -> list[Action]:
    """The choice made first, then the best ``count`` choices by the heuristics (with the
    ``hard`` level's urge to close on the enemy), the best attack and mission action left
    out, and the safest and the deadliest move."""
    options = playable(game.legal_actions())
    scored = sorted(range(len(options)), key=lambda i: (-_heuristic(game, options[i]), i))
    ranked = [options[i] for i in scored]
    out = [made]
    for action in ranked[:count]:
        if action not in out:
            out.append(action)
    for kind in (Attack, MissionAction):
        extra = next((a for a in ranked if isinstance(a, kind)), None)
        if extra is not None and extra not in out:
            out.append(extra)
    for extra in tactical_moves(game, ranked):
        if extra not in out:
            out.append(extra)
    return out


def _heuristic(game: Game, action: Action) -> float:
    """The heuristic score the search prunes by, with ``hard``'s urge to close on the enemy."""
    return heuristics.score(game, action) + 1.2 * heuristics.closing(game, action)


def _lines(world: Game, action: Action, budget: Budget, me: int,
           win: float) -> list[tuple[float, Game]]:
    """``action`` played out on a copy of ``world``: (leaf value, leaf game) per enemy pick
    of its first reply (one pair when the enemy does not reply next)."""
    game = world.clone()
    step = game.state.step
    game.apply(action)
    if step in WHOLE_TURNING_POINT:
        to_turning_point_end(game, True, budget.targets)
        return [(_worth(game, budget, me, win, anywhere=True), game)]
    playout(game, 0, True, budget.targets)  # to the end of the activation
    state = game.state
    if game.is_over or state.phase != Phase.FIREFIGHT or state.step != Step.ACTIVATE \
            or game.to_act == me or budget.rivals <= 1:
        playout(game, budget.replies, True, budget.targets)
        return [(_worth(game, budget, me, win), game)]
    return [(_worth(line, budget, me, win), line) for line in rival_lines(game, budget, True)]


def _worth(game: Game, budget: Budget, me: int, win: float, anywhere: bool = False) -> float:
    """A leaf's value: the search's (:func:`game.ai.search.leaf_value`), but a finished game is
    worth its VP lead and ``win`` VP more for a win (less for a loss), not the search's
    thousand points for a win, so that the worths read as VP."""
    if game.is_over:
        winner = game.state.winner
        bonus = 0.0 if winner in (0, None) else (win if winner == me else -win)
        lead = game.state.vp[me] - game.state.vp[opponent(me)]
        return VP * (lead + bonus)
    return leaf_value(game, budget, me, anywhere)


def _choice(base: Game, action: Action, values: list[float], leaves: list[Game],
            me: int) -> Choice:
    n = len(leaves)
    down: dict[str, float] = {}
    for op in base.state.operatives.values():
        if op.hex is None:
            continue
        gone = sum(1 for leaf in leaves if leaf.state.operatives[op.id].hex is None)
        if gone:
            down[op.id] = gone / n
    held: dict[str, float] = {}
    lost: dict[str, float] = {}
    for obj in base.config.objectives:
        mine = sum(1 for leaf in leaves if leaf.state.control.get(obj, 0) == me)
        theirs = sum(1 for leaf in leaves if leaf.state.control.get(obj, 0) == opponent(me))
        held[obj], lost[obj] = mine / n, theirs / n
    mean = sum(values) / len(values)
    return Choice(str(action), mean, standard_error(values), down, held, lost, values)


def standard_error(values: Sequence[float]) -> float:
    """The standard error of the mean of ``values``."""
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)


def _rounded(d: dict[str, float]) -> dict[str, float]:
    return {k: round(v, 3) for k, v in d.items() if v}


# --- records from files -------------------------------------------------------------------

def record_from_game(game: Game, names: dict[int, str] | None = None) -> Record:
    """The record of ``game`` (begun with ``Game.new``) from its start: a replay of it."""
    from game.services.replay import Replay, ReplayError

    try:
        replay = Replay.from_game(game)
        start = replay.game_at(0)
    except ReplayError as error:
        raise AnalysisError(str(error)) from None
    return Record(start, list(replay.actions), dict(names or {}))


def record_from_file(path: str | Path, catalogue: Catalogue) -> Record:
    """The record of a save (``.json``, game/saves.py), of an autosave's journal
    (``.jsonl``: the autosave beside it with the journal's actions applied), or of a
    scenario file with its ``actions`` (``.yaml``). Raises AnalysisError naming the file."""
    path = Path(path)
    if not path.is_file():
        raise AnalysisError(f"{path}: no such file")
    if path.suffix in (".yaml", ".yml"):
        return _record_from_scenario(path, catalogue)
    from game.services import journal
    from game.services.game_setup import GameSetup, SetupError
    from game.services.saves import SaveError, load_game, read_setup

    try:
        if path.suffix == ".jsonl":
            game = load_game(_autosave_beside(path), catalogue)
            journal.catch_up(path, game)
        else:
            game = load_game(path, catalogue)
    except SaveError as error:
        raise AnalysisError(str(error)) from None
    setup: GameSetup | None
    try:  # the names the game was played under, when its record says
        setup = journal.read_setup(path) if path.suffix == ".jsonl" else read_setup(path)
    except SetupError:
        setup = None
    names = dict(setup.names) if setup is not None else {}
    return record_from_game(game, names)


def _autosave_beside(journal_path: Path) -> Path:
    """The full autosave a journal's actions follow: ``latest.json`` in its folder
    (game/userdata.py)."""
    from game.services.userdata import AUTOSAVE

    autosave = journal_path.parent / AUTOSAVE
    if not autosave.is_file():
        raise AnalysisError(f"{journal_path}: a journal holds only the actions since the last "
                            f"autosave, and there is no autosave ({AUTOSAVE}) beside it")
    return autosave


def _record_from_scenario(path: Path, catalogue: Catalogue) -> Record:
    from game.scenario.loader import load_scenario_or

    scenario = load_scenario_or(AnalysisError, path, catalogue)
    start = scenario.game.clone()
    actions = []
    for line, action in scenario.actions:
        try:
            scenario.game.apply(action)
        except Exception as error:
            raise AnalysisError(f"{path}:{line}: '{action}' was refused: {error}") from None
        actions.append(action)
    return Record(start, actions)


def fingerprint(record: Record) -> str:
    """What identifies a record's game: its actions' count and a checksum of them (an
    autosave is overwritten by the next game: its kept analysis must not be shown for it)."""
    text = "\n".join(str(a) for a in record.actions)
    return f"{len(record.actions)}:{zlib.crc32(text.encode()):08x}"


def save_beside(analysis: Analysis, save_path: str | Path, record: Record) -> Path:
    """Keep ``analysis`` of ``record`` with its save: ``<save>.seat<N>.analysis`` beside it
    (JSON, written atomically; not ``.json``, which the load screen lists as a save)."""
    from game.services.saves import write_json_atomic

    target = analysis_path(save_path, analysis.seat)
    write_json_atomic({**analysis.to_dict(), "game": fingerprint(record)}, target)
    return target


def analysis_path(save_path: str | Path, seat: int) -> Path:
    save_path = Path(save_path)
    return save_path.with_name(f"{save_path.stem}.seat{seat}.analysis")


def load_beside(save_path: str | Path, seat: int, record: Record) -> Analysis | None:
    """The analysis kept with a save for ``seat`` of the game of ``record``, if any (None
    when absent, unreadable or made for another game)."""
    path = analysis_path(save_path, seat)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("game") != fingerprint(record):
            return None
        return Analysis.from_dict(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def seat_to_analyse(setup: object | None) -> int:
    """The seat to analyse by default: the first seat a person played (game/game_setup.py),
    else seat 1."""
    seats = getattr(setup, "seats", None) or {}
    from game.services.game_setup import HUMAN

    return next((seat for seat in (1, 2) if seats.get(seat) == HUMAN), 1)
