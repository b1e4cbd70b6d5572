"""A new game: the rule set, the mission (with its map and card), each player's name and
fireteam, and the fireteam's options (the Pathfinders' drones, within their limits)."""

from __future__ import annotations

import re
from typing import Any

import pygame
import pygame_gui

from game.engine import (
    RULE_SET_NAMES,
    Catalogue,
    Fireteam,
    FireteamOption,
    RuleSet,
    SplitMix64,
    build_config,
    choose_options,
    missions_of,
    opponent,
)
from game.services.own_missions import broken_lines
from game.ui.board import BoardView
from game.ui.context import DIM, GOLD, INK, PALETTE, Context, panel
from game.ui.registry import SceneName, scene_class
from game.ui.rulesets import length_words, pack_of, screens_of
from game.ui.scene import Scene
from game.ui.widgets import ScrollText

SEATS = {"human": "Human", "easy": "Computer — easy", "normal": "Computer — normal",
         "hard": "Computer — hard"}
# what each computer level is like, at the foot of its player's panel: in full, and in
# short where the full words and the fireteam's whole ploys do not both fit
SEAT_WORDS = {
    "easy": ("Easy plays like a beginner: it fights, but picks its strategic ploys blindly, "
             "saves its once-a-mission cards and activates its operatives in no particular "
             "order.", "Easy: a beginner who fights."),
    "normal": ("Normal tries its best few moves on the dice to come and plays for the "
               "mission: objectives, cover and take-downs.",
               "Normal: looks ahead, plays the mission."),
    "hard": ("Hard looks at more moves and more dice, answers each with the enemy's best "
             "replies, and punishes an operative left in the open.",
             "Hard: looks further, punishes mistakes."),
}


def reload_own_missions(ctx) -> None:  # type: ignore[no-untyped-def]
    """Read the missions folder again (a file added, changed or mended since the start)."""
    from game.ui.services import refresh_own_missions

    if ctx.services.own_missions is None:
        return  # no user folder in use (a bare test app): nothing to read again
    try:
        refresh_own_missions(ctx)
    except OSError:
        pass  # the folder cannot be read now: the list read at the start stays


