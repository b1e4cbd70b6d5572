"""Puzzles: the list (themes, each puzzle's difficulty, goal and progress), a puzzle played on
the real play screen, and the pause menu's "Export as a puzzle" (a goal typed, the position
saved into the player's puzzles).

A puzzle is one decision of the player to act (game/ai/puzzles.py). The play screen offers
exactly the engine's legal actions; the first one the player takes is judged as the computer
player's tactical tests judge an answer (:func:`game.services.puzzle_book.judge`). A wrong answer
counts a try; after two the solution is marked on the board with its reason. Progress is kept
in the data folder (game/services/puzzle_book.py).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.ai.puzzles import OWN, Puzzle, same
from game.engine import Action, Game, RandomDice, opponent
from game.services.puzzle_book import (
    TRIES_BEFORE_SOLUTION,
    PuzzleBook,
    difficulty_word,
    export_puzzle,
    judge,
    own_folder,
    theme_title,
)
from game.ui.chooser import Chooser
from game.ui.context import DIM, GOLD, GREEN, INK, panel
from game.ui.dialog import Dialog
from game.ui.registry import SceneName
from game.ui.scene import MARK, Scene
from game.ui.scenes.play import PlayScene
from game.ui.words import Words

if TYPE_CHECKING:
    from game.ui.app import App

SOLVED, WRONG, SHOWN = "solved", "wrong", "shown"  # how the answer given was judged
# one-letter operative ids that are also English ("a", "it's", "I'm", "don't"): the puzzle
# files name their small test operatives so
ENGLISH_LETTERS = frozenset("aimstdo")
RED_TEXT = (255, 130, 110)


class PuzzleWords(Words):
    """The play screen's :class:`Words`, but a one-letter operative id that is also an English
    word is put into its name only where it stands as an id: before punctuation or the end
    ("Activate a", "— a, 2 AP left") or before a verb ("a moves to C2"); the article stays an
    article ("move a trooper")."""

    def __init__(self, game: Game, names: dict[int, str]) -> None:
        super().__init__(game, names)
        every = set(self._fixed) | set(game.config.objectives)
        plain = sorted((t for t in every if t not in ENGLISH_LETTERS), key=len, reverse=True)
        letters = sorted(t for t in every if t in ENGLISH_LETTERS)
        parts = [re.escape(t) for t in plain]
        if letters:
            parts.append(f"(?:{'|'.join(letters)})" + r"(?=$|[^\w\s]|\s+[a-z]+s\b)")
        self._pattern = re.compile(r"(?<!['’])\b(" + "|".join(parts) + r")\b") \
            if parts else None


def action_words(words: Words, action: Action) -> str:
    """``action`` as an instruction with names ("rush Tempestus Scion to H4"): the play
    screen's words, and the skirmish orders, which those do not phrase."""
    from game.engine import Advance, Charge, Hold, Rush

    if isinstance(action, Advance):
        verb = "rush" if isinstance(action, Rush) else "advance"
        return f"{verb} {words.operative(action.operative)} to {action.path[-1]}"
    if isinstance(action, Charge):
        return f"charge {words.operative(action.target)} with " \
               f"{words.operative(action.operative)}"
    if isinstance(action, Hold):
        where = f" at {action.path[-1]}" if action.path else ""
        return f"hold {words.operative(action.operative)}{where}"
    return re.sub(r"^[12] ", "", words.action(action))


def load_book(app: App) -> PuzzleBook:
    """The puzzles and the progress of the player's data folder (none when it cannot be
    made: the progress then lasts the session)."""
    try:
        return PuzzleBook.load(app.ctx.catalogue)
    except OSError:
        import tempfile
        from pathlib import Path

        return PuzzleBook.load(app.ctx.catalogue, Path(tempfile.mkdtemp()))


# --- the list ------------------------------------------------------------------------------

