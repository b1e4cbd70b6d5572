"""The tutorial script (assets/tutorial.yaml) is valid against the engine: every expected
action is legal at its step, every step that rolls uses exactly its scripted dice, every step
shows the events it names, every highlight target exists, and replays are identical."""

from __future__ import annotations

import dataclasses

import pytest

from game.content import load_catalogue
from game.engine.actions import parse_action
from game.tutorial_script import (
    PANELS,
    Runner,
    ScriptError,
    load_script,
    start,
    validate,
)


@pytest.fixture(scope="module")
def catalogue():
    return load_catalogue()


@pytest.fixture(scope="module")
def script():
    return load_script()


def test_the_whole_script_plays_on_the_engine(catalogue, script):
    runner = validate(catalogue, script)
    assert runner.step.final
    assert runner.game.is_over  # the mission is played to its end and scored


def test_every_expected_action_is_legal_at_its_step(catalogue, script):
    runner = Runner(catalogue, script)
    while not runner.step.final:
        while runner.step.kind == "act" and not runner.step_complete():
            action = runner.expected()
            assert action is not None
            assert runner.game.why_not(action) is None, (runner.step.index, str(action))
            runner.apply(action)
        if runner.step.kind == "finish":
            runner.finish_turning_point()
        runner.advance()


def test_steps_use_exactly_their_scripted_dice(catalogue, script):
    rolled = [s for s in script.steps if s.dice]
    assert rolled, "the story needs scripted dice"
    for step in rolled:  # one die fewer: the step cannot be done
        short = dataclasses.replace(step, dice=step.dice[:-1])
        broken = dataclasses.replace(script, steps=[short if s is step else s
                                                    for s in script.steps])
        with pytest.raises(ScriptError, match=f"step {step.index}"):
            validate(catalogue, broken)
    step = rolled[0]  # one die more: left over, refused
    long = dataclasses.replace(step, dice=(*step.dice, 6))
    broken = dataclasses.replace(script, steps=[long if s is step else s
                                                for s in script.steps])
    with pytest.raises(ScriptError, match="not rolled"):
        validate(catalogue, broken)


def test_a_step_whose_event_does_not_happen_is_refused(catalogue, script):
    step = next(s for s in script.steps if s.shows and s.kind == "act")
    wrong = dataclasses.replace(step, shows=({"type": "TakenDown", "operative": "nobody"},))
    broken = dataclasses.replace(script, steps=[wrong if s is step else s
                                                for s in script.steps])
    with pytest.raises(ScriptError, match=f"step {step.index}"):
        validate(catalogue, broken)


def test_the_story_shows_what_it_promises(catalogue, script):
    shown = {want["type"] for step in script.steps for want in step.shows}
    for kind in ("RollOff", "TargetsDealt", "Mulliganed", "Deployed", "InitiativeRolled",
                 "TargetRevealed", "PloyPlayed", "Activated", "Moved", "Waited",
                 "HitDiceRolled", "CoverBlock", "BlocksAssigned", "AttackResolved",
                 "TakenDown", "TargetCompleted", "ControlChanged", "Scored", "MissionEnded"):
        assert kind in shown, kind
    finishes = [s for s in script.steps if s.kind == "finish"]
    assert 1 <= len(finishes) <= 3


def test_highlight_targets_exist(catalogue, script):
    runner = Runner(catalogue, script)
    targets = 0
    while True:
        target = runner.step.target
        if target and target.startswith("panel:"):
            assert target[6:] in PANELS
        elif target and target not in ("auto",) and not target.startswith(
                ("button:", "card:")):
            game = runner.game
            assert target in game.grid.hexes or game.state.operatives[target].on_killzone
        targets += target is not None
        if runner.step.final:
            break
        runner.do_step()
        runner.advance()
    assert targets >= len(script.steps) - 3


def test_actions_are_in_the_notation(script):
    for step in script.steps:
        for text in step.actions:
            assert str(parse_action(text)).split() == text.split() or "move" in text


def test_a_replay_to_any_step_is_the_same_game(catalogue, script):
    whole = Runner(catalogue, script)
    for index in (10, 30, len(script.steps) - 1):
        while whole.index < index:
            whole.do_step()
            whole.advance()
        again = start(catalogue, script, index)
        assert again.game.log == whole.game.log
        assert [str(e) for e in again.game.events] == [str(e) for e in whole.game.events]


def test_texts_are_short_and_every_step_has_a_topic(script):
    for step in script.steps:
        assert step.title and step.topic, step.index
        assert 20 <= len(step.text) <= 420, (step.index, len(step.text))
