"""Properties of records, undo and copy over random legal play.

The record of a game replays to the same state (omniscient JSON, and every
seat's view), at the end and after any number of its actions; ``copy()`` is
independent of the original; ``undo()`` is the same as replaying one action
fewer.
"""

from __future__ import annotations

import json
import random

from helpers.properties import SETTINGS, cases, choose, seat_json, table_json
from hypothesis import given

from prohis_nb import Record, replay


@SETTINGS
@given(case=cases)
def test_the_record_replays_to_the_same_state_at_the_end_and_at_any_point(case):
    game = case.new_game()
    rng = random.Random(case.play_seed)
    picker = random.Random(case.seed)
    snapshots = {0: table_json(game)}
    while not game.ended:
        game.apply(choose(rng, game.legal_actions(), case.pass_weight))
        if picker.random() < 0.1:
            snapshots[len(game.actions)] = table_json(game)
    text = game.record().dumps()
    data = json.loads(text)  # the written record is plain JSON
    assert data["format"] == "prohis-record/1" and len(data["actions"]) == len(game.actions)
    record = Record.loads(text)
    again = record.replay()
    assert table_json(again) == table_json(game)
    assert again.actions == game.actions
    for seat in range(game.players):
        assert seat_json(again, seat) == seat_json(game, seat)
    for upto, snapshot in snapshots.items():
        assert table_json(record.replay(upto)) == snapshot
    assert table_json(replay(text)) == table_json(game)


@SETTINGS
@given(case=cases)
def test_copies_are_independent_and_agree_with_the_original(case):
    game = case.new_game()
    rng = random.Random(case.play_seed)
    picker = random.Random(case.seed)
    copies = []
    while not game.ended:
        action = choose(rng, game.legal_actions(), case.pass_weight)
        if picker.random() < 0.1:
            copy = game.copy()
            copies.append((copy, table_json(game), len(game.actions)))
            copy.apply(action)  # the copy moves on alone; the original must not notice
            game_before = table_json(game)
            game.apply(action)
            assert table_json(copy) == table_json(game)
            copy.undo()  # and takes it back
            assert table_json(copy) == game_before
        else:
            game.apply(action)
    record = game.record()
    for copy, snapshot, count in copies:
        assert table_json(copy) == snapshot  # untouched by the original's later moves
        assert table_json(record.replay(count)) == snapshot


@SETTINGS
@given(case=cases)
def test_undo_is_replaying_one_action_fewer(case):
    game = case.new_game()
    rng = random.Random(case.play_seed)
    while not game.ended:
        game.apply(choose(rng, game.legal_actions(), case.pass_weight))
    record = game.record()
    count = len(game.actions)
    for back in range(1, min(4, count) + 1):
        last = game.actions[-1]
        assert game.undo() == last
        assert len(game.actions) == count - back
        assert table_json(game) == table_json(record.replay(count - back))
    # and redoing the undone actions leads back to the end
    for action in record.actions[count - min(4, count) :]:
        game.apply(action)
    assert table_json(game) == table_json(record.replay())
