"""Where a box drawn over the board for a moment (the attack preview, a terrain tooltip, a
message at the mouse) may go: beside the thing it speaks of, on no operative, objective or
highlighted hex, inside the board's column (the board and its margins); failing that, at a
place given by the caller off the board (the side panel). The layout audit
(game/uitest/audit_layout.py) checks the result with the same marks.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.board import BoardView
    from game.ui.context import Context

MARK_SHARE = 0.5  # half the side of the square kept clear around a mark, in hex sizes


def mark_rect(board: BoardView, h: str) -> pygame.Rect:
    """The square around hex ``h``'s centre that a box over the board must leave clear (the
    operative's token, the objective's disc, the heart of a highlighted hex)."""
    x, y = board.centre(h)
    half = max(4, int(board.size * MARK_SHARE))
    return pygame.Rect(int(x) - half, int(y) - half, 2 * half, 2 * half)


def board_marks(scene: Any) -> list[tuple[str, str]]:
    """What a transient box must not hide on ``scene``'s board, as (what, hex): each
    operative on the killzone, each objective, and each hex the next pick may land on. The
    play screen (``view``, ``chooser``) and the replay (``replay``) are understood; any
    other scene has none."""
    marks: list[tuple[str, str]] = []
    view = getattr(scene, "view", None)
    replay = getattr(scene, "replay", None)
    if view is not None and getattr(scene, "chooser", None) is not None:
        state = view.state
        objectives = [(o.id, o.hex) for o in view.objectives if o.hex]
        highlighted = sorted(scene.chooser.board())
    elif replay is not None:
        game = replay.game
        state = game.state
        objectives = [(o, game.objective_hex(o)) for o in game.config.objectives]
        highlighted = sorted(getattr(scene, "step_hexes", ("", ()))[1])
    else:
        return marks
    for op in state.operatives.values():
        if op.on_killzone and op.hex:
            marks.append((f"operative {op.id}", op.hex))
    marks += [(f"objective {o}", h) for o, h in objectives if h]
    marks += [(f"highlighted hex {h}", h) for h in highlighted]
    return marks


def clear_spot(size: tuple[int, int], anchor: pygame.Rect, avoid: Iterable[pygame.Rect],
               bounds: pygame.Rect, fallback: pygame.Rect | None = None,
               gap: int = 8) -> pygame.Rect:
    """A rectangle of ``size`` inside ``bounds`` that meets none of ``avoid``: beside
    ``anchor`` (right, left, below, above, then the corners), else the free spot nearest to
    it; when there is none, ``size`` at ``fallback``'s top left, kept inside
    ``fallback`` (or, with no fallback, the spot beside the anchor that hides the
    fewest)."""
    rects = list(avoid)
    candidates = beside(size, anchor, bounds, gap)
    spot = free_spot(size, anchor, rects, bounds, gap, candidates)
    if spot is not None:
        return spot
    if fallback is not None:
        spot = pygame.Rect(fallback.topleft, size)
        spot.clamp_ip(fallback)
        return spot
    return min(candidates, key=lambda s: len(s.collidelistall(rects)))


def beside(size: tuple[int, int], anchor: pygame.Rect, bounds: pygame.Rect,
           gap: int = 8) -> list[pygame.Rect]:
    """The places of ``size`` beside ``anchor`` (right, left, below, above, then the
    corners), each kept inside ``bounds``."""
    box = pygame.Rect((0, 0), size)
    candidates = []
    for where in ("midleft", "midright", "midtop", "midbottom", "topleft", "bottomleft",
                  "topright", "bottomright"):
        spot = box.copy()
        if where == "midleft":
            spot.midleft = (anchor.right + gap, anchor.centery)
        elif where == "midright":
            spot.midright = (anchor.left - gap, anchor.centery)
        elif where == "midtop":
            spot.midtop = (anchor.centerx, anchor.bottom + gap)
        elif where == "midbottom":
            spot.midbottom = (anchor.centerx, anchor.top - gap)
        elif where == "topleft":
            spot.topleft = (anchor.right + gap, anchor.bottom + gap)
        elif where == "bottomleft":
            spot.bottomleft = (anchor.right + gap, anchor.top - gap)
        elif where == "topright":
            spot.topright = (anchor.left - gap, anchor.bottom + gap)
        else:
            spot.bottomright = (anchor.left - gap, anchor.top - gap)
        spot.clamp_ip(bounds)
        candidates.append(spot)
    return candidates


def free_spot(size: tuple[int, int], anchor: pygame.Rect, avoid: Iterable[pygame.Rect],
              bounds: pygame.Rect, gap: int = 8,
              candidates: list[pygame.Rect] | None = None) -> pygame.Rect | None:
    """A rectangle of ``size`` inside ``bounds`` that meets none of ``avoid`` nor
    ``anchor``: beside the anchor, else the free spot nearest to it; None when there is
    none."""
    rects = list(avoid)
    if candidates is None:
        candidates = beside(size, anchor, bounds, gap)
    for spot in candidates:
        if spot.collidelist(rects) < 0 and not spot.colliderect(anchor):
            return spot
    # the free spot nearest to the anchor, on a grid over the bounds
    step = max(8, min(size) // 3)
    best: tuple[int, pygame.Rect] | None = None
    for top in range(bounds.top, bounds.bottom - size[1] + 1, step):
        for left in range(bounds.left, bounds.right - size[0] + 1, step):
            spot = pygame.Rect((left, top), size)
            if spot.colliderect(anchor) or spot.collidelist(rects) >= 0:
                continue
            distance = (spot.centerx - anchor.centerx) ** 2 + \
                (spot.centery - anchor.centery) ** 2
            if best is None or distance < best[0]:
                best = (distance, spot)
    return best[1] if best is not None else None


def place_over_board(ctx: Context, scene: Any, size: tuple[int, int], anchor: pygame.Rect,
                     bounds: pygame.Rect, fallback: pygame.Rect | None = None) -> pygame.Rect:
    """:func:`clear_spot` with the marks of ``scene``'s board (``board``) to avoid, and the
    boxes placed so far this frame (``scene.placed``, emptied by the scene before it draws);
    the place is noted for the layout audit. Worked out once per position, mouse and size."""
    board = getattr(scene, "board", None)
    marks = [mark_rect(board, h) for _, h in board_marks(scene)] if board is not None else []
    placed: list[pygame.Rect] = scene.__dict__.setdefault("placed", [])
    key = (size, tuple(anchor), tuple(bounds), tuple(fallback or ()),
           tuple(tuple(r) for r in marks + placed))
    cache: dict[Any, pygame.Rect] = scene.__dict__.setdefault("_placements", {})
    spot = cache.get(key)
    if spot is None:
        if len(cache) > 64:
            cache.clear()
        spot = cache[key] = clear_spot(size, anchor, marks + placed, bounds, fallback)
    placed.append(spot.copy())
    note_cover(ctx, spot)
    return spot.copy()


def banner_bar(scene: Any) -> pygame.Rect:
    """Where the banners show: the top bar above the board (never over the board)."""
    bar = scene.top_bar
    return pygame.Rect(bar.left, bar.top, scene.side.left - bar.left, bar.height)


def board_column(scene: Any) -> pygame.Rect:
    """The part of the window the board sits in, its margins included (between the top
    bar and the hint bar, left of the side panel)."""
    top = scene.top_bar.bottom
    return pygame.Rect(0, top, scene.side.left, scene.hint_bar.top - top)


def side_fallback(scene: Any, height: int = 0) -> pygame.Rect:
    """Where a box ``height`` tall goes when the board has no clear spot for it: over the
    lower part of the side panel (the last roll and the log); when that is too short for it
    (a large text size) and the panels above the buttons (the cards in play and the
    datacard) are tall enough, over those."""
    side, panels = scene.side, scene.panels
    top = panels.dice_rect.top
    lower = pygame.Rect(side.left + 4, top, side.width - 8, max(0, side.bottom - top - 4))
    upper = pygame.Rect(side.left + 4, panels.cards_rect.top, side.width - 8,
                        max(0, panels.buttons_rect.top - 4 - panels.cards_rect.top))
    if height > lower.height and upper.height > lower.height:
        return upper
    return lower


def note_cover(ctx: Context, rect: pygame.Rect) -> None:
    """Tell the layout audit that ``rect`` was drawn over whatever lies below it for a
    moment (it checks that no mark of the board is under it)."""
    if ctx.covers is not None:
        ctx.covers.append(rect.copy())
