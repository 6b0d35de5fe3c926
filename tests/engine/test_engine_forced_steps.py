"""RECORD.md: a step with a single possible outcome is taken by the engine and not recorded.

Replay tolerates a record that writes such a step out; anything else the
record says must still be legal.
"""

from __future__ import annotations

import pytest
from enginehelpers import CI, act, complete_table, stacked, table_json

from prohis_nb import ProhisGame, ProhisRules, Record, RecordError

R3 = ProhisRules(players=3)


def record_of(rules, table, actions):
    return Record.from_json(
        {
            "format": "prohis-record/1",
            "game": "prohis",
            "rules": rules.to_json(),
            "setup": table,
            "actions": actions,
        }
    )


def test_a_forced_decline_is_not_recorded():
    game = stacked(R3, [CI + ["legal"], ["legal"], CI])
    act(game, 0, "convoy", cards=["legal", "captain"])
    # seat 1 holds no controller card: it declined by itself; seat 2 decides
    assert game.to_act == 2
    assert [a.to_json() for a in game.forced_after(0)] == [{"seat": 1, "act": "decline"}]
    assert [a.act for a in game.actions] == ["convoy"]
    assert game.log(0)[-1] == "Seat 1 declined to control."


def test_a_forced_inspect_after_a_rejected_bribe_is_not_recorded():
    game = stacked(R3, [CI + ["legal"] * 3, ["captain"], ["legal"]])
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    assert [a.act for a in game.actions] == ["convoy", "control", "bribe", "reject"]
    assert [a.act for a in game.forced_after(3)] == ["inspect"]


def test_the_last_turn_of_an_inspection_is_forced_when_one_card_is_left():
    game = stacked(R3, [CI + ["legal"] * 2, ["inspector"], ["legal"]])
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=0)
    assert [a.to_json() for a in game.forced_after(4)] == [
        {"seat": 1, "act": "turn", "position": 1}
    ]


def test_a_second_pick_with_nothing_to_take_stops_by_itself():
    rules = ProhisRules(players=3, deck={"legal": 4, "illegal": 0, "lieutenant": 0})
    game = stacked(
        rules, [CI + ["legal"], CI + ["legal"], CI + ["legal"]], ["legal", None, None, None]
    )
    act(game, 0, "take", from_="row", slot=0)
    assert [a.act for a in game.forced_after(0)] == ["stop"]
    assert game.to_act == 1


def test_forced_steps_chain_and_are_all_listed():
    # seat 0 convoys its last two cards; nobody else holds a controller card but seat 2
    game = stacked(R3, [["legal", "illegal"], ["legal"], ["captain", "legal"]])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 2, "control", card="captain")
    # empty hand: no_bribe is forced; the controller then chooses
    assert [a.act for a in game.forced_after(1)] == ["no_bribe"]
    assert game.decision.kind == "inspect_or_waive"


def written_out_game():
    """A game whose record, written with and without its forced steps, must replay the same."""
    table = complete_table(R3, [CI + ["legal"] * 3, ["captain"], ["legal"]])
    game = ProhisGame(R3, table=table)
    act(game, 0, "convoy", cards=["legal", "legal"])  # seat 1 decides, seat 2 declines by force
    act(game, 1, "control", card="captain")
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")  # inspect by force
    act(game, 1, "turn", position=1)  # the second and last turn (rank 2, 2 cards) by force
    return table, game


def test_replay_tolerates_forced_steps_written_out():
    table, game = written_out_game()
    plain = [a.to_json() for a in game.actions]
    full = []
    for index, action in enumerate(game.actions):
        full.append(action.to_json())
        full += [forced.to_json() for forced in game.forced_after(index)]
    assert len(full) > len(plain)
    assert {"seat": 1, "act": "inspect"} in full and {"seat": 2, "act": "decline"} in full
    replayed = record_of(R3, table, full).replay()
    assert table_json(replayed) == table_json(game)
    assert replayed.actions == game.actions  # written back without the forced steps
    assert table_json(record_of(R3, table, plain).replay()) == table_json(game)


def test_a_forced_step_written_twice_is_refused():
    table, game = written_out_game()
    actions = [a.to_json() for a in game.actions]
    actions.insert(2, {"seat": 2, "act": "decline"})
    actions.insert(2, {"seat": 2, "act": "decline"})
    with pytest.raises(RecordError) as error:
        record_of(R3, table, actions).replay()
    assert error.value.index == 3


def test_a_written_out_step_that_was_not_forced_is_still_checked():
    table, game = written_out_game()
    actions = [a.to_json() for a in game.actions]
    actions[1] = {"seat": 1, "act": "decline"}  # seat 1 had a choice: its decline is legal
    replayed = record_of(R3, table, actions[:2]).replay()
    assert replayed.ended is False and replayed.decision.kind == "turn"
    actions[1] = {"seat": 2, "act": "control", "card": "captain"}  # seat 2 holds no captain
    with pytest.raises(RecordError, match="action 1") as error:
        record_of(R3, table, actions).replay()
    assert error.value.index == 1
