"""The balance table's arithmetic and a tiny run (game/cli/balance.py); the real table is made by
``python -m game.cli.simulate --table --players easy --games 192 --jobs 2`` (docs/balance.md)."""

from __future__ import annotations

import pytest

from game.cli.balance import Table, Tally, markdown, run, schedule, wilson
from game.content import load_catalogue


def test_wilson_interval_of_an_even_share_over_166_games_is_ten_points_wide() -> None:
    low, high = wilson(0.5, 166)
    assert high - 0.5 == pytest.approx(0.5 - low)
    assert 0.09 < high - 0.5 <= 0.1  # so 166 games per cell meet the +-10 points bound


def test_wilson_interval_stays_within_0_and_1() -> None:
    assert wilson(0.0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson(1.0, 10)[1] == pytest.approx(1.0)


def test_a_cell_is_unfair_only_when_its_whole_interval_is_outside_40_to_60() -> None:
    table = Table(["a", "b"])
    table.cells[("a", "b")] = Tally(200, 150.0)  # 75 %, interval about 66-82 %
    table.cells[("b", "a")] = Tally(200, 50.0)
    table.cells[("a", "a")] = Tally(10, 5.0)
    assert [(a, b) for a, b, *_ in table.unfair()] == [("a", "b"), ("b", "a")]
    table.cells[("a", "b")] = Tally(20, 13.0)  # 65 % over few games: interval reaches 40 %
    table.cells[("b", "a")] = Tally(20, 7.0)
    assert table.unfair() == []


@pytest.mark.slow  # the balance table's games (every pairing)
def test_a_tiny_table_plays_every_pairing_with_seats_alternated() -> None:
    catalogue = load_catalogue()
    table = run(catalogue, "greedy", 2, 5)
    teams = sorted(catalogue.fireteams)
    assert table.games == 2 * len(teams) * (len(teams) + 1) // 2
    for a in teams:
        for b in teams:
            if a != b:
                assert table.cells[(a, b)].games == 2
                total = table.cells[(a, b)].points + table.cells[(b, a)].points
                assert total == pytest.approx(2.0)
    text = markdown(table, "python -m game.cli.simulate --table --players greedy", 1.0, "greedy")
    assert "| row v column |" in text and "## Seats" in text


def test_the_schedule_plays_every_mission_from_both_seats() -> None:
    missions = ["m1", "m2", "m3"]
    games = schedule(["a", "b"], missions, 12, 7)
    versus = [(m, pair) for m, pair, _ in games if set(pair) == {"a", "b"}]
    assert len(versus) == 12
    for m in missions:
        assert sorted(pair for mm, pair in versus if mm == m) == \
            [("a", "b"), ("a", "b"), ("b", "a"), ("b", "a")]
    seeds = [s for _, _, s in games]
    assert len(set(seeds)) == len(seeds)


@pytest.mark.slow  # balance workers: spawned processes
def test_worker_processes_do_not_change_the_table() -> None:
    catalogue = load_catalogue()
    one = run(catalogue, "random", 2, 11)
    two = run(catalogue, "random", 2, 11, jobs=2)
    assert one.cells == two.cells and one.seats == two.seats and one.missions == two.missions


@pytest.mark.slow  # balance workers: spawned processes
def test_the_command_writes_the_table_and_keeps_the_history_below_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.cli import simulate
    from game.cli.balance import HISTORY
    out = tmp_path / "balance.md"
    out.write_text("# Balance\n\nold table\n\n" + HISTORY + "\n\n## The changes\n\nkept\n")
    code = simulate.main(["--table", "--players", "random", "--games", "2", "--seed", "4",
                          "--jobs", "2", "--out", str(out)])
    text = out.read_text()
    assert code in (0, 1)  # 1 when a (tiny) cell comes out unfair
    assert "old table" not in text and "| row v column |" in text
    assert text.count(HISTORY) == 1 and text.endswith("## The changes\n\nkept\n")
    assert "## Each fireteam's share per mission" in text


class _Played:
    """What the table reads of a finished game, made up from its seed (no game is played)."""

    def __init__(self, seed: int) -> None:
        self.winner = seed % 3
        self.state = type("S", (), {"rolloff_winner": 1 + seed % 2})()


def _fake_games(monkeypatch) -> list[int]:  # type: ignore[no-untyped-def]
    import game.cli.balance as balance

    played: list[int] = []

    def fake(catalogue, mission, pair, level, seed, rules="fireteam"):  # type: ignore[no-untyped-def]
        played.append(seed)
        return _Played(seed)

    monkeypatch.setattr(balance, "play", fake)
    return played


def test_a_table_played_in_parts_is_the_table_played_at_once(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    catalogue = load_catalogue()
    played = _fake_games(monkeypatch)
    whole = run(catalogue, "normal", 2, 9)
    assert whole is not None
    total = len(played)
    played.clear()
    journal = tmp_path / "part.jsonl"
    assert run(catalogue, "normal", 2, 9, journal=journal, limit=10) is None
    assert len(played) == 10 and len(journal.read_text().splitlines()) == 11
    # an interrupted run leaves its last line cut short: that game is played again
    journal.write_text(journal.read_text()[:-5])
    assert run(catalogue, "normal", 2, 9, journal=journal, limit=20) is None
    assert len(played) == 30 and len(set(played)) == 29
    parts = run(catalogue, "normal", 2, 9, journal=journal)
    assert parts is not None and len(set(played)) == total and len(played) == total + 1
    assert parts.cells == whole.cells and parts.seats == whole.seats
    assert parts.missions == whole.missions
    played.clear()
    assert run(catalogue, "normal", 2, 9, journal=journal) is not None and played == []


def test_a_journal_of_another_table_is_refused_naming_the_file(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.cli.balance import JournalError

    catalogue = load_catalogue()
    _fake_games(monkeypatch)
    journal = tmp_path / "part.jsonl"
    run(catalogue, "normal", 2, 9, journal=journal, limit=3)
    with pytest.raises(JournalError, match=r"part\.jsonl:1: .*another table.*level normal"):
        run(catalogue, "easy", 2, 9, journal=journal)
    lines = journal.read_text().splitlines()
    journal.write_text("\n".join([lines[0], "nonsense", lines[1]]) + "\n")
    with pytest.raises(JournalError, match=r"part\.jsonl:2: not a game of this table"):
        run(catalogue, "normal", 2, 9, journal=journal)


def test_the_command_counts_what_is_left_until_the_table_is_whole(tmp_path, monkeypatch,  # type: ignore[no-untyped-def]
                                                                 capsys) -> None:
    from game.cli import simulate

    _fake_games(monkeypatch)
    out, journal = tmp_path / "balance.md", tmp_path / "part.jsonl"
    argv = ["--table", "--players", "normal", "--games", "2", "--seed", "9", "--out", str(out),
            "--partial", str(journal)]
    assert simulate.main([*argv, "--limit", "5"]) == 0
    assert "5 of 56 games of the table are in" in capsys.readouterr().out
    assert not out.exists()
    assert simulate.main(argv) in (0, 1)
    assert "played in parts from a journal" in out.read_text()


def test_stopping_a_journalled_run_keeps_the_games_played(tmp_path, monkeypatch,  # type: ignore[no-untyped-def]
                                                         capsys) -> None:
    import game.cli.balance as balance
    from game.cli import simulate

    played: list[int] = []

    def fake(catalogue, mission, pair, level, seed, rules="fireteam"):  # type: ignore[no-untyped-def]
        if len(played) == 4:
            raise KeyboardInterrupt  # Ctrl+C during the fifth game
        played.append(seed)
        return _Played(seed)

    monkeypatch.setattr(balance, "play", fake)
    journal = tmp_path / "part.jsonl"
    argv = ["--table", "--players", "normal", "--games", "2", "--seed", "9", "--out",
            str(tmp_path / "b.md"), "--partial", str(journal)]
    assert simulate.main(argv) == 130
    assert "4 of 56 games of the table are in" in capsys.readouterr().out
    assert len(journal.read_text().splitlines()) == 5


def test_a_pairing_table_plays_only_that_pairing_without_mirrors() -> None:
    games = schedule(["a", "b"], ["m1", "m2"], 4, 7, mirrors=False)
    assert [pair for _, pair, _ in games] == [("a", "b"), ("b", "a"), ("a", "b"), ("b", "a")]
    assert len(schedule(["a", "b"], ["m1", "m2"], 4, 7)) == 12  # with the two mirrors
    catalogue = load_catalogue()
    table = run(catalogue, "random", 2, 3, rules="skirmish",
                pairing=("gideon", "flickering_blade"))
    assert table is not None and table.teams == ["flickering_blade", "gideon"]
    assert set(table.cells) == {("flickering_blade", "gideon"), ("gideon", "flickering_blade")}
    assert table.games == 2
    text = markdown(table, "python -m game.cli.simulate ...", 1.0, "random")
    assert "only the pairing flickering_blade v gideon (a partial re-measure)" in text


def test_the_pairing_option_is_checked(capsys) -> None:
    from game.cli.simulate import main

    base = ["--table", "--players", "easy", "--rules", "skirmish", "--games", "2"]
    with pytest.raises(SystemExit):
        main([*base, "--fireteams", "gideon", "nobody"])
    assert "nobody" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*base, "--fireteams", "gideon", "gideon"])
    assert "two different fireteams" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*base, "--fireteams", "gideon", "bad_ladz", "--partial", "x.jsonl"])
    assert "not with --partial" in capsys.readouterr().err


def test_the_progress_bar_counts_the_games_in_a_log() -> None:
    import io

    from game.cli.balance import ProgressBar

    stream = io.StringIO()
    bar = ProgressBar(stream)
    for done in range(0, 21):
        bar(done, 20)
    lines = stream.getvalue().splitlines()
    assert len(lines) == 11  # one at each tenth, none twice
    assert lines[0].startswith("[....") and "0/20 games" in lines[0]
    assert lines[-1] == "[" + "#" * ProgressBar.WIDTH + "] 20/20 games"


@pytest.mark.parametrize("extra, words", [
    (["--cluster", "nonsense"], "neither 'local' nor a Dask scheduler's address"),
    (["--cluster", "tcp://127.0.0.1:8786", "--jobs", "2"], "a remote cluster has the workers"),
])
def test_the_cluster_option_is_checked(extra, words, capsys) -> None:  # type: ignore[no-untyped-def]
    from game.cli.simulate import main

    pytest.importorskip("distributed", reason="the 'cluster' extra (dask) is not installed")
    with pytest.raises(SystemExit) as stopped:
        main(["--table", "--players", "random", "--games", "1", *extra])
    assert stopped.value.code == 2
    assert words in capsys.readouterr().err
