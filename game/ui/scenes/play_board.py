"""Drawing the play screen's board from the public view and the chooser: the hexes the next
pick may land on, the objectives and operatives, what is under the mouse (the path of a move,
the enemies in reach from a move's destination, the line of sight to a target, a threat while
T is held, what a hex sees while L is held, the terrain tooltip of a hex the mouse rests on),
the hint line and the toast."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.engine import Attack, Disengage, Move, Step
from game.help.glossary import BLOCKED, COVER
from game.ui.chooser import Kind
from game.ui.context import GOLD, INK, RED
from game.ui.placement import (
    banner_bar,
    board_column,
    board_marks,
    free_spot,
    mark_rect,
    place_over_board,
    side_fallback,
)
from game.ui.rulesets import screens_of

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene

PLACE_SHADE = (120, 220, 140, 70)
PICK_OUTLINE = (250, 235, 160)
THREAT = (230, 80, 60)
TIP_DELAY = 0.4  # seconds the mouse rests on a hex before its terrain tooltip shows
TIP_BACK = (24, 25, 29)
SUGGESTED = (120, 230, 140)  # the hint's marks and its box


def draw(scene: PlayScene, surface: pygame.Surface, alone: bool = False) -> None:
    """The play screen; ``alone``: nothing but this scene (and the widgets) draws on the
    window, so what the last frame drew over the kept picture is all that needs putting
    back."""
    board = scene.view_board
    scene.placed = []  # the boxes placed over the board this frame (game/ui/placement.py)
    # what changes only with the position, the picks and the selection: kept as a picture;
    # when nothing else drew on the window since the last frame, only the places drawn
    # over it then are put back (see moving_areas)
    scene.layers.draw(scene.ctx, surface, still_key(scene), lambda s: draw_still(scene, s),
                      lambda noted: setattr(scene.panels, "rule_words", noted),
                      frame=scene.app.frames if alone else None)
    draw_hover(scene, surface)
    scene.anim.draw_marks(surface, board.centre, board.size)
    scene.panels.draw_moving(surface)
    if scene.hover is not None and scene.hover_time >= TIP_DELAY:
        draw_terrain_tip(scene, surface, scene.hover)
    scene.anim.draw_banner(surface, banner_bar(scene))
    state = scene.view.state
    if scene.swapped is not None or scene.show_cards or scene.private_to is not None:
        scene.ctx.new_layer()  # a hand or the cards shown over the board, on purpose
    if scene.show_cards:  # asked for (F2): over a hand too, when the mission card matters
        scene.panels.draw_cards_overlay(surface)
    elif scene.swapped is not None:  # the swapping player is still at the screen
        scene.panels.draw_hand(surface, scene.swapped[0], new=scene.swapped[1])
    elif scene.private_to is not None and state.step in (Step.MULLIGAN,
                                                         Step.REVEAL):
        scene.panels.draw_hand(surface, scene.private_to)
    if scene.toast is not None:
        draw_toast(scene, surface)
    if alone:
        scene.layers.drawn_over(moving_areas(scene))


def moving_areas(scene: PlayScene) -> list[pygame.Rect]:
    """Where this frame drew over the kept picture: around the hexes the hover speaks of,
    the marks rising from hexes, the dice, the boxes placed over the board, the banner's
    bar, an overlay, and every widget (pygame-gui draws them next)."""
    board, state = scene.view_board, scene.view.state
    areas: list[pygame.Rect] = []
    hexes: list[str] = []
    if scene.hover is not None:
        hexes.append(scene.hover)
        active = state.operatives.get(state.active) if state.active else None
        if active is not None and active.hex:
            hexes.append(active.hex)
            moves = {a.destination: a.path for a in scene.chooser.candidates
                     if isinstance(a, Move)}
            hexes += moves.get(scene.hover, ())
            if scene.hover in moves:
                hexes += sorted(in_reach_from(scene, active.id, scene.hover))
        if scene.planning or scene.threat_key:
            areas.append(board.rect.copy())
    hexes += [str(mark[0]) for mark in scene.anim.marks]
    if hexes:
        boxes = [mark_rect(board, h).inflate(int(board.size * 2.4), int(board.size * 3.2))
                 for h in hexes]
        areas.append(boxes[0].unionall(boxes[1:]))
    areas += [scene.panels.dice_rect.inflate(4, 4), banner_bar(scene), *scene.placed]
    if scene.swapped is not None or scene.show_cards or scene.private_to is not None:
        areas.append(board_column(scene))
    areas += [element.rect.inflate(4, 4)
              for element in scene.app.manager.get_sprite_group().sprites()
              if not isinstance(element, pygame_gui.core.UIContainer)]  # (they draw nothing)
    return areas


def draw_still(scene: PlayScene, surface: pygame.Surface) -> object:
    """The board with its highlights and tokens, the side panels and the hint line;
    returns the weapon rules' click areas it laid out (given back when the picture is
    reused)."""
    surface.fill((14, 15, 17))
    board = scene.view_board
    surface.blit(board.layer(), board.rect)
    draw_highlights(scene, surface)
    draw_tokens(scene, surface)
    draw_target_marks(scene, surface)
    scene.panels.draw_still(surface)
    draw_hint(scene, surface)
    return list(scene.panels.rule_words)


def still_key(scene: PlayScene) -> tuple[object, ...]:
    """Everything :func:`draw_still` draws from (a picture is reused while it holds); the
    chooser's next pick and its hint line follow from its picks in the position."""
    chooser, state, ctx = scene.chooser, scene.view.state, scene.ctx
    panel_op = scene.selected or state.active
    if panel_op is None and scene.hover:  # the datacard of the operative under the mouse
        op = scene.op_at(scene.hover)
        panel_op = op.id if op else None
    log = scene.log
    return (id(scene.board), tuple(scene.view_board.rect), ctx.scale, id(ctx.words),
            scene.position_key(), tuple((f.kind, f.value) for f in chooser.picked),
            tuple(sorted(chooser.selection)), scene.selected, panel_op, scene.suggestion,
            scene.private_to, scene.swapped, scene.paused, scene.computer_to_act(),
            len(log.lines), log.scroll, log.width, tuple(ctx.colours.items()),
            tuple(ctx.names.items()), ctx.settings.hex_labels)


