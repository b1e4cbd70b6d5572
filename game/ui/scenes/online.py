"""Play online (from the main menu): the server's address and the player's name (both
remembered in ``online.json`` in the data folder), host a game (private unless "Public" is
chosen, with the turn clock the host picks) and get its join code, join with a code, the
lobby of open games, and the games in progress this computer holds a seat in (to come back
to after closing the window). "Watch" spectates a game: one of the open games being played,
listed under the ones waiting for a player, or any game by its code; a spectator sees only
what everybody may see."""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.engine import RULE_SET_NAMES, RuleSet, missions_of
from game.net.client import Disconnected, ServerError
from game.net.prefs import DEFAULT_SERVER, OnlinePrefs, server_url
from game.net.protocol import spaced_code
from game.net.remote import Link, RemoteGame
from game.ui.context import DIM, GOLD, INK, RED
from game.ui.registry import SceneName
from game.ui.scene import Scene

# the host's choices: whether the game is listed, and its turn clock
PUBLIC = {False: ("Private: joined with its code only",
                  "Nobody sees this game in the lobby: give your opponent its code. Click "
                  "to list it publicly instead"),
          True: ("Public: listed in the lobby",
                 "Anybody on this server sees this game in the lobby and may take the free "
                 "seat. Click to make it private")}
CLOCKS = ((0, "No turn clock"), (2, "2 minutes a decision"), (5, "5 minutes a decision"),
          (15, "15 minutes a decision"), (60, "1 hour a decision"),
          (24 * 60, "1 day a decision"))


