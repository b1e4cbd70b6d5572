"""The core engine asks a system's declaration, never the system by name: the rule set's book
(game.engine.contract.Book, listed by game.engine.rulebook) and the mission's pack
(game.engine.contract.Pack, listed by game.engine.packs). Here: no core module imports a
system's folder; a pack's turns lead the Fireteam flow into its stages only in its own
missions' games; each game finds its pack and its book's answers."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from game.content import REPO_ROOT
from game.engine import packs
from game.engine.actions import Wait
from game.engine.contract import Detour, Pack, Stage
from game.engine.rulebook import book
from game.engine.rulesets import RuleSet
from game.engine.rulesets.fireteam import table
from game.engine.rulesets.killteam import PackStep
from game.engine.state import Phase
from tests.helpers import new_game

ENGINE = REPO_ROOT / "game" / "engine"
SYSTEMS = ("game.engine.rulesets.skirmish", "game.engine.rulesets.killteam")
# the registries that list the systems, and the public surface that re-exports their names
# until the clients import them from the systems' packages
REGISTRIES = {"rulebook.py", "packs.py", "__init__.py", "rulesets/__init__.py"}


def _imported(path: Path) -> Iterator[tuple[int, str]]:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            yield node.lineno, node.module
            yield from ((node.lineno, f"{node.module}.{a.name}") for a in node.names)
        elif isinstance(node, ast.Import):
            yield from ((node.lineno, a.name) for a in node.names)


def core_imports_of_systems(engine: Path) -> list[str]:
    """``path:line module`` of every import of a system's folder by a module of the core
    engine (the Fireteam rules included), the registries left out."""
    found = []
    for path in sorted(engine.rglob("*.py")):
        relative = path.relative_to(engine).as_posix()
        if relative in REGISTRIES or relative.startswith(("rulesets/skirmish/",
                                                          "rulesets/killteam/")):
            continue
        found += [f"{relative}:{line} {module}" for line, module in _imported(path)
                  if module.startswith(SYSTEMS)]
    return found


def test_no_core_module_imports_a_system_folder() -> None:
    assert core_imports_of_systems(ENGINE) == []


def test_the_import_check_sees_a_system_imported_inside_a_function(tmp_path: Path) -> None:
    (tmp_path / "rulesets" / "fireteam").mkdir(parents=True)
    (tmp_path / "rulesets" / "fireteam" / "end.py").write_text(
        "def f():\n    from game.engine.rulesets import killteam\n")
    (tmp_path / "rulebook.py").write_text("from game.engine.rulesets.skirmish import book\n")
    assert core_imports_of_systems(tmp_path) == [
        "rulesets/fireteam/end.py:2 game.engine.rulesets.killteam"]


# --- a toy pack: one stage of its own after deployment ----------------------------------------

TOY_STAGE = (Phase.SETUP, PackStep.SEARCH_PATTERN)


def _toy_due(game: Any) -> bool:
    return bool(game.due)


TOY = Pack("toy", stages={table.DEPLOY: (Stage(*TOY_STAGE, successors=(table.INITIATIVE,)),)},
           detours=(Detour(table.DEPLOY, table.INITIATIVE, TOY_STAGE, _toy_due, "a toy roll"),))


@pytest.fixture
def toy_pack() -> Iterator[Pack]:
    packs.register_pack("toy", lambda: TOY)
    yield TOY
    packs.unregister_pack("toy")


def _game(pack: str, due: bool) -> Any:
    return SimpleNamespace(config=SimpleNamespace(mission=SimpleNamespace(pack=pack)), due=due)


def test_a_pack_turns_the_flow_into_its_stage_only_in_its_own_missions(toy_pack: Pack) -> None:
    stages = table._with_packs((toy_pack,))
    where = [s.where for s in stages]
    # its stage is listed after the stage it follows, which may now lead to it
    assert where.index(TOY_STAGE) == where.index(table.DEPLOY) + 1
    deploy = stages[where.index(table.DEPLOY)]
    assert deploy.successors == (TOY_STAGE, table.INITIATIVE)
    assert deploy.next(_game("toy", due=True)) == TOY_STAGE
    assert deploy.next(_game("toy", due=False)) == table.INITIATIVE
    assert deploy.next(_game("fireteam", due=True)) == table.INITIATIVE  # not its mission
    # the flow diagram's words for the turn, before the rules' own choice
    assert deploy.choose is not None
    assert deploy.choose.__doc__ == "a toy roll: search_pattern; else initiative"
    # the stages it does not turn off are the rules' own
    assert stages[0] is table.OWN_STAGES[0]
    with pytest.raises(ValueError, match="registered already"):
        packs.register_pack("toy", lambda: TOY)


def test_the_fireteam_flow_holds_the_registered_packs_stages() -> None:
    pack = packs.pack("kill_team")
    assert pack is not None
    ours = {s.where for s in table.OWN_STAGES}
    theirs = {s.where for group in pack.stages.values() for s in group}
    assert set(table.FLOW) == ours | theirs and not ours & theirs
    for rule in pack.rules:
        assert book(RuleSet.FIRETEAM).rules[rule.action] is rule
    # listed after the rules' own, before the two open at any time
    order = list(book(RuleSet.FIRETEAM).rules)
    assert order.index(Wait) < order.index(pack.rules[0].action) < len(order) - 2


def test_each_game_finds_its_pack_and_its_rule_sets_answers() -> None:
    pack_game = new_game(mission="kt_forward_push")
    found = packs.pack_of(pack_game.config)
    assert found is not None and found.id == "kill_team"
    assert pack_game.config.targets == {}  # its missions deal no targets of opportunity
    assert packs.pack_of(new_game().config) is None  # a Fireteam mission has none
    own = book(RuleSet.FIRETEAM)
    assert own.markers == () and own.targets and not own.dangerous
    assert own.save_checks is None and own.flow_doc is not None
