"""An activation's Moves, and a deployment's Deploy actions, are built as they are read
(game.engine.listing): the listing reads as the tuple of the same actions would, whichever
Move is read first and however it is read; a Move read twice is the same object; the ones
never read are never built; an action handed out by the listing is applied without a second
look, an equal one built elsewhere is checked and applied all the same."""

from __future__ import annotations

import pickle

import pytest

from game.engine.actions import Deploy, Move, parse_action
from game.engine.game import Game
from game.engine.listing import LazyRun, Listing
from game.engine.rulesets.fireteam.movement import ListedMoves, move_paths
from game.engine.rulesets.fireteam.setup import (
    DeployRule,
    ListedDeploys,
    deploy_hexes,
    undeployed,
)
from game.engine.state import Step
from tests.engine.positions import positions


def _fresh(game: Game) -> Game:
    """A copy of ``game`` with its own listing (a copy shares the listing made so far)."""
    copy = game.clone()
    copy.invalidate()
    return copy


def _activations(seed: int) -> list[Game]:
    found = []
    for game in positions(seed):
        if not game.is_over and game.state.step == Step.ACT and any(
                isinstance(a, Move) for a in _fresh(game).legal_actions()):
            found.append(_fresh(game))
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_the_listing_reads_as_the_tuple_of_its_actions(seed: int) -> None:
    checked = 0
    for game in _activations(seed)[:12]:
        expected = tuple(_fresh(game).legal_actions())  # every action built, in order
        listing = game.legal_actions()
        assert type(listing) is Listing
        n = len(expected)
        assert len(listing) == n and bool(listing)
        # read from the back first, then by negative index, then forwards
        for i in reversed(range(n)):
            assert listing[i] == expected[i]
        assert [listing[-k] for k in range(1, n + 1)] == list(reversed(expected))
        assert tuple(listing) == expected and listing == expected
        assert listing[1:4] == expected[1:4] and listing[::-2] == expected[::-2]
        assert all(action in listing for action in expected)
        assert listing.index(expected[-1]) == expected.index(expected[-1])
        with pytest.raises(IndexError):
            listing[n]
        assert pickle.loads(pickle.dumps(listing)) == expected
        checked += 1
    assert checked >= 6


def test_a_move_read_twice_is_the_same_object_and_the_others_are_not_built() -> None:
    game = _activations(3)[0]
    listing = game.legal_actions()
    runs = [part for part in listing._parts if isinstance(part, LazyRun)]
    assert len(runs) == 1 and isinstance(runs[0], ListedMoves)
    moves = runs[0]
    first = next(i for i, a in enumerate(_fresh(game).legal_actions()) if isinstance(a, Move))
    one = listing[first + len(moves) - 1]  # the last Move
    assert listing[first + len(moves) - 1] is one
    assert sum(m is not None for m in moves.built) == 1
    # its path is the search's path to that hex
    op = game.state.operatives[one.operative]
    assert one.path == move_paths(game, op)[one.destination]
    assert listing.holds(one) and not listing.holds(Move(one.player, one.operative, one.path))


def test_every_move_built_at_once_equals_each_built_alone() -> None:
    game = _activations(4)[0]
    alone = game.legal_actions()
    together = _fresh(game).legal_actions()
    built_alone = [alone[i] for i in range(len(alone))]
    assert list(together) == built_alone


def test_an_action_of_the_listing_and_an_equal_one_apply_alike() -> None:
    game = _activations(5)[0]
    listing = game.legal_actions()
    move = next(a for a in listing if isinstance(a, Move))
    twin = game.clone()
    game.apply(move)
    twin.apply(parse_action(str(move)))  # equal, not the listed object: checked, then applied
    assert game.state.to_dict() == twin.state.to_dict()
    assert [str(e) for e in game.events] == [str(e) for e in twin.events]


def test_a_move_not_listed_is_still_refused() -> None:
    game = _activations(6)[0]
    game.legal_actions()
    op = game.state.operatives[game.state.active or ""]
    assert op.hex is not None
    far = next(h for h in game.grid.hexes if game.grid.distance(op.hex, h) > 12)
    with pytest.raises(ValueError):
        game.apply(Move(game.state.to_act, op.id, (far,)))


@pytest.mark.parametrize("seed", [0, 3])
def test_a_deployment_is_built_as_read_and_reads_as_every_operative_on_its_hexes(
        seed: int) -> None:
    """The Deploy run lists each undeployed operative on each hex deploy_hexes gives it
    (its scout move's hexes too), in order, whichever action is read first."""
    checked = 0
    for game in positions(seed):
        if game.is_over or game.state.step != Step.DEPLOY:
            continue
        player = game.state.to_act
        expected = [Deploy(player, op.id, h) for op in undeployed(game, player)
                    for h in deploy_hexes(game, player, op)]
        run = DeployRule().generate(game, player)
        assert isinstance(run, ListedDeploys) and len(run) == len(expected)
        assert None not in [run[i] for i in reversed(range(len(expected)))]
        assert list(run) == expected
        listing = _fresh(game).legal_actions()
        assert type(listing) is Listing and tuple(listing)[:len(expected)] == tuple(expected)
        checked += 1
    assert checked >= 8