def draw_highlights(scene: PlayScene, surface: pygame.Surface) -> None:
    """Where the chooser's next pick may land: shaded hexes, ringed operatives, enemies
    marked with a crosshair, ringed objectives (only those the engine allows)."""
    board, chooser = scene.view_board, scene.chooser
    kind = chooser.next_kind
    hexes = chooser.board()
    if kind == Kind.HEX:
        # the move area in the moving player's colour
        shade = PLACE_SHADE if chooser.step == Step.DEPLOY \
            else (*scene.tint(chooser.player), 70)
        board.shade(surface, hexes, shade)
    elif kind == Kind.OPERATIVE:
        for h in sorted(hexes):
            board.outline(surface, h, PICK_OUTLINE, 3)
    elif kind == Kind.ENEMY:  # (their crosshairs go over the tokens: draw_target_marks)
        for h in sorted(hexes):
            board.outline(surface, h, (255, 255, 255), 3)
    elif kind == Kind.OBJECTIVE:
        for h in sorted(hexes):
            board.outline(surface, h, GOLD, 3)
    if scene.suggestion is not None:
        draw_suggestion(scene, surface)


def draw_target_marks(scene: PlayScene, surface: pygame.Surface) -> None:
    """The crosshair on each enemy the chooser offers as a target, over its token: where
    the mark is, a click chooses that target (never the hex above it)."""
    board, chooser = scene.view_board, scene.chooser
    if chooser.next_kind != Kind.ENEMY:
        return
    # wider than the token, so that its ring frames the operative it marks, and see-through,
    # so that the operative still shows under it
    sight = scene.ctx.assets.icon("targeted", int(board.size * 1.5), (255, 90, 70)).copy()
    sight.set_alpha(150)
    for h in sorted(chooser.board()):
        surface.blit(sight, sight.get_rect(center=board.centre(h)))


