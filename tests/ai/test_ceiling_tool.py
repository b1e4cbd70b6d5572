"""tools/ai_ceiling.py, the measuring tool behind issue 23's ceiling: the foreseeing player
plays out copies of the real game (its hidden cards and dice to come), nobody else does, and
the arena is left as it was afterwards."""

from __future__ import annotations

from types import ModuleType

import pytest

from game.ai import arena, search
from game.ai.search import LEVELS, SearchPlayer
from game.engine import Game, SplitMix64
from tests.helpers import new_game, tool_module


@pytest.fixture
def ceiling(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    # every attribute the tool replaces, put back after the test
    monkeypatch.setattr(arena, "play", arena.play)
    monkeypatch.setattr(search, "_worlds", search._worlds)
    monkeypatch.setattr(SearchPlayer, "choose", SearchPlayer.choose)
    monkeypatch.setitem(LEVELS, "hard", LEVELS["hard"])
    return tool_module("ai_ceiling")


def _game() -> Game:
    game = new_game(5, "cache_raid", ("bad_ladz", "gideon"))
    for _ in range(7):
        game.apply(game.legal_actions()[0])
    return game


def test_the_foreseer_plays_on_copies_of_the_real_game(ceiling: ModuleType) -> None:
    ceiling.install("normal")
    assert LEVELS["hard"] == LEVELS["normal"]
    game = _game()
    ceiling._Foresight.game = game
    view = game.view(game.to_act)
    ceiling._Foresight.choosing = True
    worlds = search._worlds(view, SplitMix64(1), 3)
    copy = game.clone()
    ahead = [copy.dice.d6() for _ in range(6)]
    assert [[w.dice.d6() for _ in range(6)] for w in worlds] == [ahead] * 3
    assert all(w.state.to_dict() == game.state.to_dict() for w in worlds)
    # a player that does not foresee rebuilds its games from its view as ever
    ceiling._Foresight.choosing = False
    rebuilt = search._worlds(view, SplitMix64(1), 3)
    dice = [[w.dice.d6() for _ in range(6)] for w in rebuilt]
    assert any(d != ahead for d in dice)


def test_knowing_the_cards_only_foresees_no_die(ceiling: ModuleType) -> None:
    ceiling.install("normal", cards_only=True)
    game = _game()
    ceiling._Foresight.game = game
    ceiling._Foresight.choosing = True
    worlds = search._worlds(game.view(game.to_act), SplitMix64(1), 3)
    assert all(w.state.to_dict() == game.state.to_dict() for w in worlds)
    copy = game.clone()
    ahead = [copy.dice.d6() for _ in range(12)]
    rolls = [[w.dice.d6() for _ in range(12)] for w in worlds]
    assert ahead not in rolls and len({tuple(r) for r in rolls}) == 3


def test_only_the_player_named_hard_foresees(ceiling: ModuleType) -> None:
    ceiling.install("normal")
    seen = []
    real_worlds = search._worlds

    def spy(view, rng, count):  # type: ignore[no-untyped-def]
        seen.append(ceiling._Foresight.choosing)
        return real_worlds(view, rng, count)

    search._worlds = spy
    game = _game()
    ceiling._Foresight.game = game
    while len(seen) < 2 and not game.is_over:
        seat = game.to_act
        level = "hard" if seat == 1 else "normal"
        before = len(seen)
        action = SearchPlayer(3, level).choose(game.view(seat))
        if len(seen) > before:
            assert seen[-1] == (level == "hard")
        game.apply(action)
    assert ceiling._Foresight.choosing is False


@pytest.mark.parametrize("argv, named", [
    (["--a", "normal", "--b", "hard"], "--a"),
    (["--a", "hard", "--b", "hard"], "--b"),
    (["--budget", "huge", "--a", "hard", "--b", "easy"], "--budget"),
])
def test_it_refuses_what_would_not_measure_the_foreseer(
        ceiling: ModuleType, capsys: pytest.CaptureFixture[str], argv: list[str],
        named: str) -> None:
    with pytest.raises(SystemExit) as stop:
        ceiling.main(argv)
    assert stop.value.code == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert named in line
    assert search._worlds.__name__ == "_worlds"  # nothing installed


def test_it_plays_an_arena_game(ceiling: ModuleType,
                                capsys: pytest.CaptureFixture[str]) -> None:
    assert ceiling.main(["--budget", "easy", "--a", "hard", "--b", "easy", "--games", "1",
                         "--seed", "3", "--quiet"]) == 0
    assert capsys.readouterr().out.splitlines()[-1].startswith("hard v easy: ")
