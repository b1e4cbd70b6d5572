"""Saves on disk: atomic, and a broken file is reported with its name, losing nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content import load_catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game, SaveError
from game.saves import load_game, save_game

CATALOGUE = load_catalogue()


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    game = Game.new(CATALOGUE, "power_up", ("gideon", "deathless_destroyers"), RandomDice(4))
    path = tmp_path / "slot1.json"
    save_game(game, path)
    loaded = load_game(path, CATALOGUE)
    assert loaded.state.to_dict() == game.state.to_dict()
    assert [p.name for p in tmp_path.iterdir()] == ["slot1.json"]  # no temporary left over


def test_a_failed_save_keeps_the_previous_file(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(CATALOGUE, "dual_strike", ("gideon", "gideon"), RandomDice(1))
    path = tmp_path / "slot.json"
    save_game(game, path)
    original = path.read_text()

    def explode(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("game.saves.json.dump", explode)
    with pytest.raises(OSError):
        save_game(game, path)
    assert path.read_text() == original
    assert [p.name for p in tmp_path.iterdir()] == ["slot.json"]


def test_a_corrupt_save_names_the_file_and_position(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "fireteam-save",\n "version": 1,\n oops}')
    with pytest.raises(SaveError, match=r"broken\.json:3:\d+: not valid JSON"):
        load_game(path, CATALOGUE)


def test_a_missing_save_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="nothing.json"):
        load_game(tmp_path / "nothing.json", CATALOGUE)
