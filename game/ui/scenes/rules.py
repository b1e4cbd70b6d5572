"""The rules help: a search box, the entries grouped by section on the left, the chosen entry
on the right with its picture (a small killzone drawn by :class:`BoardView`). Words of the
text that name another entry are links. Esc or Back closes it (it pops itself), Ctrl+F or /
goes to the search box, Up/Down walk the list.

``RulesScene(app, topic="rapid_fire")`` opens straight at an entry: ``topic`` is an entry id
or any of its keywords (see :func:`game.ui.rules_help.entry_for_word`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine.state import OperativeState
from game.ui import rules_help
from game.ui.board import BoardView
from game.ui.context import DIM, GOLD, INK, PANEL, PANEL_EDGE, panel
from game.ui.rules_help import Entry, Picture, picture_config
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

LINK = (122, 196, 238)  # sky blue, readable on the dark panel
LINK_HOVER = (190, 228, 255)
SELECTED = (74, 62, 34)
HOVER = (44, 44, 50)
CARDS = {1: "assault_intercessor", 2: "necron_warrior"}
BODY = 16  # px at 1280 x 800
LIST_TEXT = 15
HEADER_TEXT = 13


@dataclass
class Run:
    """A piece of one laid-out line: text at an x offset, a link target or none."""

    text: str
    x: int
    width: int
    target: str = ""


@dataclass
class Line:
    runs: list[Run]
    y: int  # from the top of the text
    indent: int = 0
    bullet: bool = False


class RulesScene(Scene):
    overlay = True  # the game (or menu) stays dimly visible behind

    def __init__(self, app: App, topic: str | None = None) -> None:
        super().__init__(app)
        self.help = rules_help.load()
        found = rules_help.entry_for_word(topic) if topic else None
        self.current: Entry = found or self.help.entries[0]
        self.query = ""
        self.shown: list[Entry] = list(self.help.entries)
        self.list_scroll = 0
        self.text_scroll = 0
        self.search: pygame_gui.elements.UITextEntryLine | None = None
        self.rows: list[tuple[pygame.Rect, Entry]] = []  # list rows on screen
        self.link_rects: list[tuple[pygame.Rect, str]] = []  # links on screen
        self._layouts: dict[tuple[str, int, float], tuple[list[Line], int]] = {}
        self._boards: dict[tuple[str, int, int, int, int], BoardView] = {}
        self._reveal = True  # scroll the list to the current entry at the next draw

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

    def close(self) -> None:
        self.app.pop()

    # --- choosing ---------------------------------------------------------------------------

    def open(self, entry_id: str) -> None:
        """Show the entry ``entry_id`` (an id or any word that leads to one)."""
        found = self.help.by_id.get(entry_id) or rules_help.entry_for_word(entry_id)
        if found is None:
            return
        self.current = found
        self.text_scroll = 0
        self._reveal = True

    def set_query(self, query: str) -> None:
        self.query = query
        self.shown = rules_help.search(query)
        self.list_scroll = 0
        if self.shown and self.current not in self.shown:
            self.open(self.shown[0].id)

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
                self.text_scroll += self.ctx.px(200) * (1 if event.key == pygame.K_PAGEDOWN
                                                       else -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            _, listing, entry = self.areas()
            pos = pygame.mouse.get_pos()
            step = self.ctx.px(40) * event.y
            if entry.collidepoint(pos):
                self.text_scroll -= step
            else:
                self.list_scroll -= step

    def click(self, pos: tuple[int, int]) -> None:
        for rect, target in self.link_rects:
            if rect.collidepoint(pos):
                self.open(target)
                return
        _, listing, _ = self.areas()
        if listing.collidepoint(pos):
            for rect, entry in self.rows:
                if rect.collidepoint(pos):
                    self.open(entry.id)
                    return

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        out = super().clickables()
        out += [(entry.title, rect) for rect, entry in self.rows]
        out += [(f"link:{target}", rect) for rect, target in self.link_rects]
        return out

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        width, height = surface.get_size()
        veil = pygame.Surface((width, height), pygame.SRCALPHA)
        veil.fill((6, 6, 8, 215))
        surface.blit(veil, (0, 0))
        frame, listing, entry = self.areas()
        pygame.draw.rect(surface, (18, 19, 22), frame, border_radius=10)
        pygame.draw.rect(surface, PANEL_EDGE, frame, 2, border_radius=10)
        heading = ctx.text(surface, "RULES HELP", 30, (entry.left + px(4), frame.top + px(33)),
                           GOLD, "condensed", "midleft")
        ctx.text(surface, "Warhammer 40,000: Fireteam, in our own words", 14,
                 (heading.right + px(14), heading.centery + px(2)), DIM, anchor="midleft")
        self.draw_list(surface, listing)
        self.draw_entry(surface, entry)
        ctx.text(surface, "Click an entry or a blue word to read it   ·   Ctrl+F or / to "
                 "search   ·   Up/Down to browse   ·   mouse wheel to scroll   ·   Esc to close",
                 13, (frame.centerx, frame.bottom - px(17)), DIM, anchor="center")

    def draw_list(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ctx, px = self.ctx, self.ctx.px
        pygame.draw.rect(surface, PANEL, area, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, area, 1, border_radius=6)
        inner = area.inflate(-px(8), -px(10))
        header_h, row_h = px(30), px(25)
        items: list[tuple[str, Entry | None, int]] = []  # (label, entry, height)
        for section in self.help.sections:
            members = [e for e in self.shown if e.section == section]
            if members:
                items.append((section, None, header_h))
                items += [(short_title(e), e, row_h) for e in members]
        total = sum(h for _, _, h in items)
        if self._reveal:
            y = 0
            for _, e, h in items:
                if e is self.current:
                    if y - header_h < self.list_scroll or y + h > (self.list_scroll
                                                                  + inner.height):
                        self.list_scroll = y - inner.height // 3
                    break
                y += h
            self._reveal = False
        self.list_scroll = max(0, min(self.list_scroll, max(0, total - inner.height)))
        self.rows = []
        if not items:
            ctx.wrapped(surface, f'Nothing matches "{self.query}". Try another word, such '
                        'as cover, Move or Rapid Fire.', 15, inner.inflate(-px(12), -px(8)),
                        DIM)
            return
        mouse = pygame.mouse.get_pos()
        surface.set_clip(inner)
        y = inner.top - self.list_scroll
        for label, e, h in items:
            if y + h >= inner.top and y <= inner.bottom:
                rect = pygame.Rect(inner.left, y, inner.width - px(8), h)
                if e is None:
                    ctx.text(surface, label.upper(), HEADER_TEXT,
                             (rect.left + px(8), rect.bottom - px(5)), GOLD, "condensed",
                             "bottomleft")
                else:
                    if e is self.current:
                        pygame.draw.rect(surface, SELECTED, rect, border_radius=4)
                        pygame.draw.rect(surface, GOLD, rect.inflate(0, -px(8)).move(0, 0)
                                         .clip(pygame.Rect(rect.left, rect.top, px(3),
                                                           rect.height)))
                    elif rect.collidepoint(mouse):
                        pygame.draw.rect(surface, HOVER, rect, border_radius=4)
                    ctx.text(surface, label, LIST_TEXT, (rect.left + px(18), rect.centery),
                             INK if e is self.current else (212, 206, 192),
                             "bold" if e is self.current else "regular", "midleft",
                             width=rect.width - px(24))
                    if inner.contains(rect):
                        self.rows.append((rect, e))
            y += h
        surface.set_clip(None)
        if total > inner.height:  # a thin scroll bar
            bar_h = max(px(30), inner.height * inner.height // total)
            bar_y = inner.top + (inner.height - bar_h) * self.list_scroll // (total
                                                                              - inner.height)
            pygame.draw.rect(surface, (90, 86, 76), (inner.right - px(4), bar_y, px(4), bar_h),
                             border_radius=2)

    def draw_entry(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        ctx, px = self.ctx, self.ctx.px
        entry = self.current
        inner = panel(surface, area).inflate(-px(20), -px(14))
        ctx.text(surface, entry.section.upper(), HEADER_TEXT, (inner.left, inner.top), GOLD,
                 "condensed")
        title = ctx.text(surface, entry.title, 26, (inner.left, inner.top + px(20)), INK,
                         "bold", width=inner.width)
        pygame.draw.line(surface, PANEL_EDGE, (inner.left, title.bottom + px(8)),
                         (inner.right, title.bottom + px(8)))
        body = pygame.Rect(inner.left, title.bottom + px(20), inner.width,
                           inner.bottom - title.bottom - px(20))
        text_area = body.copy()
        if entry.picture is not None:
            pic_w = min(px(420), body.width * 45 // 100)
            text_area.width = body.width - pic_w - px(24)
            self.draw_picture(surface, entry.picture,
                              pygame.Rect(body.right - pic_w, body.top, pic_w, body.height))
        self.draw_text(surface, entry, text_area)

    def layout(self, entry: Entry, width: int) -> tuple[list[Line], int]:
        """The entry's text (and its "see also" line) broken into lines of runs."""
        key = (entry.id, width, self.ctx.scale)
        if key in self._layouts:
            return self._layouts[key]
        font = self.ctx.assets.font(self.ctx.px(BODY))
        line_h = font.get_linesize()
        lines: list[Line] = []
        y = 0
        linked: set[str] = set()
        pieces = entry.paragraphs()
        for n, para in enumerate(pieces):
            if not para:
                y += line_h // 2
                continue
            bullet = para.startswith("• ")
            if bullet:
                para = para[2:]
            indent = font.size("•  ")[0] if bullet else 0
            spans = rules_help.links(para, entry.id, linked)
            words = _split(para, spans)
            lines += self._flow(words, font, width - indent, indent, y, bullet)
            y = lines[-1].y + line_h
            if bullet and n + 1 < len(pieces) and pieces[n + 1].startswith("• "):
                y += line_h // 6
        # see also
        see = [self.help.by_id[s] for s in entry.see if s in self.help.by_id]
        if see:
            y += line_h
            words = [[("See also:", "")]]
            for i, other in enumerate(see):
                parts = short_title(other).split()
                for j, part in enumerate(parts):
                    word = [(part, other.id)]
                    if j == len(parts) - 1 and i < len(see) - 1:
                        word.append((",", ""))
                    words.append(word)
            lines += self._flow(words, font, width, 0, y, False)
            y = lines[-1].y + line_h
        self._layouts[key] = (lines, y)
        return lines, y

    def _flow(self, words: list[list[tuple[str, str]]], font: pygame.font.Font,
              width: int, indent: int, y: int, bullet: bool) -> list[Line]:
        """Wrap ``words`` (each a list of (piece, link target) pieces written together)."""
        line_h = font.get_linesize()
        space = font.size(" ")[0]
        out: list[Line] = []
        current: list[list[tuple[str, str]]] = []
        used = 0

        def flush() -> None:
            nonlocal used
            runs: list[Run] = []
            x = 0
            for n, word in enumerate(current):
                for k, (piece, target) in enumerate(word):
                    gap = " " if n and not k else ""
                    w = font.size(piece)[0]
                    if runs and runs[-1].target == target:
                        runs[-1].text += gap + piece
                    else:
                        if gap:
                            x += space
                        runs.append(Run(piece, x, 0, target))
                        gap = ""
                    x += (space if gap else 0) + w
                    runs[-1].width = x - runs[-1].x
            out.append(Line(runs, y + len(out) * line_h, indent, bullet and not out))
            current.clear()
            used = 0

        for word in words:
            w = font.size("".join(p for p, _ in word))[0]
            if current and used + space + w > width:
                flush()
            used += (space if current else 0) + w
            current.append(word)
        if current:
            flush()
        return out

    def draw_text(self, surface: pygame.Surface, entry: Entry, area: pygame.Rect) -> None:
        ctx, px = self.ctx, self.ctx.px
        lines, total = self.layout(entry, area.width)
        self.text_scroll = max(0, min(self.text_scroll, max(0, total - area.height)))
        font = ctx.assets.font(px(BODY))
        mouse = pygame.mouse.get_pos()
        self.link_rects = []
        surface.set_clip(area)
        top = area.top - self.text_scroll
        for line in lines:
            y = top + line.y
            if y + font.get_linesize() < area.top or y > area.bottom:
                continue
            if line.bullet:
                ctx.text(surface, "•", BODY, (area.left + px(2), y), GOLD, "bold")
            for run in line.runs:
                x = area.left + line.indent + run.x
                rect = pygame.Rect(x, y, run.width, font.get_linesize())
                if run.target:
                    hover = rect.collidepoint(mouse)
                    colour = LINK_HOVER if hover else LINK
                    ctx.text(surface, run.text, BODY, (x, y), colour)
                    base = y + font.get_ascent() + max(2, px(2))
                    pygame.draw.line(surface, colour, (x, base), (x + run.width, base), 1)
                    if area.contains(rect):
                        self.link_rects.append((rect, run.target))
                else:
                    ctx.text(surface, run.text, BODY, (x, y),
                             DIM if run.text == "See also:" else INK)
        surface.set_clip(None)
        if total > area.height:
            more = "▼ more below (scroll)" if self.text_scroll + area.height < total else ""
            if more:
                ctx.text(surface, more, 13, (area.right, area.bottom + px(2)), GOLD,
                         anchor="topright")

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
            board.rect.move_ip(shift)
            board._polys = {h: board._polygon(h) for h in board.grid.hexes}
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
            a, b = picture.line
            clear = grid.visible(a, b, occupied)
            colour = (120, 230, 140) if clear else (240, 84, 70)
            width = max(3, int(board.size / 10))
            pygame.draw.line(surface, (0, 0, 0), board.centre(a), board.centre(b), width + 2)
            pygame.draw.line(surface, colour, board.centre(a), board.centre(b), width)
            for h in (a, b):
                pygame.draw.circle(surface, colour, board.centre(h), width + 1)
        # hex names, readable over everything
        font = ctx.assets.font(px(13))
        for h in sorted(grid.hexes):
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
        if picture.caption:
            cap = pygame.Rect(box.left, box.bottom + px(8), box.width,
                              area.bottom - box.bottom - px(8))
            ctx.wrapped(surface, picture.caption, 14, cap, (206, 200, 184))


def short_title(entry: Entry) -> str:
    """The title without "Ruling: " (the list's section says it), capitalised."""
    title = entry.title.removeprefix("Ruling: ")
    return title[:1].upper() + title[1:]


def _split(text: str, spans: list[tuple[int, int, str]]) -> list[list[tuple[str, str]]]:
    """``text``'s words, each cut where a link starts or ends (so "cover," links "cover"
    and not its comma), as lists of (piece, link target)."""
    out: list[list[tuple[str, str]]] = []
    for match in re.finditer(r"\S+", text):
        start, end = match.span()
        cuts = sorted({start, end, *(c for s, e, _ in spans for c in (s, e) if start < c < end)})
        word = []
        for a, b in zip(cuts, cuts[1:], strict=False):
            target = next((t for s, e, t in spans if s <= a and b <= e), "")
            word.append((text[a:b], target))
        out.append(word)
    return out
