"""The chat of an online game, on its play screen: a "Chat" button in the hint bar (F4; it
counts the lines not read yet), the newest unread line shown above the hint bar, and, while
open, a panel over the board's lower left with the last lines and a one-line field.

While the field has the keyboard focus no hotkey fires (the app hands every key to the field:
``App.typing``); of the keys that still reach the screen, Enter sends the line and Esc closes
the chat; the others (Tab, the arrows, PgUp/PgDn) do nothing. A click on the board or a
button takes the focus away and plays on as usual.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.net.protocol import MAX_CHAT
from game.ui.context import DIM, GOLD, INK, panel

if TYPE_CHECKING:
    from game.ui.scenes.online_play import OnlinePlayScene

CHAT_KEY = pygame.K_F4
SHOWN_LINES = 8  # the last lines in the open panel


class ChatBox:
    """The chat of ``scene`` (an :class:`OnlinePlayScene`): what it shows and sends."""

    def __init__(self, scene: OnlinePlayScene) -> None:
        self.scene = scene
        self.ctx = scene.ctx
        self.open = False
        self.read = 0  # lines seen (what was said before the screen opened is unread)
        self.entry: pygame_gui.elements.UITextEntryLine | None = None
        self.button: pygame_gui.elements.UIButton | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.problem = ""

    # --- what it holds -------------------------------------------------------------------

    @property
    def lines(self) -> list[tuple[int | None, str, str]]:
        return self.scene.remote.chat

    @property
    def unread(self) -> int:
        return 0 if self.open else max(0, len(self.lines) - self.read)

    def label(self) -> str:
        return f"Chat ({self.unread})" if self.unread else "Chat"

    def speaker(self, seat: int | None, name: str) -> str:
        if seat is None:
            return f"{name or 'spectator'} (watching)"
        return name or self.ctx.names.get(seat, f"Player {seat}")

    @property
    def focused(self) -> bool:
        return self.entry is not None and self.entry.alive() and self.entry.is_focused

    # --- layout --------------------------------------------------------------------------

    def build(self) -> None:
        """The button (left of the Library's, in the hint bar) and, while open, the panel
        and its field. Called by the scene's build, after the table's."""
        scene, px = self.scene, self.ctx.px
        room = scene.hint_room
        font = self.ctx.assets.font(int(15 * self.ctx.scale), "bold")
        width = font.size("Chat (99) [F4]")[0] + px(24)
        rect = pygame.Rect(0, 0, width, scene.hint_bar.height - 6)
        rect.midright = (room.right, scene.hint_bar.centery)
        self.button = scene.button(self.label(), rect, self.toggle, hotkey=CHAT_KEY,
                                   tooltip="Talk with your opponent (and the spectators)")
        room.width = max(0, rect.left - 14 - room.left)
        typed = self.entry.get_text() if self.entry is not None else ""
        self.entry = None
        if not self.open:
            return
        board = scene.view_board.rect
        self.rect = pygame.Rect(board.left + px(8), 0, min(board.width - px(16), px(560)),
                                px(56) + SHOWN_LINES * px(19) + px(40))
        self.rect.bottom = scene.hint_bar.top - px(6)
        field = pygame.Rect(self.rect.left + px(8), self.rect.bottom - px(40),
                            self.rect.width - px(16) - px(96), px(32))
        entry = pygame_gui.elements.UITextEntryLine(field, manager=scene.app.manager)
        entry.set_text_length_limit(MAX_CHAT)
        entry.set_text(typed)  # a rebuild (the opponent arriving) keeps what is typed
        scene.elements.append(entry)
        self.entry = entry
        send = pygame.Rect(field.right + px(8), field.top, px(88), field.height)
        scene.button("Send", send, self.send, tooltip="Send the line (Enter)")
        scene.app.manager.set_focus_set(entry)

    def refresh_label(self) -> None:
        """The button's count of unread lines, changed in place (no rebuild: a click
        under way is not lost)."""
        if self.button is not None and self.button.alive():
            label = f"{self.label()} [F4]"
            if self.button.text != label:
                self.button.set_text(label)
                self.scene.full_labels[self.button] = label

    # --- what it does --------------------------------------------------------------------

    def toggle(self) -> None:
        self.open = not self.open
        self.read = len(self.lines)
        self.problem = ""
        self.scene.rebuild()

    def close(self) -> None:
        if self.open:
            self.toggle()

    def send(self) -> None:
        if self.entry is None:
            return
        self.scene.app.manager.set_focus_set(self.entry)  # typing goes on (after a click)
        text = self.entry.get_text().strip()
        if not text:
            return
        try:
            self.scene.remote.say(text)
        except Exception as error:  # noqa: BLE001 - a lost connection is said, not raised
            self.problem = f"not sent: {error}"
            return
        self.problem = ""
        self.entry.set_text("")

    def handle_key(self, event: pygame.event.Event) -> bool:
        """A key while the field has the focus (only the keys the app lets through reach
        here): True when the chat took it, which is every one of them."""
        if not self.focused or event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.send()
        elif event.key == pygame.K_ESCAPE:
            self.close()
        return True

    def covers(self, pos: tuple[int, int]) -> bool:
        return self.open and self.rect.collidepoint(pos)

    def seen(self) -> None:
        """While open, every line is read as it comes."""
        if self.open:
            self.read = len(self.lines)

    # --- drawing -------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        words, ctx.words = ctx.words, None  # what players type is drawn as typed
        try:
            if self.open:
                self.draw_panel(surface)
            elif self.unread:
                seat, name, text = self.lines[-1]
                room = self.scene.hint_bar
                line = f"{self.speaker(seat, name)}: {text}"
                strip = pygame.Rect(room.left, room.top - px(26), room.width, px(24))
                back = pygame.Surface(strip.size, pygame.SRCALPHA)
                back.fill((20, 20, 24, 220))
                surface.blit(back, strip.topleft)
                ctx.text(surface, f"{line}   (F4: chat)", 14, (strip.left + px(14),
                         strip.centery), GOLD, anchor="midleft", width=strip.width - px(28))
        finally:
            ctx.words = words

    def draw_panel(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        inner = panel(surface, self.rect, "Chat", ctx)
        shown = self.lines[-SHOWN_LINES:]
        y = inner.top
        if not shown:
            ctx.text(surface, "Nothing said yet. Type a line and press Enter; Esc closes.",
                     14, (inner.left, y), DIM, width=inner.width)
        for seat, name, text in shown:
            who = self.speaker(seat, name) + ": "
            colour = self.scene.tint(seat) if seat in (1, 2) else DIM
            drawn = ctx.text(surface, who, 14, (inner.left, y), colour, "bold")
            ctx.text(surface, text, 14, (drawn.right, y), INK,
                     width=max(px(40), inner.right - drawn.right))
            y += px(19)
        if self.problem:
            ctx.text(surface, self.problem, 13, (inner.left, self.rect.bottom - px(58)),
                     (230, 110, 100), width=inner.width)
