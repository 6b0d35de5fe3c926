"""RULES.md, Prohis, "A turn", draw: 1 or 2 picks, never two from the pile, hand limit 8.

Three players (seats 0, 1, 2 clockwise), seat 0 first, unless a test says otherwise.
"""

from __future__ import annotations

import pytest
from helpers.engine import CI, act, acts, stacked, table_json

from prohis_nb import IllegalActionError, ProhisRules

R3 = ProhisRules(players=3)
ROW = ["illegal", "legal", "lieutenant", "legal"]
HANDS = [CI + ["legal"] * 2, CI + ["legal"] * 2, CI + ["legal"] * 2]


def game_with(pile_top=("lieutenant",), hands=HANDS, row=ROW, rules=R3):
    return stacked(rules, [list(h) for h in hands], row, list(pile_top))


def test_row_pick_puts_the_card_in_hand_and_refills_the_same_slot_from_the_pile():
    game = game_with(pile_top=["lieutenant", "illegal"])
    pile = len(game.omniscient_view().pile)
    act(game, 0, "take", from_="row", slot=0)
    assert game.hand(0).count("illegal") == 1
    view = game.omniscient_view()
    assert list(view.row) == ["lieutenant", "legal", "lieutenant", "legal"]
    assert len(view.pile) == pile - 1 and view.pile[0] == "illegal"


def test_second_row_pick_may_take_the_replacement():
    game = game_with(pile_top=["lieutenant", "illegal"])
    act(game, 0, "take", from_="row", slot=0)
    assert game.decision.kind == "second_pick"
    act(game, 0, "take", from_="row", slot=0)  # the lieutenant just turned up
    assert game.hand(0).count("lieutenant") == 1
    assert game.omniscient_view().row[0] == "illegal"


def test_pile_pick_takes_the_top_card():
    game = game_with(pile_top=["lieutenant", "illegal"])
    act(game, 0, "take", from_="pile")
    assert game.hand(0).count("lieutenant") == 1
    assert list(game.omniscient_view().row) == ROW  # the row is untouched


def test_two_row_picks_end_the_turn():
    game = game_with()
    act(game, 0, "take", from_="row", slot=1)
    act(game, 0, "take", from_="row", slot=3)
    assert len(game.hand(0)) == 6
    assert game.to_act == 1 and game.decision.kind == "turn"


def test_row_pick_then_pile_pick_is_allowed():
    game = game_with(pile_top=["legal", "illegal"])
    act(game, 0, "take", from_="row", slot=2)
    assert {(a.act, a.source) for a in game.legal_actions()} == {
        ("take", "row"),
        ("take", "pile"),
        ("stop", None),
    }
    act(game, 0, "take", from_="pile")
    assert game.hand(0).count("lieutenant") == 1 and game.hand(0).count("illegal") == 1
    assert game.to_act == 1


def test_pile_pick_then_row_pick_is_allowed():
    game = game_with(pile_top=["illegal"])
    act(game, 0, "take", from_="pile")
    assert {a.slot for a in game.legal_actions() if a.act == "take"} == {0, 1, 2, 3}
    act(game, 0, "take", from_="row", slot=0)
    assert game.hand(0).count("illegal") == 2
    assert game.to_act == 1


def test_never_two_cards_from_the_pile():
    game = game_with()
    act(game, 0, "take", from_="pile")
    assert all(a.source != "pile" for a in game.legal_actions())
    before = table_json(game)
    with pytest.raises(IllegalActionError, match="never two cards from the pile") as error:
        act(game, 0, "take", from_="pile")
    assert error.value.allowed == game.legal_actions()
    assert table_json(game) == before


def test_one_pick_then_stop_ends_the_turn():
    game = game_with()
    act(game, 0, "take", from_="row", slot=1)
    act(game, 0, "stop")
    assert len(game.hand(0)) == 5
    assert game.to_act == 1 and game.decision.kind == "turn"


def test_stop_is_not_a_turn_of_its_own():
    game = game_with()
    assert "stop" not in acts(game)
    with pytest.raises(IllegalActionError):
        act(game, 0, "stop")


def test_no_draw_with_eight_cards_in_hand():
    hands = [CI + ["legal"] * 6, CI + ["legal"], CI + ["legal"]]
    game = game_with(hands=hands)
    assert "take" not in acts(game)
    assert acts(game) == {"convoy", "pass"}
    with pytest.raises(IllegalActionError, match="8 or more"):
        act(game, 0, "take", from_="row", slot=0)


def test_no_draw_with_more_than_eight_cards_in_hand():
    hands = [CI + ["legal"] * 8, CI, CI]
    assert "take" not in acts(game_with(hands=hands))


def test_draw_allowed_with_seven_cards_and_second_pick_allowed_at_eight():
    hands = [CI + ["legal"] * 5, CI, CI]
    game = game_with(hands=hands)
    act(game, 0, "take", from_="row", slot=0)
    assert len(game.hand(0)) == 8
    assert game.decision.kind == "second_pick"
    act(game, 0, "take", from_="pile")
    assert len(game.hand(0)) == 9


def test_an_empty_row_slot_cannot_be_taken():
    # The pile is empty: a row card taken is not replaced.
    rules = ProhisRules(players=3, deck={"legal": 6, "illegal": 1, "lieutenant": 1})
    hands = [CI + ["legal"] * 2, CI + ["legal"] * 2, CI + ["legal"]]
    game = stacked(rules, hands, ["illegal", "legal", "lieutenant", None])
    assert {a.slot for a in game.legal_actions() if a.act == "take"} == {0, 1, 2}
    act(game, 0, "take", from_="row", slot=0)
    assert game.omniscient_view().row == (None, "legal", "lieutenant", None)
    assert {a.slot for a in game.legal_actions() if a.act == "take"} == {1, 2}
    with pytest.raises(IllegalActionError, match="row slot 0 is empty"):
        act(game, 0, "take", from_="row", slot=0)


def test_no_pile_pick_from_an_empty_pile():
    rules = ProhisRules(players=3, deck={"legal": 8, "illegal": 1, "lieutenant": 0})
    hands = [CI + ["legal"] * 2, CI + ["legal"] * 2, CI + ["legal"]]
    game = stacked(rules, hands, ["illegal", "legal", "legal", "legal"])
    assert game.omniscient_view().pile == ()
    assert all(a.source != "pile" for a in game.legal_actions())
    with pytest.raises(IllegalActionError, match="pile is empty"):
        act(game, 0, "take", from_="pile")


def test_a_draw_hands_the_turn_on_after_the_second_pick():
    game = game_with()
    act(game, 0, "take", from_="pile")
    act(game, 0, "take", from_="row", slot=3)
    assert game.to_act == 1
    act(game, 1, "take", from_="row", slot=0)
    act(game, 1, "stop")
    assert game.to_act == 2
