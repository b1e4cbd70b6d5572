from __future__ import annotations

import pytest

from game.content import load_catalogue


@pytest.fixture(scope="session")
def catalogue():
    return load_catalogue()
