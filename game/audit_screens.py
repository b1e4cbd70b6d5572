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

    app.push(LoadScene(app, lambda game: None))


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
    "replay": replay,
}
