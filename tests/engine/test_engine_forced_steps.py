"""RECORD.md "Actions": which single-option steps the engine takes, and which it asks.

A step whose single outcome every seat can tell from what it may know is
taken by the engine and not recorded; a step forced only by hidden cards is
still that seat's decision: asked and recorded. Replay tolerates a record
that writes out an engine step, and one that leaves out a hidden-forced step
(records made before the rule changed); anything else must still be legal.
"""

from __future__ import annotations

import pytest
from helpers.engine import CI, act, complete_table, stacked, table_json

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


def test_a_decline_forced_by_a_hidden_hand_is_asked_and_recorded():
    game = stacked(R3, [CI + ["legal"], ["legal"], CI])
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "captain"]})
    # seat 1 holds no controller card, which only seat 1 knows: it is asked
    assert game.to_act == 1 and game.forced_after(0) == ()
    assert [a.to_json() for a in game.legal_actions()] == [{"seat": 1, "act": "decline"}]
    game.apply({"seat": 1, "act": "decline"})
    assert [a.act for a in game.actions] == ["convoy", "decline"]
    assert game.to_act == 2
    assert game.log(0)[-1] == "Seat 1 declined to control."


def test_a_decline_forced_by_a_publicly_known_hand_is_the_engines():
    # seat 1 took two legal cards from the row: everyone knows it holds nothing else
    game = stacked(R3, [CI + ["legal"] * 2, [], CI], row=["legal"] * 4)
    game.apply({"seat": 0, "act": "pass"})
    game.apply({"seat": 1, "act": "take", "from": "row", "slot": 0})
    game.apply({"seat": 1, "act": "take", "from": "row", "slot": 1})
    game.apply({"seat": 2, "act": "pass"})
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    assert [a.to_json() for a in game.forced_after(4)] == [{"seat": 1, "act": "decline"}]
    assert game.to_act == 2


def test_a_forced_inspect_after_a_rejected_bribe_is_not_recorded():
    game = stacked(R3, [CI + ["legal"] * 3, ["captain"], ["legal"]])
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    assert [a.act for a in game.actions] == ["convoy", "control", "decline", "bribe", "reject"]
    assert [a.act for a in game.forced_after(4)] == ["inspect"]


def test_the_last_turn_of_an_inspection_is_forced_when_one_card_is_left():
    game = stacked(R3, [CI + ["legal"] * 2, ["inspector"], ["legal"]])
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=0)
    assert [a.act for a in game.actions] == [
        "convoy",
        "control",
        "decline",
        "no_bribe",
        "inspect",
        "turn",
    ]
    assert [a.to_json() for a in game.forced_after(5)] == [
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
    # seat 0 convoys its last two cards; seat 1 holds no controller card (asked), seat 2 does
    game = stacked(R3, [["legal", "illegal"], ["legal"], ["captain", "legal"]])
    game.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "legal"]})
    game.apply({"seat": 1, "act": "decline"})
    game.apply({"seat": 2, "act": "control", "card": "captain"})
    # an empty hand (public): no_bribe is the engine's; the controller then chooses
    assert [a.act for a in game.forced_after(2)] == ["no_bribe"]
    assert game.decision.kind == "inspect_or_waive"


def test_a_bribe_step_forced_by_hidden_cards_is_asked():
    # three offers allowed; the smuggler keeps two legal cards, both offers are rejected
    rules = ProhisRules(players=3, bribe_rounds=3)
    game = stacked(rules, [["legal"] * 4 + ["illegal"], ["inspector"], ["legal"]])
    for data in (
        {"seat": 0, "act": "convoy", "cards": ["legal", "illegal", "legal"]},
        {"seat": 1, "act": "control", "card": "inspector"},
        {"seat": 2, "act": "decline"},
        {"seat": 0, "act": "bribe", "cards": ["legal"]},
        {"seat": 1, "act": "reject"},
        {"seat": 0, "act": "bribe", "cards": ["legal", "legal"]},
        {"seat": 1, "act": "reject"},
    ):
        game.apply(data)
    # every offer the hand allows was rejected: only no_bribe is left, but a
    # bystander cannot tell (the hand could hold two kinds): the smuggler is asked
    assert game.to_act == 0 and game.decision.kind == "bribe"
    assert [a.act for a in game.legal_actions()] == ["no_bribe"]


