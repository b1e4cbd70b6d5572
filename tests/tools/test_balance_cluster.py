"""The balance table on a Dask cluster (game/cli/dask_table.py): a local cluster of two worker
processes makes the same table as ``--jobs 1``, and a worker killed mid-run costs nothing but
its unfinished game, every game landing once in the journal."""

from __future__ import annotations

import dataclasses
import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.cli.balance import run
from game.content import load_catalogue
from game.engine.defs import Catalogue

pytestmark = pytest.mark.slow  # a Dask cluster: spawned worker processes

distributed = pytest.importorskip("distributed", reason="the 'cluster' extra (dask) is not "
                                  "installed")

TEAMS = ("bad_ladz", "gideon", "pathfinders")  # three fireteams: six pairings with mirrors


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                       host="127.0.0.1", dashboard_address=None)
    with distributed.Client(cluster, set_as_default=False) as dask_client:
        yield dask_client
    cluster.close()


def _catalogue() -> Catalogue:
    catalogue = load_catalogue()
    return dataclasses.replace(catalogue, fireteams={t: catalogue.fireteams[t] for t in TEAMS})


def test_a_local_cluster_makes_the_same_table_as_one_process(client) -> None:  # type: ignore[no-untyped-def]
    catalogue = _catalogue()
    one = run(catalogue, "random", 3, 21)
    assert len(client.scheduler_info()["workers"]) == 2
    many = run(catalogue, "random", 3, 21, cluster=client.scheduler.address)
    assert one is not None and many is not None
    assert one.games == many.games == 18
    assert one.cells == many.cells and one.seats == many.seats and one.missions == many.missions


def test_a_worker_killed_mid_run_costs_only_its_unfinished_game(client,  # type: ignore[no-untyped-def]
                                                                tmp_path: Path) -> None:
    catalogue = _catalogue()
    journal = tmp_path / "table.jsonl"
    pids = client.run(os.getpid)
    killed: list[int] = []

    def kill_a_worker_after_the_first_game(done: int, total: int) -> None:
        if done == 1 and not killed:  # called as the first game ends: the others still run
            busy = [a for a, keys in client.processing().items() if keys] or list(pids)
            killed.append(pids[busy[0]])
            os.kill(pids[busy[0]], signal.SIGKILL)

    table = run(catalogue, "random", 4, 8, journal=journal,
                cluster=client.scheduler.address, progress=kill_a_worker_after_the_first_game)
    assert killed, "the run ended before a worker could be killed"
    assert table is not None and table.games == 24
    lines = journal.read_text().splitlines()
    games = [json.loads(line)["game"] for line in lines[1:]]
    assert sorted(games) == list(range(24))  # every game, each once
    alone = run(catalogue, "random", 4, 8)
    assert alone is not None and alone.cells == table.cells and alone.seats == table.seats



def test_the_arena_on_a_cluster_plays_the_same_games(client, capsys) -> None:  # type: ignore[no-untyped-def]
    from game.cli.arena import main as arena

    argv = ["--a", "random", "--b", "random", "--games", "6", "--seed", "3"]
    assert arena(argv) == 0
    alone = capsys.readouterr().out.splitlines()
    assert arena([*argv, "--cluster", client.scheduler.address]) == 0
    spread = capsys.readouterr().out.splitlines()
    games = sorted(line for line in alone if line.startswith("game "))
    assert len(games) == 6 and games == sorted(line for line in spread
                                               if line.startswith("game "))
    assert alone[-3:-1] == spread[-3:-1]  # A's share, and the games without an attack
    assert alone[-1].split(";")[0] == spread[-1].split(";")[0]  # wins, losses, draws