class PuzzleListScene(Scene):
    """The themes on the left (solved of each), the puzzles of the chosen theme on the right,
    easiest first, each with its difficulty, goal and progress; a click plays it."""

    def __init__(self, app: App, book: PuzzleBook | None = None, theme: str = "") -> None:
        super().__init__(app)
        self.book = book or load_book(app)
        themes = self.book.themes()
        self.theme = theme if theme in themes else themes[0]
        self.page = 0
        self.rows: list[tuple[pygame.Rect, Puzzle]] = []

    def layout(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The themes column and the puzzles area."""
        width, height = self.app.size
        px = self.ctx.px
        top = px(96)
        left = pygame.Rect(px(24), top, px(300), height - top - px(76))
        right = pygame.Rect(left.right + px(20), top, width - left.right - px(44), left.height)
        return left, right

    def per_page(self) -> int:
        _, right = self.layout()
        return max(1, (right.height - self.ctx.px(34)) // self.row_height())

    def row_height(self) -> int:
        return self.ctx.px(50)

    def build(self) -> None:
        px = self.ctx.px
        width, height = self.app.size
        left, right = self.layout()
        y = left.top + px(30)
        for theme in self.book.themes():
            rect = pygame.Rect(left.left + px(8), y, left.width - px(62), px(38))
            label = (MARK if theme == self.theme else "") + theme_title(theme)
            self.button(label, rect, lambda t=theme: self.choose_theme(t),
                        tooltip=self.theme_tip(theme))
            y += px(52)
        puzzles = self.book.of_theme(self.theme)
        per = self.per_page()
        pages = max(1, -(-len(puzzles) // per))
        self.page = min(self.page, pages - 1)
        shown = puzzles[self.page * per:(self.page + 1) * per]
        self.rows = []
        y = right.top + px(34)
        first = self.page * per
        for n, puzzle in enumerate(shown, start=first + 1):
            rect = pygame.Rect(right.left + px(8), y + px(5), px(170), px(36))
            self.button(f"Puzzle {n}", rect, lambda p=puzzle: self.play(p),
                        tooltip=f"Play: {puzzle.goal}")
            self.rows.append((rect, puzzle))
            y += self.row_height()
        bottom = height - px(60)
        self.button("Back", pygame.Rect(px(24), bottom, px(150), px(44)),
                    lambda: self.app.pop(), hotkey=pygame.K_ESCAPE)
        if pages > 1:
            self.button("Previous page", pygame.Rect(right.right - px(370), bottom, px(180),
                                                     px(44)), lambda: self.turn(-1),
                        enabled=self.page > 0)
            self.button("Next page", pygame.Rect(right.right - px(180), bottom, px(180), px(44)),
                        lambda: self.turn(1), enabled=self.page < pages - 1)
        del width

    def theme_tip(self, theme: str) -> str:
        count = len(self.book.of_theme(theme))
        if theme == OWN and not count:
            return "Positions you exported from your games (Esc, Export as a puzzle)"
        return f"{self.book.solved_count(theme)} of {count} solved"

    def choose_theme(self, theme: str) -> None:
        self.theme, self.page = theme, 0
        self.rebuild()

    def turn(self, pages: int) -> None:
        self.page += pages
        self.rebuild()

    def play(self, puzzle: Puzzle) -> None:
        self.app.push(PuzzleScene(self.app, self.book, puzzle))

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        width, height = surface.get_size()
        surface.fill((14, 15, 17))
        ctx.text(surface, "Puzzles", 34, (px(24), px(20)), GOLD, "condensed")
        solved = sum(self.book.record(p).solved for p in self.book.puzzles)
        ctx.text(surface, f"One decision each: find the move that meets the goal. "
                          f"{solved} of {len(self.book.puzzles)} solved.", 15,
                 (px(24), px(62)), DIM, width=width - px(48))
        left, right = self.layout()
        panel(surface, left, "Themes", ctx)
        y = left.top + px(30)
        for theme in self.book.themes():
            count = len(self.book.of_theme(theme))
            done = self.book.solved_count(theme)
            ctx.text(surface, f"{done}/{count}", 13, (left.right - px(14), y + px(19)),
                     GREEN if count and done == count else DIM, anchor="midright")
            y += px(52)
        title = f"{theme_title(self.theme)}: easiest first"
        panel(surface, right, title, ctx)
        puzzles = self.book.of_theme(self.theme)
        if not puzzles:
            ctx.wrapped(surface, "No puzzles of your own yet. During a game, press Esc and "
                                 "choose \"Export as a puzzle\": the position is saved here "
                                 "with the goal you type.", 15,
                        pygame.Rect(right.left + px(16), right.top + px(40),
                                    right.width - px(32), right.height - px(50)), INK)
        for rect, puzzle in self.rows:
            record = self.book.record(puzzle)
            x = rect.right + px(14)
            ctx.text(surface, difficulty_word(puzzle).capitalize(), 14, (x, rect.top + px(1)),
                     GOLD, "bold")
            state, colour = ("Solved", GREEN) if record.solved else \
                ("Solution seen", GOLD) if record.solution_shown else \
                (f"{record.tries} wrong {'try' if record.tries == 1 else 'tries'}", RED_TEXT) \
                if record.tries else ("New", DIM)
            ctx.text(surface, state, 13, (x, rect.top + px(20)), colour)
            goal_x = x + px(120)
            ctx.text(surface, puzzle.goal, 15, (goal_x, rect.top + px(1)), INK,
                     width=right.right - px(14) - goal_x)
            ctx.text(surface, puzzle.rules, 13, (goal_x, rect.top + px(20)), DIM,
                     width=right.right - px(14) - goal_x)
        if self.book.problems or self.book.progress.notice:
            note = self.book.progress.notice or (
                f"Not listed (could not be read): {self.book.problems[0]}")
            ctx.text(surface, note, 13, (width // 2, height - px(8)), RED_TEXT,
                     anchor="midbottom", width=width - px(400))


# --- a puzzle on the play screen ------------------------------------------------------------

class PuzzleScene(PlayScene):
    """The play screen at the puzzle's decision, the goal above the board; the first action
    taken is judged, then the screen waits for Try again, Next puzzle or the list."""

    summaries = False
    journaled = False  # a puzzle is never autosaved
    is_tutorial = True  # no concession or draw offered from the pause menu
    hint_tooltip = "A clue to this puzzle (it does not count as a try)"

    def __init__(self, app: App, book: PuzzleBook, puzzle: Puzzle,
                 seed: int | None = None) -> None:
        self.book, self.puzzle = book, puzzle
        self.outcome: str | None = None
        self.played: Action | None = None
        self.hint_shown = False
        self.strip = pygame.Rect(0, 0, 0, 0)
        seat = puzzle.seat
        game = puzzle.game.clone(dice=RandomDice(app.ctx.new_game_seed() if seed is None
                                                 else seed))
        super().__init__(app, game, {seat: "human", opponent(seat): "normal"})
        self.words = self.log.words = PuzzleWords(game, app.ctx.names)
        self.show_solution_marks()

    # --- the puzzle's state ---------------------------------------------------------------

    @property
    def record(self):  # type: ignore[no-untyped-def]
        return self.book.record(self.puzzle)

    @property
    def solution_due(self) -> bool:
        return self.record.solution_shown

    def show_solution_marks(self) -> None:
        """Once the solution is due, it is marked on the board (Enter plays it)."""
        if self.solution_due and self.outcome is None:
            self.suggestion = self.answer()
            self.hint_why = self.puzzle.why

    def answer(self) -> Action:
        """The puzzle's (first) answer as the engine lists it (a move with a whole path)."""
        wanted = self.puzzle.best[0]
        return next((a for a in self.game.legal_actions() if same(a, wanted)), wanted)

    def number(self) -> tuple[int, int]:
        same = self.book.of_theme(self.puzzle.theme)
        keys = [self.book.key(p) for p in same]
        return keys.index(self.book.key(self.puzzle)) + 1, len(same)

    def status(self) -> tuple[str, tuple[int, int, int]]:
        """What the strip says under the goal, and its colour."""
        words, puzzle = self.words, self.puzzle
        answer = action_words(words, puzzle.best[0])
        solution = "One solution" if len(puzzle.best) > 1 else "The solution"
        tries = self.record.tries
        if self.outcome == SOLVED:
            return f"Solved! {puzzle.why}", GREEN
        if self.outcome == SHOWN:
            return (f"That is the solution. {puzzle.why} Solve it without the solution "
                    "another time to mark it solved."), GOLD
        if self.outcome == WRONG:
            said = f"Not this one: you chose to {action_words(words, self.played)}." \
                if self.played is not None else "Not this one."
            if self.solution_due:
                return f"{said} {solution}: {answer}. {puzzle.why}", RED_TEXT
            left = TRIES_BEFORE_SOLUTION - tries
            return (f"{said} Try again: {left} more wrong "
                    f"{'try' if left == 1 else 'tries'} and the solution is shown."), RED_TEXT
        if self.solution_due:
            return (f"{solution} is marked on the board: {answer}. {puzzle.why} "
                    "Press Enter to play it."), GOLD
        if self.hint_shown:
            return f"Hint: {puzzle.hint or 'think about what each of your choices leads to.'}", \
                GOLD
        return (f"{self.ctx.names[puzzle.seat]} to play: one decision. A wrong answer counts "
                f"as a try; after {TRIES_BEFORE_SOLUTION} the solution is shown."), DIM

    def longest_status(self) -> str:
        """The longest text the strip may have to show for this puzzle (its height is made
        for it, so the board does not jump when the answer is judged)."""
        longest: str | None = self.__dict__.get("_longest")
        if longest is None:
            longest = self._longest = self._longest_status()
        return longest

    def _longest_status(self) -> str:
        words = self.words
        answer = action_words(words, self.puzzle.best[0])
        longest_action = max((len(action_words(words, a)) for a in self.game.legal_actions()[:200]),
                             default=0)
        said = "Not this one: you chose to " + "x" * longest_action + "."
        return max((f"{said} One solution: {answer}. {self.puzzle.why}",
                    f"One solution is marked on the board: {answer}. {self.puzzle.why} "
                    "Press Enter to play it.",
                    f"That is the solution. {self.puzzle.why} Solve it without the solution "
                    "another time to mark it solved.",
                    f"Hint: {self.puzzle.hint}"), key=len)

    # --- judging -----------------------------------------------------------------------------

    def act(self, action: Action | None) -> None:
        """The first action taken is the answer: judged, counted, then played on the board
        (its dice too); the decisions after it wait for Try again."""
        if action is None or self.outcome is not None:
            return
        chosen = self.legal_form(action)
        if chosen is None:
            return
        key = self.book.key(self.puzzle)
        right = judge(self.puzzle, chosen)
        if right and self.solution_due:
            self.outcome = SHOWN
        else:
            self.outcome = SOLVED if right else WRONG
            self.book.progress.answer(key, right)
        self.played = chosen
        self.hint_shown = False
        super().act(chosen)
        self.suggestion = None
        self.layers.clear()
        self.rebuild()

    def new_chooser(self, selection: frozenset[str] = frozenset()) -> Chooser:
        if getattr(self, "outcome", None) is not None:  # judged: nothing more to pick
            return Chooser(self.game.state, self.game.config, (), self.game.why_not)
        return super().new_chooser(selection)

    def computer_to_act(self) -> bool:
        return getattr(self, "outcome", None) is None and super().computer_to_act()

    def offers_hint(self) -> bool:
        return self.outcome is None and not self.hint_shown and not self.solution_due

    def ask_hint(self) -> None:
        self.hint_shown = True
        self.layers.clear()
        self.rebuild()

    def hint(self) -> str:
        """The hint line: once the answer is judged, what the buttons do next."""
        if self.outcome is None:
            return super().hint()
        if self.outcome == WRONG and not self.solution_due:
            return "Press Try again (Enter) to play the position once more, or Hint (H)."
        if self.book.after(self.puzzle) is None:
            return "That was the last puzzle: Back to the list (Enter), or Try again (R)."
        return "Next puzzle (Enter), or Try again (R) to play this one once more."

    def hint_text(self) -> str:
        return ""  # the puzzle's hint and solution are in the strip above the board

    def update(self, dt: float) -> None:
        if self.outcome is None:
            super().update(dt)
            return
        # judged: the answer's dice and marks play out; nobody acts, no hand-over, no end
        # screen (the puzzle screen stays until Try again, Next puzzle or the list)
        self.anim.update(dt)
        if self.toast is not None:
            text, pos, left = self.toast
            self.toast = (text, pos, left - dt) if left > dt else None

    # --- after the answer ---------------------------------------------------------------------

    def retry(self) -> None:
        self.app.pop()
        self.app.push(PuzzleScene(self.app, self.book, self.puzzle))

    def next_puzzle(self) -> None:
        following = self.book.after(self.puzzle)
        if following is None:
            self.to_list()
            return
        self.app.pop()
        self.app.push(PuzzleScene(self.app, self.book, following))

    def to_list(self) -> None:
        self.app.pop()
        list_scene = self.app.scene
        if isinstance(list_scene, PuzzleListScene):
            list_scene.theme = self.puzzle.theme
            list_scene.rebuild()

    def build_buttons(self) -> None:
        if self.outcome is None:
            super().build_buttons()
            return
        last = self.book.after(self.puzzle) is None
        buttons = []
        if self.outcome == SOLVED or self.solution_due:
            buttons.append(("Back to the list" if last else "Next puzzle",
                            self.to_list if last else self.next_puzzle, pygame.K_RETURN,
                            "The puzzles of every theme" if last else
                            "The next puzzle of the list", True))
            buttons.append(("Try again", self.retry, pygame.K_r,
                            "The same position once more", True))
        else:
            buttons.append(("Try again", self.retry, pygame.K_RETURN,
                            "The same position once more", True))
            if not self.hint_shown:
                buttons.append(("Hint", self.ask_hint, pygame.K_h, self.hint_tooltip, True))
        self.panels.place_buttons(buttons)

    # --- the strip above the board ------------------------------------------------------------

    def strip_height(self, width: int) -> int:
        ctx, px = self.ctx, self.ctx.px
        inner = pygame.Rect(0, 0, width - px(24), 1 << 16)
        goal = ctx.wrapped(None, self.puzzle.goal or self.puzzle.name, 18, inner, style="bold")
        status = ctx.wrapped(None, self.longest_status(), 14, inner)
        return px(10) + px(18) + goal + px(6) + status + px(10)

    def board_area(self, area: pygame.Rect) -> pygame.Rect:
        height = min(self.strip_height(area.width), area.height // 2)
        self.strip = pygame.Rect(area.left, area.top, area.width, height)
        return pygame.Rect(area.left, self.strip.bottom + 6, area.width,
                           area.height - height - 6)

    def build(self) -> None:
        super().build()
        px = self.ctx.px
        label = "Puzzle list"
        rect = pygame.Rect(0, 0, self.button_width(label), px(26))
        rect.topright = (self.strip.right - px(8), self.strip.top + px(6))
        self.button(label, rect, self.to_list, tooltip="Leave this puzzle for the list")

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        ctx, px = self.ctx, self.ctx.px
        strip = self.strip
        solved = self.outcome == SOLVED
        pygame.draw.rect(surface, (24, 26, 30), strip, border_radius=6)
        pygame.draw.rect(surface, GREEN if solved else GOLD, strip, 2, border_radius=6)
        inner = strip.inflate(-px(24), -px(20))
        number, total = self.number()
        kicker = (f"PUZZLE {number} OF {total} · {theme_title(self.puzzle.theme).upper()} · "
                  f"{difficulty_word(self.puzzle).upper()} · {self.puzzle.rules.upper()}")
        ctx.text(surface, kicker, 12, (inner.left, inner.top), GOLD, "condensed",
                 width=inner.width - self.button_width("Puzzle list") - px(12))
        top = inner.top + px(18)
        used = ctx.wrapped(surface, self.puzzle.goal or self.puzzle.name, 18,
                           pygame.Rect(inner.left, top, inner.width, strip.bottom - top),
                           INK, "bold")
        top += used + px(6)
        text, colour = self.status()
        ctx.wrapped(surface, text, 14, pygame.Rect(inner.left, top, inner.width,
                                                   strip.bottom - top), colour)


# --- export a position as a puzzle (the pause menu) ------------------------------------------

class PuzzleExportScene(Dialog):
    """Over the pause menu: the goal typed, then the position is saved as a puzzle of the
    player's own, its answer the computer's choice (hard level, from the view of the player
    to act)."""

    size = (640, 290)

    def __init__(self, app: App, play: PlayScene) -> None:
        super().__init__(app)
        self.play = play
        self.goal_text = ""
        self.done = False

    def build(self) -> None:
        if self.done:
            self.cancel_and("Close", self.app.pop, cancel=False)
            return
        self.text_entry(104, self.goal_text, 90)
        self.cancel_and("Save the puzzle", self.save, least=0)

    def typed(self, text: str) -> None:
        self.goal_text = text

    def save(self) -> None:
        """Work out the answer and write the puzzle; the message says where, or why not."""
        from game.ai.players import player_for
        from game.ui.hint_words import hint_reason

        self.take_typed()
        game, words = self.play.game, self.play.words
        if not self.goal_text.strip():
            self.message = "Type the goal first: one line saying what the player must do."
            return
        if game.is_over:
            self.message = "The mission is over: there is no decision left to make."
            return
        seat = game.state.to_act
        answer = player_for("hard", self.ctx.seed).choose(game.view(seat))
        why = f"The computer (hard level) chose to {action_words(words, answer)}. " \
              f"{hint_reason(game, answer, words)}"
        operative = getattr(answer, "operative", None)
        hint = (f"Look at what {words.operative(operative)} can do." if operative else
                "Weigh each choice you have against the goal.")
        try:
            path = export_puzzle(game, self.goal_text, answer, why, hint, own_folder(),
                                 self.ctx.catalogue)
        except (ValueError, OSError) as problem:
            self.message = f"Cannot be saved as a puzzle: {problem}"
            return
        self.done = True
        self.message = f"Saved as {path.name}: it is listed under Puzzles, My puzzles."
        self.rebuild()

    def draw(self, surface: pygame.Surface) -> None:
        ctx, px = self.ctx, self.ctx.px
        box = self.box()
        inner = self.frame(surface, "Export as a puzzle")
        ctx.wrapped(surface, "The goal, in one line (\"take down the leader this "
                             "activation\"):", 14,
                    pygame.Rect(inner.left + 4, inner.top + px(44), inner.width - 8, px(44)),
                    INK)
        if self.done:
            ctx.wrapped(surface, self.goal_text, 16,
                        pygame.Rect(inner.left + 4, box.top + px(108), inner.width - 8, px(40)),
                        INK, "bold")
        if self.message:
            ctx.wrapped(surface, self.message, 13,
                        pygame.Rect(inner.left + 4, box.top + px(152), inner.width - 8,
                                    px(56)), GREEN if self.done else RED_TEXT)


def open_puzzles(app: App) -> None:
    """The Puzzles menu item."""
    app.push(PuzzleListScene(app))


__all__ = ["PuzzleExportScene", "PuzzleListScene", "PuzzleScene", "PuzzleWords",
           "open_puzzles", "SceneName"]
