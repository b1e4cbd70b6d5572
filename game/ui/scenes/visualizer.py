"""The mission visualizer: every mission as a thumbnail; one full size on its killzone side
with its card and key; the line-of-sight, range and deployment tools; labels, the other side
and the heat map; a PNG of the view; "Play this mission"; a mission file opened from disk.

``VisualizerScene(app, mission=None, on_play=None)``: ``mission`` (an id or a Mission) opens
straight at it; ``on_play(mission_id)`` starts a game of it (by default the new-game screen
with it chosen).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui

from game.content import ContentError
from game.engine import Mission, opponent
from game.ui.context import DIM, GOLD, INK, panel
from game.ui.registry import SceneName
from game.ui.scene import Scene
from game.ui.visualize import (
    BACKGROUND,
    Painter,
    Study,
    export_png,
    load_mission_file,
    other_side,
    thumbnail,
    weapons,
)

RANGES = tuple(range(1, 9))
TOOLS = (("Inspect", "inspect", pygame.K_i), ("Line of sight", "sight", pygame.K_l),
         ("Range", "range", pygame.K_r), ("Deploy", "deploy", pygame.K_d))


class VisualizerScene(Scene):
    def __init__(self, app, mission: str | Mission | None = None,  # type: ignore[no-untyped-def]
                 on_play: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        cat = self.ctx.catalogue
        self.missions: list[Mission] = sorted(cat.missions.values(), key=lambda m: m.name)
        self.on_play = on_play
        self.painter = Painter(self.ctx)
        self.study: Study | None = None
        self.content_top = self.ctx.px(98)  # where the mission's view starts (see build)
        self.notice = ""
        self.error = ""
        self.thumbs: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}
        self.tiles: list[tuple[Mission, pygame.Rect]] = []
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self.weapon_choices = [(f"Range {n}", n) for n in RANGES] + [
            (label, w.range) for label, w in weapons(cat)]
        self.team = sorted(cat.fireteams)[0]
        self.card = self.cards()[0]
        self.player = 1
        if isinstance(mission, str):
            mission = cat.missions.get(mission)
        if mission is not None:
            self.open(mission)

    # --- choosing ---------------------------------------------------------------------------

    def cards(self) -> list[str]:
        team = self.ctx.catalogue.fireteams[self.team]
        return list(dict.fromkeys(e.card for e in team.composition))

    def open(self, mission: Mission) -> None:
        if mission not in self.missions:
            self.missions.append(mission)
        self.study = Study(mission, labels=self.ctx.settings.hex_labels)
        self.notice = ""
        if self.elements or self.app.stack and self.app.scene is self:
            self.rebuild()

    def browse(self) -> None:
        self.study = None
        self.notice = ""
        self.rebuild()

    def open_file(self, path: str | Path) -> bool:
        """Open a mission file: checked by the content loader; its errors are shown."""
        try:
            found = load_mission_file(self.ctx.catalogue, path)
        except ContentError as error:
            self.error = f"That file is not a mission that loads:\n{error}"
            self.rebuild()
            return False
        except (ValueError, OSError) as error:
            self.error = f"Cannot open that file: {error}"
            self.rebuild()
            return False
        self.error = ""
        for m in found:
            self.missions = [x for x in self.missions if x.id != m.id] + [m]
        self.open(found[0])
        return True

    def ask_file(self) -> None:
        from game.services.userdata import data_folder

        self.dialog = pygame_gui.windows.UIFileDialog(
            pygame.Rect(160, 80, 760, 560), self.app.manager, "Open a mission file",
            initial_file_path=str(data_folder() / "missions"), allow_picking_directories=False)

    # --- widgets ----------------------------------------------------------------------------

    def width_of(self, label: str) -> int:
        """The width of a button showing ``label`` whole (its hotkey written in it)."""
        return self.button_width(label) + self.ctx.px(8)

    def row(self, items: list[tuple[str, Callable[[], None], int | None, bool]], x: int, y: int,
            height: int) -> tuple[int, list[pygame_gui.elements.UIButton]]:
        made = []
        for label, action, key, selected in items:
            text = label if key is None else f"{label} [{pygame.key.name(key).upper()}]"
            rect = pygame.Rect(x, y, self.width_of(text), height)
            button = self.button(label, rect, action, hotkey=key)
            if selected:
                button.select()
            made.append(button)
            x = rect.right + self.ctx.px(6)
        return x, made

    def build(self) -> None:
        width, height = self.app.size
        ctx = self.ctx
        h = ctx.px(34)
        if self.study is None:
            x, _ = self.row([("Back", self.app.pop, pygame.K_ESCAPE, False),
                             ("Open a mission file", self.ask_file, pygame.K_f, False)],
                            ctx.px(20), height - h - ctx.px(14), h)
            return
        s = self.study
        tools = [(label, lambda t=t: self.set_tool(t), key, s.tool == t)
                 for label, t, key in TOOLS]
        x, _ = self.row([("Missions", self.browse, pygame.K_ESCAPE, False)] + tools,
                        ctx.px(20), ctx.px(12), h)
        playable = s.mission.id in ctx.catalogue.missions
        right = [("Export PNG", self.export, pygame.K_e, False),
                 ("Edit a copy", self.edit, pygame.K_y, False)]
        total = sum(self.width_of(f"{label} [X]") + ctx.px(6) for label, *_ in right)
        play_label = "Play this mission [P]"
        total += self.width_of(play_label)
        self.content_top = ctx.px(98)
        top = ctx.px(12)
        if x + ctx.px(10) + total > width - ctx.px(20):  # no room beside the tools: a row
            top = ctx.px(96)  # of its own under the others, the mission's view below it
            self.content_top = ctx.px(138)
        x = max(x + ctx.px(10) if top == ctx.px(12) else ctx.px(20), width - ctx.px(20) - total)
        x, _ = self.row(right, x, top, h)
        self.button("Play this mission", pygame.Rect(x, top, self.width_of(play_label), h),
                    self.play, hotkey=pygame.K_p, enabled=playable,
                    tooltip="" if playable else "Save it into your missions folder to play it")
        y = ctx.px(54)
        x, _ = self.row([("Hex labels", self.toggle_labels, pygame.K_h, s.labels),
                         ("Other side", self.toggle_side, pygame.K_o, bool(s.side)),
                         ("Heat map", self.toggle_heat, pygame.K_m, s.heat)],
                        ctx.px(20), y, h)
        x += ctx.px(14)
        manager = self.app.manager
        if s.tool == "range":
            labels = [label for label, _ in self.weapon_choices]
            drop = pygame_gui.elements.UIDropDownMenu(
                labels, s.reach_label if s.reach_label in labels else labels[5],
                pygame.Rect(x, y, min(ctx.px(420), width - x - ctx.px(20)), h), manager=manager)
            self.elements.append(drop)
            self.range_drop = drop
        elif s.tool == "deploy":
            x, _ = self.row([(f"Player {self.player}", self.swap_player, pygame.K_TAB, False)],
                            x, y, h)
            cat = ctx.catalogue
            team = pygame_gui.elements.UIDropDownMenu(
                [cat.fireteams[t].name for t in sorted(cat.fireteams)],
                cat.fireteams[self.team].name, pygame.Rect(x, y, ctx.px(230), h),
                manager=manager)
            self.elements.append(team)
            self.team_drop = team
            x += ctx.px(236)
            card = pygame_gui.elements.UIDropDownMenu(
                [cat.datacards[c].name for c in self.cards()], cat.datacards[self.card].name,
                pygame.Rect(x, y, ctx.px(240), h), manager=manager)
            self.elements.append(card)
            self.card_drop = card
            x += ctx.px(246)
            self.row([("Clear", self.clear, pygame.K_c, False)], x, y, h)

    # --- actions ----------------------------------------------------------------------------

    def set_tool(self, tool: str) -> None:
        assert self.study is not None
        self.study.tool = tool
        self.rebuild()

    def toggle_labels(self) -> None:
        assert self.study is not None
        self.study.labels = not self.study.labels
        self.rebuild()

    def toggle_side(self) -> None:
        assert self.study is not None
        s = self.study
        s.side = "" if s.side else other_side(self.ctx.catalogue, s.mission.killzone)
        # what stood on a hex that is blocked on this side comes off, and is said to
        from game.ui.visualize import mission_config
        grid = mission_config(self.ctx.catalogue, s.mission, s.side or None).grid
        gone = sorted(h for h in s.placed if h in grid.blocked)
        cards = self.ctx.catalogue.datacards
        names = []
        for h in gone:
            _, card = s.placed.pop(h)
            names.append(f"{cards[card].name} on {h}")
            if s.watched == h:
                s.watched = None
        if gone:
            self.notice = ("Taken off, as the hex is blocked on this side: " + ", ".join(names)
                           + ". Place them again on open hexes.")
        self.rebuild()

    def toggle_heat(self) -> None:
        assert self.study is not None
        self.study.heat = not self.study.heat
        self.rebuild()

    def swap_player(self) -> None:
        """The next operative placed is the other player's."""
        self.player = opponent(self.player)
        self.rebuild()

    def clear(self) -> None:
        if self.study is not None:
            self.study.placed.clear()
            self.study.watched = None

    def play(self) -> None:
        assert self.study is not None
        mission = self.study.mission.id
        if self.on_play is not None:
            self.on_play(mission)
            return
        self.app.open(SceneName.NEW_GAME, mission=mission)

    def edit(self) -> None:
        assert self.study is not None
        self.app.open(SceneName.MISSION_EDITOR, self.study.mission, on_saved=self.saved)

    def saved(self, mission: Mission) -> None:
        """The editor saved a mission of the player's own: it joins the list."""
        self.missions = [m for m in self.missions if m.id != mission.id] + [mission]
        self.study = Study(mission, labels=self.ctx.settings.hex_labels)

    def export(self, path: str | Path | None = None) -> Path:
        """The view as a PNG: to ``path``, or the data folder's ``pictures/MISSION.png``."""
        assert self.study is not None
        if path is None:
            from game.services.userdata import data_folder
            folder = data_folder() / "pictures"
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / f"{self.study.mission.id}.png"
        hover, self.study.hover = self.study.hover, None
        try:
            export_png(self.ctx, self.study, path)
        finally:
            self.study.hover = hover
        self.notice = f"Saved {path}"
        return Path(path)

    # --- input ------------------------------------------------------------------------------

    def on_event(self, event: pygame.event.Event) -> None:
        cat = self.ctx.catalogue
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            self.open_file(event.text)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and self.study is not None:
            s = self.study
            if s.tool == "range" and event.ui_element is getattr(self, "range_drop", None):
                s.reach_label = event.text
                s.reach = dict(self.weapon_choices)[event.text]
            elif event.ui_element is getattr(self, "team_drop", None):
                self.team = next(t for t in cat.fireteams if cat.fireteams[t].name == event.text)
                self.card = self.cards()[0]
                self.rebuild()
            elif event.ui_element is getattr(self, "card_drop", None):
                self.card = next(c for c in self.cards() if cat.datacards[c].name == event.text)
            return
        if self.dialog is not None or self.app.manager.get_hovering_any_element():
            return
        if event.type == pygame.MOUSEMOTION and self.study is not None:
            board = self.painter.board
            self.study.hover = board.hex_at(event.pos) if board else None
        elif event.type == pygame.MOUSEBUTTONDOWN:
            if self.study is None:
                for mission, rect in self.tiles:
                    if rect.collidepoint(event.pos) and event.button == 1:
                        self.open(mission)
                        return
                return
            board = self.painter.board
            h = board.hex_at(event.pos) if board else None
            if h is not None:
                self.click(h, event.button)

    def click(self, h: str, button: int = 1) -> None:
        """A click on hex ``h`` with the current tool (button 3: right-click)."""
        s = self.study
        assert s is not None
        grid = self.painter.config.grid if self.painter.config else None
        if s.tool == "sight":
            if button == 3 or s.sight is None or s.sight[1] is not None or s.sight[0] == h:
                s.sight = None if button == 3 else (h, None)
            else:
                s.sight = (s.sight[0], h)
        elif s.tool == "range":
            s.range_from = None if button == 3 else h
        elif s.tool == "deploy":
            if button == 3:
                s.placed.pop(h, None)
                if s.watched == h:
                    s.watched = None
            elif h in s.placed:
                s.watched = h
            elif grid is None or h not in grid.blocked:
                refused = self.why_not_place(h)
                if refused:
                    self.notice = refused
                    return
                s.placed[h] = (self.player, self.card)
                s.watched = h
                self.notice = ""

    def why_not_place(self, h: str) -> str:
        """Why the current player's operative cannot be placed on ``h`` in the sandbox (""
        when it can): only in that player's territory, and no more of a datacard than the
        fireteam has (a unique operative once)."""
        s = self.study
        assert s is not None
        cat = self.ctx.catalogue
        name = cat.datacards[self.card].name
        # as in a game: a player's first operative picks its territory, the other player
        # has the other one
        zones = {side: set(hexes) for side, hexes in s.mission.territories.items()}
        mine = [p_h for p_h, (p, _) in s.placed.items() if p == self.player]
        theirs = [p_h for p_h, (p, _) in s.placed.items() if p != self.player]
        allowed = [z for z in zones.values()
                   if (not mine or mine[0] in z) and not (theirs and theirs[0] in z)]
        if not any(h in z for z in allowed):
            where = "its own territory" if mine else "a territory" if not theirs else \
                "the territory the other player has not taken"
            return f"{h} is not open to player {self.player}: place {name} in {where}."
        team = cat.fireteams.get(self.team)
        most = sum(e.count for e in team.composition if e.card == self.card) if team else 1
        placed = sum(1 for p, c in s.placed.values() if p == self.player and c == self.card)
        if placed >= most:
            return (f"The fireteam has only {most} {name}: "
                    + ("it is placed already." if most == 1 else "all are placed already."))
        return ""

    # --- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        if self.study is None:
            self.draw_browse(surface)
            return
        ctx = self.ctx
        width, height = surface.get_size()
        top = self.content_top
        area = pygame.Rect(ctx.px(20), top, width - ctx.px(40), height - top - ctx.px(14))
        s = self.study
        self.painter.draw(surface, area, s)
        if self.notice:
            ctx.text(surface, self.notice, 13, (width - ctx.px(20), height - ctx.px(2)), GOLD,
                     anchor="bottomright", width=width // 2)

    def draw_browse(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        width, height = surface.get_size()
        ctx.text(surface, "MISSION VISUALIZER", 30, (ctx.px(20), ctx.px(14)), GOLD, "condensed")
        ctx.text(surface, "Every mission laid out on its killzone side: pick one to study it.",
                 14, (ctx.px(22), ctx.px(56)), DIM)
        bottom = height - ctx.px(64)
        broken = self.broken()
        if broken:  # as the new-game screen names them: not in the list, with their errors
            from game.services.own_missions import broken_lines

            lines = broken_lines(broken)
            text = "Not in the list, with errors: " + "\n".join(lines)
            room = width - ctx.px(40) - ctx.px(34)
            tall = ctx.wrapped(None, text, 12, pygame.Rect(0, 0, room, 1 << 16))
            box = pygame.Rect(ctx.px(20), bottom - tall - ctx.px(44), width - ctx.px(40),
                              tall + ctx.px(38))
            inner = panel(surface, box, "Your missions", ctx)
            ctx.wrapped(surface, text, 12, inner, (230, 120, 100))
            bottom = box.top - ctx.px(8)
        if self.error:
            box = pygame.Rect(ctx.px(20), bottom - ctx.px(130), width - ctx.px(40), ctx.px(124))
            inner = panel(surface, box, "Mission file", ctx)
            ctx.wrapped(surface, self.error, 13, inner, (230, 120, 100))
            bottom = box.top - ctx.px(8)
        area = pygame.Rect(ctx.px(20), ctx.px(84), width - ctx.px(40), bottom - ctx.px(84))
        n = len(self.missions)
        columns = 4 if n <= 12 else 5
        rows = max(1, math.ceil(n / columns))
        gap = ctx.px(12)
        tile_w = (area.width - gap * (columns - 1)) // columns
        tile_h = (area.height - gap * (rows - 1)) // rows
        self.tiles = []
        mouse = pygame.mouse.get_pos()
        for i, mission in enumerate(self.missions):
            rect = pygame.Rect(area.left + (i % columns) * (tile_w + gap),
                               area.top + (i // columns) * (tile_h + gap), tile_w, tile_h)
            self.tiles.append((mission, rect))
            hovered = rect.collidepoint(mouse) and self.dialog is None
            pygame.draw.rect(surface, (30, 32, 37) if hovered else (24, 26, 30), rect,
                             border_radius=6)
            pygame.draw.rect(surface, GOLD if hovered else (92, 84, 60), rect, 2 if hovered
                             else 1, border_radius=6)
            label_h = ctx.px(40)
            thumb_size = (rect.width - ctx.px(12), rect.height - label_h - ctx.px(10))
            key = (mission.id + str(sorted(mission.objectives.items())) + str(mission.terrain),
                   thumb_size)
            if key not in self.thumbs and thumb_size[0] > 8 and thumb_size[1] > 8:
                self.thumbs[key] = thumbnail(ctx, mission, thumb_size)
            if key in self.thumbs:
                surface.blit(self.thumbs[key], (rect.left + ctx.px(6), rect.top + ctx.px(6)))
            own = "" if mission.id in ctx.catalogue.missions and \
                ctx.catalogue.missions[mission.id] == mission else "  (from a file)"
            ctx.text(surface, mission.name + own, 15, (rect.left + ctx.px(10),
                                                       rect.bottom - label_h),
                     INK, "bold", width=rect.width - ctx.px(20))
            side = ctx.catalogue.killzones[mission.killzone].name.split(":")[0]
            count = len(mission.objectives)
            ctx.text(surface, f"{side} · {count} objective{'s' if count != 1 else ''}", 13,
                     (rect.left + ctx.px(10), rect.bottom - label_h + ctx.px(19)), DIM,
                     width=rect.width - ctx.px(20))

    def broken(self) -> tuple[tuple[str, str], ...]:
        """The player's own mission files that do not load (file, what is wrong)."""
        own = self.ctx.services.own_missions
        return own.broken if own is not None else ()

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        found = super().clickables()
        if self.study is None:
            found += [(m.name, r) for m, r in self.tiles]
        return found
