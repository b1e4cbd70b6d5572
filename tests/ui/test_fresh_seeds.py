"""Every new game started from the window rolls its own dice (a seed from the operating
system), kept in the save and the replay; ``--seed`` (a fixed seed) still fixes it."""

from __future__ import annotations

from game.ai.random_player import RandomPlayer
from game.engine.game import Game
from game.services.replay import Replay
from game.ui.scenes.play import PlayScene

TEAMS = ("gideon", "deathless_destroyers")


def opening(game: Game) -> tuple[object, ...]:
    """The set-up roll-off and the targets dealt, as everybody will meet them."""
    return tuple(str(e) for e in game.events[:6])


def played(game: Game, actions: int = 60) -> Game:
    player = RandomPlayer(4)
    for _ in range(actions):
        if game.is_over:
            break
        game.apply(player.choose(game))
    return game


def test_two_new_games_roll_different_dice(make_app):
    app = make_app(7)
    app.ctx.fixed_seed = None  # as the window runs without --seed
    first = PlayScene.new_game(app, "dual_strike", TEAMS).game
    second = PlayScene.new_game(app, "dual_strike", TEAMS).game
    assert first.dice.seed != second.dice.seed  # type: ignore[attr-defined]
    # the same actions, different dice: the games part (a 2^-60 chance they do not)
    one, two = played(first), played(second)
    assert [str(e) for e in one.events] != [str(e) for e in two.events]
    # the seed is in the save
    assert one.to_dict()["dice"]["seed"] == one.dice.seed  # type: ignore[attr-defined]


def test_a_fixed_seed_gives_the_same_game(make_app):
    app = make_app(7)
    assert app.ctx.fixed_seed == 7
    first = PlayScene.new_game(app, "dual_strike", TEAMS).game
    second = PlayScene.new_game(app, "dual_strike", TEAMS).game
    assert opening(first) == opening(second)
    assert first.dice.seed == 7  # type: ignore[attr-defined]


def test_a_replay_of_a_fresh_game_reproduces_it(make_app, catalogue):
    app = make_app(7)
    app.ctx.fixed_seed = None
    game = played(PlayScene.new_game(app, "dual_strike", TEAMS).game, 120)
    replay = Replay.from_save(game.to_dict(), catalogue)
    replay.verify()
    replay.seek(len(replay))
    assert replay.game.state.vp == game.state.vp
    assert [str(e) for e in replay.game.events] == [str(e) for e in game.events]
