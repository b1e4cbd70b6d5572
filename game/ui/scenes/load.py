"""Loading and saving games.

:class:`LoadScene` lists the saves of the data folder (newest first) with a small picture of
each board, opens one, deletes one (after asking) or opens any JSON file through a file
picker. A save that cannot be read is listed greyed with the reason; loading it shows the
reason and never raises. The list is a pygame-gui scrolling container: a row is a button (it
takes the click and shows hover and selection) under the board's picture and labels.

:class:`SaveScene` (an overlay) saves the game under a name typed by the player, into
``saves/NAME.json``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine import Game, SaveError
from game.services import userdata
from game.services.game_setup import GameSetup
from game.services.saves import load_game, save_game
from game.ui.board import BoardView
from game.ui.context import (
    DIM,
    GOLD,
    GREEN,
    INK,
    PANEL,
    PANEL_EDGE,
    RED,
    Context,
    panel,
    two_columns,
)
from game.ui.dialog import Dialog, centred
from game.ui.registry import SceneName
from game.ui.scene import Scene
from game.ui.widgets import fit_text, label, visible_part

if TYPE_CHECKING:
    from game.ui.app import App

GREYED = (110, 108, 102)


def board_picture(ctx: Context, game: Game, size: tuple[int, int],
                  detailed: bool = False) -> pygame.Surface:
    """The board of ``game`` in ``size`` pixels: the killzone, objectives and a token for every
    operative on it (full tokens when ``detailed``, plain discs otherwise)."""
    image = pygame.Surface(size, pygame.SRCALPHA)
    view = BoardView(ctx, game.config, pygame.Rect((0, 0), size), labels=False)
    image.blit(view.layer(), view.rect)
    radius = max(2, int(view.size * 0.55))
    for obj in game.config.objectives:
        where = game.objective_hex(obj)
        if where is None:
            continue
        if detailed:
            view.objective(image, obj, where, game.state.control.get(obj, 0))
        else:
            centre = view.centre(where)
            pygame.draw.circle(image, GOLD, centre, radius)
            pygame.draw.circle(image, (30, 24, 10), centre, radius, 1)
    for op in game.state.operatives.values():
        if not op.on_killzone:
            continue
        if detailed:
            view.token(image, op, game.config.datacards[op.card].wounds)
        else:
            assert op.hex is not None
            centre = view.centre(op.hex)
            pygame.draw.circle(image, (12, 12, 14), centre, radius + 1)
            pygame.draw.circle(image, ctx.colours[op.player], centre, radius)
    return image


class LoadScene(Scene):
    """The saved games; ``on_load(game, setup)`` is called with the game loaded and the
    record of how it was set up (game/services/game_setup.py; asked of the player for a save older
    than the record), after this scene has left the stack."""

    def __init__(self, app: App, on_load: Callable[[Game, GameSetup], None]) -> None:
        super().__init__(app)
        self.on_load = on_load
        self.saves: list[userdata.SaveInfo] = []
        self.selected = 0
        self.confirm_delete = False
        self.message = ""
        self.message_colour = INK
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self.scroller: pygame_gui.elements.UIScrollingContainer | None = None
        self.row_buttons: dict[pygame_gui.elements.UIButton, int] = {}
        self.bottom: list[pygame_gui.core.UIElement] = []  # the buttons under the list
        self.first_row = 0.0  # the list's scroll position, in rows (kept across rebuilds)
        self.refresh()

    # --- the list ----------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the data folder's saves again."""
        self.saves = userdata.list_saves(self.ctx.catalogue)
        self.selected = min(self.selected, max(0, len(self.saves) - 1))

    @property
    def chosen(self) -> userdata.SaveInfo | None:
        return self.saves[self.selected] if self.saves else None

    def thumbnail(self, info: userdata.SaveInfo, size: tuple[int, int],
                  detailed: bool = False) -> pygame.Surface | None:
        if info.game is None:
            return None
        cache = self.ctx.services.save_thumbnails
        key = (str(info.path), info.mtime, size, detailed, tuple(sorted(
            self.ctx.colours.items())))
        found = cache.get(key)
        if found is None:
            if len(cache) > 200:
                cache.clear()
            found = board_picture(self.ctx, info.game, size, detailed)
            cache[key] = found
        return found

    # --- layout ------------------------------------------------------------------------

    def layout(self) -> None:
        width, height = self.app.size
        px = self.ctx.px
        top = px(96)
        bottom = height - px(84)
        if self.button_rows() > 1:  # the buttons under the list take two rows
            bottom -= px(44) + px(12)
        self.list_rect, self.detail_rect = two_columns(width, top, bottom)
        self.row_height = px(94)
        self.rows_area = self.list_rect.inflate(-16, -16)
        self.visible = max(1, self.rows_area.height // self.row_height)

    def rebuild(self) -> None:
        self.first_row = self.scrolled_rows()
        super().rebuild()

    def scrolled_rows(self) -> float:
        """How many rows the list is scrolled down."""
        bar = self.scroller.vert_scroll_bar if self.scroller is not None else None
        if bar is None or not self.saves:
            return 0.0
        return bar.start_percentage * len(self.saves)

    @property
    def scroll(self) -> int:
        """The first row on screen."""
        return round(self.scrolled_rows())

    def scroll_to(self, rows: float) -> None:
        bar = self.scroller.vert_scroll_bar if self.scroller is not None else None
        if bar is not None and self.saves:
            bar.set_scroll_from_start_percentage(
                max(0.0, min(rows, len(self.saves) - self.visible)) / len(self.saves))

    def build(self) -> None:
        self.layout()
        self.build_rows()
        self.build_buttons()

    def build_buttons(self) -> None:
        """The buttons under the list (they depend on the save chosen)."""
        before = len(self.elements)
        width, height = self.app.size
        px = self.ctx.px
        y = height - px(64)
        h = px(44)
        if self.confirm_delete and self.chosen is not None:
            self.button("Delete it", pygame.Rect(width - 30 - px(380), y, px(180), h),
                        self.delete, hotkey=pygame.K_y, object_id="#danger_button")
            self.button("Keep it", pygame.Rect(width - 30 - px(180), y, px(180), h),
                        self.cancel_delete, hotkey=pygame.K_n)
            self.bottom = self.elements[before:]
            return
        places = self.button_places()
        self.button("Back", places["Back"], self.back, hotkey=pygame.K_ESCAPE)
        self.button("Other file…", places["Other file…"], self.pick_file,
                    hotkey=pygame.K_o, tooltip="Open a saved game from any folder")
        chosen = self.chosen
        self.button("Delete [Del]", places["Delete [Del]"],
                    self.ask_delete, enabled=chosen is not None,
                    tooltip="Delete the selected save (you are asked first)")
        if chosen is not None:
            self.hotkeys[pygame.K_DELETE] = self.ask_delete
        self.button("Analyse", places["Analyse"], self.analyse,
                    hotkey=pygame.K_a, enabled=chosen is not None and not chosen.error,
                    tooltip="The computer looks back over the decisions of the game so far")
        self.button("Watch", places["Watch"], self.watch,
                    hotkey=pygame.K_w, enabled=chosen is not None and not chosen.error,
                    tooltip="Watch the game so far again: the engine replays its actions "
                    "and dice")
        self.button("Load", places["Load"], self.load,
                    hotkey=pygame.K_RETURN, enabled=chosen is not None,
                    object_id="#big_button")
        self.bottom = self.elements[before:]

    def button_places(self, rows: int = 0) -> dict[str, pygame.Rect]:
        """Where the buttons under the list go: on one row when their labels fit there (the
        Analyse button between "Other file…" and "Watch", as wide as the room there
        allows), else on two rows of three, each a third of the width."""
        width, height = self.app.size
        px = self.ctx.px
        y, h = height - px(64), px(44)
        if (rows or self.button_rows()) == 1:
            watch_left, gap = width - 30 - px(610), px(20)
            w = min(px(170), watch_left - 2 * gap - (30 + px(166) + px(190)))
            return {"Back": pygame.Rect(30, y, px(150), h),
                    "Other file…": pygame.Rect(30 + px(166), y, px(190), h),
                    "Analyse": pygame.Rect(watch_left - gap - w, y, w, h),
                    "Watch": pygame.Rect(watch_left, y, px(170), h),
                    "Delete [Del]": pygame.Rect(width - 30 - px(420), y, px(170), h),
                    "Load": pygame.Rect(width - 30 - px(230), y, px(230), h)}
        gap = px(16)
        w = (width - 60 - 2 * gap) // 3
        found = {}
        for i, name in enumerate(("Back", "Other file…", "Delete [Del]", "Analyse", "Watch",
                                  "Load")):
            row, col = divmod(i, 3)
            found[name] = pygame.Rect(30 + col * (w + gap), y - (1 - row) * (h + px(12)), w,
                                      h)
        return found

    def button_rows(self) -> int:
        """1 when the buttons under the list hold their labels on one row, else 2."""
        keys = {"Back": pygame.K_ESCAPE, "Other file…": pygame.K_o, "Analyse": pygame.K_a,
                "Watch": pygame.K_w, "Load": pygame.K_RETURN}
        for name, rect in self.button_places(1).items():
            if self.button_width(name, keys.get(name), big=name == "Load") - self.ctx.px(8) \
                    > rect.width:
                return 2
        return 1

    def rebuild_buttons(self) -> None:
        """The buttons under the list again; the list's rows stay (a double click on a row
        reaches the same button twice)."""
        for element in self.bottom:
            element.kill()
            self.elements.remove(element)
            self.actions.pop(element, None)
        self.hotkeys.clear()
        self.build_buttons()
        for button, index in self.row_buttons.items():
            if index == self.selected:
                button.select()
            else:
                button.unselect()
        self.app.dirty = True

    def build_rows(self) -> None:
        """The saves as rows of a scrolling container: a button (click, hover, selection)
        under the board's picture and labels."""
        self.scroller = None
        self.row_buttons = {}
        if not self.saves:
            return
        px, ctx = self.ctx.px, self.ctx
        area = self.rows_area
        scroller = pygame_gui.elements.UIScrollingContainer(
            area, manager=self.app.manager, allow_scroll_x=False, object_id="#save_list")
        self.elements.append(scroller)
        self.scroller = scroller
        bar = px(14)
        scroller.set_scrollable_area_dimensions((area.width - bar,
                                                 len(self.saves) * self.row_height))
        inside = scroller.get_container()
        gap = px(6)
        thumb = (int((self.row_height - gap - 8) * 1.5), self.row_height - gap - 8)
        for index, info in enumerate(self.saves):
            rect = pygame.Rect(0, index * self.row_height, area.width - bar - px(4),
                               self.row_height - gap)
            row = pygame_gui.elements.UIButton(
                rect, "", manager=self.app.manager, container=inside, allow_double_clicks=True,
                tool_tip_text=info.name if info.error else (
                    f"{info.name}: {info.mission}, {info.fireteams[0]} vs "
                    f"{info.fireteams[1]}. Double-click to load."),
                object_id=pygame_gui.core.ObjectID(object_id="#save_row"))
            if index == self.selected:
                row.select()
            self.elements.append(row)
            self.row_buttons[row] = index
            picture = pygame.Rect(rect.left + 4, rect.top + 4, *thumb)
            image = self.thumbnail(info, thumb) or self.no_picture(thumb)
            self.elements.append(pygame_gui.elements.UIImage(
                picture, image, manager=self.app.manager, container=inside))
            x = picture.right + 12
            text_width = rect.right - x - 10
            damaged = info.error is not None
            date_width = ctx.assets.font(px(13)).size(info.date)[0] + px(4)
            line = px(20)
            label(self, fit_text(ctx, info.name, 16, text_width - date_width - px(10), "bold"),
                  pygame.Rect(x, rect.top + px(4), text_width - date_width - px(10), line),
                  "#save_name_greyed" if damaged else "#save_name", inside)
            label(self, info.date, pygame.Rect(rect.right - 10 - date_width, rect.top + px(5),
                                               date_width, line),
                  "#save_date_greyed" if damaged else "#save_date", inside)
            if damaged:
                text = "Cannot be loaded: " + _short_error(info.error or "")
                label(self, fit_text(ctx, text, 13, text_width, "regular"),
                      pygame.Rect(x, rect.top + px(28), text_width, line), "#save_error",
                      inside)
                label(self, fit_text(ctx, info.path.name, 13, text_width),
                      pygame.Rect(x, rect.top + px(48), text_width, line),
                      "#save_summary_greyed", inside)
                continue
            label(self, fit_text(ctx, info.mission, 14, text_width, "bold"),
                  pygame.Rect(x, rect.top + px(27), text_width, line), "#save_mission", inside)
            label(self, fit_text(ctx, f"{info.fireteams[0]} vs {info.fireteams[1]}", 13,
                                 text_width),
                  pygame.Rect(x, rect.top + px(46), text_width, line), "#save_teams", inside)
            label(self, fit_text(ctx, info.summary, 13, text_width),
                  pygame.Rect(x, rect.top + px(63), text_width, line), "#save_summary",
                  inside)
        self.scroll_to(self.first_row)

    def no_picture(self, size: tuple[int, int]) -> pygame.Surface:
        """The picture of a save that cannot be read: a cross on a dark red tile."""
        image = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(image, (40, 36, 36), image.get_rect(), border_radius=4)
        mark = self.ctx.assets.icon("cancel", min(size) // 2, (150, 70, 60))
        image.blit(mark, mark.get_rect(center=image.get_rect().center))
        return image

    @property
    def row_rects(self) -> list[tuple[int, pygame.Rect]]:
        """The rows wholly on screen: (index of the save, rectangle)."""
        if self.scroller is None:
            return []
        view = visible_part(self.scroller)
        return sorted((index, button.rect.copy()) for button, index in self.row_buttons.items()
                      if view.top <= button.rect.top and button.rect.bottom <= view.bottom)

    # --- actions -----------------------------------------------------------------------

    def back(self) -> None:
        if self.dialog_open():
            self.dialog.kill()  # type: ignore[union-attr]
            self.dialog = None
            return
        self.app.pop()

    def select(self, index: int) -> None:
        if not self.saves:
            return
        index = max(0, min(len(self.saves) - 1, index))
        changed = index != self.selected
        self.selected = index
        if changed:
            self.message = ""
            self.confirm_delete = False
            self.rebuild_buttons()
        first = self.scrolled_rows()
        if self.selected < first:  # the selection stays in view
            self.scroll_to(self.selected)
        elif self.selected + 1 > first + self.visible:
            self.scroll_to(self.selected + 1 - self.visible)

    def watch(self) -> None:
        """The chosen save as a replay (re-played by the engine from its actions and dice)."""
        chosen = self.chosen
        if chosen is None:
            return
        try:
            from game.services.replay import ReplayError, replay_from_save_file

            replay = replay_from_save_file(chosen.path, self.ctx.catalogue)
        except (SaveError, ReplayError) as error:
            self.show(str(error), RED)
            return
        self.app.open(SceneName.REPLAY, replay)

    def analyse(self) -> None:
        """The analysis of the chosen save (game/analysis/), kept beside it."""
        chosen = self.chosen
        if chosen is None:
            return
        from game.analysis.core import AnalysisError, record_from_file, seat_to_analyse
        from game.services.game_setup import SetupError
        from game.services.saves import read_setup

        try:
            record = record_from_file(chosen.path, self.ctx.catalogue)
            setup = read_setup(chosen.path)
        except (AnalysisError, SetupError) as error:
            self.show(str(error), RED)
            return
        self.app.open(SceneName.ANALYSIS, record, seat_to_analyse(setup), chosen.path)

    def load(self) -> None:
        chosen = self.chosen
        if chosen is not None:
            self.load_path(chosen.path)

    def load_path(self, path: str | Path) -> bool:
        """Load the save at ``path``: the game goes to ``on_load``, or the reason it cannot
        be loaded is shown here. Returns whether it loaded."""
        try:
            game = load_game(path, self.ctx.catalogue)
        except SaveError as error:
            self.show(str(error), RED)
            return False
        except Exception as error:  # noqa: BLE001 - a bad file is reported, never a crash
            self.show(f"{path}: not a valid save ({type(error).__name__}: "
                      f"{str(error)[:80]})", RED)
            return False
        from game.ui.session import setup_of_save

        setup, notes = setup_of_save(path, game, self.ctx.catalogue, self.ctx.services)
        if notes:
            from game.ui.session import log
            log(" ".join(notes))
        if self.app.stack and self.app.scene is self:
            self.app.pop()
        if setup.inferred:  # a save older than the record: who played is asked first
            self.app.open(SceneName.SEATS, game, setup, self.on_load)
        else:
            self.on_load(game, setup)
        return True

    def show(self, message: str, colour: tuple[int, int, int] = INK) -> None:
        self.message = message
        self.message_colour = colour

    def ask_delete(self) -> None:
        if self.chosen is not None:
            self.confirm_delete = True
            self.rebuild_buttons()

    def cancel_delete(self) -> None:
        self.confirm_delete = False
        self.rebuild_buttons()

    def delete(self) -> None:
        chosen = self.chosen
        self.confirm_delete = False
        if chosen is not None:
            try:
                chosen.path.unlink()
                self.show(f"Deleted {chosen.name}.", GREEN)
            except FileNotFoundError:
                self.show(f"{chosen.name} was already gone.", DIM)
            except OSError as error:
                self.show(f"Could not delete {chosen.path}: {error.strerror}", RED)
            self.refresh()
        self.rebuild()

    def dialog_open(self) -> bool:
        return self.dialog is not None and self.dialog.alive()

    def pick_file(self) -> None:
        if self.dialog_open():
            return
        width, height = self.app.size
        rect = centred(self.app.size, min(width - 80, self.ctx.px(640)),
                       min(height - 80, self.ctx.px(520)))
        self.dialog = pygame_gui.windows.UIFileDialog(
            rect, self.app.manager, window_title="Open a saved game",
            initial_file_path=str(userdata.saves_folder()), allow_existing_files_only=True,
            allowed_suffixes={".json"})
        self.elements.append(self.dialog)

    # --- input -------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dialog_open() and event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
            return  # typing in the file picker: no hotkeys of this scene
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.dialog = None
            self.load_path(event.text)
            return
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.dialog = None
            return
        super().handle_event(event)

    def on_event(self, event: pygame.event.Event) -> None:
        if self.dialog_open():
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.row_buttons:
            self.select(self.row_buttons[event.ui_element])
        elif (event.type == pygame_gui.UI_BUTTON_DOUBLE_CLICKED
              and event.ui_element in self.row_buttons):
            self.select(self.row_buttons[event.ui_element])
            self.load()
        elif event.type == pygame.KEYDOWN and not self.confirm_delete:
            step = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                    pygame.K_PAGEDOWN: self.visible}.get(event.key)
            if step is not None:
                self.select(self.selected + step)
            elif event.key == pygame.K_HOME:
                self.select(0)
            elif event.key == pygame.K_END:
                self.select(len(self.saves) - 1)

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        rows = [(self.saves[i].name, rect) for i, rect in self.row_rects]
        return super().clickables() + rows

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        surface.fill((16, 17, 20))
        self.layout()
        ctx.text(surface, "LOAD A GAME", 30, (30, px(20)), GOLD, "condensed")
        ctx.text(surface, f"Saves are kept in {userdata.saves_folder()}", 13,
                 (30, px(62)), DIM, width=surface.get_width() - 60)
        self.draw_list(surface)
        self.draw_detail(surface)
        width, height = surface.get_size()
        if self.confirm_delete and self.chosen is not None:
            ctx.text(surface, f"Delete “{self.chosen.name}” for good?", 16,
                     (30, height - px(52)), GOLD, "bold",
                     width=width - 60 - px(400))

    def draw_list(self, surface: pygame.Surface) -> None:
        """The list's frame (its rows are widgets), or a note when there is no save."""
        pygame.draw.rect(surface, PANEL, self.list_rect, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, self.list_rect, 1, border_radius=6)
        if not self.saves:
            self.ctx.wrapped(surface, "No saved games yet. Save from the pause menu during a "
                             "game, or open a save from another folder with “Other file…”.",
                             15, self.rows_area.inflate(-20, -20), DIM)

    def draw_detail(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        chosen = self.chosen
        inner = panel(surface, self.detail_rect, chosen.name if chosen else "No save", ctx)
        y = inner.top
        if chosen is not None:
            if chosen.error is None and chosen.game is not None:
                size = (inner.width, min(int(inner.width * 0.62), inner.height // 2))
                image = self.thumbnail(chosen, size, detailed=True)
                if image is not None:
                    surface.blit(image, (inner.left, y))
                y += size[1] + px(10)
                ctx.text(surface, chosen.mission, 18, (inner.left, y), GOLD, "bold",
                         width=inner.width)
                y += px(28)
                for player in (1, 2):
                    pygame.draw.circle(surface, ctx.colours[player],
                                       (inner.left + px(7), y + px(10)), px(6))
                    ctx.text(surface, chosen.fireteams[player - 1], 14,
                             (inner.left + px(20), y), INK, width=inner.width - px(20))
                    y += px(22)
                y += px(4)
                ctx.text(surface, chosen.summary, 14, (inner.left, y), INK, width=inner.width)
                y += px(22)
                ctx.text(surface, f"saved {chosen.date}", 13, (inner.left, y), DIM)
                y += px(22)
                y += ctx.wrapped(surface, str(chosen.path), 13, pygame.Rect(
                    inner.left, y, inner.width, max(0, inner.bottom - y)), GREYED) + px(4)
            else:
                ctx.text(surface, "This save cannot be loaded:", 15, (inner.left, y), RED,
                         "bold")
                y += px(26)
                y += ctx.wrapped(surface, chosen.error or "", 14, pygame.Rect(
                    inner.left, y, inner.width, max(0, inner.bottom - y - px(60))),
                    (220, 150, 140)) + px(10)
                ctx.text(surface, f"file date {chosen.date}", 13, (inner.left, y), DIM)
                y += px(22)
        if self.message:
            box = pygame.Rect(inner.left, y + px(6), inner.width,
                              max(0, inner.bottom - y - px(6)))
            ctx.wrapped(surface, self.message, 14, box, self.message_colour)


def _short_error(error: str) -> str:
    """A save's error without the file name in front (the row already names it)."""
    head, sep, rest = error.partition(": ")
    if sep and ("/" in head or "\\" in head or head.endswith(".json")
                or ".json:" in head):
        return rest
    return error


class SaveScene(Dialog):
    """Save ``game`` under a typed name into ``saves/NAME.json`` (an overlay);
    ``on_saved(path)`` is called after it has been written and this scene has left."""

    size = (560, 250)

    def __init__(self, app: App, game: Game,
                 on_saved: Callable[[Path], None] | None = None,
                 setup: GameSetup | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.setup = setup  # how the game was set up, saved with it
        self.on_saved = on_saved
        self.name_text = default_save_name(game)

    def build(self) -> None:
        self.text_entry(78, self.name_text, 60)
        self.cancel_and("Save", self.save)

    def typed(self, text: str) -> None:
        self.name_text = text

    def target(self) -> Path | None:
        try:
            return userdata.save_path(self.name_text)
        except ValueError:
            return None

    def save(self) -> Path | None:
        """Write the save; returns its path (None when it could not be written: the reason
        is shown)."""
        self.take_typed()
        path = self.target()
        if path is None:
            self.message = "Type a name for the save first."
            return None
        try:
            save_game(self.game, path, setup=self.setup or GameSetup.of(
                self.game, None, self.ctx.names))
        except OSError as error:
            self.message = f"Could not save to {path}: {error.strerror or error}"
            return None
        if self.app.stack and self.app.scene is self:
            self.app.pop()
        if self.on_saved is not None:
            self.on_saved(path)
        return path

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        box = self.box()
        self.frame(surface, "Save the game")
        ctx.text(surface, "Name of the save", 13, (box.left + 20, box.top + px(56)), DIM)
        path = self.target()
        if self.message:
            note, colour = self.message, RED
        elif path is None:
            note, colour = "Type a name for the save.", DIM
        elif path.exists():
            note, colour = f"Replaces the save “{path.stem}”.", GOLD
        else:
            note, colour = f"Will be saved as {path.name} in the saves folder.", DIM
        ctx.wrapped(surface, note, 13, pygame.Rect(box.left + 20, box.top + px(124),
                                                   box.width - 40, px(44)), colour)


def default_save_name(game: Game) -> str:
    """A name to start from: the mission and where the game stands."""
    mission = game.config.mission.name if game.config.mission else "Game"
    return f"{mission} - turning point {game.state.turning_point}"
