"""The card library: every card of the shipped catalogue drawn as a card — datacards, the
fireteams' stratagem cards, mission cards, targets of opportunity, special issue wargear and
special operations — filtered by fireteam, kind and a text search, in a scrolling grid; a click
shows a card large.

Opened from a game (``game`` given) it shows only what both players may know: the whole
catalogue is public, and the targets of opportunity are the list of all twelve (the deck's
contents are public) with the ones revealed or completed in this game marked by player. Which
targets are in a hand is never drawn: the "In this game" summary gives hand sizes only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.engine.defs import (
    Datacard,
    Fireteam,
    Mission,
    SpecialOperation,
    TargetOfOpportunity,
    Wargear,
)
from game.ui.board import card_icon
from game.ui.context import DIM, GOLD, GREEN, INK, PANEL, PANEL_EDGE, panel
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.engine.game import Game
    from game.ui.app import App

# kinds in the order the grid shows them: (id, section title, button label, icon)
KINDS = (
    ("datacard", "Datacards", "Datacards", "visored-helm"),
    ("stratagem", "Stratagem cards", "Stratagems", "book-cover"),
    ("mission", "Mission cards", "Missions", "flag-objective"),
    ("target", "Targets of opportunity", "Targets", "targeted"),
    ("wargear", "Special issue wargear", "Wargear", "battle-gear"),
    ("special_operation", "Special operations", "Special ops", "trophy"),
)
KIND_TITLES = {k: title for k, title, _, _ in KINDS}
KIND_ICONS = {k: icon for k, _, _, icon in KINDS}
KIND_FOOTERS = {"datacard": "Datacard", "stratagem": "Stratagem card", "mission": "Mission card",
                "target": "Target of opportunity", "wargear": "Special issue wargear",
                "special_operation": "Special operation"}
KIND_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7)
ALL_TEAMS = "All fireteams"
STAGES = {"first": "First operation", "second": "Second operation", "final": "Final operation"}
TIMINGS = {"activation": "Use in one of your operatives' activations",
           "strategy": "Use in the strategy phase"}
DURATIONS = {"instant": "Instant", "activation": "Lasts the activation",
             "turning_point": "Lasts the turning point", "mission": "Lasts the mission"}
FRAME_RATIO = 720 / 512  # card_frame.png: height / width
# the parts of card_frame.png, as fractions of its size: title bar, body, footer
TITLE_BAR = (0.030, 0.017, 0.940, 0.100)
BODY = (0.075, 0.150, 0.850, 0.765)
FOOTER = (0.110, 0.930, 0.780, 0.045)
CARD_MIN_WIDTH = 270


def _part(rect: pygame.Rect, part: tuple[float, float, float, float]) -> pygame.Rect:
    x, y, w, h = part
    return pygame.Rect(rect.left + int(rect.width * x), rect.top + int(rect.height * y),
                       int(rect.width * w), int(rect.height * h))


@dataclass(frozen=True)
class Entry:
    """One card of the library."""

    kind: str
    key: str
    name: str
    teams: tuple[str, ...]  # fireteam ids it belongs to ("" none: a neutral card)
    obj: Any
    search: str  # lower-case name and texts

    def matches(self, words: list[str]) -> bool:
        return all(word in self.search for word in words)


# a laid-out line of a card's body: (kind, payload, height)
Line = tuple[str, Any, int]


class CardBrowserScene(Scene):
    """The card library; ``game`` given: opened from a game, public information only."""

    def __init__(self, app: App, game: Game | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.entries = self._entries()
        self.teams = sorted(self.ctx.catalogue.fireteams,
                            key=lambda t: self.ctx.catalogue.fireteams[t].name)
        self.team = ""  # "" all
        self.kind = ""  # "" all
        self.query = ""
        self.scroll = 0
        self.detail: Entry | None = None
        self.shown: list[Entry] = []
        self.card_rects: list[tuple[Entry, pygame.Rect]] = []
        self.content: list[tuple[str, Any, pygame.Rect]] = []  # ("head"|"card", ..., rect)
        self.content_height = 0
        self.search: pygame_gui.elements.UITextEntryLine | None = None
        self.team_drop: pygame_gui.elements.UIDropDownMenu | None = None
        self.kind_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.summary_rect = pygame.Rect(0, 0, 0, 0)
        self.at: dict[str, pygame.Rect] = {}
        self.labels = ("Fireteam [T]", "Search [Ctrl+F]")
        self._layouts: dict[tuple[str, str, int, int, str], list[Line]] = {}
        self.filter()

    # --- the cards ---------------------------------------------------------------------

    def _entries(self) -> list[Entry]:
        cat = self.ctx.catalogue
        teams_of: dict[str, list[str]] = {}
        for team in cat.fireteams.values():
            for entry in team.composition:
                teams_of.setdefault(entry.card, []).append(team.id)
        order = {t: i for i, t in enumerate(sorted(cat.fireteams,
                                                   key=lambda t: cat.fireteams[t].name))}
        out: list[Entry] = []

        def add(kind: str, key: str, name: str, teams: tuple[str, ...], obj: Any,
                *texts: str) -> None:
            out.append(Entry(kind, key, name, teams, obj,
                             " ".join((name, *texts)).lower()))

        def card_order(card: Datacard) -> tuple[int, int]:
            teams = teams_of.get(card.id, [])
            if not teams:
                return (len(order), 0)
            team = cat.fireteams[teams[0]]
            index = next(i for i, e in enumerate(team.composition) if e.card == card.id)
            return (order[teams[0]], index)

        for card in sorted(cat.datacards.values(), key=card_order):
            teams = tuple(teams_of.get(card.id, ()))
            add("datacard", card.id, card.name, teams, card,
                *(w.name + " " + " ".join(r.replace("_", " ") for r in w.rules)
                  for w in card.weapons),
                *(f"{a.name} {a.text}" for a in card.abilities), " ".join(card.keywords),
                *(cat.fireteams[t].name for t in teams))
        for team in sorted(cat.fireteams.values(), key=lambda t: t.name):
            add("stratagem", team.id, team.name, (team.id,), team, team.faction,
                "strategic ploys stratagems", *(f"{p.name} {p.text}" for p in team.ploys))
            for card in team.tactical_ploys:  # a stratagem used once a mission, like wargear
                add("stratagem", card.id, card.name, (team.id,), card, card.text, team.name,
                    "tactical ploy stratagems")
        for mission in cat.missions.values():
            side = cat.killzones.get(mission.killzone)
            add("mission", mission.id, mission.name, (), mission, mission.text,
                side.name if side else mission.killzone,
                *(f"{a.name} {a.text}" for a in mission.actions))
        for target in cat.targets.values():
            add("target", target.id, target.name, (), target, target.text)
        for gear in cat.wargear.values():
            add("wargear", gear.id, gear.name, (), gear, gear.text)
        stage = {"first": 0, "second": 1, "final": 2}
        for op in sorted(cat.special_operations.values(),
                         key=lambda o: (order.get(o.fireteam, 99), stage.get(o.stage, 3))):
            team_name = cat.fireteams[op.fireteam].name if op.fireteam in cat.fireteams else ""
            add("special_operation", op.id, op.name, (op.fireteam,), op, op.text,
                op.reward.name, op.reward.text, team_name)
        return out

    def filter(self) -> None:
        """Recompute the cards shown from the filters; keeps the grid's top in range."""
        words = self.query.lower().split()
        self.shown = [e for e in self.entries
                      if (not self.kind or e.kind == self.kind)
                      and (not self.team or self.team in e.teams)
                      and e.matches(words)]
        self.layout_grid()

    def set_kind(self, kind: str) -> None:
        self.kind = kind
        self.scroll = 0
        for key, button in self.kind_buttons.items():
            if key == kind:
                button.select()
            else:
                button.unselect()
        self.filter()

    def kind_action(self, kind: str) -> Callable[[], None]:
        return lambda: self.set_kind(kind)

    def set_team(self, team: str) -> None:
        self.team = team
        self.scroll = 0
        self.filter()

    def cycle_team(self) -> None:
        options = ["", *self.teams]
        self.set_team(options[(options.index(self.team) + 1) % len(options)])
        self.rebuild()

    def clear_search(self) -> None:
        self.query = ""
        if self.search is not None:
            self.search.set_text("")
        self.scroll = 0
        self.filter()

    # --- widgets -----------------------------------------------------------------------

    def positions(self) -> dict[str, pygame.Rect]:
        """Where the top bar's parts, the kind buttons, the summary and the grid go."""
        width, height = self.app.size
        px = self.ctx.px
        margin = px(24)
        font = self.ctx.assets.font(px(14), "bold")
        row = pygame.Rect(margin, px(14), width - 2 * margin, px(38))
        narrow = width < px(1200)
        self.labels = ("Team [T]", "Find [Ctrl+F]") if narrow else \
            ("Fireteam [T]", "Search [Ctrl+F]")
        back = pygame.Rect(row.right - px(140), row.top, px(140), row.height)
        search_w = px(200) if narrow else px(240)
        search = pygame.Rect(back.left - px(16) - search_w, row.top, search_w, row.height)
        search_label = font.size(self.labels[1])[0] + px(10)
        team_label = font.size(self.labels[0])[0] + px(10)
        title_w = self.ctx.assets.font(px(26), "condensed").size("CARD LIBRARY")[0]
        drop_w = max(px(180), min(px(270), search.left - search_label - px(20) - team_label
                                  - margin - title_w - px(16)))
        drop = pygame.Rect(search.left - search_label - px(20) - drop_w, row.top, drop_w,
                           row.height)
        kinds = pygame.Rect(margin, row.bottom + px(10), row.width, px(34))
        top = kinds.bottom + px(12)
        summary = pygame.Rect(margin, top, width - 2 * margin, 0)
        if self.game is not None:
            summary.height = px(104)
            top = summary.bottom + px(10)
        return {"row": row, "back": back, "search": search, "drop": drop, "kinds": kinds,
                "summary": summary,
                "search_label": pygame.Rect(search.left - search_label, row.top,
                                            search_label, row.height),
                "team_label": pygame.Rect(drop.left - team_label, row.top, team_label,
                                          row.height),
                "title": pygame.Rect(margin, row.top, drop.left - team_label - margin - px(12),
                                     row.height),
                "grid": pygame.Rect(margin, top, width - 2 * margin, height - top - px(12))}

    def build(self) -> None:
        px = self.ctx.px
        self.kind_buttons = {}
        self.search = None
        self.team_drop = None
        at = self.positions()
        self.at = at
        self.grid = at["grid"]
        self.summary_rect = at["summary"]
        self.layout_grid()
        if self.detail is not None:
            self.build_detail()
            return
        self.button("Back", at["back"], self.back, hotkey=pygame.K_ESCAPE,
                    tooltip="Close the card library")
        self.search = pygame_gui.elements.UITextEntryLine(
            at["search"], manager=self.app.manager, placeholder_text="name or text…")
        if self.query:
            self.search.set_text(self.query)
        self.elements.append(self.search)
        names: list[str | tuple[str, str]] = [ALL_TEAMS]
        names += [self.ctx.catalogue.fireteams[t].name for t in self.teams]
        current = self.ctx.catalogue.fireteams[self.team].name if self.team else ALL_TEAMS
        self.team_drop = pygame_gui.elements.UIDropDownMenu(names, current, at["drop"],
                                                            manager=self.app.manager)
        self.elements.append(self.team_drop)
        # the kind buttons, as wide as their labels, filling the row
        kinds = [("", "All cards", "Every kind of card")] + [
            (k, label, f"Only the {title.lower()}") for k, title, label, _ in KINDS]
        font = self.ctx.assets.font(px(15), "bold")
        row = at["kinds"]
        widths = [font.size(f"{label} [1]")[0] + px(26) for _, label, _ in kinds]
        spare = max(0, row.width - sum(widths) - px(8) * (len(kinds) - 1))
        widths = [w + spare // len(kinds) for w in widths]
        x = row.left
        for (key, label, tip), w, hotkey in zip(kinds, widths, KIND_KEYS, strict=True):
            button = self.button(label, pygame.Rect(x, row.top, w, row.height),
                                 self.kind_action(key), hotkey=hotkey, tooltip=tip)
            if key == self.kind:
                button.select()
            self.kind_buttons[key] = button
            x += w + px(8)
        self.hotkeys[pygame.K_t] = self.cycle_team
        self.hotkeys[pygame.K_DELETE] = self.clear_search
        self.hotkeys[pygame.K_PAGEDOWN] = lambda: self.scroll_by(self.grid.height - px(60))
        self.hotkeys[pygame.K_PAGEUP] = lambda: self.scroll_by(-(self.grid.height - px(60)))
        self.hotkeys[pygame.K_HOME] = lambda: self.scroll_by(-10 ** 6)
        self.hotkeys[pygame.K_END] = lambda: self.scroll_by(10 ** 6)

    def back(self) -> None:
        self.app.pop()

    def build_detail(self) -> None:
        width, height = self.app.size
        px = self.ctx.px
        rect = self.detail_rect()
        self.button("Back", pygame.Rect(width // 2 - px(90), height - px(54), px(180), px(40)),
                    self.close_detail, hotkey=pygame.K_ESCAPE,
                    tooltip="Back to the card library")
        index = self.shown.index(self.detail) if self.detail in self.shown else -1
        side_w = px(170)
        self.button("Previous", pygame.Rect(rect.left - px(24) - side_w,
                                            rect.centery - px(22), side_w, px(44)),
                    lambda: self.step_detail(-1), hotkey=pygame.K_LEFT,
                    tooltip="The card before this one", enabled=index > 0)
        self.button("Next", pygame.Rect(rect.right + px(24), rect.centery - px(22), side_w,
                                        px(44)),
                    lambda: self.step_detail(1), hotkey=pygame.K_RIGHT,
                    tooltip="The card after this one",
                    enabled=0 <= index < len(self.shown) - 1)

    def detail_rect(self) -> pygame.Rect:
        width, height = self.app.size
        px = self.ctx.px
        h = height - px(90)
        w = int(h / FRAME_RATIO * 1.04)
        rect = pygame.Rect(0, 0, w, h)
        rect.midtop = (width // 2, px(22))
        return rect

    def open_detail(self, entry: Entry) -> None:
        self.detail = entry
        self.rebuild()

    def close_detail(self) -> None:
        self.detail = None
        self.rebuild()

    def step_detail(self, step: int) -> None:
        if self.detail in self.shown:
            index = self.shown.index(self.detail) + step
            if 0 <= index < len(self.shown):
                self.detail = self.shown[index]
                self.rebuild()

    # --- the grid ----------------------------------------------------------------------

    def layout_grid(self) -> None:
        """Place the section titles and the cards in content coordinates."""
        px = self.ctx.px
        self.content = []
        if self.grid.width <= 0:
            return
        gap = px(16)
        inner = self.grid.width - px(14)  # room for the scroll bar
        cols = max(2, (inner + gap) // (px(CARD_MIN_WIDTH) + gap))
        card_w = (inner - gap * (cols - 1)) // cols
        card_h = int(card_w * FRAME_RATIO)
        y = 0
        for kind, title, _, _ in KINDS:
            cards = [e for e in self.shown if e.kind == kind]
            if not cards:
                continue
            self.content.append(("head", (kind, title, len(cards)),
                                 pygame.Rect(0, y, inner, px(34))))
            y += px(42)
            for i, entry in enumerate(cards):
                r, c = divmod(i, cols)
                self.content.append(("card", entry, pygame.Rect(
                    c * (card_w + gap), y + r * (card_h + gap), card_w, card_h)))
            y += ((len(cards) + cols - 1) // cols) * (card_h + gap) + px(8)
        self.content_height = y
        self.scroll_by(0)

    def scroll_by(self, dy: int) -> None:
        most = max(0, self.content_height - self.grid.height)
        self.scroll = max(0, min(most, self.scroll + dy))

    @property
    def max_scroll(self) -> int:
        return max(0, self.content_height - self.grid.height)

    # --- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        focused = self.search is not None and self.search.is_focused
        if focused and event.type == pygame.KEYDOWN:
            # typing in the search box: keys are text, not hotkeys
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER,
                             pygame.K_TAB):
                self.search.unfocus()  # type: ignore[union-attr]
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.hotkeys[event.key]()
            return
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        px = self.ctx.px
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is \
                self.team_drop:
            names = {self.ctx.catalogue.fireteams[t].name: t for t in self.teams}
            self.set_team(names.get(event.text, ""))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is \
                self.search:
            self.sync_query()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_f and \
                event.mod & pygame.KMOD_CTRL and self.search is not None:
            self.search.focus()
        elif event.type == pygame.MOUSEWHEEL and self.detail is None:
            self.scroll_by(-event.y * px(90))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)

    def dropdown_open(self) -> bool:
        drop = self.team_drop
        return drop is not None and drop.current_state is drop.menu_states.get("expanded")

    def click(self, pos: tuple[int, int]) -> None:
        if self.detail is not None:
            if not self.detail_rect().collidepoint(pos) and not any(
                    b.rect.collidepoint(pos) for b in self.actions):
                self.close_detail()
            return
        if self.dropdown_open() or not self.grid.collidepoint(pos):
            return
        for entry, rect in self.card_rects:
            if rect.collidepoint(pos):
                self.open_detail(entry)
                return

    def sync_query(self) -> None:
        if self.search is not None and self.search.get_text() != self.query:
            self.query = self.search.get_text()
            self.scroll = 0
            self.filter()

    def update(self, dt: float) -> None:
        self.sync_query()

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        found = super().clickables()
        if self.detail is None:
            found += [(f"card {e.name}", r) for e, r in self.card_rects]
        return found

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        width, height = surface.get_size()
        surface.fill((14, 15, 18))
        # a faint warm vignette at the top, under the title
        glow = pygame.Surface((width, px(120)), pygame.SRCALPHA)
        for i in range(px(120)):
            glow.fill((90, 40, 30, max(0, 60 - i * 60 // px(120))), (0, i, width, 1))
        surface.blit(glow, (0, 0))
        if self.detail is not None:
            self.draw_grid(surface, interactive=False)
            veil = pygame.Surface((width, height), pygame.SRCALPHA)
            veil.fill((8, 8, 10, 228))
            surface.blit(veil, (0, 0))
            self.draw_card(surface, self.detail, self.detail_rect(), large=True)
            if self.detail in self.shown:
                card = self.detail_rect()
                ctx.text(surface, f"card {self.shown.index(self.detail) + 1} of "
                         f"{len(self.shown)}", 14,
                         (card.right + px(24) + px(85), card.centery + px(40)), DIM,
                         anchor="midtop")
            return
        at = self.at
        title = at["title"]
        right = ctx.text(surface, "CARD LIBRARY", 26, title.midleft, GOLD, "condensed",
                         "midleft", width=title.width).right
        count = f"{len(self.shown)} of {len(self.entries)} cards"
        if right + px(14) + ctx.assets.font(px(14)).size(count)[0] < title.right:
            ctx.text(surface, count, 14, (right + px(14), title.centery + px(3)), DIM,
                     anchor="midleft")
        ctx.text(surface, self.labels[0], 14, at["team_label"].midleft, DIM, "bold",
                 "midleft")
        ctx.text(surface, self.labels[1], 14, at["search_label"].midleft, DIM, "bold",
                 "midleft")
        if self.game is not None:
            self.draw_summary(surface, self.summary_rect)
        self.draw_grid(surface, interactive=True)

    def draw_grid(self, surface: pygame.Surface, interactive: bool) -> None:
        ctx, px = self.ctx, self.ctx.px
        grid = self.grid
        self.card_rects = []
        if not self.shown:
            ctx.text(surface, "No card matches these filters.", 18,
                     (grid.centerx, grid.top + px(60)), DIM, "bold", "center")
            ctx.text(surface, "Press 1 for all kinds, T for another fireteam, or clear the "
                     "search.", 14, (grid.centerx, grid.top + px(90)), DIM, anchor="center")
            return
        mouse = pygame.mouse.get_pos() if interactive and not self.dropdown_open() else None
        clip = surface.get_clip()
        surface.set_clip(grid)
        for what, item, rect in self.content:
            at = rect.move(grid.left, grid.top - self.scroll)
            if at.bottom < grid.top or at.top > grid.bottom:
                continue
            if what == "head":
                kind, title, n = item
                icon = ctx.assets.icon(KIND_ICONS[kind], px(24), GOLD)
                surface.blit(icon, icon.get_rect(midleft=(at.left, at.centery)))
                x = ctx.text(surface, title.upper(), 18, (at.left + px(32), at.centery), GOLD,
                             "condensed", "midleft").right
                ctx.text(surface, f"{n}", 14, (x + px(10), at.centery + px(1)), DIM,
                         anchor="midleft")
                pygame.draw.line(surface, PANEL_EDGE, (x + px(40), at.centery),
                                 (at.right, at.centery))
                continue
            entry = item
            hover = mouse is not None and at.collidepoint(mouse) and grid.collidepoint(mouse)
            self.draw_card(surface, entry, at, hover=hover)
            visible = at.clip(grid)
            if visible.height > px(20):
                self.card_rects.append((entry, visible))
        surface.set_clip(clip)
        # the scroll bar
        if self.max_scroll > 0:
            track = pygame.Rect(grid.right - px(6), grid.top, px(6), grid.height)
            pygame.draw.rect(surface, (34, 35, 40), track, border_radius=3)
            size = max(px(30), grid.height * grid.height // self.content_height)
            top = track.top + (grid.height - size) * self.scroll // self.max_scroll
            pygame.draw.rect(surface, GOLD, (track.left, top, track.width, size),
                             border_radius=3)
            # fades at the edges hint that there is more
            if self.scroll > 0:
                self._fade(surface, pygame.Rect(grid.left, grid.top, grid.width - px(14),
                                                px(18)), down=True)
            if self.scroll < self.max_scroll:
                self._fade(surface, pygame.Rect(grid.left, grid.bottom - px(18),
                                                grid.width - px(14), px(18)), down=False)

    def _fade(self, surface: pygame.Surface, rect: pygame.Rect, down: bool) -> None:
        fade = pygame.Surface(rect.size, pygame.SRCALPHA)
        for i in range(rect.height):
            alpha = 200 * (rect.height - i) // rect.height if down else \
                200 * (i + 1) // rect.height
            fade.fill((14, 15, 18, alpha), (0, i, rect.width, 1))
        surface.blit(fade, rect)

    # --- the "In this game" summary -----------------------------------------------------

    def draw_summary(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        ctx, px = self.ctx, self.ctx.px
        game = self.game
        assert game is not None
        state, config = game.state, game.config
        inner = panel(surface, rect, "In this game", ctx)
        third = inner.width // 3
        line = px(18)
        # the targets deck and discard pile
        x, y = inner.left, inner.top
        ctx.text(surface, f"Targets deck: {len(state.deck)} card(s)", 14, (x, y), INK, "bold",
                 width=third - px(16))
        y += line
        discard = ", ".join(config.targets[c].name for c in state.discard
                            if c in config.targets) or "empty"
        self._wrap(surface, f"Discard pile: {discard}", 13,
                   pygame.Rect(x, y, third - px(16), inner.bottom - y), DIM)
        for i, player in enumerate((1, 2)):
            x = inner.left + (i + 1) * third
            w = third - px(12)
            colour = ctx.colours[player]
            team = config.fireteams.get(player)
            head = f"{ctx.names[player]}" + (f" — {team.name}" if team else "")
            ctx.text(surface, head, 14, (x, inner.top), colour, "bold", width=w)
            y = inner.top + line
            ctx.text(surface, f"Targets in hand: {len(state.hands[player])} · revealed: "
                     f"{len(state.active_targets[player])} · completed: "
                     f"{len(state.completed[player])}", 13, (x, y), INK, width=w)
            y += line
            ploys = []
            for ploy in state.ploys[player]:
                found = config.ploy(player, ploy.ploy)
                name = found.name if found else ploy.ploy
                ploys.append(name + (f" → {ploy.operative}" if ploy.operative else ""))
            ctx.text(surface, "Ploys in force: " + (", ".join(ploys) or "none"), 13, (x, y),
                     GOLD if ploys else DIM, width=w)
            y += line
            used = []
            for card in state.wargear_used[player]:
                gear = config.wargear_card(player, card)
                used.append(gear.name if gear else card)
            ctx.text(surface, "Wargear used: " + (", ".join(used) or "none"), 13, (x, y),
                     INK if used else DIM, width=w)

    def target_marks(self, target: str) -> list[tuple[str, tuple[int, int, int]]]:
        """Public marks on a target of opportunity: revealed or completed, by player."""
        game = self.game
        if game is None:
            return []
        marks = []
        for player in (1, 2):
            if target in game.state.active_targets[player]:
                marks.append((f"▸ Revealed by {self.ctx.names[player]}",
                              self.ctx.colours[player]))
            if target in game.state.completed[player]:
                marks.append((f"✓ Completed by {self.ctx.names[player]}", GREEN))
        return marks

    def ploy_marks(self, team: Fireteam) -> dict[str, list[str]]:
        """Ploy id -> the players who have it in force now (public)."""
        game = self.game
        marks: dict[str, list[str]] = {}
        if game is None:
            return marks
        for player in (1, 2):
            own = game.config.fireteams.get(player)
            if own is None or own.id != team.id:
                continue
            for ploy in game.state.ploys[player]:
                marks.setdefault(ploy.ploy, []).append(self.ctx.names[player])
        return marks

    def wargear_marks(self, gear: Wargear) -> list[tuple[str, tuple[int, int, int]]]:
        game = self.game
        if game is None:
            return []
        out = []
        for player in (1, 2):
            if gear.id in game.state.wargear_used[player]:
                out.append((f"Used by {self.ctx.names[player]}", self.ctx.colours[player]))
        return out

    # --- one card ----------------------------------------------------------------------

    def draw_card(self, surface: pygame.Surface, entry: Entry, rect: pygame.Rect,
                  large: bool = False, hover: bool = False) -> None:
        ctx, px = self.ctx, self.ctx.px
        shadow = rect.move(px(4), px(6))
        shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 120), shade.get_rect(), border_radius=px(12))
        surface.blit(shade, shadow)
        surface.blit(ctx.assets.scaled("card_frame.png", rect.size), rect)
        if hover:
            pygame.draw.rect(surface, (255, 226, 150), rect.inflate(px(6), px(6)), px(3),
                             border_radius=px(12))
        # the title bar: the icon at the left, the name centred (two lines if it must)
        bar = _part(rect, TITLE_BAR)
        icon_size = min(bar.height - px(10), px(44) if large else px(28))
        icon_name = card_icon(entry.key) if entry.kind == "datacard" else KIND_ICONS[entry.kind]
        icon = ctx.assets.icon(icon_name, icon_size, GOLD)
        surface.blit(icon, icon.get_rect(midleft=(bar.left + px(10), bar.centery)))
        pad = icon_size + px(18)
        title_box = pygame.Rect(bar.left + pad, bar.top, bar.width - 2 * pad, bar.height)
        self.draw_title(surface, entry.name, title_box, 24 if large else 16)
        # the footer: what kind of card, and whose
        foot = _part(rect, FOOTER)
        words = KIND_FOOTERS[entry.kind].upper()
        if entry.kind == "stratagem" and isinstance(entry.obj, Wargear):
            words = "TACTICAL PLOY"
        faction = ""
        if entry.kind == "stratagem" and isinstance(entry.obj, Fireteam):
            faction = entry.obj.faction
        elif entry.teams and entry.teams[0] in self.ctx.catalogue.fireteams:
            faction = self.ctx.catalogue.fireteams[entry.teams[0]].faction
        size = 14 if large else 13
        font = ctx.assets.font(px(size), "condensed")
        if faction and font.size(f"{words} · {faction.upper()}")[0] <= foot.width:
            words = f"{words} · {faction.upper()}"
        ctx.text(surface, words, size, foot.center, DIM, "condensed", "center",
                 width=foot.width)
        # the body
        body = _part(rect, BODY).inflate(-px(14), -px(10))
        marks = self.marks(entry)
        if marks:
            for text, colour in marks:
                size = 14 if large else 13
                h = ctx.assets.font(px(size), "bold").get_linesize() + px(4)
                band = pygame.Rect(body.left - px(4), body.top, body.width + px(8), h)
                pygame.draw.rect(surface, (12, 12, 14), band, border_radius=px(4))
                pygame.draw.rect(surface, colour, band, 1, border_radius=px(4))
                ctx.text(surface, text, size, band.center, colour, "bold", "center",
                         width=band.width - px(8))
                body.top += h + px(4)
                body.height -= h + px(4)
        sizes = (17, 16, 15, 14, 13) if large else (14, 13)
        for i, size in enumerate(sizes):
            lines = self.layout(entry, body.width, size)
            if sum(h for _, _, h in lines) <= body.height or i == len(sizes) - 1:
                break
        self.draw_lines(surface, lines, body)

    def marks(self, entry: Entry) -> list[tuple[str, tuple[int, int, int]]]:
        if entry.kind == "target":
            return self.target_marks(entry.key)
        if isinstance(entry.obj, Wargear):  # special issue wargear and tactical ploys
            return self.wargear_marks(entry.obj)
        return []

    def draw_title(self, surface: pygame.Surface, text: str, box: pygame.Rect,
                   size: int) -> None:
        """The card's name in its title bar: one line, smaller, then two lines, then an
        ellipsis."""
        ctx, px = self.ctx, self.ctx.px
        for s in range(size, 13, -1):
            if ctx.assets.font(px(s), "bold").size(text)[0] <= box.width:
                ctx.text(surface, text, s, box.center, GOLD, "bold", "center")
                return
        s = max(13, size - 3)
        lines = self.wrap_words(text, box.width, s, "bold")
        font = ctx.assets.font(px(s), "bold")
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        step = font.get_linesize() - px(1)
        y = box.centery - step * len(lines) // 2 + step // 2
        for line in lines:
            ctx.text(surface, line, s, (box.centerx, y), GOLD, "bold", "center",
                     width=box.width)
            y += step

    def wrap_words(self, text: str, width: int, size: int, style: str = "regular"
                   ) -> list[str]:
        font = self.ctx.assets.font(self.ctx.px(size), style)
        out: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    out.append(line)
                    line = word
            if line:
                out.append(line)
        return out

    def _wrap(self, surface: pygame.Surface, text: str, size: int, rect: pygame.Rect,
              colour: tuple[int, int, int]) -> None:
        """Wrapped text that ends with an ellipsis when it does not fit ``rect``."""
        font = self.ctx.assets.font(self.ctx.px(size))
        lines = self.wrap_words(text, rect.width, size)
        room = max(1, rect.height // font.get_linesize())
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = self._ellipsis(lines[-1] + " …", rect.width, size)
        y = rect.top
        for line in lines:
            self.ctx.text(surface, line, size, (rect.left, y), colour, width=rect.width)
            y += font.get_linesize()

    def _ellipsis(self, text: str, width: int, size: int, style: str = "regular") -> str:
        font = self.ctx.assets.font(self.ctx.px(size), style)
        if font.size(text)[0] <= width:
            return text
        text = text.rstrip(" …")
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    # --- a card's body, laid out as lines -------------------------------------------------

    def layout(self, entry: Entry, width: int, size: int) -> list[Line]:
        marks = ""
        if isinstance(entry.obj, Fireteam) and self.game is not None:
            marks = repr(sorted(self.ploy_marks(entry.obj).items()))
        key = (entry.kind, entry.key, width, size, marks)
        found = self._layouts.get(key)
        if found is None:
            found = self._layout(entry, width, size)
            self._layouts[key] = found
        return found

    def _layout(self, entry: Entry, width: int, size: int) -> list[Line]:
        px = self.ctx.px
        fonts = {style: self.ctx.assets.font(px(size), style)
                 for style in ("regular", "bold", "condensed")}
        small = self.ctx.assets.font(px(max(13, size - 1)), "condensed")
        lines: list[Line] = []

        def text(words: str, colour: tuple[int, int, int] = INK, style: str = "regular",
                 indent: int = 0) -> None:
            for line in self.wrap_words(words, width - indent, size, style):
                lines.append(("text", (line, colour, style, size, indent),
                              fonts[style].get_linesize()))

        def label(words: str, colour: tuple[int, int, int] = GOLD) -> None:
            s = max(13, size - 1)
            for line in self.wrap_words(words.upper(), width, s, "condensed"):
                lines.append(("text", (line, colour, "condensed", s, 0), small.get_linesize()))

        def gap(h: int) -> None:
            lines.append(("gap", None, px(h)))

        def rule() -> None:
            lines.append(("rule", None, px(9)))

        obj = entry.obj
        cat = self.ctx.catalogue
        if isinstance(obj, Datacard):
            teams = [cat.fireteams[t].name for t in entry.teams if t in cat.fireteams]
            label(" · ".join(teams) or "Datacard", DIM)
            if obj.keywords and size >= 15:
                label("Keywords: " + ", ".join(obj.keywords), DIM)
            gap(4)
            stats = [(("APL", "APL"), str(obj.apl)), (("Move", "Move"), str(obj.move)),
                     (("Defence", "Def"), str(obj.defence)), (("Save", "Save"), f"{obj.save}+"),
                     (("Wounds", "W"), str(obj.wounds))]
            value = self.ctx.assets.font(px(size + 6), "bold")
            lines.append(("stats", (stats, size),
                          small.get_linesize() + value.get_linesize() + px(8)))
            gap(6)
            cols = self._weapon_columns(obj, width, size)
            lines.append(("whead", (cols, size), small.get_linesize() + px(2)))
            name_w = cols[0][1]
            for weapon in obj.weapons:
                rules = [r.replace("_", " ") for r in weapon.rules]
                if weapon.is_melee:
                    rules.insert(0, "melee")
                words = ", ".join(rules).capitalize()
                values = [str(weapon.ap), str(weapon.range), str(weapon.attacks),
                          f"{weapon.hit}+", f"{weapon.normal}/{weapon.crit}"]
                row = fonts["bold"].get_linesize() + px(1)
                if fonts["bold"].size(weapon.name)[0] <= name_w - px(4):
                    lines.append(("weapon", ((weapon.name, INK, "bold"), values, cols, size),
                                  row))
                    if words:
                        text(words, DIM, indent=px(10))
                else:  # a long name: a line of its own, the rules beside the numbers
                    text(weapon.name, INK, "bold")
                    if fonts["regular"].size(words)[0] <= name_w - px(14):
                        lines.append(("weapon", ((words, DIM, "regular"), values, cols, size),
                                      row))
                    else:
                        lines.append(("weapon", (("", DIM, "regular"), values, cols, size),
                                      row))
                        text(words, DIM, indent=px(10))
                gap(3)
            for ability in obj.abilities:
                rule()
                text(ability.name, GOLD, "bold")
                text(ability.text)
        elif isinstance(obj, Fireteam):
            label("Strategic ploys", DIM)
            gap(4)
            marks = self.ploy_marks(obj)
            for i, ploy in enumerate(obj.ploys):
                if i:
                    rule()
                on = marks.get(ploy.id)
                text(("★ " if on else "") + ploy.name, GOLD, "bold")
                if on:
                    text("In force: " + ", ".join(on), GREEN, "bold")
                text(ploy.text)
                if ploy.target == "operative":
                    text("Names one friendly operative.", DIM)
        elif isinstance(obj, Mission):
            side = cat.killzones.get(obj.killzone)
            label(side.name if side else obj.killzone, DIM)
            label(f"{obj.turning_points} turning points"
                  + (f" · sudden victory at {obj.sudden_victory} VP"
                     if obj.sudden_victory else ""), DIM)
            gap(4)
            text(obj.text)
            for action in obj.actions:
                rule()
                text(f"{action.name} ({action.ap} AP)", GOLD, "bold")
                text(action.text)
        elif isinstance(obj, TargetOfOpportunity):
            label("Target of opportunity", DIM)
            gap(6)
            text(obj.text)
            lines.append(("spring", None, px(10)))
            big = self.ctx.assets.font(px(size + 14), "bold")
            lines.append(("vp", (obj.vp, size), big.get_linesize() + px(10)))
        elif isinstance(obj, Wargear):
            label(TIMINGS.get(obj.timing, obj.timing), DIM)
            label(DURATIONS.get(obj.duration, obj.duration), DIM)
            gap(6)
            text(obj.text)
        elif isinstance(obj, SpecialOperation):
            team = cat.fireteams.get(obj.fireteam)
            label(STAGES.get(obj.stage, obj.stage) + (f" · {team.name}" if team else ""), DIM)
            gap(4)
            text(obj.text)
            rule()
            reward = obj.reward
            kind = "Battle Honour" if reward.kind == "battle_honour" else "Command Asset"
            label(f"Reward — {kind}")
            text(reward.name, GOLD, "bold")
            text(reward.text)
            if reward.card:
                card = cat.datacards.get(reward.card)
                text(f"Only for: {card.name if card else reward.card}.", DIM)
        return lines

    def _weapon_columns(self, card: Datacard, width: int, size: int
                        ) -> list[tuple[str, int]]:
        """The weapon table's columns: the name takes what the numbers leave."""
        px = self.ctx.px
        font = self.ctx.assets.font(px(size), "bold")
        head = self.ctx.assets.font(px(max(13, size - 1)), "condensed")
        values = [(str(w.ap), str(w.range), str(w.attacks), f"{w.hit}+",
                   f"{w.normal}/{w.crit}") for w in card.weapons]
        cols: list[tuple[str, int]] = []
        for i, name in enumerate(("AP", "R", "A", "Hit", "Dmg")):
            widest = max([font.size(v[i])[0] for v in values] + [head.size(name.upper())[0]])
            cols.append((name, widest + px(8)))
        return [("Weapon", width - sum(w for _, w in cols))] + cols

    def draw_lines(self, surface: pygame.Surface, lines: list[Line],
                   body: pygame.Rect) -> None:
        """Draw laid-out lines top down; the last line that fits ends with an ellipsis
        when more did not fit."""
        ctx, px = self.ctx, self.ctx.px
        total = sum(h for _, _, h in lines)
        fits = len(lines)
        if total > body.height:
            used = 0
            for i, (_, _, h) in enumerate(lines):
                if used + h > body.height:
                    fits = i
                    break
                used += h
            # end on a text line, cut with an ellipsis
            while fits > 0 and lines[fits - 1][0] != "text":
                fits -= 1
        y = body.top
        spare = max(0, body.height - total)
        for i, (kind, data, h) in enumerate(lines[:fits]):
            if kind == "spring":
                y += spare
            if kind == "text":
                words, colour, style, size, indent = data
                if i == fits - 1 and fits < len(lines):
                    words = self._ellipsis(words + " …", body.width - indent, size, style)
                ctx.text(surface, words, size, (body.left + indent, y), colour, style,
                         width=body.width - indent)
            elif kind == "rule":
                mid = y + h // 2
                pygame.draw.line(surface, PANEL_EDGE, (body.left + px(20), mid),
                                 (body.right - px(20), mid))
            elif kind == "stats":
                self._draw_stats(surface, data, pygame.Rect(body.left, y, body.width, h))
            elif kind == "whead":
                cols, size = data
                x = body.left
                for name, w in cols:
                    ctx.text(surface, name.upper(), max(13, size - 1),
                             (x if name == "Weapon" else x + w // 2, y), DIM, "condensed",
                             "topleft" if name == "Weapon" else "midtop", width=w)
                    x += w
                pygame.draw.line(surface, PANEL_EDGE, (body.left, y + h - px(1)),
                                 (body.right, y + h - px(1)))
            elif kind == "weapon":
                (name, colour, style), values, cols, size = data
                if name:
                    indent = 0 if style == "bold" else px(10)
                    ctx.text(surface, name, size, (body.left + indent, y), colour, style,
                             width=cols[0][1] - px(4) - indent)
                x = body.left + cols[0][1]
                for value, (_, w) in zip(values, cols[1:], strict=True):
                    ctx.text(surface, value, size, (x + w // 2, y), INK, "bold", "midtop",
                             width=w)
                    x += w
            elif kind == "vp":
                vp, size = data
                badge = pygame.Rect(0, 0, px(size * 7), h - px(6))
                badge.midtop = (body.centerx, y)
                pygame.draw.rect(surface, (60, 22, 18), badge, border_radius=px(8))
                pygame.draw.rect(surface, GOLD, badge, px(2), border_radius=px(8))
                ctx.text(surface, f"{vp} VP", size + 12, badge.center, GOLD, "bold",
                         "center")
            y += h

    def _draw_stats(self, surface: pygame.Surface,
                    data: tuple[list[tuple[tuple[str, str], str]], int],
                    rect: pygame.Rect) -> None:
        ctx, px = self.ctx, self.ctx.px
        stats, size = data
        gap = px(4)
        w = (rect.width - gap * (len(stats) - 1)) // len(stats)
        font = ctx.assets.font(px(max(13, size - 1)), "condensed")
        for i, ((long, short), value) in enumerate(stats):
            name = long if font.size(long.upper())[0] <= w - px(6) else short
            box = pygame.Rect(rect.left + i * (w + gap), rect.top, w, rect.height - px(4))
            pygame.draw.rect(surface, PANEL, box, border_radius=px(5))
            pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=px(5))
            ctx.text(surface, name.upper(), max(13, size - 1), (box.centerx, box.top + px(3)),
                     DIM, "condensed", "midtop", width=w - px(4))
            ctx.text(surface, value, size + 6, (box.centerx, box.bottom - px(3)), INK, "bold",
                     "midbottom", width=w - px(4))


def open_card_browser(app: App, game: Game | None = None) -> Callable[[], None]:
    """An action that opens the card library (for a button or a hotkey)."""
    return lambda: app.push(CardBrowserScene(app, game))
