"""Whole-game properties: random games never break an invariant; saves, undo, replays and
the per-player view behave."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from game.ai.random_player import RandomPlayer
from game.cli.simulate import play_random_game
from game.content import load_catalogue
from game.engine import SuddenVictory
from game.engine.actions import Move, parse_action
from game.engine.dice import RandomDice, ReplayDice
from game.engine.game import Game, IllegalActionError, SaveError
from game.engine.invariants import broken_invariants
from game.engine.rulesets.killteam.core import last_turning_point
from game.engine.state import Step
from tests.helpers import examples, new_game
from tests.helpers import play as seeded_play

CATALOGUE = load_catalogue()
MISSIONS = sorted(CATALOGUE.missions)
TEAMS = sorted(CATALOGUE.fireteams)


def play(game: Game, player_seed: int, steps: int) -> None:
    seeded_play(game, (player_seed, player_seed + 1), steps=steps)


@settings(max_examples=examples(12))
@given(seed=st.integers(0, 10**6), mission=st.sampled_from(MISSIONS),
       teams=st.tuples(st.sampled_from(TEAMS), st.sampled_from(TEAMS)))
@example(seed=1532, mission="spearhead", teams=("kappic_eagles", "gideon"))  # sudden victory
def test_random_games_never_break_an_invariant(seed: int, mission: str,
                                               teams: tuple[str, str]) -> None:
    game = play_random_game(CATALOGUE, mission, teams, seed)  # checks after every action
    assert game.is_over and game.winner in (0, 1, 2)
    # the last turning point was played, unless a player reached the mission's sudden
    # victory first (spearhead, data_heist); variable game length (Kill Team classic) may
    # add turning points, never more than allowed
    sudden = any(isinstance(e, SuddenVictory) for e in game.events)
    assert game.config.turning_points <= game.turning_point <= last_turning_point(game.config) \
        or sudden
    assert not sudden or game.config.mission is not None and game.config.mission.sudden_victory


@settings(max_examples=examples(15))
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 250))
def test_a_game_saved_anywhere_continues_identically(seed: int, steps: int) -> None:
    game = new_game(seed)
    play(game, seed, steps)
    saved = json.loads(json.dumps(game.to_dict()))
    copy = Game.from_dict(saved, CATALOGUE)
    assert copy.state.to_dict() == game.state.to_dict()
    assert [str(a) for a in copy.legal_actions()] == [str(a) for a in game.legal_actions()]
    play(game, seed + 7, 400)
    play(copy, seed + 7, 400)
    assert copy.state.to_dict() == game.state.to_dict()
    assert copy.log == game.log


@settings(max_examples=examples(15))
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 200))
def test_undo_returns_the_exact_previous_state(seed: int, steps: int) -> None:
    game = new_game(seed)
    play(game, seed, steps)
    # the last AP spent ends the activation (docs/rules-decisions.md, "Firefight phase"): no undo
    if game.is_over or game.state.step != Step.ACT or game.state.ap_left < 2:
        return
    moves = [a for a in game.legal_actions() if isinstance(a, Move)]
    if not moves:
        return
    before = game.state.to_dict()
    legal_before = [str(a) for a in game.legal_actions()]
    game.apply(moves[len(moves) // 2])
    game.undo()
    assert game.state.to_dict() == before
    assert [str(a) for a in game.legal_actions()] == legal_before


def test_nothing_to_undo_at_the_start() -> None:
    with pytest.raises(IllegalActionError):
        new_game(5).undo()


def test_replaying_the_log_with_the_recorded_dice_gives_the_same_game() -> None:
    game = play_random_game(CATALOGUE, "power_up", ("gideon", "deathless_destroyers"), 21)
    replay = Game.new(CATALOGUE, "power_up", ("gideon", "deathless_destroyers"),
                      ReplayDice(game.record))
    for line in game.log:
        replay.apply(parse_action(line))
    assert replay.state.to_dict() == game.state.to_dict()
    assert replay.winner == game.winner


def test_one_seed_gives_one_game() -> None:
    a = play_random_game(CATALOGUE, "dual_strike", ("gideon", "deathless_destroyers"), 4)
    b = play_random_game(CATALOGUE, "dual_strike", ("gideon", "deathless_destroyers"), 4)
    assert a.log == b.log and a.record == b.record


def test_view_hides_the_other_hand_and_the_deck() -> None:
    game = new_game(8)
    view = game.view(1)
    assert list(view.hand) == game.state.hands[1]
    assert view.state.hands[2] == [] and view.hand_sizes[1] == len(game.state.hands[2])
    assert view.state.deck == [] and view.deck_size == len(game.state.deck)
    shown = json.dumps([str(e.for_viewer(1)) for e in view.events]) + repr(view.events)
    for card in game.state.hands[2]:
        assert card not in shown or card in game.state.hands[1]


def test_illegal_action_leaves_the_game_unchanged() -> None:
    game = new_game(2)
    before = game.state.to_dict()
    with pytest.raises(IllegalActionError) as error:
        game.apply(parse_action(f"{3 - game.to_act} keep"))
    assert "decision" in str(error.value)
    assert game.state.to_dict() == before


@pytest.mark.parametrize("damage, message", [
    (lambda d: d.pop("state"), "state"),
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(format="chess"), "format"),
    (lambda d: d["config"].update(mission="no_such_mission"), "no_such_mission"),
    (lambda d: d["state"]["operatives"][0].update(card="gretchin"), "gretchin"),
    (lambda d: d["state"]["operatives"][0].update(hex="Z99"), "Z99"),
    (lambda d: d["state"].pop("phase"), "phase"),
])
def test_a_broken_save_names_what_is_wrong(damage: object, message: str) -> None:
    data = json.loads(json.dumps(new_game(1).to_dict()))
    damage(data)  # type: ignore[operator]
    with pytest.raises(SaveError) as error:
        Game.from_dict(data, CATALOGUE)
    assert message in str(error.value)


def test_invariants_hold_at_the_start() -> None:
    assert broken_invariants(new_game(0)) == []


def _fixture_game() -> Game:
    from pathlib import Path

    from game.scenario.loader import load_scenario
    path = Path(__file__).parent / "fixtures" / "undo.yaml"
    return load_scenario(path, CATALOGUE).game


def test_moves_undo_one_by_one_within_the_activation() -> None:
    game = _fixture_game()
    game.apply(parse_action("1 activate a"))
    start = game.state.to_dict()
    game.apply(parse_action("1 move a B1"))
    after_first = game.state.to_dict()
    game.apply(parse_action("1 move a C2"))
    game.undo()
    assert game.state.to_dict() == after_first
    game.undo()
    assert game.state.to_dict() == start
    assert game.log == ["1 activate a"]


def test_a_dice_roll_is_a_commit_point() -> None:
    game = _fixture_game()
    game.apply(parse_action("1 activate a"))
    game.apply(parse_action("1 move a B1 C2"))
    game.apply(parse_action("1 attack a carbine b"))
    assert not game.can_undo
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        game.undo()


def test_cancel_an_activation_before_any_ap_is_spent() -> None:
    from pathlib import Path

    from game.scenario.loader import load_scenario
    path = Path(__file__).parents[1] / "scenarios" / "turns" / "cancel_before_spending_ap.yaml"
    game = load_scenario(path, CATALOGUE).game
    before = game.state.to_dict()
    game.apply(parse_action("1 activate a"))
    game.apply(parse_action("1 cancel"))
    assert game.state.to_dict() == before
    # the choice is taken back, not the turn: a is not offered again in this turn
    assert "cancelled in this turn" in (game.why_not(parse_action("1 activate a")) or "")
    assert [str(a) for a in game.legal_actions() if type(a).__name__ == "Activate"] == \
        ["1 activate b"]


def test_an_only_choice_cannot_be_cancelled() -> None:
    game = _fixture_game()
    game.apply(parse_action("1 activate a"))
    assert "no other operative" in (game.why_not(parse_action("1 cancel")) or "")


@settings(max_examples=examples(10))
@given(seed=st.integers(0, 10**6), mission=st.sampled_from(MISSIONS),
       teams=st.tuples(st.sampled_from(TEAMS), st.sampled_from(TEAMS)),
       data=st.data())
def test_random_games_with_campaign_cards_never_break_an_invariant(
        seed: int, mission: str, teams: tuple[str, str], data: st.DataObject) -> None:
    wargear = sorted(CATALOGUE.wargear)
    held = {p: data.draw(st.lists(st.sampled_from(wargear), max_size=3, unique=True))
            for p in (1, 2)}
    agent = data.draw(st.sampled_from([1, 2]))
    specials = sorted(s for s, c in CATALOGUE.special_operations.items()
                      if c.fireteam == teams[agent - 1])
    special = data.draw(st.sampled_from(specials))
    probe = Game.new(CATALOGUE, mission, teams, RandomDice(seed))
    mine = sorted(o.id for o in probe.state.operatives.values() if o.player == agent)
    honours = {agent: [{"card": special, "operative": data.draw(st.sampled_from(mine))}]}
    game = Game.new(CATALOGUE, mission, teams, RandomDice(seed), wargear=held,
                    special_operation={"player": agent, "card": special}, honours=honours)
    players = {1: RandomPlayer(seed), 2: RandomPlayer(seed + 1)}
    for _ in range(5000):
        if game.is_over:
            break
        before = game.vp
        game.apply(players[game.to_act].choose(game))
        assert broken_invariants(game, before) == []
    assert game.is_over
    copy = Game.from_dict(json.loads(json.dumps(game.to_dict())), CATALOGUE)
    assert copy.state.to_dict() == game.state.to_dict()
