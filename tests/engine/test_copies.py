"""Copies of a game for search: clone() is independent and, with the same dice, plays the
same future; from_view() rebuilds a game from what one player may see, whatever the hidden
parts were. And apply() is all or nothing: when it raises midway the game is as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine.actions import parse_action
from game.engine.dice import DiceExhaustedError, RandomDice, ScriptedDice
from game.engine.game import Game
from game.engine.state import Phase
from tests.engine.positions import CATALOGUE, TROOPER, play_out, positions
from tests.helpers import position


def snapshot(game: Game) -> tuple[Any, ...]:
    return (game.state.to_dict(), list(game.events), list(game.log), list(game.record),
            game.dice.to_dict(), game.legal_actions())


def game_after(seed: int, actions: int) -> Game:
    for game in positions(seed):
        if len(game.log) >= actions or game.is_over:
            return game
    raise AssertionError("unreachable")


# --- clone --------------------------------------------------------------------------------

@pytest.mark.parametrize("seed,actions", [(1, 0), (4, 40), (8, 120)])
def test_a_clone_is_independent_of_its_original(seed: int, actions: int) -> None:
    game = game_after(seed, actions)
    original = snapshot(game)
    copy = game.clone()
    assert snapshot(copy) == original
    play_out(copy, seed + 100)
    assert copy.is_over and snapshot(game) == original
    # and the other way round
    copy = game.clone()
    copied = snapshot(copy)
    play_out(game, seed + 200)
    assert game.is_over and snapshot(copy) == copied


@pytest.mark.parametrize("seed,actions", [(2, 10), (6, 70), (11, 150)])
def test_a_clone_with_the_same_dice_plays_the_same_future(seed: int, actions: int) -> None:
    game = game_after(seed, actions)
    copy = game.clone()
    play_out(game, seed + 5)
    play_out(copy, seed + 5)
    assert snapshot(copy) == snapshot(game)
    assert [str(e) for e in copy.events] == [str(e) for e in game.events]


def test_a_clone_with_other_dice_keeps_its_own_dice() -> None:
    game = game_after(3, 60)
    copy = game.clone(RandomDice(77))
    assert copy.dice.to_dict() == RandomDice(77).to_dict()
    assert copy.state.to_dict() == game.state.to_dict()
    before = game.dice.to_dict()
    play_out(copy, 1)
    assert game.dice.to_dict() == before


# --- from_view ----------------------------------------------------------------------------

def variant(game: Game, viewer: int | None, seed: int) -> Game:
    """The same public information, other hidden parts: the hands ``viewer`` cannot see are
    shuffled with the deck, and the dice are another source."""
    other = game.clone(RandomDice(10_000 + seed))
    state = other.state
    hidden = [p for p in (1, 2) if p != viewer]
    cards = [c for p in hidden for c in state.hands[p]] + state.deck
    random.Random(seed).shuffle(cards)
    for p in hidden:
        size = len(state.hands[p])
        state.hands[p], cards = cards[:size], cards[size:]
    state.deck = cards
    other.invalidate()
    return other


def sampled_positions() -> list[tuple[int, Game]]:
    out = []
    for seed in range(12):
        for n, game in enumerate(positions(seed, every=9)):
            if n < 21:
                out.append((seed, game.clone()))
    return out


POSITIONS = sampled_positions()


def test_enough_positions_to_determinize() -> None:
    assert len(POSITIONS) >= 200
    phases = {game.phase for _, game in POSITIONS}
    assert {Phase.SETUP, Phase.STRATEGY, Phase.FIREFIGHT} <= phases


@pytest.mark.parametrize("viewer", [1, 2, None])
def test_hidden_parts_change_neither_the_view_nor_the_game_rebuilt_from_it(
        viewer: int | None) -> None:
    for n, (seed, game) in enumerate(POSITIONS):
        player = game.to_act if viewer == 1 and game.to_act else viewer
        other = variant(game, player, seed * 1000 + n)
        view = game.view(player)
        assert other.view(player) == view, (seed, len(game.log))
        one = Game.from_view(view, RandomDice(9))
        two = Game.from_view(other.view(player), RandomDice(9))
        assert one.state.to_dict() == two.state.to_dict()
        assert one.legal_actions() == two.legal_actions()
        # the rebuilt game shows that player exactly what the real one does
        assert one.view(player) == view
        if player is not None and game.to_act == player:
            assert one.legal_actions() == game.legal_actions()


def test_a_rebuilt_game_can_be_played_to_the_end() -> None:
    for n, (_, game) in enumerate(POSITIONS[::6]):
        viewer = game.to_act or 1
        rebuilt = Game.from_view(game.view(viewer), RandomDice(n))
        play_out(rebuilt, n)
        assert rebuilt.is_over and rebuilt.winner in (0, 1, 2)


def test_a_rebuilt_game_never_holds_a_card_twice() -> None:
    for n, (_, game) in enumerate(POSITIONS):
        rebuilt = Game.from_view(game.view(None), RandomDice(n))
        state = rebuilt.state
        cards = [*state.hands[1], *state.hands[2], *state.deck, *state.discard,
                 *state.active_targets[1], *state.active_targets[2], *state.completed[1],
                 *state.completed[2]]
        assert len(cards) == len(set(cards))
        assert set(cards) <= set(CATALOGUE.targets)


# --- all or nothing -------------------------------------------------------------------------

SCRIPT = f"""
killzone: {{columns: 7, rows: 7}}
{TROOPER}
operatives:
  - {{id: a, player: 1, card: trooper, at: C2}}
  - {{id: x, player: 2, card: trooper, at: C4, damage: 10}}
  - {{id: w, player: 2, card: necron_warrior, at: E3, damage: 9}}
