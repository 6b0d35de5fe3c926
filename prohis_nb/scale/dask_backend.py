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

import contextlib
import logging
import signal
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from typing import Any

from prohis_nb.scale import require


def dask_executor(workers: int) -> tuple[Executor, Callable[[], None] | None]:
    """An executor on Dask and what closes it (``None`` when the client is the caller's).

    The running client when there is one; else a ``LocalCluster`` of
    ``workers`` processes with one thread each (games are pure Python: threads
    would share one core).
    """
    distributed = require("distributed", "backend='dask'")
    drop_cancelled_race_logs()
    try:
        client = distributed.get_client()
    except ValueError:  # no client yet: make one for this tournament
        pass
    else:
        return client.get_executor(pure=False), None
    client, cluster = local_cluster(workers)

    def close() -> None:
        close_quietly(client, cluster)

    return client.get_executor(pure=False), close


@contextlib.contextmanager
def ctrl_c_for_this_process_only() -> Iterator[None]:
    """Within: processes started here never receive Ctrl-C (SIGINT).

    Ctrl-C in a terminal sends SIGINT to every process of the foreground
    group, a LocalCluster's workers included: each would print its own
    ``KeyboardInterrupt`` traceback. SIGINT is *ignored* meanwhile, and a
    process started while a signal is ignored keeps ignoring it (Python
    too: it installs its ``KeyboardInterrupt`` handler only where SIGINT is
    not ignored). On leaving, this process takes Ctrl-C again, and closes
    the cluster itself when interrupted. (A Ctrl-C pressed during the few
    seconds the cluster starts is ignored: press it again.)
    """
    if threading.current_thread() is not threading.main_thread():
        yield  # signals are the main thread's: nothing can be changed from here
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def local_cluster(workers: int | None) -> tuple[Any, Any]:
    """A ``LocalCluster`` of ``workers`` processes (one thread each) and its client.

    Games are pure Python (threads would share one core). Its workers never
    receive Ctrl-C (:func:`ctrl_c_for_this_process_only`): this process is
    interrupted alone, and :func:`close_quietly` closes the cluster.
    """
    distributed = require("distributed", "a Dask LocalCluster")
    with ctrl_c_for_this_process_only():
        cluster = distributed.LocalCluster(
            n_workers=workers,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            # Its workers' logs: Ctrl-C makes them warn of cancelled tasks and of a scheduler
            # gone. A chunk that fails still raises its error here, through its future.
            silence_logs=logging.CRITICAL,
        )
        client = distributed.Client(cluster)
    return client, cluster


class _CancelledRace(logging.Filter):
    """Drops Dask's logs of results cascading to futures nobody waits for any more.

    When a tournament is interrupted, its pending futures are cancelled and
    the client closed. A chunk finishing at that moment makes
    ``distributed.cfexecutor._cascade_future`` set the result of a cancelled
    ``concurrent.futures`` future (``InvalidStateError``), or fetch it over
    a connection just closed (``CommClosedError``), and tornado logs either
    with its traceback. The result is unwanted anyway: only errors raised
    through that one function are dropped.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        trace = record.exc_info[2] if record.exc_info else None
        while trace is not None:
            code = trace.tb_frame.f_code
            if code.co_name == "_cascade_future" and code.co_filename.endswith("cfexecutor.py"):
                return False
            trace = trace.tb_next
        return True


_RACE_FILTER = _CancelledRace()


def drop_cancelled_race_logs() -> None:
    """Install :class:`_CancelledRace` on tornado's callback logger (once)."""
    logger = logging.getLogger("tornado.application")
    if _RACE_FILTER not in logger.filters:
        logger.addFilter(_RACE_FILTER)


def close_quietly(client: Any, cluster: Any | None) -> None:
    """Close ``client`` (and ``cluster``) without Dask's shutdown chatter on stderr.

    Closing a cluster whose tasks were cut short (Ctrl-C) makes Dask's
    loggers warn of lost tasks and closed connections: expected here, and
    not the user's concern.
    """
    loggers = [logging.getLogger(name) for name in ("distributed", "tornado", "asyncio")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        client.close()
        if cluster is not None:
            cluster.close()
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)
