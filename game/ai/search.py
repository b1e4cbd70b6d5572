"""The levels ``easy``, ``normal`` and ``hard``: determinized playouts over cheap pruning.

Every action the player may take is scored by the cheap heuristics; the best few
(``candidates``) are each played out on ``samples`` games rebuilt from the view
(``Game.from_view``: the other hand, the deck order and the dice drawn with the player's own
generator; the same samples for every candidate, so they are compared on equal luck) to the
end of the player's activation and ``replies`` enemy activations after it, with the cheap
policy on both sides, and the static value averaged. Budgets are counted in candidates,
samples and playout steps, never in time, so a seed gives the same decision on any machine.

``think(view)`` is a generator that yields after each playout, for a client that runs the
search in slices between frames; ``choose(view)`` runs it to the end.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass

from game.ai import heuristics
from game.ai.common import decision_rng, evaluate, playable, rebuild
from game.engine.actions import Action
from game.engine.dice import SplitMix64
from game.engine.game import Game
from game.engine.state import Phase, Step
from game.engine.view import View

# decisions settled by the heuristics alone at every level
_NO_PLAYOUT = (Step.MULLIGAN, Step.DEPLOY, Step.REVEAL, Step.PLOY)
PLAYOUT_STEPS = 40  # at most this many actions per playout


@dataclass(frozen=True)
class Budget:
    candidates: int  # actions played out (1: the heuristic's choice)
    samples: int  # rebuilt games per candidate
    replies: int  # enemy activations played out after ours
    noise: float = 0.0  # added to the heuristic scores (easy)


LEVELS: dict[str, Budget] = {
    "easy": Budget(candidates=1, samples=0, replies=0, noise=0.75),
    "normal": Budget(candidates=4, samples=3, replies=1),
    "hard": Budget(candidates=7, samples=6, replies=1),
}


def policy(game: Game) -> Action:
    """The playouts' cheap policy: the best action by the cheap heuristics."""
    options = playable(game.legal_actions())
    if len(options) == 1:
        return options[0]
    return max(options, key=lambda a: heuristics.score(game, a, cheap=True))


def playout(game: Game, replies: int) -> None:
    """Play ``game`` on with the cheap policy to the end of the current activation and
    ``replies`` activations after it (or the end of the firefight phase)."""
    boundaries = 0
    for _ in range(PLAYOUT_STEPS):
        state = game.state
        if game.is_over or state.phase != Phase.FIREFIGHT:
            return
        if state.step == Step.ACTIVATE:
            boundaries += 1
            if boundaries > replies:
                return
        game.apply(policy(game))


class SearchPlayer:
    def __init__(self, seed: int = 0, level: str = "normal",
                 budget: Budget | None = None) -> None:
        self.seed = seed
        self.level = level
        self.budget = budget or LEVELS[level]

    def choose(self, view: View, rng: SplitMix64 | None = None) -> Action:
        thinking = self.think(view, rng)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                return done.value  # type: ignore[no-any-return]

    def think(self, view: View, rng: SplitMix64 | None = None
              ) -> Generator[None, None, Action]:
        """The decision in slices: yields after each playout, returns the action."""
        options = playable(view.legal_actions)
        if len(options) == 1:
            return options[0]
        rng = rng or decision_rng(self.seed, view)
        budget = self.budget
        base = rebuild(view, rng)
        scored = []
        for i, action in enumerate(options):
            value = heuristics.score(base, action, cheap=False)
            if budget.noise:
                value += budget.noise * (rng.below(1 << 20) / (1 << 20) - 0.5) * 2
            scored.append((value, -i, action))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        if budget.candidates <= 1 or budget.samples <= 0 or view.step in _NO_PLAYOUT:
            return scored[0][2]
        shortlist = [a for _, _, a in scored[:budget.candidates]]
        if len(shortlist) == 1:
            return shortlist[0]
        me = view.player
        assert me is not None
        worlds = [rebuild(view, SplitMix64(rng.below(1 << 62)))
                  for _ in range(budget.samples)]
        best, best_value = shortlist[0], float("-inf")
        for rank, action in enumerate(shortlist):
            total = 0.0
            for world in worlds:
                game = world.clone()
                game.apply(action)
                playout(game, budget.replies)
                total += evaluate(game, me)
                yield
            # a hair for the heuristic's order, so near-ties go to its choice
            value = total / len(worlds) - 0.01 * rank
            if value > best_value:
                best, best_value = action, value
        return best
