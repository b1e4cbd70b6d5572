"""Boxes shown over the board for a moment find a place that hides no operative, objective
or highlighted hex (game/ui/placement.py); banners show in the top bar; the replay's dice
are docked in its side panel; the play screen's still part is kept as a picture that is
the same as drawing it afresh (game/ui/layers.py)."""

from __future__ import annotations

import pygame

from game.ui.placement import clear_spot
from game.ui.scene import MARK


def test_a_clear_spot_is_beside_the_anchor_when_it_can_be():
    anchor = pygame.Rect(100, 100, 20, 20)
    bounds = pygame.Rect(0, 0, 400, 400)
    spot = clear_spot((80, 40), anchor, [], bounds, gap=8)
    assert spot.midleft == (128, 110)  # right of it first
    # something on the right: the left, then further afield, never on what is avoided
    avoid = [pygame.Rect(125, 80, 100, 60)]
    spot = clear_spot((80, 40), anchor, avoid, bounds, gap=8)
    assert spot.midright == (92, 110) and spot.collidelist(avoid) < 0
    crowded = [pygame.Rect(x, y, 20, 20) for x in range(0, 400, 100)
               for y in range(0, 400, 100)] + [pygame.Rect(0, 90, 400, 40)]
    spot = clear_spot((60, 30), anchor, crowded, bounds)
    assert spot.collidelist(crowded) < 0 and bounds.contains(spot)


def test_with_no_clear_spot_the_box_goes_to_the_fallback():
    anchor = pygame.Rect(100, 100, 20, 20)
    bounds = pygame.Rect(0, 0, 200, 200)
    avoid = [pygame.Rect(x, y, 30, 30) for x in range(0, 200, 40) for y in range(0, 200, 40)]
    side = pygame.Rect(300, 0, 150, 300)
    spot = clear_spot((120, 60), anchor, avoid, bounds, side)
    assert side.contains(spot)


def test_banners_show_in_the_top_bar_not_over_the_board(make_app):
    from game.ui.anim import Banner
    from game.uitest.headless import open_scene

    app = make_app()
    open_scene(app, "play")
    play = app.scene
    play.anim.banners = [Banner("Player 1's turn", (200, 200, 200))]
    app.ctx.settings.animation_speed = 1.0  # the banner stays for this frame
    app.ctx.covers = []
    app.frame([], dt=0.001)
    covers, app.ctx.covers = app.ctx.covers, None
    assert covers and all(play.top_bar.contains(box) for box in covers)
    assert not any(box.colliderect(play.view_board.rect) for box in covers)


def test_the_attack_preview_hides_no_operative(make_app):
    from game.ui.placement import board_marks, mark_rect
    from game.uitest.headless import open_scene

    for size in ((1024, 700), (3840, 2160)):
        app = make_app(1, size)
        open_scene(app, "attack-preview")
        play = app.scene
        app.ctx.covers = []
        app.frame([])
        covers, app.ctx.covers = app.ctx.covers, None
        assert covers, "the preview is drawn"
        marks = [mark_rect(play.view_board, h) for _, h in board_marks(play)]
        assert all(box.collidelist(marks) < 0 for box in covers)


def test_the_replays_dice_are_in_its_side_panel(make_app, catalogue):
    from game.engine import Attack, Game, RandomDice
    from game.services.replay import Replay
    from game.ui.scenes.replay import ReplayScene
    from game.uitest.headless import play_until

    app = make_app(1, (1024, 700))
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(2))
    play_until(game, 2, lambda g: any(isinstance(a, Attack) for a in g.legal_actions()))
    game.apply(next(a for a in game.legal_actions() if isinstance(a, Attack)))
    replay = Replay.from_game(game)
    scene = ReplayScene(app, replay)
    app.push(scene)
    scene.seek(len(replay))
    assert scene.anim.roll is not None
    drawn: list[pygame.Rect] = []
    original = scene.anim.draw_dice
    scene.anim.draw_dice = lambda surface, rect, framed=True: (  # type: ignore[method-assign]
        drawn.append(rect.copy()), original(surface, rect, framed))
    app.frame([])
    assert drawn and all(scene.side.contains(r) for r in drawn)
    assert not any(r.colliderect(scene.board.rect) for r in drawn)


