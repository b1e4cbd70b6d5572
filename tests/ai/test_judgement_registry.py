"""The computer player asks each rule set's and mission pack's registered judgement
(game.ai.rulesets, declared in game.ai.systems) instead of testing which system is in play:
every rule set of the engine besides Fireteam has one, and the heuristics, the static value,
the greedy level, the AP reading and the mission length follow what is registered."""

from __future__ import annotations

import dataclasses

from game.ai import common, greedy, heuristics, systems
from game.ai.rulesets import last_turning_point, pack_judgement, rule_set_judgement
from game.engine import Game, Phase, RandomDice, RuleSet
from game.engine.rulesets import PLAYS, skirmish
from game.uitest.headless import play_until
from tests.ai.helpers import CATALOGUE


def _game(mission: str, rules: str = "fireteam", seed: int = 3) -> Game:
    game = Game.new(CATALOGUE, mission, ("gideon", "deathless_destroyers"), RandomDice(seed),
                    rules=rules)
    play_until(game, seed, lambda g: g.state.turning_point >= 2)
    return game


def test_every_rule_set_but_fireteam_has_a_judgement_and_fireteam_none() -> None:
    assert set(systems.RULE_SETS) == {str(r) for r in PLAYS} - {str(RuleSet.FIRETEAM)}
    assert rule_set_judgement(_game("dual_strike")) is None


def test_the_searching_and_greedy_scores_and_the_value_are_the_rule_sets(monkeypatch) -> None:
    game = _game("dual_strike", "skirmish")
    action = game.legal_actions()[0]
    registered = systems.RULE_SETS[skirmish.RULE_SET]
    assert heuristics.score(game, action) == registered.score(game, action, False)
    toy = dataclasses.replace(registered, score=lambda g, a, cheap: 42.0 + cheap,
                              value=lambda g, p: -7.0 * p)
    monkeypatch.setitem(systems.RULE_SETS, skirmish.RULE_SET, toy)
    assert heuristics.score(game, action) == 42.0
    assert heuristics.score(game, action, True) == 43.0
    assert greedy.immediate_value(game, action) == 43.0  # the greedy level's is the cheap one
    assert common.evaluate(game, 2) == -14.0


def test_the_ap_reading_follows_the_judgement(monkeypatch) -> None:
    game = _game("dual_strike", "skirmish")
    assert game.state.phase == Phase.FIREFIGHT
    op = game.on_killzone(2)[0]
    assert heuristics.enemy_ap(game, op) is None  # its activations spend no AP
    registered = systems.RULE_SETS[skirmish.RULE_SET]
    monkeypatch.setitem(systems.RULE_SETS, skirmish.RULE_SET,
                        dataclasses.replace(registered, spends_ap=True))
    assert heuristics.enemy_ap(game, op) is not None


def test_a_missions_pack_adds_its_value_and_length(monkeypatch) -> None:
    game = _game("kt_head_hunt")
    pack = pack_judgement(game.config)
    assert pack is not None and pack_judgement(_game("dual_strike").config) is None
    before = common.static_value(game, 1)
    monkeypatch.setitem(systems.PACKS, pack.pack, dataclasses.replace(
        pack, value=lambda g, p, worth: pack.value(g, p, worth) + 100.0,
        last_turning_point=lambda config: 9))
    assert common.static_value(game, 1) == before + 100.0
    assert last_turning_point(game.config) == 9
    assert not heuristics.last_turning_point(game)
    monkeypatch.delitem(systems.PACKS, pack.pack)  # a pack nobody declared: no additions
    assert last_turning_point(game.config) == game.config.turning_points
