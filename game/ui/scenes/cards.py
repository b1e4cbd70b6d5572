"""The card library: every card of the shipped catalogue drawn as a card — datacards, the
fireteams' stratagem cards, mission cards, targets of opportunity, special issue wargear,
special operations and the cards a mission pack adds (its rules: game/ui/rulesets/) —
filtered by fireteam, kind and a text search, in a scrolling grid (a pygame-gui scrolling
container of card pictures, ``game/ui/card_grid.py``); a click shows a card large.

Opened from a game (``game`` given) it shows only what both players may know: the whole
catalogue is public, and the targets of opportunity are the list of all twelve (the deck's
contents are public) with the ones revealed or completed in this game marked by player. Which
targets are in a hand is never drawn: the "In this game" summary gives hand sizes only.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.engine import Datacard
from game.ui.card_art import FRAME_RATIO, KIND_ICONS, KINDS, CardArt, Line, limits_of
from game.ui.card_grid import CardGrid
from game.ui.context import DIM, GOLD, INK, PANEL_EDGE, panel
from game.ui.dialog import veil
from game.ui.rulesets import every
from game.ui.scene import Scene
from game.ui.words import count

if TYPE_CHECKING:
    from game.engine import Game
    from game.ui.app import App

KIND_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7,
             pygame.K_8)
ALL_TEAMS = "All fireteams"
CARD_MIN_WIDTH = 270
TILE_MARGIN = 6  # px at 1280 x 800 around a card's picture: its shadow and hover ring
PICTURES_KEPT = 64  # card pictures cached (the ones in view and around)


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


class CardBrowserScene(CardArt, Scene):
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
        self._scroll = 0  # the grid's top, in pixels (kept while the grid is rebuilt)
        self.detail: Entry | None = None
        self.shown: list[Entry] = []
        self.content: list[tuple[str, Any, pygame.Rect]] = []  # ("head"|"card", ..., rect)
        self.content_height = 0
        self.search: pygame_gui.elements.UITextEntryLine | None = None
        self.team_drop: pygame_gui.elements.UIDropDownMenu | None = None
        self.kind_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.grid_view: CardGrid | None = None
        self.pictures: OrderedDict[tuple[Any, ...], pygame.Surface] = OrderedDict()
        self.picture_texts: dict[tuple[Any, ...], list[str]] = {}
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
            for card_id in team.cards():
                teams_of.setdefault(card_id, []).append(team.id)
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
            return (order[teams[0]], cat.fireteams[teams[0]].cards().index(card.id))

        for card in sorted(cat.datacards.values(), key=card_order):
            teams = tuple(teams_of.get(card.id, ()))
            add("datacard", card.id, card.name, teams, card, *limits_of(cat, card.id),
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
        for screens in every():  # the cards a rule set or a mission pack adds (its rules)
            kind = screens.library_kind()
            for key, name, obj, search in screens.library_cards(cat) if kind else ():
                add(kind[0], key, name, (), obj, search)
        return out

    def filter(self) -> None:
        """Recompute the cards shown from the filters; keeps the grid's top in range."""
        words = self.query.lower().split()
        self.shown = [e for e in self.entries
                      if (not self.kind or e.kind == self.kind)
                      and (not self.team or self.team in e.teams)
                      and e.matches(words)]
        self.layout_grid()
        if self.grid_view is not None:
            self.build_grid()

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
        if len(self.kind_rows(row.width)) > 1:  # a large text size: the kinds on two rows
            kinds.height = 2 * px(34) + px(6)
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

    def kind_rows(self, width: int) -> list[list[tuple[str, str, str, int]]]:
        """The kind buttons (kind, label, tooltip, the width its label needs) on one row of
        ``width``, or on two when one does not hold them (a large text size)."""
        px = self.ctx.px
        font = self.ctx.assets.font(px(15), "bold")
        kinds = [("", "All cards", "Every kind of card")] + [
            (k, label, f"Only the {title.lower()}") for k, title, label, _ in KINDS]
        found = [(key, label, tip, font.size(f"{label} [1]")[0] + px(26))
                 for key, label, tip in kinds]
        if sum(w for *_, w in found) + px(8) * (len(found) - 1) <= width:
            return [found]
        half = (len(found) + 1) // 2
        return [found[:half], found[half:]]

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
        self.grid_view = None
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
        # the kind buttons, as wide as their labels, filling the row (or two rows)
        area = at["kinds"]
        rows = self.kind_rows(area.width)
        height = (area.height - px(6) * (len(rows) - 1)) // len(rows)
        keys = iter(KIND_KEYS)
        for r, kinds in enumerate(rows):
            widths = [w for *_, w in kinds]
            spare = max(0, area.width - sum(widths) - px(8) * (len(kinds) - 1))
            x, top = area.left, area.top + r * (height + px(6))
            for key, label, tip, w in kinds:
                w += spare // len(kinds)
                button = self.button(label, pygame.Rect(x, top, w, height),
                                     self.kind_action(key), hotkey=next(keys), tooltip=tip)
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
        self.build_grid()

    def build_grid(self) -> None:
        """The grid's scrolling container (again: after a filter or a new size)."""
        if self.grid_view is not None:
            self.grid_view.container.kill()
            if self.grid_view.container in self.elements:
                self.elements.remove(self.grid_view.container)
            self.grid_view = None
        if not self.shown or self.grid.width <= 0:
            return
        self.grid_view = CardGrid(self, self.grid, self.content, self.content_height,
                                  self.grid.width - self.ctx.px(14), self.paint)
        self.grid_view.scroll_to(self._scroll)
        self.app.dirty = True

    def paint(self, what: str, item: Any, size: tuple[int, int], hover: bool
              ) -> tuple[pygame.Surface, list[str]]:
        """The picture of a card (or a section's heading) of ``size`` (its margin for the
        shadow and the hover ring included) and the texts written on it; kept for reuse."""
        key = (what, item.kind + ":" + item.key if what == "card" else item, size, hover,
               self.ctx.scale, tuple(sorted(self.ctx.colours.items())))
        picture = self.pictures.get(key)
        if picture is not None:
            self.pictures.move_to_end(key)
            return picture, self.picture_texts[key]
        picture = pygame.Surface(size, pygame.SRCALPHA)
        drawn, self.ctx.drawn = self.ctx.drawn, []
        try:
            if what == "card":
                margin = self.ctx.px(TILE_MARGIN)
                self.draw_card(picture, item, pygame.Rect(margin, margin, size[0] - 2 * margin,
                                                          size[1] - 2 * margin), hover=hover)
            else:
                self.draw_head(picture, item, picture.get_rect())
            texts = self.ctx.drawn
        finally:
            self.ctx.drawn = drawn
        self.pictures[key] = picture
        self.picture_texts[key] = texts
        while len(self.pictures) > PICTURES_KEPT:
            self.pictures.popitem(last=False)
        return picture, texts

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
        gap = px(12)
        margin = px(TILE_MARGIN)  # a card's picture reaches this far around the card
        inner = self.grid.width - px(14) - 2 * margin  # room for the scroll bar
        cols = max(2, (inner + gap) // (px(CARD_MIN_WIDTH) + gap))
        card_w = (inner - gap * (cols - 1)) // cols
        card_h = int(card_w * FRAME_RATIO)
        y = 0
        for kind, title, _, _ in KINDS:
            cards = [e for e in self.shown if e.kind == kind]
            if not cards:
                continue
            self.content.append(("head", (kind, title, len(cards)),
                                 pygame.Rect(0, y, inner + 2 * margin, px(34))))
            y += px(42) - margin
            for i, entry in enumerate(cards):
                r, c = divmod(i, cols)
                self.content.append(("card", entry, pygame.Rect(
                    c * (card_w + gap), y + r * (card_h + gap), card_w + 2 * margin,
                    card_h + 2 * margin)))
            y += ((len(cards) + cols - 1) // cols) * (card_h + gap) + px(8) + margin
        self.content_height = y
        self.scroll_by(0)

    @property
    def scroll(self) -> int:
        """How far down the grid is scrolled, in pixels."""
        return self.grid_view.offset if self.grid_view is not None else self._scroll

    @scroll.setter
    def scroll(self, value: int) -> None:
        self._scroll = max(0, min(self.max_scroll, value))
        if self.grid_view is not None:
            self.grid_view.scroll_to(self._scroll)

    def scroll_by(self, dy: int) -> None:
        self.scroll = self.scroll + dy

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
        elif event.type == pygame.MOUSEMOTION and self.grid_view is not None:
            self.grid_view.hover(None if self.dropdown_open() else event.pos)
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
        if self.dropdown_open() or self.grid_view is None:
            return
        entry = self.grid_view.card_at(pos)
        if entry is not None:
            self.open_detail(entry)

    def sync_query(self) -> None:
        if self.search is not None and self.search.get_text() != self.query:
            self.query = self.search.get_text()
            self.scroll = 0
            self.filter()

    def update(self, dt: float) -> None:
        self.sync_query()
        if self.grid_view is not None:
            self.grid_view.update()
            self._scroll = self.grid_view.offset

    @property
    def card_rects(self) -> list[tuple[Entry, pygame.Rect]]:
        """The cards on screen (at least 20 px of each showing) and the part that shows."""
        if self.grid_view is None or self.detail is not None:
            return []
        return self.grid_view.visible_cards(self.ctx.px(20))

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
            veil(surface, (8, 8, 10, 228))
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
        self.draw_grid(surface)

    def draw_grid(self, surface: pygame.Surface) -> None:
        """A note when no card matches; else the texts on the pictures in view are recorded
        (the grid's container draws the pictures)."""
        ctx, px = self.ctx, self.ctx.px
        grid = self.grid
        if not self.shown:
            ctx.text(surface, "No card matches these filters.", 18,
                     (grid.centerx, grid.top + px(60)), DIM, "bold", "center")
            ctx.text(surface, "Press 1 for all kinds, T for another fireteam, or clear the "
                     "search.", 14, (grid.centerx, grid.top + px(90)), DIM, anchor="center")
            return
        if ctx.drawn is not None and self.grid_view is not None:
            ctx.drawn += self.grid_view.visible_strings()

    def draw_head(self, surface: pygame.Surface, item: tuple[str, str, int],
                  at: pygame.Rect) -> None:
        """A section's heading: its icon, title and number of cards, and a rule."""
        ctx, px = self.ctx, self.ctx.px
        kind, title, n = item
        icon = ctx.assets.icon(KIND_ICONS[kind], px(24), GOLD)
        surface.blit(icon, icon.get_rect(midleft=(at.left, at.centery)))
        x = ctx.text(surface, title.upper(), 18, (at.left + px(32), at.centery), GOLD,
                     "condensed", "midleft").right
        ctx.text(surface, f"{n}", 14, (x + px(10), at.centery + px(1)), DIM, anchor="midleft")
        pygame.draw.line(surface, PANEL_EDGE, (x + px(40), at.centery), (at.right, at.centery))

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
        ctx.text(surface, f"Targets deck: {count(len(state.deck), 'card')}", 14, (x, y), INK,
                 "bold", width=third - px(16))
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



def open_card_browser(app: App, game: Game | None = None) -> Callable[[], None]:
    """An action that opens the card library (for a button or a hotkey)."""
    return lambda: app.push(CardBrowserScene(app, game))
