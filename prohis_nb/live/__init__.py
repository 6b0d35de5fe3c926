"""The class plays together: a class server for students' phones, and the teacher's handle on it.

::

    import prohis_nb.live
    session = prohis_nb.live.start_class(game="prohis", rounds=10)   # in a notebook
    session = prohis_nb.live.connect("https://games.example.edu", token)  # a department server

Students open the join address (or scan the QR code), type the room code and
a name, and play their seat on their own screen; bots fill empty seats and
stand in for a student whose phone dropped. Every move is in the database
before anyone sees it, so the class's records are always complete:
``session.records()``, ``session.results()``, ``session.export(folder)``.

One module per job:

* :mod:`~prohis_nb.live.session` — ``start_class``, ``connect`` and the session's methods;
* :mod:`~prohis_nb.live.server` — the Starlette app (routes, sockets, limits);
* :mod:`~prohis_nb.live.room` — one class in play: rounds, tables, bots, timers;
* :mod:`~prohis_nb.live.matching` — who sits where, round by round;
* :mod:`~prohis_nb.live.protocol` — the messages, and the one path game data leaves by;
* :mod:`~prohis_nb.live.store` — the database (SQLite or PostgreSQL, SQLAlchemy 2);
* :mod:`~prohis_nb.live.export` — the class's games as records, CSV and Parquet;
* :mod:`~prohis_nb.live.games` — the one door to the games (the registry);
* :mod:`~prohis_nb.live.tokens` — room codes and tokens (stored as hashes only).

It needs the ``live`` extra: ``pip install "prohis-nb[live]"``. ``import
prohis_nb`` never imports it.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_LAZY = {
    "start_class": "prohis_nb.live.session",
    "connect": "prohis_nb.live.session",
    "ClassSession": "prohis_nb.live.session",
    "ClassError": "prohis_nb.live.errors",
    "ClassConfig": "prohis_nb.live.config",
}

_NEEDS = ("starlette", "uvicorn", "sqlalchemy", "segno")


def require_live() -> None:
    """Raise a ``MissingExtraError`` naming the ``live`` extra when its libraries are missing."""
    from prohis_nb.extras import require

    require("prohis_nb.live", *_NEEDS)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        require_live()
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'prohis_nb.live' has no attribute {name!r}")


__all__ = sorted(_LAZY)
