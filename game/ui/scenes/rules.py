"""The rules help: a search box, the entries grouped by section on the left, the chosen entry
on the right with its picture (a small killzone drawn by :class:`BoardView`). Words of the
text that name another entry are links. Esc or Back closes it (it pops itself), Ctrl+F or /
goes to the search box, Up/Down walk the list, PgUp/PgDn scroll the text.

pygame-gui lays out, wraps and scrolls the text (a ``UITextBox`` fed with its HTML subset,
links as ``<a href='ENTRY_ID'>``) and the list (a ``UISelectionList``, the sections' names as
items of their own style).

``RulesScene(app, topic="rapid_fire")`` opens straight at an entry: ``topic`` is an entry id
or any of its keywords (see :func:`game.help.rules_help.entry_for_word`).
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.engine import OperativeState
from game.help import rules_help
from game.help.rules_help import Entry, Picture, picture_config
from game.ui.board import BoardView
from game.ui.context import DIM, GOLD, INK, PANEL, PANEL_EDGE, panel
from game.ui.dialog import veil
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

CARDS = {1: "assault_intercessor", 2: "necron_warrior"}
HEADER_TEXT = 13
SEE_ALSO = "#a09c92"  # DIM, in the text box's HTML
BULLET = "#d6b25c"  # GOLD


class RulesScene(Scene):
    overlay = True  # the game (or menu) stays dimly visible behind

    def __init__(self, app: App, topic: str | None = None) -> None:
        super().__init__(app)
        self.help = rules_help.load()
        found = rules_help.entry_for_word(topic) if topic else None
        self.current: Entry = found or self.help.entries[0]
        self.query = ""
        self.shown: list[Entry] = list(self.help.entries)
        self.search: pygame_gui.elements.UITextEntryLine | None = None
        self.listing: pygame_gui.elements.UISelectionList | None = None
        self.text: pygame_gui.elements.UITextBox | None = None
        self.by_label: dict[str, Entry] = {}  # the list's items -> their entries
        self._boards: dict[tuple[str, int, int, int, int], BoardView] = {}

    # --- layout ----------------------------------------------------------------------------

    def areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The whole frame, the list and the entry."""
        px = self.ctx.px
        width, height = self.app.size
        frame = pygame.Rect(0, 0, width, height).inflate(-px(40), -px(32))
        top = frame.top + px(64)
        bottom = frame.bottom - px(34)
        listing = pygame.Rect(frame.left + px(14), top, px(300), bottom - top)
        entry = pygame.Rect(listing.right + px(14), top, frame.right - px(14)
                            - listing.right - px(14), bottom - top)
        return frame, listing, entry

    def build(self) -> None:
        px = self.ctx.px
        frame, listing, entry = self.areas()
        self.search = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(listing.left, frame.top + px(16), listing.width, px(34)),
            manager=self.app.manager, placeholder_text="Search the rules (Ctrl+F)")
        self.search.set_text(self.query)
        self.elements.append(self.search)
        back = pygame.Rect(0, 0, px(130), px(34))
        back.topright = (frame.right - px(14), frame.top + px(16))
        self.button("Back", back, self.close, hotkey=pygame.K_ESCAPE,
                    tooltip="Close the rules help")
        self.build_list(listing)
        self.build_text(entry)

    def build_list(self, area: pygame.Rect) -> None:
        """The entries shown, by section, as a selection list (the current one selected and
        scrolled into view); a note instead when the search matches nothing."""
        self.listing = None
        self.by_label = {}
        if not self.shown:
            return
        items: list[tuple[str, str]] = []
        room = area.width - self.ctx.px(8) - self.ctx.px(40)  # the padding and scroll bar
        for section in self.help.sections:
            members = [e for e in self.shown if e.section == section]
            if members:
                items.append((section.upper(), "#rules_section"))
                for e in members:
                    label = self.fit(short_title(e), room)
                    self.by_label[label] = e
                    items.append((label, "#rules_item"))
        current = next((label for label, e in self.by_label.items() if e is self.current), "")
        self.listing = pygame_gui.elements.UISelectionList(
            area.inflate(-self.ctx.px(8), -self.ctx.px(10)), items, manager=self.app.manager,
            object_id="#rules_list",
            default_selection=(current, "#rules_item") if current in self.by_label else None)
        self.elements.append(self.listing)
        self.reveal()

    def fit(self, text: str, width: int) -> str:
        """``text``, shortened at a word with an ellipsis when wider than ``width``."""
        font = self.ctx.assets.font(self.ctx.px(15))
        if font.size(text)[0] <= width:
            return text
        words = text.split()
        while len(words) > 1 and font.size(" ".join(words) + "…")[0] > width:
            words.pop()
        return " ".join(words) + "…"

    def reveal(self) -> None:
        """Scroll the list so the current entry is in its upper third."""
        listing = self.listing
        if listing is None or listing.scroll_bar is None:
            return
        index = next((i for i, item in enumerate(listing.item_list)
                      if item["object_id"] == "#rules_item"
                      and self.by_label.get(item["text"]) is self.current), 0)
        total = max(1, listing.total_height_of_list)
        top = index * listing.list_item_height - listing.rect.height // 3
        listing.scroll_bar.set_scroll_from_start_percentage(max(0, top) / total)

    def build_text(self, area: pygame.Rect) -> None:
        """The current entry's text, below its title, beside its picture."""
        self.text = pygame_gui.elements.UITextBox(
            entry_html(self.help, self.current), self.text_area(area),
            manager=self.app.manager, object_id="#rules_text")
        self.elements.append(self.text)

    def text_area(self, area: pygame.Rect) -> pygame.Rect:
        """Where the entry's text goes within the entry panel ``area``."""
        px = self.ctx.px
        inner = area.inflate(-16, -12).inflate(-px(20), -px(14))
        title_bottom = inner.top + px(20) + self.ctx.assets.font(px(26), "bold").get_linesize()
        body = pygame.Rect(inner.left, title_bottom + px(12), inner.width,
                           inner.bottom - title_bottom - px(12))
        if self.current.picture is not None:
            body.width -= min(px(420), body.width * 45 // 100) + px(24)
        return body

    @property
    def rows(self) -> list[tuple[pygame.Rect, Entry]]:
        """The list's entries on screen, with their rectangles."""
        if self.listing is None:
            return []
        view = self.listing.rect
        return [(item["button_element"].rect, self.by_label[item["text"]])
                for item in self.listing.item_list
                if item["button_element"] is not None and item["object_id"] == "#rules_item"
                and view.contains(item["button_element"].rect)]

    @property
    def link_rects(self) -> list[tuple[pygame.Rect, str]]:
        """The links of the text on screen, with their rectangles."""
        box = self.text
        if box is None or box.text_box_layout is None:
            return []
        x, y = box.get_text_layout_top_left()
        if box.scroll_bar is not None:
            y -= int(box.scroll_bar.start_percentage * box.text_box_layout.layout_rect.height)
        out = []
        for chunk in box.link_hover_chunks:
            rect = pygame.Rect((int(x) + chunk.x, int(y) + chunk.y), chunk.size)
            if box.rect.contains(rect):
                out.append((rect, chunk.href))
        return out

    def scroll_text(self, pages: int) -> None:
        box = self.text
        if box is not None and box.scroll_bar is not None:
            bar = box.scroll_bar
            bar.set_scroll_from_start_percentage(
                min(1.0 - bar.visible_percentage,
                    bar.start_percentage + pages * bar.visible_percentage * 0.9))

    def close(self) -> None:
        self.app.pop()

    # --- choosing ---------------------------------------------------------------------------

    def open(self, entry_id: str) -> None:
        """Show the entry ``entry_id`` (an id or any word that leads to one)."""
        found = self.help.by_id.get(entry_id) or rules_help.entry_for_word(entry_id)
        if found is None:
            return
        if found is not self.current:
            self.current = found
            if self.elements:
                self.show_current()

    def show_current(self) -> None:
        """Put the current entry on screen: when the list already holds it, only its
        selection moves there (scrolled into view) and the text box is made again; the whole
        scene is rebuilt otherwise."""
        listing, text = self.listing, self.text
        label = next((lb for lb, e in self.by_label.items() if e is self.current), None)
        if listing is None or text is None or label is None:
            self.rebuild()
            return
        for item in listing.item_list:
            chosen = item["text"] == label and item["object_id"] == "#rules_item"
            if item["selected"] != chosen:
                item["selected"] = chosen
                button = item.get("button_element")
                if button is not None:
                    button.select() if chosen else button.unselect()
        self.reveal()
        self.elements.remove(text)
        text.kill()
        self.build_text(self.areas()[2])
        self.app.dirty = True

    def set_query(self, query: str) -> None:
        self.query = query
        self.shown = rules_help.search(query)
        if self.shown and (query.strip() or self.current not in self.shown):
            self.open(self.shown[0].id)  # the best match, as the search ranks it
        if self.elements:
            self.rebuild()
            self.focus_search()  # typing goes on

    def step(self, by: int) -> None:
        if not self.shown:
            return
        i = self.shown.index(self.current) if self.current in self.shown else -1
        self.open(self.shown[max(0, min(len(self.shown) - 1, i + by))].id)

    def focus_search(self) -> None:
        if self.search is not None:
            self.app.manager.set_focus_set(self.search)

    def _typing(self) -> bool:
        return self.search is not None and self.search.is_focused

    # --- input ------------------------------------------------------------------------------

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.search:
            self.set_query(self.search.get_text())
        elif (event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
              and event.ui_element is self.search):
            if self.shown:
                self.open(self.shown[0].id)
            self.search.unfocus()
        elif event.type == pygame.KEYDOWN:
            ctrl = event.mod & pygame.KMOD_CTRL
            if event.key == pygame.K_f and ctrl:
                self.focus_search()
            elif event.key == pygame.K_SLASH and not self._typing():
                self.focus_search()  # the app keeps the "/" itself out of the field
            elif event.key in (pygame.K_DOWN, pygame.K_UP):
                self.step(1 if event.key == pygame.K_DOWN else -1)
            elif event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP):
                self.scroll_text(1 if event.key == pygame.K_PAGEDOWN else -1)
        elif event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED and event.ui_element is self.text:
            self.open(event.link_target)
        elif (event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
              and event.ui_element is self.listing):
            chosen = self.by_label.get(event.text)
            if chosen is not None:
                self.open(chosen.id)
            else:  # a section's name: the current entry stays chosen
                self.rebuild()

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        out = super().clickables()
        out += [(short_title(entry), rect) for rect, entry in self.rows]
        out += [(f"link:{target}", rect) for rect, target in self.link_rects]
        return out

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        width, height = surface.get_size()
        veil(surface, (6, 6, 8, 215))
        frame, listing, entry = self.areas()
        pygame.draw.rect(surface, (18, 19, 22), frame, border_radius=10)
        pygame.draw.rect(surface, PANEL_EDGE, frame, 2, border_radius=10)
        heading = ctx.text(surface, "RULES HELP", 30, (entry.left + px(4), frame.top + px(33)),
                           GOLD, "condensed", "midleft")
        ctx.text(surface, "Warhammer 40,000: Fireteam, in our own words", 14,
                 (heading.right + px(14), heading.centery + px(2)), DIM, anchor="midleft",
                 width=frame.right - px(14) - px(130) - px(14) - heading.right - px(14))
        self.draw_list(surface, listing)
        self.draw_entry(surface, entry)
        ctx.text(surface, "Click an entry or a blue word to read it   ·   Ctrl+F or / to "
                 "search   ·   Up/Down to browse   ·   mouse wheel to scroll   ·   Esc to close",
                 13, (frame.centerx, frame.bottom - px(17)), DIM, anchor="center")

    def draw_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The list's frame (the selection list draws the entries in it), or a note when
        the search matches nothing."""
        ctx, px = self.ctx, self.ctx.px
        pygame.draw.rect(surface, PANEL, area, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, area, 1, border_radius=6)
        if not self.shown:
            ctx.wrapped(surface, f'Nothing matches "{self.query}". Try another word, such '
                        'as cover, Move or Rapid Fire.', 15,
                        area.inflate(-px(8), -px(10)).inflate(-px(12), -px(8)), DIM)

    def draw_entry(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The entry's section, title and picture (its text is the text box's)."""
        ctx, px = self.ctx, self.ctx.px
        entry = self.current
        inner = panel(surface, area).inflate(-px(20), -px(14))
        ctx.text(surface, entry.section.upper(), HEADER_TEXT, (inner.left, inner.top), GOLD,
                 "condensed")
        title = ctx.text(surface, entry.title, 26, (inner.left, inner.top + px(20)), INK,
                         "bold", width=inner.width)
        pygame.draw.line(surface, PANEL_EDGE, (inner.left, title.bottom + px(6)),
                         (inner.right, title.bottom + px(6)))
        if entry.picture is not None:
            body = self.text_area(area)
            pic_w = min(px(420), (inner.width) * 45 // 100)
            self.draw_picture(surface, entry.picture,
                              pygame.Rect(inner.right - pic_w, body.top, pic_w, body.height))

    # --- the picture ------------------------------------------------------------------------

    def board_for(self, entry: Entry, picture: Picture, area: pygame.Rect) -> BoardView:
        key = (entry.id, *area.size, int(self.ctx.scale * 100))
        if key not in self._boards:
            config = picture_config(self.ctx.catalogue, picture)
            self._boards[key] = BoardView(self.ctx, config, pygame.Rect((0, 0), area.size),
                                          labels=False)
        board = self._boards[key]
        shift = (area.centerx - board.rect.centerx, area.top - board.rect.top)
        if shift != (0, 0):  # keep the cached view where it is asked for now
            board.move_by(shift)
        return board

    def draw_picture(self, surface: pygame.Surface, picture: Picture, area: pygame.Rect
                     ) -> None:
        ctx, px = self.ctx, self.ctx.px
        caption_h = px(70)
        frame = pygame.Rect(area.left, area.top, area.width,
                            min(area.height - caption_h, area.width * 3 // 4))
        board = self.board_for(self.current, picture, frame.inflate(-px(16), -px(16)))
        box = board.rect.inflate(px(16), px(16))
        pygame.draw.rect(surface, (12, 12, 14), box, border_radius=6)
        surface.blit(board.layer(), board.rect)
        grid = board.grid
        if picture.shade:
            board.shade(surface, [h for h in picture.shade if h in grid.hexes],
                        (240, 200, 90, 78))
            for h in picture.shade:
                if h in grid.hexes:
                    board.outline(surface, h, GOLD, 1, 0.9)
        operatives = [OperativeState(f"op{i}", player, card or CARDS.get(player, CARDS[1]), at)
                      for i, (at, player, card) in enumerate(picture.operatives)]
        occupied = {o.hex for o in operatives if o.hex}
        for i, h in enumerate(picture.objectives):
            near = {p: sum(1 for o in operatives if o.hex and grid.distance(o.hex, h) <= 1
                           and o.player == p) for p in (1, 2)}
            controller = 1 if near[1] > near[2] else (2 if near[2] > near[1] else 0)
            board.objective(surface, f"obj{i}", h, controller)
        if picture.path:
            board.path(surface, list(picture.path))
        for op in operatives:
            card = ctx.catalogue.datacards.get(op.card)
            board.token(surface, op, card.wounds if card else 1)
        if len(picture.line) == 2:
            _draw_sight_line(surface, board, grid, picture.line, occupied)
        self.draw_hex_names(surface, board, picture, occupied)
        if picture.caption:
            cap = pygame.Rect(box.left, box.bottom + px(8), box.width,
                              area.bottom - box.bottom - px(8))
            ctx.wrapped(surface, picture.caption, 14, cap, (206, 200, 184))


    def draw_hex_names(self, surface: pygame.Surface, board: Any, picture: Picture,
                       occupied: set[str]) -> None:
        """Every hex's name, readable over everything (on a dark pill where something
        stands)."""
        ctx = self.ctx
        font = ctx.assets.font(ctx.px(13))
        for h in sorted(board.grid.hexes):
            cx, cy = board.centre(h)
            image = font.render(h, True, (236, 230, 214))
            rect = image.get_rect(center=(int(cx), int(cy + board.size * 0.62)))
            if h in occupied or h in picture.objectives:
                pill = pygame.Surface(rect.inflate(6, 0).size, pygame.SRCALPHA)
                pill.fill((0, 0, 0, 170))
                surface.blit(pill, rect.inflate(6, 0))
            else:
                image.set_alpha(170)
            surface.blit(image, rect)
            if ctx.drawn is not None:
                ctx.drawn.append(h)


def _draw_sight_line(surface: pygame.Surface, board: Any, grid: Any, line: Any,
                     occupied: set[str]) -> None:
    """A picture's line between two hex centres: green when it is clear, red when not."""
    a, b = line
    clear = grid.visible(a, b, occupied)
    colour = (120, 230, 140) if clear else (240, 84, 70)
    width = max(3, int(board.size / 10))
    pygame.draw.line(surface, (0, 0, 0), board.centre(a), board.centre(b), width + 2)
    pygame.draw.line(surface, colour, board.centre(a), board.centre(b), width)
    for h in (a, b):
        pygame.draw.circle(surface, colour, board.centre(h), width + 1)


def short_title(entry: Entry) -> str:
    """The title without "Ruling: " (the list's section says it), capitalised."""
    title = entry.title.removeprefix("Ruling: ")
    return title[:1].upper() + title[1:]


def entry_html(help: rules_help.Help, entry: Entry) -> str:
    """``entry``'s text in pygame-gui's HTML: paragraphs, bullets, a link on the first mention
    of each other entry, and a "see also" line."""
    linked: set[str] = set()
    parts: list[str] = []
    for para in entry.paragraphs():
        if not para:
            parts.append("")
            continue
        bullet = para.startswith("• ")
        if bullet:
            para = para[2:]
        html, at = [], 0
        for start, end, target in rules_help.links(para, entry.id, linked):
            html.append(escape(para[at:start]))
            html.append(f"<a href='{target}'>{escape(para[start:end])}</a>")
            at = end
        html.append(escape(para[at:]))
        text = "".join(html)
        parts.append(f"<font color='{BULLET}'>•</font>  {text}" if bullet else text)
    see = [help.by_id[s] for s in entry.see if s in help.by_id]
    if see:
        parts += ["", f"<font color='{SEE_ALSO}'>See also:</font> " + ", ".join(
            f"<a href='{other.id}'>{escape(short_title(other))}</a>" for other in see)]
    return "<br>".join(parts)
