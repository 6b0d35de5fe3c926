"""RULES.md, Prohis, "Who knows what": what each seat's view shows, and what it hides.

A view's ``known_in_hand``/``known_in_warehouse`` are lower bounds: cards the
viewer knows to be in that place. Stacked tables start with no knowledge.
Three players: seat 0, 1, 2 clockwise, seat 0 first, unless a test says otherwise.
"""

from __future__ import annotations

import json

from helpers.engine import CI, act, complete_table, seat_json, stacked

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.cli import main as cli_main

R3 = ProhisRules(players=3)


def known(game, observer, seat):
    return game.view(observer).seats[seat].known_in_hand


def known_wh(game, observer, seat):
    return game.view(observer).seats[seat].known_in_warehouse


# ---------------------------------------------------------------- public


def test_sizes_row_and_decisions_are_public():
    game = stacked(R3, [CI + ["legal", "illegal"], CI + ["legal"], CI])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    for observer in range(3):
        view = game.view(observer)
        assert [s.hand_size for s in view.seats] == [2, 3, 2]
        assert view.convoy.smuggler == 0 and len(view.convoy.cards) == 2
        assert view.pile_size == len(game.omniscient_view().pile)
        assert view.row == game.omniscient_view().row
        assert view.decision == game.decision


def test_a_row_card_taken_stays_known_to_everyone_in_that_hand():
    game = stacked(R3, [CI + ["legal"], CI + ["legal"], CI], ["illegal", "legal", "legal", "legal"])
    act(game, 0, "take", from_="row", slot=0)
    act(game, 0, "take", from_="pile")  # a hidden card joins it
    for observer in (1, 2):
        assert known(game, observer, 0) == ("illegal",)
    assert game.view(1).seats[0].known_to_all == ("illegal",)
    act(game, 1, "pass")
    act(game, 2, "pass")
    act(game, 0, "take", from_="row", slot=1)
    act(game, 0, "stop")
    assert known(game, 2, 0) == ("legal", "illegal")


def test_a_known_card_is_forgotten_once_it_may_have_left_face_down():
    # seat 0 takes three legal cards from the row: all know them; a convoy of 2
    # may have taken two of them, so one is still known to be there.
    row = ["legal", "legal", "legal", "illegal"]
    game = stacked(R3, [CI + ["illegal"] * 2, ["legal"], ["legal"]], row, ["legal", "legal"])
    act(game, 0, "take", from_="row", slot=0)
    act(game, 0, "take", from_="row", slot=1)
    act(game, 1, "pass")
    act(game, 2, "pass")
    act(game, 0, "take", from_="row", slot=2)
    act(game, 0, "stop")
    assert known(game, 1, 0) == ("legal",) * 3
    act(game, 1, "pass")
    act(game, 2, "pass")
    act(game, 0, "convoy", cards=["illegal", "illegal"])  # nobody can control: stored
    assert known(game, 1, 0) == ("legal",)
    assert known(game, 2, 0) == ("legal",)


def test_a_controller_card_taken_back_is_known_in_that_hand():
    hands = [CI + ["legal"], ["lieutenant", "legal"], CI]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["legal", "captain"])
    act(game, 1, "control", card="lieutenant")
    act(game, 2, "control", card="captain")  # the captain wins, seat 1 takes its card back
    assert known(game, 0, 1) == ("lieutenant",)
    assert known(game, 2, 1) == ("lieutenant",)


def test_a_controller_card_given_to_the_smuggler_is_known_in_its_hand():
    hands = [CI + ["legal", "legal"], ["captain", "legal"], ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=0)  # the second card is turned by force: success
    assert game.hand(0) == ["captain", "captain", "inspector"]
    for observer in (1, 2):
        assert known(game, observer, 0) == ("captain",)
        # both turned legal cards are known to be in seat 0's warehouse
        assert known_wh(game, observer, 0) == ("legal", "legal")


def test_a_controller_card_back_after_an_accepted_bribe_is_known():
    hands = [CI + ["illegal", "legal", "legal"], ["inspector", "legal"], ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "accept")
    assert known(game, 2, 1) == ("inspector",)
    assert known(game, 0, 1) == ("inspector",)


def test_a_waived_controller_card_is_known_in_the_warehouse():
    hands = [CI + ["illegal", "legal"], ["inspector", "legal"], ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 0, "no_bribe")
    act(game, 1, "waive")
    assert known_wh(game, 2, 1) == ("inspector",)
    assert known_wh(game, 0, 1) == ("inspector",)