class OnlineScene(Scene):
    def __init__(self, app) -> None:  # type: ignore[no-untyped-def]
        super().__init__(app)
        self.prefs = OnlinePrefs.load()
        cat = self.ctx.catalogue
        self.rules = RuleSet.FIRETEAM  # the rule set the host plays under
        self.missions = self.playable(self.rules)
        self.teams = sorted(cat.fireteams)
        self.mission = self.missions[0] if "dual_strike" not in self.missions else "dual_strike"
        self.fireteams = [self.teams[0], self.teams[-1]]
        self.open_games: list[dict[str, Any]] = []
        self.playing: list[dict[str, Any]] = []  # open games with both seats taken
        self.watch_top = 0  # where the list of games to watch starts (drawn under its title)
        self.message = ""
        self.problem = False
        self.refused = ""  # the error code of the last refusal, if any
        self.public = False  # a hosted game is private (joined by its code) unless chosen
        self.turn_minutes = 0  # the turn clock the host chooses (0: none)

    def playable(self, rules: RuleSet) -> list[str]:
        """The missions ``rules`` plays (the engine's registry says which)."""
        return missions_of(self.ctx.catalogue, rules)

    def set_rules(self, rules: str) -> None:
        """Host under ``rules``: only the missions it plays are offered."""
        self.read_fields()
        self.rules = rules
        self.missions = self.playable(rules)
        if self.mission not in self.missions:
            self.mission = "dual_strike" if "dual_strike" in self.missions else self.missions[0]
        self.rebuild()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and \
                event.ui_element is self.rules_drop:
            self.set_rules(next(r for r, name in RULE_SET_NAMES.items() if name == event.text))

    # --- layout ------------------------------------------------------------------------

    def build(self) -> None:
        width, height = self.app.size
        manager = self.app.manager
        cat = self.ctx.catalogue
        self.server_entry = self.entry(pygame.Rect(150, 70, 360, 34), self.prefs.server, 200)
        self.name_entry = self.entry(pygame.Rect(650, 70, 220, 34), self.prefs.name, 20)
        column = (width - 90) // 3
        host = pygame.Rect(30, 140, column, height - 230)
        self.mission_drop = pygame_gui.elements.UIDropDownMenu(
            [cat.missions[m].name for m in self.missions], cat.missions[self.mission].name,
            pygame.Rect(host.left, host.top + 34, host.width, 32), manager=manager)
        self.team_drops = []
        for i in range(2):
            drop = pygame_gui.elements.UIDropDownMenu(
                [cat.fireteams[t].name for t in self.teams],
                cat.fireteams[self.fireteams[i]].name,
                pygame.Rect(host.left, host.top + 104 + i * 62, host.width, 32),
                manager=manager)
            self.team_drops.append(drop)
        rules_width = min(200, host.width // 2)
        self.rules_drop = pygame_gui.elements.UIDropDownMenu(
            list(RULE_SET_NAMES.values()), RULE_SET_NAMES[self.rules],
            pygame.Rect(host.right - rules_width, host.top - 4, rules_width, 30),
            manager=manager)
        self.elements += [self.mission_drop, *self.team_drops, self.rules_drop]
        self.button("Host a game", pygame.Rect(host.left, host.top + 240, host.width, 40),
                    self.host, hotkey=pygame.K_RETURN,
                    tooltip="Create the game on the server; you play the first fireteam and "
                    "get a join code for your opponent")
        self.button(PUBLIC[self.public][0],
                    pygame.Rect(host.left, host.top + 290, host.width, 34), self.toggle_public,
                    tooltip=PUBLIC[self.public][1])
        self.clock_drop = pygame_gui.elements.UIDropDownMenu(
            [label for _, label in CLOCKS], dict(CLOCKS)[self.turn_minutes],
            pygame.Rect(host.left, host.top + 356, host.width, 32), manager=manager)
        self.elements.append(self.clock_drop)
        join = pygame.Rect(host.right + 15, 140, column, height - 230)
        self.code_entry = self.entry(pygame.Rect(join.left, join.top + 34, 170, 34), "", 16)
        self.button("Join", pygame.Rect(join.left + 180, join.top + 34, 90, 34),
                    lambda: self.join(self.code_entry.get_text()), hotkey=pygame.K_j)
        self.button("Watch", pygame.Rect(join.left + 280, join.top + 34,
                                         max(100, join.width - 280), 34),
                    lambda: self.watch(self.code_entry.get_text()), hotkey=pygame.K_w,
                    tooltip="Spectate the game of this code: you see what everybody may "
                    "see, no hand and no secret")
        self.button("Refresh", pygame.Rect(join.left, join.top + 110, 140, 32),
                    self.refresh_lobby, hotkey=pygame.K_F5,
                    tooltip="The games on this server waiting for a player")
        cat_missions = cat.missions
        listed = self.open_games[:5]
        for i, game in enumerate(listed):
            self.button(self.game_label(game),
                        pygame.Rect(join.left, join.top + 150 + i * 40, join.width, 36),
                        lambda c=game["code"]: self.join(c))
        self.watch_top = join.top + 150 + len(listed) * 40 + 10
        room = max(0, (join.bottom - self.watch_top - 26) // 40)
        for i, game in enumerate(self.playing[:room]):
            self.button(f"Watch {self.game_label(game, ' v ')}",
                        pygame.Rect(join.left, self.watch_top + 26 + i * 40, join.width, 36),
                        lambda c=game["code"]: self.watch(c),
                        tooltip="Spectate this game: what everybody may see, no hand")
        back = pygame.Rect(join.right + 15, 140, column, height - 230)
        for i, held in enumerate(self.prefs.games[:8]):
            mission = cat_missions[held["mission"]].name if held.get("mission") in \
                cat_missions else held.get("mission", "")
            self.button(f"{spaced_code(held['code'])} · {mission} · seat {held.get('seat')}",
                        pygame.Rect(back.left, back.top + 34 + i * 40, back.width, 36),
                        lambda h=held: self.come_back(h))
        self.button("Back", pygame.Rect(30, height - 70, 140, 44), self.app.pop,
                    hotkey=pygame.K_ESCAPE)

    def game_label(self, game: dict[str, Any], between: str = ", ") -> str:
        missions = self.ctx.catalogue.missions
        mission = missions[game["mission"]].name if game["mission"] in missions \
            else game["mission"]
        names = between.join(str(n) for n in game.get("names", {}).values())
        minutes = game.get("turn_minutes") or 0
        clock = f" · {dict(CLOCKS).get(minutes, f'{minutes} min a decision')}" if minutes \
            else ""
        rules = game.get("rules", RuleSet.FIRETEAM.value)
        under = f" · {RULE_SET_NAMES[rules]}" if rules in RULE_SET_NAMES and \
            rules != RuleSet.FIRETEAM else ""
        return f"{spaced_code(game['code'])} · {mission}{under} · {names}{clock}"

    def entry(self, rect: pygame.Rect, text: str,
              limit: int) -> pygame_gui.elements.UITextEntryLine:
        entry = pygame_gui.elements.UITextEntryLine(rect, manager=self.app.manager)
        entry.set_text(text)
        entry.set_text_length_limit(limit)
        self.elements.append(entry)
        return entry

    # --- what the buttons do -------------------------------------------------------------

    def read_fields(self) -> None:
        cat = self.ctx.catalogue
        self.prefs.server = self.server_entry.get_text().strip() or DEFAULT_SERVER
        self.prefs.name = self.name_entry.get_text().strip()
        by_name = {cat.missions[m].name: m for m in self.missions}
        self.mission = by_name.get(self.mission_drop.selected_option[0]
                                   if isinstance(self.mission_drop.selected_option, tuple)
                                   else self.mission_drop.selected_option, self.mission)
        teams = {cat.fireteams[t].name: t for t in self.teams}
        for i, drop in enumerate(self.team_drops):
            option = drop.selected_option
            label = option[0] if isinstance(option, tuple) else option
            self.fireteams[i] = teams.get(label, self.fireteams[i])
        option = self.clock_drop.selected_option
        label = option[0] if isinstance(option, tuple) else option
        self.turn_minutes = {text: m for m, text in CLOCKS}.get(label, self.turn_minutes)
        self.prefs.save()

    def toggle_public(self) -> None:
        self.read_fields()
        self.public = not self.public
        self.rebuild()

    def link(self) -> Link | None:
        """A connection to the server in the address field, or None after saying why."""
        link = Link(server_url(self.prefs.server), self.ctx.catalogue)
        try:
            link.connect()
        except (OSError, TimeoutError, ValueError) as error:
            link.close()
            self.say(f"cannot reach {self.prefs.server}: {error}", problem=True)
            return None
        except Exception as error:  # a handshake refused, a bad address...
            link.close()
            self.say(f"cannot reach {self.prefs.server}: {error}", problem=True)
            return None
        return link

    def host(self) -> None:
        self.read_fields()
        self.seat_with(lambda c: c.create(self.mission, (self.fireteams[0], self.fireteams[1]),
                                          seat=1, name=self.prefs.name, open_=self.public,
                                          turn_minutes=self.turn_minutes,
                                          rules=str(self.rules)))

    def join(self, code: str) -> None:
        self.read_fields()
        code = code.strip().upper()
        if not code:
            self.say("type the join code your opponent gave you", problem=True)
            return
        self.seat_with(lambda c: c.join(code, name=self.prefs.name))

    def watch(self, code: str) -> None:
        self.read_fields()
        code = code.strip().upper()
        if not code:
            self.say("type the code of the game to watch, or pick one being played",
                     problem=True)
            return
        self.seat_with(lambda c: c.spectate(code))

    def come_back(self, held: dict[str, Any]) -> None:
        self.read_fields()
        self.prefs.server = held["server"]
        token = held["token"]
        if not self.seat_with(lambda c: c.reconnect(token)) and self.refused == "bad_token":
            # the server no longer knows it (the game ended long ago); a game it keeps but
            # cannot resume now (game_unavailable), or a server out of reach, stays listed
            self.prefs.forget(token)
            self.rebuild()

    def seat_with(self, make: Any) -> bool:
        link = self.link()
        if link is None:
            return False
        try:
            link.run(make)
            remote = RemoteGame(link)
        except (ServerError, Disconnected, TimeoutError, ValueError) as error:
            link.close()
            self.refused = getattr(error, "code", "")
            self.say(str(getattr(error, "message", error)), problem=True)
            return False
        self.prefs.remember(link)
        self.app.open(SceneName.ONLINE_PLAY, remote)
        return True

    def refresh_lobby(self) -> None:
        self.read_fields()
        link = self.link()
        if link is None:
            return
        try:
            self.open_games, self.playing = link.run(lambda c: c.lobby())
            self.say(f"on {self.prefs.server}: {len(self.open_games)} open games, "
                     f"{len(self.playing)} being played")
        except (ServerError, Disconnected, TimeoutError) as error:
            self.say(str(error), problem=True)
        finally:
            link.close()
        self.rebuild()

    def say(self, text: str, problem: bool = False) -> None:
        self.message, self.problem = text, problem

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        surface.fill((16, 17, 20))
        ctx = self.ctx
        ctx.text(surface, "Play online", 30, (30, 18), GOLD, "condensed")
        ctx.text(surface, "Server", 15, (30, 78), DIM)
        ctx.text(surface, "Your name", 15, (540, 78), DIM)
        column = (width - 90) // 3
        heads = ("Host a game", "Join with a code · open games", "Your games in progress")
        for i, head in enumerate(heads):
            ctx.text(surface, head, 18, (30 + i * (column + 15), 140), GOLD)
        ctx.text(surface, "Your fireteam (player 1)", 14, (30, 140 + 88), DIM)
        ctx.text(surface, "Your opponent's fireteam", 14, (30, 140 + 150), DIM)
        ctx.text(surface, "Turn clock", 14, (30, 140 + 336), DIM)
        clock = dict(CLOCKS)[self.turn_minutes]
        rule = (f"{clock}: when a player's decision takes longer, the other may claim the "
                "win" if self.turn_minutes else "No turn clock: a player may take as long as "
                "they like")
        ctx.wrapped(surface, rule + "; and if a player has been gone longer than the server "
                    "allows (10 minutes unless its operator chose otherwise), the one still "
                    "there may claim the win too.", 13,
                    pygame.Rect(30, 140 + 398, column, 120), DIM)
        join_left = 30 + column + 15
        if self.open_games or self.playing:
            ctx.text(surface, "Being played (watch)" if self.playing else
                     "none being played to watch", 14, (join_left, self.watch_top), DIM)
        else:
            ctx.text(surface, "Refresh lists the games waiting for a player and those being "
                     "played (to watch)", 14, (join_left, 140 + 150), DIM, width=column)
        if not self.prefs.games:
            ctx.text(surface, "none: games you host or join are listed here, to come back to",
                     14, (30 + 2 * (column + 15), 180), DIM, width=column)
        if self.message:
            ctx.text(surface, self.message, 15, (width // 2, height - 48),
                     RED if self.problem else INK, anchor="center", width=width - 400)
