"""The post-game analysis (game/analysis/): fair like the computer player, its costliest
decision the planted one, its result kept with the save, its words a player's."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.ai.puzzles import POSITIONS, load_puzzle
from game.analysis.core import (
    Analysis,
    AnalysisError,
    Record,
    Settings,
    analyse,
    decide,
    load_beside,
    record_from_file,
    record_from_game,
    save_beside,
)
from game.analysis.planted import judge, plant
from game.engine import RandomDice, parse_action
from game.engine.game import Game
from game.services.saves import save_game
from tests.ai.helpers import CATALOGUE
from tests.ai.test_fairness import Sentinel, other_hidden

SMALL = Settings(candidates=2, samples=2, replies=1, rivals=2)


def run(work):  # type: ignore[no-untyped-def]
    while True:
        try:
            next(work)
        except StopIteration as done:
            return done.value


def mid_game(seed: int) -> Game:
    """A game of two random-ish players, stopped in the firefight phase with cards in hand."""
    from game.ai.players import player_for

    game = Game.new(CATALOGUE, "dual_strike", ("gideon", "bad_ladz"), RandomDice(seed))
    players = {1: player_for("greedy", seed), 2: player_for("greedy", seed + 1)}
    steps = 0
    while not game.is_over and (game.state.turning_point < 2 or steps < 40):
        game.apply(players[game.to_act].choose(game.view(game.to_act)))
        steps += 1
        if game.state.turning_point >= 2 and game.state.phase.value == "firefight" \
                and game.state.step.value == "act" and len(game.legal_actions()) > 2:
            break
    return game


def test_equal_views_give_equal_analyses() -> None:
    """Change what the seat cannot see (the other hand, the deck, the dice to come), keep the
    view: the analysis of the decision is the same, and the real dice are never rolled."""
    changed = 0
    for seed in (3, 4, 5):
        game = mid_game(seed)
        seat = game.to_act
        twin = other_hidden(game, seed)
        assert game.view(seat) == twin.view(seat)
        changed += twin.state.hands[3 - seat] != game.state.hands[3 - seat] \
            or twin.state.deck != game.state.deck
        made = game.legal_actions()[0]
        game.dice, twin.dice = Sentinel(), Sentinel()  # type: ignore[assignment]
        one = run(decide(game.view(seat), made, SMALL))
        two = run(decide(twin.view(seat), made, SMALL))
        assert one.to_dict() == two.to_dict()
        assert one.made.values == two.made.values
    assert changed >= 2


def test_the_planted_mistake_is_the_costliest_and_the_answer_named() -> None:
    puzzle = load_puzzle(POSITIONS / "take_down_weapon_1.yaml", CATALOGUE)
    case = plant(puzzle, 7)
    settings = Settings()
    analysis = analyse(case.record, case.seat, 3, settings)
    found, line = judge(case, analysis, settings)
    assert found, line
    top = analysis.top[0]
    assert top.index == 0 and top.cost > 0.3
    assert "Maul" in top.reason or "maul" in top.reason


def test_the_answer_itself_costs_nothing() -> None:
    puzzle = load_puzzle(POSITIONS / "take_down_weapon_1.yaml", CATALOGUE)
    start = puzzle.game.clone(dice=RandomDice(1))
    record = Record(start, [puzzle.best[0]])
    analysis = analyse(record, puzzle.seat, 3, Settings())
    assert [d.found for d in analysis.decisions] == [True]
    assert analysis.top == []


def test_a_save_is_analysed_and_the_result_kept_beside_it(tmp_path: Path) -> None:
    game = mid_game(6)
    path = tmp_path / "game.json"
    save_game(game, path)
    record = record_from_file(path, CATALOGUE)
    assert [str(a) for a in record.actions] == game.log
    # only the last few decisions, to keep the test quick
    short = Record(record.game_at(len(record.actions) - 4), record.actions[-4:])
    analysis = analyse(short, 1, 2, SMALL)
    saved = save_beside(analysis, path, short)
    assert saved.exists()
    again = load_beside(path, 1, short)
    assert again is not None and again.to_dict() == analysis.to_dict()
    assert load_beside(path, 2, short) is None
    # kept for this game only: another game saved under the same name does not show it
    assert load_beside(path, 1, Record(short.start, short.actions[:-1])) is None
    # and the load screen does not list it as a save
    assert saved.suffix != ".json"


def test_a_record_from_a_game_replays_it() -> None:
    game = mid_game(8)
    record = record_from_game(game)
    assert record.game_at(len(record.actions)).state == game.state


def test_words_name_operatives_weapons_and_hexes() -> None:
    from game.analysis.reasons import describe

    puzzle = load_puzzle(POSITIONS / "take_down_weapon_1.yaml", CATALOGUE)
    assert describe(puzzle.game, "1 attack a maul b") == "Attack trooper on D4 with the maul"
    case = plant(puzzle, 7)
    analysis = analyse(case.record, case.seat, 1, Settings())
    reason = analysis.top[0].reason
    assert " VP more " in reason and "%" in reason
    for token in reason.split():
        assert "_" not in token, reason


def test_analysis_round_trips() -> None:
    puzzle = load_puzzle(POSITIONS / "take_down_target_1.yaml", CATALOGUE)
    record = Record(puzzle.game.clone(dice=RandomDice(1)),
                    [parse_action("1 attack a rifle c")])
    analysis = analyse(record, 1, 3, SMALL)
    assert Analysis.from_dict(analysis.to_dict()).to_dict() == analysis.to_dict()


def test_a_journal_is_analysed_with_the_autosave_it_follows(tmp_path: Path) -> None:
    from game.services import journal
    from game.services.userdata import AUTOSAVE

    game = mid_game(9)
    save_game(game, tmp_path / AUTOSAVE)
    later = game.clone()
    path = tmp_path / journal.JOURNAL
    for _ in range(3):
        action = later.legal_actions()[0]
        later.apply(action)
        journal.append(path, later, str(action))
    record = record_from_file(path, CATALOGUE)
    assert [str(a) for a in record.actions] == later.log
    (tmp_path / AUTOSAVE).unlink()
    with pytest.raises(AnalysisError, match="no autosave"):
        record_from_file(path, CATALOGUE)
