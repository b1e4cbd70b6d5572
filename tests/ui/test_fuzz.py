"""The fuzzer in the suite: random inputs (mostly clicks on what is clickable, also random
clicks, keys, wheel and resizes) over every scene raise nothing, at the default window size
and at the smallest and a large one."""

from __future__ import annotations

import pygame
import pytest

from game.uitest.headless import fuzz
from tests.ui.conftest import SIZE


@pytest.mark.parametrize(("seed", "size", "inputs"), [
    (1, SIZE, 2000), (2024, SIZE, 2000), (7, (1024, 700), 1500), (8, (1920, 1080), 1500)])
def test_fuzz_random_inputs(catalogue, seed, size, inputs, capsys, home):
    if pygame.display.get_init():
        pygame.event.clear()
    assert fuzz(catalogue, inputs, seed, size) == 0
    out = capsys.readouterr().out
    assert "engine actions applied:" in out and "none" not in out.splitlines()[-1]
