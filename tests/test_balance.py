"""The balance table's arithmetic and a tiny run (game/balance.py); the real table is made by
``python -m game.simulate --table --players easy --games 192 --jobs 2`` (docs/balance.md)."""

from __future__ import annotations

import pytest

from game.balance import Table, Tally, markdown, run, schedule, wilson
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
    text = markdown(table, "python -m game.simulate --table --players greedy", 1.0, "greedy")
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
    from game import simulate
    from game.balance import HISTORY
    out = tmp_path / "balance.md"
    out.write_text("# Balance\n\nold table\n\n" + HISTORY + "\n\n## The changes\n\nkept\n")
    code = simulate.main(["--table", "--players", "random", "--games", "2", "--seed", "4",
                          "--jobs", "2", "--out", str(out)])
    text = out.read_text()
    assert code in (0, 1)  # 1 when a (tiny) cell comes out unfair
    assert "old table" not in text and "| row v column |" in text
    assert text.count(HISTORY) == 1 and text.endswith("## The changes\n\nkept\n")
    assert "## Each fireteam's share per mission" in text
