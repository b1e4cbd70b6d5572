"""``greedy``: the baseline the real levels are measured against, fixed as issue 11 wrote it.

At each decision it takes the legal action with the highest immediate expected value: the
expected damage dealt to enemies (from the engine's exact odds, a take-down counting the
target's remaining wounds), plus the VP it scores and the objectives whose control it gains
right away; ties go to the first action in ``legal_actions()`` order. Conceding, agreeing a
result and cancelling an activation are never considered (they would end or loop the game).
"""

from __future__ import annotations

from game.ai.common import attack_value, decision_rng, playable, rebuild
from game.ai.rulesets import rule_set_judgement
from game.engine import Action, Attack, Game, SplitMix64, View, opponent


def immediate_value(game: Game, action: Action) -> float:
    """The greedy value of ``action`` in ``game`` (which is left unchanged); under a rule set
    with a judgement of its own (:mod:`game.ai.rulesets`), its cheap score of the action."""
    judgement = rule_set_judgement(game)
    if judgement is not None:
        return judgement.score(game, action, True)
    if isinstance(action, Attack):
        return attack_value(game, action)
    player = action.player
    before_vp = game.state.vp[player] - game.state.vp[opponent(player)]
    before = sum(1 for c in game.state.control.values() if c == player)
    trial = game.clone()
    try:
        trial.apply(action)
    except Exception:  # an action rolling dice we must not guess at: no immediate value
        return 0.0
    vp = trial.state.vp[player] - trial.state.vp[opponent(player)]
    gained = sum(1 for c in trial.state.control.values() if c == player) - before
    return float(vp - before_vp) + max(0, gained)


class GreedyPlayer:
    level = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View, rng: SplitMix64 | None = None) -> Action:
        options = playable(view.legal_actions)
        if len(options) == 1:
            return options[0]
        game = rebuild(view, rng or decision_rng(self.seed, view))
        best, best_value = options[0], float("-inf")
        for action in options:
            value = immediate_value(game, action)
            if value > best_value:
                best, best_value = action, value
        return best
