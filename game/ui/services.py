"""What one run of the window provides to its screens besides the content and the settings:
sound, the player's own missions, the autosave, the game to resume, the campaigns, a notice
about damaged settings and the load list's cached pictures. One typed object
(``ctx.services``); a test or a headless run leaves out what it does not need (None)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pygame

    from game.engine import Catalogue, Game
    from game.services.campaign import Campaign, CampaignStore
    from game.services.game_setup import GameSetup
    from game.services.own_missions import OwnMissions
    from game.ui.context import Context, Settings
    from game.ui.sound import Sound

# autosave(game, setup) -> the path written, or None when it could not be written; ``setup``:
# the record of how the game was set up (game/services/game_setup.py), saved with it
Autosave = Callable[["Game", "GameSetup | None"], "str | None"]
# journal(game, action, setup) appends one action's notation (or "undo") to the autosave
# journal (a new journal starts with ``setup``)
Journal = Callable[["Game", str, "GameSetup | None"], None]


@dataclass
class Services:
    sound: Sound | None = None  # None: silent (tests, benchmarks)
    own_missions: OwnMissions | None = None  # the data folder's missions/, once loaded
    autosave: Autosave | None = None  # None: nothing is autosaved (tests, the tutorial)
    journal: Journal | None = None  # None: no journal of actions between autosaves
    resume: Path | None = None  # the autosave left by a run that did not end cleanly
    settings_notice: str | None = None  # what was wrong with settings.json at the start
    campaigns: CampaignStore | None = None  # made on first use by campaign_store()
    # the load list's board pictures: (path, mtime, size, detailed, colours) -> picture
    save_thumbnails: dict[tuple[Any, ...], pygame.Surface] = field(default_factory=dict)

    def apply_sound(self, settings: Settings) -> None:
        """The sound settings, in force at once."""
        if self.sound is not None:
            self.sound.enabled = settings.sound
            self.sound.set_volume(settings.volume)

    def campaign_store(self, catalogue: Catalogue) -> CampaignStore:
        """The campaigns and player profiles of the data folder (``campaigns/``)."""
        if self.campaigns is None:
            from game.services.campaign import CampaignStore
            from game.services.userdata import data_folder

            self.campaigns = CampaignStore(data_folder() / "campaigns", catalogue)
        return self.campaigns

    def campaign_seats(self, catalogue: Catalogue, game: Game) -> dict[int, str] | None:
        """For a campaign's game (resumed or loaded), who plays each side as its campaign
        says; None for a game outside any campaign (or whose campaign cannot be read)."""
        from game.services.campaign import CampaignError, campaign_link

        if campaign_link(game) is None:
            return None
        try:
            campaign = self.campaign_store(catalogue).campaign_of(game)
        except (CampaignError, OSError):
            return None
        return None if campaign is None else campaign.seats()

    def record_campaign_game(self, catalogue: Catalogue, game: Game) -> Campaign | None:
        """Record a finished campaign mission in its campaign (saved at once). None when the
        game belongs to no campaign, or was already recorded."""
        from game.services.campaign import CampaignError

        store = self.campaign_store(catalogue)
        try:
            campaign = store.campaign_of(game)
        except CampaignError:
            return None
        if campaign is None or not campaign.belongs(game) or not game.is_over:
            return None
        campaign.record_result(game)
        return campaign


def refresh_own_missions(ctx: Context) -> None:
    """Reload the data folder's missions into the context, so the new-game list shows them."""
    import dataclasses

    from game.services.own_missions import load_own_missions
    from game.services.userdata import data_folder

    own = ctx.services.own_missions
    shipped = dict(ctx.catalogue.missions)
    for mission_id in own.own if own is not None else ():
        shipped.pop(mission_id, None)
    base = dataclasses.replace(ctx.catalogue, missions=shipped)
    loaded = load_own_missions(base, data_folder() / "missions")
    ctx.catalogue = loaded.catalogue
    ctx.services.own_missions = loaded
