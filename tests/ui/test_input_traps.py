"""A click or a key does only what the player meant: in Attack mode a click on the board
chooses a target or does nothing (never a move), the target's crosshair is drawn on the
target; no two buttons shown at once share a hotkey, and an action keeps its key for the
whole game; under the skirmish rules the selection and the pending order belong to the same
operative."""

from __future__ import annotations

import re

import pytest

from game.engine.actions import Attack, Move
from game.engine.state import Step
from game.ui.chooser import KeyBook, Option
from tests.helpers import tiered
from tests.ui.helpers import click, open_play
from tests.ui.walk import GAMES, walk


def ready_to_attack(game) -> bool:
    """An activation that may attack an enemy and may also move somewhere."""
    legal = game.legal_actions() if game.state.step == Step.ACT else ()
    return any(isinstance(a, Attack) for a in legal) and any(isinstance(a, Move) for a in legal)


def test_a_click_in_attack_mode_never_moves(make_app, catalogue):
    app, scene, _ = open_play(make_app, catalogue, seed=3, until=ready_to_attack)
    game = scene.game
    assert ready_to_attack(game)
    scene.choose_verb("attack")
    assert scene.chooser.verb == "attack"
    targets = set(scene.chooser.board())
    moves = {a.destination for a in game.legal_actions() if isinstance(a, Move)}
    before = list(game.log)
    board = scene.view_board
    for h in sorted(moves - targets):  # every hex a move could go to, none a target
        click(app, board.centre(h))
        assert game.log == before, f"a click on {h} in Attack mode did {game.log[-1]}"
        assert scene.chooser.verb == "attack"
    # the crosshair is where the target is: a click there chooses it
    target = sorted(targets)[0]
    click(app, board.centre(target))
    assert scene.chooser.verb == "attack"
    picked = scene.chooser.picked
    assert any(f.value == scene.op_at(target).id for f in picked) or game.log != before


def test_the_crosshair_is_drawn_on_the_target(make_app, catalogue):
    """Attack mode changes the target's own hex (its crosshair over the token), never the
    middle of the hex above it, where the crosshair used to be drawn."""
    app, scene, _ = open_play(make_app, catalogue, seed=3, until=ready_to_attack)
    board = scene.view_board
    scene.hover = None
    app.draw()
    before = app.screen.copy()
    scene.choose_verb("attack")
    app.draw()
    targets = sorted(scene.chooser.board())
    assert targets
    for h in targets:
        x, y = (int(v) for v in board.centre(h))
        assert app.screen.get_at((x, y)) != before.get_at((x, y)), f"no mark on {h}"
        above = (x, int(y - board.size * 0.95))
        if board.hex_at(above) not in targets:
            assert app.screen.get_at(above) == before.get_at(above), f"a mark above {h}"


def test_the_key_book_keeps_each_actions_key_and_never_shares_one():
    book = KeyBook()
    first = book.assign([Option("move", "Move", "", "m"), Option("use:a", "A", "", "g"),
                         Option("ability:guided", "Guided Fire", "", "h")], {"h", "u"})
    keys = {o.value: o.hotkey for o in first}
    assert keys["move"] == "m" and keys["use:a"] == "g"
    assert keys["ability:guided"] not in ("h", "u", "m", "g", "")
    # the next activation: another order, one more action; the keys stay with their actions
    second = book.assign([Option("ability:guided", "Guided Fire", "", "1"),
                          Option("mission:x", "X", "", "1"),
                          Option("move", "Move", "", "m")], {"h"})
    again = {o.value: o.hotkey for o in second}
    assert again["ability:guided"] == keys["ability:guided"] and again["move"] == "m"
    assert len({o.hotkey for o in second}) == 3


def keys_shown(scene) -> dict[str, list[str]]:
    """Every button now on the screen (enabled or not) by the key written on it."""
    out: dict[str, list[str]] = {}
    for element, label in scene.full_labels.items():
        if not element.alive():
            continue
        found = re.search(r"\[([^\]]+)\]$", label)
        if found:
            out.setdefault(found.group(1), []).append(label)
    return out


@pytest.mark.parametrize(("mission", "rules", "teams"), tiered(GAMES, keep=1, unpack=True))
def test_no_two_buttons_share_a_key_at_any_step(make_app, catalogue, mission, rules, teams):
    shared: list[str] = []
    given: dict[str, set[str]] = {}

    def check(scene) -> None:
        if hasattr(scene, "chooser") and scene.chooser.next_kind is not None \
                and scene.chooser.verb == "move":
            # Attack mode too: its weapon buttons once a target is picked
            scene.choose_verb("attack")
            if scene.chooser.verb == "attack":
                board = sorted(scene.chooser.board())
                if board:
                    scene.take(scene.chooser.pick_hex(board[0]))
                note(scene)
            scene.choose_verb("move")
        note(scene)

    def note(scene) -> None:
        for key, labels in keys_shown(scene).items():
            if len(labels) > 1:
                shared.append(f"[{key}]: {labels}")
        for option in getattr(scene, "keybook", KeyBook()).given.items():
            given.setdefault(option[0], set()).add(option[1])

    walk(make_app, catalogue, mission, rules, teams, 5, check)
    assert not shared, shared[:5]
    moved = {value: keys for value, keys in given.items() if len(keys) > 1}
    assert not moved, moved


def test_a_skirmish_click_on_another_operative_takes_the_order_with_it(make_app, catalogue):
    """An order is pending for one operative (its move area shaded); a click on another that
    may be activated switches both the selection and the order to it, so the one that moves
    is the one shown."""
    from game.engine.state import Step as S

    def choosing(game) -> bool:
        return game.state.step == S.ACTIVATE and len(
            {a.operative for a in game.legal_actions() if hasattr(a, "operative")}) > 1

    app, scene, _ = open_play(make_app, catalogue, seed=4, rules="skirmish", until=choosing)
    game = scene.game
    ready = sorted({a.operative for a in game.legal_actions() if hasattr(a, "operative")})
    first, second = ready[0], ready[1]
    board = scene.view_board
    click(app, board.centre(game.state.operatives[first].hex))
    assert scene.selected == first
    orders = [o for o in scene.chooser.buttons() if o.enabled]
    assert orders, "no order offered"
    order = next((o for o in orders if o.value in ("advance", "rush")), orders[0])
    scene.choose(order.value)
    click(app, board.centre(game.state.operatives[second].hex))
    picked = [f.value for f in scene.chooser.picked]
    assert scene.selected == second
    assert first not in picked, f"the order stayed with {first}: {picked}"
