"""The replay screen: it draws only public information, and its buttons (clicked), hotkeys and
timeline move the replay."""

from __future__ import annotations

import pygame
import pytest

from game.engine.dice import RandomDice
from game.engine.events import Mulliganed, TargetsDealt
from game.engine.game import Game
from game.services.replay import Replay
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.replay import ReplayScene
from tests.helpers import play
from tests.ui.helpers import click


@pytest.fixture(scope="module")
def recorded(catalogue):
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(4))
    return play(game, 4)


def open_replay(make_app, game):
    app = make_app()
    app.push(MenuScene(app))
    scene = ReplayScene(app, Replay.from_game(game))
    app.push(scene)
    app.frame([])
    return app, scene


def button(scene, name: str) -> pygame.Rect:
    for label, rect in scene.clickables():
        if label == name or label.startswith(name + " ["):
            return rect
    raise AssertionError(f"no button {name!r}: {[label for label, _ in scene.clickables()]}")


def press(app, key: int) -> None:
    pygame.event.clear()
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)])


def test_the_buttons_move_the_replay(make_app, recorded):
    app, scene = open_replay(make_app, recorded)
    replay = scene.replay
    total = len(replay)
    assert replay.position == 0
    labels = [label for label, _ in scene.clickables()]
    assert "Play [Space]" in labels and "Forward [→]" in labels
    assert not any(label.startswith(("Start", "Back")) for label in labels)  # at the start
    click(app, button(scene, "Forward"))
    assert replay.position == 1
    click(app, button(scene, "Forward"))
    assert replay.position == 2
    click(app, button(scene, "Back"))
    assert replay.position == 1
    click(app, button(scene, "End"))
    assert replay.position == total and replay.game.is_over
    assert "the mission is over" in scene.indicator()
    click(app, button(scene, "Start"))
    assert replay.position == 0
    assert f"action 0 of {total}" in scene.indicator()
    # the same state as a straight replay
    click(app, button(scene, "Forward"))
    assert replay.game.state == Replay.from_game(recorded).game_at(1).state


def test_play_advances_at_the_speed_chosen(make_app, recorded):
    app, scene = open_replay(make_app, recorded)
    replay = scene.replay
    click(app, button(scene, "2x"))
    assert scene.speed == 2.0
    click(app, button(scene, "Play"))
    assert scene.playing
    start = replay.position
    assert start == 1  # the first step at once
    app.frame([], dt=0.5)  # one action every half second at 2x
    assert replay.position == start + 1
    app.frame([], dt=1.0)
    assert replay.position == start + 3
    click(app, button(scene, "Pause"))
    assert not scene.playing
    paused = replay.position
    app.frame([], dt=2.0)
    assert replay.position == paused
    click(app, button(scene, "4x"))
    press(app, pygame.K_SPACE)
    assert scene.playing
    app.frame([], dt=10.0)  # plays to the end and stops there
    for _ in range(60):
        app.frame([], dt=10.0)
        if replay.at_end:
            break
    assert replay.at_end and not scene.playing


def test_hotkeys_and_the_timeline(make_app, recorded):
    app, scene = open_replay(make_app, recorded)
    replay = scene.replay
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHT)
    assert replay.position == 2
    press(app, pygame.K_LEFT)
    assert replay.position == 1
    press(app, pygame.K_END)
    assert replay.at_end
    press(app, pygame.K_HOME)
    assert replay.position == 0
    line = scene.timeline
    pos = (line.left + line.width // 2, line.centery)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    assert abs(replay.position - len(replay) // 2) <= 1
    assert "turning point" in scene.indicator()
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)