def draw_hover(scene: PlayScene, surface: pygame.Surface) -> None:
    """What the hex under the mouse tells now; every one of these ends with its hover (or
    its key)."""
    board, chooser, game = scene.view_board, scene.chooser, scene.game
    state = scene.view.state
    h = scene.hover
    if h is None:
        return
    active = state.operatives.get(state.active) if state.active else None
    kind, verb = chooser.next_kind, chooser.verb
    if kind == Kind.HEX and verb == "move" and active is not None and active.hex:
        moves = {a.destination: a.path for a in chooser.candidates if isinstance(a, Move)}
        if h in moves:
            board.path(surface, [active.hex, *moves[h]])
            for enemy_hex in sorted(in_reach_from(scene, active.id, h)):
                board.outline(surface, enemy_hex, THREAT, 3)
                x, y = board.centre(enemy_hex)
                pygame.draw.line(surface, THREAT, board.centre(h), (x, y), 1)
    elif kind == Kind.ENEMY and active is not None and active.hex:
        target = scene.op_at(h)
        if target is not None and target.player != active.player and target.hex:
            clear = game.grid.visible(active.hex, target.hex, game.occupied())
            board.sight_line(surface, active.hex, target.hex, clear)
    if scene.planning:
        occupied = game.occupied()
        seen = [x for x in game.grid.hexes if x != h and x not in game.grid.blocked
                and game.grid.visible(h, x, occupied)]
        board.shade(surface, seen, (255, 255, 255, 30))
    if scene.threat_key:
        enemy = scene.op_at(h)
        if enemy is not None:
            board.shade(surface, threat_zone(scene, enemy.id), (*THREAT, 40))
            board.outline(surface, h, THREAT, 3)
    board.outline(surface, h, (255, 255, 255), 1, 1.0)


def in_reach_from(scene: PlayScene, op_id: str, h: str) -> set[str]:
    """The hexes of the enemies ``op_id`` could attack from ``h`` (the engine's range,
    visibility and adjacency), once per position and hex."""
    key = (op_id, h, *scene.position_key())
    cache = scene.__dict__.setdefault("_reach_cache", {})
    if key not in cache:
        cache.clear()
        cache[key] = {e.hex for _, e in scene.game.targets_from(op_id, h) if e.hex}
    found: set[str] = cache[key]
    return found


def suggestion_hexes(scene: PlayScene) -> list[str]:
    """The hexes the hint marks: a move's destination, an attack's target, the operative
    to activate, where a disengage ends, and for anything else (Wait, a mission action...)
    the operative it is about."""
    state, action = scene.view.state, scene.suggestion
    if action is None:
        return []
    if isinstance(action, Move):
        return [action.destination]
    if isinstance(action, Disengage):
        return [action.hex]
    op_id = action.target if isinstance(action, Attack) else \
        getattr(action, "operative", None) or state.active
    where = state.operatives[op_id].hex if op_id in state.operatives else None
    return [where] if where else []


def draw_suggestion(scene: PlayScene, surface: pygame.Surface) -> None:
    """The hint, on the board: where to move, whom to attack, what to activate, who
    waits."""
    board, state = scene.view_board, scene.view.state
    action = scene.suggestion
    if isinstance(action, Move):
        start = state.operatives[action.operative].hex
        if start:
            board.path(surface, [start, *action.path], SUGGESTED)
    for h in suggestion_hexes(scene):
        board.outline(surface, h, SUGGESTED, 4)


def draw_tokens(scene: PlayScene, surface: pygame.Surface) -> None:
    """Objectives, then operatives; an operative standing on an objective shows it as a
    badge (ringed in its controller's colour)."""
    board, view = scene.view_board, scene.view
    names = scene.ctx.names
    under: dict[str, tuple[str, int]] = {}
    labels: list[tuple[str, tuple[str, ...]]] = []
    occupied = {o.hex for o in view.state.operatives.values() if o.on_killzone and o.hex}
    for objective in view.objectives:
        if objective.hex is None:
            continue
        flags = tuple(f.name if not f.player else f"{f.name} ({names[f.player]})"
                      for f in objective.flags)
        if objective.carried_by:
            flags += (f"carried by {scene.op_name(objective.carried_by)}",)
        board.objective(surface, objective.id, objective.hex, objective.controller)
        labels.append((objective.hex, flags))
        if objective.hex in occupied:
            under[objective.hex] = (objective.id, objective.controller)
    state = view.state
    chosen = {scene.selected, state.active, scene.chooser.value_of(Kind.ENEMY)}
    for op in state.operatives.values():
        if op.on_killzone:
            config = scene.game.config
            board.token(surface, op, screens_of(config).wounds_shown(config, op),
                        selected=op.id in chosen)
            if op.hex in under:
                board.objective_badge(surface, op.hex, under[op.hex][1])
    # the objectives' mission tokens in words, beside them on nothing the player must see
    board.objective_labels(surface, labels, [h for _, h in board_marks(scene)])


