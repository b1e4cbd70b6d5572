"""The Puzzles menu through the screens: the list, a puzzle played to its solution on the play
screen, a wrong answer counted (the solution after two), progress kept in the data folder,
a position exported as a puzzle of one's own, and the puzzle screens in the layout audit."""

from __future__ import annotations

import json
import re

import pygame
import pytest

from game.engine import Attack, Game, RandomDice, Step
from game.services.puzzle_book import PuzzleBook, judge
from game.uitest.driver import Driver
from game.uitest.headless import play_until

MENU_PUZZLES = "Puzzles"


def open_list(app):  # type: ignore[no-untyped-def]
    """The menu, then its Puzzles button clicked: the list scene."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.puzzles import PuzzleListScene

    app.push(MenuScene(app))
    driver = Driver(app)
    driver.pump([])
    driver.click_button(MENU_PUZZLES)
    assert isinstance(app.scene, PuzzleListScene)
    return driver


def open_puzzle(driver: Driver, key: str):  # type: ignore[no-untyped-def]
    """From the list: its theme chosen, then the puzzle's row clicked."""
    from game.ai.puzzles import THEME_TITLES
    from game.ui.scenes.puzzles import PuzzleScene

    scene = driver.app.scene
    puzzle = next(p for p in scene.book.puzzles if p.key == key)
    driver.click_button(THEME_TITLES[puzzle.theme])
    rect = next(r for r, p in driver.app.scene.rows if p.key == key)
    driver.click(rect.center)
    assert isinstance(driver.app.scene, PuzzleScene)
    assert driver.app.scene.puzzle.key == key
    return driver.app.scene


def listed(game: Game, action):  # type: ignore[no-untyped-def]
    """The engine's own listing of ``action`` (a move by any path)."""
    return next(a for a in game.legal_actions() if judge_same(a, action))


def judge_same(a, b) -> bool:  # type: ignore[no-untyped-def]
    from game.ai.puzzles import same

    return same(a, b)


def test_a_puzzle_is_played_to_its_solution_through_the_screens(make_app, home):
    app = make_app()
    driver = open_list(app)
    scene = open_puzzle(driver, "take_down_target_1")
    assert "Take down an enemy with this one shot." in scene.puzzle.goal
    answer = listed(scene.game, scene.puzzle.best[0])
    assert isinstance(answer, Attack)
    driver.perform(answer)  # the clicks a player makes: attack, the brute, the rifle
    assert scene.outcome == "solved"
    assert scene.status()[0].startswith("Solved!")
    # kept in the data folder, and shown as solved in the list
    saved = json.loads((home / "puzzles" / "progress.json").read_text(encoding="utf-8"))
    assert saved["puzzles"]["take_down_target_1"]["solved"] is True
    driver.click_button("Next puzzle")
    following = app.scene
    assert following is not scene and following.puzzle.key == "take_down_target_2"
    driver.click_button("Puzzle list")
    assert app.scene.book.record(scene.puzzle).solved


def test_a_wrong_answer_counts_a_try_and_the_solution_comes_after_two(make_app, home):
    app = make_app()
    driver = open_list(app)
    scene = open_puzzle(driver, "take_down_target_1")
    wrong = next(a for a in scene.game.legal_actions()
                 if isinstance(a, Attack) and a.target == "c")
    driver.click_button("Hint")
    assert scene.status()[0].startswith("Hint: ")
    driver.perform(wrong)
    assert scene.outcome == "wrong" and scene.record.tries == 1
    assert "Not this one" in scene.status()[0] and "The solution" not in scene.status()[0]
    driver.click_button("Try again")
    second = app.scene
    assert second is not scene and second.outcome is None and second.suggestion is None
    driver.perform(listed(second.game, wrong))
    assert second.record.tries == 2 and second.record.solution_shown
    text = second.status()[0]
    assert "The solution: attack brute with the rifle." in text
    assert "2 wounds left" in text  # its reason
    driver.click_button("Try again")
    third = app.scene
    # the solution is marked on the board; Enter plays it, but it does not count as solved
    assert third.suggestion == third.answer() and judge(third.puzzle, third.suggestion)
    driver.key(pygame.K_RETURN)
    assert third.outcome == "shown"
    assert not third.record.solved


def test_progress_is_saved_and_read_back(tmp_path, catalogue):
    book = PuzzleBook.load(catalogue, tmp_path)
    first, second = book.puzzles[:2]
    book.progress.answer(book.key(first), True)
    book.progress.answer(book.key(second), False)
    again = PuzzleBook.load(catalogue, tmp_path)
    assert again.record(first).solved and again.record(first).tries == 0
    assert again.record(second).tries == 1 and not again.record(second).solved
    assert again.solved_count(first.theme) == 1
    # a damaged file is set aside with a notice, never a crash
    (tmp_path / "puzzles" / "progress.json").write_text("{not json", encoding="utf-8")
    damaged = PuzzleBook.load(catalogue, tmp_path)
    assert damaged.progress.records == {} and "could not be read" in damaged.progress.notice
    assert (tmp_path / "puzzles" / "progress.json.bad").is_file()