def test_a_seat_knows_its_own_hand_and_warehouse_others_only_their_sizes():
    hands = [CI + ["illegal", "legal"], ["legal"], ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["illegal", "legal"])  # nobody can control: stored
    act(game, 1, "decline")  # (each is asked all the same: nobody else knows it)
    act(game, 2, "decline")
    assert game.view(0).warehouse == ("legal", "illegal")
    assert game.view(0).hand == ("captain", "inspector")
    for observer in (1, 2):
        view = game.view(observer)
        assert view.seats[0].warehouse_size == 2 and known_wh(game, observer, 0) == ()
        assert view.seats[0].hand_size == 2 and known(game, observer, 0) == ()
        assert view.hand == ("legal",)


# ---------------------------------------------------------------- private


def test_the_smuggler_knows_its_convoy_the_others_only_its_size():
    game = stacked(R3, [CI + ["illegal", "legal"], CI, CI])
    act(game, 0, "convoy", cards=["illegal", "legal", "captain"])
    assert game.view(0).convoy.cards == ("illegal", "legal", "captain")
    assert game.view(1).convoy.cards == (None, None, None)
    assert game.log(1)[-1] == "Seat 0 formed a convoy of 3 face-down cards."


def test_bribe_cards_are_seen_only_by_smuggler_and_controller():
    hands = [CI + ["illegal", "legal", "legal", "illegal"], CI, ["lieutenant", "legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    act(game, 0, "bribe", cards=["illegal", "inspector"])
    assert game.view(1).convoy.bribe == ("illegal", "inspector")
    assert game.view(2).convoy.bribe is None and game.view(2).convoy.bribe_size == 2
    assert "bribe of 2 cards: illegal, inspector." in game.log(1)[-1]
    assert game.log(2)[-1] == "Seat 0 offered seat 1 a bribe of 2 cards."
    act(game, 1, "accept")
    # the smuggler knows what it paid, the controller owns it, the onlooker knows the count
    assert known_wh(game, 0, 1) == ("illegal", "inspector")
    assert game.view(1).warehouse == ("illegal", "inspector")
    assert known_wh(game, 2, 1) == () and game.view(2).seats[1].warehouse_size == 2


def test_a_rejected_bribe_is_known_to_the_controller_to_be_back_in_hand():
    hands = [CI + ["illegal", "legal", "legal", "illegal"], CI, ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 0, "bribe", cards=["illegal", "legal"])
    act(game, 1, "reject")
    assert known(game, 1, 0) == ("legal", "illegal")
    assert known(game, 2, 0) == ()
    assert game.view(2).convoy.rejected_bribes is None
    assert game.view(1).convoy.rejected_bribes == (("legal", "illegal"),)


def test_a_confiscated_convoy_is_known_to_the_controller_and_the_smuggler_only():
    hands = [CI + ["legal", "illegal", "legal"], ["captain", "legal"], ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["legal", "illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=1)
    assert game.view(1).warehouse == ("legal", "legal", "illegal", "captain")
    assert known_wh(game, 0, 1) == ("legal", "legal", "illegal", "captain")
    assert known_wh(game, 2, 1) == ("illegal", "captain")


def test_turned_cards_are_public():
    hands = [CI + ["legal", "illegal", "legal"], ["inspector", "legal"], ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["legal", "illegal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=2)
    assert game.view(2).convoy.cards == (None, None, "legal")
    assert game.log(2)[-1] == "Seat 1 turned over the 3rd card of the convoy: a legal card."


def test_a_card_drawn_from_the_pile_by_another_seat_is_hidden():
    rules = R3
    hands = [CI + ["legal"], CI, CI]
    one = ProhisGame(rules, table=complete_table(rules, hands, pile_top=["illegal", "legal"]))
    two = ProhisGame(rules, table=complete_table(rules, hands, pile_top=["lieutenant", "legal"]))
    for game in (one, two):
        act(game, 0, "take", from_="pile")
        act(game, 0, "stop")
    assert seat_json(one, 1) == seat_json(two, 1)
    assert seat_json(one, 2) == seat_json(two, 2)
    assert seat_json(one, 0) != seat_json(two, 0)
    assert one.log(0)[-2] == "You drew an illegal card from the pile."
    assert one.log(1)[-2] == "Seat 0 drew a card from the pile."


def test_a_hand_card_never_shown_does_not_change_another_seats_view():
    def play(extra):
        game = stacked(R3, [CI + ["legal", "legal"], CI + [extra], CI + ["legal"]])
        act(game, 0, "convoy", cards=["legal", "legal"])
        act(game, 1, "decline")
        act(game, 2, "control", card="captain")
        act(game, 0, "no_bribe")
        act(game, 2, "waive")
        act(game, 1, "take", from_="pile")
        act(game, 1, "stop")
        return game

    one, two = play("illegal"), play("lieutenant")
    assert seat_json(one, 0) == seat_json(two, 0)
    assert seat_json(one, 2) == seat_json(two, 2)
    assert seat_json(one, 1) != seat_json(two, 1)


def test_the_teacher_sees_everything():
    game = stacked(R3, [CI + ["illegal", "legal"], CI, CI])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    table = game.omniscient_view()
    assert table.convoy.cards == ("illegal", "legal")
    assert table.hands[0] == ("captain", "inspector")
    assert "Seat 0 formed a convoy of 2 cards: illegal, legal (in that order)." in table.log


def test_a_bribe_may_have_taken_any_known_card_except_for_those_who_saw_it():
    # seat 0 takes three legal cards in the open, convoys two illegal (one legal is still
    # known to be there), then bribes one card: onlookers can no longer be sure of the
    # legal card; the controller saw the bribe (an illegal card) and still is.
    row = ["legal", "legal", "legal", "illegal"]
    hands = [CI + ["illegal"] * 3, ["captain", "legal"], ["legal"]]
    game = stacked(R3, hands, row, ["legal", "legal"])
    act(game, 0, "take", from_="row", slot=0)
    act(game, 0, "take", from_="row", slot=1)
    act(game, 1, "pass")
    act(game, 2, "pass")
    act(game, 0, "take", from_="row", slot=2)
    act(game, 0, "stop")
    act(game, 1, "pass")
    act(game, 2, "pass")
    act(game, 0, "convoy", cards=["illegal", "illegal"])
    act(game, 1, "control", card="captain")
    assert known(game, 1, 0) == ("legal",) and known(game, 2, 0) == ("legal",)
    act(game, 0, "bribe", cards=["illegal"])
    assert known(game, 1, 0) == ("legal",)
    assert known(game, 2, 0) == ()
    act(game, 1, "accept")
    assert known(game, 1, 0) == ("legal",) and known(game, 2, 0) == ()


def test_every_decision_is_told_to_every_seat():
    hands = [CI + ["illegal", "legal", "legal"], CI, ["lieutenant", "legal"]]
    game = stacked(ProhisRules(players=3, bribe_rounds=2), hands)
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    act(game, 0, "no_bribe")
    act(game, 1, "turn", position=1)  # the last card is turned by force: illegal
    act(game, 1, "pass")
    onlooker = game.log(2)
    for line in [
        "Seat 0 formed a convoy of 2 face-down cards.",
        "Seat 1 played a captain to control seat 0's convoy.",
        "You declined to control.",
        "Seat 0 offered seat 1 a bribe of 1 card.",
        "Seat 1 rejected the bribe; it went back to seat 0's hand. Seat 0 may offer another.",
        "Seat 0 offered no further bribe.",
        "Seat 1 turned over the 2nd card of the convoy: a legal card.",
        "Seat 1 turned over the 1st card of the convoy: an illegal card.",
        "Seat 1 passed.",
    ]:
        assert line in onlooker


# ---------------------------------------------------------------- twins: games that differ only in
# cards a seat never saw look the same to it, in the view, the record and the command line


def seat1_json(hidden_pile_card, seat2_hand):
    """Seat 0 draws a hidden pile card; seat 2 convoys unseen cards (or declines)."""
    game = stacked(R3, [CI, CI, seat2_hand], pile_top=[hidden_pile_card])
    act(game, 0, "take", from_="pile")
    act(game, 0, "stop")
    act(game, 1, "pass")
    act(game, 2, "convoy", cards=seat2_hand[:2])
    act(game, 0, "decline")
    if game.to_act == 1:
        act(game, 1, "decline")
    return json.dumps(game.view(1).to_json()), game


def test_a_seats_view_ignores_cards_it_never_saw():
    a, game_a = seat1_json("illegal", ["illegal", "illegal", "legal"])
    b, game_b = seat1_json("legal", ["legal", "legal", "illegal"])
    assert a == b
    assert game_a.hand(0) != game_b.hand(0)  # the games really differ


def test_a_forced_decline_looks_like_a_chosen_one():
    # seat 0 holds a lieutenant (declines by choice) or none (declines by force)
    def view_of_seat1(hand0):
        game = stacked(R3, [hand0, CI, CI + ["legal", "legal"]], first=2)
        act(game, 2, "convoy", cards=["legal", "legal"])
        if game.to_act == 0:
            act(game, 0, "decline")
        act(game, 1, "decline")
        return json.dumps(game.view(1).to_json()), game.record()

    a, record_a = view_of_seat1(["lieutenant", "legal"])
    b, record_b = view_of_seat1(["legal", "legal"])
    assert a == b
    # the forced decline is asked and recorded like the chosen one: same records
    assert record_a.actions == record_b.actions


def test_replay_seat_output_is_byte_identical_for_hidden_differences(tmp_path, capsys):
    outputs = []
    for hidden, hand2 in (("illegal", ["illegal", "illegal", "legal"]), ("legal", ["legal"] * 3)):
        _, game = seat1_json(hidden, hand2)
        path = tmp_path / f"{hidden}.json"
        game.record().save(path)
        assert cli_main(["replay", str(path), "--seat", "1"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1]
