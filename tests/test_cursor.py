"""RecordCursor: stepping through a record forwards and backwards gives the replayed state."""

import json

import pytest

from prohis_nb import ProhisGame, ProhisRules, Record, RecordError
from prohis_nb.cli import random_game
from prohis_nb.core.cursor import RecordCursor  # the same class as Timeline


def state(game) -> str:
    return json.dumps(game.omniscient_view().to_json())


@pytest.mark.parametrize("players", [3, 4, 6])
def test_every_position_matches_a_fresh_replay(players):
    record = random_game(ProhisGame, ProhisRules(players=players), seed=11).record()
    cursor = RecordCursor(record, checkpoint_every=5)
    # backwards from the end, then forwards from the deal
    positions = list(range(len(cursor), -1, -1)) + list(range(len(cursor) + 1))
    for position in positions:
        assert state(cursor.seek(position)) == state(record.replay(position))
        assert cursor.position == position


def test_moves_stop_at_both_ends():
    record = random_game(ProhisGame, ProhisRules(players=3), seed=2).record()
    cursor = RecordCursor(record)
    cursor.first()
    cursor.back()
    assert cursor.position == 0
    cursor.last()
    cursor.forward(3)
    assert cursor.position == len(cursor)
    assert cursor.game.ended


def test_seeking_does_not_change_the_states_already_visited():
    record = random_game(ProhisGame, ProhisRules(players=4), seed=4).record()
    cursor = RecordCursor(record, checkpoint_every=3)
    before = state(cursor.seek(7))
    cursor.seek(30)
    cursor.seek(2)
    assert state(cursor.seek(7)) == before


def test_out_of_range_positions_are_refused():
    cursor = RecordCursor(random_game(ProhisGame, ProhisRules(players=3), seed=1).record())
    with pytest.raises(IndexError):
        cursor.seek(len(cursor) + 1)
    with pytest.raises(IndexError):
        cursor.seek(-1)


def test_a_bad_record_is_refused_when_the_cursor_is_built():
    data = random_game(ProhisGame, ProhisRules(players=3), seed=1).record().to_json()
    data["actions"][3] = {"seat": 0, "act": "fly"}
    with pytest.raises(RecordError) as refused:
        RecordCursor(Record.from_json(data))
    assert refused.value.index == 3
