"""The tutorial script (assets/tutorial.yaml) is valid against the engine: every expected
action is legal at its step, every step that rolls uses exactly its scripted dice, every step
shows the events it names, every highlight target exists, and replays are identical."""

from __future__ import annotations

import dataclasses

import pytest

from game.engine.actions import parse_action
from game.help.tutorial_script import (
    PANELS,
    Runner,
    ScriptError,
    load_script,
    start,
    validate,
)


@pytest.fixture(scope="module")
def script():
    return load_script()


def test_the_whole_script_plays_on_the_engine(catalogue, script):
    runner = validate(catalogue, script)
    assert runner.step.final
    # the first chapter's mission is played to its end and scored before the second begins
    chapter = next(i for i, s in enumerate(script.steps) if s.position)
    whole = start(catalogue, script, chapter - 1)
    whole.do_step()
    first = whole.game
    assert first.is_over and first.config.mission.id == "dual_strike"
    whole.advance()  # the second chapter: a new game from its position
    assert whole.game is not first and not whole.game.is_over
    assert whole.game.config.mission.id == "data_heist"
    assert [c.id for c in whole.game.config.wargear[1]] == ["medi_pack"]


def test_the_last_chapters_play_a_melee_attack_with_the_fist_and_a_tactical_ploy(catalogue,
                                                                                script):
    from game.engine.actions import Attack, Use

    wanted = {}
    for step in script.steps:
        for notation in step.actions:
            action = parse_action(notation)
            if isinstance(action, Attack) and action.weapon == "power_fist":
                wanted["fist"] = step.index
            if isinstance(action, Use) and action.card == "aggressive_mobility":
                wanted["ploy"] = step.index
    assert set(wanted) == {"fist", "ploy"}
    fist = script.steps[wanted["fist"] - 1]
    assert "Power fist" in fist.text and "Plasma pistol" in fist.text  # the reason to choose


def test_the_second_chapter_is_played_not_read(catalogue, script):
    """Overcharge, wargear and a mission action are actions the player makes; the sight,
    threat and hint steps wait for the tool itself."""
    from game.engine.actions import Attack, MissionAction, Use

    chapter = next(i for i, s in enumerate(script.steps) if s.position)
    actions = [parse_action(a) for s in script.steps[chapter:] for a in s.actions]
    assert any(isinstance(a, Attack) and a.overcharge for a in actions)
    assert any(isinstance(a, Use) for a in actions)
    assert any(isinstance(a, MissionAction) for a in actions)
    tools = [s.tool for s in script.steps[chapter:] if s.kind == "tool"]
    assert tools == ["sight", "threat", "hint", "save"]
    # only each later chapter's opening and the summary are read
    reading = [s.title for s in script.steps[chapter + 1:] if s.kind == "read"
               and not s.position]
    assert reading == [script.steps[-1].title]


def test_a_tool_step_is_done_by_its_tool_at_its_place_only(catalogue, script):
    index = next(i for i, s in enumerate(script.steps) if s.tool == "sight")
    runner = start(catalogue, script, index)
    step = runner.step
    assert runner.why_not(parse_action("1 wait")) is not None  # no action is what it asks
    assert not runner.use_tool("threat", step.target)  # another tool
    other = next(h for h in runner.game.grid.hexes if h != step.target)
    assert not runner.use_tool("sight", other)  # another place
    assert not runner.step_complete()
    assert runner.use_tool("sight", step.target)
    assert runner.step_complete()
    runner.advance()
    assert runner.step.tool == "threat"
    enemy = runner.game.state.operatives[runner.step.target]
    assert not runner.use_tool("threat", step.target)
    assert runner.use_tool("threat", enemy.hex)
    runner.advance()
    assert runner.step.tool == "hint" and runner.use_tool("hint", None)


def test_a_tool_step_names_a_known_tool(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("steps:\n  - {text: x, expect: {tool: zoom}}\n"
                   "  - {text: y, expect: next, final: true}\n")
    with pytest.raises(ScriptError, match="step 1"):
        load_script(bad)


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
                 "TakenDown", "TargetCompleted", "ControlChanged", "Scored", "MissionEnded",
                 "Damaged", "WargearUsed", "MissionActionMade"):
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


