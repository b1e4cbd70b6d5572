"""Every action of every system reads as English (game.ui.words.Words.action, used by the
hint, the tutorial and the replay): each action class the engine knows has a declared phrase,
and in seeded games under the Fireteam rules, on a Kill Team classic mission and under the
one-page skirmish rules, no phrase of any legal action falls back on the notation or shows
an id."""

from __future__ import annotations

import re

import pytest

from game.engine import AgreeResult, Concede, Game, RandomDice
from game.engine.actions import VERBS
from game.ui.words import ID_LIKE, Words, phrase_of


def test_every_action_class_of_every_system_has_a_phrase() -> None:
    missing = sorted(cls.__name__ for cls in VERBS.values() if phrase_of(cls) is None)
    assert not missing, f"no phrase declared for {missing} (game/ui/words.py)"
    # the skirmish rules' and the Kill Team pack's decisions are among them
    assert {"hold", "charge", "strikeback", "meet", "push", "place", "seize", "arrive",
            "roll"} <= set(VERBS)


@pytest.mark.parametrize("mission,rules", [("dual_strike", "fireteam"),
                                           ("kt_forward_push", "fireteam"),
                                           ("dual_strike", "skirmish")])
def test_every_legal_action_of_a_seeded_game_reads_as_english(catalogue, mission,
                                                              rules) -> None:
    game = Game.new(catalogue, mission, ("gideon", "deathless_destroyers"), RandomDice(3),
                    rules=rules)
    words = Words(game, {1: "Ana", 2: "Ben"})
    ids = set(game.state.operatives) | set(game.config.objectives)
    seen: set[str] = set()
    pick = 12345
    while not game.is_over and len(game.log) < 400:
        legal = game.legal_actions()
        for action in legal:
            said = words.action(action)
            seen.add(action.verb)
            assert said and said != str(action) and said != action.notation(), action
            # not the notation with its ids named ("Ana hold Intercessor 1")
            assert not re.match(rf"({re.escape(words.player(action.player))}|\d) "
                                rf"{action.verb}\b", said), f"{action} reads {said!r}"
            tokens = set(re.findall(r"[\w]+", said))
            assert not tokens & ids, f"{action} reads {said!r}: an id is left in it"
            assert not ID_LIKE.search(said), f"{action} reads {said!r}"
        choices = [a for a in legal if not isinstance(a, Concede | AgreeResult)]
        pick = (pick * 6364136223846793005 + 1442695040888963407) % 2**64
        game.apply(choices[(pick >> 33) % len(choices)])
    expected = {"fireteam": {"deploy", "activate", "move"},
                "skirmish": {"hold", "advance", "rush", "shoot"}}[rules]
    if mission.startswith("kt_"):
        expected |= {"place", "seize"}
    assert expected <= seen
