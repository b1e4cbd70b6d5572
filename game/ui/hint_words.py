"""Why the hint suggests what it does, in one sentence of facts the player can check on the
board (the search's own judgement is not put into words): where a move ends (cover, an
objective, how much closer), what an attack is likely to do (the engine's exact odds), what
waiting keeps. No pygame here; the play screen shows the sentence with the hint."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Action, Attack, Disengage, IllegalActionError, MissionAction, Move, Wait

if TYPE_CHECKING:
    from game.engine import Game
    from game.ui.words import Words

GENERAL = "the computer (normal level) looks a few actions ahead and rates this best now"


def live_objectives(game: Game) -> list[str]:
    """The hexes of the objectives still on the killzone."""
    state = game.state
    return [h for o, h in game.config.objectives.items()
            if h and o not in state.removed_objectives]


def nearest(game: Game, h: str, hexes: list[str]) -> int | None:
    return min((game.grid.distance(h, o) for o in hexes), default=None)


def place_facts(game: Game, h: str) -> list[str]:
    """What a hex gives an operative standing there, as facts."""
    facts = []
    if h in game.grid.cover:
        facts.append("it stands in cover")
    objectives = live_objectives(game)
    close = nearest(game, h, objectives)
    if close is not None and close <= 1:
        facts.append("it is within 1 hex of an objective, where it counts for control")
    return facts


def hint_reason(game: Game, action: Action, words: Words) -> str:
    """Why ``action`` is suggested, in a sentence ending with a full stop."""
    state = game.state
    facts: list[str] = []
    if isinstance(action, Move):
        start = state.operatives[action.operative].hex
        end = action.destination
        facts = place_facts(game, end)
        objectives = live_objectives(game)
        before = nearest(game, start, objectives) if start else None
        after = nearest(game, end, objectives)
        if before is not None and after is not None and after < before and not any(
                "objective" in f for f in facts):
            facts.append(f"it ends {before - after} hex{'es' if before - after > 1 else ''} "
                         "closer to an objective")
    elif isinstance(action, Attack):
        try:
            odds = game.attack_odds(action)
        except (IllegalActionError, ValueError):
            odds = None
        if odds is not None:
            target = words.operative(action.target)
            chance = round(100 * float(odds.p_take_down))
            facts.append(f"it deals about {float(odds.expected):.1f} damage on average, with "
                         f"a {chance} % chance to take {target} down")
    elif isinstance(action, Wait):
        active = state.active
        where = state.operatives[active].hex if active else None
        kept = place_facts(game, where) if where else []
        facts = [f"it ends the activation where {kept[0]}" if kept else
                 "no move or attack left would improve on where it stands"]
        facts += kept[1:]
    elif isinstance(action, Disengage):
        facts = ["it gets away from the enemy next to it", *place_facts(game, action.hex)]
    elif isinstance(action, MissionAction):
        facts = ["the mission rewards this action"]
    reason = " and ".join(facts) if facts else GENERAL
    return reason[:1].upper() + reason[1:] + "."
