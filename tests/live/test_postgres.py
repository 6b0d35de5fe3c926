"""The class server on a real PostgreSQL server (started by the test itself, see postgres.py)."""

from __future__ import annotations

from typing import Any

from prohis_nb.classroom.live import load_session

from .conftest import Pupil
from .test_class_play import play_until_ended


def test_a_class_on_postgresql_plays_and_reads_back(class_server: Any, fresh_postgres: str) -> None:
    session = class_server("smuggle", rounds=2, seats=3, db=fresh_postgres)
    pupils = [Pupil(session.url, session.room, name).join().open() for name in ("Ada", "Bob")]
    for pupil in pupils:
        pupil.until(lambda m: m["type"] == "waiting")
    session.start()
    play_until_ended(pupils, seed=2)
    records = session.records()
    assert [r.extra["live"]["round"] for r in records] == [1, 2]
    for record in records:
        assert record.replay().ended
    results = load_session(fresh_postgres)
    assert len(results.games) == 2 and not results.skipped
    assert [g.counts for g in results.games] == [g.counts for g in load_session(session).games]
