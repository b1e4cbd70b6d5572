"""The card library (``CardBrowserScene``): every card of the catalogue drawn across its pages,
the filters (kind, fireteam, search), the detail view, and — opened from a game — nothing that
tells which targets of opportunity are in a hand."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.engine.dice import RandomDice
from game.engine.game import Game
from game.engine.state import Phase, Step
from game.help.rulesets.killteam.cards import pack_cards
from game.ui.scenes.cards import CardBrowserScene
from game.ui.scenes.menu import MenuScene
from tests.helpers import play, tiered
from tests.ui.helpers import click_events


def key(k: int, mod: int = 0, unicode: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)


def open_browser(make_app, game: Game | None = None, size=(1280, 800)):
    app = make_app(0, size)
    app.push(MenuScene(app))
    scene = CardBrowserScene(app, game)
    app.push(scene)
    app.frame([])
    return app, scene


def every_page(app, scene) -> list[str]:
    """The strings drawn from the top of the grid to its bottom, a page at a time (PageDown)."""
    app.frame([key(pygame.K_HOME)])
    app.ctx.drawn = []
    app.frame([])
    for _ in range(200):
        if scene.scroll >= scene.max_scroll:
            break
        app.frame([key(pygame.K_PAGEDOWN)])
    drawn = list(app.ctx.drawn)
    app.ctx.drawn = None
    return drawn


def catalogue_names(cat) -> list[str]:
    names = [c.name for c in cat.datacards.values()]
    for team in cat.fireteams.values():
        names.append(team.name)
        names += [p.name for p in team.ploys]
        names += [c.name for c in team.tactical_ploys]
    names += [m.name for m in cat.missions.values()]
    names += [t.name for t in cat.targets.values()]
    names += [w.name for w in cat.wargear.values()]
    for op in cat.special_operations.values():
        names += [op.name, op.reward.name]
    names += [rule.name for rule in pack_cards(cat)]
    return names


def test_every_card_of_the_catalogue_is_drawn(make_app, catalogue):
    app, scene = open_browser(make_app)
    assert len(scene.entries) == (len(catalogue.datacards) + len(catalogue.fireteams)
                                  + len(catalogue.missions) + len(catalogue.targets)
                                  + len(catalogue.wargear)
                                  + sum(len(t.tactical_ploys)
                                        for t in catalogue.fireteams.values())
                                  + len(catalogue.special_operations)
                                  + len(pack_cards(catalogue)))
    assert scene.max_scroll > 0  # more than one page at 1280x800
    text = " ".join(every_page(app, scene))
    missing = [n for n in catalogue_names(catalogue) if n not in text]
    assert not missing
    # the weapons' profiles and the abilities are on the datacards
    gideon = catalogue.datacards["assault_intercessor_sergeant"]
    for weapon in gideon.weapons:
        assert weapon.name in text
    for ability in gideon.abilities:
        assert ability.name in text
    assert not app.ctx.assets.missing


def test_each_kind_page_shows_its_whole_kind(make_app, catalogue):
    app, scene = open_browser(make_app)
    stratagems = {**catalogue.fireteams, **{c.id: c for t in catalogue.fireteams.values()
                                            for c in t.tactical_ploys}}
    kinds = {pygame.K_3: ("stratagem", stratagems),
             pygame.K_4: ("mission", catalogue.missions),
             pygame.K_5: ("target", catalogue.targets),
             pygame.K_6: ("wargear", catalogue.wargear),
             pygame.K_7: ("special_operation", catalogue.special_operations),
             pygame.K_8: ("kill_team", {r.id: r for r in pack_cards(catalogue)})}
    for hotkey, (kind, cards) in kinds.items():
        app.frame([key(hotkey)])
        assert scene.kind == kind
        assert {e.key for e in scene.shown} == set(cards)
        text = " ".join(every_page(app, scene))
        assert all(c.name in text for c in cards.values())
    app.frame([key(pygame.K_1)])
    assert scene.kind == "" and len(scene.shown) == len(scene.entries)


def test_kind_and_fireteam_filters_narrow_the_cards(make_app, catalogue):
    app, scene = open_browser(make_app)
    app.frame([key(pygame.K_2)])  # datacards
    assert {e.kind for e in scene.shown} == {"datacard"}
    for _ in range(len(catalogue.fireteams) + 1):
        if scene.team == "gideon":
            break
        app.frame([key(pygame.K_t)])
    assert scene.team == "gideon"
    gideon = {entry.card for entry in catalogue.fireteams["gideon"].composition}
    assert {e.key for e in scene.shown} == gideon
    text = " ".join(every_page(app, scene))
    for card in gideon:
        assert catalogue.datacards[card].name in text
    for other in ("ork_boy", "necron_warrior", "tempestor", "troupe_master"):
        assert catalogue.datacards[other].name not in text
    # all kinds of one fireteam: its datacards, its stratagem card, its special operations
    app.frame([key(pygame.K_1)])
    assert {e.kind for e in scene.shown} == {"datacard", "stratagem", "special_operation"}
    assert all("gideon" in e.teams for e in scene.shown)
    ops = {o.id for o in catalogue.special_operations.values() if o.fireteam == "gideon"}
    assert {e.key for e in scene.shown if e.kind == "special_operation"} == ops


def test_the_fireteam_drop_down_filters(make_app, catalogue):
    app, scene = open_browser(make_app)
    name = catalogue.fireteams["bad_ladz"].name
    event = pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=name,
                               ui_element=scene.team_drop, ui_object_id="")
    app.frame([event])
    assert scene.team == "bad_ladz"
    assert all("bad_ladz" in e.teams for e in scene.shown)


def test_search_matches_names_and_texts(make_app, catalogue):
    app, scene = open_browser(make_app)
    scene.search.set_text("klaw")
    app.frame([])
    assert scene.query == "klaw"
    keys = {e.key for e in scene.shown}
    assert "gitkrusha" in keys  # its power klaw: a weapon's name
    assert all("klaw" in e.search for e in scene.shown)
    assert len(scene.shown) < len(scene.entries)
    scene.search.set_text("critical hits on a 5")  # words of a text
    app.frame([])
    assert "gitkrusha" in {e.key for e in scene.shown}
    scene.search.set_text("no such card anywhere")
    app.ctx.drawn = []
    app.frame([])
    assert scene.shown == []
    assert "No card matches these filters." in app.ctx.drawn
    app.frame([key(pygame.K_DELETE)])  # Delete clears the search (box not focused)
    assert scene.query == "" and len(scene.shown) == len(scene.entries)


def test_typing_in_the_search_box_is_not_taken_for_hotkeys(make_app):
    app, scene = open_browser(make_app)
    app.frame([key(pygame.K_f, pygame.KMOD_CTRL)])
    assert scene.search.is_focused
    events = []
    for char in "ork 1":
        k = pygame.K_1 if char == "1" else (pygame.K_SPACE if char == " " else ord(char))
        events += [key(k, unicode=char), pygame.event.Event(pygame.TEXTINPUT, text=char)]
    app.frame(events)
    assert scene.search.get_text() == "ork 1"
    assert scene.kind == ""  # "1" went into the box, not to the kind buttons
    app.frame([key(pygame.K_ESCAPE)])  # Esc leaves the box, not the scene
    assert not scene.search.is_focused and app.scene is scene


def test_click_opens_the_detail_and_escape_closes_it_then_the_scene(make_app, catalogue):
    app, scene = open_browser(make_app)
    cards = [(name, rect) for name, rect in scene.clickables() if name.startswith("card ")]
    assert cards
    name, rect = next((n, r) for n, r in cards if n == "card Ork Boy")
    app.ctx.drawn = []
    app.frame(click_events(rect.center))
    assert scene.detail is not None and scene.detail.key == "ork_boy"
    app.frame([])
    assert "'Ere We Go" in app.ctx.drawn
    assert not [n for n, _ in scene.clickables() if n.startswith("card ")]
    app.frame([key(pygame.K_RIGHT)])  # the next card of the list
    assert scene.detail is not None and scene.detail.key != "ork_boy"
    app.frame([key(pygame.K_LEFT)])
    assert scene.detail.key == "ork_boy"
    app.frame([key(pygame.K_ESCAPE)])
    assert scene.detail is None and app.scene is scene
    app.frame([key(pygame.K_ESCAPE)])
    assert isinstance(app.scene, MenuScene)


def test_the_grid_scrolls_with_the_wheel_and_the_page_keys(make_app):
    app, scene = open_browser(make_app)
    first = [r.top for _, r in scene.card_rects]
    pygame.mouse.set_pos(scene.grid.center)
    app.frame([])  # the grid knows the mouse is over it
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0,
                               precise_y=-2.0)
    app.frame([wheel])
    for _ in range(40):  # the grid glides to its new place
        app.frame([])
    assert scene.scroll > scene.grid.height // 5  # two turns of the wheel: a good way down
    assert [r.top for _, r in scene.card_rects] != first
    app.frame([key(pygame.K_HOME)])
    assert scene.scroll == 0
    app.frame([key(pygame.K_PAGEDOWN)])
    page = scene.scroll
    assert page > scene.grid.height // 2
    app.frame([key(pygame.K_END)])
    assert scene.scroll == scene.max_scroll
    app.frame([key(pygame.K_PAGEUP)])
    assert scene.scroll == scene.max_scroll - page


@pytest.mark.parametrize("size", tiered([(1280, 800), (1024, 700), (1920, 1080)]))
def test_layout_fits_the_window(make_app, size):
    app, scene = open_browser(make_app, size=size)
    width, _ = size
    if size == (1280, 800):
        assert len({r.left for _, r in scene.card_rects}) == 4  # four columns
    for _, rect in scene.card_rects:
        assert 0 <= rect.left and rect.right <= width
    for button in scene.actions:
        assert "[" in button.text  # every button has its hotkey
        assert 0 <= button.rect.left and button.rect.right <= width
    scene.open_detail(scene.shown[0])
    app.frame([])
    for button in scene.actions:
        assert "[" in button.text
        assert 0 <= button.rect.left and button.rect.right <= width


def setup_game(catalogue, seed: int = 3) -> Game:
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(seed))
    play(game, seed, until=lambda g: g.state.phase == Phase.SETUP
               and all(g.state.hands[p] for p in (1, 2)))
    assert game.state.phase == Phase.SETUP
    return game


def swap_hands_with_deck(game: Game) -> Game:
    """The same public position with other cards in both hands (the deck's swapped in)."""
    other = game.clone()
    state = other.state
    i = 0
    for player in (1, 2):
        hand = state.hands[player]
        for j in range(len(hand)):
            if i < len(state.deck):
                hand[j], state.deck[i] = state.deck[i], hand[j]
                i += 1
    assert other.state.hands != game.state.hands
    return other


def drawn_everywhere(make_app, game: Game) -> list[str]:
    app, scene = open_browser(make_app, game)
    drawn = every_page(app, scene)
    for hotkey in (pygame.K_5, pygame.K_6, pygame.K_3):
        app.frame([key(hotkey)])
        drawn += every_page(app, scene)
    app.frame([key(pygame.K_5)])
    for entry in list(scene.shown):
        scene.open_detail(entry)
        app.ctx.drawn = []
        app.frame([])
        drawn += app.ctx.drawn
    app.ctx.drawn = None
    return drawn


# at set-up in the slow tier: the firefight has hands, revealed targets and the deck
@pytest.mark.parametrize("stage", tiered(["firefight", "setup"], keep=1))
def test_in_a_game_no_hand_is_shown(make_app, catalogue, stage):
    game = setup_game(catalogue)
    if stage == "firefight":
        play(game, 3, until=lambda g: g.state.phase == Phase.FIREFIGHT
                   and any(g.state.active_targets[p] for p in (1, 2)))
        assert game.state.step != Step.MULLIGAN
    state = game.state
    drawn = drawn_everywhere(make_app, game)
    # what is drawn depends on public information only: other cards in the hands, the
    # same hand sizes, draw exactly the same strings
    assert drawn == drawn_everywhere(make_app, swap_hands_with_deck(game))
    # the summary gives the deck's size and each hand's size
    assert f"Targets deck: {len(state.deck)} cards" in drawn or len(state.deck) == 1
    for player in (1, 2):
        assert any(s.startswith(f"Targets in hand: {len(state.hands[player])} ·")
                   for s in drawn)
    # no text that speaks of a hand names a target held
    held = {game.config.targets[c].name for p in (1, 2) for c in state.hands[p]}
    for s in drawn:
        if "hand" in s.lower():
            assert not any(name in s for name in held), s
    # all twelve targets are listed
    assert all(t.name in " ".join(drawn) for t in catalogue.targets.values())
    # revealed and completed targets are marked with the player's name
    marks = [s for s in drawn if s.startswith(("▸ Revealed by", "✓ Completed by"))]
    public = sum(len(state.active_targets[p]) + len(state.completed[p]) for p in (1, 2))
    assert len({m for m in marks}) <= public * 2
    if public:
        assert marks
    else:
        assert not marks


def test_the_kill_team_pack_has_a_card_for_each_of_its_rules(make_app, catalogue):
    """Break tests, the objective markers, the four secondary objectives, seizing the
    initiative, the game length die and every mission special rule each have a card, with
    the engine's own numbers, the Mysterious Objectives table and the missions using it."""
    from game.engine.rulesets.killteam import core as kt

    cards = {rule.id: rule for rule in pack_cards(catalogue)}
    assert set(cards) == {"kt_break_tests", "kt_primary", "slay_the_leader", "linebreaker",
                          "first_blood", "break_the_enemy", "kt_seize", "kt_game_length",
                          "kt_night", "kt_mysterious", "kt_search", "kt_reanimation"}
    assert f"{kt.BREAK_PASS}+" in " ".join(cards["kt_break_tests"].text)
    assert f"within {kt.COMMAND_RANGE} hexes" in " ".join(cards["kt_break_tests"].text)
    assert f"{kt.GAME_LENGTH_NEEDS[0]}+" in " ".join(cards["kt_game_length"].text)
    # the table: one line per result, every roll of a D6 covered once
    table = cards["kt_mysterious"].table
    assert [line.split(":")[0] for line in table] == ["1", "2-3", "4", "5", "6"]
    assert "Booby trap" in table[0] and f"{kt.BOOBY_TRAP_DAMAGE} damage" in table[0]
    # which missions use a rule comes from their data: Head Hunt has no Slay the Leader
    assert "Head Hunt" not in cards["slay_the_leader"].missions
    assert "Head Hunt" in cards["linebreaker"].missions
    assert cards["kt_night"].missions == ("Forward Push", "Alone in the Dark",
                                          "Infiltrate the Camp")
    assert cards["kt_search"].missions == ("Alone in the Dark", "Infiltrate the Camp")

    app, scene = open_browser(make_app)
    app.frame([key(pygame.K_8)])
    assert scene.kind == "kill_team"
    assert {e.key for e in scene.shown} == set(cards)
    text = " ".join(every_page(app, scene))
    for rule in cards.values():
        assert rule.name in text
    assert "KILL TEAM CLASSIC RULE" in text
    # searching finds a rule by its words; the detail shows the whole table
    app.frame([key(pygame.K_1)])
    scene.query = "booby"
    scene.filter()
    assert [e.key for e in scene.shown] == ["kt_mysterious"]
    scene.detail = scene.shown[0]
    scene.rebuild()
    app.ctx.drawn = []
    app.frame([])
    drawn = " ".join(app.ctx.drawn)
    for line in table:
        assert line.split(":")[0] + ":" in drawn
    assert "USED IN: FORWARD PUSH, ALONE IN THE DARK" in drawn
