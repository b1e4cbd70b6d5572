"""The computer player asks the engine whether an operative is in cover (``Game.covered``,
one answer per rule set on the rule-set contract) instead of working it out itself: the
skirmish rules' answer counts a sight blocker next to the target, and both the Fireteam
heuristics and the skirmish scores change when the engine's answer changes."""

from __future__ import annotations

import pytest

from game.ai import heuristics
from game.ai.rulesets.skirmish import scores as skirmish_ai
from game.engine import Game, RandomDice
from game.engine.rulesets.skirmish import Shoot
from game.engine.rulesets.skirmish.core import in_cover


def _play_until(game: Game, done, limit: int = 600) -> None:
    pick = 99
    while not done(game):
        assert not game.is_over and len(game.log) < limit, "the position never came"
        legal = [a for a in game.legal_actions() if a.verb not in ("concede", "agree")]
        pick = (pick * 6364136223846793005 + 1442695040888963407) % 2**64
        game.apply(legal[(pick >> 33) % len(legal)])


def test_the_skirmish_answer_is_the_engines_own_and_counts_sight_blockers(catalogue) -> None:
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(4), rules="skirmish")
    _play_until(game, lambda g: len(g.on_killzone(1)) + len(g.on_killzone(2)) >= 8)
    for shooter in game.on_killzone(1):
        for target in game.on_killzone(2):
            assert shooter.hex is not None and target.hex is not None
            assert game.covered(shooter.hex, target) == in_cover(game, shooter, target)
    # a target in the open right behind a sight blocker, shot across it, is in cover (the
    # case the computer player's own reckoning used to miss)
    grid = game.grid
    target = next(t for t in game.on_killzone(2)
                  if skirmish_ai.profile(game, t).stealth is None)
    blockers = grid.cover | grid.blocked
    behind = [(s, t) for t in sorted(grid.hexes) if t not in blockers
              for s in sorted(grid.hexes) if 1 < grid.distance(s, t) <= 6
              and any(h in blockers for h in grid.touched_hexes(s, t)
                      if h in grid.neighbours(t))]
    assert behind
    assert all(game.covered(s, target, t) for s, t in behind[:50])
    # and in the open with nothing next to it, it is not
    open_hex = next(h for h in sorted(grid.hexes) if h not in blockers
                    and not any(n in blockers for n in grid.neighbours(h)))
    near = next(n for n in grid.neighbours(open_hex) if n not in grid.blocked)
    assert game.covered(near, target, open_hex) is False
    assert game.covered(near, target, sorted(grid.cover)[0]) is True

def test_the_fireteam_answer_is_a_cover_hex_beyond_one_hex(catalogue) -> None:
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(4))
    _play_until(game, lambda g: len(g.on_killzone(2)) >= 1)
    target = game.on_killzone(2)[0]
    grid = game.grid
    cover = sorted(grid.cover)[0]
    far = next(h for h in sorted(grid.hexes) if grid.distance(h, cover) > 1)
    next_to = grid.neighbours(cover)[0]
    assert game.covered(far, target, cover) is True
    assert game.covered(next_to, target, cover) is False  # no cover at one hex
    open_hex = next(h for h in sorted(grid.hexes) if h not in grid.cover)
    assert game.covered(far, target, open_hex) is False


@pytest.mark.parametrize("answer", [True, False])
def test_the_skirmish_scores_of_a_shot_follow_the_engines_answer(catalogue, monkeypatch,
                                                                  answer) -> None:
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(4), rules="skirmish")
    _play_until(game, lambda g: any(isinstance(a, Shoot) for a in g.legal_actions()))
    shot = next(a for a in game.legal_actions() if isinstance(a, Shoot))
    ops = game.state.operatives
    shooter, target = ops[shot.operative], ops[shot.target]
    weapon = skirmish_ai.profile(game, shooter).weapon(shot.weapon)
    assert weapon is not None
    monkeypatch.setattr(Game, "covered", lambda self, *args: answer)
    expected = 1.5 * skirmish_ai.harm(game, target, skirmish_ai.expected_wounds(
        game, shooter, weapon, target, answer))
    assert skirmish_ai.score(game, shot) == pytest.approx(expected)


def test_the_fireteam_danger_follows_the_engines_answer(catalogue, monkeypatch) -> None:
    game = Game.new(catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(4))
    _play_until(game, lambda g: g.state.turning_point >= 2)
    seen = {}
    for answer in (False, True):
        monkeypatch.setattr(Game, "covered", lambda self, *args, a=answer: a)
        seen[answer] = sum(heuristics.danger(game, op, op.hex)
                           for op in game.on_killzone(1) if op.hex is not None)
    assert seen[True] < seen[False]  # in cover, the enemies' guns deal less
