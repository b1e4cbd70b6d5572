"""Which missions each rule set plays is said once (game.engine.rulesets.PLAYS, asked through
``missions_of``): every rule set declares it, and the simulator, the balance table, the
arena and the commands take their lists from it."""

from __future__ import annotations

from game.cli import balance, simulate
from game.engine import RuleSet, missions_of
from game.engine.rulesets import OWN_PACK, PLAYS, skirmish


def test_every_rule_set_declares_the_missions_it_plays() -> None:
    assert set(PLAYS) == {RuleSet.FIRETEAM, skirmish.RULE_SET}


def test_the_lists_follow_the_declaration(catalogue) -> None:
    every = sorted(catalogue.missions)
    pack = {m for m, found in catalogue.missions.items() if found.pack != OWN_PACK}
    assert pack
    assert missions_of(catalogue, RuleSet.FIRETEAM) == every
    assert missions_of(catalogue, "skirmish") == [m for m in every if m not in pack]
    for rules in PLAYS:
        assert simulate.missions_for(catalogue, rules) == missions_of(catalogue, rules)
        assert balance._missions(catalogue, rules) == missions_of(catalogue, rules)


def test_a_changed_declaration_changes_every_list(catalogue, monkeypatch) -> None:
    monkeypatch.setitem(PLAYS, "skirmish", lambda pack: pack != OWN_PACK)
    pack = sorted(m for m, found in catalogue.missions.items() if found.pack != OWN_PACK)
    assert missions_of(catalogue, "skirmish") == pack
    assert simulate.missions_for(catalogue, "skirmish") == pack
    assert balance._missions(catalogue, "skirmish") == pack
