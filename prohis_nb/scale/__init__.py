"""Tournaments at scale: games streamed to Parquet, and run on a Dask cluster.

Optional: these need the ``scale`` extra (``pip install 'prohis_nb[scale]'``:
pyarrow, dask[distributed], duckdb, pandas). Nothing else in the package
imports them, and they are imported only when a sink or Dask is asked for.

* :mod:`prohis_nb.scale.sink`: ``run_tournament(..., sink="runs/t1")`` writes
  one Parquet part per chunk of games, one row per game and seat.
* :mod:`prohis_nb.scale.dask_backend`: ``run_tournament(..., backend="dask")``
  or ``executor=client.get_executor()``.

See docs/tournaments.md.
"""

from __future__ import annotations

import importlib
from types import ModuleType

#: The extra that brings the optional libraries of this package.
EXTRA = "scale"


def require(module: str, purpose: str) -> ModuleType:
    """Import ``module``, or say clearly which extra brings it (``ImportError``)."""
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise ImportError(
            f"{purpose} needs {module.split('.')[0]}, which is not installed here "
            f"({error}); install the {EXTRA!r} extra: pip install 'prohis_nb[{EXTRA}]'"
        ) from None
