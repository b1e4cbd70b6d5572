"""Each system declares its steps, flags and state fields in its own folder; the core copies
and saves a game's state without knowing them, and the saves written before (when the core's
state held every system's fields) load and play on exactly as they did.

The fixtures were written by the code of commit 95ec65f: a save of a Fireteam game, one of a
Kill Team classic mission (night fighting in force, an operative removed) and one of a
skirmish game in the middle of a charge, each with the actions that code went on to play
from it and the state it reached."""

from __future__ import annotations

import dataclasses
import json
from enum import StrEnum
from pathlib import Path

import pytest

from game.engine import persist
from game.engine.actions import parse_action
from game.engine.game import Game
from game.engine.rulesets.killteam import PackState, PackStep
from game.engine.rulesets.skirmish import SkirmishFlag, SkirmishState, SkirmishStep
from game.engine.state import FLAGS, STEPS, State, Step, register_state

FIXTURES = Path(__file__).parent / "fixtures" / "saves_before_system_states"
STATES = {"fireteam": State, "kill_team": PackState, "skirmish": SkirmishState}


@pytest.mark.parametrize("name", sorted(STATES))
def test_a_save_of_before_loads_and_plays_on_as_it_did(name: str, catalogue) -> None:
    fixture = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    game = persist.load(Game, fixture["save"], catalogue)
    assert type(game.state) is STATES[name]
    for line in fixture["then"]:
        game.apply(parse_action(line))
    now, then = game.state.to_dict(), fixture["after"]
    # the fields this game's state keeps are as they were; the others' were their defaults
    assert now == {key: then[key] for key in now}
    defaults = State().to_dict() | SkirmishState().to_dict() | PackState().to_dict()
    assert all(then[key] == defaults[key] for key in set(then) - set(now))


def test_a_system_state_is_copied_whole_and_independent() -> None:
    state = SkirmishState(order="charge", target="x", pending="strike_back",
                          wounds_now={"x": 1})
    copy = state.copy()
    assert type(copy) is SkirmishState and copy == state
    copy.wounds_now["x"] = 2
    assert state.wounds_now == {"x": 1}
    kt = PackState(broken=[1], first_removed=2, night=True)
    kt_copy = kt.copy()
    kt_copy.broken.append(2)
    assert kt.broken == [1] and type(kt_copy) is PackState and kt_copy.night


def test_a_state_saves_only_its_own_fields_and_reads_them_back() -> None:
    state = PackState(broken=[2], night=True)
    data = state.to_dict()
    assert {"broken", "first_removed", "night"} <= set(data) and "order" not in data
    assert PackState.from_dict(data) == state
    assert "broken" not in State().to_dict()


def test_a_step_is_read_across_every_systems_steps() -> None:
    for step in (*Step, *PackStep, *SkirmishStep):
        assert STEPS[step.value] == step
        state = State(step=step)
        assert State.from_dict(state.to_dict()).step == step
    assert all(FLAGS[flag.value] == flag for flag in SkirmishFlag)
    with pytest.raises(ValueError, match="unknown step 'nowhere'"):
        State.from_dict({**State().to_dict(), "step": "nowhere"})


def test_a_field_of_a_kind_the_copy_does_not_know_is_refused() -> None:
    @dataclasses.dataclass
    class Odd(State):
        odd: set[str] = dataclasses.field(default_factory=set)

    with pytest.raises(KeyError):
        register_state(Odd)


def test_a_new_systems_steps_register_beside_the_others() -> None:
    class ToyStep(StrEnum):
        TALLY = "toy_tally"

    from game.engine.state import register_steps

    register_steps(ToyStep)
    try:
        assert State.from_dict({**State().to_dict(), "step": "toy_tally"}).step == "toy_tally"
    finally:
        del STEPS["toy_tally"]


def test_a_state_class_copies_nothing_until_registered() -> None:
    @dataclasses.dataclass
    class Unlisted(State):
        extra: int = 0

    with pytest.raises(TypeError, match="Unlisted is not registered"):
        Unlisted().copy()
    register_state(Unlisted)
    copy = Unlisted(extra=3).copy()
    assert type(copy) is Unlisted and copy.extra == 3


def test_the_fireteam_rules_took_every_registered_packs_rules_and_stages() -> None:
    # the registry imports the packs before the rule sets: the Fireteam rules build their
    # rules and flow table from the packs registered when they load
    from game.engine.packs import all_packs
    from game.engine.rulesets import fireteam
    from game.engine.rulesets.fireteam.table import FLOW

    packs = all_packs()
    assert packs
    for pack in packs:
        assert all(fireteam.RULES.get(rule.action) is rule for rule in pack.rules)
        assert all(stage.where in FLOW for group in pack.stages.values() for stage in group)
        assert all(step in fireteam.BY_STEP for step in pack.step_words)
