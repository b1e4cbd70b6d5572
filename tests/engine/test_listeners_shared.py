"""Who hears each class of event is worked out once for every game with the same listeners
(game.engine.game._HEARD), not once per game: games of one rule set and pack share it, a
game of another keeps its own, and each still hears exactly its own listeners."""

from __future__ import annotations

from game.ai.random_player import RandomPlayer
from game.engine.contract import heard_by
from game.engine.rulesets.killteam import rules as rules_kt
from tests.helpers import new_game


def _played(mission: str, seed: int, actions: int = 40):  # type: ignore[no-untyped-def]
    game = new_game(mission=mission, seed=seed)
    player = RandomPlayer(seed)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(player.choose(game))
    return game


def test_games_with_the_same_listeners_share_who_hears_what() -> None:
    one, two = _played("kt_forward_push", 1), _played("kt_forward_push", 2)
    plain = _played("dual_strike", 3)
    assert one._heard is not None and one._heard is two._heard
    assert plain._heard is not one._heard
    # the pack's listener hears its game's events, never the plain Fireteam game's
    pack_hears = {kind for kind, heard in one._heard.items() if rules_kt.on_event in heard}
    assert pack_hears
    assert all(rules_kt.on_event not in heard for heard in plain._heard.values())
    # and the shared table says what each game's own listeners declare
    for game in (one, plain):
        for kind, heard in game._heard.items():
            assert heard == heard_by(game._all_listeners(), kind)
