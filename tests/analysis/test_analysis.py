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


def test_the_analysis_loads_no_pygame_and_no_private_search_helper() -> None:
    """The analysis runs headless (its words are game.help.words), and imports only what the
    computer player's modules expose (no ``_name`` from game.ai)."""
    import ast
    import subprocess
    import sys

    code = ("import sys, game.analysis.planted, game.analysis.reasons, game.cli.analysis\n"
            "print('pygame' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
    folder = Path(__file__).resolve().parents[2] / "game" / "analysis"
    private = []
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("game."):
                private += [f"{path.name}: {node.module}.{a.name}" for a in node.names
                            if a.name.startswith("_")]
                assert not (node.module or "").startswith("game.ui"), path
    assert private == []


def test_more_games_keep_the_first_ones_and_go_to_the_finalists() -> None:
    """A decision looked at again on more rebuilt games plays the first games as before, and
    the choice made and the best others (``Settings.finalists``) on the rest too."""
    game = mid_game(3)
    view = game.view(game.to_act)
    made = game.legal_actions()[0]
    settings = Settings(candidates=3, samples=2, replies=1, rivals=2, finalists=1)
    quick = run(decide(view, made, settings))
    deep = run(decide(view, made, settings, samples=4))
    assert quick.samples == 2 and deep.samples == 4
    assert deep.made.values[:2] == quick.made.values and len(deep.made.values) == 4
    assert len(deep.best.values) == 4
    # one other besides the choice made went on to the last two games
    assert sum(len(c.values) == 4 for c in [deep.made, deep.best, *deep.others]) == 2 \
        or deep.best is deep.made


def test_only_the_decisions_that_may_be_the_costliest_are_looked_at_again() -> None:
    from game.analysis.core import Choice, Decision, to_refine

    def decision(cost: float, spread: float, found: bool = False) -> Decision:
        made = Choice("1 wait", 0.0, 0.1, values=[0.0, 0.1])
        best = Choice("1 wait", cost, 0.1, values=[cost, cost + 0.2])
        return Decision(0, 1, made, best, [], 0.0 if found else cost, spread, found)

    decisions = [decision(1.0, 0.1), decision(0.3, 0.1), decision(0.7, 0.2),
                 decision(0.04, 0.5, found=True), decision(0.9, 0.05)]
    # the costliest (1.0 ± 0.1) could be reached by 0.7 ± 0.2, 0.9 and the found 0.04 ± 0.5
    assert to_refine(decisions, Settings(refine=4)) == [0, 2, 3, 4]
    assert to_refine(decisions, Settings(refine=2)) == [0, 2]  # the likeliest two


def test_the_two_costliest_are_settled_only_when_their_order_is_uncertain() -> None:
    from game.analysis.core import Choice, Decision, to_settle

    def decision(cost: float, spread: float, found: bool = False) -> Decision:
        made = Choice("1 wait", 0.0, 0.1, values=[0.0, 0.1])
        best = Choice("1 wait", cost, 0.1, values=[cost, cost + 0.2])
        return Decision(0, 1, made, best, [], 0.0 if found else cost, spread, found)

    # 1.0 ± 0.2 and 0.9 ± 0.1 overlap: both again; the found one never counts
    assert to_settle([decision(0.9, 0.1), decision(0.2, 0.1), decision(1.0, 0.2),
                      decision(0.0, 0.9, found=True)]) == [0, 2]
    # 1.0 ± 0.05 is clear of 0.5 ± 0.1: nothing to settle; nor with one costly decision
    assert to_settle([decision(1.0, 0.05), decision(0.5, 0.1)]) == []
    assert to_settle([decision(1.0, 0.5)]) == []


def test_a_candidate_left_out_that_beats_the_finalists_is_played_on_every_game() -> None:
    """On the first games a safe retreat (its worth the same in every game) came out below
    three attacks; on more games the attacks fall below it: it is played on them too and
    named the best, not left out on its first games' worth."""
    puzzle = load_puzzle(POSITIONS / "retreat_leader_kt_1.yaml", CATALOGUE)
    view = puzzle.game.view(puzzle.seat)
    made = parse_action("1 attack ldr plasma_pistol e1")
    decision = run(decide(view, made, Settings(seed=2), samples=64))
    assert decision.best.action == "1 move ldr J7 K7 L6"
    assert len(decision.best.values) == 64
    for choice in decision.others:
        assert len(choice.values) == 64 or choice.worth <= decision.best.worth


def test_a_won_game_counts_the_win_beyond_its_lead() -> None:
    """The last order of a skirmish game: contesting the marker wins 2-1 in every game,
    worth the VP lead (1) and the win (``Settings.win``)."""
    puzzle = load_puzzle(POSITIONS / "marker_contest_1.yaml", CATALOGUE)
    view = puzzle.game.view(puzzle.seat)
    settings = Settings()
    decision = run(decide(view, parse_action("1 advance i O3 O4 O5"), settings))
    assert settings.win == 10.0
    assert decision.made.values == [decision.made.values[0]] * settings.samples
    assert 11.0 <= decision.made.worth <= 11.1  # 1 VP lead + 10 for the win + the prior


def test_a_choice_the_analysis_cannot_tell_from_the_answer_is_of_equal_worth() -> None:
    """The charge wins by two about one game in four and loses the win about one in
    thirty: on the decision's games it comes out 0.11 VP above the answer, within twice
    the standard error of their difference, so the judge counts it as of equal worth."""
    puzzle = load_puzzle(POSITIONS / "marker_contest_3.yaml", CATALOGUE)
    case = plant(puzzle, 1002)
    settings = Settings(seed=1)
    analysis = analyse(case.record, case.seat, 3, settings)
    top = analysis.top[0]
    assert top.index == 0 and top.best.action.startswith("1 charge")
    found, line = judge(case, analysis, settings)
    assert found and "the answer" in line, line