def threat_zone(scene: PlayScene, op_id: str) -> set[str]:
    """The hexes operative ``op_id`` could shoot or strike in its next activation: from
    every hex it could reach (keeping AP for its cheapest weapon), every hex in range and in
    sight. Worked out by the engine's reach and visibility, once per position."""
    key = (op_id, *scene.position_key())
    cache = scene.__dict__.setdefault("_threat_cache", {})
    cached = cache.get(op_id)
    if cached is not None and cached[0] == key:
        return cached[1]  # type: ignore[no-any-return]
    game = scene.game
    op = scene.view.state.operatives.get(op_id)
    zone: set[str] = set()
    if op is not None and op.on_killzone and op.hex:
        card = game.datacard(op)  # the Ranges card rules lengthen now
        cheapest = min((w.ap for w in card.weapons), default=1)
        spots = {op.hex, *game.reach(op_id, reserve_ap=cheapest)}
        longest = max((w.range for w in card.weapons), default=0)
        occupied = game.occupied() - {op.hex}
        grid = game.grid
        for spot in spots:
            for h in grid.within(spot, longest):
                if h not in zone and h not in grid.blocked and grid.visible(
                        spot, h, occupied | {spot}):
                    zone.add(h)
    cache[op_id] = (key, zone)
    return zone


def terrain_tip(scene: PlayScene, h: str) -> list[str]:
    """What hex ``h`` is, in words (the glossary's, game/help/glossary.py), from the public view:
    ruins, a barricade, an objective with
    who controls it and its mission tokens, and whose territory it lies in. Empty for open
    ground outside every territory and objective (no tooltip then)."""
    game, view, names = scene.game, scene.view, scene.ctx.names
    lines: list[str] = []
    if h in game.grid.blocked:
        lines.append(f"{BLOCKED.title}: {BLOCKED.meaning}.")
    if h in game.grid.cover:
        # the rule set's own cover rule
        lines.append(f"{COVER.title}, a cover hex: {screens_of(game.config).cover_words()}")
    for objective in view.objectives:
        if objective.hex != h:
            continue
        held = f"controlled by {names[objective.controller]}" if objective.controller \
            else "controlled by nobody"
        tokens = [f.name if not f.player else f"{f.name} for {names[f.player]}"
                  for f in objective.flags]
        if objective.carried_by:
            tokens.append(f"carried by {scene.op_name(objective.carried_by)}")
        more = f" ({', '.join(tokens)})" if tokens else ""
        lines.append(f"Objective: {held}{more}.")
    if lines:
        for player, hexes in game.config.territories.items():
            if h in hexes and player in names:
                lines.append(f"In {names[player]}'s territory.")
    return lines


def draw_terrain_tip(scene: PlayScene, surface: pygame.Surface, h: str) -> pygame.Rect | None:
    """The tooltip of hex ``h`` (see :func:`terrain_tip`) beside it, inside the board; it
    goes with the hover. Returns where it was drawn (None: nothing to say)."""
    lines = terrain_tip(scene, h)
    if not lines:
        return None
    ctx, board = scene.ctx, scene.view_board
    pad = ctx.px(8)
    width = min(ctx.px(300), board.rect.width - 2 * pad)
    inner = pygame.Rect(0, 0, width - 2 * pad, 1 << 16)
    heights = [ctx.wrapped(None, line, 13, inner) for line in lines]
    title = ctx.assets.font(ctx.px(14), "bold").get_linesize()
    rect = pygame.Rect(0, 0, width, title + sum(heights) + ctx.px(3) * len(lines) + 2 * pad)
    rect = place_over_board(ctx, scene, rect.size, mark_rect(board, h), board_column(scene),
                            side_fallback(scene, rect.height))
    ctx.new_layer()  # over what lies there, while the mouse rests on the hex
    pygame.draw.rect(surface, TIP_BACK, rect, border_radius=5)
    pygame.draw.rect(surface, GOLD, rect, 1, border_radius=5)
    ctx.text(surface, f"Hex {h}", 14, (rect.left + pad, rect.top + pad), GOLD, "bold")
    top = rect.top + pad + title
    for line, height in zip(lines, heights, strict=True):
        ctx.wrapped(surface, line, 13, pygame.Rect(rect.left + pad, top, width - 2 * pad,
                                                   height))
        top += height + ctx.px(3)
    return rect