def test_it_draws_public_information_only(make_app, recorded):
    app, scene = open_replay(make_app, recorded)
    app.ctx.drawn = []
    replay = scene.replay
    # the cards dealt that nobody ever shows: never in a spectator's line of the log
    public = " ".join(str(e.for_viewer(None)) for e in recorded.events)
    held: set[str] = set()
    for e in recorded.events:
        if isinstance(e, TargetsDealt):
            held.update(c for hand in e.hands for c in hand)
        elif isinstance(e, Mulliganed):
            held.update(e.drawn or ())
    targets = recorded.config.targets
    secret_names = {targets[c].name for c in held if targets[c].name not in public}
    assert secret_names  # a hand held a card never revealed
    for position in (0, 5, len(replay) // 2, len(replay)):
        scene.seek(position)
        app.ctx.drawn = []
        scene.log = type(scene.log)(app.ctx)  # re-record the log's lines
        for event in replay.events_until(position):
            scene.log.add(str(event.for_viewer(None)))
        app.frame([])
        drawn = " ".join(app.ctx.drawn)
        for name in secret_names:
            assert name not in drawn, f"{name} drawn at position {position}"
        assert f"action {position} of {len(replay)}" in drawn
    surface = app.screen
    # the board is drawn: not a blank screen
    board = scene.board
    colours = {surface.get_at((x, y))[:3] for x in range(board.rect.left, board.rect.right, 37)
               for y in range(board.rect.top, board.rect.bottom, 37)}
    assert len(colours) > 20


def test_a_step_with_an_attack_shows_its_dice(make_app, recorded):
    from game.engine.actions import Attack, parse_action

    app, scene = open_replay(make_app, recorded)
    step = next(i for i, line in enumerate(scene.replay.lines)
                if isinstance(parse_action(line), Attack))
    scene.seek(step + 1)
    app.frame([])
    assert scene.anim.roll is not None and scene.anim.roll.hit_dice
    assert scene.step_hexes[0] == "attack"


def test_it_shows_names_never_the_engine_ids(make_app, recorded):
    """The log, the step box and the status read as the play screen's do: operative names,
    "the objective on E6", the players' names; never ``obj1``, ``warrior1`` or notation."""
    from tests.ui.test_engine_words import leaks

    app, scene = open_replay(make_app, recorded)
    app.ctx.names = {1: "Alice", 2: "Bob"}
    replay = scene.replay
    seen: list[str] = []
    positions = sorted({0, 3, 9, 20, len(replay) // 3, len(replay) // 2, len(replay) - 1,
                        len(replay)} | {i for i, a in enumerate(replay.actions, 1)
                                        if type(a).__name__ in ("Attack", "Move", "Mulligan",
                                                                "MissionAction")}
                       )[::3]
    for position in positions:
        scene.seek(position)
        app.ctx.drawn = []
        app.frame([])
        seen += app.ctx.drawn
    # the log is built anew from the events at each seek: every line in names
    scene.seek(len(replay))
    app.frame([])
    logged = [text for text, _ in scene.log.lines]
    assert logged and leaks(logged, recorded.state.operatives) == []
    assert leaks(seen, recorded.state.operatives) == []
    assert any("objective on" in t for t in seen + logged)
    assert any(t.startswith(("Alice: ", "Bob: ")) for t in seen)
    # and it changes the text: the raw lines hold ids that the screen never shows
    assert leaks(replay.lines, recorded.state.operatives)


def test_a_concession_and_completed_targets_read_right(make_app, catalogue):
    """The step box says "Quinn concedes" once (never "Quinn: Quinn concedes"), and a target
    of opportunity revealed and then completed is still listed (ticked), not "none"."""
    from game.engine import Concede
    from game.engine.events import TargetCompleted

    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(6))  # a target is completed before the end
    play(game, 6, until=lambda g: any(isinstance(e, TargetCompleted) for e in g.events))
    done = next(e for e in game.events if isinstance(e, TargetCompleted))
    game.apply(Concede(game.state.to_act))
    app, scene = open_replay(make_app, game)
    app.ctx.names = {1: "Quinn", 2: "Kai"}
    scene.seek(len(scene.replay))
    app.ctx.drawn = []
    app.frame([])
    who = app.ctx.names[game.log[-1].startswith("2") + 1]
    assert any(t.startswith(f"{who} concedes") for t in app.ctx.drawn), app.ctx.drawn
    assert not any(t.startswith(f"{who}: {who}") for t in app.ctx.drawn)
    assert any(f"{done.name} ✓" in t for t in app.ctx.drawn), done.name
