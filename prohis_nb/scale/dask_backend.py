"""Tournaments on Dask: ``run_tournament(..., backend="dask")`` or ``executor=``.

:func:`~prohis_nb.tournament.run_tournament` runs its chunks on any
``concurrent.futures.Executor``; a Dask client offers one,
``client.get_executor(pure=False)``, whatever the cluster behind it: a
``LocalCluster`` on this machine, ``dask-jobqueue`` on a batch system (SLURM,
PBS...), ``dask-kubernetes`` or a scheduler started by hand
(``Client("tcp://scheduler:8786")``). Game ``i``'s seeds come from the
tournament seed and ``i`` only, so a cluster plays exactly the games one
process would. ``pure=False`` makes Dask run every chunk even if an
identical one ran before (a sink's part must be written again).

With ``backend="dask"`` and no executor, :func:`dask_executor` uses the Dask
client already made in this process (``distributed.get_client()``) or else
starts a ``LocalCluster`` for the tournament and closes it afterwards.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import Executor

from prohis_nb.scale import require


def dask_executor(workers: int) -> tuple[Executor, Callable[[], None] | None]:
    """An executor on Dask and what closes it (``None`` when the client is the caller's).

    The running client when there is one; else a ``LocalCluster`` of
    ``workers`` processes with one thread each (games are pure Python: threads
    would share one core).
    """
    distributed = require("distributed", "backend='dask'")
    try:
        client = distributed.get_client()
    except ValueError:  # no client yet: make one for this tournament
        pass
    else:
        return client.get_executor(pure=False), None
    cluster = distributed.LocalCluster(
        n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
    )
    client = distributed.Client(cluster)

    def close() -> None:
        client.close()
        cluster.close()

    return client.get_executor(pure=False), close
