"""UI bugs found while writing the driver and the end-to-end tests: each test failed before
its fix and now pins the fixed behaviour."""

from __future__ import annotations

import pygame
import pytest

from game.ai.random_player import RandomPlayer
from game.engine.actions import Attack, Reveal, Use
from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Phase, Step
from game.ui.chooser import Kind
from game.ui.scene import base_label
from game.uitest.driver import Driver
from tests.ui.helpers import end_screen, scenario_game, texts_drawn
from tests.ui.helpers import open_play as shared_open_play

# a seed whose game reaches an attack in turning point 2 (seed 5's ends first since a
# cancel rule changed the random player's draws)
ATTACK_SEED = 6


def open_play(make_app, catalogue, **kwargs):  # type: ignore[no-untyped-def]
    """The shared play screen (tests/ui/helpers.py) with no frames pumped after it settles."""
    return shared_open_play(make_app, catalogue, frames=0, **kwargs)


def attack_ready(game: Game) -> bool:
    return game.state.phase == Phase.FIREFIGHT and game.state.turning_point == 2 and any(
        isinstance(a, Attack) for a in game.legal_actions())


def labels(driver: Driver) -> list[str]:
    return [label for label, _ in driver.clickables()]


def weapons_to_choose(make_app, catalogue):  # type: ignore[no-untyped-def]
    """The play screen at an attack, its target clicked: the weapon buttons are shown. The
    app, the screen, the driver and the attack begun."""
    app, scene, driver = open_play(make_app, catalogue, until=attack_ready, seed=ATTACK_SEED)
    game = scene.game
    attack = next(a for a in game.legal_actions() if isinstance(a, Attack))
    driver.click_button("Attack")
    driver.click_hex(game.state.operatives[attack.target].hex)
    return app, scene, driver, attack


def test_keep_button_right_after_the_mulligan_handover(make_app, catalogue):
    app, scene, driver = open_play(make_app, catalogue)
    state = scene.game.state
    assert state.step == Step.MULLIGAN and scene.private_to == state.to_act
    assert any(label.startswith("card ") for label in labels(driver))  # the hand is shown
    assert driver.find_button("Keep all") is not None, labels(driver)


def test_reveal_buttons_right_after_the_reveal_handover(make_app, catalogue):
    app, scene, driver = open_play(make_app, catalogue,
                                   until=lambda g: g.state.step == Step.REVEAL)
    game = scene.game
    assert scene.private_to == game.state.to_act
    reveals = [a for a in game.legal_actions() if isinstance(a, Reveal)]
    shown = [label for label in labels(driver) if label.startswith("Reveal")]
    assert len(shown) == len(reveals), labels(driver)


def test_weapon_buttons_do_not_cover_the_action_buttons(make_app, catalogue):
    app, scene, driver, _ = weapons_to_choose(make_app, catalogue)
    buttons = [(label, rect) for label, rect in driver.clickables()
               if not label.startswith("hex ")]
    assert any("dmg" in label for label, _ in buttons)  # the weapon buttons are up
    # while the weapon is chosen, only the weapons and Back are live: nothing hides beneath
    assert driver.find_button("Move") is None and driver.find_button("Back") is not None
    overlaps = [(a, b) for i, (a, ra) in enumerate(buttons) for b, rb in buttons[i + 1:]
                if ra.colliderect(rb)]
    assert not overlaps


def test_every_wargear_use_has_a_button_inside_the_actions_panel(make_app, catalogue):
    app, scene, driver = open_play(
        make_app, catalogue, mission="cache_raid", teams=("deathless_destroyers", "bad_ladz"),
        seed=1, wargear={1: ["refractor_field", "master_crafted_weapon"], 2: []},
        until=lambda g: g.state.step == Step.PLOY and g.state.to_act == 1)
    game = scene.game
    uses = [a for a in game.legal_actions() if isinstance(a, Use)]
    assert len(uses) == 16
    shown = {base_label(label) for label in labels(driver)}
    cards = {game.config.wargear_card(1, a.card).name for a in uses}
    outside = [label for label, rect in driver.clickables() if not label.startswith("hex ")
               and base_label(label) not in ("Cards", "Library")  # by the hint line
               and not scene.panels.buttons_rect.contains(rect)]
    assert cards <= shown and not outside, (cards, shown, outside)
    # one button per card; then each operative it may be used on is clickable
    for card in sorted({a.card for a in uses}):
        driver.click_button(game.config.wargear_card(1, card).name)
        hexes = {label for label, _ in driver.clickables() if label.startswith("hex ")}
        wanted = {f"hex {game.state.operatives[a.operative].hex}" for a in uses
                  if a.card == card}
        assert wanted == hexes, (card, wanted, hexes)
        driver.key(pygame.K_ESCAPE)


