"""Why one choice was worth more than another, in a player's words.

:func:`explain` compares the choice made with the better one at the position as the seat saw
it: the engine's exact odds of each attack (the chance to take the target down, the damage
expected, the cover), then what the playouts showed (an operative of the seat taken down
after one choice far more often than after the other, an enemy taken down, an objective held
or lost), and last the difference in VP. Operatives, weapons and objectives are named as the
play screen names them (:class:`game.help.words.Words`, which imports no pygame).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Action, Attack, Game, parse_action
from game.help.words import Words

if TYPE_CHECKING:
    from game.analysis.core import Choice, Decision

NOTABLE = 0.25  # a difference in how often something happened worth a sentence


class Names(Words):
    """The play screen's names, with the hex added where two operatives share a name (a
    scenario's operatives of one datacard without numbers): "Brute on C6"."""

    def operative(self, op_id: str) -> str:
        name = super().operative(op_id)
        state = self.game.state
        op = state.operatives.get(op_id)
        if op is None or op.hex is None:
            return name
        if any(other.id != op_id and super(Names, self).operative(other.id) == name
               for other in state.operatives.values()):
            return f"{name} on {op.hex}"
        return name


def percent(p: float) -> str:
    return f"{round(100 * p)} %"


def describe(game: Game, notation: str, names: dict[int, str] | None = None) -> str:
    """An action of ``game``'s position as a short instruction ("attack Brute 2 with the
    Cannon")."""
    words = Names(game, names or {})
    return _describe(words, parse_action(notation))


def _describe(words: Words, action: Action) -> str:
    text = words.action(action)
    return text[:1].upper() + text[1:]


def attack_clause(game: Game, words: Words, action: Action) -> str:
    """The odds of an attack as a player reads them ("a 58 % chance to take Brute 2 down,
    4.1 damage expected; it is in cover"), or "" when ``action`` is no attack the engine
    can give odds for."""
    if not isinstance(action, Attack):
        try:
            odds = game.odds_of(action)
        except Exception:
            return ""
        name = words.operative(odds.target)
        down = float(odds.wounds.get(odds.wounds_left, 0))
        return (f"a {percent(down)} chance to destroy {name}, {float(odds.expected):.1f} "
                "wounds expected")
    try:
        odds = game.attack_odds(action)
    except Exception:
        return ""
    name = words.operative(action.target)
    text = (f"a {percent(float(odds.p_take_down))} chance to take {name} down, "
            f"{float(odds.expected):.1f} damage expected")
    target = game.state.operatives[action.target]
    attacker = game.state.operatives[action.operative].hex
    if target.hex is not None and attacker is not None and game.covered(attacker, target):
        text += f" ({name} is in cover on {target.hex})"  # as the engine counts cover
    return text


def explain(game: Game, seat: int, decision: Decision, names: dict[int, str]) -> str:
    """Why ``decision.best`` was worth more than ``decision.made`` (or that the best move was
    found), from ``game``: the position as the seat saw it."""
    words = Names(game, names)
    made, best = decision.made, decision.best
    made_action, best_action = parse_action(made.action), parse_action(best.action)
    if decision.found:
        clause = attack_clause(game, words, made_action)
        return "The best move was found" + (f": {clause}." if clause else ".")
    parts = [f"{_describe(words, best_action)} was worth {decision.cost:.1f} VP more "
             f"(± {decision.spread:.1f}) than to {words.action(made_action)}."]
    odds_best = attack_clause(game, words, best_action)
    odds_made = attack_clause(game, words, made_action)
    if odds_best and odds_made:
        parts.append(f"The better attack had {odds_best}; yours had {odds_made}.")
    elif odds_best:
        parts.append(f"That attack had {odds_best}.")
    elif odds_made:
        parts.append(f"Your attack had only {odds_made}.")
    parts.extend(_playout_sentences(game, words, seat, made, best))
    return " ".join(parts)


def _playout_sentences(game: Game, words: Words, seat: int, made: Choice,
                       best: Choice) -> list[str]:
    """What the playouts showed differently after the two choices, the biggest first."""
    found: list[tuple[float, str]] = []
    for op_id in set(made.down) | set(best.down):
        op = game.state.operatives.get(op_id)
        if op is None:
            continue
        after_made, after_best = made.down.get(op_id, 0.0), best.down.get(op_id, 0.0)
        name = words.operative(op_id)
        where = f" on {op.hex}" if op.hex else ""
        if op.player == seat and after_made - after_best >= NOTABLE:
            found.append((after_made - after_best,
                          f"Your move left {name} in reach: it was taken down in "
                          f"{percent(after_made)} of the games played on, against "
                          f"{percent(after_best)} after the better one."))
        elif op.player != seat and after_best - after_made >= NOTABLE:
            found.append((after_best - after_made,
                          f"The better move took {name}{where} down in "
                          f"{percent(after_best)} of the games played on, yours in "
                          f"{percent(after_made)}."))
    for obj in set(made.held) | set(best.held):
        gain = best.held.get(obj, 0.0) - made.held.get(obj, 0.0)
        loss = made.lost.get(obj, 0.0) - best.lost.get(obj, 0.0)
        if max(gain, loss) >= NOTABLE:
            place = words.objective(obj)
            if gain >= loss:
                text = (f"The better move held {place} in {percent(best.held.get(obj, 0))} "
                        f"of the games, yours in {percent(made.held.get(obj, 0))}.")
            else:
                text = (f"After your move the enemy took {place} in "
                        f"{percent(made.lost.get(obj, 0))} of the games, after the better "
                        f"one in {percent(best.lost.get(obj, 0))}.")
            found.append((max(gain, loss), text[:1].upper() + text[1:]))
    found.sort(key=lambda t: -t[0])
    return [text for _, text in found[:2]]
