"""The screens the layout audit (game/audit_layout.py) renders: each a function that puts a
fresh app (seed 1, animations off, a throw-away data folder) at that screen."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

App = Any  # game.ui.app.App, imported lazily (pygame)

SCENE_NAMES = ("menu", "newgame", "setup", "deploy", "play", "attack-preview", "dice",
               "handover", "end", "rules", "cards")


def _scene(name: str) -> Callable[[App], None]:
    def setup(app: App) -> None:
        from game.uitest.headless import open_scene

        open_scene(app, name)
    return setup


def _play(app: App) -> Any:
    from game.uitest.headless import open_scene

    open_scene(app, "play")
    return app.scene


def summary(app: App) -> None:
    from game.ui.scenes.summary import SummaryScene
    from game.ui.turn_summary import summarise

    play = _play(app)
    view = play.view
    app.push(SummaryScene(app, summarise(view.events, 1), view.vp))


def pause(what: str = "") -> Callable[[App], None]:
    def setup(app: App) -> None:
        from game.ui.scenes.pause import PauseScene

        scene = PauseScene(app, _play(app))
        app.push(scene)
        if what:
            scene.ask(what)
    return setup


def save(app: App) -> None:
    from game.ui.scenes.load import SaveScene

    app.push(SaveScene(app, _play(app).game))


def load(app: App) -> None:
    from game.ui.scenes.load import LoadScene

    app.push(LoadScene(app, lambda game, setup: None))


def settings(app: App) -> None:
    from game.ui.scenes.settings import SettingsScene

    app.push(SettingsScene(app))


def visualizer(app: App) -> None:
    from game.ui.scenes.visualizer import VisualizerScene

    app.push(VisualizerScene(app, "dual_strike"))


def editor(app: App) -> None:
    from game.ui.scenes.mission_editor import MissionEditorScene

    app.push(MissionEditorScene(app, app.ctx.catalogue.missions["dual_strike"]))


def tutorial(index: int) -> Callable[[App], None]:
    def setup(app: App) -> None:
        from game.ui.scenes.tutorial import TutorialScene

        app.push(TutorialScene(app, index, remember=False))
    return setup


def tutorial_more(tool: str = "") -> Callable[[App], None]:
    """A step of the tutorial's second chapter: its first (the new position), or the one
    asking for ``tool``."""
    def setup(app: App) -> None:
        from game.tutorial_script import load_script
        from game.ui.scenes.tutorial import TutorialScene

        script = load_script()
        index = next(i for i, s in enumerate(script.steps)
                     if (s.tool == tool if tool else bool(s.position)))
        app.push(TutorialScene(app, index, script, remember=False))
    return setup


def campaigns(app: App) -> None:
    from game.ui.scenes.campaign import CampaignListScene

    app.push(CampaignListScene(app))


def campaign(app: App) -> None:
    from game.campaign import Campaign, Profile
    from game.ui.scenes.campaign import CampaignScene

    players = {1: Profile("ann", "Ann"), 2: Profile("bob", "Bob")}
    teams = {1: "gideon", 2: "deathless_destroyers"}
    app.push(CampaignScene(app, Campaign.start(app.ctx.catalogue, players, teams, seed=1)))


def campaign_agent(app: App) -> None:
    """A campaign after its first mission: an agent and an antagonist, wargear won."""
    from game.campaign import Campaign, Profile
    from game.engine import AgreeResult
    from game.ui.scenes.campaign import CampaignScene

    players = {1: Profile("ann", "Ann"), 2: Profile("bob", "Bob")}
    teams = {1: "gideon", 2: "deathless_destroyers"}
    campaign = Campaign.start(app.ctx.catalogue, players, teams, seed=1)
    game = campaign.next_game()
    game.apply(AgreeResult(game.to_act, 1))
    campaign.record_result(game)
    app.push(CampaignScene(app, campaign))


def campaign_setup(app: App) -> None:
    """A new campaign's form with no profile yet: Start disabled, the reason beside it."""
    from game.ui.scenes.campaign import CampaignListScene

    scene = CampaignListScene(app)
    scene.seats[2] = "hard"
    app.push(scene)


def play_hint(app: App) -> None:
    """The play screen against the computer with the hint shown (its box and marks)."""
    from game.engine import Game, RandomDice, Step
    from game.ui.scenes.play import PlayScene
    from game.uitest.headless import play_until

    game = Game.new(app.ctx.catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(5))
    play_until(game, 5, lambda g: g.state.step == Step.ACT and g.state.to_act == 1)
    scene = PlayScene(app, game, {1: "human", 2: "normal"})
    app.push(scene)
    scene.ask_hint()