class NewGameScene(Scene):
    def __init__(self, app, mission: str = "dual_strike",  # type: ignore[no-untyped-def]
                 fireteams: tuple[str, str] = ("gideon", "deathless_destroyers")) -> None:
        super().__init__(app)
        reload_own_missions(self.ctx)  # files added or changed while the game runs count
        # grouped by mission pack (the Fireteam rulebook's first, then Kill Team classic)
        self.rules = RuleSet.FIRETEAM
        self.all_missions = self._sorted_missions()
        self.missions = list(self.all_missions)
        self.table_roll = 0  # the last roll on a pack's D6 mission table (0: none)
        own = self.ctx.services.own_missions
        self.own: tuple[str, ...] = own.own if own is not None else ()
        self.broken: tuple[tuple[str, str], ...] = own.broken if own is not None else ()
        self.teams = sorted(self.ctx.catalogue.fireteams)
        self.mission = mission
        self.fireteams = list(fireteams)
        self.names = dict(self.ctx.names)
        self.seats: dict[int, str] = {1: "human", 2: "human"}
        self.colours = {p: next(n for n, c in PALETTE.items() if c == self.ctx.colours[p])
                        for p in (1, 2)}
        self._thumb: tuple[str, tuple[int, int], RuleSet, pygame.Surface] | None = None
        # (fireteam, text width, text scale) -> the height its ploys take, measured once, not
        # every frame
        self._ploy_heights: dict[tuple[str, int, int], int] = {}
        self.entries: dict[int, pygame_gui.elements.UITextEntryLine] = {}
        # each player's choices for their fireteam's options (the Pathfinders' drones):
        # option id -> the datacards chosen; an option not in here is the fireteam's own
        self.choices: dict[int, dict[str, tuple[str, ...]]] = {1: {}, 2: {}}
        self.option_drops: dict[tuple[int, str], pygame_gui.elements.UIDropDownMenu] = {}
        self.about_box = ScrollText()  # the mission's text

    def _sorted_missions(self) -> list[str]:
        catalogue_missions = self.ctx.catalogue.missions
        return sorted(catalogue_missions, key=lambda m: (
            catalogue_missions[m].pack != "fireteam", catalogue_missions[m].pack, m))

    def set_rules(self, rules: str) -> None:
        """Play under ``rules``: only the missions it can play are offered."""
        self.rules = rules
        playable = set(missions_of(self.ctx.catalogue, rules))
        self.missions = [m for m in self.all_missions if m in playable]
        if self.mission not in self.missions:
            self.mission = self.missions[0]
        self.table_roll = 0
        self.rebuild()

    def build(self) -> None:
        width, height = self.app.size
        cat = self.ctx.catalogue
        px = self.ctx.px
        rules_width = px(300)
        self.rules_drop = pygame_gui.elements.UIDropDownMenu(
            list(RULE_SET_NAMES.values()), RULE_SET_NAMES[self.rules],
            pygame.Rect(width - 30 - rules_width, px(18), rules_width, px(36)),
            manager=self.app.manager)
        self.elements.append(self.rules_drop)
        # the players' side gets the larger share: its ploy texts need the width more than the
        # mission map and text do
        split = width * 9 // 20
        left = pygame.Rect(30, px(80), split - 45, height - px(170))
        mission_names = [self.mission_label(m) for m in self.missions]
        random_width = self.button_width("Roll a mission (6)", pygame.K_r, px(120))
        # the list as wide as its longest name; when the roll button leaves too little room
        # beside it, that button goes up into the title's row
        longest = max(self.ctx.assets.font(int(15 * self.ctx.scale)).size(n)[0]
                      for n in mission_names) + px(22) + px(24)
        roll_top = left.top
        drop_width = left.width - random_width - px(10)
        if drop_width < longest:
            drop_width, roll_top = left.width, px(18)
        drop = pygame_gui.elements.UIDropDownMenu(
            mission_names, self.mission_label(self.mission),
            pygame.Rect(left.left, left.top, drop_width, px(36)),
            manager=self.app.manager)
        self.elements.append(drop)
        self.mission_drop = drop
        if self.pack_table() and self.rules == RuleSet.FIRETEAM:
            rolled = f" ({self.table_roll})" if self.table_roll else ""
            label = "Roll a mission" + rolled
            self.button(label, pygame.Rect(left.right - random_width, roll_top, random_width,
                                           px(36)),
                        self.roll_mission, hotkey=pygame.K_r,
                        tooltip="Roll a D6 on this pack's mission table: "
                        + ", ".join(f"{n} {self.ctx.catalogue.missions[m].name}"
                                    for n, m in sorted(self.pack_table().items())))
        else:
            self.button("Random", pygame.Rect(left.right - random_width, roll_top,
                                              random_width, px(36)),
                        self.random_mission, hotkey=pygame.K_r,
                        tooltip="Pick one of the missions at random")
        right = pygame.Rect(split + 15, px(72), width - split - 45, height - px(152))
        self.team_drops: dict[int, pygame_gui.elements.UIDropDownMenu] = {}
        self.colour_drops: dict[int, pygame_gui.elements.UIDropDownMenu] = {}
        self.seat_drops: dict[int, pygame_gui.elements.UIDropDownMenu] = {}
        self.option_drops = {}
        column = px(220)
        for i, player in enumerate((1, 2)):
            top = right.top + i * (right.height // 2)
            entry = pygame_gui.elements.UITextEntryLine(
                pygame.Rect(right.left + 16, top + px(28), column, px(32)),
                manager=self.app.manager)
            entry.set_text(self.names[player])
            entry.set_text_length_limit(20)
            self.entries[player] = entry
            self.elements.append(entry)
            second = right.left + 16 + column + px(14)
            team = pygame_gui.elements.UIDropDownMenu(
                [cat.fireteams[t].name for t in self.teams],
                cat.fireteams[self.fireteams[i]].name,
                pygame.Rect(second, top + px(28), right.right - 16 - second, px(32)),
                manager=self.app.manager)
            self.team_drops[player] = team
            self.elements.append(team)
            colour = pygame_gui.elements.UIDropDownMenu(
                list(PALETTE), self.colours[player],
                pygame.Rect(right.left + 16, top + px(64), column, px(30)),
                manager=self.app.manager)
            self.colour_drops[player] = colour
            self.elements.append(colour)
            seat = pygame_gui.elements.UIDropDownMenu(
                list(SEATS.values()), SEATS[self.seats[player]],
                pygame.Rect(second, top + px(64), right.right - 16 - second, px(30)),
                manager=self.app.manager)
            self.seat_drops[player] = seat
            self.elements.append(seat)
            # the options' lists in the title row, after "PLAYER n"
            title = self.ctx.assets.font(px(14), "condensed").size(f"PLAYER {player}")[0]
            self.build_options(player, pygame.Rect(
                right.left + 16 + title + px(16), top + px(4),
                right.width - 32 - title - px(16), px(22)))
        back = self.button_width("Back", pygame.K_ESCAPE, px(140))
        self.button("Back", pygame.Rect(30, height - px(70), back, px(44)), self.app.pop,
                    hotkey=pygame.K_ESCAPE)
        start = self.button_width("Start", pygame.K_RETURN, px(260), big=True)
        self.button("Start", pygame.Rect(width - 30 - start, height - px(70), start, px(44)),
                    self.start, hotkey=pygame.K_RETURN, object_id="#big_button")
        self.left, self.right = left, right

    def build_options(self, player: int, row: pygame.Rect) -> None:
        """One list per option of ``player``'s fireteam, side by side in ``row``: every
        choice within the option's limit (the Pathfinders' drones)."""
        cat = self.ctx.catalogue
        team = cat.fireteams[self.fireteams[player - 1]]
        if not team.options:
            return
        gap = self.ctx.px(10)
        labels = [[choice_label(cat, c) for c in o.combinations()] for o in team.options]
        # each list as wide as its longest choice asks, in proportion
        longest = [max(len(label) for label in found) for found in labels]
        room = row.width - gap * (len(team.options) - 1)
        left = row.left
        for option, found, size in zip(team.options, labels, longest, strict=True):
            width = room * size // sum(longest)
            drop = pygame_gui.elements.UIDropDownMenu(
                found, choice_label(cat, self.chosen(player, option)),
                pygame.Rect(left, row.top, width, row.height), manager=self.app.manager)
            left += width + gap
            self.option_drops[(player, option.id)] = drop
            self.elements.append(drop)

    def chosen(self, player: int, option: FireteamOption) -> tuple[str, ...]:
        """The datacards ``player`` has chosen for ``option`` (the fireteam's own until
        they choose)."""
        team = self.ctx.catalogue.fireteams[self.fireteams[player - 1]]
        return self.choices[player].get(option.id, team.chosen(option))

    def options(self) -> dict[int, dict[str, list[str]]]:
        """Each player's choices that differ from their fireteam's own, for the recipe."""
        found: dict[int, dict[str, list[str]]] = {}
        for player in (1, 2):
            team = self.ctx.catalogue.fireteams[self.fireteams[player - 1]]
            picked = {o.id: list(self.choices[player][o.id]) for o in team.options
                      if self.choices[player].get(o.id, team.chosen(o)) != team.chosen(o)}
            if picked:
                found[player] = picked
        return found

    def team_of(self, player: int) -> Fireteam:
        """``player``'s fireteam with the choices made (its composition as it will play)."""
        team = self.ctx.catalogue.fireteams[self.fireteams[player - 1]]
        return choose_options(team, self.options().get(player))

    def mission_label(self, mission: str) -> str:
        found = self.ctx.catalogue.missions[mission]
        pack = pack_of(found)  # its pack may say more ("our design")
        name = found.name + (pack.mission_label(found) if pack is not None else "")
        return f"{name} (yours)" if mission in self.own else name

    def pack_table(self) -> dict[int, str]:
        """The current mission's pack's D6 mission table (roll -> mission), if it has one."""
        missions = self.ctx.catalogue.missions
        pack = missions[self.mission].pack
        table: dict[int, str] = {}
        for m in missions.values():
            screens = pack_of(m) if m.pack == pack else None
            roll = screens.table_roll(m) if screens is not None else None
            if roll:
                table[roll] = m.id
        return table

    def roll_mission(self) -> None:
        """Roll a D6 on the pack's mission table."""
        table = self.pack_table()
        rng = SplitMix64(self.ctx.seed + len(self.missions) + self.app.frames)
        self.table_roll = 1 + rng.below(6)
        self.mission = table.get(self.table_roll, self.mission)
        self.rebuild()

    def random_mission(self) -> None:
        rng = SplitMix64(self.ctx.seed + len(self.missions) + self.app.frames)
        self.mission = self.missions[rng.below(len(self.missions))]
        self.rebuild()

    def on_event(self, event: pygame.event.Event) -> None:
        if self.about_box.on_event(event):  # the mission text scrolled
            self.app.dirty = True
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.on_drop_down(event)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for player, entry in self.entries.items():
                if event.ui_element is entry:
                    self.names[player] = entry.get_text().strip() or f"Player {player}"

    def on_drop_down(self, event: pygame.event.Event) -> None:
        """A choice made in one of the drop-downs: the rules, the mission, a player's team
        or its options, seat or colour."""
        if event.ui_element is self.rules_drop:
            self.set_rules(next(r for r, name in RULE_SET_NAMES.items() if name == event.text))
            return
        if event.ui_element is self.mission_drop:
            self.mission = next(m for m in self.missions
                                if self.mission_label(m) == event.text)
        if self.team_or_option_chosen(event):
            return
        for player, drop in self.seat_drops.items():
            if event.ui_element is drop:
                self.seats[player] = next(k for k, v in SEATS.items() if v == event.text)
        for player, drop in self.colour_drops.items():
            if event.ui_element is drop:
                self.colours[player] = event.text
                other = opponent(player)
                if self.colours[other] == event.text:  # the two always differ
                    self.colours[other] = next(n for n in PALETTE if n != event.text)
                self.ctx.colours = {p: PALETTE[n] for p, n in self.colours.items()}
                self.rebuild()

    def team_or_option_chosen(self, event: pygame.event.Event) -> bool:
        """A fireteam chosen in a player's list (its options start again from its own), or
        a choice of one of its options; True when the event was one of those."""
        cat = self.ctx.catalogue
        for player, drop in self.team_drops.items():
            if event.ui_element is drop:
                self.fireteams[player - 1] = next(t for t in self.teams
                                                  if cat.fireteams[t].name == event.text)
                self.choices[player] = {}
                self.rebuild()  # the new fireteam's options, if it has any
                return True
        for (player, option_id), drop in self.option_drops.items():
            if event.ui_element is drop:
                option = next(o for o in cat.fireteams[self.fireteams[player - 1]].options
                              if o.id == option_id)
                self.choices[player][option_id] = next(
                    c for c in option.combinations() if choice_label(cat, c) == event.text)
                return True
        return False

    def start(self) -> None:
        play: Any = scene_class(SceneName.PLAY)
        for player, entry in self.entries.items():
            self.names[player] = entry.get_text().strip() or f"Player {player}"
        self.ctx.names = dict(self.names)
        self.app.push(play.new_game(self.app, self.mission,
                                    (self.fireteams[0], self.fireteams[1]),
                                    seats=dict(self.seats), rules=str(self.rules),
                                    options=self.options()))

    def draw(self, surface: pygame.Surface) -> None:
        ctx, cat = self.ctx, self.ctx.catalogue
        surface.fill((16, 17, 20))
        width, _ = surface.get_size()
        ctx.text(surface, "NEW GAME", 30, (30, ctx.px(24)), GOLD, "condensed")
        ctx.text(surface, "Rules:", 15, (self.rules_drop.rect.left - ctx.px(10),
                                         self.rules_drop.rect.centery), DIM, "bold",
                 "midright")
        mission = cat.missions[self.mission]
        box = pygame.Rect(self.left.left, self.left.top + ctx.px(48), self.left.width,
                          self.left.height - ctx.px(48))
        inner = panel(surface, box, mission.name, ctx)
        side = cat.killzones[mission.killzone].name
        screens = screens_of(str(self.rules))
        # the rule set may play the mission's killzone its own way (its words, then)
        length, about = screens.newgame_mission(mission) or (length_words(mission),
                                                              mission.text)
        # the map gives way to a long mission text, down to 45 % of the panel; a text still
        # too long for the room left scrolls (the wheel over it, or its bar)
        room = pygame.Rect(0, 0, inner.width, 1 << 16)
        needed = ctx.wrapped(None, f"{side} · {length}", 14, room) + 4 + \
            ctx.wrapped(None, about, 14, room) + 8
        thumb_height = max(int(inner.height * 0.45), min(int(inner.height * 0.55),
                                                         inner.height - needed))
        thumb_area = pygame.Rect(inner.left, inner.top, inner.width, thumb_height)
        key = (self.mission, thumb_area.size, self.rules)
        if self._thumb is None or self._thumb[:3] != key:
            config = build_config(cat, {"mission": self.mission,
                                        "fireteams": {1: None, 2: None}})
            view = BoardView(ctx, config, pygame.Rect((0, 0), thumb_area.size), labels=False)
            image = pygame.Surface(thumb_area.size, pygame.SRCALPHA)
            image.blit(view.layer(), view.rect)
            for obj, h in config.objectives.items():
                if h and screens.shows_objectives():  # placed markers have no hex yet
                    view.objective(image, obj, h, 0)
            self._thumb = (self.mission, thumb_area.size, self.rules, image)
        surface.blit(self._thumb[3], thumb_area)
        text = pygame.Rect(inner.left, thumb_area.bottom + 8, inner.width,
                           inner.bottom - thumb_area.bottom - 8)
        used = ctx.wrapped(surface, f"{side} · {length}", 14, text, DIM)
        text.top += used + 4
        text.height -= used + 4
        if self.broken:  # at the panel's foot, the mission text scrolling above it
            warning = "Not in the list, with errors: " + "\n".join(broken_lines(self.broken))
            height = min(ctx.wrapped(None, warning, 12, text), text.height // 2)
            ctx.wrapped(surface, warning, 12, pygame.Rect(text.left, text.bottom - height,
                                                          text.width, height),
                        (230, 120, 100))
            text.height -= height + 10
        self.about_box.draw(ctx, surface, about, 14, text)
        for i, player in enumerate((1, 2)):
            top = self.right.top + i * (self.right.height // 2)
            self.draw_player(surface, player, pygame.Rect(
                self.right.left, top, self.right.width, self.right.height // 2 - 10))

    def draw_player(self, surface: pygame.Surface, player: int, box: pygame.Rect) -> None:
        """``player``'s panel: the fireteam's composition (with its options' limits where
        they fit), what the computer in the seat is like, and the ploys (or, under a rule
        set that declares them, each operative's profile)."""
        ctx = self.ctx
        pygame.draw.rect(surface, (24, 26, 30), box, border_radius=6)
        pygame.draw.rect(surface, ctx.colours[player], box, 2, border_radius=6)
        ctx.text(surface, f"PLAYER {player}", 14, (box.left + 16, box.top + ctx.px(8)),
                 ctx.colours[player], "condensed")
        team = self.team_of(player)
        y = box.top + ctx.px(98)
        area = pygame.Rect(box.left + 16, y, box.width - 32, box.bottom - 2 - y)
        needed = self.ploys_height(team, area.width)
        full, short = self.composition_words(team)
        # the options' limits in words where they leave room for the whole ploys and the
        # short words on the seat (the lists above show every choice within them anyway)
        foot = ctx.wrapped(None, SEAT_WORDS["easy"][-1], 13, area) + ctx.px(14)
        comp = full if ctx.wrapped(None, full, 13, area) + 3 + needed + foot <= area.height \
            else short
        used = ctx.wrapped(surface, comp, 13, pygame.Rect(area.left, y, area.width,
                                                         area.height))
        area.top += used + 3
        area.height -= used + 3
        self.draw_seat_words(surface, player, box, area, needed)
        if screens_of(str(self.rules)).shows_profiles():  # the profiles instead of ploys
            self.draw_profiles(surface, team, area)
            return
        self.draw_ploys(surface, team, area, needed)

    def composition_words(self, team: Fireteam) -> tuple[str, str]:
        """The fireteam's composition in words, in full and in short: the operatives its
        options choose are in the lists above, so those words give the options' limits
        (in full) or only point to the lists (in short)."""
        cat = self.ctx.catalogue
        offered = {c for o in team.options for c in o.cards}
        fixed = f"{team.faction}: " + ", ".join(
            f"{e.count} × {cat.datacards[e.card].name}" for e in team.composition
            if e.card not in offered)
        if not team.options:
            return fixed, fixed
        limits = "; ".join(o.text.rstrip(".") for o in team.options)
        return (f"{fixed}, and drones chosen above: {limits}.",
                f"{fixed}, and the drones chosen above.")

    def ploys_height(self, team: Fireteam, width: int) -> int:
        """The height the whole ploys take (none where the rule set shows profiles instead),
        measured once."""
        if screens_of(str(self.rules)).shows_profiles():
            return 0
        key = (team.id, width, self.ctx.px(100))
        if key not in self._ploy_heights:
            area = pygame.Rect(0, 0, width, 1 << 16)
            self._ploy_heights[key] = sum(ploy_lines(self.ctx, None, p.name, p.text, area)
                                          for p in team.ploys)
        return self._ploy_heights[key]

    def draw_seat_words(self, surface: pygame.Surface, player: int, box: pygame.Rect,
                        area: pygame.Rect, needed: int) -> None:
        """What the computer in this seat is like, at the panel's foot: in full, or in short
        where the whole ploys would not fit above it, or not at all; ``area`` loses it."""
        ctx = self.ctx
        choices = SEAT_WORDS.get(self.seats[player], ())
        if screens_of(str(self.rules)).shows_profiles():
            choices = choices[-1:]  # the short words: the profiles need the room more
        for words in choices:
            line = pygame.Rect(area.left, 0, area.width, 0)
            line.height = ctx.wrapped(None, words, 13, line)
            line.bottom = box.bottom - ctx.px(8)
            if line.top - ctx.px(6) - area.top >= needed:
                ctx.wrapped(surface, words, 13, line, DIM)
                area.height = line.top - ctx.px(6) - area.top
                break

    def draw_ploys(self, surface: pygame.Surface, team: Fireteam, area: pygame.Rect,
                   needed: int) -> None:
        """Each ploy as its name in bold, then its text on the same line and wrapped below;
        the heading only when there is room for it and every ploy's whole text, the names
        alone where the whole texts would not fit (F3 has the cards)."""
        ctx = self.ctx
        if needed + ctx.px(18) <= area.height:
            ctx.text(surface, "Strategic ploys:", 13, area.topleft, GOLD, "bold")
            area.top += ctx.px(18)
            area.height -= ctx.px(18)
        shown = [(p.name, p.text) for p in team.ploys] if needed <= area.height else \
            [("Strategic ploys:", ", ".join(p.name for p in team.ploys))]
        for name, words in shown:
            used = ploy_lines(ctx, surface, name, words, area)
            area.top += used
            area.height -= used
        if team.tactical_ploys:  # by name only, where there is room (F3 has the cards)
            names = ", ".join(c.name for c in team.tactical_ploys)
            area.top += ctx.px(4)
            area.height -= ctx.px(4)
            if area.height >= 2 * ctx.assets.font(ctx.px(13)).get_linesize():
                ploy_lines(ctx, surface, "Tactical ploys:", names + " (once a mission)",
                           area)

    def draw_profiles(self, surface: pygame.Surface, team: object, area: pygame.Rect) -> None:
        """Each datacard of ``team`` as the rule set's profile, one line each."""
        ctx = self.ctx
        heading, profiles = screens_of(str(self.rules)).profiles(ctx.catalogue, team)
        ctx.text(surface, heading, 13, area.topleft, GOLD, "bold")
        area.top += ctx.px(18)
        for name, line in profiles:
            if ploy_lines(ctx, None, name, line, area) + ctx.px(8) > area.height:
                break  # no room for the whole line (the library shows every profile)
            used = ploy_lines(ctx, surface, name, line, area)
            area.top += used
            area.height -= used


def choice_label(catalogue: Catalogue, cards: tuple[str, ...]) -> str:
    """A choice of an option in words: "None", "Gun Drone", "2 × Gun Drone", "Marker Drone
    + Shield Drone"."""
    if not cards:
        return "None"
    counted = dict.fromkeys(cards, 0)
    for card in cards:
        counted[card] += 1
    return " + ".join(("" if n == 1 else f"{n} × ") + short_name(catalogue.datacards[c].name)
                      for c, n in counted.items())


def short_name(name: str) -> str:
    """A datacard's name without its leading designation ("MV1 Gun Drone" -> "Gun
    Drone"), for the lists of choices."""
    return re.sub(r"^[A-Z]+\d+\s+", "", name)


def ploy_lines(ctx: Context, surface: pygame.Surface | None, name: str, text: str,
               area: pygame.Rect) -> int:
    """Draw a ploy as "Name  text" wrapped into ``area`` (the name in bold, the text dim, its
    later lines indented); return the height it takes. With no ``surface`` only measure."""
    if surface is not None and area.height >= ctx.assets.font(ctx.px(13)).get_linesize():
        ctx.text(surface, name, 13, area.topleft, INK, "bold")
    indent = ctx.px(12)
    after_name = ctx.assets.font(ctx.px(13), "bold").size(name + "  ")[0] - indent
    return ctx.wrapped(surface, text, 13, pygame.Rect(area.left + indent, area.top,
                                                      area.width - indent, area.height),
                       DIM, first=after_name)