def play_alone(catalogue, script, steps):  # type: ignore[no-untyped-def]
    """Play ``steps`` (consecutive), checking that every action of player 2 is the
    computer's and every one of player 1 the player's; the runner and the log they made."""
    runner = start(catalogue, script, steps[0].index - 1)
    log_before = len(runner.game.log)
    for step in steps:
        assert runner.step is step
        assert step.dice or step is steps[0]
        while runner.expected() is not None:
            mover = runner.computer_action()
            wanted = runner.expected()
            assert (mover is not None) == (wanted.player == 2)
            runner.apply(wanted)
        runner.advance()
    return runner, runner.game.log[log_before:]


def test_turning_points_2_and_3_are_played_alone_against_the_scripted_computer(catalogue,
                                                                                script):
    """Issue 37: turning points 2 and 3, each from its strategy phase to its scoring, every
    action of player 1 the player's and every one of player 2 the computer's, on scripted
    dice (no seeded "finish"); the summary after turning point 2, the end screen after the
    mission."""
    chapter = next(s.index for s in script.steps if s.position)
    steps = [s for s in script.steps if s.computer and s.index < chapter]
    assert steps and all(s.computer == 2 and s.kind == "act" for s in script.steps
                         if s.computer)
    runs: list[list] = []
    for step in steps:
        if runs and runs[-1][-1].index == step.index - 1:
            runs[-1].append(step)
        else:
            runs.append([step])
    assert len(runs) == 2
    second, third = runs
    runner, played = play_alone(catalogue, script, second)
    assert played[0].startswith("2 reveal") and runner.game.state.turning_point == 3
    assert sum(1 for a in played if a.startswith("1 activate ")) == 8  # all 8 turns
    assert runner.step.screen == "summary" and runner.step.index == third[0].index - 1
    runner, played = play_alone(catalogue, script, third)
    assert played[0].startswith("1 reveal")  # player 1 has the initiative
    assert sum(1 for a in played if a.startswith("1 activate ")) == 8
    assert runner.game.is_over and runner.game.state.winner == 1
    # the computer finishes no turning point after the first one for the player
    finishes = [s.index for s in script.steps if s.kind == "finish"]
    assert finishes and all(i < second[0].index for i in finishes)
    assert [s.screen for s in script.steps if s.screen] == ["summary", "end"]
    end = next(s for s in script.steps if s.screen == "end")
    assert any(want["type"] == "MissionEnded" for want in third[-1].shows)
    assert end.index > third[-1].index


def test_the_last_turning_point_teaches_holding_objectives(catalogue, script):
    """Turning point 3's steps say it is the last and that holding objectives at its end
    is what scores; the player takes an objective and keeps the other to the end."""
    summary = next(x.index for x in script.steps if x.screen == "summary")
    end = next(x.index for x in script.steps if x.screen == "end")
    last = [s for s in script.steps if s.computer and summary < s.index < end]
    words = " ".join(s.text for s in last)
    assert "last" in last[0].text and "hold" in last[0].text
    assert "objective" in words
    shown = [w for s in last for w in s.shows]
    assert {"type": "ControlChanged", "objective": "obj2", "player": 1} in shown
    runner, _ = play_alone(catalogue, script, last)
    assert runner.game.state.control.get("obj1") == 1


def test_screen_and_computer_are_checked(tmp_path):
    for extra, expect, message in (("screen: intro", "next", "screen:"),
                                   ("screen: end", "finish", "screen:"),
                                   ("computer: 3", '["1 keep"]', "computer:"),
                                   ("computer: 2", "next", "computer:")):
        path = tmp_path / "t.yaml"
        path.write_text(f"steps:\n  - text: a\n    {extra}\n    expect: {expect}\n"
                        "  - text: b\n    final: true\n    expect: next\n", encoding="utf-8")
        with pytest.raises(ScriptError, match=message):
            load_script(path)
