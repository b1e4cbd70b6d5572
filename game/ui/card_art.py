"""How a card of the library is drawn: its frame, title bar, footer and body (a datacard's
characteristics and weapons, a stratagem card's ploys, a mission's, target's, wargear's or
special operation's text), at any size, in the grid or large. :class:`CardArt` is mixed into
the card library's scene (it uses ``self.ctx``, ``self.game`` and ``self._layouts``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.engine import (
    Catalogue,
    Datacard,
    Fireteam,
    Mission,
    SpecialOperation,
    TargetOfOpportunity,
    Wargear,
)
from game.ui.board import card_icon
from game.ui.context import DIM, GOLD, GREEN, INK, PANEL, PANEL_EDGE
from game.ui.rulesets import every, length_words

if TYPE_CHECKING:
    from game.engine import Game
    from game.ui.context import Context
    from game.ui.scenes.cards import Entry

# a laid-out line of a card's body: (kind, payload, height)
Line = tuple[str, Any, int]

# kinds in the order the grid shows them: (id, section title, button label, icon)
KINDS = (
    ("datacard", "Datacards", "Datacards", "visored-helm"),
    ("stratagem", "Stratagem cards", "Stratagems", "book-cover"),
    ("mission", "Mission cards", "Missions", "flag-objective"),
    ("target", "Targets of opportunity", "Targets", "targeted"),
    ("wargear", "Special issue wargear", "Wargear", "battle-gear"),
    ("special_operation", "Special operations", "Special ops", "trophy"),
    # the kinds the registered rule sets and mission packs add (a pack's rules)
    *(kind[:4] for screens in every() if (kind := screens.library_kind()) is not None),
)
KIND_TITLES = {k: title for k, title, _, _ in KINDS}
KIND_ICONS = {k: icon for k, _, _, icon in KINDS}
KIND_FOOTERS = {"datacard": "Datacard", "stratagem": "Stratagem card", "mission": "Mission card",
                "target": "Target of opportunity", "wargear": "Special issue wargear",
                "special_operation": "Special operation",
                **{kind[0]: kind[4] for screens in every()
                   if (kind := screens.library_kind()) is not None}}
STAGES = {"first": "First operation", "second": "Second operation", "final": "Final operation"}
TIMINGS = {"activation": "Use in one of your operatives' activations",
           "strategy": "Use in the strategy phase"}
DURATIONS = {"instant": "Instant", "activation": "Lasts the activation",
             "turning_point": "Lasts the turning point", "mission": "Lasts the mission"}
FRAME_RATIO = 720 / 512  # card_frame.png: height / width
# the parts of card_frame.png, as fractions of its size: title bar, body, footer
TITLE_BAR = (0.030, 0.017, 0.940, 0.100)
BODY = (0.075, 0.150, 0.850, 0.765)
FOOTER = (0.110, 0.930, 0.780, 0.045)


def _part(rect: pygame.Rect, part: tuple[float, float, float, float]) -> pygame.Rect:
    x, y, w, h = part
    return pygame.Rect(rect.left + int(rect.width * x), rect.top + int(rect.height * y),
                       int(rect.width * w), int(rect.height * h))


class CardArt:
    """Drawing of the library's cards (a mixin of the library's scene)."""

    ctx: Context
    game: Game | None
    _layouts: dict[tuple[str, str, int, int, str], list[Line]]

    def target_marks(self, target: str) -> list[tuple[str, tuple[int, int, int]]]:
        """Public marks on a target of opportunity: revealed or completed, by player."""
        game = self.game
        if game is None:
            return []
        marks = []
        for player in (1, 2):
            if target in game.state.active_targets[player]:
                marks.append((f"▸ Revealed by {self.ctx.names[player]}",
                              self.ctx.colours[player]))
            if target in game.state.completed[player]:
                marks.append((f"✓ Completed by {self.ctx.names[player]}", GREEN))
        return marks

    def ploy_marks(self, team: Fireteam) -> dict[str, list[str]]:
        """Ploy id -> the players who have it in force now (public)."""
        game = self.game
        marks: dict[str, list[str]] = {}
        if game is None:
            return marks
        for player in (1, 2):
            own = game.config.fireteams.get(player)
            if own is None or own.id != team.id:
                continue
            for ploy in game.state.ploys[player]:
                marks.setdefault(ploy.ploy, []).append(self.ctx.names[player])
        return marks

    def wargear_marks(self, gear: Wargear) -> list[tuple[str, tuple[int, int, int]]]:
        game = self.game
        if game is None:
            return []
        out = []
        for player in (1, 2):
            if gear.id in game.state.wargear_used[player]:
                out.append((f"Used by {self.ctx.names[player]}", self.ctx.colours[player]))
        return out

    # --- one card ----------------------------------------------------------------------

    def draw_card(self, surface: pygame.Surface, entry: Entry, rect: pygame.Rect,
                  large: bool = False, hover: bool = False) -> None:
        ctx, px = self.ctx, self.ctx.px
        shadow = rect.move(px(4), px(6))
        shade = pygame.Surface(shadow.size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 120), shade.get_rect(), border_radius=px(12))
        surface.blit(shade, shadow)
        surface.blit(ctx.assets.scaled("card_frame.png", rect.size), rect)
        if hover:
            pygame.draw.rect(surface, (255, 226, 150), rect.inflate(px(6), px(6)), px(3),
                             border_radius=px(12))
        # the title bar: the icon at the left, the name centred (two lines if it must)
        bar = _part(rect, TITLE_BAR)
        icon_size = min(bar.height - px(10), px(44) if large else px(28))
        icon_name = card_icon(entry.key) if entry.kind == "datacard" else KIND_ICONS[entry.kind]
        icon = ctx.assets.icon(icon_name, icon_size, GOLD)
        surface.blit(icon, icon.get_rect(midleft=(bar.left + px(10), bar.centery)))
        pad = icon_size + px(18)
        title_box = pygame.Rect(bar.left + pad, bar.top, bar.width - 2 * pad, bar.height)
        self.draw_title(surface, entry.name, title_box, 24 if large else 16)
        # the footer: what kind of card, and whose
        foot = _part(rect, FOOTER)
        words = KIND_FOOTERS[entry.kind].upper()
        if entry.kind == "stratagem" and isinstance(entry.obj, Wargear):
            words = "TACTICAL PLOY"
        faction = ""
        if entry.kind == "stratagem" and isinstance(entry.obj, Fireteam):
            faction = entry.obj.faction
        elif entry.teams and entry.teams[0] in self.ctx.catalogue.fireteams:
            faction = self.ctx.catalogue.fireteams[entry.teams[0]].faction
        size = 14 if large else 13
        font = ctx.assets.font(px(size), "condensed")
        if faction and font.size(f"{words} · {faction.upper()}")[0] <= foot.width:
            words = f"{words} · {faction.upper()}"
        ctx.text(surface, words, size, foot.center, DIM, "condensed", "center",
                 width=foot.width)
        # the body
        body = _part(rect, BODY).inflate(-px(14), -px(10))
        marks = self.marks(entry)
        if marks:
            for text, colour in marks:
                size = 14 if large else 13
                h = ctx.assets.font(px(size), "bold").get_linesize() + px(4)
                band = pygame.Rect(body.left - px(4), body.top, body.width + px(8), h)
                pygame.draw.rect(surface, (12, 12, 14), band, border_radius=px(4))
                pygame.draw.rect(surface, colour, band, 1, border_radius=px(4))
                ctx.text(surface, text, size, band.center, colour, "bold", "center",
                         width=band.width - px(8))
                body.top += h + px(4)
                body.height -= h + px(4)
        sizes = (17, 16, 15, 14, 13) if large else (14, 13)
        for i, size in enumerate(sizes):
            lines = self.layout(entry, body.width, size)
            if sum(h for _, _, h in lines) <= body.height or i == len(sizes) - 1:
                break
        self.draw_lines(surface, lines, body)

    def marks(self, entry: Entry) -> list[tuple[str, tuple[int, int, int]]]:
        if entry.kind == "target":
            return self.target_marks(entry.key)
        if isinstance(entry.obj, Wargear):  # special issue wargear and tactical ploys
            return self.wargear_marks(entry.obj)
        return []

    def draw_title(self, surface: pygame.Surface, text: str, box: pygame.Rect,
                   size: int) -> None:
        """The card's name in its title bar: one line, smaller, then two lines, then an
        ellipsis."""
        ctx, px = self.ctx, self.ctx.px
        for s in range(size, 13, -1):
            if ctx.assets.font(px(s), "bold").size(text)[0] <= box.width:
                ctx.text(surface, text, s, box.center, GOLD, "bold", "center")
                return
        s = max(13, size - 3)
        lines = self.wrap_words(text, box.width, s, "bold")
        font = ctx.assets.font(px(s), "bold")
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        step = font.get_linesize() - px(1)
        y = box.centery - step * len(lines) // 2 + step // 2
        for line in lines:
            ctx.text(surface, line, s, (box.centerx, y), GOLD, "bold", "center",
                     width=box.width)
            y += step

    def wrap_words(self, text: str, width: int, size: int, style: str = "regular"
                   ) -> list[str]:
        font = self.ctx.assets.font(self.ctx.px(size), style)
        out: list[str] = []
        for paragraph in text.split("\n"):
            line = ""
            for word in paragraph.split():
                trial = f"{line} {word}".strip()
                if font.size(trial)[0] <= width or not line:
                    line = trial
                else:
                    out.append(line)
                    line = word
            if line:
                out.append(line)
        return out

    def _wrap(self, surface: pygame.Surface, text: str, size: int, rect: pygame.Rect,
              colour: tuple[int, int, int]) -> None:
        """Wrapped text that ends with an ellipsis when it does not fit ``rect``."""
        font = self.ctx.assets.font(self.ctx.px(size))
        lines = self.wrap_words(text, rect.width, size)
        room = max(1, rect.height // font.get_linesize())
        if len(lines) > room:
            lines = lines[:room]
            lines[-1] = self._ellipsis(lines[-1] + " …", rect.width, size)
        y = rect.top
        for line in lines:
            self.ctx.text(surface, line, size, (rect.left, y), colour, width=rect.width)
            y += font.get_linesize()

    def _ellipsis(self, text: str, width: int, size: int, style: str = "regular") -> str:
        font = self.ctx.assets.font(self.ctx.px(size), style)
        if font.size(text)[0] <= width:
            return text
        text = text.rstrip(" …")
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return text.rstrip() + "…"

    # --- a card's body, laid out as lines -------------------------------------------------

    def layout(self, entry: Entry, width: int, size: int) -> list[Line]:
        marks = ""
        if isinstance(entry.obj, Fireteam) and self.game is not None:
            marks = repr(sorted(self.ploy_marks(entry.obj).items()))
        key = (entry.kind, entry.key, width, size, marks)
        found = self._layouts.get(key)
        if found is None:
            found = self._layout(entry, width, size)
            self._layouts[key] = found
        return found

    def _layout(self, entry: Entry, width: int, size: int) -> list[Line]:
        b = _Lines(self, width, size)
        for kind, fill in _CARD_LINES:
            if isinstance(entry.obj, kind):
                fill(self, b, entry.obj, entry)
                break
        return b.lines

    def _weapon_columns(self, card: Datacard, width: int, size: int
                        ) -> list[tuple[str, int]]:
        """The weapon table's columns: the name takes what the numbers leave."""
        px = self.ctx.px
        font = self.ctx.assets.font(px(size), "bold")
        head = self.ctx.assets.font(px(max(13, size - 1)), "condensed")
        values = [(str(w.ap), str(w.range), str(w.attacks), f"{w.hit}+",
                   f"{w.normal}/{w.crit}") for w in card.weapons]
        cols: list[tuple[str, int]] = []
        for i, name in enumerate(("AP", "R", "A", "Hit", "Dmg")):
            widest = max([font.size(v[i])[0] for v in values] + [head.size(name.upper())[0]])
            cols.append((name, widest + px(8)))
        return [("Weapon", width - sum(w for _, w in cols))] + cols

    def draw_lines(self, surface: pygame.Surface, lines: list[Line],
                   body: pygame.Rect) -> None:
        """Draw laid-out lines top down; the last line that fits ends with an ellipsis
        when more did not fit."""
        ctx, px = self.ctx, self.ctx.px
        total = sum(h for _, _, h in lines)
        fits = len(lines)
        if total > body.height:
            used = 0
            for i, (_, _, h) in enumerate(lines):
                if used + h > body.height:
                    fits = i
                    break
                used += h
            # end on a text line, cut with an ellipsis
            while fits > 0 and lines[fits - 1][0] != "text":
                fits -= 1
        y = body.top
        spare = max(0, body.height - total)
        for i, (kind, data, h) in enumerate(lines[:fits]):
            if kind == "spring":
                y += spare
            if kind == "text":
                words, colour, style, size, indent = data
                if i == fits - 1 and fits < len(lines):
                    words = self._ellipsis(words + " …", body.width - indent, size, style)
                ctx.text(surface, words, size, (body.left + indent, y), colour, style,
                         width=body.width - indent)
            elif kind == "rule":
                mid = y + h // 2
                pygame.draw.line(surface, PANEL_EDGE, (body.left + px(20), mid),
                                 (body.right - px(20), mid))
            elif kind == "stats":
                self._draw_stats(surface, data, pygame.Rect(body.left, y, body.width, h))
            elif kind == "whead":
                cols, size = data
                x = body.left
                for name, w in cols:
                    ctx.text(surface, name.upper(), max(13, size - 1),
                             (x if name == "Weapon" else x + w // 2, y), DIM, "condensed",
                             "topleft" if name == "Weapon" else "midtop", width=w)
                    x += w
                pygame.draw.line(surface, PANEL_EDGE, (body.left, y + h - px(1)),
                                 (body.right, y + h - px(1)))
            elif kind == "weapon":
                (name, colour, style), values, cols, size = data
                if name:
                    indent = 0 if style == "bold" else px(10)
                    ctx.text(surface, name, size, (body.left + indent, y), colour, style,
                             width=cols[0][1] - px(4) - indent)
                x = body.left + cols[0][1]
                for value, (_, w) in zip(values, cols[1:], strict=True):
                    ctx.text(surface, value, size, (x + w // 2, y), INK, "bold", "midtop",
                             width=w)
                    x += w
            elif kind == "vp":
                vp, size = data
                badge = pygame.Rect(0, 0, px(size * 7), h - px(6))
                badge.midtop = (body.centerx, y)
                pygame.draw.rect(surface, (60, 22, 18), badge, border_radius=px(8))
                pygame.draw.rect(surface, GOLD, badge, px(2), border_radius=px(8))
                ctx.text(surface, f"{vp} VP", size + 12, badge.center, GOLD, "bold",
                         "center")
            y += h

    def _draw_stats(self, surface: pygame.Surface,
                    data: tuple[list[tuple[tuple[str, str], str]], int],
                    rect: pygame.Rect) -> None:
        ctx, px = self.ctx, self.ctx.px
        stats, size = data
        gap = px(4)
        w = (rect.width - gap * (len(stats) - 1)) // len(stats)
        font = ctx.assets.font(px(max(13, size - 1)), "condensed")
        for i, ((long, short), value) in enumerate(stats):
            name = long if font.size(long.upper())[0] <= w - px(6) else short
            box = pygame.Rect(rect.left + i * (w + gap), rect.top, w, rect.height - px(4))
            pygame.draw.rect(surface, PANEL, box, border_radius=px(5))
            pygame.draw.rect(surface, PANEL_EDGE, box, 1, border_radius=px(5))
            ctx.text(surface, name.upper(), max(13, size - 1), (box.centerx, box.top + px(3)),
                     DIM, "condensed", "midtop", width=w - px(4))
            ctx.text(surface, value, size + 6, (box.centerx, box.bottom - px(3)), INK, "bold",
                     "midbottom", width=w - px(4))


class _Lines:
    """The lines of one card being laid out (:meth:`CardArt._layout`), ``width`` wide in
    text of ``size``."""

    def __init__(self, art: CardArt, width: int, size: int) -> None:
        self.art, self.width, self.size = art, width, size
        self.px = art.ctx.px
        self.fonts = {style: art.ctx.assets.font(self.px(size), style)
                      for style in ("regular", "bold", "condensed")}
        self.small = art.ctx.assets.font(self.px(max(13, size - 1)), "condensed")
        self.lines: list[Line] = []

    def text(self, words: str, colour: tuple[int, int, int] = INK, style: str = "regular",
             indent: int = 0) -> None:
        for line in self.art.wrap_words(words, self.width - indent, self.size, style):
            self.lines.append(("text", (line, colour, style, self.size, indent),
                               self.fonts[style].get_linesize()))

    def label(self, words: str, colour: tuple[int, int, int] = GOLD) -> None:
        s = max(13, self.size - 1)
        for line in self.art.wrap_words(words.upper(), self.width, s, "condensed"):
            self.lines.append(("text", (line, colour, "condensed", s, 0),
                               self.small.get_linesize()))

    def gap(self, h: int) -> None:
        self.lines.append(("gap", None, self.px(h)))

    def rule(self) -> None:
        self.lines.append(("rule", None, self.px(9)))


def limits_of(catalogue: Catalogue, card_id: str) -> list[str]:
    """The limits of each fireteam option that offers ``card_id`` (the Pathfinders'
    drones), in words: "Pathfinder Team Vior'la, Drones: up to two of ..."."""
    return [f"{team.name}, {option.name}: {option.text}"
            for team in catalogue.fireteams.values() for option in team.options
            if card_id in option.cards]


def _datacard_lines(art: CardArt, b: _Lines, obj: Datacard, entry: Entry) -> None:
    cat = art.ctx.catalogue
    teams = [cat.fireteams[t].name for t in entry.teams if t in cat.fireteams]
    b.label(" · ".join(teams) or "Datacard", DIM)
    if obj.keywords and b.size >= 15:
        b.label("Keywords: " + ", ".join(obj.keywords), DIM)
    b.gap(4)
    stats = [(("APL", "APL"), str(obj.apl)), (("Move", "Move"), str(obj.move)),
             (("Defence", "Def"), str(obj.defence)), (("Save", "Save"), f"{obj.save}+"),
             (("Wounds", "W"), str(obj.wounds))]
    value = art.ctx.assets.font(b.px(b.size + 6), "bold")
    b.lines.append(("stats", (stats, b.size),
                    b.small.get_linesize() + value.get_linesize() + b.px(8)))
    b.gap(6)
    cols = art._weapon_columns(obj, b.width, b.size)
    b.lines.append(("whead", (cols, b.size), b.small.get_linesize() + b.px(2)))
    name_w = cols[0][1]
    for weapon in obj.weapons:
        rules = [r.replace("_", " ") for r in weapon.rules]
        if weapon.is_melee:
            rules.insert(0, "melee")
        words = ", ".join(rules).capitalize()
        values = [str(weapon.ap), str(weapon.range), str(weapon.attacks),
                  f"{weapon.hit}+", f"{weapon.normal}/{weapon.crit}"]
        row = b.fonts["bold"].get_linesize() + b.px(1)
        if b.fonts["bold"].size(weapon.name)[0] <= name_w - b.px(4):
            b.lines.append(("weapon", ((weapon.name, INK, "bold"), values, cols, b.size),
                            row))
            if words:
                b.text(words, DIM, indent=b.px(10))
        else:  # a long name: a line of its own, the rules beside the numbers
            b.text(weapon.name, INK, "bold")
            if b.fonts["regular"].size(words)[0] <= name_w - b.px(14):
                b.lines.append(("weapon", ((words, DIM, "regular"), values, cols, b.size),
                                row))
            else:
                b.lines.append(("weapon", (("", DIM, "regular"), values, cols, b.size),
                                row))
                b.text(words, DIM, indent=b.px(10))
        b.gap(3)
    for ability in obj.abilities:
        b.rule()
        b.text(ability.name, GOLD, "bold")
        b.text(ability.text)
    for limit in limits_of(cat, obj.id):  # a choice made with the fireteam, and its limits
        b.rule()
        b.text("Chosen with the fireteam", GOLD, "bold")
        b.text(limit)
    for screens in every():  # the same card under another rule set, converted by the engine
        found = screens.datacard_lines(obj)
        if found is None:
            continue
        label, lines = found
        b.rule()
        b.label(label, DIM)
        for i, line in enumerate(lines):
            b.text(line, INK if i == 0 else DIM, "bold" if i == 0 else "regular")


def _fireteam_lines(art: CardArt, b: _Lines, obj: Fireteam, entry: Entry) -> None:
    b.label("Strategic ploys", DIM)
    b.gap(4)
    marks = art.ploy_marks(obj)
    for i, ploy in enumerate(obj.ploys):
        if i:
            b.rule()
        on = marks.get(ploy.id)
        b.text(("★ " if on else "") + ploy.name, GOLD, "bold")
        if on:
            b.text("In force: " + ", ".join(on), GREEN, "bold")
        b.text(ploy.text)
        if ploy.target == "operative":
            b.text("Names one friendly operative.", DIM)


def _mission_lines(art: CardArt, b: _Lines, obj: Mission, entry: Entry) -> None:
    cat = art.ctx.catalogue
    side = cat.killzones.get(obj.killzone)
    b.label(side.name if side else obj.killzone, DIM)
    b.label(length_words(obj)
            + (f" · sudden victory at {obj.sudden_victory} VP"
               if obj.sudden_victory else ""), DIM)
    b.gap(4)
    b.text(obj.text)
    for action in obj.actions:
        b.rule()
        b.text(f"{action.name} ({action.ap} AP)", GOLD, "bold")
        b.text(action.text)


def _target_lines(art: CardArt, b: _Lines, obj: TargetOfOpportunity, entry: Entry) -> None:
    b.label("Target of opportunity", DIM)
    b.gap(6)
    b.text(obj.text)
    b.lines.append(("spring", None, b.px(10)))
    big = art.ctx.assets.font(b.px(b.size + 14), "bold")
    b.lines.append(("vp", (obj.vp, b.size), big.get_linesize() + b.px(10)))


def _wargear_lines(art: CardArt, b: _Lines, obj: Wargear, entry: Entry) -> None:
    b.label(TIMINGS.get(obj.timing, obj.timing), DIM)
    b.label(DURATIONS.get(obj.duration, obj.duration), DIM)
    b.gap(6)
    b.text(obj.text)


def _special_operation_lines(art: CardArt, b: _Lines, obj: SpecialOperation, entry: Entry) -> None:
    cat = art.ctx.catalogue
    team = cat.fireteams.get(obj.fireteam)
    b.label(STAGES.get(obj.stage, obj.stage) + (f" · {team.name}" if team else ""), DIM)
    b.gap(4)
    b.text(obj.text)
    b.rule()
    reward = obj.reward
    kind = "Battle Honour" if reward.kind == "battle_honour" else "Command Asset"
    b.label(f"Reward — {kind}")
    b.text(reward.name, GOLD, "bold")
    b.text(reward.text)
    if reward.card:
        card = cat.datacards.get(reward.card)
        b.text(f"Only for: {card.name if card else reward.card}.", DIM)


# how each kind of card is laid out, tried in this order
_CARD_LINES: list[tuple[type, Callable[[CardArt, _Lines, Any, Entry], None]]] = [
    (Datacard, _datacard_lines),
    (Fireteam, _fireteam_lines),
    (Mission, _mission_lines),
    (TargetOfOpportunity, _target_lines),
    (Wargear, _wargear_lines),
    (SpecialOperation, _special_operation_lines),
    # the cards the registered rule sets and mission packs add
    *(lines for screens in every() if (lines := screens.card_lines()) is not None),
]