def handover_menu(app: App) -> None:
    """Esc on the hand-over screen: the pause menu over the cover."""
    from game.engine import Game, RandomDice
    from game.ui.registry import SceneName
    from game.ui.scenes.play import PlayScene

    game = Game.new(app.ctx.catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(1))
    play = PlayScene(app, game)
    app.push(play)
    app.frame([])
    handover = app.scene
    if type(handover).__name__ == "HandoverScene":
        handover.open_menu()
    else:
        app.open(SceneName.PAUSE, play)


def tutorial_refusal(app: App) -> None:
    """A tutorial step with a refusal shown whole under its text."""
    from game.tutorial_script import load_script
    from game.ui.scenes.tutorial import TutorialScene

    script = load_script()
    index = next(s.index - 1 for s in script.steps if s.kind == "act"
                 and any(" attack " in a for a in s.actions))
    scene = TutorialScene(app, index, remember=False)
    app.push(scene)
    scene.remind()


def error(app: App) -> None:
    from game.ui.scenes.error import ErrorScene

    app.push(ErrorScene(app, "ValueError: an example of an unexpected error", None, None))


def error_report(app: App) -> None:
    """The error screen after a save, with its bug-report button pressed."""
    from game.ui.scenes.error import ErrorScene

    scene = ErrorScene(app, "ValueError: an example of an unexpected error",
                       lambda: "bug-report.txt", "autosave")
    app.push(scene)
    scene.report = "/home/player/.local/share/fireteam/reports/bug-report-2026-12-01.txt"


def replay(app: App) -> None:
    from game.replay import Replay
    from game.ui.scenes.replay import ReplayScene

    app.push(ReplayScene(app, Replay.from_game(_play(app).game)))


def computer_newgame(app: App) -> None:
    """The new-game screen with a computer in each seat (what each level is like, at the
    foot of the players' panels) and the fireteam with the longest ploys."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.newgame import NewGameScene

    app.push(MenuScene(app))
    scene = NewGameScene(app, fireteams=("kappic_eagles", "pathfinders"))
    scene.seats = {1: "easy", 2: "hard"}
    app.push(scene)


def skirmish_newgame(app: App) -> None:
    """The new-game screen with the skirmish rule set chosen."""
    from game.engine import RuleSet
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.newgame import NewGameScene

    app.push(MenuScene(app))
    scene = NewGameScene(app, fireteams=("pathfinders", "bad_ladz"))
    app.push(scene)
    scene.set_rules(RuleSet.SKIRMISH)


def skirmish_play(dice: bool) -> Callable[[App], None]:
    """A skirmish game in round 2, at a shot (its dice shown with ``dice``)."""
    def setup(app: App) -> None:
        from game.ai.players import player_for
        from game.engine import Game, RandomDice, Shoot, Step
        from game.ui.scenes.menu import MenuScene
        from game.ui.scenes.play import PlayScene

        app.push(MenuScene(app))
        game = Game.new(app.ctx.catalogue, "dual_strike", ("gideon", "bad_ladz"),
                        RandomDice(5), rules="skirmish")
        players = {p: player_for("greedy", p) for p in (1, 2)}
        while not game.is_over and not (game.state.turning_point == 2
                                        and game.state.step == Step.SHOOT):
            game.apply(players[game.to_act].choose(game.view(game.to_act)))
        scene = PlayScene(app, game)
        app.push(scene)
        if dice and not game.is_over:
            scene.act(next(a for a in game.legal_actions() if isinstance(a, Shoot)))
            scene.anim.banners.clear()
            if scene.anim.roll is not None:
                scene.anim.roll.shown = 99.0
    return setup


SCREENS: dict[str, Callable[[App], None]] = {
    **{name: _scene(name) for name in SCENE_NAMES},
    "turning-point-summary": summary,
    "pause": pause(), "pause-concede": pause("concede"), "pause-draw": pause("draw"),
    "pause-quit": pause("quit"),
    "save": save, "load": load, "settings": settings, "visualizer": visualizer,
    "mission-editor": editor,
    "tutorial-1": tutorial(0), "tutorial-2": tutorial(1), "tutorial-3": tutorial(2),
    "tutorial-chapter-2": tutorial_more(), "tutorial-threat": tutorial_more("threat"),
    "tutorial-hint": tutorial_more("hint"),
    "campaigns": campaigns, "campaign": campaign, "error": error, "error-report": error_report,
    "campaign-agent": campaign_agent, "campaign-setup": campaign_setup, "play-hint": play_hint,
    "handover-menu": handover_menu, "tutorial-refusal": tutorial_refusal,
    "replay": replay, "newgame-computer": computer_newgame,
    # the skirmish rule set
    "skirmish-newgame": skirmish_newgame, "skirmish-play": skirmish_play(False),
    "skirmish-dice": skirmish_play(True),
}
