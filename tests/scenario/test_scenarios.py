"""Every rule and ruling as a scenario file under tests/scenarios/, run through the runner."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import load_catalogue
from game.scenario.loader import load_scenario, run, scenario_files

HERE = Path(__file__).parents[1]
FILES = scenario_files([HERE / "scenarios"])
CATALOGUE = load_catalogue()


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(HERE / "scenarios"))
                                             for p in FILES])
def test_scenario(path: Path) -> None:
    result = run(load_scenario(path, CATALOGUE))
    assert result.ok, "\n".join(result.failures)
