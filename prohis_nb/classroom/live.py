"""The class's results read straight from a live class (:mod:`prohis_nb.live`), nothing exported.

::

    from prohis_nb.classroom.live import load_session
    results = load_session(session)               # a ClassSession (start_class or connect)
    results = load_session("class.sqlite")        # the class server's database file
    results = load_session("postgresql://...")    # or its database URL
    results.table()

Each table of each round is one game record, with who sat where and who
took each action under its ``"live"`` key (:mod:`prohis_nb.live.export`);
the records go through :func:`~prohis_nb.classroom.results.load_class`
exactly as a folder of files would, so the results are the same
:class:`~prohis_nb.classroom.results.ClassResults`.
"""

from __future__ import annotations

import os
from typing import Any

from prohis_nb.classroom.results import ClassResults, load_class


def _record_name(record: Any, index: int) -> str:
    live = record.extra.get("live", {})
    if "round" in live and "table" in live:
        return f"round-{live['round']:02d}-table-{live['table']:02d}.json"
    return f"game-{index:04d}.json"


def session_records(source: Any, room: str | None = None) -> list[Any]:
    """The records of a class: from a session object, a database URL or an SQLite file."""
    if hasattr(source, "records") and callable(source.records):
        return list(source.records())
    if isinstance(source, str | os.PathLike):
        from prohis_nb.live.export import session_records as from_store
        from prohis_nb.live.server import database_url
        from prohis_nb.live.store import Store

        text = os.fspath(source)
        if "://" not in text and not os.path.exists(text):
            raise FileNotFoundError(
                f"no class database {text!r}: give the file the server wrote, or a URL"
            )
        store = Store(database_url(text))
        try:
            return from_store(store, room)
        finally:
            store.close()
    raise TypeError(
        "load_session reads a ClassSession, a database URL or the server's SQLite file, "
        f"got {type(source).__name__}"
    )


def load_session(source: Any, room: str | None = None) -> ClassResults:
    """The class's results (:func:`~prohis_nb.classroom.results.load_class`) from a live class.

    ``source``: a :class:`~prohis_nb.live.session.ClassSession`, a database
    URL, or the path of the server's SQLite file; ``room`` picks a class in a
    database that holds several (default: the newest).
    """
    records = session_records(source, room)
    files = [(_record_name(r, i), r.dumps().encode("utf-8")) for i, r in enumerate(records)]
    return load_class(files)
