"""Short animations built from the engine's typed events: banners for what matters (control
changing hands, a target completed, VP scored, a new turning point) and the dice of the last
attack. None of them blocks input; with animations off they show at once."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.engine import (
    CRIT,
    HIT,
    AttackDeclared,
    BlocksAssigned,
    ControlChanged,
    CoverBlock,
    Damaged,
    DefenceDiceRolled,
    Die,
    Event,
    Healed,
    HitDiceRolled,
    InitiativeRolled,
    MissionEnded,
    RollOff,
    Scored,
    TakenDown,
    TargetCompleted,
    TurningPointStarted,
)
from game.ui.anim_parts import DIE_SECONDS, MARK_SECONDS, Banner, Roll
from game.ui.context import GOLD, INK, PANEL, PANEL_EDGE, Context
from game.ui.placement import note_cover
from game.ui.rulesets import every
from game.ui.words import count


class Animations:
    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.banners: list[Banner] = []
        self.roll: Roll | None = None
        self.roll_off: tuple[str, tuple[tuple[int, int], ...]] | None = None
        # short marks on the board: (hex, text, colour, seconds left)
        self.marks: list[list[object]] = []
        self.where: dict[str, str] = {}  # operative -> hex, for marks of taken-down ones

    @property
    def speed(self) -> float:
        return self.ctx.settings.animation_speed

    def add(self, events: list[Event], names: dict[int, str]) -> None:
        for event in events:
            if any(screens.animate(self, event, names) for screens in every()):
                continue  # another rule set's or pack's dice and banners
            if isinstance(event, TurningPointStarted):
                self.banners.append(Banner(f"Turning point {event.turning_point}", GOLD))
            elif isinstance(event, ControlChanged):
                self.banners.append(Banner(f"{names[event.player]} takes {event.objective}",
                                           self.ctx.colours[event.player]))
            elif isinstance(event, TargetCompleted):
                self.banners.append(Banner(f"{names[event.player]} completes {event.name}",
                                           self.ctx.colours[event.player]))
            elif isinstance(event, Scored):
                self.banners.append(Banner(f"{names[event.player]} scores {event.vp} VP",
                                           self.ctx.colours[event.player]))
            elif isinstance(event, TakenDown):
                self.banners.append(Banner(f"{event.operative} is taken down", (220, 90, 70)))
                self.marks.append([event.hex, "✖", (230, 70, 60), MARK_SECONDS * 1.5])
            elif isinstance(event, Damaged) and event.operative in self.where:
                self.marks.append([self.where[event.operative], f"−{event.amount}",
                                   (255, 120, 90), MARK_SECONDS])
            elif isinstance(event, Healed) and event.operative in self.where:
                self.marks.append([self.where[event.operative], f"+{event.amount}",
                                   (120, 230, 140), MARK_SECONDS])
            elif isinstance(event, MissionEnded):
                self.banners.append(Banner("The mission is over", GOLD))
            elif isinstance(event, (RollOff, InitiativeRolled)):
                roll = event.roll_off if isinstance(event, InitiativeRolled) else event
                self.roll_off = (f"{roll.purpose.capitalize()} roll-off: "
                                 f"{names[roll.winner]} wins", roll.rolls)
            elif isinstance(event, AttackDeclared):
                self.roll = Roll(f"{event.attacker} attacks {event.target} with "
                                 f"{event.weapon_name}" + (" (overcharged)"
                                                           if event.overcharge else ""))
            elif self.roll is not None:
                self._attack_event(event)

    def _attack_event(self, event: Event) -> None:
        roll = self.roll
        assert roll is not None
        if isinstance(event, HitDiceRolled):
            roll.hit_dice = event.dice
            # a die's result only grows with its value: the engine's counts of criticals and
            # hits fall on the highest dice, in that order
            hits, crits = event.hits, event.crits
            kinds = [0] * len(event.dice)
            for i in sorted(range(len(event.dice)), key=lambda i: -event.dice[i].value):
                if crits:
                    kinds[i], crits = CRIT, crits - 1
                elif hits:
                    kinds[i], hits = HIT, hits - 1
            roll.hit_kinds = tuple(kinds)
            if not event.hits and not event.crits:
                roll.result = "The attack misses"
        elif isinstance(event, CoverBlock):
            roll.cover = True
        elif isinstance(event, DefenceDiceRolled):
            roll.defence_dice = event.dice
        elif isinstance(event, BlocksAssigned):
            roll.pairs = event.pairs
            roll.blocks = tuple(b for b, _ in event.pairs if b >= 0)
            roll.result = (f"{count(event.hits_left, 'hit')} and "
                           f"{count(event.crits_left, 'critical hit')} get through: "
                           f"{event.damage} damage")

    def running(self) -> bool:
        """Something moves: a banner, a mark on the board, or dice still appearing."""
        if self.banners or self.marks:
            return True
        roll = self.roll
        if roll is None:
            return False
        # draw_dice shows one die more every DIE_SECONDS: the hit dice, the cover, the
        # defence dice, then the result
        steps = len(roll.hit_dice) + len(roll.defence_dice) + (1 if roll.cover else 0) + 2
        return roll.shown < steps * DIE_SECONDS

    def update(self, dt: float) -> None:
        step = dt * (self.speed if self.speed > 0 else 1000)
        if self.banners:
            self.banners[0].left -= step
            if self.banners[0].left <= 0:
                self.banners.pop(0)
        if self.roll is not None:
            self.roll.shown += step
        for mark in self.marks:
            mark[3] = float(mark[3]) - step  # type: ignore[arg-type]
        self.marks = [m for m in self.marks if float(m[3]) > 0]  # type: ignore[arg-type]

    def draw_marks(self, surface: pygame.Surface, centre: Callable[[str], tuple[float, float]],
                   size: float) -> None:
        """Damage counted onto its target, and a cross where an operative was taken down;
        each rises and fades."""
        for h, text, colour, left in self.marks:
            t = max(0.0, min(1.0, float(left) / MARK_SECONDS))  # type: ignore[arg-type]
            x, y = centre(str(h))
            font = self.ctx.assets.font(self.ctx.px(20) if text != "✖" else int(size * 1.2),
                                        "bold")
            image = font.render(str(text), True, colour)  # type: ignore[arg-type]
            image.set_alpha(int(255 * min(1.0, t * 1.5)))
            surface.blit(image, image.get_rect(center=(x, y - size * (0.3 + (1 - t) * 0.8))))
            if self.ctx.drawn is not None:
                self.ctx.drawn.append(str(text))

    def draw_banner(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """The first banner, centred in ``area`` (a bar off the board: the screen's top
        bar), as tall as it allows; it never covers the board."""
        if not self.banners:
            return
        banner = self.banners[0]
        ctx = self.ctx
        size = 20
        font = ctx.assets.font(ctx.px(size), "bold")
        width = min(area.width - 8, font.size(banner.text)[0] + ctx.px(60))
        rect = pygame.Rect(0, 0, width, max(font.get_linesize() + 4, area.height - 6))
        rect.center = area.center
        ctx.new_layer()  # over the bar's own words for a moment, on purpose
        note_cover(ctx, rect)
        # opaque: the bar's words under it never show through (at a large text size they
        # lie under the banner's own)
        pygame.draw.rect(surface, (12, 12, 14), rect)
        pygame.draw.rect(surface, banner.colour, rect, max(2, ctx.px(3)), border_radius=6)
        ctx.text(surface, banner.text, size, rect.center, INK, "bold", "center",
                 width=rect.width - ctx.px(20))

    def draw_dice(self, surface: pygame.Surface, rect: pygame.Rect,
                  framed: bool = True) -> None:
        """The last attack's dice: hits and criticals, the defence dice, which block
        cancelled which hit, and the result; dice appear one by one. The dice are as big
        as ``rect`` allows (two rows, a title and a result line)."""
        roll = self.roll
        if roll is None:
            return
        if framed:
            pygame.draw.rect(surface, PANEL, rect, border_radius=6)
            pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=6)
        ctx = self.ctx
        line = ctx.assets.font(ctx.px(14)).get_linesize()
        ctx.text(surface, roll.title, 14, (rect.left + 10, rect.top + 4), GOLD, "bold",
                 width=rect.width - 20)
        # a re-rolled die shows its first roll under it: room for that line under each row
        marker = ctx.assets.font(ctx.px(13)).get_linesize() if any(
            die.first is not None for die in (*roll.hit_dice, *roll.defence_dice)) else 0
        size = max(ctx.px(14), min(  # never smaller than legible, even in a short panel
            ctx.px(40), (rect.width - 30) // max(
                1, len(roll.hit_dice), len(roll.defence_dice) + (1 if roll.cover else 0)) - 6,
            (rect.height - 2 * line - 20 - 2 * marker) // 2))
        shown = int(roll.shown / DIE_SECONDS) + 1
        y = rect.top + line + 8
        centres: dict[tuple[str, int], tuple[int, int]] = {}
        for i, die in enumerate(roll.hit_dice[:shown]):
            kind = roll.hit_kinds[i] if i < len(roll.hit_kinds) else 0
            pos = (rect.left + 10 + i * (size + 6), y)
            self._die(surface, die, pos, size, kind)
            centres[("hit", i)] = (pos[0] + size // 2, pos[1] + size // 2)
        y += size + 8 + marker
        shown -= len(roll.hit_dice)
        x = rect.left + 10
        if roll.cover and shown > 0:
            cover = pygame.Rect(x, y, size, size)
            pygame.draw.rect(surface, (70, 110, 70), cover, border_radius=6)
            # the letter sized to the chip in pixels (ctx.text would scale it again)
            letter = ctx.assets.font(max(10, size // 2), "bold").render("C", True, INK)
            surface.blit(letter, letter.get_rect(center=cover.center))
            centres[("block", -1)] = cover.center
            x += size + 6
        for i, die in enumerate(roll.defence_dice[:max(0, shown)]):
            pos = (x + i * (size + 6), y)
            blocking = i in roll.blocks
            self._die(surface, die, pos, size, 3 if blocking else 0)
            centres[("block", i)] = (pos[0] + size // 2, pos[1] + size // 2)
        if shown > len(roll.defence_dice):
            for block, hit in roll.pairs:
                a = centres.get(("block", block))
                b = centres.get(("hit", hit))
                if a and b:
                    pygame.draw.line(surface, (120, 200, 255), a, b, 2)
            if roll.result:
                ctx.text(surface, roll.result, 14, (rect.left + 10, rect.bottom - line - 2),
                         INK, width=rect.width - 20)
        elif roll.result and not roll.defence_dice and shown >= 0:
            ctx.text(surface, roll.result, 14, (rect.left + 10, rect.bottom - line - 2), INK,
                     width=rect.width - 20)

    def _die(self, surface: pygame.Surface, die: Die, pos: tuple[int, int], size: int,
             kind: int) -> None:
        face = self.ctx.assets.scaled(f"die_{die.value}.png", (size, size))
        surface.blit(face, pos)
        rect = pygame.Rect(pos, (size, size))
        colour = {CRIT: GOLD, HIT: (240, 240, 240), 3: (120, 200, 255)}.get(kind)
        if colour:
            pygame.draw.rect(surface, colour, rect.inflate(4, 4), 3, border_radius=7)
        else:
            veil = pygame.Surface((size, size), pygame.SRCALPHA)
            veil.fill((0, 0, 0, 110))
            surface.blit(veil, pos)
        if die.first is not None:
            self.ctx.text(surface, f"↺{die.first}", 13, (rect.centerx, rect.bottom + 1), INK,
                          anchor="midtop")

    def draw_roll_off(self, surface: pygame.Surface, rect: pygame.Rect,
                      framed: bool = True) -> None:
        if self.roll_off is None:
            return
        title, pairs = self.roll_off
        if framed:
            pygame.draw.rect(surface, PANEL, rect, border_radius=6)
            pygame.draw.rect(surface, PANEL_EDGE, rect, 1, border_radius=6)
        line = self.ctx.assets.font(self.ctx.px(14)).get_linesize()
        self.ctx.text(surface, title, 14, (rect.left + 10, rect.top + 4), GOLD, "bold",
                      width=rect.width - 20)
        a, b = pairs[-1]
        size = min(self.ctx.px(40), rect.height - line - 16)
        for i, (value, player) in enumerate(((a, 1), (b, 2))):
            pos = (rect.left + 10 + i * (size + 40), rect.top + line + 8)
            face = self.ctx.assets.scaled(f"die_{value}.png", (size, size))
            surface.blit(face, pos)
            pygame.draw.rect(surface, self.ctx.colours[player],
                             pygame.Rect(pos, (size, size)).inflate(4, 4), 3, border_radius=7)

