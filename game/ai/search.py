"""The levels ``easy``, ``normal`` and ``hard``: determinized playouts over cheap pruning.

Every action the player may take is scored by the cheap heuristics; the best few
(``candidates``) are each played out on ``samples`` games rebuilt from the view
(``Game.from_view``: the other hand, the deck order and the dice drawn with the player's own
generator; the same samples for every candidate, so they are compared on equal luck) to the
end of the player's activation and ``replies`` enemy activations after it, with the cheap
policy on both sides, and the static value averaged (hard plays the first enemy activation
from each of the enemy's best few picks and counts a candidate by its worst pick's mean,
``Budget.rivals``). Budgets are counted in candidates,
samples and playout steps, never in time, so a seed gives the same decision on any machine.

``think(view)`` is a generator that yields after each playout, for a client that runs the
search in slices between frames; ``choose(view)`` runs it to the end.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, replace

from game.ai import heuristics
from game.ai import targets as tops
from game.ai.common import (
    VP,
    damage_worth,
    decision_rng,
    distribution,
    evaluate,
    op_worth,
    playable,
    rebuild,
)
from game.engine import (
    MARKERLIGHT,
    SPOTTED,
    Action,
    Activate,
    Attack,
    Game,
    MissionAction,
    Move,
    OperativeState,
    Phase,
    PlayPloy,
    Reveal,
    SplitMix64,
    Step,
    Use,
    View,
    opponent,
)

# decisions settled by the heuristics alone at every level
_NO_PLAYOUT = (Step.MULLIGAN, Step.DEPLOY, Step.REVEAL, Step.PLOY)
PLAYOUT_STEPS = 40  # at most this many actions per playout


@dataclass(frozen=True)
class Budget:
    candidates: int  # actions played out (1: the heuristic's choice)
    samples: int  # rebuilt games per candidate
    replies: int  # enemy activations played out after ours
    noise: float = 0.0  # added to the heuristic scores (easy)
    prescreen: int = 0  # >0: cheap scores for all, full scores for this many best (easy)
    diverse: bool = False  # also play out the best attack and mission action left out
    finalists: int = 0  # the best this many after the first round ...
    extra: int = 0  # ... are played out on this many more rebuilt games each
    prior: float = 0.0  # this share of the heuristic score is added to the playout mean
    threat: float = 0.0  # >0: the leaves also weigh what each side's guns threaten (hard)
    aggression: float = 0.0  # >0: each hex a move closes on the enemy is worth this (easy)
    shape: float = 0.0  # >0: the leaves also weigh where each side stands (:func:`standing`)
    # a beginner's habits (easy), mistakes a player who knows the game can exploit and a
    # random player cannot: the strategic ploy picked at random, ...
    ploy_at_random: bool = False
    # ... a once-a-mission card never played during an activation, ...
    keeps_cards: bool = False
    # ... and its operatives activated in no particular order (not the one that can shoot
    # first, nor the one in danger)
    order_at_random: bool = False
    # >1 (hard): the enemy's first activation after ours is played out from each of its
    # ``rivals`` best picks by the cheap scores, and a candidate is worth its worst pick's
    # mean: the enemy chooses without seeing the dice, but not as the cheap policy would
    rivals: int = 0
    # >0 (hard): the strategic ploy is chosen by playing each ploy (with its best target by
    # the cheap scores) to the end of the turning point on this many rebuilt games, instead
    # of by the heuristics alone (which count every operative's weapons against every enemy,
    # in reach or not, and so nearly always pick the melee ploy)
    ploy_samples: int = 0
    # (hard) targets of opportunity: the leaves count the completed ones' VP (which the VP
    # totals hold only at the end), and the pruning and playouts value a move that would
    # complete a revealed end-of-turn target
    targets: bool = False
    # (normal, hard) a decision whose candidates include a set-up (:func:`sets_up`: a spot,
    # a ploy, a mark, paid for by a friend still to act) is played out one activation further
    # for every candidate: to the end of the player's next activation, where the friend
    # cashes it
    horizon: bool = False


LEVELS: dict[str, Budget] = {
    "easy": Budget(candidates=1, samples=0, replies=0, noise=0.75, prescreen=4,
                   aggression=1.2, ploy_at_random=True, keeps_cards=True, order_at_random=True),
    "normal": Budget(candidates=6, samples=4, replies=1, prior=0.3, aggression=1.2, shape=1.0,
                     horizon=True),
    "hard": Budget(candidates=9, samples=6, replies=1, diverse=True, finalists=4, extra=12,
                   threat=0.4, prior=0.3, aggression=1.2, shape=1.0, rivals=3, ploy_samples=12,
                   targets=True, horizon=True),
}


PLOY_KINDS = 4  # at most this many strategic ploys a side chooses from (the ploy search's)


def slices(budget: Budget) -> int:
    """The most playouts (``think``'s yields) one decision of ``budget`` makes."""
    if budget.candidates <= 1 or budget.samples <= 0:
        return 0
    # diverse: the best attack and mission action left out, the safest and deadliest moves
    wide = budget.candidates + (4 if budget.diverse else 0)
    return max(wide * budget.samples + min(budget.finalists, wide) * budget.extra,
               PLOY_KINDS * budget.ploy_samples)


def policy(game: Game, sharp: bool = False, targets: bool = False) -> Action:
    """The playouts' cheap policy: the best action by the cheap heuristics. ``sharp`` (the
    hard level's playouts): a move is also worth what the attack it opens is worth as the
    static value counts it, so a take-down weighs a whole operative, not its last wounds,
    and the side replying punishes an operative left where it can be finished."""
    options = playable(game.legal_actions())
    if len(options) == 1:
        return options[0]
    state = game.state
    open_targets = tops.pending(game, game.to_act) if targets and state.active else []

    def cheap(action: Action) -> float:
        if isinstance(action, Use) and state.step == Step.ACT:
            # a once-a-mission card only where it changes the result (``use_score``)
            return heuristics.use_score(game, action, least=heuristics.USE_WORTH)
        return heuristics.score(game, action, cheap=True)

    if not sharp and not open_targets:
        return max(options, key=cheap)

    def value(action: Action) -> float:
        score = cheap(action)
        if open_targets:
            score += tops.move_bonus(game, action, open_targets)
        if sharp and isinstance(action, Move) and state.ap_left >= 2:
            op = state.operatives[action.operative]
            score += 0.5 * _attack_worth_from(game, op, action.destination)
        return score

    return max(options, key=value)


def playout(game: Game, replies: int, sharp: bool = False, targets: bool = False) -> None:
    """Play ``game`` on with the cheap policy (``sharp``: see :func:`policy`) to the end of
    the current activation and ``replies`` activations after it (or the end of the
    firefight phase)."""
    boundaries = 0
    for _ in range(PLAYOUT_STEPS):
        state = game.state
        if game.is_over or state.phase != Phase.FIREFIGHT:
            return
        if state.step == Step.ACTIVATE:
            boundaries += 1
            if boundaries > replies:
                return
        game.apply(policy(game, sharp, targets))


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
        if budget.keeps_cards and view.step == Step.ACT:
            options = [a for a in options if not isinstance(a, Use)] or options
        if _at_random(budget, view, options):
            return options[rng.below(len(options))]
        base = rebuild(view, rng)
        scored = _ranked(base, view, options, rng, budget)
        if budget.ploy_samples > 0 and (view.step == Step.PLOY or (
                budget.targets and view.step == Step.REVEAL)):
            return (yield from _ploy_search(view, rng, [a for _, _, a, _ in scored], budget))
        if budget.candidates <= 1 or budget.samples <= 0 or view.step in _NO_PLAYOUT:
            return scored[0][2]
        shortlist = _shortlist(base, scored, budget)
        if len(shortlist) == 1:
            return shortlist[0]
        me = view.player
        assert me is not None
        # a decision that can set something up (a spot, a ploy, a mark) is played out by
        # every candidate to the end of the player's next activation, where it pays
        if budget.horizon and any(sets_up(base, a) for a in shortlist):
            budget = replace(budget, replies=budget.replies + 1)
        prior = {id(a): v for v, _, a, _ in scored}
        return (yield from _played_out(view, rng, shortlist, prior, budget, me))


def _at_random(budget: Budget, view: View, options: list[Action]) -> bool:
    """Whether the budget makes this decision at random: a beginner's strategic ploy, or
    which operative it activates."""
    return (budget.ploy_at_random and view.step == Step.PLOY) or (
        budget.order_at_random and view.step == Step.ACTIVATE
        and all(isinstance(a, Activate) for a in options))


Scored = tuple[float, int, Action, float]  # (value, -its place in the list, action, noise)


def _ranked(base: Game, view: View, options: list[Action], rng: SplitMix64, budget: Budget
            ) -> list[Scored]:
    """``options`` by the heuristics, best first: their scores with the budget's urge to
    close on the enemy and its noise (the best few by the cheap scores scored again in full
    when the budget prescreens), and the revealed targets' VP a move would meet."""
    cheap_first = budget.prescreen > 0
    scored = []
    for i, action in enumerate(options):
        value = heuristics.score(base, action, cheap=cheap_first)
        if budget.aggression:
            value += budget.aggression * heuristics.closing(base, action)
        shake = 0.0
        if budget.noise:
            shake = budget.noise * (rng.below(1 << 20) / (1 << 20) - 0.5) * 2
        scored.append((value + shake, -i, action, shake))
    if cheap_first:
        # every action by the cheap scores, the best few again by the full scores
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        scored = [(heuristics.score(base, a, cheap=False) + shake
                   + budget.aggression * heuristics.closing(base, a), j, a, shake)
                  for _, j, a, shake in scored[:budget.prescreen]]
    if budget.targets and view.step == Step.ACT:
        open_targets = tops.pending(base, base.to_act)
        if open_targets:
            scored = [(v + tops.move_bonus(base, a, open_targets), j, a, shake)
                      for v, j, a, shake in scored]
    scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return scored


def _shortlist(base: Game, scored: list[Scored], budget: Budget) -> list[Action]:
    """The candidates played out: the budget's best by the heuristics and, when it is
    ``diverse``, what the pruning is blind to."""
    shortlist = [a for _, _, a, _ in scored[:budget.candidates]]
    if budget.diverse:
        # the pruning's blind spots: the best attack and mission action it left out
        for kind in (Attack, MissionAction):
            if not any(isinstance(a, kind) for a in shortlist):
                extra = next((a for _, _, a, _ in scored if isinstance(a, kind)), None)
                if extra is not None:
                    shortlist.append(extra)
        # and the two moves a tactician looks at first: the safest (least exposed to
        # the enemy's guns) and the one that opens the deadliest attack
        for extra in _tactical_moves(base, [a for _, _, a, _ in scored]):
            if extra not in shortlist:
                shortlist.append(extra)
    return shortlist


def _played_out(view: View, rng: SplitMix64, shortlist: list[Action],
                prior: dict[int, float], budget: Budget, me: int
                ) -> Generator[None, None, Action]:
    """The candidate whose playouts end best (yielding after each playout): each played on
    the budget's rebuilt games, the best ``finalists`` on its ``extra`` games too, each
    valued by its worst enemy pick's mean and a share of its heuristic score (``prior``)."""
    # common random numbers: every candidate is played on the same rebuilt games with
    # the same dice to come (each clone copies its world's dice), so they are compared
    # on equal luck
    worlds = _worlds(view, rng, budget.samples + budget.extra)
    first, more = worlds[:budget.samples], worlds[budget.samples:]
    totals: list[list[float]] = []
    for action in shortlist:
        total = [0.0] * max(1, budget.rivals)
        for world in first:
            _add(total, _play(world, action, budget, me))
            yield
        totals.append(total)
    # the prior keeps the search from trusting a line that only pays because the cheap
    # enemy policy blunders (hiding behind a dying operative instead of taking it down)
    bias = [budget.prior * prior[id(a)] - 0.01 * rank for rank, a in enumerate(shortlist)]
    means = [min(total) / len(first) + bias[rank] for rank, total in enumerate(totals)]
    if budget.finalists > 1 and more:
        order = sorted(range(len(shortlist)), key=lambda r: (-means[r], r))
        for r in order[:budget.finalists]:
            total = totals[r]
            for world in more:
                _add(total, _play(world, shortlist[r], budget, me))
                yield
            means[r] = min(total) / len(worlds) + bias[r]
        for r in order[budget.finalists:]:
            means[r] = float("-inf")
    # a hair for the heuristic's order (above), so near-ties go to its choice
    best = max(range(len(shortlist)), key=lambda r: (means[r], -r))
    return shortlist[best]


def sets_up(game: Game, action: Action) -> bool:
    """Whether ``action`` sets up something a friend still to act cashes later, so that
    playouts ending one enemy activation after it would stop before it pays: activating an
    operative whose markerlight a friend still to activate would gain by
    (``heuristics.spotting_wait``), a markerlight attack on an enemy not yet spotted with
    such a friend left, or a card played (a tactical ploy, wargear) during the firefight
    phase with a friend left to act after this activation."""
    state = game.state
    if state.phase != Phase.FIREFIGHT:
        return False
    player = action.player
    later = [f for f in game.on_killzone(player) if not f.activated and f.id != state.active]
    if isinstance(action, Activate):
        op = state.operatives[action.operative]
        later = [f for f in later if f.id != op.id]
        return bool(later) and any(MARKERLIGHT in w.rules for w in game.datacard(op).weapons) \
            and any(heuristics.spotting_wait(game, f, op) > 0 for f in later)
    if not later:
        return False
    if isinstance(action, Attack):
        op = state.operatives[action.operative]
        weapon = game.datacard(op).weapon(action.weapon)
        target = state.operatives[action.target]
        return weapon is not None and MARKERLIGHT in weapon.rules \
            and SPOTTED not in target.flags
    return isinstance(action, (Use, PlayPloy))


def _worlds(view: View, rng: SplitMix64, count: int) -> list[Game]:
    """``count`` games rebuilt from ``view``, each with its own generator drawn from ``rng``
    (its hidden cards and its dice to come): the rebuilt games every candidate of a decision
    is played on."""
    return [rebuild(view, SplitMix64(rng.below(1 << 62))) for _ in range(count)]


def _ploy_search(view: View, rng: SplitMix64, ranked: list[Action], budget: Budget
                 ) -> Generator[None, None, Action]:
    """The strategic ploy whose turning point plays out best: each ploy of ``ranked`` (best
    first by the heuristics; for a ploy that names an operative, only its best-scored target)
    is played on the same ``budget.ploy_samples`` rebuilt games, with the same dice to come,
    to the end of the turning point with the cheap policy on both sides (the enemy picks its
    own ploy as the heuristics do), and valued there as a playout's leaf."""
    shortlist: list[Action] = []
    seen: set[str] = set()
    for action in ranked:
        kind = (action.ploy if isinstance(action, PlayPloy) else
                f"reveal {action.card}" if isinstance(action, Reveal) else type(action).__name__)
        if kind not in seen:
            seen.add(kind)
            shortlist.append(action)
    if len(shortlist) == 1:
        return shortlist[0]
    me = view.player
    assert me is not None
    worlds = _worlds(view, rng, budget.ploy_samples)
    sharp = budget.threat > 0
    means = []
    for action in shortlist:
        total = 0.0
        for world in worlds:
            game = world.clone()
            game.apply(action)
            _to_turning_point_end(game, sharp, budget.targets)
            total += _leaf(game, budget, me, anywhere=True)
            yield
        means.append(total / len(worlds))
    # a hair for the heuristics' order, so a tie goes to their choice
    best = max(range(len(shortlist)), key=lambda r: (means[r] - 0.01 * r, -r))
    return shortlist[best]


def _to_turning_point_end(game: Game, sharp: bool, targets: bool = False) -> None:
    """Play ``game`` on with the cheap policy until its turning point's firefight phase is
    over (or the game is)."""
    fought = False
    for _ in range(PLAYOUT_STEPS * 4):
        if game.is_over:
            return
        phase = game.state.phase
        if phase == Phase.FIREFIGHT:
            fought = True
        elif fought:
            return
        game.apply(policy(game, sharp, targets))


def _tactical_moves(game: Game, ranked: list[Action]) -> list[Action]:
    """Among the moves of ``ranked`` (best first): the one ending on the hex the enemy
    threatens least, and, when an AP is left after it, the one from which the operative's
    best attack is worth most (a take-down counting double)."""
    moves = [a for a in ranked if isinstance(a, Move)]
    if not moves:
        return []
    state = game.state
    op = state.operatives[moves[0].operative]
    posts = _posts(game, op)
    danger = {m.destination: (_exposure(game, op, m.destination, posts),
                              heuristics.danger(game, op, m.destination, peek=True))
              for m in moves}
    out = [min(moves, key=lambda m: danger[m.destination])]
    if state.ap_left >= 2:
        offence = {m.destination: _attack_worth_from(game, op, m.destination) for m in moves}
        out.append(max(moves, key=lambda m: offence[m.destination]))
    return out


# an enemy as the safest-move candidate sees it: the hexes it could attack from, the AP it
# would have left there, and whether it acts in this turning point (else only in the next)
Post = tuple[OperativeState, tuple[str, ...], int, bool]


def _posts(game: Game, op: OperativeState) -> list[Post]:
    """Where each enemy of ``op`` could attack from, by the AP it has left in this turning
    point as the state tells (``heuristics.enemy_ap``: who has activated, the turns left):
    with a whole activation, from any hex of its reach after the Move actions its AP allow
    while keeping one for the attack; with one action left, only from where it stands; one
    that acts no more before the mission ends is left out, and one that acts only in the
    next turning point counts after those that act in this one."""
    final = heuristics.last_turning_point(game)
    posts: list[Post] = []
    for enemy in game.on_killzone(opponent(op.player)):
        if enemy.hex is None:
            continue
        ap = heuristics.enemy_ap(game, enemy)
        if ap == 0 and final:
            continue
        now = ap != 0
        if ap == 1:
            posts.append((enemy, (enemy.hex,), 1, now))
            continue
        moves = 1 if ap is None or ap == 0 else max(1, ap - 1)
        posts.append((enemy, (enemy.hex, *game.reach(enemy.id, moves=moves)), 1, now))
    return posts


def _exposure(game: Game, op: OperativeState, at: str,
              posts: list[Post]) -> tuple[int, int]:
    """How many enemies could attack ``op`` on ``at`` in this turning point, then how many
    only in the next (:func:`_posts`): from a hex of their posts that sees ``at`` within the
    range of a weapon whose AP they have (or next to it, for a melee weapon)."""
    grid = game.grid
    occupied = (game.occupied() - {op.hex}) | {at}
    now = later = 0
    for enemy, hexes, ap, this_turning_point in posts:
        weapons = [w for w in game.datacard(enemy).weapons if w.ap <= max(ap, 1)]
        longest = max((w.range for w in weapons), default=0)
        for h in hexes:
            d = grid.distance(h, at)
            if d <= longest and (d <= 1 or grid.visible(h, at, occupied - {enemy.hex})):
                if this_turning_point:
                    now += 1
                else:
                    later += 1
                break
    return now, later


def _attack_worth_from(game: Game, op: OperativeState, at: str) -> float:
    """The most an attack of ``op`` from ``at`` is worth as the static value counts it (a
    take-down the whole operative, not just its last wounds)."""
    best = 0.0
    for _, enemy, profile in game.attacks_from(op.id, at):
        damage = distribution(profile)
        value = damage_worth(game, enemy, damage)
        prize = heuristics.bounty(game, enemy)
        if prize:
            left = game.datacard(enemy).wounds - enemy.damage
            value += VP * prize * sum(p for d, p in damage if d >= left)
        best = max(best, value)
    return best


def _add(total: list[float], values: list[float]) -> None:
    """Add one rebuilt game's values (one per enemy pick) to the running totals."""
    for i in range(len(total)):
        total[i] += values[min(i, len(values) - 1)]


def _play(world: Game, action: Action, budget: Budget, me: int) -> list[float]:
    """``action`` played out on a copy of ``world``: its leaf's value, or with
    ``budget.rivals`` one value per enemy pick (best first by the cheap scores)."""
    game = world.clone()
    game.apply(action)
    sharp = budget.threat > 0
    if budget.rivals <= 1:
        playout(game, budget.replies, sharp, budget.targets)
        return [_leaf(game, budget, me)]
    playout(game, 0, sharp, budget.targets)  # to the end of our activation
    state = game.state
    if game.is_over or state.phase != Phase.FIREFIGHT or state.step != Step.ACTIVATE \
            or game.to_act == me:
        playout(game, budget.replies, sharp, budget.targets)
        return [_leaf(game, budget, me)]
    return [_leaf(line, budget, me) for line in rival_lines(game, budget, sharp)]


def rival_lines(game: Game, budget: Budget, sharp: bool) -> list[Game]:
    """The enemy's ``budget.rivals`` best replies in ``game`` by the cheap scores (ties in
    listed order), each applied to a copy and played out for the rest of
    ``budget.replies``: the lines a candidate is judged on (the search's and the post-game
    analysis's)."""
    options = playable(game.legal_actions())
    ranked = sorted(range(len(options)), key=lambda i: (
        -heuristics.score(game, options[i], cheap=True), i))[:budget.rivals]
    lines = []
    for i in ranked:
        line = game.clone()
        line.apply(options[i])
        playout(line, budget.replies - 1, sharp, budget.targets)
        lines.append(line)
    return lines


def _leaf(game: Game, budget: Budget, me: int, anywhere: bool = False) -> float:
    """The static value at a playout's end, with the level's extra terms (``anywhere``:
    in any phase, not only in the firefight phase)."""
    value = evaluate(game, me)
    if budget.targets:
        value += VP * tops.completed_lead(game, me)
    terms = not game.is_over and (anywhere or game.state.phase == Phase.FIREFIGHT)
    if budget.threat and terms:
        value += budget.threat * threat_balance(game, me)
    if budget.shape and terms:
        value += budget.shape * standing(game, me)
    return value


def standing(game: Game, player: int) -> float:
    """Where each side's operatives stand at the end of a playout, for ``player``: the sum of
    :func:`heuristics.objective_pull` over its operatives (on or near objectives and the
    ground the mission scores, closing on the objectives nobody of theirs holds, walking an
    errand such as a relic to extract) less the enemy's. The static value sees only the
    nearest operative to each objective, so a second operative's walk up to one counted for
    nothing, and a playout that ends before anything is shot or scored left every candidate
    level."""
    total = 0.0
    for side, sign in ((player, 1.0), (opponent(player), -1.0)):
        for op in game.on_killzone(side):
            if op.hex is not None:
                total += sign * heuristics.objective_pull(game, op, op.hex)
    return total


def threat_balance(game: Game, player: int) -> float:
    """What the guns of each side threaten at the end of a playout, for ``player``: for every
    operative the damage the enemies could deal it where it stands (``heuristics.danger``,
    at most its remaining wounds) as a share of its wounds, times what losing it is worth.
    The enemy's threats count against ``player``, its own for it: a leaf that leaves an
    operative in the open before guns still to act is worse than the bare count shows."""
    total = 0.0
    for side, sign in ((player, -1.0), (opponent(player), 1.0)):
        for op in game.on_killzone(side):
            if op.hex is None:
                continue
            card = game.datacard(op)
            left = card.wounds - op.damage
            risk = min(heuristics.danger(game, op, op.hex, peek=True), float(left))
            # the take-down's own worth, and the VP the mission gives the enemy for it
            prize = VP * heuristics.bounty(game, op) * 0.5 * risk / left if left else 0.0
            total += sign * (risk / card.wounds * (3.0 + op_worth(game, op)) + prize)
    return total


# --- what the post-game analysis (game/analysis/) plays and values its candidates with ----

def leaf_value(game: Game, budget: Budget, me: int, anywhere: bool = False) -> float:
    """The value of a playout's end for ``me`` with ``budget``'s terms, as the search counts
    it (``anywhere``: in any phase, not only in the firefight phase)."""
    return _leaf(game, budget, me, anywhere)


def tactical_moves(game: Game, ranked: list[Action]) -> list[Action]:
    """The safest move and the one that opens the deadliest attack among ``ranked``'s
    moves (best first), as the ``hard`` level adds them to its candidates."""
    return _tactical_moves(game, ranked)


def to_turning_point_end(game: Game, sharp: bool, targets: bool = False) -> None:
    """Play ``game`` on with the playouts' cheap policy to the end of its turning point's
    firefight phase (or of the game), as the strategic ploy search does."""
    _to_turning_point_end(game, sharp, targets)
