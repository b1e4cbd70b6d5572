"""The screen audits of the one-page skirmish rules: its seeded game, the steps player 1
decides at, its puzzle, and its own screens (the new-game screen with the rule set chosen,
a game at a shot), registered with :mod:`game.uitest.systems`."""

from __future__ import annotations

from collections.abc import Callable

from game.engine.rulesets.skirmish import RULE_SET, Shoot, SkirmishStep
from game.uitest.systems import App, AuditSystem, register


def newgame(app: App) -> None:
    """The new-game screen with the skirmish rule set chosen."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.newgame import NewGameScene

    app.push(MenuScene(app))
    scene = NewGameScene(app, fireteams=("pathfinders", "bad_ladz"))
    app.push(scene)
    scene.set_rules(RULE_SET)


def play(dice: bool) -> Callable[[App], None]:
    """A skirmish game in round 2, at a shot (its dice shown with ``dice``)."""
    def setup(app: App) -> None:
        from game.ai.players import player_for
        from game.engine import Game, RandomDice
        from game.engine.rulesets.skirmish import Shoot
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.play import PlayScene

        app.push(MenuScene(app))
        game = Game.new(app.ctx.catalogue, "dual_strike", ("gideon", "bad_ladz"),
                        RandomDice(5), rules="skirmish")
        players = {p: player_for("greedy", p) for p in (1, 2)}
        while not game.is_over and not (game.state.turning_point == 2
                                        and game.state.step == SkirmishStep.SHOOT):
            game.apply(players[game.to_act].choose(game.view(game.to_act)))
        scene = PlayScene(app, game)
        app.push(scene)
        if dice and not game.is_over:
            scene.act(next(a for a in game.legal_actions() if isinstance(a, Shoot)))
            scene.anim.banners.clear()
            if scene.anim.roll is not None:
                scene.anim.roll.shown = 99.0
    return setup


AUDIT = register(AuditSystem(
    name="skirmish", game=("dual_strike", ("gideon", "bad_ladz"), "skirmish"),
    steps=("place_objectives", "deploy", "activate", "shoot", "strike_back"),
    puzzle=("marker_free_1", "solution"), weapons=False, attacks=(Shoot,),
    screens={"skirmish-newgame": newgame, "skirmish-play": play(False),
             "skirmish-dice": play(True)}))
