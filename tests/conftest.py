"""Shared test settings: hypothesis is derandomized under CI (HYPOTHESIS_PROFILE=ci)."""

from __future__ import annotations

import os
import tempfile

from hypothesis import HealthCheck, settings

# No test writes into the player's real data folder: the game's user data (saves, settings,
# autosaves, reports) goes to a throwaway folder unless a test sets its own.
os.environ.setdefault("FIRETEAM_HOME", tempfile.mkdtemp(prefix="fireteam-tests-"))

settings.register_profile("ci", derandomize=True, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
