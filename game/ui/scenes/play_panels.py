"""What surrounds the board while a mission is played: the turn tracker, VP and mission card,
the cards in play, the selected operative's datacard, the action buttons, the attack preview,
the log, and (after a hand-over) the hand of the player at the screen."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING

import pygame

from game.engine import (
    WEAPON_RULE_NAMES,
    Action,
    Attack,
    AttackOdds,
    Phase,
    Step,
)
from game.ui.chooser import Chooser, Kind, Option
from game.ui.context import DIM, GOLD, INK, PANEL, PANEL_EDGE, panel
from game.ui.placement import board_column, mark_rect, place_over_board, side_fallback
from game.ui.rulesets import in_play, screens_of
from game.ui.words import count

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene

# where the rest of a datacard too long for the panel is
MORE = "more: Library [F3]"


def hotkey(name: str) -> int | None:
    return pygame.key.key_code(name) if name else None

ButtonSpec = tuple[str, Callable[[], None], int | None, str, bool]


def percent(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


class Panels:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.ctx = scene.ctx
        self.log_rect = pygame.Rect(0, 0, 0, 0)
        self.card_rects: dict[str, pygame.Rect] = {}
        self.rule_words: list[tuple[str, pygame.Rect]] = []
        self._odds_key: tuple[int, str, int] | None = None
        self._odds: dict[Action, object] = {}
        # texts of the button panel drawn under its buttons: (words, top left)
        self.notes: list[tuple[str, tuple[int, int]]] = []
        # the lower panels ("dice", "log") something drawn in their place stands in for
        self.hidden: frozenset[str] = frozenset()
        # the button panel's labels and the page of them shown, when they need pages
        self.page_of: tuple[tuple[str, ...], int] = ((), 0)

    def cached(self, action: Action) -> object:
        """The engine's odds of ``action`` (an Attack's, or those its rule set works out),
        worked out once per position (the preview asks every frame while the mouse rests
        on an enemy)."""
        game = self.scene.game
        key = self.scene.position_key()
        if self._odds_key != key:
            self._odds_key, self._odds = key, {}
        found = self._odds.get(action)
        if found is None:
            found = self._odds[action] = game.attack_odds(action) if isinstance(
                action, Attack) else game.odds_of(action)
        return found

    def odds(self, action: Attack) -> AttackOdds:
        found = self.cached(action)
        assert isinstance(found, AttackOdds)
        return found

    def layout(self, side: pygame.Rect) -> None:
        """The side panel, top to bottom: VP, cards in play, the operative's datacard, the
        action buttons (as tall as their rows: see :meth:`stack`), the dice of the last roll
        (docked here, so they never cover the board) and the log. Everything scales with
        the window (``Context.px``)."""
        self.side = side
        px = self.ctx.px
        self.stack(px(24) + 3 * (px(30) + px(5)))

    def least(self) -> tuple[int, int, int]:
        """The least height of the cards panel (its title and three lines: it says where
        the rest is), of the datacard (its title, two lines of characteristics and one
        more) and of the dice (a title, two rows of small dice and the result)."""
        ctx = self.ctx
        px = ctx.px
        line13 = ctx.assets.font(px(13)).get_linesize()
        line14 = ctx.assets.font(px(14)).get_linesize()
        frame = 12 + px(20)  # the panel's frame and its title
        return (frame + 2 * px(17) + line13, frame + 2 * line14 + px(18) + 4,
                2 * line14 + 24 + 2 * px(16))

    def stack(self, buttons: int) -> None:
        """Lay the side panel out with a button panel ``buttons`` high: each panel gets what
        it needs and the log what is left. On a short window (or at a large text size) the
        cards in play, then the datacard, then the dice give up room down to their least
        (each says where the rest is), and the log is left out when no room is left for
        it (its height is then 0)."""
        px = self.ctx.px
        side = self.side
        x, w = side.left + 8, side.width - 16
        gap = 6
        score, cards, op = px(92), px(104), px(128)
        least_cards, least_op, least_dice = self.least()
        least_cards, least_op = min(cards, least_cards), min(op, least_op)
        # the room of the cards, the datacard and the dice (the log's comes from theirs)
        room = side.height - 2 * gap - score - buttons - 4 * gap
        short = cards + op + least_dice - room
        for which in ("cards", "op"):
            if short <= 0:
                break
            if which == "cards":
                cut = min(short, cards - least_cards)
                cards -= cut
            else:
                cut = min(short, op - least_op)
                op -= cut
            short -= cut
        y = side.top + gap
        self.score_rect = pygame.Rect(x, y, w, score)
        self.cards_rect = pygame.Rect(x, self.score_rect.bottom + gap, w, cards)
        self.op_rect = pygame.Rect(x, self.cards_rect.bottom + gap, w, op)
        self.buttons_rect = pygame.Rect(x, self.op_rect.bottom + gap, w, buttons)
        y = self.buttons_rect.bottom + gap
        left = side.bottom - gap - y  # for the dice and the log
        # a tall button panel takes from the dice first: the log keeps a few lines
        dice = max(min(px(72), left), min(px(124), left - gap - px(96)))
        if left - dice - gap < px(40):  # no room for the log's title and a line
            dice = min(max(dice, least_dice), left)
        self.dice_rect = pygame.Rect(x, y, w, max(0, dice))
        y = self.dice_rect.bottom + gap
        log = side.bottom - gap - y
        if log < px(40):
            self.log_box = pygame.Rect(x, self.dice_rect.bottom, w, 0)
            self.log_rect = pygame.Rect(x + 8, self.dice_rect.bottom, w - 16, 0)
        else:
            self.log_box = pygame.Rect(x, y, w, log)
            self.log_rect = pygame.Rect(x + 8, y + px(24), w - 16, log - px(30))

    # --- buttons -----------------------------------------------------------------------

    def place_buttons(self, buttons: list[ButtonSpec]) -> None:
        """Two columns of buttons, as many rows as they need (the panel grows and the log
        below shrinks); a label that cannot fit is shortened at a word's end (the full
        label in its tooltip: see Scene.button)."""
        self.notes = []
        rect = self.buttons_rect
        px = self.ctx.px
        cols = 2
        gap = px(6)
        width = (rect.width - gap * (cols - 1)) // cols
        height, step = px(30), px(35)
        # a button whose whole label is wider than a column has the row to itself
        wide = [self.scene.button_width(label, key) > width
                for label, _, key, _, _ in buttons]
        cells: list[tuple[int, int, bool]] = []  # (row, column, alone on its row)
        row = col = 0
        for i, is_wide in enumerate(wide):
            if is_wide and col:
                row, col = row + 1, 0
            last = i == len(buttons) - 1 or wide[i + 1]
            alone = is_wide or (col == 0 and last)
            cells.append((row, col, alone))
            if alone or col == cols - 1:
                row, col = row + 1, 0
            else:
                col += 1
        rows = max(1, row + (1 if col else 0))
        # more rows than the side column holds: they are shown a page at a time, with a
        # button to turn the page (every choice keeps its key on any page)
        most = max(2, (self.most_buttons() - px(24)) // step)
        shown, pages = rows, 1
        if rows > most:
            shown = most - 1
            pages = -(-rows // shown)
            labels = tuple(label for label, *_ in buttons)
            if self.page_of[0] != labels:
                self.page_of = (labels, 0)
        page = self.page_of[1] % pages if pages > 1 else 0
        self.stack(px(24) + (shown + (pages > 1)) * step)
        rect = self.buttons_rect
        for (label, action, key, tip, enabled), (r, c, alone) in zip(buttons, cells,
                                                                     strict=True):
            if not page * shown <= r < (page + 1) * shown:
                if enabled and key is not None:  # on another page: its key still works
                    self.scene.hotkeys[key] = action
                continue
            r -= page * shown
            box = pygame.Rect(rect.left + c * (width + gap), rect.top + px(24) + r * step,
                              rect.width if alone else width, height)
            self.scene.button(label, box, action, hotkey=key, tooltip=tip, enabled=enabled)
        if pages > 1:
            box = pygame.Rect(rect.left, rect.top + px(24) + shown * step, rect.width, height)
            self.scene.button(f"More choices ({page + 1}/{pages})", box, self.turn_page,
                              hotkey=pygame.K_PAGEDOWN,
                              tooltip="The next page of choices (each works by its key on "
                              "any page)")

    def most_buttons(self) -> int:
        """The tallest the button panel may be: the side column's height less the score,
        the least of the cards, the datacard and the dice, and the gaps."""
        least_cards, least_op, least_dice = self.least()
        px = self.ctx.px
        return (self.side.height - 6 * 6 - px(92) - min(px(104), least_cards)
                - min(px(128), least_op) - least_dice)

    def turn_page(self) -> None:
        """Show the next page of the button panel's choices."""
        labels, page = self.page_of
        self.page_of = (labels, page + 1)
        self.scene.rebuild()

    def weapon_buttons(self, chooser: Chooser) -> None:
        """One button per weapon (and Overcharge) the chooser offers against the enemy
        picked, with odds, and a button to go back to the other targets."""
        scene = self.scene
        options = chooser.weapon_options()
        px = self.ctx.px
        height, gap = px(30), px(5)
        rect = self.buttons_rect
        rows: list[tuple[str, str, str, Option]] = []  # (name, odds, tooltip, option)
        for option, action in options:
            if isinstance(action, Attack):
                odds = self.odds(action)
                words = f"{float(odds.expected):.1f} dmg, {percent(odds.p_take_down)} kill"
                tip = "; ".join(str(r) for r in odds.reasons) or "no modifiers"
            else:  # another rule set's shot: the engine's odds in its rules' words
                found = screens_of(scene.game.config).weapon_odds(self, action)
                assert found is not None, f"no odds for {action}"
                words, tip = found
            rows.append((option.label, words, tip, option))
        # the odds beside the weapon's name on its button; when one of them does not fit,
        # every button shows the name and its odds are written whole under it
        under = any(scene.button_width(f"{name}: {words}", hotkey(option.hotkey)) >
                    rect.width for name, words, _, option in rows)
        line = self.ctx.assets.font(px(13)).get_linesize() if under else 0
        step = height + gap + line
        self.stack(px(24) + len(rows) * step + height + gap)
        rect = self.buttons_rect
        top = rect.top + px(24)
        self.notes = []
        for i, (name, words, tip, option) in enumerate(rows):
            box = pygame.Rect(rect.left, top + i * step, rect.width, height)
            scene.button(name if under else f"{name}: {words}", box,
                         lambda v=option.value: scene.choose(v),
                         hotkey=hotkey(option.hotkey), tooltip=tip)
            if under:
                self.notes.append((words, (box.left + px(8), box.bottom + 1)))
        back = pygame.Rect(rect.left, top + len(rows) * step, rect.width // 2, height)
        scene.button("Back", back, scene.choose_back, hotkey=pygame.K_b,
                     tooltip="Pick another target or another action")

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on a weapon rule (opens its rules help) or on a card of the hand being
        shown (discarding)."""
        scene = self.scene
        for rule, rect in self.rule_words:
            if rect.collidepoint(pos):
                scene.app.open_rules(rule)
                return True
        if scene.view.state.step != Step.MULLIGAN or scene.private_to is None:
            return False
        for card, rect in self.card_rects.items():
            if rect.collidepoint(pos):
                scene.toggle_card(card)
                return True
        return False

    def clickables(self) -> list[tuple[str, pygame.Rect]]:
        scene = self.scene
        if scene.view.state.step == Step.MULLIGAN and scene.private_to is not None:
            return [(f"card {c}", r) for c, r in self.card_rects.items()]
        return []

    # --- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_still(surface)
        self.draw_moving(surface)

    def draw_still(self, surface: pygame.Surface) -> None:
        """What changes only with the position, the selection and the log (the play
        screen keeps it as a picture: game/ui/layers.py)."""
        self.draw_tracker(surface)
        self.draw_score(surface)
        self.draw_cards(surface)
        self.draw_operative(surface)
        inner = panel(surface, self.buttons_rect.inflate(0, 0), self.buttons_title(),
                      self.ctx)
        del inner
        for words, at in self.notes:  # a weapon's odds under its button
            self.ctx.text(surface, words, 13, at, DIM, essential=True)
        if "log" not in self.hidden and self.log_box.height:
            panel(surface, self.log_box, "Log", self.ctx)
            self.scene.log.draw(surface, self.log_rect)

    def draw_moving(self, surface: pygame.Surface) -> None:
        """What is drawn afresh every frame: the dice as they appear, the attack preview
        under the mouse."""
        if "dice" not in self.hidden:
            self.draw_dice(surface)
        self.draw_preview(surface)

    def draw_dice(self, surface: pygame.Surface) -> None:
        """The last roll, docked in the side panel: an attack's dice in the firefight, the
        roll-off before it."""
        anim, state = self.scene.anim, self.scene.view.state
        inner = panel(surface, self.dice_rect)
        rect = self.dice_rect.inflate(-2, -4)
        if anim.roll is not None and state.phase not in (Phase.SETUP, Phase.STRATEGY):
            anim.draw_dice(surface, rect, framed=False)
        elif anim.roll_off is not None:
            anim.draw_roll_off(surface, rect, framed=False)
        else:
            self.ctx.text(surface, "Last roll: no dice rolled yet", 13, inner.topleft, DIM)

    def buttons_title(self) -> str:
        state = self.scene.view.state
        if state.step == Step.ACT and state.active:
            return f"Actions — {state.active}, {state.ap_left} AP left"
        title = screens_of(self.scene.game.config).buttons_title(state)
        if title is not None:
            return title
        return {Step.MULLIGAN: "Targets of opportunity", Step.DEPLOY: "Operatives to place",
                Step.REVEAL: "Reveal a target", Step.PLOY: "Strategic ploys",
                Step.ACTIVATE: "Activation"}.get(state.step, "Actions")

    def draw_tracker(self, surface: pygame.Surface) -> None:
        ctx, game = self.ctx, self.scene.game
        state = self.scene.view.state
        bar = self.scene.top_bar
        pygame.draw.rect(surface, (20, 21, 24), bar)
        pygame.draw.line(surface, PANEL_EDGE, bar.bottomleft, bar.bottomright)
        mission = game.config.mission.name if game.config.mission else "Custom killzone"
        phase = {Phase.SETUP: "Set-up", Phase.INITIATIVE: "Initiative",
                 Phase.STRATEGY: "Strategy phase", Phase.FIREFIGHT: "Firefight phase",
                 Phase.END: "End phase", Phase.OVER: "Mission over"}[state.phase]
        x = ctx.text(surface, mission.upper(), 16, (14, bar.centery), GOLD, "condensed",
                     "midleft").right + 28
        screens = screens_of(game.config)
        counter = screens.counter(game.config, state.turning_point)
        # what the systems in play add (a mission pack's night fighting)
        note = "".join(found.phase_note(state) for found in in_play(game.config))
        x = ctx.text(surface, f"{counter} · {phase}{note}", 15, (x, bar.centery), INK,
                     "bold", "midleft").right + 24
        if state.phase == Phase.FIREFIGHT and screens.shows_turns():
            x = ctx.text(surface, f"Turn {state.turn}/8", 15, (x, bar.centery), INK, "bold",
                         "midleft").right + 12
            for turn in range(1, 9):
                for player in (1, 2):
                    first = state.initiative or 1
                    order = 0 if player == first else 1
                    done = turn < state.turn or (turn == state.turn and order == 0
                                                 and state.to_act != first)
                    now = turn == state.turn and player == state.to_act
                    px = self.ctx.px
                    box = pygame.Rect(x + px((turn - 1) * 30 + order * 13), bar.top + px(12),
                                      px(11), px(22))
                    colour = self.ctx.colours[player]
                    if done:
                        pygame.draw.rect(surface, colour, box, border_radius=2)
                    else:
                        pygame.draw.rect(surface, colour, box, 1, border_radius=2)
                    if now:
                        pygame.draw.rect(surface, (255, 255, 255), box.inflate(4, 4), 2,
                                         border_radius=3)
            x += self.ctx.px(8 * 30 + 10)
        right = bar.right - 14
        if not game.is_over:
            right = ctx.text(surface, f"To act: {ctx.names[state.to_act]}", 15,
                             (right, bar.centery), self.ctx.colours[state.to_act], "bold",
                             "midright").left - 16
        if state.initiative:
            words = f"Initiative: {ctx.names[state.initiative]}"
            # on a narrow window the tracker's order alone tells who holds the initiative
            if x + ctx.assets.font(ctx.px(14)).size(words)[0] <= right:
                ctx.text(surface, words, 14, (x, bar.centery),
                         self.ctx.colours[state.initiative], anchor="midleft")

    def draw_score(self, surface: pygame.Surface) -> None:
        ctx, game = self.ctx, self.scene.game
        state = self.scene.view.state
        screens = screens_of(game.config)  # the rule set's score: VP, markers held, ...
        scores = {player: screens.score(game, state, player) for player in (1, 2)}
        inner = panel(surface, self.score_rect, scores[1][0], ctx)
        half = inner.width // 2
        for i, player in enumerate((1, 2)):
            x = inner.left + i * half
            _, figure, under = scores[player]
            gap = ctx.px(8)
            if self.figure_clear(figure, under, (x + half - 12, inner.top - 6),
                                 (x, inner.top + ctx.px(20))):
                # the large figure beside the name and the line under it
                shown = ctx.text(surface, figure, 30, (x + half - 12, inner.top - 6), INK,
                                 "bold", "topright")
            else:  # a narrow panel: the figure keeps to the name's row, above that line
                shown = ctx.text(surface, figure, 17, (x + half - 12, inner.top + ctx.px(20)),
                                 INK, "bold", "bottomright")
            ctx.text(surface, ctx.names[player], 15, (x, inner.top), self.ctx.colours[player],
                     "bold", width=min(half - 60, shown.left - gap - x))
            ctx.text(surface, under, 13, (x, inner.top + ctx.px(20)), DIM, width=half - 12)
            team = game.config.fireteams[player]
            if team is not None:
                # one line (a long name is shortened, whole as a tooltip): two would run
                # out of the panel
                ctx.text(surface, team.name, 13, (x, inner.top + ctx.px(37)), DIM,
                         width=half - 12)

    def figure_clear(self, figure: str, under: str, corner: tuple[int, int],
                     start: tuple[int, int]) -> bool:
        """Whether the score's large figure (its top right at ``corner``) keeps clear of the
        line under the name (its top left at ``start``): their inked pixels do not meet. On a
        narrow panel (a large text size on a small window) they would."""
        ctx = self.ctx
        big = ctx.assets.font(ctx.px(30), "bold").render(figure, True, INK)
        line = ctx.assets.font(ctx.px(13)).render(under, True, DIM)
        ink = big.get_bounding_rect().move(big.get_rect(topright=corner).topleft)
        return not ink.colliderect(line.get_bounding_rect().move(start))

    def draw_cards(self, surface: pygame.Surface) -> None:
        ctx, game = self.ctx, self.scene.game
        state = self.scene.view.state
        if screens_of(game.config).draw_cards(self, surface):  # a rule set without cards
            return
        inner = panel(surface, self.cards_rect, "Cards in play", ctx)
        half = inner.width // 2
        step = ctx.px(17)
        # the lines that fit inside the panel's frame, whole
        room = max(1, (inner.height - ctx.assets.font(ctx.px(13)).get_linesize()) // step + 1)
        for i, player in enumerate((1, 2)):
            x = inner.left + i * half
            # the hand's size from the view (the public view empties hidden hands)
            held = self.scene.view.hand_sizes[player - 1]
            lines: list[tuple[str, tuple[int, int, int]]] = [(f"hand: {count(held, 'card')}",
                                                              DIM)]
            lines += [(f"▸ {game.config.targets[card].name}", INK)
                      for card in state.active_targets[player]]
            for card in state.completed[player]:
                target = game.config.targets[card]
                lines.append((f"✓ {target.name} ({target.vp} VP)", (120, 210, 130)))
            for ploy in state.ploys[player]:
                name = game.ploy(player, ploy.ploy).name
                on = f" → {ploy.operative}" if ploy.operative else ""
                lines.append((f"★ {name}{on}", GOLD))
            if len(lines) > room:  # the rest in a word: the cards overlay (F2) has them all
                hidden = len(lines) - room + 1
                lines = lines[:room - 1] + [(f"+{hidden} more: Cards [F2]", DIM)]
            for n, (words, colour) in enumerate(lines):
                ctx.text(surface, words, 13, (x, inner.top + n * step), colour,
                         width=half - 10)

    def fits_beside_title(self, inner: pygame.Rect, title: str) -> bool:
        """Whether :data:`MORE` fits in the panel's title row, right of ``title``."""
        ctx = self.ctx
        return (ctx.assets.font(ctx.px(13), "condensed").size(title.upper())[0] + ctx.px(16)
                + ctx.assets.font(ctx.px(12), "regular").size(MORE)[0] <= inner.width)

    def draw_more_beside_title(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        self.ctx.text(surface, MORE, 12, (inner.right, inner.top - self.ctx.px(20)), DIM,
                      anchor="topright")

    def draw_profile_lines(self, surface: pygame.Surface, inner: pygame.Rect, title: str,
                           lines: list[str], head: tuple[int, int, int]) -> None:
        """A rule set's profile's lines, top down (its special rules' explanations last).
        When they do not all fit, "more: Library [F3]" says where the rest is: in the
        title's row when there is room beside the title, else as the last line."""
        ctx = self.ctx
        beside = self.fits_beside_title(inner, title)
        heights = [ctx.wrapped(None, line, 14 if i == 0 else 13, inner, INK,
                               "bold" if i == 0 else "regular")
                   for i, line in enumerate(lines)]
        gap = ctx.px(2)
        room = inner.height + gap
        shown = len(lines)
        if sum(h + gap for h in heights) > room:
            spare = room - (0 if beside else ctx.wrapped(None, MORE, 12, inner, DIM) + gap)
            shown = 0
            while shown < len(lines) and heights[shown] + gap <= spare:
                spare -= heights[shown] + gap
                shown += 1
            if beside:
                self.draw_more_beside_title(surface, inner)
        y = inner.top
        for i, line in enumerate(lines[:shown]):
            colour = head if i == 0 else INK if i < 4 else DIM
            y += ctx.wrapped(surface, line, 14 if i == 0 else 13,
                             pygame.Rect(inner.left, y, inner.width, inner.bottom - y),
                             colour, "bold" if i == 0 else "regular") + gap
        if shown < len(lines) and not beside:
            ctx.wrapped(surface, MORE, 12,
                        pygame.Rect(inner.left, y, inner.width, inner.bottom - y), DIM)

    def draw_operative(self, surface: pygame.Surface) -> None:
        ctx, scene = self.ctx, self.scene
        game = scene.game
        state = self.scene.view.state
        op_id = scene.selected or state.active
        if op_id is None and scene.hover:
            op = scene.op_at(scene.hover)
            op_id = op.id if op else None
        op = state.operatives.get(op_id) if op_id else None
        if op is None:
            inner = panel(surface, self.op_rect, "Operative", ctx)
            ctx.wrapped(surface, "Hover over or select an operative to see its datacard.",
                        14, inner, DIM)
            return
        card = game.datacard(op)  # its weapons' Ranges as card rules lengthen them now
        inner = panel(surface, self.op_rect, scene.words.operative(op.id), ctx)
        if screens_of(game.config).draw_operative(self, surface, inner, op):  # its profile
            return
        stats = (f"APL {game.stat(op, 'apl')} · M {game.stat(op, 'move')} · "
                 f"Def {game.stat(op, 'defence')} · Sv {game.stat(op, 'save')}+ · "
                 f"W {card.wounds - op.damage}/{card.wounds}")
        y = inner.top + ctx.wrapped(surface, stats, 14, inner, self.ctx.colours[op.player],
                                    "bold") + self.ctx.px(2)
        self.rule_words = []
        line13 = ctx.assets.font(ctx.px(13)).get_linesize()
        for weapon in card.weapons:
            if y + line13 > inner.bottom:  # a short panel: the pointer beside the title
                if self.fits_beside_title(inner, scene.words.operative(op.id)):
                    self.draw_more_beside_title(surface, inner)
                return
            line = (f"{weapon.name}: {weapon.ap} AP R{weapon.range} A{weapon.attacks} "
                    f"{weapon.hit}+ {weapon.normal}/{weapon.crit}")
            x = ctx.text(surface, line, 13, (inner.left, y), INK, width=inner.width).right
            for rule in weapon.rules:
                # each weapon rule is a link to its rules help entry
                if x >= inner.right - 20:
                    break
                word = WEAPON_RULE_NAMES.get(rule, rule)
                rect = ctx.text(surface, f" {word}", 13, (x + 4, y), (120, 190, 255),
                                width=inner.right - x - 4)
                pygame.draw.line(surface, (120, 190, 255), (rect.left + 4, rect.bottom - 1),
                                 (rect.right, rect.bottom - 1))
                self.rule_words.append((rule, rect))
                x = rect.right
            y += self.ctx.px(18)
        # the abilities, one line each (a shortened one shows whole as a tooltip); those that
        # do not fit are not left out in silence: the last line that fits says where they are
        more = ctx.assets.font(ctx.px(12)).get_linesize()  # the "+N more" line's height
        row, last = self.ctx.px(18), inner.bottom - max(16, more)
        for i, ability in enumerate(card.abilities):
            left = len(card.abilities) - i
            if y > last:
                # not even one line left under the weapons: the pointer goes beside the
                # title, where there is room for it
                if self.fits_beside_title(inner, scene.words.operative(op.id)):
                    self.draw_more_beside_title(surface, inner)
                break
            if left > 1 and y + row > last:
                ctx.text(surface, f"+{left} {MORE}", 12, (inner.left, y), DIM,
                         width=inner.width)
                break
            ctx.text(surface, f"{ability.name}: {ability.text}", 13, (inner.left, y), DIM,
                     width=inner.width)
            y += row

    def draw_preview(self, surface: pygame.Surface) -> None:
        """In attack mode, the exact odds of each weapon against the enemy under the mouse,
        with the reasons the engine gives (under another rule set: those it declares, such
        as each shot or charge)."""
        scene = self.scene
        if scene.chooser.next_kind != Kind.ENEMY or not scene.hover:
            return
        target = scene.op_at(scene.hover)
        if target is None:
            return
        screens = screens_of(scene.game.config)
        kinds: tuple[type[Action], ...] = (Attack, *screens.previewed())
        options: list[Action] = [a for a in scene.chooser.candidates
                                 if isinstance(a, kinds)
                                 and getattr(a, "target", None) == target.id]
        # actions whose odds are the same (a charge's, whatever hex it ends in): one line
        options = list({screens.preview_key(a): a for a in options}.values())
        if not options:
            return
        ctx = self.ctx
        pad = ctx.px(10)
        # as wide as it may be in the side panel too; every line whole (wrapped)
        width = min(ctx.px(360), self.side.width - 8)
        room = pygame.Rect(0, 0, width - 2 * pad, 1 << 16)
        verb = screens.preview_verb(options[0]) or "Attack"
        title = f"{verb} {target.id}"
        blocks = []
        for action in options[:4]:
            lines = [(text, style, colour) for text, style, colour in zip(
                self.preview_lines(action), ("bold", "regular", "regular"),
                (INK, DIM, GOLD), strict=True) if text]
            blocks.append([(text, style, colour, ctx.wrapped(None, text, 13, room, style=style))
                           for text, style, colour in lines])
        head = ctx.wrapped(None, title, 14, room, style="bold")
        height = pad + head + ctx.px(4) + sum(sum(h for *_, h in b) + ctx.px(6)
                                              for b in blocks) + pad
        board = scene.view_board
        rect = place_over_board(ctx, scene, (width, height), mark_rect(board, scene.hover),
                                board_column(scene), side_fallback(scene, height))
        ctx.new_layer()  # over what lies there on purpose, while the mouse is on the enemy
        pygame.draw.rect(surface, PANEL, rect, border_radius=6)
        pygame.draw.rect(surface, GOLD, rect, 1, border_radius=6)
        inner = rect.inflate(-2 * pad, 0)
        yy = rect.top + pad
        yy += ctx.wrapped(surface, title, 14, pygame.Rect(inner.left, yy, inner.width, head),
                          GOLD, "bold") + ctx.px(4)
        for block in blocks:
            for text, style, colour, h in block:
                ctx.wrapped(surface, text, 13, pygame.Rect(inner.left, yy, inner.width, h),
                            colour, style)
                yy += h
            yy += ctx.px(6)

    def preview_lines(self, action: Action) -> tuple[str, str, str]:
        """The three lines of one option of the attack preview: what is expected, the
        chances, the reasons."""
        game = self.scene.game
        state = self.scene.view.state
        found = screens_of(game.config).preview_lines(self, action)
        if found is not None:  # another rule set's shot or charge
            return found
        assert isinstance(action, Attack)
        op = state.operatives[action.operative]
        weapon_card = game.config.datacards[op.card].weapon(action.weapon)
        assert weapon_card is not None
        odds = self.odds(action)
        name = weapon_card.name + (" (overcharge)" if action.overcharge else "")
        return (f"{name}: {float(odds.expected):.1f} damage expected",
                f"take down {percent(odds.p_take_down)} · no damage "
                f"{percent(odds.damage.get(0, Fraction(0)))}"
                + (f" · own risk {percent(odds.p_self_take_down)}"
                   if odds.expected_self_damage else ""),
                ", ".join(r.name for r in odds.reasons))

    def draw_hand(self, surface: pygame.Surface, player: int,
                  new: tuple[str, ...] = ()) -> None:
        """The hand of ``player`` (who is at the screen after a hand-over), as cards; those
        in ``new`` (just drawn by a swap) are marked NEW."""
        ctx, game = self.ctx, self.scene.game
        px = ctx.px  # every margin grows with the text (at 4K too)
        hand = self.scene.hand_of(player)
        texts = [game.config.targets[card].text for card in hand]
        area = self.scene.view_board.rect
        width, height = self.hand_cards(texts, area)
        if height > area.height - 80:  # a large text size: over the board's whole column
            area = board_column(self.scene)
            width, height = self.hand_cards(texts, area)
        total = len(hand) * (width + 16) - 16
        left = area.centerx - total // 2
        top = area.centery - height // 2
        shade = pygame.Surface(area.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, area)
        ctx.text(surface, f"{ctx.names[player]}'s targets of opportunity", 20,
                 (area.centerx, top - 40), self.ctx.colours[player], "bold", "center")
        self.card_rects = {}
        for i, card in enumerate(hand):
            target = game.config.targets[card]
            rect = pygame.Rect(left + i * (width + 16), top, width, height)
            frame = ctx.assets.scaled("card_frame.png", rect.size)
            surface.blit(frame, rect)
            picked = card in self.scene.chooser.selection
            if card in new:
                pygame.draw.rect(surface, GOLD, rect.inflate(8, 8), 4, border_radius=10)
                ctx.text(surface, "NEW", 14, (rect.centerx, rect.bottom + 14), GOLD, "bold",
                         "center")
            if picked:
                pygame.draw.rect(surface, (220, 80, 60), rect.inflate(8, 8), 4,
                                 border_radius=10)
            ctx.text(surface, target.name, 15, (rect.centerx, rect.top + px(22)), GOLD,
                     "bold", "center", width=rect.width - px(24))
            body = pygame.Rect(rect.left + px(14), rect.top + px(50), rect.width - px(28),
                               rect.height - px(90))
            ctx.wrapped(surface, target.text, 13, body)
            ctx.text(surface, f"{target.vp} VP", 15, (rect.centerx, rect.bottom - px(24)), INK,
                     "bold", "center")
            if picked:
                ctx.text(surface, "to swap", 14, (rect.centerx, rect.bottom + 14),
                         (220, 80, 60), "bold", "center")
            self.card_rects[card] = rect

    def hand_cards(self, texts: list[str], area: pygame.Rect) -> tuple[int, int]:
        """The width and height of each card of a hand of cards with ``texts`` shown over
        ``area``: up to 210 pixels (of ``Context.px``) wide, sharing the area's width, and
        tall enough for the longest text (at least 1.35 times the width, at most what the
        area holds under the title)."""
        ctx = self.ctx
        px = ctx.px
        width = min(px(210), (area.width - 60) // max(1, len(texts)))
        body = pygame.Rect(0, 0, width - px(28), 1 << 16)
        needed = max((ctx.wrapped(None, text, 13, body) for text in texts), default=0)
        return width, min(max(int(width * 1.35), needed + px(90)), area.height - 80)

    def draw_cards_overlay(self, surface: pygame.Surface) -> None:
        """The mission card and both stratagem cards (ploys in force marked), over the
        board; all of it is public."""
        ctx, game = self.ctx, self.scene.game
        board = board_column(self.scene)  # the board and its margins: room for long texts
        shade = pygame.Surface(board.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 190))
        surface.blit(shade, board)
        column = (board.width - 40) // 3
        mission = game.config.mission
        boxes = [pygame.Rect(board.left + 10 + i * (column + 10), board.top + 10, column,
                             board.height - 20) for i in range(3)]
        state = self.scene.view.state
        # a rule set without these cards shows what it uses instead (its killzone, ...)
        if screens_of(game.config).draw_cards_overlay(self, surface, boxes[0].union(boxes[2])):
            return
        inner = panel(surface, boxes[0], mission.name if mission else "Killzone", ctx)
        if game.config.targets:  # a Kill Team classic mission has none
            discard = ", ".join(game.config.targets[c].name for c in state.discard) or "empty"
            view = self.scene.view  # the sizes of what the public view hides
            public = (f"Targets of opportunity: {view.deck_size} in the deck; in hand "
                      f"{ctx.names[1]} {view.hand_sizes[0]}, {ctx.names[2]} "
                      f"{view.hand_sizes[1]}. Discarded: {discard}.")
            ctx.wrapped(surface, public, 13, pygame.Rect(
                inner.left, inner.bottom - ctx.px(110), inner.width, ctx.px(110)), GOLD)
            inner.height -= ctx.px(114)
        if mission is not None:
            y = inner.top + ctx.wrapped(surface, mission.text, 13, inner) + ctx.px(8)
            for action in game.config.mission_actions:
                ctx.text(surface, f"{action.name} ({action.ap} AP)", 14, (inner.left, y), GOLD,
                         "bold", width=inner.width)
                y += ctx.px(18)
                y += ctx.wrapped(surface, action.text, 13, pygame.Rect(
                    inner.left, y, inner.width, max(0, inner.bottom - y)), DIM) + ctx.px(6)
        for i, player in enumerate((1, 2)):
            team = game.config.fireteams[player]
            inner = panel(surface, boxes[i + 1], f"{ctx.names[player]} — stratagems", ctx)
            if team is None:
                continue
            in_force = {p.ploy for p in state.ploys[player]}
            y = inner.top
            for ploy in team.ploys:
                colour = GOLD if ploy.id in in_force else INK
                mark = "★ " if ploy.id in in_force else ""
                ctx.text(surface, mark + ploy.name, 14, (inner.left, y), colour, "bold",
                         width=inner.width)
                y += ctx.px(18)
                y += ctx.wrapped(surface, ploy.text, 13, pygame.Rect(
                    inner.left, y, inner.width, max(0, inner.bottom - y)), DIM) + ctx.px(8)
            for card in game.config.cards_held(player):  # wargear, then tactical ploys
                used = card.id in state.wargear_used[player]
                ctx.text(surface, f"{card.name}{' (used)' if used else ''}", 14,
                         (inner.left, y), DIM if used else INK, "bold", width=inner.width)
                y += ctx.px(18)
                if used:  # spent: its name is enough (the library has its text)
                    y += ctx.px(4)
                    continue
                y += ctx.wrapped(surface, card.text, 13, pygame.Rect(
                    inner.left, y, inner.width, max(0, inner.bottom - y)), DIM) + ctx.px(8)
