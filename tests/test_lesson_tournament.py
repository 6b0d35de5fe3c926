"""The stored tournament of lesson 8 is exactly what playing it again gives (issue 23, item 18).

The lesson reads its 200 games from ``prohis_nb/lesson_tournament.json``
instead of playing them while the class waits. Here the tournament is
played again from the same seeds (10 to 20 seconds), and every stored game,
the summary the lesson prints and the score breakdown must come out the
same, to the last digit.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from prohis_nb import lesson_tournament as stored
from prohis_nb.tournament import score_breakdown


@pytest.fixture(scope="module")
def played():
    return stored.play_lesson_tournament()


def test_the_stored_games_are_the_games_played_again_from_the_seeds(played):
    read = stored.lesson_tournament()
    assert [replace(g, record=None) for g in read.games] == [
        replace(g, record=None) for g in played.games
    ]
    assert read.games[0].record == played.games[0].record  # the one game kept to step through


def test_what_the_lesson_prints_is_the_same_to_the_last_digit(played):
    read = stored.lesson_tournament()
    assert read.table() == played.table()
    assert read.by_bot == played.by_bot and read.by_seat == played.by_seat
    assert read.comparisons() == played.comparisons()
    first, *others = sorted(read.by_bot)
    assert read.compare(first, others[0]) == played.compare(first, others[0])


def test_the_stored_breakdown_is_the_breakdown_of_the_games_played_again(played):
    assert stored.lesson_breakdown() == score_breakdown(played)


def test_the_file_is_small_and_the_writer_writes_what_is_stored(played, tmp_path, monkeypatch):
    assert stored.STORED.stat().st_size < 60_000
    monkeypatch.setattr(stored, "play_lesson_tournament", lambda workers=1: played)
    path = stored.write_lesson_tournament(tmp_path / "again.json")
    assert json.loads(path.read_text()) == json.loads(stored.STORED.read_text())


def test_a_file_written_for_other_settings_is_refused_with_how_to_fix_it(tmp_path, monkeypatch):
    data = json.loads(stored.STORED.read_text())
    data["seed"] = 2
    other = tmp_path / "other.json"
    other.write_text(json.dumps(data))
    monkeypatch.setattr(stored, "STORED", other)
    stored._stored.cache_clear()
    try:
        with pytest.raises(ValueError, match="python -m prohis_nb.lesson_tournament"):
            stored.lesson_tournament()
    finally:
        stored._stored.cache_clear()