def test_a_bribe_step_with_one_card_in_hand_is_the_engines():
    # one card left: one possible offer whatever its kind; once it is rejected
    # "no more offers" is forced, and everyone can tell
    rules = ProhisRules(players=3, bribe_rounds=2)
    game = stacked(rules, [["legal"] * 2 + ["illegal"], ["inspector"], []])
    for data in (
        {"seat": 0, "act": "convoy", "cards": ["legal", "illegal"]},
        {"seat": 1, "act": "control", "card": "inspector"},
        {"seat": 0, "act": "bribe", "cards": ["legal"]},
        {"seat": 1, "act": "reject"},
    ):
        game.apply(data)
    assert [a.act for a in game.forced_after(3)] == ["no_bribe", "inspect"]
    assert game.decision.kind == "inspection"


def written_out_game():
    """A game whose record, written with and without its forced steps, must replay the same."""
    table = complete_table(R3, [CI + ["legal"] * 3, ["captain"], ["legal"]])
    game = ProhisGame(R3, table=table)
    act(game, 0, "convoy", cards=["legal", "legal"])  # seat 1 decides
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")  # seat 2 has no controller card: asked all the same
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
    assert {"seat": 2, "act": "decline"} in plain
    replayed = record_of(R3, table, full).replay()
    assert table_json(replayed) == table_json(game)
    assert replayed.actions == game.actions  # written back without the forced steps
    assert table_json(record_of(R3, table, plain).replay()) == table_json(game)


def test_replay_takes_a_hidden_forced_step_an_old_record_left_out():
    table, game = written_out_game()
    old = [a.to_json() for a in game.actions if a.to_json() != {"seat": 2, "act": "decline"}]
    replayed = record_of(R3, table, old).replay()
    assert table_json(replayed) == table_json(game)
    assert replayed.actions == game.actions  # written back with the decline, as asked now
    for upto in range(len(old) + 1):  # and every position before the end is a real one
        record_of(R3, table, old).replay(upto)


def test_a_forced_step_written_twice_is_refused():
    table, game = written_out_game()
    actions = [a.to_json() for a in game.actions]
    actions.insert(2, {"seat": 2, "act": "decline"})
    with pytest.raises(RecordError) as error:
        record_of(R3, table, actions).replay()
    assert error.value.index == 3


def test_a_written_out_step_that_was_not_forced_is_still_checked():
    table, game = written_out_game()
    actions = [a.to_json() for a in game.actions]
    actions[1] = {"seat": 1, "act": "decline"}  # seat 1 had a choice: its decline is legal
    replayed = record_of(R3, table, actions[:2]).replay()
    assert replayed.ended is False and replayed.decision.kind == "control"
    assert replayed.to_act == 2  # seat 2's decline, forced by its hand, is asked
    actions[1] = {"seat": 2, "act": "control", "card": "captain"}  # seat 2 holds no captain
    with pytest.raises(RecordError, match="action 1") as error:
        record_of(R3, table, actions).replay()
    assert error.value.index == 1


def test_forced_after_names_the_actions_it_can_answer_for():
    _, game = written_out_game()
    taken = len(game.actions)
    before = table_json(game)
    for index in (taken, taken + 5, -2):
        with pytest.raises(IndexError, match=rf"no action {index}: {taken} taken, indices -1"):
            game.forced_after(index)
    with pytest.raises(TypeError, match="an action's index is a whole number"):
        game.forced_after("2")  # type: ignore[arg-type]
    assert table_json(game) == before and len(game.actions) == taken


def test_forced_steps_taken_counts_the_steps_between_recorded_actions():
    _, game = written_out_game()
    # By the rules: the rejected bribe owes an inspection (1 step), and a captain
    # turns 2 cards of a 2-card convoy, so the second turn is forced (1 step).
    assert [a.act for a in game.actions][-3:] == ["bribe", "reject", "turn"]
    assert game.forced_steps_taken == 2
    copy = game.copy()
    game.undo()  # the last turn, and the forced turn after it
    assert game.forced_steps_taken == 1 and copy.forced_steps_taken == 2
    assert ProhisGame(R3, seed=5).forced_steps_taken == 0  # the deal's own steps are left out
