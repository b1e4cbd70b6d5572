"""The skirmish rule set speaks its own rules' words in the log: wounds against a Tough,
hits from Quality tests, Defense rolls, destroyed operatives; the Fireteam words (damage,
taken down) stay the Fireteam rules' own."""

from __future__ import annotations

from game.engine.events import Damaged, TakenDown, event_from_dict, event_to_dict
from game.engine.rulesets.skirmish.events import DefenseRolled, Destroyed, QualityRolled, Wounded
from tests.helpers import seeded_game


def test_wounds_are_counted_against_the_tough() -> None:
    assert str(Wounded("s", 2, 2, "attack", 2)) == "s takes 2 wounds (2 of its Tough 2)"
    assert str(Wounded("b", 1, 3, "attack", 4)) == "b takes 1 wound (3 of its Tough 4)"
    assert str(Wounded("b", 1, 1, "dangerous terrain", 3)) == \
        "b takes 1 wound from dangerous terrain (1 of its Tough 3)"
    assert str(Destroyed("s", 2, "E7", 1, True)) == "s is destroyed"


def test_the_shared_events_keep_the_fireteam_words() -> None:
    assert str(Damaged("s", 3, 7)) == "s suffers 3 damage (7 wounds)"
    assert str(TakenDown("s", 2, "E7")) == "s is taken down"
    # the skirmish events are cases of the shared ones (animations and sounds react alike)
    assert isinstance(Wounded("s", 1, 1, "attack", 2), Damaged)
    assert isinstance(Destroyed("s", 2, "E7"), TakenDown)


def test_quality_tests_give_hits() -> None:
    assert str(QualityRolled("s", "shooting", 3, (3, 3), 2, "Hot-shot lasgun", "i")) == \
        "s shoots i with Hot-shot lasgun: 2 Quality tests (3+) [3, 3]: 2 hits"
    assert str(QualityRolled("g", "melee", 4, (5,), 1, "Power klaw", "s")) == \
        "g strikes s with Power klaw: 1 Quality test (4+) [5]: 1 hit"
    assert str(QualityRolled("h", "melee", 6, (6, 5), 1, "Blade", "b")) == \
        "h strikes b with Blade: 2 Quality tests (fatigued, unmodified 6s only) [6, 5]: 1 hit"
    assert str(QualityRolled("h", "shooting", 4, (2, 1), 0, "Pistol", "b")).endswith(": 0 hits")


def test_defense_rolls_name_cover_and_ap() -> None:
    assert str(DefenseRolled("i", 4, 0, (4, 5), 2)) == \
        "i makes 2 Defense rolls at 4+ [4, 5]: 2 blocked"
    assert str(DefenseRolled("i", 4, -1, (4,), 0)) == \
        "i makes 1 Defense roll at 4+ (-1 for AP) [4]: 0 blocked"
    assert str(DefenseRolled("b", 5, 1, (4, 3), 1, cover=True)) == \
        "b makes 2 Defense rolls at 5+ (+1 for cover) [4, 3]: 1 blocked"
    assert str(DefenseRolled("b", 5, 0, (4,), 1, cover=True)) == \
        "b makes 1 Defense roll at 5+ (+1 for cover, -1 for AP) [4]: 1 blocked"
    assert str(DefenseRolled("b", 5, 0, (6,), 1, unblockable=1)) == \
        "b makes 1 Defense roll at 5+ [6]: 1 blocked, and 1 Rending hit(s) that no roll blocks"


def test_the_new_events_survive_a_save() -> None:
    for event in (Wounded("s", 2, 2, "attack", 2), Destroyed("s", 2, "E7", 1, True)):
        back = event_from_dict(event_to_dict(event))
        assert back == event and type(back) is type(event)


def test_a_whole_skirmish_game_log_speaks_in_wounds() -> None:
    game = seeded_game(6, mission="dual_strike", teams=("gideon", "bad_ladz"),
                       rules="skirmish")  # a seed in which operatives are destroyed
    assert game.is_over
    text = "\n".join(str(e) for e in game.events).lower()
    assert "damage" not in text and "taken down" not in text
    assert "wound" in text and "quality test" in text and "defense roll" in text
    assert any(isinstance(e, Wounded) for e in game.events)
    assert any(isinstance(e, Destroyed) for e in game.events)
    assert all(type(e) is Wounded for e in game.events if isinstance(e, Damaged))
    assert all(type(e) is Destroyed for e in game.events if isinstance(e, TakenDown))


def test_a_battle_ends_with_markers_held_not_vp() -> None:
    from game.engine.events import MissionEnded, Scored
    from game.engine.rulesets.skirmish.events import BattleEnded, MarkersScored

    assert str(MarkersScored(2, 2, 4, "objectives", "objectives held",
                             ("m1", "m2"), "objective held")) == \
        "player 2 holds 2 markers at the end: m1, m2"
    assert str(MarkersScored(1, 1, 4, "objectives", "objectives held", ("m3",))) == \
        "player 1 holds 1 marker at the end: m3"
    assert str(BattleEnded(0, (1, 1), "most objectives")) == \
        "the battle is over: 1 marker to 1 marker held, a draw"
    # a whole game: its score and its end are the skirmish kinds; a Fireteam game's are not
    for rules, kinds in (("skirmish", (MarkersScored, BattleEnded)), ("fireteam", ())):
        game = seeded_game(3, rules=rules)
        scored = [e for e in game.events if isinstance(e, Scored)]
        ended = [e for e in game.events if isinstance(e, MissionEnded)]
        assert ended and (scored or rules == "skirmish")
        for event in (*scored, *ended):
            assert isinstance(event, kinds) if kinds else \
                type(event) in (Scored, MissionEnded), event
            assert event_from_dict(event_to_dict(event)) == event
