"""Campaign screens: the list of campaigns with a form to start one, and a campaign's own
screen (both players' agent status, Battle Honours, Command Assets, wargear in hand, the
missions played, what comes next, and a button to play it).

Hooks for the rest of the client (see also :func:`record_campaign_game`):

- main menu item → ``app.push(CampaignListScene(app))``;
- when a mission of a campaign ends, ``EndScene`` calls ``record_campaign_game(app, game)``
  once: it returns the campaign with the result recorded (or None for a game outside any
  campaign, or one already recorded). A "Back to the campaign" button then pops the
  EndScene and PlayScene: the CampaignScene below re-reads the campaign in ``resume()``. After
  a restart (a campaign game resumed from the autosave, no CampaignScene below) use
  ``app.replace(CampaignScene(app, campaign))`` instead.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine import Game, opponent
from game.services.campaign import (
    STAGES,
    Campaign,
    CampaignError,
    CampaignStore,
    Profile,
    mission_in_progress,
)
from game.services.game_setup import GameSetup
from game.ui.context import DIM, GOLD, INK, panel
from game.ui.registry import SceneName
from game.ui.scene import Scene, dropdown_clickables
from game.ui.widgets import ScrollBox

if TYPE_CHECKING:
    from game.ui.app import App

BAD = (230, 120, 100)
SEAT_LABELS = {"human": "a person", "computer": "the computer"}
# who plays a seat of a new campaign: a person, or the computer at one of its levels
PLAYED_BY = {"human": "a person", "easy": "the computer, easy",
             "normal": "the computer, normal", "hard": "the computer, hard"}
STAGE_WORDS = {"first": "First", "second": "Second", "final": "Final"}
# the campaign's own words, said where they are shown
AGENT_WORDS = ("The agent plays its special operation in the next mission: that card's rules "
               "are in force, and winning the mission turns the card over for its reward.")
ANTAGONIST_WORDS = ("The antagonist is the agent's opponent in a special operation: it wins by "
                    "stopping it, and then becomes the agent itself.")
NO_AGENT_WORDS = ("The next mission is a random one: its winner becomes the agent and plays a "
                  "special operation; the other side is the antagonist.")


def own_mission_ids(app: App) -> tuple[str, ...]:
    """The players' own missions loaded now (not mission cards)."""
    own = app.ctx.services.own_missions
    return tuple(getattr(own, "own", ()))


def campaign_folder() -> Path:
    """Where campaigns and player profiles live: ``<data folder>/campaigns``."""
    from game.services.userdata import data_folder

    return data_folder() / "campaigns"


def campaign_store(app: App) -> CampaignStore:
    """The run's campaigns (:meth:`Services.campaign_store`)."""
    return app.ctx.services.campaign_store(app.ctx.catalogue)


def record_campaign_game(app: App, game: Game) -> Campaign | None:
    """:meth:`Services.record_campaign_game` of ``app``'s run."""
    return app.ctx.services.record_campaign_game(app.ctx.catalogue, game)


def saved_games(app: App) -> list[tuple[Path, Game]]:
    """The games of the autosaves (the latest with its journal caught up: the last action
    completed) and of the saves folder, each with its path; unreadable files are skipped."""
    from game.services import userdata
    from game.services.saves import load_game
    from game.ui.session import resume_game

    found: list[tuple[Path, Game]] = []
    folder = userdata.data_folder()
    for sub in ("autosaves", "saves"):
        try:
            paths = sorted((folder / sub).glob("*.json"))
        except OSError:
            continue
        for path in paths:
            try:
                if path == userdata.autosave_path():
                    game = resume_game(path, app.ctx.catalogue, app.ctx.services)[0]
                else:
                    game = load_game(path, app.ctx.catalogue)
            except Exception:  # noqa: BLE001 - a damaged save is simply not offered
                continue
            found.append((path, game))
    return found


