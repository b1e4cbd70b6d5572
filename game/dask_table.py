"""The balance table's games on a Dask cluster (``python -m game.simulate --table --players
LEVEL --cluster tcp://HOST:8786`` or ``--cluster local``).

Each game of the table is one Dask task whose key names everything its result depends on (the
content's digest, the level, the rules, the mission, the two fireteams and the game's seed), so
the table is the same whichever worker plays a game, and two tables sharing a scheduler never
take each other's results. The content goes to the cluster once, as a task of its own (so a
worker that joins late, or the loss of every worker that held it, only makes the cluster
compute it again); the workers need the same version of this package installed, nothing else.

A worker lost mid-game costs that game only: the scheduler plays it again on another worker.
The results come back as the games end; the caller journals each one at once, so a run that
is stopped loses only the games that had not ended.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from collections.abc import Iterator, Sequence

from game.engine.defs import Catalogue

LOCAL = "local"


def _content(blob: bytes) -> Catalogue:
    """The table's content, unpacked on a worker."""
    catalogue = pickle.loads(blob)
    assert isinstance(catalogue, Catalogue)
    return catalogue


def _play(catalogue: Catalogue, mission: str, pair: tuple[str, str], level: str, seed: int,
          rules: str) -> tuple[int, int]:
    """One game of the table on a worker: (winner, roll-off winner)."""
    from game.balance import play

    game = play(catalogue, mission, pair, level, seed, rules)
    return game.winner or 0, game.state.rolloff_winner


def game_key(digest: str, level: str, rules: str, mission: str, pair: tuple[str, str],
             seed: int) -> str:
    """The Dask key of one game: the same game gets the same key on any machine."""
    return f"fireteam-game-{digest}-{level}-{rules}-{mission}-{pair[0]}-{pair[1]}-{seed}"


def connect(cluster: str, workers: int | None = None):  # type: ignore[no-untyped-def]
    """A Dask client of the scheduler at ``cluster`` (``tcp://HOST:8786``), or of a new local
    cluster of ``workers`` processes (one per core when None) when ``cluster`` is "local".
    Raises OSError when the scheduler cannot be reached."""
    from distributed import Client, LocalCluster

    if cluster == LOCAL:
        local = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1,
                             processes=True, host="127.0.0.1", dashboard_address=None)
        return Client(local, set_as_default=False)
    try:
        return Client(cluster, timeout=30, set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise OSError(f"no Dask scheduler answers at {cluster} ({error}); start one with "
                      "`dask scheduler` (docs/balance.md)") from None


def results(catalogue: Catalogue, level: str,
            specs: Sequence[tuple[int, str, tuple[str, str], int]], cluster: str,
            workers: int | None = None,
            rules: str = "fireteam") -> Iterator[tuple[int, int, int]]:
    """(index, winner, roll-off winner) of each game of ``specs`` (index, mission, pair,
    seed), played on ``cluster``, as they end. Closing the iterator (or stopping the run)
    cancels the games not yet played."""
    from distributed import as_completed

    blob = pickle.dumps(catalogue)
    digest = hashlib.sha256(blob).hexdigest()[:16]
    client = connect(cluster, workers)
    try:
        content = client.submit(_content, blob, key=f"fireteam-content-{digest}")
        indexes: dict[str, list[int]] = {}  # a key's games (more than one only if equal)
        futures = []
        for index, mission, pair, seed in specs:
            key = game_key(digest, level, rules, mission, pair, seed)
            if key not in indexes:
                futures.append(client.submit(_play, content, mission, pair, level, seed,
                                             rules, key=key))
            indexes.setdefault(key, []).append(index)
        for future in as_completed(futures, loop=client.loop):
            winner, first = future.result()
            for index in indexes[future.key]:
                yield index, winner, first
    finally:
        cluster_object = client.cluster
        client.close()
        if cluster_object is not None:
            cluster_object.close()