start: {{phase: firefight}}
"""


def scripted(dice: list[int]) -> Game:
    game = position(SCRIPT + f"dice: {dice}\n")
    game.apply(parse_action("1 activate a"))
    return game


def assert_refused_unchanged(game: Game, line: str) -> None:
    before = snapshot(game)
    used = game.dice.used if isinstance(game.dice, ScriptedDice) else None
    counts = (len(game.events), len(game.log), len(game.record))
    undo = game.can_undo
    with pytest.raises(DiceExhaustedError):
        game.apply(parse_action(line))
    assert snapshot(game) == before
    assert (len(game.events), len(game.log), len(game.record)) == counts
    assert isinstance(game.dice, ScriptedDice) and game.dice.used == used
    assert game.can_undo == undo


@pytest.mark.parametrize("dice", [[], [6, 4], [6, 4, 4], [6, 4, 4, 1, 1]])
def test_an_attack_whose_dice_run_out_changes_nothing(dice: list[int]) -> None:
    game = scripted(dice)
    assert_refused_unchanged(game, "1 attack a carbine x")
    assert game.operative("x").damage == 10 and game.state.ap_left == 2


def test_a_reanimation_roll_that_runs_out_changes_nothing() -> None:
    # one crit of 3 takes w down (9 of 10); its Reanimation Protocols need one more die
    game = scripted([6, 1, 1, 1, 1, 1])
    assert_refused_unchanged(game, "1 attack a carbine w")
    w = game.operative("w")
    assert w.damage == 9 and w.flags == () and w.on_killzone


def test_the_game_goes_on_after_a_refused_apply() -> None:
    game = scripted([6, 4])
    game.apply(parse_action("1 move a C1"))
    assert game.can_undo
    assert_refused_unchanged(game, "1 attack a carbine x")
    game.undo()  # the undo history survived
    assert game.operative("a").hex == "C2" and game.state.ap_left == 2
    game.apply(parse_action("1 wait"))
    assert game.to_act == 2


def test_the_end_of_a_turning_point_that_runs_out_of_dice_changes_nothing() -> None:
    # Dual Strike scores at the end of the firefight phase, then the next initiative roll-off
    # needs two dice that are not there: the scoring is undone too
    text = """
mission: dual_strike
operatives:
  - {id: i, player: 1, card: assault_intercessor, at: A1}
  - {id: w, player: 2, card: necron_warrior, at: O11}
start: {turning_point: 1, phase: firefight, initiative: 1, turn: 8, to_act: 2,
        activated: [i], control: {obj1: 1, obj2: 1}}
dice: [6]
"""
    game = position(text)
    game.apply(parse_action("2 activate w"))
    assert_refused_unchanged(game, "2 wait")
    assert game.vp == {1: 0, 2: 0} and game.turning_point == 1