def test_the_kept_picture_is_what_drawing_afresh_gives(make_app):
    """The play screen drawn from its kept picture is, pixel for pixel, the screen drawn
    afresh; the picture is drawn again when the position changes, not when nothing did."""
    from game.engine import Move
    from game.uitest.headless import open_scene

    app = make_app(1, (1024, 700))
    open_scene(app, "play")
    play = app.scene
    app.frame([])
    app.frame([])
    painted = play.layers.painted
    app.frame([])
    assert play.layers.painted == painted  # nothing changed: the picture is reused
    kept = app.screen.copy()
    app.ctx.drawn = []  # while texts are recorded, everything is drawn afresh
    app.frame([])
    app.ctx.drawn = None
    assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(app.screen, "RGB")
    # a move changes the position: a new picture
    activate = play.game.legal_actions()[0]
    play.act(activate)
    move = next((a for a in play.game.legal_actions() if isinstance(a, Move)), None)
    if move is not None:
        play.act(move)
    app.frame([])
    assert play.layers.painted > painted


def test_a_rebuild_keeps_the_buttons_that_stay_the_same(make_app):
    """Switching between move and attack rebuilds the play screen's buttons: those that
    come back the same are the same widgets (their text is not rendered again), the others
    are new, and every kept one still does what it says."""
    from game.uitest.headless import open_scene

    app = make_app(1, (1024, 700))
    open_scene(app, "attack-preview")
    play = app.scene
    before = {play.full_labels[b]: b for b in play.actions}
    play.choose_verb("move")
    after = {play.full_labels[b]: b for b in play.actions}
    assert after["Cards [F2]"] is before["Cards [F2]"]
    assert after["Library [F3]"] is before["Library [F3]"]
    assert f"{MARK}Move [M]" in after and f"{MARK}Move [M]" not in before
    assert all(b.alive() for b in after.values())
    assert not any(b.alive() for label, b in before.items() if label not in after)
    cards = after["Cards [F2]"]
    assert not play.show_cards
    play.actions[cards]()
    assert play.show_cards


def test_putting_back_only_what_moved_gives_the_whole_frame(make_app, catalogue):
    """Frame after frame, with the mouse on a new hex each time in move and attack mode, an
    attack's dice appearing and a message at the mouse, the window (the kept picture with
    only the last frame's moving places put back) is pixel for pixel the frame drawn
    whole."""
    from game.engine import Attack, Game, Move, Phase, RandomDice, Step
    from game.ui.scenes import play_board
    from game.ui.scenes.play import PlayScene
    from game.uitest.headless import play_until

    app = make_app(5, (1024, 700))
    app.ctx.settings.animation_speed = 1.0
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(5))
    play_until(game, 5, lambda g: g.state.phase == Phase.FIREFIGHT and g.state.step == Step.ACT
               and any(isinstance(a, Attack) for a in g.legal_actions())
               and any(isinstance(a, Move) for a in g.legal_actions()))
    scene = PlayScene(app, game)
    app.push(scene)
    attack = next(a for a in game.legal_actions() if isinstance(a, Attack))
    scene.anim.add(game.clone().apply(attack), app.ctx.names)
    scene.anim.banners.clear()
    hexes = list(game.grid.hexes)
    partial = 0
    for i in range(14):
        if i in (4, 11):  # a kept picture shown again after another one
            scene.choose_verb("attack")
        if i == 7:
            scene.choose_verb("move")
        if i == 9:
            scene.say("A message at the mouse")
        x, y = scene.view_board.centre(hexes[(i * 37) % len(hexes)])
        app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=(int(x), int(y)), rel=(0, 0),
                                      buttons=(0, 0, 0))], dt=0.05)
        shown = app.screen.copy()
        layers = scene.layers
        state = (layers._shown, layers._over)
        partial += state[1] is not None and state[0] is not None
        whole = pygame.Surface(app.size)
        app.ctx.words = scene.words  # as App.draw does
        play_board.draw(scene, whole)  # not alone: the whole picture, then what moves
        app.ctx.words = None
        app.manager.draw_ui(whole)
        layers._shown, layers._over = state
        assert pygame.image.tobytes(shown, "RGB") == pygame.image.tobytes(whole, "RGB"), i
    assert partial >= 9  # most frames put back only what moved
