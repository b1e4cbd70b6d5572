"""Loading and saving games.

:class:`LoadScene` lists the saves of the data folder (newest first) with a small picture of
each board, opens one, deletes one (after asking) or opens any JSON file through a file
picker. A save that cannot be read is listed greyed with the reason; loading it shows the
reason and never raises.

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
from game.saves import load_game, read_players, save_game
from game.ui import userdata
from game.ui.board import BoardView
from game.ui.context import DIM, GOLD, GREEN, INK, PANEL, PANEL_EDGE, RED, Context, panel
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App

ROW_FILL = (30, 32, 37)
ROW_SELECTED = (58, 50, 30)
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
    """The saved games; ``on_load(game)`` is called with the game loaded, after this scene
    has left the stack."""

    def __init__(self, app: App, on_load: Callable[[Game], None]) -> None:
        super().__init__(app)
        self.on_load = on_load
        self.saves: list[userdata.SaveInfo] = []
        self.selected = 0
        self.scroll = 0
        self.confirm_delete = False
        self.message = ""
        self.message_colour = INK
        self.dialog: pygame_gui.windows.UIFileDialog | None = None
        self.row_rects: list[tuple[int, pygame.Rect]] = []
        self.refresh()

    # --- the list ----------------------------------------------------------------------

    def refresh(self) -> None:
        """Read the data folder's saves again."""
        self.saves = userdata.list_saves(self.ctx.catalogue)
        self.selected = min(self.selected, max(0, len(self.saves) - 1))
        self.scroll = min(self.scroll, max(0, len(self.saves) - 1))

    @property
    def chosen(self) -> userdata.SaveInfo | None:
        return self.saves[self.selected] if self.saves else None

    def thumbnail(self, info: userdata.SaveInfo, size: tuple[int, int],
                  detailed: bool = False) -> pygame.Surface | None:
        if info.game is None:
            return None
        cache: dict[tuple[str, float, tuple[int, int], bool, tuple[object, ...]],
                    pygame.Surface] = self.ctx.extra.setdefault("save_thumbnails", {})
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
        self.list_rect = pygame.Rect(30, top, int((width - 90) * 0.58), bottom - top)
        self.detail_rect = pygame.Rect(self.list_rect.right + 30, top,
                                       width - self.list_rect.right - 60, bottom - top)
        self.row_height = px(94)
        self.rows_area = self.list_rect.inflate(-16, -16)
        self.visible = max(1, self.rows_area.height // self.row_height)

    def build(self) -> None:
        self.layout()
        width, height = self.app.size
        px = self.ctx.px
        y = height - px(64)
        h = px(44)
        if self.confirm_delete and self.chosen is not None:
            self.button("Delete it", pygame.Rect(width - 30 - px(380), y, px(180), h),
                        self.delete, hotkey=pygame.K_y, object_id="#danger_button")
            self.button("Keep it", pygame.Rect(width - 30 - px(180), y, px(180), h),
                        self.cancel_delete, hotkey=pygame.K_n)
            return
        self.button("Back", pygame.Rect(30, y, px(150), h), self.back, hotkey=pygame.K_ESCAPE)
        self.button("Other file…", pygame.Rect(30 + px(166), y, px(190), h), self.pick_file,
                    hotkey=pygame.K_o, tooltip="Open a saved game from any folder")
        chosen = self.chosen
        self.button("Delete [Del]", pygame.Rect(width - 30 - px(420), y, px(170), h),
                    self.ask_delete, enabled=chosen is not None,
                    tooltip="Delete the selected save (you are asked first)")
        if chosen is not None:
            self.hotkeys[pygame.K_DELETE] = self.ask_delete
        self.button("Watch", pygame.Rect(width - 30 - px(610), y, px(170), h), self.watch,
                    hotkey=pygame.K_w, enabled=chosen is not None and not chosen.error,
                    tooltip="Watch the game so far again: the engine replays its actions "
                    "and dice")
        self.button("Load", pygame.Rect(width - 30 - px(230), y, px(230), h), self.load,
                    hotkey=pygame.K_RETURN, enabled=chosen is not None,
                    object_id="#big_button")

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
        if self.selected < self.scroll:
            self.scroll = self.selected
        elif self.selected >= self.scroll + self.visible:
            self.scroll = self.selected - self.visible + 1
        if changed:
            self.message = ""
            self.confirm_delete = False
            self.rebuild()

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(max(0, len(self.saves) - self.visible), self.scroll + rows))

    def watch(self) -> None:
        """The chosen save as a replay (re-played by the engine from its actions and dice)."""
        chosen = self.chosen
        if chosen is None:
            return
        try:
            from game.replay import Replay, ReplayError
            from game.ui.scenes.replay import ReplayScene

            replay = Replay.from_game(load_game(chosen.path, self.ctx.catalogue))
        except (SaveError, ReplayError) as error:
            self.show(str(error), RED)
            return
        self.app.push(ReplayScene(self.app, replay))

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
        if self.app.stack and self.app.scene is self:
            self.app.pop()
        names = read_players(path)
        if names:
            self.ctx.names = names
        self.on_load(game)
        return True

    def show(self, message: str, colour: tuple[int, int, int] = INK) -> None:
        self.message = message
        self.message_colour = colour

    def ask_delete(self) -> None:
        if self.chosen is not None:
            self.confirm_delete = True
            self.rebuild()

    def cancel_delete(self) -> None:
        self.confirm_delete = False
        self.rebuild()

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
        rect = pygame.Rect(0, 0, min(width - 80, self.ctx.px(640)),
                           min(height - 80, self.ctx.px(520)))
        rect.center = (width // 2, height // 2)
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
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in self.row_rects:
                if rect.collidepoint(event.pos):
                    self.select(index)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)
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
        ctx, px = self.ctx, self.ctx.px
        pygame.draw.rect(surface, PANEL, self.list_rect, border_radius=6)
        pygame.draw.rect(surface, PANEL_EDGE, self.list_rect, 1, border_radius=6)
        self.row_rects = []
        if not self.saves:
            ctx.wrapped(surface, "No saved games yet. Save from the pause menu during a game, "
                        "or open a save from another folder with “Other file…”.", 15,
                        self.rows_area.inflate(-20, -20), DIM)
            return
        self.scroll = max(0, min(self.scroll, max(0, len(self.saves) - self.visible)))
        area = self.rows_area
        gap = px(6)
        thumb = (int((self.row_height - gap - 8) * 1.5), self.row_height - gap - 8)
        for slot in range(self.visible):
            index = self.scroll + slot
            if index >= len(self.saves):
                break
            info = self.saves[index]
            rect = pygame.Rect(area.left, area.top + slot * self.row_height,
                               area.width - px(14), self.row_height - gap)
            self.row_rects.append((index, rect))
            selected = index == self.selected
            pygame.draw.rect(surface, ROW_SELECTED if selected else ROW_FILL, rect,
                             border_radius=5)
            if selected:
                pygame.draw.rect(surface, GOLD, rect, 2, border_radius=5)
            picture = pygame.Rect(rect.left + 4, rect.top + 4, *thumb)
            image = self.thumbnail(info, thumb)
            if image is not None:
                surface.blit(image, picture)
            else:
                pygame.draw.rect(surface, (40, 36, 36), picture, border_radius=4)
                mark = ctx.assets.icon("cancel", min(thumb) // 2, (150, 70, 60))
                surface.blit(mark, mark.get_rect(center=picture.center))
            x = picture.right + 12
            text_width = rect.right - x - 10
            damaged = info.error is not None
            ctx.text(surface, info.name, 16, (x, rect.top + px(6)),
                     GREYED if damaged else INK, "bold", width=text_width - px(150))
            ctx.text(surface, info.date, 13, (rect.right - 10, rect.top + px(8)),
                     GREYED if damaged else DIM, anchor="topright")
            if damaged:
                ctx.text(surface, "Cannot be loaded: " + _short_error(info.error or ""), 13,
                         (x, rect.top + px(30)), (190, 110, 100), width=text_width)
            else:
                ctx.text(surface, info.mission, 14, (x, rect.top + px(29)), GOLD, "bold",
                         width=text_width)
                ctx.text(surface, f"{info.fireteams[0]} vs {info.fireteams[1]}", 13,
                         (x, rect.top + px(48)), INK, width=text_width)
            ctx.text(surface, info.summary if not damaged else info.path.name, 13,
                     (x, rect.top + px(64)) if not damaged else (x, rect.top + px(50)),
                     DIM if not damaged else GREYED, width=text_width)
        if len(self.saves) > self.visible:  # the scroll bar
            track = pygame.Rect(area.right - px(8), area.top, px(6),
                                self.visible * self.row_height - gap)
            pygame.draw.rect(surface, (40, 42, 48), track, border_radius=3)
            share = self.visible / len(self.saves)
            knob = pygame.Rect(track.left, track.top + int(track.height * self.scroll
                                                           / len(self.saves)),
                               track.width, max(px(20), int(track.height * share)))
            pygame.draw.rect(surface, PANEL_EDGE, knob, border_radius=3)

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


class SaveScene(Scene):
    """Save ``game`` under a typed name into ``saves/NAME.json`` (an overlay);
    ``on_saved(path)`` is called after it has been written and this scene has left."""

    overlay = True

    def __init__(self, app: App, game: Game,
                 on_saved: Callable[[Path], None] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.on_saved = on_saved
        self.name_text = default_save_name(game)
        self.message = ""
        self.entry: pygame_gui.elements.UITextEntryLine | None = None

    def box(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(width - 60, self.ctx.px(560)), self.ctx.px(250))
        rect.center = (width // 2, height // 2)
        return rect

    def build(self) -> None:
        px = self.ctx.px
        box = self.box()
        entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(box.left + 20, box.top + px(78), box.width - 40, px(38)),
            manager=self.app.manager)
        entry.set_text_length_limit(60)
        entry.set_text(self.name_text)
        entry.focus()
        self.entry = entry
        self.elements.append(entry)
        y = box.bottom - px(60)
        self.button("Cancel", pygame.Rect(box.left + 20, y, px(150), px(44)), self.app.pop,
                    hotkey=pygame.K_ESCAPE)
        self.button("Save", pygame.Rect(box.right - 20 - px(170), y, px(170), px(44)),
                    self.save, hotkey=pygame.K_RETURN, object_id="#big_button")

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.entry:
            self.name_text = self.entry.get_text()
            self.message = ""

    def target(self) -> Path | None:
        try:
            return userdata.save_path(self.name_text)
        except ValueError:
            return None

    def save(self) -> Path | None:
        """Write the save; returns its path (None when it could not be written: the reason
        is shown)."""
        if self.entry is not None and self.entry.alive():
            self.name_text = self.entry.get_text()
        path = self.target()
        if path is None:
            self.message = "Type a name for the save first."
            return None
        try:
            save_game(self.game, path, self.ctx.names)
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
        width, height = surface.get_size()
        veil = pygame.Surface((width, height), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 170))
        surface.blit(veil, (0, 0))
        box = self.box()
        inner = panel(surface, box)
        ctx.text(surface, "Save the game", 24, (inner.left + 4, inner.top + px(4)), GOLD,
                 "bold")
        ctx.text(surface, "Name of the save", 13, (box.left + 20, box.top + px(56)), DIM)
        path = self.target()
        if self.message:
            note, colour = self.message, RED
        elif path is None:
            note, colour = "Type a name for the save.", DIM
        elif path.exists():
            note, colour = f"Replaces the save “{path.stem}”.", GOLD
        else:
            note, colour = f"Saved as {path.name} in the saves folder.", DIM
        ctx.wrapped(surface, note, 13, pygame.Rect(box.left + 20, box.top + px(124),
                                                   box.width - 40, px(44)), colour)


def default_save_name(game: Game) -> str:
    """A name to start from: the mission and where the game stands."""
    mission = game.config.mission.name if game.config.mission else "Game"
    return f"{mission} - turning point {game.state.turning_point}"
