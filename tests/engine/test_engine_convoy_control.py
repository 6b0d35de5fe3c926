"""RULES.md, Prohis, "Form a convoy" and step 1 "Who controls".

Four players (seats 0-3 clockwise) unless a test says otherwise.
"""

from __future__ import annotations

from itertools import permutations

import pytest
from helpers.engine import CI, act, acts, stacked, table_json

from prohis_nb import IllegalActionError, ProhisRules

R3 = ProhisRules(players=3)
R4 = ProhisRules(players=4)


def convoys(game):
    return {a.cards for a in game.legal_actions() if a.act == "convoy"}


# ---------------------------------------------------------------- the convoy


def test_convoy_holds_two_three_or_four_cards():
    game = stacked(R3, [CI + ["legal"] * 4, CI, CI])
    assert {len(c) for c in convoys(game)} == {2, 3, 4}
    for size in (1, 5):
        with pytest.raises(IllegalActionError, match="2, 3 or 4 cards"):
            act(game, 0, "convoy", cards=["legal"] * size)


def test_convoy_may_hold_any_kinds_of_card():
    hand = ["legal", "illegal", "lieutenant", "captain", "inspector"]
    game = stacked(R3, [hand, CI, CI])
    assert ("inspector", "illegal", "captain", "lieutenant") in convoys(game)
    act(game, 0, "convoy", cards=["inspector", "illegal", "captain", "lieutenant"])
    assert game.hand(0) == ["legal"]


def test_every_ordered_convoy_the_hand_allows_is_legal_once():
    game = stacked(R3, [["legal", "legal", "illegal"], CI, CI])
    expected = {p for size in (2, 3) for p in permutations(["legal", "legal", "illegal"], size)}
    assert convoys(game) == expected
    assert len(expected) == 6
    listed = [a.cards for a in game.legal_actions() if a.act == "convoy"]
    assert len(listed) == len(set(listed))


def test_convoy_keeps_the_order_the_smuggler_chose():
    game = stacked(R3, [CI + ["illegal", "legal"], CI, ["lieutenant"]])
    act(game, 0, "convoy", cards=["legal", "captain", "illegal"])
    assert game.view(0).convoy.cards == ("legal", "captain", "illegal")
    assert game.omniscient_view().convoy.cards == ("legal", "captain", "illegal")
    act(game, 1, "control", card="inspector")
    # seat 2 has only a lieutenant, which cannot beat the inspector... but may still be played
    act(game, 2, "decline")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=2)
    assert game.warehouse(1) == ["legal", "illegal", "captain", "inspector"]


def test_convoy_of_cards_not_in_hand_is_refused():
    game = stacked(R3, [CI + ["legal"], CI, CI])
    before = table_json(game)
    with pytest.raises(IllegalActionError, match="holds 0 illegal"):
        act(game, 0, "convoy", cards=["illegal", "legal"])
    assert table_json(game) == before


def test_no_convoy_with_fewer_than_two_cards():
    game = stacked(R3, [["legal"], CI + ["legal"], CI + ["legal"]])
    assert "convoy" not in acts(game)


def test_convoy_cards_leave_the_hand_face_down():
    game = stacked(R3, [CI + ["illegal", "legal"], CI, CI])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    assert game.hand(0) == CI
    assert game.view(1).convoy.cards == (None, None)
    assert game.view(0).seats[0].hand_size == 2 and game.view(1).seats[0].hand_size == 2


# ---------------------------------------------------------------- who controls


def four_player_control_table(first=2):
    hands = [CI + ["legal"], CI + ["lieutenant"], CI + ["illegal", "legal"], CI + ["lieutenant"]]
    return stacked(R4, hands, first=first)


def test_opponents_are_asked_clockwise_from_the_smugglers_left():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    asked = []
    while game.decision.kind == "control":
        asked.append(game.to_act)
        act(game, game.to_act, "decline")
    assert asked == [3, 0, 1]


def test_later_opponents_see_earlier_plays():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    act(game, 3, "control", card="captain")
    assert game.to_act == 0
    assert game.view(0).convoy.controls == ((3, "captain"),)
    act(game, 0, "control", card="inspector")
    assert game.view(1).convoy.controls == ((3, "captain"), (0, "inspector"))
    # the played cards are out of the hands while the round goes on
    assert game.hand(3) == ["lieutenant", "inspector"] and game.hand(0) == ["legal", "captain"]


def test_highest_rank_wins_control():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    act(game, 3, "control", card="lieutenant")
    act(game, 0, "control", card="inspector")
    act(game, 1, "control", card="captain")
    convoy = game.view(2).convoy
    assert convoy.controller == 0 and convoy.controller_card == "inspector"
    assert game.decision.kind == "bribe" and game.to_act == 2


def test_tie_goes_to_first_played():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    act(game, 3, "control", card="captain")
    act(game, 0, "control", card="captain")
    act(game, 1, "control", card="captain")
    assert game.view(2).convoy.controller == 3


def test_tie_goes_to_first_played_even_after_a_lower_card():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    act(game, 3, "control", card="lieutenant")
    act(game, 0, "control", card="inspector")
    act(game, 1, "control", card="inspector")
    assert game.view(2).convoy.controller == 0


def test_the_others_take_their_controller_cards_back():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    act(game, 3, "control", card="lieutenant")
    act(game, 0, "control", card="inspector")
    act(game, 1, "control", card="captain")
    assert game.hand(3) == ["lieutenant", "captain", "inspector"]
    assert game.hand(1) == ["lieutenant", "captain", "inspector"]
    assert game.hand(0) == ["legal", "captain"]  # the winner's card stays on the table
    assert game.card_counts() == R4.deck_counts()


def test_nobody_controls_the_convoy_goes_to_the_smugglers_warehouse():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    for seat in (3, 0, 1):
        act(game, seat, "decline")
    assert game.warehouse(2) == ["legal", "illegal"]
    assert game.to_act == 3 and game.decision.kind == "turn"
    assert game.view(2).convoy is None


def test_only_controller_cards_may_control():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    assert {a.card for a in game.legal_actions() if a.act == "control"} == {
        "lieutenant",
        "captain",
        "inspector",
    }
    with pytest.raises(IllegalActionError):
        game.apply({"seat": 3, "act": "control", "card": "legal"})


def test_a_controller_card_not_in_hand_cannot_be_played():
    game = stacked(R3, [CI + ["legal"], ["lieutenant", "legal"], CI])
    act(game, 0, "convoy", cards=["legal", "captain"])
    assert {a.card for a in game.legal_actions() if a.act == "control"} == {"lieutenant"}
    with pytest.raises(IllegalActionError, match="holds 0 inspector"):
        act(game, 1, "control", card="inspector")


def test_the_smuggler_does_not_control_its_own_convoy():
    game = four_player_control_table(first=2)
    act(game, 2, "convoy", cards=["illegal", "legal"])
    with pytest.raises(IllegalActionError):
        act(game, 2, "control", card="captain")