class CampaignListScene(Scene):
    """The campaigns in progress and finished, and a new campaign's players and fireteams.

    Each side of a new campaign is played by a person (who picks a profile, made here by
    name) or by the computer at a level (it needs no profile: it plays under the store's
    :meth:`~game.services.campaign.CampaignStore.computer_profile`). Every list holds only choices
    that exist, so any order of clicks is safe; when "Start campaign" cannot be pressed the
    screen says why. Enter continues the campaign listed first that is not over (a new one
    starts with Enter only when there is none)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.store = campaign_store(app)
        self.teams = sorted(self.ctx.catalogue.fireteams)
        self.choice: dict[int, str] = {1: "", 2: ""}  # profile ids
        self.fireteams = {1: self.teams[0], 2: self.teams[min(1, len(self.teams) - 1)]}
        # a key of PLAYED_BY: with fewer than two people known, the computer plays side 2
        self.seats = {1: "human",
                      2: "human" if len(self.store.profiles()) >= 2 else "normal"}
        self.add_own = False  # also draw the random mission from the players' own missions
        self.message = ""
        self.campaigns: list[Campaign] = []
        self.profiles: list[Profile] = []
        self.drops: dict[tuple[str, int], pygame_gui.elements.UIDropDownMenu] = {}
        self.changed = False  # a list's choice changed: the form is rebuilt at the update

    def pick_profiles(self) -> None:
        """Each side a person plays gets a profile that exists (a different one from the
        other person's while there are enough); a computer side needs none."""
        ids = [p.id for p in self.profiles]
        for p in (1, 2):
            if self.seats[p] != "human":
                continue
            other = self.choice[opponent(p)] if self.seats[opponent(p)] == "human" else ""
            if self.choice[p] not in ids or (self.choice[p] == other and len(ids) > 1):
                free = [i for i in ids if i != other]
                self.choice[p] = free[0] if free else (ids[0] if ids else "")

    def start_blocked(self) -> str:
        """Why "Start campaign" cannot be pressed now, in a sentence ("" when it can)."""
        names = {p.id: p.name for p in self.profiles}
        for p in (1, 2):
            if self.seats[p] == "human" and self.choice[p] not in names:
                return (f"Player {p} is played by a person who needs a profile: type a name "
                        "above and press Add player, or let the computer play that side.")
        if self.seats[1] == self.seats[2] == "human" and self.choice[1] == self.choice[2]:
            return (f"Both sides are {names[self.choice[1]]}: add a second player, or let "
                    "the computer play one side.")
        return ""

    def continuing(self) -> Campaign | None:
        """The campaign Enter continues: the first listed that is not over."""
        return next((c for c in self.campaigns[:10] if not c.is_over), None)

    def build(self) -> None:
        width, height = self.app.size
        self.campaigns = self.store.campaigns()
        self.profiles = self.store.profiles()
        self.pick_profiles()
        px = self.ctx.px
        left = pygame.Rect(30, px(80), width // 2 - 45, height - px(170))
        going_on = self.continuing()
        for i, campaign in enumerate(self.campaigns[:10]):
            state = ("won by " + campaign.players[campaign.winner]["name"]
                     if campaign.is_over else f"mission {len(campaign.history) + 1} next")
            self.button(f"{campaign.name} · {state}",
                        pygame.Rect(left.left, left.top + px(40) + i * px(44), left.width,
                                    px(38)),
                        lambda c=campaign: self.open(c),
                        hotkey=pygame.K_RETURN if campaign is going_on else None,
                        tooltip="Continue this campaign" if not campaign.is_over
                        else "See how this campaign went")
        right = pygame.Rect(width // 2 + 15, px(80), width // 2 - 45, height - px(170))
        column = px(220)
        self.name_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(right.left + 16, right.top + px(40), column, px(34)),
            manager=self.app.manager)
        self.name_entry.set_text_length_limit(40)
        self.elements.append(self.name_entry)
        self.button("Add player", pygame.Rect(right.left + 16 + column + px(10),
                                              right.top + px(40),
                                              self.button_width("Add player", least=px(140)),
                                              px(34)),
                    self.add_player, tooltip="A new player profile with the name typed on "
                                             "the left")
        self.drops = {}
        names = {p.id: p.name for p in self.profiles}
        cat = self.ctx.catalogue
        for i, player in enumerate((1, 2)):
            top = right.top + px(110) + i * px(150)
            second = right.left + 16 + column + px(10)
            seat = pygame_gui.elements.UIDropDownMenu(
                list(PLAYED_BY.values()), PLAYED_BY[self.seats[player]],
                pygame.Rect(right.left + 16, top + px(26), column, px(34)),
                manager=self.app.manager)
            self.drops[("seat", player)] = seat
            self.elements.append(seat)
            team = pygame_gui.elements.UIDropDownMenu(
                [cat.fireteams[t].name for t in self.teams],
                cat.fireteams[self.fireteams[player]].name,
                pygame.Rect(second, top + px(26), right.right - 16 - second, px(34)),
                manager=self.app.manager)
            self.drops[("team", player)] = team
            self.elements.append(team)
            # a person's side names its profile; only profiles that exist are offered, the
            # one shown is always among them (no list is made without one)
            if self.seats[player] == "human" and self.choice[player] in names:
                drop = pygame_gui.elements.UIDropDownMenu(
                    [p.name for p in self.profiles], names[self.choice[player]],
                    pygame.Rect(right.left + 16, top + px(68), column, px(32)),
                    manager=self.app.manager)
                self.drops[("profile", player)] = drop
                self.elements.append(drop)
        if own_mission_ids(self.app):
            self.button(("✓ " if self.add_own else "") + "Add our own missions to the draw",
                        pygame.Rect(right.left + 16, right.top + px(420), right.width - 32,
                                    px(34)),
                        self.toggle_own,
                        tooltip="The random mission is drawn from the mission cards; with "
                                "this, from your own missions too")
        self.button("Back", pygame.Rect(30, height - px(70), self.button_width(
            "Back", pygame.K_ESCAPE, px(140)), px(44)), self.app.pop, hotkey=pygame.K_ESCAPE)
        blocked = self.start_blocked()
        key = None if going_on is not None else pygame.K_RETURN
        start = self.button_width("Start campaign", key, px(320), big=True)
        self.button("Start campaign", pygame.Rect(width - 30 - start, height - px(70), start,
                                                  px(44)),
                    self.start, hotkey=key, enabled=not blocked,
                    object_id="#big_button",
                    tooltip=blocked or "Two players, each with a fireteam for the whole "
                                       "campaign")
        self.left, self.right = left, right

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        """The buttons, the name field, each list and, while a list is open, its items."""
        out = super().clickables()
        if self.name_entry.alive():
            out.append(("name field", self.name_entry.rect))
        out += dropdown_clickables(self.drops)
        return out

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            return
        cat = self.ctx.catalogue
        for (kind, player), drop in self.drops.items():
            if event.ui_element is not drop:
                continue
            if kind == "profile":
                chosen = next((p.id for p in self.profiles if p.name == event.text), "")
                if chosen:
                    self.choice[player] = chosen
            elif kind == "team":
                self.fireteams[player] = next(t for t in self.teams
                                              if cat.fireteams[t].name == event.text)
            else:
                self.seats[player] = next(k for k, v in PLAYED_BY.items()
                                          if v == event.text)
            self.changed = True  # rebuilt in update(), not while the list hands its event
            return

    def update(self, dt: float) -> None:
        if self.changed:
            self.changed = False
            self.rebuild()

    def toggle_own(self) -> None:
        self.add_own = not self.add_own
        self.rebuild()

    def mission_pool(self) -> list[str]:
        """The mission cards, and the players' own missions only if they chose to add
        them."""
        own = set(own_mission_ids(self.app))
        return sorted(m for m in self.ctx.catalogue.missions
                      if m not in own or self.add_own)

    def add_player(self) -> None:
        try:
            profile = self.store.add_profile(self.name_entry.get_text())
        except (CampaignError, OSError) as error:
            self.message = str(error)[:1].upper() + str(error)[1:] + "."
            return
        self.message = f"{profile.name} can now play campaigns"
        for p in (1, 2):
            if self.seats[p] != "human":
                continue
            other = self.choice[opponent(p)] if self.seats[opponent(p)] == "human" else ""
            if not self.choice[p] or self.choice[p] == other:
                self.choice[p] = profile.id
                break
        self.rebuild()

    def start(self) -> None:
        if self.start_blocked():
            self.message = self.start_blocked()
            return
        try:
            players = {p: self.store.profile(self.choice[p]) if self.seats[p] == "human"
                       else self.store.computer_profile() for p in (1, 2)}
            seats = {p: "human" if s == "human" else "computer"
                     for p, s in self.seats.items()}
            levels = {p: s for p, s in self.seats.items() if s != "human"}
            campaign = self.store.new_campaign(players, dict(self.fireteams), seats=seats,
                                               levels=levels, missions=self.mission_pool())
        except (CampaignError, OSError) as error:
            self.message = str(error)
            return
        self.app.push(CampaignScene(self.app, campaign))

    def open(self, campaign: Campaign) -> None:
        self.app.push(CampaignScene(self.app, campaign))

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.fill((16, 17, 20))
        px = ctx.px
        ctx.text(surface, "CAMPAIGNS", 30, (30, px(24)), GOLD, "condensed")
        panel(surface, self.left, "Your campaigns", ctx)
        y = self.left.top + px(40) + min(len(self.campaigns), 10) * px(44) + px(8)
        if not self.campaigns:
            ctx.text(surface, "No campaign yet: start one on the right.", 14,
                     (self.left.left + 16, y), DIM, width=self.left.width - 32)
            y += px(24)
        for problem in self.store.problems[:4]:
            y += ctx.wrapped(surface, f"Cannot be read: {problem}", 13,
                             pygame.Rect(self.left.left + 16, y, self.left.width - 32,
                                         px(60)), BAD) + 4
        panel(surface, self.right, "A new campaign", ctx)
        ctx.text(surface, "New player's name", 13,
                 (self.right.left + 16, self.right.top + px(22)), DIM)
        column = px(220)
        for i, player in enumerate((1, 2)):
            top = self.right.top + px(110) + i * px(150)
            ctx.text(surface, f"PLAYER {player}: played by, fireteam, profile", 13,
                     (self.right.left + 16, top + px(6)), ctx.colours[player], "condensed",
                     width=self.right.width - 32)
            if self.seats[player] != "human":
                ctx.wrapped(surface, "The computer needs no profile.", 13, pygame.Rect(
                    self.right.left + 16, top + px(74), self.right.width - 32, px(30)), DIM)
            elif ("profile", player) not in self.drops:
                ctx.wrapped(surface, "No profile yet: type a name above and press Add "
                            "player.", 13, pygame.Rect(self.right.left + 16, top + px(74),
                                                        column * 2, px(40)), BAD)
        if self.message:
            ctx.wrapped(surface, self.message, 14, pygame.Rect(
                self.right.left + 16, self.right.bottom - px(60), self.right.width - 32,
                px(50)), INK)
        blocked = self.start_blocked()
        if blocked:  # why the disabled button is disabled, beside it
            width, height = surface.get_size()
            left = 30 + self.button_width("Back", pygame.K_ESCAPE, px(140)) + px(20)
            right = width - 30 - self.button_width("Start campaign", None, px(320),
                                                   big=True) - px(20)
            ctx.wrapped(surface, blocked, 13, pygame.Rect(left, height - px(74),
                                                          right - left, px(52)), BAD)


class CampaignScene(Scene):
    """One campaign: where it stands, what happened, and the next mission."""

    def __init__(self, app: App, campaign: Campaign) -> None:
        super().__init__(app)
        self.store = campaign_store(app)
        self.campaign = campaign
        self.message = ""
        # each player's column and the missions scroll when they do not fit their panels
        self.columns = {1: ScrollBox(), 2: ScrollBox(), 0: ScrollBox()}
        # the next mission begun and saved (autosaved when the window closed or crashed):
        # "Resume mission" goes on with it instead of setting the mission up afresh
        self.in_progress: tuple[Path, Game] | None = None

    def enter(self) -> None:
        self.find_in_progress()
        super().enter()

    def resume(self) -> None:
        try:  # a mission may have been recorded meanwhile: read it again from disk
            self.campaign = self.store.campaign(self.campaign.id)
        except CampaignError as error:
            self.message = str(error)
        self.find_in_progress()
        super().resume()

    def on_event(self, event: pygame.event.Event) -> None:
        for box in self.columns.values():
            if box.on_event(event):
                return

    def find_in_progress(self) -> None:
        self.in_progress = None if self.campaign.is_over or self.campaign.pending else \
            mission_in_progress(self.campaign, saved_games(self.app))

    def build(self) -> None:
        width, height = self.app.size
        px = self.ctx.px
        campaign = self.campaign
        back = pygame.Rect(30, height - px(70), self.button_width(
            "Back", pygame.K_ESCAPE, px(140)), px(44))
        self.button("Back", back, self.app.pop, hotkey=pygame.K_ESCAPE)
        pend = campaign.pending
        if pend:
            from game.ui.words import operative_in
            team = campaign.players[pend["player"]]["fireteam"]
            options = pend["options"][:8]
            # each as wide as its name, while the row fits the window (else shortened at a
            # word's end, in full as a tooltip)
            most = (width - 60) // max(1, len(options)) - px(10)
            x = 30
            for op in options:
                name = operative_in(self.ctx.catalogue, team, op)
                wide = min(most, self.button_width(name, least=px(140)))
                self.button(name, pygame.Rect(x, height - px(176), wide, px(40)),
                            lambda o=op: self.pick(o),
                            tooltip="This operative receives the turned card")
                x += wide + px(10)
        playable = not campaign.is_over and not pend
        label, tip = "Play mission", "Set up and play the next mission"
        if self.in_progress is not None:
            game = self.in_progress[1]
            label = f"Resume mission {campaign.next['number'] if campaign.next else ''}"
            tip = (f"The mission was left at turning point {game.state.turning_point}: it "
                   "goes on where it was")
        elif campaign.is_over:
            tip = "The campaign is over"
        elif pend:
            tip = "First pick the operative who receives the turned card (above)"
        wide = self.button_width(label, pygame.K_RETURN, px(300), big=True)
        play = pygame.Rect(width - 30 - wide, height - px(70), wide, px(44))
        self.button(label, play, self.play, hotkey=pygame.K_RETURN, enabled=playable,
                    object_id="#big_button", tooltip=tip)
        self.back_rect, self.play_rect = back, play

    def pick(self, operative: str) -> None:
        try:
            self.campaign.choose_operative(operative)
        except (CampaignError, OSError) as error:
            self.message = str(error)
        self.rebuild()

    def play(self) -> None:
        """Resume the next mission where it was left, or set it up afresh."""
        if self.in_progress is not None:
            game = self.in_progress[1]
        else:
            try:
                game = self.campaign.next_game()
            except (CampaignError, KeyError, ValueError) as error:
                self.message = str(error)
                return
        names = {p: self.campaign.players[p]["name"] for p in (1, 2)}
        # a computer seat plays at the level chosen for it (normal in older campaigns)
        self.app.open(SceneName.PLAY, game,
                      setup=GameSetup.of(game, self.campaign.seats(), names))

    def draw(self, surface: pygame.Surface) -> None:
        ctx, campaign = self.ctx, self.campaign
        surface.fill((16, 17, 20))
        width, height = surface.get_size()
        px = ctx.px
        ctx.text(surface, f"CAMPAIGN · {campaign.name}", 28, (30, px(24)), GOLD, "condensed",
                 width=width - 60)
        column = (width - 90) // 3
        line = ctx.assets.font(px(13)).get_linesize()
        for i, player in enumerate((1, 2)):
            seat = campaign.players[player]
            box = pygame.Rect(30 + i * (column + 15), px(80), column, height - px(264))
            inner = panel(surface, box, seat["name"], ctx)
            lines = player_lines(campaign, player)

            def painter(page: pygame.Surface, room: pygame.Rect,
                        lines: list[tuple[str, tuple[int, int, int], int]] = lines) -> int:
                y = room.top
                for text, colour, size in lines:
                    y += ctx.wrapped(page, text, size, pygame.Rect(
                        room.left, y, room.width, max(0, room.bottom - y)), colour) + 2
                return y - room.top

            self.columns[player].paint(ctx, surface, inner, painter, line)
        box = pygame.Rect(30 + 2 * (column + 15), px(80), column, height - px(264))
        inner = panel(surface, box, "Missions", ctx)
        from game.services.campaign import history_lines

        def missions(page: pygame.Surface, room: pygame.Rect) -> int:
            y = room.top
            for line in history_lines(campaign)[-12:]:
                y += ctx.wrapped(page, line, 13, pygame.Rect(room.left, y, room.width,
                                                            max(0, room.bottom - y)), INK) + 3
            if not campaign.history:
                y += ctx.wrapped(page, "No mission played yet.", 13,
                                 pygame.Rect(room.left, y, room.width, px(40)), DIM)
            return y - room.top

        self.columns[0].paint(ctx, surface, inner, missions, line)
        ctx.wrapped(surface, "Next: " + campaign.describe_next(), 16,
                    pygame.Rect(30, height - px(130), width - 60, px(50)), GOLD)
        if self.message:
            left, right = self.back_rect.right + 20, self.play_rect.left - 20
            ctx.wrapped(surface, self.message, 14, pygame.Rect(left, height - px(66),
                                                               right - left, px(40)), BAD)


def player_lines(campaign: Campaign, player: int
                 ) -> list[tuple[str, tuple[int, int, int], int]]:
    """What a player's column of the campaign screen says, line by line (text, colour, size):
    who plays, the agent, the three special operations with their progress and the next one's
    card text, the Battle Honours and Command Assets with their effects, the wargear held."""
    from game.ui.words import operative_in

    cat = campaign.catalogue
    seat = campaign.players[player]
    team = cat.fireteams[seat["fireteam"]]
    played = PLAYED_BY.get(campaign.level(player), "the computer") \
        if seat["seat"] == "computer" else PLAYED_BY["human"]
    lines: list[tuple[str, tuple[int, int, int], int]] = [
        (f"{team.name} · played by {played}", DIM, 13)]
    if campaign.is_over:
        lines.append(("Won the campaign" if campaign.winner == player
                      else "Lost the campaign", GOLD, 14))
    elif campaign.agent == player:
        lines.append(("The agent", GOLD, 14))
        lines.append((AGENT_WORDS, DIM, 12))
    elif campaign.agent:
        lines.append(("The antagonist", GOLD, 14))
        lines.append((ANTAGONIST_WORDS, DIM, 12))
    else:
        lines.append(("Neither agent nor antagonist yet", DIM, 13))
        lines.append((NO_AGENT_WORDS, DIM, 12))
    lines.append((f"Special operations: {min(len(campaign.honours(player)), 3)} of 3 won "
                  "(each Battle Honour won moves on to the next)", GOLD, 14))
    done = len(campaign.honours(player))
    current = campaign.special_operation_for(player)
    cards = sorted((c for c in cat.special_operations.values() if c.fireteam == team.id),
                   key=lambda c: STAGES.index(c.stage) if c.stage in STAGES else 9)
    for card in cards:
        stage = STAGE_WORDS.get(card.stage, card.stage)
        if STAGES.index(card.stage) < done or (campaign.is_over and campaign.winner == player
                                               and card.stage == "final"):
            lines.append((f"  ✓ {stage}: {card.name} (won)", INK, 13))
        elif card.id == current.id and not campaign.is_over:
            when = "when it is the agent" if campaign.agent not in (0, player) else "next"
            lines.append((f"  → {stage}: {card.name} ({when})", INK, 13))
            lines.append((f"     {card.text}", DIM, 12))
        else:
            lines.append((f"  · {stage}: {card.name}", DIM, 13))
    lines.append(("Battle Honours", GOLD, 14))
    for h in campaign.honours(player):
        reward = cat.special_operations[h["card"]].reward
        who = operative_in(cat, team.id, h["operative"])
        lines.append((f"  {reward.name} on {who}: {reward.text}", INK, 12))
    if not campaign.honours(player):
        lines.append(("  none yet", DIM, 12))
    lines.append(("Command Assets", GOLD, 14))
    for a in campaign.assets(player):
        reward = cat.special_operations[a["card"]].reward
        who = operative_in(cat, team.id, a["operative"])
        carried = " (from an earlier campaign)" if a.get("carried") else ""
        lines.append((f"  {reward.name} on {who}{carried}: {reward.text}", INK, 12))
    if not campaign.assets(player):
        lines.append(("  none yet", DIM, 12))
    lines.append(("Special issue wargear (each card used once, kept until used)", GOLD, 14))
    for card_id in campaign.wargear(player):
        card = cat.wargear[card_id]
        lines.append((f"  {card.name}: {card.text}", INK, 12))
    if not campaign.wargear(player):
        lines.append(("  none", DIM, 12))
    return lines
