"""Shared test settings and fixtures: hypothesis is derandomized under CI
(HYPOTHESIS_PROFILE=ci); ``catalogue`` is the shipped content, loaded once per run.

The suite has two tiers: ``python -m pytest`` runs everything; ``python -m pytest -m "not
slow"`` leaves out whole games played through the screens, fuzz runs, wheel builds,
balance workers and the same check's further seeds, sizes or pictures beyond its first cases
(marked ``slow``; ``tests.helpers.tiered`` marks such parameters), for use between edits;
there property tests try a fifth of their examples (``tests.helpers.examples``)."""

from __future__ import annotations

import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

from game.engine import Catalogue

# No test writes into the player's real data folder: the game's user data (saves, settings,
# autosaves, reports) goes to a throwaway folder unless a test sets its own.
os.environ.setdefault("FIRETEAM_HOME", tempfile.mkdtemp(prefix="fireteam-tests-"))

settings.register_profile("ci", derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
# the fast tier (-m "not slow"): a fifth of the examples of each property test
settings.register_profile("fast", settings.get_profile("dev"), max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


def pytest_configure(config: pytest.Config) -> None:
    """Under ``-m "not slow"`` (the fast tier) property tests try fewer examples: a fifth of
    their count (``tests.helpers.examples``), 20 where they name none, unless
    HYPOTHESIS_PROFILE names a profile. The whole suite (CI) tries every one."""
    from tests import helpers

    if " ".join(str(config.getoption("markexpr", "") or "").split()) == "not slow":
        helpers.FAST_TIER = True
        if "HYPOTHESIS_PROFILE" not in os.environ:
            settings.load_profile("fast")


def pytest_ignore_collect(collection_path, config: pytest.Config) -> bool | None:
    """The fast tier does not even import a module whose every test is slow (some play games
    as they are imported)."""
    from tests import helpers

    if helpers.FAST_TIER and collection_path.suffix == ".py" \
            and collection_path.name.startswith("test_"):
        try:
            text = collection_path.read_text(encoding="utf-8")
        except OSError:
            return None
        if "\npytestmark = pytest.mark.slow" in text:
            return True
    return None


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    """The shipped content (shared: do not change it)."""
    from tests.helpers import shipped_catalogue

    return shipped_catalogue()