def test_the_list_is_grouped_by_theme_and_ordered_by_difficulty(catalogue, tmp_path):
    from game.ai.puzzles import THEMES

    book = PuzzleBook.load(catalogue, tmp_path)
    assert len(book.puzzles) >= 30
    assert book.themes() == [*THEMES, "own"]
    themes = [p.theme for p in book.puzzles]
    assert themes == sorted(themes, key=THEMES.index)
    for theme in THEMES:
        levels = [p.difficulty for p in book.of_theme(theme)]
        assert levels == sorted(levels)
    rules = {p.rules for p in book.puzzles}
    assert rules == {"Fireteam", "Skirmish rules", "Kill Team classic"}
    for puzzle in book.puzzles:  # what the screen shows: a player's words, never an id
        assert puzzle.goal and puzzle.hint and puzzle.why, puzzle.path
        for text in (puzzle.goal, puzzle.hint, puzzle.why):
            words = set(re.findall(r"[\w']+", text))
            for op_id in puzzle.game.state.operatives:
                if op_id not in ("a", "i"):  # the article and the pronoun
                    assert op_id not in words, (puzzle.path, op_id, text)


def test_a_position_is_exported_as_a_puzzle_from_the_pause_menu(make_app, home):
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.puzzles import PuzzleExportScene

    app = make_app()
    game = Game.new(app.ctx.catalogue, "dual_strike", ("gideon", "deathless_destroyers"),
                    RandomDice(5))
    play_until(game, 5, lambda g: g.state.step == Step.ACT and g.state.to_act == 1)
    play = PlayScene(app, game, {1: "human", 2: "normal"})
    app.push(play)
    driver = Driver(app)
    driver.key(pygame.K_ESCAPE)
    driver.click_button("Export as a puzzle")
    export = app.scene
    assert isinstance(export, PuzzleExportScene)
    driver.click_button("Save the puzzle")  # no goal typed yet: refused with why
    assert "Type the goal first" in export.message
    assert export.entry is not None
    export.entry.set_text("Take down the leader this activation")
    driver.click_button("Save the puzzle")
    assert export.done, export.message
    book = PuzzleBook.load(app.ctx.catalogue, home)
    own = book.of_theme("own")
    assert [p.goal for p in own] == ["Take down the leader this activation"]
    puzzle = own[0]
    assert puzzle.seat == 1 and puzzle.why.startswith("The computer (hard level) chose to ")
    assert judge(puzzle, puzzle.best[0])
    assert game.log == list(play.game.log)  # the game itself goes on untouched


def test_the_puzzle_screens_pass_the_layout_audit(catalogue, capsys, monkeypatch, tmp_path):
    """The fast tier's check at the smallest window; the whole suite's audit runs every screen
    (these among them) at the four sizes."""
    from game.uitest import audit_layout
    from game.uitest.audit_screens import PUZZLE_SCREENS

    monkeypatch.setenv("FIRETEAM_HOME", str(tmp_path / "home"))
    names = ",".join(PUZZLE_SCREENS)
    code = audit_layout.run(catalogue, names, sizes=(min(audit_layout.SIZES),))
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last == (f"layout audit: {len(PUZZLE_SCREENS)} screens x 1 sizes, 0 clipped or "
                    "overlapping texts, 0 covered operatives, 0 truncated controls, "
                    "0 missing glyphs")
    assert code == 0


@pytest.mark.parametrize("key", ["marker_free_1", "retreat_reactivation_2", "target_reveal_1",
                                 "objective_outnumber_1"])
def test_puzzles_of_each_rule_set_are_solved_through_the_screens(make_app, home, key):
    app = make_app()
    driver = open_list(app)
    scene = open_puzzle(driver, key)
    driver.perform(listed(scene.game, scene.puzzle.best[0]))
    assert scene.outcome == "solved", scene.status()
    assert scene.hint().startswith("Next puzzle (Enter)")


def test_a_puzzle_never_touches_the_autosave(make_app, home):
    app = make_app()
    saved: list[object] = []
    app.ctx.services.autosave = lambda game, setup: saved.append(game)
    driver = open_list(app)
    scene = open_puzzle(driver, "objective_last_move_1")  # its answer ends the mission
    driver.perform(listed(scene.game, scene.puzzle.best[0]))
    assert scene.outcome == "solved" and scene.game.is_over
    assert saved == []
