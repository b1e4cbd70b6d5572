"""The flow table (game/engine/rulesets/fireteam/table.py): what it declares is what the engine
does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from game.content import REPO_ROOT
from game.engine.flow_doc import BEGIN, END, is_current, render
from game.engine.rulesets import fireteam as rules
from game.engine.rulesets.fireteam.table import ANYTIME, FLOW, STAGES, START, STEPS_OF_PHASE, Stage
from game.engine.rulesets.killteam import PackStep
from game.engine.save_check import STEPS_OF_PHASE as SAVE_STEPS
from game.engine.state import Phase, Step
from tests.helpers import seeded_game

DOC = REPO_ROOT / "docs" / "engine.md"


def test_the_documented_flow_is_the_table() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert is_current(text), "run python tools/gen_flow_doc.py"
    assert text.count(BEGIN) == 1 and text.count(END) == 1


def test_the_diagram_has_every_stage_and_edge() -> None:
    text = render()
    for stage in STAGES:
        for where in stage.successors:
            assert re.search(rf"{stage.phase.value}\S* --> {where[0].value}", text)


def test_actions_listed_at_each_step_are_the_tables() -> None:
    for stage in STAGES:
        if stage.waits_for:
            listed = {rule.action for rule in rules.BY_STEP[stage.step]}
            assert listed == set(stage.waits_for) | set(ANYTIME), stage.where


def test_every_action_rule_is_taken_somewhere() -> None:
    taken = {a for s in STAGES for a in s.waits_for} | set(ANYTIME)
    assert taken == set(rules.RULES)


def test_save_checker_steps_are_the_waiting_stages() -> None:
    assert SAVE_STEPS == {str(p): tuple(s) for p, s in STEPS_OF_PHASE.items()}
    assert STEPS_OF_PHASE[Phase.FIREFIGHT] == (PackStep.ARRIVE, Step.ACTIVATE, Step.ACT)
    # the Kill Team classic pack waits at the initiative (seizing it) and at the end (the
    # game length die); the Fireteam missions never do
    assert STEPS_OF_PHASE[Phase.END] == (PackStep.GAME_LENGTH,)
    assert STEPS_OF_PHASE[Phase.INITIATIVE] == (PackStep.SEIZE,)


def test_every_stage_is_reachable_and_leads_to_the_end() -> None:
    seen, todo = {START}, [START]
    while todo:
        for nxt in FLOW[todo.pop()].successors:
            assert nxt in FLOW
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert seen == set(FLOW)
    assert [s.where for s in STAGES if not s.successors] == [(Phase.OVER, Step.NONE)]


def test_a_stage_cannot_move_where_it_does_not_declare() -> None:
    stage = Stage(Phase.SETUP, Step.NONE, successors=((Phase.SETUP, Step.DEPLOY),),
                  choose=lambda game: (Phase.OVER, Step.NONE))
    with pytest.raises(AssertionError, match="never leads to"):
        stage.next(None)  # type: ignore[arg-type]


def test_a_whole_game_waits_only_at_declared_stages() -> None:
    game = seeded_game(7, until=lambda g: g.is_over)
    assert game.is_over
    assert game.state.turning_point == game.config.turning_points or game.winner


@pytest.mark.parametrize("seed", [1, 2])
def test_every_decision_is_at_a_waiting_stage(seed: int) -> None:
    waiting = {s.where for s in STAGES if s.waits}
    seen: set[tuple[Phase, Step]] = set()

    def check(game: object) -> bool:
        state = game.state  # type: ignore[attr-defined]
        where = (state.phase, state.step)
        assert where in waiting
        seen.add(where)
        return False

    seeded_game(seed, until=check)
    assert {(Phase.SETUP, Step.DEPLOY), (Phase.FIREFIGHT, Step.ACT)} <= seen


def test_each_turning_point_after_the_first_starts_at_turn_one() -> None:
    game = seeded_game(3, until=lambda g: g.turning_point == 2)
    assert game.state.step == Step.REVEAL or game.state.step == Step.PLOY
    assert game.turn == 1
    game = seeded_game(3, until=lambda g: g.turning_point == 2 and g.state.step == Step.ACTIVATE)
    assert game.turn == 1


def test_only_the_runner_and_the_end_of_the_mission_move_the_game() -> None:
    engine = REPO_ROOT / "game" / "engine"
    movers = sorted(str(p.relative_to(engine)) for p in engine.rglob("*.py")
                    if re.search(r"^\s*[\w.]*state\.(phase|step)\s*(,[^=\n]*)?=[^=]",
                                 p.read_text(encoding="utf-8"), re.MULTILINE))
    assert movers == ["flow.py", str(Path("rulesets") / "fireteam" / "end.py")]


def test_the_skirmish_flow_has_its_own_generated_section() -> None:
    from game.engine.flow_doc import FLOWS, replace_section
    from game.engine.rulesets import skirmish
    from game.engine.rulesets.skirmish.table import STAGES as SKIRMISH_STAGES

    flow = FLOWS[skirmish.RULE_SET]
    text = DOC.read_text(encoding="utf-8")
    assert text.count(flow.begin) == 1 and text.count(flow.end) == 1
    section = text[text.index(flow.begin):text.index(flow.end)]
    assert section == render(skirmish.RULE_SET)[:-len(flow.end)]
    for stage in SKIRMISH_STAGES:
        assert f"| `{stage.phase.value}" in section
        for where in stage.successors:
            assert re.search(rf"{stage.phase.value}\S* --> {where[0].value}", section)
    # the edges carry the conditions the table's choices give
    assert "firefight_activate --> firefight_strike_back: a strike back owed" in section
    assert "firefight_morale --> firefight_push: a Shaken target to push" in section
    # a stale skirmish section is caught (the check CI runs), and regenerated in place
    stale = text.replace("| `firefight: push` |", "| `firefight: pushing` |")
    assert stale != text and not is_current(stale)
    assert replace_section(stale) == text
    # a document without it gets it appended under its own heading
    bare = text[:text.index(flow.begin)] + text[text.index(flow.end) + len(flow.end):]
    assert "## The flow of a skirmish game" in replace_section(bare)