def draw_hint(scene: PlayScene, surface: pygame.Surface) -> None:
    """What may be done next (the hint line), and the computer's hint when asked for."""
    room = scene.hint_room
    draw_hint_line(scene, surface, room)
    text = scene.hint_text()
    if text:  # the computer's hint, until taken or dismissed: beside what it marks
        ctx, board = scene.ctx, scene.view_board
        pad = ctx.px(10)
        marks = [mark_rect(board, h) for h in suggestion_hexes(scene)]
        anchor = marks[0].unionall(marks[1:]) if marks else board.rect
        width = hint_width(scene, text, anchor, pad)
        height = ctx.wrapped(None, text, 14, pygame.Rect(0, 0, width - 2 * pad, 1 << 16))
        box = place_over_board(ctx, scene, (width, height + 2 * pad), anchor,
                               board_column(scene), side_fallback(scene, height + 2 * pad))
        pygame.draw.rect(surface, (18, 34, 24), box, border_radius=6)
        pygame.draw.rect(surface, SUGGESTED, box, 2, border_radius=6)
        ctx.wrapped(surface, text, 14, box.inflate(-2 * pad, -2 * pad), INK)


def hint_width(scene: PlayScene, text: str, anchor: pygame.Rect, pad: int) -> int:
    """The width of the computer's hint box: the widest (up to 620 pixels of ``Context.px``)
    that has a free spot over the board beside ``anchor``; narrower ones wrap to more
    lines. When none has, the width of the place off the board it then goes to (the lower
    side panel). Worked out once per hint, position and size."""
    ctx, board = scene.ctx, scene.view_board
    bounds = board_column(scene)
    avoid = [mark_rect(board, h) for _, h in board_marks(scene)] + list(
        scene.__dict__.get("placed", []))
    key = (text, tuple(anchor), tuple(bounds), ctx.scale, tuple(tuple(r) for r in avoid))
    cache: dict[object, int] = scene.__dict__.setdefault("_hint_widths", {})
    if key in cache:
        return cache[key]
    widest = min(ctx.px(620), board.rect.width - 2 * pad)
    found = min(widest, side_fallback(scene).width)
    for width in sorted({widest, min(widest, ctx.px(460)), min(widest, ctx.px(340))},
                        reverse=True):
        height = ctx.wrapped(None, text, 14, pygame.Rect(0, 0, width - 2 * pad, 1 << 16))
        if free_spot((width, height + 2 * pad), anchor, avoid, bounds) is not None:
            found = width
            break
    if len(cache) > 16:
        cache.clear()
    cache[key] = found
    return found


def draw_hint_line(scene: PlayScene, surface: pygame.Surface, room: pygame.Rect) -> None:
    """The hint line's text, whole: on one line, else on two in a smaller size."""
    ctx = scene.ctx
    text = scene.hint()
    for size in (15, 14, 13):
        if ctx.assets.font(ctx.px(size)).size(ctx.words(text) if ctx.words else text)[0] \
                <= room.width:
            ctx.text(surface, text, size, (room.left, room.centery), INK, anchor="midleft",
                     essential=True)
            return
    for size in (14, 13):
        height = ctx.wrapped(None, text, size, room)
        if height <= room.height or size == 13:
            top = room.top + max(0, (room.height - height) // 2)
            ctx.wrapped(surface, text, size, pygame.Rect(room.left, top, room.width,
                                                         max(height, room.height)), INK)
            return


def draw_toast(scene: PlayScene, surface: pygame.Surface) -> None:
    """A message at the mouse (the engine's reason a pick cannot be taken, the hint's
    words): beside the mouse, on no operative, objective or highlighted hex."""
    assert scene.toast is not None
    ctx = scene.ctx
    text, pos, _ = scene.toast
    font = ctx.assets.font(ctx.px(14))
    width = min(ctx.px(520), font.size(text)[0] + ctx.px(20))
    height = ctx.wrapped(None, text, 14, pygame.Rect(0, 0, width - ctx.px(16), 10))
    mouse = pygame.Rect(pos[0] - 12, pos[1] - 12, 24, 24)
    size = (width, height + ctx.px(12))
    if board_column(scene).collidepoint(pos):
        rect = place_over_board(ctx, scene, size, mouse, board_column(scene),
                                side_fallback(scene, size[1]))
    else:
        rect = pygame.Rect((0, 0), size)
        rect.midbottom = (pos[0], pos[1] - 14)
        rect.clamp_ip(surface.get_rect())
        scene.placed.append(rect.copy())
    ctx.new_layer()
    pygame.draw.rect(surface, (40, 14, 12), rect, border_radius=5)
    pygame.draw.rect(surface, RED, rect, 1, border_radius=5)
    ctx.wrapped(surface, text, 14, rect.inflate(-ctx.px(16), -ctx.px(12)), INK)
