"""The contract between the computer player and a rule set or mission pack beyond the
Fireteam rules: what each system's folder under :mod:`game.ai.rulesets` declares and
registers here, and what the search, the heuristics, the greedy level and the puzzles ask
(through the lookups of :mod:`game.ai.rulesets`) instead of testing which system is in play.

- :class:`RuleSetJudgement`: a rule set whose scores and static value replace the Fireteam
  ones, looked up by the config's ``rules`` id;
- :class:`PackJudgement`: a mission pack's additions to them (its decisions, the value of its
  standing, how long its missions can last), looked up by the mission's ``pack``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from game.engine import Action, Config, Game, OperativeState, opponent

# what a won game is worth (a lost one: minus it), before its margin, in every static value
WIN = 1000.0

# (objective pull, expected damage dealt) of an operative standing on a hex
StandTerms = Callable[[Game, OperativeState, str], tuple[float, float]]


@dataclass(frozen=True)
class RuleSetJudgement:
    """A rule set's own evaluation, used in place of the Fireteam heuristics."""

    rules: str  # the rule set's id (game.engine.rulesets)
    score: Callable[[Game, Action, bool], float]  # an action's quick value (cheap: no trials)
    value: Callable[[Game, int], float]  # a position's static value for a player
    words: str  # the rules a puzzle is played under, as the puzzle list names them
    # whether its activations spend action points as the Fireteam rules' do (the heuristics'
    # reading of how many AP an enemy can still spend)
    spends_ap: bool = False
    themes: dict[str, str] = field(default_factory=dict)  # its puzzle themes' titles
    # the decisions that open an operative's activation beside Activate (the arena times a
    # player's turn from them)
    opens_activation: tuple[type[Action], ...] = ()


@dataclass(frozen=True)
class PackJudgement:
    """A mission pack's additions to the Fireteam evaluation."""

    pack: str  # the pack's id (a mission's ``pack``)
    # a quick value of one of the pack's decisions (None: not one of them)
    decision: Callable[[Game, Action, StandTerms], float | None]
    # the value of the pack's standing for a player, given each operative's worth
    value: Callable[[Game, int, dict[str, float]], float]
    last_turning_point: Callable[[Config], int]  # the most turning points a mission can last
    words: str  # the rules a puzzle is played under, as the puzzle list names them


RULE_SETS: dict[str, RuleSetJudgement] = {}
PACKS: dict[str, PackJudgement] = {}


def result_value(game: Game, player: int, per_vp: float) -> float:
    """The static value of a finished game for ``player``: WIN, -WIN or 0 for a draw, plus
    ``per_vp`` for each VP by which ``player`` leads."""
    state = game.state
    w = state.winner
    base = 0.0 if w == 0 else (WIN if w == player else -WIN)
    return base + per_vp * (state.vp[player] - state.vp[opponent(player)])


def register_rule_set(judgement: RuleSetJudgement) -> RuleSetJudgement:
    RULE_SETS[judgement.rules] = judgement
    return judgement


def register_pack(judgement: PackJudgement) -> PackJudgement:
    PACKS[judgement.pack] = judgement
    return judgement
