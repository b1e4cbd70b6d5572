"""Campaigns (game/services/campaign.py): the rulebook's "Playing Campaigns" as a state machine, its
spoils, the records kept between campaigns, and saves. The tiebreakers themselves are engine
rules, tested by the scenario files under tests/scenarios/campaign/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.ai.random_player import RandomPlayer
from game.cli import simulate
from game.content import load_catalogue
from game.engine.actions import AgreeResult, Use
from game.engine.events import TiebreakerUsed, event_from_dict, event_to_dict
from game.engine.game import Game
from game.services.campaign import (
    Campaign,
    CampaignError,
    CampaignStore,
    Profile,
    history_lines,
    play_campaign,
)
from tests.helpers import play, tiered

CATALOGUE = load_catalogue()


@pytest.fixture
def store(tmp_path: Path) -> CampaignStore:
    return CampaignStore(tmp_path, CATALOGUE)


def people(store: CampaignStore, *names: str) -> list[Profile]:
    return [store.add_profile(n) for n in names]


def win(campaign: Campaign, winner: int) -> dict[str, Any]:
    """Play the next mission of ``campaign`` with ``winner`` winning it by agreement (the
    engine ends it at once), record it, and pick the first operative of a turned card."""
    game = campaign.next_game()
    game.apply(AgreeResult(game.to_act, winner))
    entry = campaign.record_result(game)
    if campaign.pending:
        campaign.choose_operative(campaign.pending["options"][0])
    return entry


def comparable(campaign: Campaign) -> dict[str, Any]:
    data = campaign.to_dict()
    data.pop("changed")
    data.pop("created")
    data.pop("id")  # two folders: the ids differ, nothing else may
    for seat in data["players"].values():
        seat.pop("profile")
    return data


# --- the state machine ----------------------------------------------------------------------

def test_a_campaign_starts_with_a_random_mission_and_nobody_as_agent(store):
    ann, bob = people(store, "Ann", "Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=3)
    assert campaign.agent == 0
    assert campaign.next["kind"] == "mission" and campaign.next["number"] == 1
    assert campaign.next["mission"] in CATALOGUE.missions
    game = campaign.next_game()
    assert game.config.spec["campaign"] is True
    assert game.config.special_operation is None
    assert "random mission" in campaign.describe_next()


def test_the_special_operation_played_follows_the_battle_honours(store):
    ann, bob = people(store, "Ann", "Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=4)
    win(campaign, 1)  # Ann wins the random mission: she is the agent, no honours
    assert campaign.agent == 1
    assert campaign.next["card"] == "gideon_first"
    game = campaign.next_game()
    assert game.config.special_operation[0] == 1
    assert game.config.special_operation[1].id == "gideon_first"
    win(campaign, 1)  # she wins it: the card turns, back to a random mission
    assert [h["card"] for h in campaign.honours(1)] == ["gideon_first"]
    assert campaign.agent == 0 and campaign.next["kind"] == "mission"
    win(campaign, 2)  # Bob wins the random mission: his first special operation
    assert campaign.next["card"] == "bad_ladz_first"
    win(campaign, 1)  # ...which he loses: Ann becomes the agent, with one honour
    assert campaign.agent == 1
    assert campaign.next["card"] == "gideon_second"
    win(campaign, 1)  # second won: a random mission, Ann wins it, her final comes next
    win(campaign, 1)
    assert campaign.next["card"] == "gideon_final"
    assert campaign.special_operation_for(1).stage == "final"
    assert campaign.special_operation_for(2).stage == "first"
    win(campaign, 2)  # Ann fails her final: Bob is the agent, on his first
    assert campaign.agent == 2 and campaign.next["card"] == "bad_ladz_first"
    assert not campaign.is_over


def test_winning_the_final_special_operation_wins_the_campaign(store):
    ann, bob = people(store, "Ann", "Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=5)
    for _ in range(6):
        win(campaign, 2)
    assert campaign.is_over and campaign.winner == 2
    assert [h["kind"] for h in campaign.history] == ["mission", "special_operation"] * 3
    with pytest.raises(CampaignError):
        campaign.next_game()
    assert store.profile(bob.id).record["campaigns_won"] == 1
    assert store.profile(ann.id).record["missions_played"] == 6
    assert "has won the campaign" in campaign.describe_next()


def test_every_mission_won_draws_wargear_neither_player_holds(store):
    ann, bob = people(store, "Ann", "Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=6)
    for _ in range(5):
        entry = win(campaign, 1)
        assert entry["spoils"] in CATALOGUE.wargear
    held = campaign.wargear(1) + campaign.wargear(2)
    assert len(held) == len(set(held)) == 5  # never a card someone already holds
    assert set(campaign.deck()) == set(CATALOGUE.wargear) - set(held)


def test_wargear_is_kept_until_used_and_returned_after_that_mission(store):
    ann, bob = people(store, "Ann", "Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=7)
    campaign.data["wargear"] = {1: ["medi_pack"], 2: ["auspex"]}
    game = campaign.next_game()
    assert [c.id for c in game.config.wargear[1]] == ["medi_pack"]
    used = False
    while not game.is_over:
        options = game.legal_actions()
        uses = [a for a in options if isinstance(a, Use) and a.player == 1 and not used]
        if uses:
            game.apply(uses[0])
            used = True
        elif len(game.log) > 400:
            game.apply(AgreeResult(game.to_act, 2))
        else:  # nobody else uses a card
            game.apply(next(a for a in options if type(a).__name__ not in
                            ("Use", "Concede", "AgreeResult", "Cancel")))
    assert used and game.state.wargear_used[1] == ["medi_pack"]
    entry = campaign.record_result(game)
    assert entry["wargear_used"] == {1: ["medi_pack"]}
    # used: back in the pile (the winner may even draw it again); unused: still in hand
    assert "auspex" in campaign.wargear(2)
    if entry["spoils"] != "medi_pack":
        assert "medi_pack" not in campaign.wargear(1) and "medi_pack" in campaign.deck()
    assert entry["spoils"] not in ("auspex",)


def test_battle_honours_apply_in_every_later_mission(store):
    ann, bob = people(store, "Ann", "Bob")
    # the same fireteam on both sides: operatives carry p1_/p2_ in the game
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "bad_ladz", 2: "bad_ladz"}, seed=8)
    win(campaign, 1)
    game = campaign.next_game()
    game.apply(AgreeResult(game.to_act, 1))
    campaign.record_result(game)
    assert campaign.pending["card"] == "bad_ladz_first"
    assert campaign.pending["options"] == ["boy1", "boy2", "boy3"]  # Ork Boys only
    with pytest.raises(CampaignError):
        campaign.choose_operative("gitkrusha")
    with pytest.raises(CampaignError):
        campaign.next_game()  # the pick comes first
    campaign.choose_operative("boy2")
    win(campaign, 1)  # random mission, then the second special operation
    win(campaign, 1)
    assert [h["operative"] for h in campaign.honours(1)] == ["boy2", "gitkrusha"]
    for _ in range(2):  # the honours hold in each later mission
        game = campaign.next_game()
        held = {(card.id, op) for card, op in game.config.honours[1]}
        assert held == {("bad_ladz_first", "p1_boy2"), ("bad_ladz_second", "p1_gitkrusha")}
        players = {1: RandomPlayer(5), 2: RandomPlayer(6)}
        while not (game.operative("p1_gitkrusha").on_killzone
                   and game.operative("p2_gitkrusha").on_killzone):  # set up first
            game.apply(players[game.to_act].choose(game))
        boss = game.operative("p1_gitkrusha")
        rival = game.operative("p2_gitkrusha")
        assert game.stat(boss, "defence") == game.stat(rival, "defence") + 1  # Dead 'Ard
        game.apply(AgreeResult(game.to_act, 2))
        campaign.record_result(game)


def test_command_assets_carry_over_against_the_same_opponent_only(store):
    ann, bob, cat = people(store, "Ann", "Bob", "Cat")
    first = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=9)
    for _ in range(6):
        win(first, 1)
    assert first.winner == 1
    assert [a["card"] for a in first.assets(1)] == ["gideon_final"]
    kept = store.profile(ann.id).command_assets
    assert [(a["fireteam"], a["opponent"], a["card"]) for a in kept] == \
        [("gideon", bob.id, "gideon_final")]
    operative = kept[0]["operative"]
    # a new campaign against Bob, Ann with Gideon again: the asset is hers from the start
    again = store.new_campaign({1: bob, 2: ann}, {1: "bad_ladz", 2: "gideon"}, seed=10)
    assert again.assets(2) == [{"card": "gideon_final", "operative": operative,
                                "carried": True}]
    assert ("gideon_final", operative) in {(c.id, op) for c, op in
                                           again.next_game().config.honours[2]}
    # not against another opponent, nor with another fireteam
    other = store.new_campaign({1: ann, 2: cat}, {1: "gideon", 2: "bad_ladz"}, seed=11)
    assert other.assets(1) == []
    assert 1 not in (other.next_game().config.honours or {})
    switched = store.new_campaign({1: ann, 2: bob}, {1: "kappic_eagles", 2: "bad_ladz"},
                                  seed=12)
    assert switched.assets(1) == []
    # when Ann's Gideon next plays its final special operation, the asset goes first
    for _ in range(5):
        win(again, 2)
    assert again.next["card"] == "gideon_final"
    assert again.assets(2) == []
    assert store.profile(ann.id).command_assets == []
    assert "gideon_final" not in {c.id for c, _ in
                                  again.next_game().config.honours.get(2, ())}
    win(again, 2)  # ...and winning it again earns it again
    assert [a["card"] for a in store.profile(ann.id).command_assets] == ["gideon_final"]


# --- saves ----------------------------------------------------------------------------------

def _step(campaign: Campaign, seed: int) -> None:
    if campaign.pending:
        campaign.choose_operative(campaign.pending["options"][-1])
        return
    game = play(campaign.next_game(), (seed, seed + 1))
    assert game.is_over
    campaign.record_result(game)


def test_saved_after_each_step_reloaded_and_continued_it_is_the_same_campaign(tmp_path):
    one = CampaignStore(tmp_path / "one", CATALOGUE)
    two = CampaignStore(tmp_path / "two", CATALOGUE)
    a1, b1 = people(one, "Ann", "Bob")
    kept = one.new_campaign({1: a1, 2: b1}, {1: "quickstrike", 2: "flickering_blade"},
                            seed=21)
    a2, b2 = people(two, "Ann", "Bob")
    reloaded = two.new_campaign({1: a2, 2: b2}, {1: "quickstrike", 2: "flickering_blade"},
                                seed=21)
    step = 0
    while not kept.is_over or kept.pending:
        assert step < 80
        _step(kept, step)
        _step(reloaded, step)
        reloaded = two.campaign(reloaded.id)  # from disk, as after a restart
        assert comparable(reloaded) == comparable(kept)
        step += 1
    assert reloaded.is_over and reloaded.winner == kept.winner


def test_a_campaign_game_saved_mid_mission_still_belongs_to_its_campaign(store):
    ann, bob = people(store, "Ann", "Bob")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=13)
    game = campaign.next_game()
    for _ in range(5):
        game.apply(RandomPlayer(3).choose(game))
    loaded = Game.from_dict(json.loads(json.dumps(game.to_dict())), CATALOGUE)
    assert loaded.config.spec["campaign"] is True
    assert store.campaign_of(loaded).id == campaign.id
    assert campaign.belongs(loaded)
    loaded.apply(AgreeResult(loaded.to_act, 0))
    assert loaded.winner in (1, 2)  # a campaign game never ends level
    campaign.record_result(loaded)
    with pytest.raises(CampaignError):
        campaign.record_result(loaded)  # recorded once only


def test_several_campaigns_load_and_a_damaged_file_is_reported(store):
    ann, bob, cat = people(store, "Ann", "Bob", "Cat")
    c1 = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "bad_ladz"}, seed=1)
    c2 = store.new_campaign({1: cat, 2: bob}, {1: "gideon", 2: "gideon"}, seed=2)
    c3 = store.new_campaign({1: ann, 2: cat}, {1: "quickstrike", 2: "bad_ladz"}, seed=3)
    (store.root / "campaigns" / f"{c2.id}.json").write_text('{"format": 1, "id": ', "utf-8")
    data = c3.to_dict()
    del data["players"]
    (store.root / "campaigns" / f"{c3.id}.json").write_text(json.dumps(data), "utf-8")
    (store.root / "profiles" / "broken.json").write_text("[1, 2", "utf-8")
    assert [c.id for c in store.campaigns()] == [c1.id]
    assert len(store.problems) == 2
    assert any(c2.id in p and "damaged" in p for p in store.problems)
    assert any(c3.id in p and "players" in p for p in store.problems)
    assert {p.name for p in store.profiles()} == {"Ann", "Bob", "Cat"}
    assert any("broken.json" in p for p in store.problems)
    with pytest.raises(CampaignError, match="damaged"):
        store.campaign(c2.id)


def test_profiles_need_distinct_names_and_seats_are_stored(store):
    ann, bob = people(store, "Ann", "Bob")
    with pytest.raises(CampaignError):
        store.add_profile(" ann ")
    with pytest.raises(CampaignError):
        store.add_profile("   ")
    campaign = store.new_campaign({1: ann, 2: bob}, {1: "gideon", 2: "gideon"}, seed=1,
                                  seats={1: "human", 2: "computer"})
    assert store.campaign(campaign.id).players[2]["seat"] == "computer"
    with pytest.raises(CampaignError):
        store.new_campaign({1: ann, 2: ann}, {1: "gideon", 2: "gideon"})


# --- engine event and whole campaigns -------------------------------------------------------

def test_the_tiebreaker_event_is_saved_like_any_other():
    event = TiebreakerUsed(4, 2, "they roll off")
    assert event_from_dict(event_to_dict(event)) == event
    assert "tiebreaker 4" in str(event)


@pytest.mark.parametrize("seed", tiered(range(12)))  # seeds 2-11 in the slow tier
def test_random_campaigns_reach_an_end(seed):
    teams = sorted(CATALOGUE.fireteams)
    players = {1: Profile("a", "A"), 2: Profile("b", "B")}
    campaign = Campaign.start(CATALOGUE, players,
                              {1: teams[seed % len(teams)], 2: teams[(seed * 5) % len(teams)]},
                              seed=seed)
    play_campaign(campaign, seed, quick=True)
    assert campaign.is_over and not campaign.pending
    assert len(history_lines(campaign)) == len(campaign.history)
    finals = [h for h in campaign.history if h["reward"]
              and CATALOGUE.special_operations[h["reward"]].stage == "final"]
    assert len(finals) == 1 and finals[0]["winner"] == campaign.winner


def test_simulate_campaign_command(capsys):
    assert simulate.main(["--campaign", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "wins after" in out and " 1. " in out
