"""A whole game played on the play screen, a check run at every decision of the person at it
(its buttons built, its screen drawable): shared by the hotkey and the words tests."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.random_player import RandomPlayer
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.ui.scenes.play import PRIVATE_STEPS, PlayScene

# (mission, rule set, fireteams): each rule set and mission pack, the Pathfinders among them
GAMES = [("dual_strike", "fireteam", ("pathfinders", "gideon")),
         ("kt_supply_drop", "fireteam", ("bad_ladz", "pathfinders")),
         ("dual_strike", "skirmish", ("gideon", "deathless_destroyers")),
         ("power_up", "fireteam", ("kappic_eagles", "flickering_blade"))]


def walk(make_app, catalogue, mission: str, rules: str, teams: tuple[str, str], seed: int,
         each: Callable[[PlayScene], None], seats: dict[int, str] | None = None,
         limit: int = 3000) -> PlayScene:
    """Play ``mission`` to its end on the play screen, the person's decisions at random
    (player 1 against the computer at easy unless ``seats`` says otherwise), calling
    ``each(scene)`` at every decision the person sees (and on each turning point's
    summary, the scene then on top). Returns the play screen at the end."""
    app = make_app(seed)
    game = Game.new(catalogue, mission, teams, RandomDice(seed), rules=rules)
    scene = PlayScene(app, game, seats or {1: "human", 2: "easy"})
    app.push(scene)
    person = RandomPlayer(seed)
    for _ in range(limit):
        if game.is_over:
            break
        if app.scene is not scene:  # the turning point's summary
            each(app.scene)
            app.pop()
            continue
        if scene.swapped is not None:
            each(scene)
            scene.swap_seen()
            continue
        if scene.computer_to_act():
            each(scene)
            scene.play_computer_now()
            continue
        state = game.state
        if state.step in PRIVATE_STEPS and scene.private_to != state.to_act:
            scene.reveal_to(state.to_act)
        each(scene)
        scene.act(person.choose(game))
    assert game.is_over
    app.frame([])
    each(app.scene)  # the end screen
    return scene
