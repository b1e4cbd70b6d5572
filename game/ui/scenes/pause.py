"""The pause menu (Esc): resume, save, load, settings, rules help, export the position as a
scenario file, concede or agree a result (engine actions, so they are logged), quit to the
menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import AgreeResult, Concede, Game, opponent
from game.services.game_setup import GameSetup
from game.ui.context import DIM, GOLD, INK, panel
from game.ui.dialog import veil
from game.ui.registry import SceneName
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scenes.play import PlayScene


def screen_player(play: PlayScene) -> int | None:
    """The person at the screen, who alone may concede or offer a draw from the pause menu:
    the one human seat against the computer; in hot-seat, the player whose screen it is (the
    hand last shown, else the player to act); None when only computers play."""
    humans = [p for p in (1, 2) if play.seats.get(p, "human") == "human"]
    if not humans:
        return None
    if len(humans) == 1:
        return humans[0]
    return play.private_to or play.game.state.to_act


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """``text`` in lines no wider than ``width`` (a word wider than that alone on its line)."""
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


class PauseScene(Scene):
    overlay = True

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.confirm = ""
        self.message = ""
        self.menu_rect = pygame.Rect(0, 0, 0, 0)  # the buttons' column (set by build)

    def build(self) -> None:
        width, height = self.app.size
        me = screen_player(self.play)
        names = self.ctx.names
        # a result by the players' word: never in the tutorial or between two computers; a
        # draw only between two people (a computer cannot agree to one)
        results = not (self.play.game.is_over or me is None
                       or getattr(self.play, "is_tutorial", False))
        draw = results and not self.play.computers
        if self.confirm:
            items = [("Yes", self.yes, pygame.K_y, ""), ("No", self.no, pygame.K_n, "")]
        else:
            items = [
                ("Resume", self.app.pop, pygame.K_ESCAPE, ""),
                ("Save game", self.save, pygame.K_s, "Also Ctrl+S while playing"),
                ("Load game", self.load, pygame.K_o, "Also Ctrl+O while playing"),
                ("Settings", self.settings, pygame.K_g, ""),
                ("Export the position", self.export, pygame.K_e,
                 "Write this position as a scenario file, for a bug report"),
                *([("Export as a puzzle", self.export_puzzle, pygame.K_p,
                    "Save this decision as a puzzle of your own, with a goal you type")]
                  if not self.play.game.is_over else []),
                ("Rules help", lambda: self.app.open_rules(self.play.rules_topic), pygame.K_h,
                 "Or press F1 anywhere"),
                *([(f"{names.get(me or 0, '')} concedes", lambda: self.ask("concede"),
                    pygame.K_c, f"{names.get(opponent(me or 1), '')} wins the mission")]
                  if results else []),
                *([(f"{names.get(me or 0, '')} offers a draw", lambda: self.ask("draw"),
                    pygame.K_d, "The mission ends in a draw if both players agree")]
                  if draw else []),
                ("Quit to the menu", lambda: self.ask("quit"), pygame.K_q,
                 "The game so far stays in the autosave"),
            ]
        px = self.ctx.px
        step = min(px(50), (height - px(190)) // len(items))
        top = (height - step * len(items)) // 2 + px(30)
        for i, (label, action, key, tip) in enumerate(items):
            rect = pygame.Rect(0, 0, px(340), step - px(8))
            rect.midtop = (width // 2, top + i * step)
            self.button(label, rect, action, hotkey=key, tooltip=tip)
        self.menu_rect = pygame.Rect(0, 0, px(340), step * len(items) - px(8))
        self.menu_rect.midtop = (width // 2, top)

    def save(self) -> None:
        self.app.open(SceneName.SAVE, self.play.game, self.play.saved, setup=self.play.setup)

    def load(self) -> None:
        def play(game: Game, setup: GameSetup) -> None:
            self.app.restart(SceneName.MENU)
            self.app.open(SceneName.PLAY, game, setup=setup)

        self.app.open(SceneName.LOAD, play)

    def settings(self) -> None:
        self.app.open(SceneName.SETTINGS, self.ctx.services.apply_sound)

    def export(self) -> None:
        from game.ui.session import export_position
        done, said = export_position(self.play.game)
        self.message = (f"Written: {said}" if done else f"Cannot be written as a scenario: "
                        f"{said}")

    def export_puzzle(self) -> None:
        self.app.open(SceneName.PUZZLE_EXPORT, self.play)

    def ask(self, what: str) -> None:
        self.confirm = what
        self.rebuild()

    def no(self) -> None:
        self.confirm = ""
        self.message = ""
        self.rebuild()

    def yes(self) -> None:
        play, what = self.play, self.confirm
        me = screen_player(play)
        self.app.pop()
        if what in ("concede", "draw") and me is not None:
            # made by the person at the screen, whoever is to act (the engine takes both at
            # any moment); the computer's unfinished thought is dropped
            action = Concede(me) if what == "concede" else AgreeResult(me, 0)
            play.thinking, play.chosen = None, None
            play.after(play.game.apply(action))
        elif what == "quit":
            self.app.restart(SceneName.MENU)

    def draw(self, surface: pygame.Surface) -> None:
        width, height = surface.get_size()
        veil(surface)
        me = screen_player(self.play) or 1
        names = self.ctx.names
        title = {"concede": f"{names.get(me, '')}: concede the mission to "
                            f"{names.get(opponent(me), '')}?",
                 "draw": f"{names.get(me, '')} offers a draw: does {names.get(opponent(me), '')} "
                         "agree?",
                 "quit": "Quit to the menu? Unsaved play stays in the autosave."}.get(
                     self.confirm, "Paused")
        self.draw_dialog(surface, title)
        if not self.confirm:
            seed = getattr(self.play.game.dice, "seed", None)
            said = "Esc resumes" + (f" · dice seed {seed}" if seed is not None else "")
            self.ctx.text(surface, self.message or said, 14,
                          (width // 2, height - 30), GOLD if self.message else DIM,
                          anchor="center", width=width - 40)
        else:
            self.ctx.text(surface, "Y: yes, N: no", 14, (width // 2, height - self.ctx.px(30)),
                          INK, anchor="center")

    def draw_dialog(self, surface: pygame.Surface, title: str) -> None:
        """A framed box holding ``title`` (wrapped and centred, whole) above the buttons:
        the question stands on its own ground, never over the side panel's texts."""
        ctx, px = self.ctx, self.ctx.px
        if ctx.words is not None:
            title = ctx.words(title)
        font = ctx.assets.font(px(26), "bold")
        menu = self.menu_rect
        room = max(menu.width + px(60), min(px(620), surface.get_width() - px(80)))
        lines = wrap(font, title, room)
        while len(lines) > 1 and room > menu.width:  # lines of even length, no lone word
            shorter = wrap(font, title, room - px(10))
            if len(shorter) > len(lines):
                break
            room, lines = room - px(10), shorter
        line = font.get_linesize()
        inner = max([menu.width, *(font.size(t)[0] for t in lines)])
        box = pygame.Rect(0, 0, inner + 2 * px(24),
                          len(lines) * line + menu.height + px(24) + 2 * px(18))
        box.midbottom = (menu.centerx, menu.bottom + px(18))
        box.top = max(px(8), box.top)
        panel(surface, box, "", ctx)
        y = box.top + px(18)
        for text in lines:
            ctx.text(surface, text, 26, (box.centerx, y), GOLD, "bold", "midtop")
            y += line
