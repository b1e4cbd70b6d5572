"""Cheap scores for every kind of decision: the pruning of the search and the policy its
playouts follow. Pure: the game they are given is never changed (trials run on clones)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from game.ai import rulesets
from game.ai.common import (
    attack_score,
    capped_expectation,
    evaluate,
    op_worth,
    projected_vp,
    quick_attack,
    quick_attack_worth,
)
from game.engine import (
    MARKERLIGHT,
    SPOTTED,
    Action,
    Activate,
    Attack,
    AttackProfile,
    Deploy,
    Disengage,
    EffectKind,
    Game,
    Keep,
    MissionAction,
    Move,
    Mulligan,
    OperativeState,
    Phase,
    PlayPloy,
    Reveal,
    Step,
    Use,
    Wait,
    Weapon,
    condition_holds,
    opponent,
)

# how likely each kind of target of opportunity is to be completed in a turning point
_TARGET_CHANCE = {"take_down": 0.45, "attack": 0.2, "end_of_turn": 0.5}


def target_worth(game: Game, card: str) -> float:
    target = game.config.targets.get(card)
    if target is None:
        return 0.0
    chance = _TARGET_CHANCE.get(target.condition.kind, 0.3)
    return chance * target.vp / max(1, target.vp) ** 0.7


def _approx(attacker_card: object, weapon: object, defender: OperativeState, game: Game,
            cover: bool) -> float:
    card = game.datacard(defender)
    key = (weapon.attacks, weapon.hit, weapon.normal, weapon.crit,  # type: ignore[attr-defined]
           card.defence, card.save, cover, card.wounds - defender.damage)
    found = _APPROX.get(key)
    if found is None:
        profile = AttackProfile(attacks=key[0], hit=key[1], normal=key[2], crit=key[3],
                                defence=key[4], save=key[5], cover=cover)
        found = _APPROX[key] = capped_expectation(profile, key[7])[0]
    return found


# _approx's answers by the numbers that decide them (pure, so kept for the process)
_APPROX: dict[tuple[int, int, int, int, int, int, bool, int], float] = {}


def danger(game: Game, op: OperativeState, at: str, peek: bool = False) -> float:
    """Roughly the damage enemies could deal ``op`` standing on ``at``: those that can see
    it in range now, and those close enough to charge it (half as much once activated).
    ``peek`` (the hard level): an enemy in range that cannot see ``at`` now counts too when
    one of the hexes within its Move would see it (it steps round the corner and shoots)."""
    grid = game.grid
    occupied = game.occupied()
    if op.hex is not None and op.hex != at:
        occupied = (occupied - {op.hex}) | {at}
    total = 0.0
    for where, weight, move, reach, guns in _threats(game, op):
        dist = grid.distance(where, at)
        best = 0.0
        for range_, open_, covered in guns:
            if range_ == 1:
                if dist <= reach:
                    best = max(best, open_)
            elif dist <= range_ + move and (
                    dist <= range_ and grid.visible(where, at, occupied)
                    or dist > range_):
                factor = 1.0 if dist <= range_ else 0.5
                best = max(best, factor * (covered if game.covered(where, op, at) else open_))
            elif peek and dist <= range_ and _peeks(game, where, move, at, range_, occupied):
                # from a hex it steps to (not adjacent: it does not see ``at`` from here)
                best = max(best, 0.7 * (covered if game.covered(where, op, at) else open_))
        total += weight * best
    return total


T = TypeVar("T")

# an enemy as :func:`danger` sees it: its hex, its weight (half once activated), its Move,
# how far it reaches to charge, and per weapon (range, damage in the open, damage in cover)
Threat = tuple[str, float, int, int, tuple[tuple[int, float, float], ...]]


def _per_state(game: Game, key: tuple[object, ...], work: Callable[[], T]) -> T:
    """``work()``, worked out once per state: kept in :attr:`Game.memo` under ``key``."""
    found = game.memo.get(key)
    if found is None:
        found = game.memo[key] = work()
    return found  # type: ignore[return-value]


def _threats(game: Game, op: OperativeState) -> list[Threat]:
    """The enemies of ``op`` on the killzone as :func:`danger` weighs them, once per state."""

    def work() -> list[Threat]:
        found = []
        final = last_turning_point(game)
        enemies = game.on_killzone(opponent(op.player))
        fresh = any(not e.activated and e.id != game.state.active for e in enemies)
        for enemy in enemies:
            assert enemy.hex is not None
            card = game.datacard(enemy)
            ap = enemy_ap(game, enemy)
            if ap == 0 and final:
                continue  # it acts no more before the mission ends
            guns = tuple((w.range, _approx(card, w, op, game, False),
                          _approx(card, w, op, game, True)) for w in card.weapons)
            if ap == 1 and (enemy.id == game.state.active or not (enemy.activated and fresh)):
                # one action (at APL 1, its side's turns shared among its operatives): it
                # shoots from where it stands, or fights a neighbour
                found.append((enemy.hex, 0.5, 0, 1, guns))
            elif ap == 0 or (enemy.activated and enemy.id != game.state.active):
                # a later activation (after its side's fresh operatives, or in the next
                # turning point): half the weight, a whole activation's reach
                found.append((enemy.hex, 0.5, card.move, card.move * 2 + 1, guns))
            else:
                found.append((enemy.hex, 1.0, card.move, card.move * 2 + 1, guns))
        return found

    return _per_state(game, ("threats", op.id), work)


# turns each player takes in a firefight phase (the rulebook's: docs/rules-decisions.md)
TURNS_A_PHASE = 8


def turns_left(game: Game, player: int) -> int:
    """How many more turns ``player`` takes in this firefight phase, read from the state
    (the turn, who holds the initiative, who is to act): a turn under way counts only when
    its activation has not begun."""
    state = game.state
    first = state.initiative or 1
    if player == first:
        ahead = TURNS_A_PHASE - state.turn + (1 if state.to_act == player else 0)
    else:
        ahead = TURNS_A_PHASE - state.turn + 1
    if state.to_act == player and state.active is not None:
        ahead -= 1
    return max(0, ahead)


def enemy_ap(game: Game, op: OperativeState) -> int | None:
    """The most AP ``op`` can still spend in this turning point, read from the state: its AP
    left if it is active; its APL if it has not been activated and its side has a turn
    left; 1 if it has been, but its side has more turns left than operatives still to
    activate (every operative may then be activated again, at APL 1); else 0. None outside
    the firefight phase (the next activation is a whole one)."""
    state = game.state
    if state.phase != Phase.FIREFIGHT:
        return None
    judgement = rulesets.rule_set_judgement(game)
    if judgement is not None and not judgement.spends_ap:
        return None
    if state.active == op.id:
        return state.ap_left
    turns = turns_left(game, op.player)
    if turns <= 0:
        return 0
    if not op.activated:
        return game.stat(op, "apl")
    fresh = sum(1 for o in game.on_killzone(op.player)
                if not o.activated and o.id != state.active)
    return 1 if turns > fresh else 0


def last_turning_point(game: Game) -> bool:
    """Whether the mission ends with this turning point, whatever a game length die says."""
    return game.state.turning_point >= rulesets.last_turning_point(game.config)


def _peeks(game: Game, start: str, move: int, at: str, reach: int,
           occupied: frozenset[str] | set[str]) -> bool:
    """Whether some free hex within ``move`` of ``start`` (paths not checked) sees ``at``
    within ``reach``."""
    grid = game.grid
    for h in grid.within(start, move):
        if h in grid.blocked or (h in occupied and h != start) or grid.distance(h, at) > reach:
            continue
        if grid.visible(h, at, occupied):
            return True
    return False


def bounty(game: Game, op: OperativeState) -> float:
    """The VP the enemy of ``op`` scores when it is taken down, by the mission's rules
    (``taken_down`` triggers that score for the enemy, whose conditions hold for ``op``:
    Headhunt's marked prize, a Kill Team leader, No Retreat's every operative)."""
    total = 0.0
    for effect in game.config.mission_rules:
        params = effect.params
        if effect.kind != EffectKind.TRIGGER or params.get("on") != "taken_down":
            continue
        gains = sum(float(o["score"]) for o in params.get("do", ())
                    if isinstance(o, dict) and "score" in o and o.get("for") == "enemy")
        if gains and all(condition_holds(game, c, op) for c in params.get("if") or ()):
            total += gains
    return total


Zones = tuple[tuple[tuple[str, ...], int], ...]


def scoring_zones(game: Game) -> Zones:
    """The places a mission's scoring rules reward standing near that are not objectives
    (``near_hex`` conditions of triggers that score): (hexes, distance) pairs, worked out
    once per set of mission rules."""
    rules = game.config.mission_rules
    # keyed by the rules' identity, which the entry keeps alive (so it cannot be reused): two
    # missions with one id (a scenario's, a player's own) never share an answer
    found = _ZONES.get(id(rules))
    if found is None:
        zones = []
        for effect in rules:
            params = effect.params
            if effect.kind != EffectKind.TRIGGER or \
                    not any("score" in o for o in params.get("do", ())):
                continue
            for cond in params.get("if") or ():
                spec = cond.get("near_hex") if isinstance(cond, dict) else None
                if spec:
                    zones.append((tuple(spec["hexes"]), int(spec.get("distance", 1))))
        found = _ZONES[id(rules)] = (rules, tuple(zones))
    return found[1]


_ZONES: dict[int, tuple[object, Zones]] = {}


# a mission action that scores and needs its operative in a territory: (whose territory,
# "own" or "enemy"; its other requirements; the VP it scores)
Errand = tuple[str, tuple[dict[str, object], ...], int]


def errands(game: Game) -> tuple[Errand, ...]:
    """The mission's actions that score only in a territory (an Extract in the enemy's),
    worked out once per set of mission actions."""
    actions = game.config.mission_actions
    found = _ERRANDS.get(id(actions))
    if found is None:
        out = []
        for action in actions:
            side = next((c["in_territory"] for c in action.requires
                         if isinstance(c, dict) and "in_territory" in c), None)
            vp = sum(int(e.get("score", 0)) for e in action.effects
                     if isinstance(e, dict) and e.get("for", "own") == "own")
            if side is not None and vp > 0:
                others = tuple(c for c in action.requires if "in_territory" not in c)
                out.append((str(side), others, vp))
        found = _ERRANDS[id(actions)] = (actions, tuple(out))
    return found[1]


_ERRANDS: dict[int, tuple[object, tuple[Errand, ...]]] = {}


def errand_pull(game: Game, op: OperativeState, at: str) -> float | None:
    """Going where a scoring mission action opens to ``op``: for each action of
    :func:`errands` whose other requirements it meets now (it carries a relic), standing in
    the territory is worth the action's VP and each hex short of it costs a third of them, so
    a carrier walks its relic to where it can be extracted. None: no such action is open to
    it."""
    total: float | None = None
    for hexes, vp in _open_errands(game, op):
        d = nearest(game, hexes, at)
        total = (total or 0.0) + (vp if d == 0 else -vp / 3 * min(d, 12))
    return total


def _open_errands(game: Game, op: OperativeState) -> list[tuple[tuple[str, ...], int]]:
    """The territories (hexes, VP) of the :func:`errands` open to ``op`` as the state
    stands, once per state."""

    def work() -> list[tuple[tuple[str, ...], int]]:
        found = []
        for side, others, vp in errands(game):
            try:
                if not all(condition_holds(game, c, op) for c in others):
                    continue
            except ValueError:
                continue
            owner = game.state.territory.get(op.player if side == "own"
                                             else opponent(op.player))
            hexes = game.config.territories.get(owner, ()) if owner is not None else ()
            if hexes:
                found.append((tuple(hexes), vp))
        return found

    return _per_state(game, ("errands", op.id), work)


def nearest(game: Game, hexes: tuple[str, ...], at: str) -> int:
    """The distance from ``at`` to the nearest hex of ``hexes`` (a zone, a territory), by a
    table worked out once per board and set of hexes."""
    grid = game.grid
    key = (id(grid), hexes)
    found = _NEAREST.get(key)
    if found is None:
        table = {h: min(grid.distance(h, x) for x in hexes) for h in grid.hexes}
        found = _NEAREST[key] = (grid, table)
    return found[1][at]


# nearest's tables (each entry keeps its board alive, so an id is never reused)
_NEAREST: dict[tuple[int, tuple[str, ...]], tuple[object, dict[str, int]]] = {}


def objective_pull(game: Game, op: OperativeState, at: str) -> float:
    """Standing on or near objectives (and the places the mission scores for standing near),
    closing on those nobody of ours holds, and walking to where a scoring mission action
    opens (:func:`errand_pull`): an operative on such an errand is drawn by the objectives
    half as much and closes on none."""
    grid = game.grid
    errand = errand_pull(game, op, at)
    score = errand or 0.0
    near = 2.5 if errand is None else 1.25
    closest = 99
    for hexes, reach in scoring_zones(game):
        d = nearest(game, hexes, at)
        if d <= reach:
            score += 1.5
        else:
            closest = min(closest, d - reach)
    for where, helpers in _objective_helpers(game, op):
        d = grid.distance(at, where)
        if d <= 1:
            score += near / (1 + helpers)
        elif helpers == 0 and errand is None:
            closest = min(closest, d)
    if closest < 99:
        score -= 0.25 * min(closest, 12)
    return score


def _objective_helpers(game: Game, op: OperativeState) -> list[tuple[str, int]]:
    """Each objective on the killzone with how many friends of ``op`` stand within 1 of it,
    once per state."""

    def work() -> list[tuple[str, int]]:
        grid = game.grid
        friends = [o.hex for o in game.on_killzone(op.player) if o.id != op.id and o.hex]
        found = []
        for obj in game.config.objectives:
            where = game.objective_hex(obj)
            if where is not None:
                found.append((where, sum(1 for f in friends if grid.distance(f, where) <= 1)))
        return found

    return _per_state(game, ("helpers", op.id), work)


def offence(game: Game, op: OperativeState, at: str) -> float:
    """The best expected damage ``op`` could deal from ``at`` (the engine's profiles)."""
    best = 0.0
    for weapon, enemy, profile in game.attacks_from(op.id, at):
        dealt, down = capped_expectation(profile, game.datacard(enemy).wounds - enemy.damage)
        # what spotting it would give the others (worth, about a third of a damage)
        best = max(best, dealt + down * 2.0 + 3.0 * spot_value(game, op, weapon.id, enemy, 1))
    return best


def stand_terms(game: Game, op: OperativeState, at: str) -> tuple[float, float]:
    """What standing on ``at`` is worth to ``op``: its :func:`objective_pull` and its
    :func:`offence` from there."""
    return objective_pull(game, op, at), offence(game, op, at)


def spot_value(game: Game, attacker: OperativeState, weapon_id: str,
               target: OperativeState, ap_after: int) -> float:
    """What spotting ``target`` with a ``markerlight`` weapon is worth: the chance of a hit
    times what the friendly operatives that can still shoot it this turning point (the
    attacker too, with AP left) gain from its being spotted, by the cards in force (Target
    Uploaded and the like), half of it since not all of them will. Worked out once per state
    (it reads where everybody stands now, not where :func:`offence` imagines the attacker)."""
    weapon = game.datacard(attacker).weapon(weapon_id)
    if weapon is None or MARKERLIGHT not in weapon.rules or SPOTTED in target.flags \
            or target.hex is None:
        return 0.0
    return _per_state(game, ("spot_value", attacker.id, weapon_id, target.id, ap_after),
                      lambda: _spot_value(game, attacker, weapon, target, ap_after))


def _spot_value(game: Game, attacker: OperativeState, weapon: Weapon,
                target: OperativeState, ap_after: int) -> float:
    assert target.hex is not None
    shooters = [f for f in game.on_killzone(attacker.player)
                if (f.id != attacker.id and not f.activated)
                or (f.id == attacker.id and ap_after >= 1)]
    occupied = game.occupied()
    before = []
    for friend in shooters:
        assert friend.hex is not None
        dist = game.grid.distance(friend.hex, target.hex)
        guns = [w for w in game.datacard(friend).weapons if not w.is_melee
                and dist <= w.range + (0 if friend.id == attacker.id else game.datacard(
                    friend).move)]
        if guns and (dist > 1 or friend.id != attacker.id) and (
                friend.id != attacker.id or game.grid.visible(friend.hex, target.hex,
                                                                occupied)):
            before.append((friend, guns))
    if not before:
        return 0.0
    plain = [max(quick_attack_worth(game, f, w.id, target) for w in guns)
             for f, guns in before]
    spotted = as_spotted(game, target.id)
    ops = spotted.state.operatives
    marked = [max(quick_attack_worth(spotted, ops[f.id], w.id, ops[target.id]) for w in guns)
              for f, guns in before]
    gain = sum(max(0.0, b - a) for a, b in zip(plain, marked, strict=True))
    p_hit = 1.0 - ((weapon.hit - 1) / 6) ** weapon.attacks
    return 0.5 * p_hit * gain


def as_spotted(game: Game, target_id: str) -> Game:
    """A clone of ``game`` in which ``target_id`` is spotted (``game`` itself is left as it
    is): what the cards in force would give attacks on it once a markerlight has hit it."""
    trial = game.clone()
    op = trial.state.operatives[target_id]
    if SPOTTED not in op.flags:
        op.flags = (*op.flags, SPOTTED)
        trial.invalidate()
    return trial


def escort_pull(game: Game, op: OperativeState, at: str) -> float:
    """Drones (any operative whose card protects friends within N hexes of it, the
    ``near_bearer`` condition) keep close to the friends their rule protects: a bonus for
    standing within reach of one, a pull towards the nearest otherwise."""
    score = 0.0
    grid = game.grid
    for ability in game.datacard(op).abilities:
        for effect in ability.effects:
            conds = effect.get("if") or ()
            reach = next((int(c["near_bearer"]) for c in conds if "near_bearer" in c), None)
            if reach is None:
                continue
            others = [c for c in conds if "near_bearer" not in c and "keyword" in c]
            wards = [f for f in game.on_killzone(op.player) if f.id != op.id and f.hex
                     and all(condition_holds(game, c, f) for c in others)]
            if not wards:
                continue
            nearest = min(grid.distance(at, f.hex) for f in wards if f.hex)
            score += 1.5 if nearest <= reach else -0.3 * min(nearest - reach, 6)
    return score


def closing(game: Game, action: Action) -> float:
    """How many hexes a move (or a disengagement) closes on the nearest enemy operative until
    it is within the mover's longest gun's range (0 for any other action, or an operative
    with no gun): the easy level's urge to get into a firefight rather than hide. Melee-only
    operatives are left to the other heuristics (a knife does not charge a cannon), and so are
    those holding an objective."""
    if isinstance(action, Move):
        to = action.destination
    elif isinstance(action, Disengage):
        to = action.hex
    else:
        return 0.0
    op = game.state.operatives[action.operative]
    enemies = [e.hex for e in game.on_killzone(opponent(op.player)) if e.hex]
    reach = max((w.range for w in game.datacard(op).weapons if not w.is_melee), default=0)
    if op.hex is None or not enemies or reach == 0:
        return 0.0
    grid = game.grid
    holding = [game.objective_hex(o) for o in game.config.objectives]
    if any(h is not None and grid.distance(op.hex, h) <= 1 for h in holding):
        return 0.0  # it holds an objective: the other heuristics decide whether to leave
    before = min(grid.distance(op.hex, e) for e in enemies)
    after = min(grid.distance(to, e) for e in enemies)
    return float(max(0, before - reach) - max(0, after - reach))


def position(game: Game, op: OperativeState, at: str, ap_after: int) -> float:
    worth = op_worth(game, op)
    score = objective_pull(game, op, at) + escort_pull(game, op, at)
    if at in game.grid.cover:
        score += 0.8
    score += offence(game, op, at) * (0.9 if ap_after >= 1 else 0.25)
    # the damage it risks, weighed by what the operative is worth, but never by more than the
    # share of the operative that damage is: a point of damage costs a tough operative less
    # of itself than a frail one, so tough operatives are not the shyest
    share = 2.0 * worth / game.datacard(op).wounds
    score -= danger(game, op, at) * min(0.5 + 0.1 * worth, share)
    return score


def _projected_gain(game: Game, action: Action) -> float:
    """What ``action`` changes in the VP lead if the firefight phase ended right after it
    (VP weighted as in the static value, discounted: the enemy still acts)."""
    player = action.player
    before = _per_state(game, ("projected", player), lambda: projected_vp(game, player))
    trial = game.clone()
    try:
        trial.apply(action)
    except Exception:
        return 0.0
    return 6.0 * (projected_vp(trial, player) - before)


def _trial(game: Game, action: Action) -> float:
    """The change of the static value when ``action`` is applied on a clone."""
    player = action.player
    before = evaluate(game, player)
    trial = game.clone()
    try:
        trial.apply(action)
    except Exception:
        return -5.0
    return evaluate(trial, player) - before


def combat_balance(game: Game, player: int) -> float:
    """What each side's operatives could deal the other's, as the board stands."""
    total = 0.0
    for side, sign in ((player, 1.0), (opponent(player), -1.0)):
        for op in game.on_killzone(side):
            card = game.datacard(op)
            for enemy in game.on_killzone(opponent(side)):
                total += sign * max((quick_attack(game, op, w.id, enemy)[0]
                                     for w in card.weapons), default=0.0)
    return total


def _attack_score(game: Game, action: Attack, cheap: bool) -> float:
    state = game.state
    op = state.operatives[action.operative]
    ap_after = state.ap_left - game.datacard(op).weapon(action.weapon).ap  # type: ignore[union-attr]
    target = state.operatives[action.target]
    if cheap:
        gain = quick_attack_worth(game, op, action.weapon, target, action.overcharge)
    else:
        gain = attack_score(game, action)
    gain += spot_value(game, op, action.weapon, target, ap_after)
    return 1.6 * gain + (0.0 if cheap else 0.3 * max(0, ap_after))


def _move_score(game: Game, action: Move, cheap: bool) -> float:
    state = game.state
    op = state.operatives[action.operative]
    return (position(game, op, action.destination, state.ap_left - 1)
            + (0.0 if cheap else _projected_gain(game, action)))


def _disengage_score(game: Game, action: Disengage, cheap: bool) -> float:
    state = game.state
    op = state.operatives[action.operative]
    return (position(game, op, action.hex, state.ap_left - 1) - 0.5
            + (0.0 if cheap else _projected_gain(game, action)))


def _wait_score(game: Game, action: Wait, cheap: bool) -> float:
    state = game.state
    op = state.operatives[state.active] if state.active else None
    return position(game, op, op.hex, 0) if op and op.hex else 0.0


def _mission_action_score(game: Game, action: MissionAction, cheap: bool) -> float:
    state = game.state
    op = state.operatives[action.operative]
    here = position(game, op, op.hex, state.ap_left - 1) if op.hex else 0.0
    return 2.0 + here + _trial(game, action)


def _activate_score(game: Game, action: Activate, cheap: bool) -> float:
    return activation_score(game, game.state.operatives[action.operative], cheap)


def _deploy_score(game: Game, action: Deploy, cheap: bool) -> float:
    op = game.state.operatives[action.operative]
    friends = sum(1 for f in game.on_killzone(op.player)
                  if f.hex and game.grid.distance(f.hex, action.hex) <= 1)
    return (objective_pull(game, op, action.hex) * 0.5
            + escort_pull(game, op, action.hex) * 0.5
            + (1.2 if action.hex in game.grid.cover else 0.0)
            - danger(game, op, action.hex) * 0.5 - 0.3 * friends
            + 0.1 * op_worth(game, op) * (action.hex in game.grid.cover))


def _reveal_score(game: Game, action: Reveal, cheap: bool) -> float:
    return target_worth(game, action.card) if action.card else -1.0


def _keep_score(game: Game, action: Keep, cheap: bool) -> float:
    return 0.0


def _mulligan_score(game: Game, action: Mulligan, cheap: bool) -> float:
    return sum(0.35 - target_worth(game, c) for c in action.cards) - 0.05


def _ploy_score(game: Game, action: PlayPloy, cheap: bool) -> float:
    trial = game.clone()
    try:
        trial.apply(action)
    except Exception:
        return -5.0
    return combat_balance(trial, action.player) + _trial(game, action)


def _use_score(game: Game, action: Use, cheap: bool) -> float:
    return use_score(game, action)


# each kind of action's quick value (``score``): the action's class -> its scorer, which takes
# the game, the action and ``cheap``; a kind not listed here is the Kill Team pack's or is
# valued by trying it
_SCORERS: dict[type[Action], Callable[[Game, Any, bool], float]] = {
    Attack: _attack_score,
    Move: _move_score,
    Disengage: _disengage_score,
    Wait: _wait_score,
    MissionAction: _mission_action_score,
    Activate: _activate_score,
    Deploy: _deploy_score,
    Reveal: _reveal_score,
    Keep: _keep_score,
    Mulligan: _mulligan_score,
    PlayPloy: _ploy_score,
    Use: _use_score,
}


def _scorer_of(action: Action) -> Callable[[Game, Any, bool], float] | None:
    """The scorer of ``action``'s class, or of the nearest of its bases that has one."""
    cls = type(action)
    found = _SCORERS.get(cls)
    if found is None:
        found = next((_SCORERS[c] for c in cls.__mro__ if c in _SCORERS), None)
    return found


def score(game: Game, action: Action, cheap: bool = False) -> float:
    """A quick value of one action for the player taking it (its kind's scorer in
    :data:`_SCORERS`; otherwise the mission pack's decision value, or a trial). Under a rule
    set with a judgement of its own (:mod:`game.ai.rulesets`), that judgement's score."""
    judgement = rulesets.rule_set_judgement(game)
    if judgement is not None:
        return judgement.score(game, action, cheap)
    scorer = _scorer_of(action)
    if scorer is not None:
        return scorer(game, action, cheap)
    pack = rulesets.pack_judgement(game.config)
    if pack is not None:
        decided = pack.decision(game, action, stand_terms)
        if decided is not None:
            return decided
    return _trial(game, action)


# a once-a-mission card used during an activation (wargear, a tactical ploy) is played when it
# gains at least this much now (in the static value's units: about a wound of a mid operative
# or a quarter of a take-down), or a quarter of the best attack's value when that is less; it
# costs no AP, so when it is worth playing it comes before anything else
USE_WORTH = 0.6
USE_FIRST = 20.0


def best_attack_now(game: Game, op_id: str) -> float:
    """The value (as the static value counts damage) of the best attack the active operative
    ``op_id`` could make from where it stands with the AP it has left (0: none)."""
    op = game.state.operatives[op_id]
    if op.hex is None:
        return 0.0
    ap = game.state.ap_left
    return max((quick_attack_worth(game, op, weapon.id, enemy)
                for weapon, enemy, _ in game.attacks_from(op_id, op.hex) if weapon.ap <= ap),
               default=0.0)


def use_score(game: Game, action: Use, least: float | None = None) -> float:
    """A once-a-mission card (special issue wargear, a tactical ploy). During an activation:
    what it adds to the operative's best attack from where it stands (a re-roll against a
    spotted enemy, more damage at close range: whatever the card's rules give, read from a
    clone with the card in force) and to the static value (wounds healed); worth playing at
    once when that reaches :data:`USE_WORTH`, kept for a better moment otherwise (``least``,
    the playouts': a gain of at least this much, whatever the attack is worth, so a
    playout spends a card only where it changes the result, not on a markerlight shot at
    an enemy already spotted). In the strategy phase: the change of the static value."""
    state = game.state
    if state.step != Step.ACT or state.active != action.operative:
        return 0.5 + _trial(game, action)
    trial = game.clone()
    try:
        trial.apply(action)
    except Exception:
        return -5.0
    gain = evaluate(trial, action.player) - evaluate(game, action.player)
    before = best_attack_now(game, action.operative)
    gain += best_attack_now(trial, action.operative) - before
    # worth it: USE_WORTH, or a quarter more on an attack worth less than four times that
    worth = max(0.1, min(USE_WORTH, 0.25 * before)) if least is None else least
    return USE_FIRST + gain if gain >= worth else gain - 2.0


def spotting_wait(game: Game, op: OperativeState, spotter: OperativeState | None = None,
                  ) -> float:
    """What ``op`` would gain by letting a friend still to activate (``spotter``, or any)
    spot its target first: its best attack from where it stands against an enemy that
    friend's ``markerlight`` weapon can hit now, as it would be once that enemy is spotted (a
    clone), less its best attack now; times the chance the markerlight hits. 0 when no such
    friend is left."""
    if op.hex is None:
        return 0.0
    spotters = [(f, w) for f in ([spotter] if spotter else game.on_killzone(op.player))
                if f.id != op.id and not f.activated
                for w in game.datacard(f).weapons if MARKERLIGHT in w.rules]
    if not spotters:
        return 0.0
    # the enemies a spotter's markerlight can hit now, each with the best chance it does
    chance: dict[str, float] = {}
    for friend in {f.id: f for f, _ in spotters if f.hex}.values():
        assert friend.hex is not None
        for weapon, enemy, _ in game.attacks_from(friend.id, friend.hex):
            if MARKERLIGHT in weapon.rules and SPOTTED not in enemy.flags:
                hit = 1.0 - ((weapon.hit - 1) / 6) ** weapon.attacks
                chance[enemy.id] = max(chance.get(enemy.id, 0.0), hit)
    shots = game.attacks_from(op.id, op.hex)
    now = max((quick_attack_worth(game, op, w.id, e) for w, e, _ in shots), default=0.0)
    best = now
    for enemy_id in {e.id for _, e, _ in shots if e.id in chance}:
        spotted = as_spotted(game, enemy_id)
        me, enemy = spotted.state.operatives[op.id], spotted.state.operatives[enemy_id]
        after = max(quick_attack_worth(spotted, me, w.id, enemy) for w, e, _ in shots
                    if e.id == enemy_id)
        best = max(best, now + chance[enemy_id] * (after - now))
    return best - now


def activation_score(game: Game, op: OperativeState, cheap: bool) -> float:
    """How much activating ``op`` now could gain over leaving it where it is; a spotter
    first: plus what its spotting would give the friends still to act, less what ``op``
    would gain by waiting for a friend to spot its target (:func:`spotting_wait`)."""
    if op.hex is None:
        return -99.0
    apl = game.stat(op, "apl") if not op.activated else 1
    here = position(game, op, op.hex, 0)
    best = offence(game, op, op.hex) * 1.6
    if not cheap:
        for h in game.reach(op.id, moves=1):
            best = max(best, position(game, op, h, apl - 1) - here)
    else:
        best = max(best, danger(game, op, op.hex) * 0.5 - objective_pull(game, op, op.hex) * 0.2)
    if any(MARKERLIGHT in w.rules for w in game.datacard(op).weapons):
        # what the friends still to act gain if it spots for them first
        best += 1.6 * sum(spotting_wait(game, f, op) for f in game.on_killzone(op.player)
                          if not f.activated and f.id != op.id)
    return best + 0.05 * op_worth(game, op) - 1.6 * spotting_wait(game, op)
