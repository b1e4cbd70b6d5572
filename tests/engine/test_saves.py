"""Saves on disk: atomic, and a broken file is reported with its name, losing nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.content import load_catalogue
from game.engine.dice import RandomDice
from game.engine.game import Game, SaveError
from game.services.saves import clean_leftovers, load_game, save_game

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

    monkeypatch.setattr("game.services.saves.json.dump", explode)
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


def test_bad_bytes_are_a_save_error_naming_file_and_position(tmp_path: Path) -> None:
    path = tmp_path / "bytes.json"
    path.write_bytes(b'{"format":\n "fireteam-\xff-save"}')
    with pytest.raises(SaveError, match=r"bytes\.json:2:12: not UTF-8 text \(byte 22"):
        load_game(path, CATALOGUE)


def test_nesting_too_deep_for_json_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SaveError, match="deep.json"):
        load_game(path, CATALOGUE)


def test_json_that_is_not_a_save_is_a_save_error(tmp_path: Path) -> None:
    path = tmp_path / "list.json"
    path.write_text("[1, 2]")
    with pytest.raises(SaveError, match="list.json: a save must be a JSON object"):
        load_game(path, CATALOGUE)


def _leftover(folder: Path, slot: str, tag: str = "abcd1234") -> Path:
    path = folder / f".{slot}.{tag}.tmp"
    path.write_text('{"half": ')
    return path


def test_the_next_save_removes_leftovers_of_an_interrupted_save(tmp_path: Path) -> None:
    game = Game.new(CATALOGUE, "power_up", ("gideon", "deathless_destroyers"), RandomDice(4))
    _leftover(tmp_path, "slot.json")
    fresh_other = _leftover(tmp_path, "other.json")
    stale_other = _leftover(tmp_path, "third.json")
    os.utime(stale_other, (0, 0))
    save_game(game, tmp_path / "slot.json")
    assert sorted(p.name for p in tmp_path.iterdir()) == [fresh_other.name, "slot.json"]


def test_clean_leftovers_removes_only_leftovers(tmp_path: Path) -> None:
    ours = [_leftover(tmp_path, "a.json"), _leftover(tmp_path, "b.json", "x_y9z0ab")]
    keep = [tmp_path / "a.json", tmp_path / ".hidden.tmp", tmp_path / "notes.tmp"]
    for path in keep:
        path.write_text("{}")
    assert sorted(clean_leftovers(tmp_path)) == sorted(ours)
    assert sorted(tmp_path.iterdir()) == sorted(keep)


def test_the_folder_is_synced_after_the_rename(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(CATALOGUE, "dual_strike", ("gideon", "gideon"), RandomDice(1))
    synced: list[str] = []
    real_open = os.open

    def spy_open(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if Path(path) == tmp_path:
            assert (tmp_path / "slot.json").exists()  # after the rename
            synced.append(os.fspath(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr("game.services.saves.os.open", spy_open)
    save_game(game, tmp_path / "slot.json")
    assert synced == [os.fspath(tmp_path)]


def test_a_folder_that_cannot_be_synced_is_tolerated(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    game = Game.new(CATALOGUE, "dual_strike", ("gideon", "gideon"), RandomDice(1))

    real_open = os.open

    def refuse_folders(path: str | os.PathLike[str], flags: int, *args: int) -> int:
        if Path(path).is_dir():
            raise PermissionError("folders cannot be opened here")
        return real_open(path, flags, *args)

    monkeypatch.setattr("game.services.saves.os.open", refuse_folders)
    save_game(game, tmp_path / "slot.json")
    assert load_game(tmp_path / "slot.json", CATALOGUE).state.to_dict() == game.state.to_dict()
