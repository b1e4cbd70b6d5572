"""The screens by name: a scene opens another through :meth:`App.open` /
:meth:`App.restart` with a :class:`SceneName`, never by importing it. The registry imports a
screen's module the first time it is asked for (so ``game.ui.scenes`` has no import loop and
starting the window loads only the screens used)."""

from __future__ import annotations

import importlib
from enum import StrEnum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene


class SceneName(StrEnum):
    MENU = "menu"
    NEW_GAME = "newgame"
    PLAY = "play"
    HANDOVER = "handover"
    PAUSE = "pause"
    END = "end"
    LOAD = "load"
    SAVE = "save"
    SETTINGS = "settings"
    RULES = "rules"
    CARDS = "cards"
    REPLAY = "replay"
    ERROR = "error"
    VISUALIZER = "visualizer"
    MISSION_EDITOR = "mission_editor"
    TUTORIAL = "tutorial"
    CAMPAIGNS = "campaigns"
    CAMPAIGN = "campaign"
    SUMMARY = "summary"
    ONLINE = "online"
    ONLINE_PLAY = "online_play"
    ONLINE_PAUSE = "online_pause"
    ONLINE_END = "online_end"
    SEATS = "seats"
    PUZZLES = "puzzles"
    PUZZLE_EXPORT = "puzzle_export"
    ANALYSIS = "analysis"


# name -> (module under game.ui.scenes, class)
SCENES: dict[SceneName, tuple[str, str]] = {
    SceneName.MENU: ("menu", "MenuScene"),
    SceneName.NEW_GAME: ("newgame", "NewGameScene"),
    SceneName.PLAY: ("play", "PlayScene"),
    SceneName.HANDOVER: ("handover", "HandoverScene"),
    SceneName.PAUSE: ("pause", "PauseScene"),
    SceneName.END: ("end", "EndScene"),
    SceneName.LOAD: ("load", "LoadScene"),
    SceneName.SAVE: ("load", "SaveScene"),
    SceneName.SETTINGS: ("settings", "SettingsScene"),
    SceneName.RULES: ("rules", "RulesScene"),
    SceneName.CARDS: ("cards", "CardBrowserScene"),
    SceneName.REPLAY: ("replay", "ReplayScene"),
    SceneName.ERROR: ("error", "ErrorScene"),
    SceneName.VISUALIZER: ("visualizer", "VisualizerScene"),
    SceneName.MISSION_EDITOR: ("mission_editor", "MissionEditorScene"),
    SceneName.TUTORIAL: ("tutorial", "TutorialScene"),
    SceneName.CAMPAIGNS: ("campaign", "CampaignListScene"),
    SceneName.CAMPAIGN: ("campaign", "CampaignScene"),
    SceneName.SUMMARY: ("summary", "SummaryScene"),
    SceneName.ONLINE: ("online", "OnlineScene"),
    SceneName.ONLINE_PLAY: ("online_play", "OnlinePlayScene"),
    SceneName.ONLINE_PAUSE: ("online_menus", "OnlinePauseScene"),
    SceneName.ONLINE_END: ("online_menus", "OnlineEndScene"),
    SceneName.SEATS: ("seats", "SeatsScene"),
    SceneName.PUZZLES: ("puzzles", "PuzzleListScene"),
    SceneName.PUZZLE_EXPORT: ("puzzles", "PuzzleExportScene"),
    SceneName.ANALYSIS: ("analysis", "AnalysisScene"),
}


def scene_class(name: SceneName) -> type[Scene]:
    """The class of the screen ``name`` (its module imported on first use); raises KeyError
    for a name the registry does not hold."""
    module, cls = SCENES[SceneName(name)]
    found: type[Scene] = getattr(importlib.import_module(f"game.ui.scenes.{module}"), cls)
    return found


def make_scene(app: App, name: SceneName, *args: Any, **kwargs: Any) -> Scene:
    """A new screen ``name`` of ``app``, given the arguments of its class."""
    return scene_class(name)(app, *args, **kwargs)  # type: ignore[call-arg]


def is_scene(scene: object, name: SceneName) -> bool:
    """``scene`` is the screen ``name`` (or a kind of it: the tutorial is a play screen)."""
    return isinstance(scene, scene_class(name))