def test_the_board_is_recentred_after_a_resize(make_app, catalogue):
    app, scene, driver = open_play(make_app, catalogue, until=attack_ready, seed=ATTACK_SEED)
    driver.pump([pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=800, size=(1600, 800))])
    board = scene.view_board.rect
    assert abs(board.centerx - (10 + scene.side.left - 10) / 2) <= 8, (board, scene.side)


def test_the_datacard_shows_the_wounds_left(make_app, catalogue):
    app, scene, driver = open_play(make_app, catalogue, until=attack_ready, seed=ATTACK_SEED)
    game = scene.game
    op = game.state.operatives[game.state.active]
    wounds = game.config.datacards[op.card].wounds
    app.ctx.drawn = []
    driver.pump([])
    assert any(f"W {wounds - op.damage}/{wounds}" in s for s in app.ctx.drawn), \
        [s for s in app.ctx.drawn if "APL" in s]


def test_the_top_bar_texts_do_not_overlap_at_the_smallest_window(make_app, catalogue):
    app, scene, driver = open_play(make_app, catalogue, until=attack_ready, seed=ATTACK_SEED,
                                   size=(1024, 700))
    ctx = app.ctx
    rects: list[tuple[str, pygame.Rect]] = []
    text = type(ctx).text

    def recording(*args, **kwargs):
        rect = text(ctx, *args, **kwargs)
        rects.append((args[1], rect))
        return rect

    ctx.text = recording  # type: ignore[method-assign]
    driver.pump([])
    del ctx.text
    bar = [(s, r) for s, r in rects if r.bottom <= scene.top_bar.bottom]
    to_act = next(r for s, r in bar if s.startswith("To act"))
    for s, r in bar:  # the initiative may be left out on a narrow window, never overlap
        if s != to_act and not s.startswith("To act"):
            assert not r.colliderect(to_act), (s, r, to_act)


def test_reveal_hotkeys_count_from_one(make_app, catalogue):
    app, scene, driver = open_play(make_app, catalogue,
                                   until=lambda g: g.state.step == Step.REVEAL)
    driver.nudge("rebuild")  # the Reveal buttons only come after a rebuild (see above)
    cards = [label for label in labels(driver)
             if label.startswith("Reveal") and base_label(label) != "Reveal none"]
    assert cards
    assert [label[label.rindex("[") + 1:-1] for label in cards] == \
        [str(i + 1) for i in range(len(cards))], cards


def test_weapon_buttons_survive_a_resize(make_app, catalogue):
    app, scene, driver, attack = weapons_to_choose(make_app, catalogue)
    assert any("dmg" in label for label in labels(driver))
    driver.pump([pygame.event.Event(pygame.VIDEORESIZE, w=1300, h=820, size=(1300, 820))])
    assert scene.chooser.value_of(Kind.ENEMY) == attack.target
    assert any("dmg" in label for label in labels(driver)), labels(driver)


