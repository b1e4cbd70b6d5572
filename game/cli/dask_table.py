"""The balance table's games on a Dask cluster (``python -m game.cli.simulate --table --players
LEVEL --cluster tcp://HOST:8786`` or ``--cluster local``), and the arena's
(``python -m game.cli.arena ... --cluster ...``).

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

import argparse
import hashlib
import os
import pickle
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from game.engine.defs import Catalogue

T = TypeVar("T")

LOCAL = "local"


class TaskFailed(Exception):
    """A game raised on its worker: its index, and the error (with the worker's traceback
    as its cause)."""

    def __init__(self, index: int, error: BaseException) -> None:
        super().__init__(f"game {index} failed: {type(error).__name__}: {error}")
        self.index = index
        self.error = error


def _content(blob: bytes) -> Catalogue:
    """The table's content, unpacked on a worker."""
    catalogue = pickle.loads(blob)
    assert isinstance(catalogue, Catalogue)
    return catalogue


def cluster_address(text: str) -> str:
    """--cluster's value: "local", or a Dask scheduler's address (tcp://HOST:PORT, or
    tls://...); anything else is refused with what is expected."""
    if text == "local" or (text.startswith(("tcp://", "tls://")) and len(text) > 6):
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise argparse.ArgumentTypeError(
                "a Dask cluster needs the dask.distributed package: pip install "
                "'fireteam[cluster]'") from None
        return text
    raise argparse.ArgumentTypeError(f"{text!r} is neither 'local' nor a Dask scheduler's "
                                     "address such as tcp://HOST:8786")


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


def on_cluster(catalogue: Catalogue, cluster: str, workers: int | None,
               calls: Sequence[tuple[int, str, Callable[..., T], tuple[Any, ...]]]
               ) -> Iterator[tuple[int, T]]:
    """Each call (index, its key, a function, its arguments) as one task on ``cluster``,
    the function given the content first; (index, result) as they end. A call's task key is
    ``fireteam-game-<content digest>-<its key>``: the key must name everything the result
    depends on (equal keys are one task). Closing the iterator cancels what is left."""
    from distributed import as_completed

    blob = pickle.dumps(catalogue)
    digest = hashlib.sha256(blob).hexdigest()[:16]
    client = connect(cluster, workers)
    try:
        content = client.submit(_content, blob, key=f"fireteam-content-{digest}")
        indexes: dict[str, list[int]] = {}  # a key's calls (more than one only if equal)
        futures = []
        for index, name, function, args in calls:
            key = f"fireteam-game-{digest}-{name}"
            if key not in indexes:
                futures.append(client.submit(function, content, *args, key=key))
            indexes.setdefault(key, []).append(index)
        for future in as_completed(futures, loop=client.loop):
            try:
                result = future.result()
            except Exception as error:
                raise TaskFailed(indexes[future.key][0], error) from error
            for index in indexes[future.key]:
                yield index, result
    finally:
        cluster_object = client.cluster
        client.close()
        if cluster_object is not None:
            cluster_object.close()
