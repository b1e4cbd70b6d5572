"""The fuzzer in the suite: 2000 random inputs (mostly clicks on what is clickable, also random
clicks, keys, wheel and resizes) over every scene raise nothing."""

from __future__ import annotations

import pygame
import pytest

from game.ui.headless import fuzz
from tests.ui.conftest import SIZE

pytestmark = pytest.mark.slow  # a fuzz run of thousands of inputs


@pytest.mark.parametrize("seed", [1, 2024])
def test_fuzz_2000_inputs(catalogue, seed, capsys):
    if pygame.display.get_init():
        pygame.event.clear()
    assert fuzz(catalogue, 2000, seed, SIZE) == 0
    out = capsys.readouterr().out
    assert "engine actions applied:" in out and "none" not in out.splitlines()[-1]