def test_the_end_screen_waits_for_the_last_banners(make_app, catalogue):
    from game.ui.scenes.play import PlayScene

    app = make_app(3)
    app.ctx.settings.animation_speed = 1.0
    game = Game.new(catalogue, "dual_strike", ("gideon", "bad_ladz"), RandomDice(3))
    player = RandomPlayer(3)
    while True:
        action = player.choose(game)
        copy = game.clone()
        copy.apply(action)
        if copy.is_over:
            break
        game.apply(action)
    scene = PlayScene(app, game)
    app.push(scene)
    driver = Driver(app)
    driver.settle()
    for _ in range(5):
        driver.pump([])
    scene.anim.banners.clear()
    driver.perform(action)
    assert game.is_over
    assert scene.anim.banners  # the last banners are waiting to be shown...
    assert app.scene is scene  # ...so the end screen is not over them yet


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_every_ploy_text_shows_whole_on_the_new_game_screen(make_app, catalogue, size):
    # the third ploy's text was cut off at 1280 x 800 (and a stray "colour" label showed as a
    # "c" beside the seat menu)
    from game.ui.scenes.newgame import NewGameScene

    app = make_app(size=size)
    scene = NewGameScene(app)
    app.push(scene)
    teams = sorted(catalogue.fireteams)
    for a, b in zip(teams, teams[1:] + teams[:1], strict=True):
        scene.fireteams = [a, b]
        drawn = texts_drawn(app, scene)
        strings = [s for s, _ in drawn]
        assert "colour" not in strings
        for i, team in enumerate((a, b)):
            top = scene.right.top + i * (scene.right.height // 2)
            box = pygame.Rect(scene.right.left, top, scene.right.width,
                              scene.right.height // 2 - 10)
            for ploy in catalogue.fireteams[team].ploys:
                last = ploy.text.split()[-1]
                lines = [(s, r) for s, r in drawn if box.contains(r) and s.endswith(last)
                         and s in ploy.text]
                assert lines, (size, team, ploy.id)


def test_the_end_screen_says_a_sudden_victory_was_won_by_reaching_the_target(make_app,
                                                                             catalogue):
    # a player who reaches Spearhead's 8 VP first wins at once, even if completed targets of
    # opportunity added afterwards give the other player more: the end screen says why
    from pathlib import Path

    path = Path(__file__).parents[1] / "scenarios" / "missions" / "spearhead" / \
        "reaching_eight_vp_wins_at_once.yaml"
    game = scenario_game(path, catalogue)
    assert game.is_over and game.winner == 1
    app = make_app()
    end = end_screen(app, game)
    app.ctx.drawn = []
    end.draw(app.screen)
    line = next(s for s in app.ctx.drawn if s.startswith("Spearhead:"))
    assert f"{app.ctx.names[1]} reached 8 VP first" in line, line


@pytest.mark.parametrize("size", [(1280, 800), (1024, 700)])
def test_a_computer_seat_says_what_its_level_is_like_under_whole_ploys(make_app, catalogue,
                                                                       size):
    # the seat menu said only "Computer — hard": nothing told a newcomer what the levels are
    # like. Now the panel's foot does, and every ploy's text still shows whole above it
    from game.ui.scenes.newgame import SEAT_WORDS, NewGameScene

    app = make_app(size=size)
    scene = NewGameScene(app)
    app.push(scene)
    box = pygame.Rect(scene.right.left, scene.right.top + scene.right.height // 2,
                      scene.right.width, scene.right.height // 2 - 10)
    for level, choices in [("human", ()), *SEAT_WORDS.items()]:
        for team in sorted(catalogue.fireteams):
            scene.fireteams = ["gideon", team]
            scene.seats[2] = level
            mine = [(s, r) for s, r in texts_drawn(app, scene) if box.contains(r)]
            every = [w for c in SEAT_WORDS.values() for w in c]
            if not choices:
                assert not any(s in w for s, _ in mine for w in every if len(s) > 12)
                continue
            # the whole description (in full, or in short where the full one does not fit),
            # its last words included, inside the panel
            words = next((w for w in choices if any(s.endswith(w.split()[-1]) and s in w
                                                    for s, _ in mine)), None)
            assert words is not None, (size, level, team)
            about = [r for s, r in mine if s in words]
            top = min(r.top for r in about)
            for ploy in catalogue.fireteams[team].ploys:
                last = ploy.text.split()[-1]
                lines = [r for s, r in mine if s.endswith(last) and s in ploy.text]
                assert lines, (size, level, team, ploy.id)
                # ... above the description, never over it
                assert all(r.bottom <= top for r in lines), (size, level, team, ploy.id)
            if size == (1280, 800):  # room for the full words with every fireteam
                assert words == choices[0], (level, team)
