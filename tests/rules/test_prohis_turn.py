"""Prohis rules, one test per rule of RULES.md: setup, draw, convoy, control, bribe, inspection.

Each test stacks a table (every card placed) and checks the outcome.
Three players unless said: seats 0, 1, 2, clockwise; seat 0 plays first.
"""

import pytest
from rulehelpers import act, stacked

from prohis_nb import IllegalActionError, ProhisGame, ProhisRules
from prohis_nb.prohis.cards import standard_deck

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]


def hand(game, seat):
    return sorted(game.hand(seat))


def acts(game):
    return {a.act for a in game.legal_actions()}


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [3, 4])
def test_small_game_removes_18_legal_10_illegal_2_lieutenants(players):
    assert standard_deck(players) == {
        "legal": 40,
        "illegal": 20,
        "lieutenant": 6,
        "captain": players,
        "inspector": players,
    }


@pytest.mark.parametrize("players", [5, 6])
def test_five_or_six_players_use_all_goods_and_lieutenants(players):
    deck = ProhisRules(players=players).deck_counts()
    assert (deck["legal"], deck["illegal"], deck["lieutenant"]) == (58, 30, 8)
    assert deck["captain"] == deck["inspector"] == players


def test_full_box_variant_uses_every_card_with_four_players():
    deck = ProhisRules(players=4, full_box=True).deck_counts()
    assert (deck["legal"], deck["illegal"], deck["lieutenant"]) == (58, 30, 8)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_player_starts_with_captain_inspector_and_four_dealt_cards(players):
    game = ProhisGame(players=players, seed=21)
    deck = game.rules.deck_counts()
    for seat in range(players):
        cards = game.hand(seat)
        assert len(cards) == 6
        assert cards.count("captain") == 1 and cards.count("inspector") == 1
    assert all(card is not None for card in game.row)
    dealt = 6 * players + 4
    assert len(game.pile) == sum(deck.values()) - dealt


def test_same_seed_deals_the_same_game_and_another_seed_another():
    a, b = ProhisGame(players=4, seed=99), ProhisGame(players=4, seed=99)
    assert a.omniscient_view().to_json() == b.omniscient_view().to_json()
    c = ProhisGame(players=4, seed=100)
    assert (
        a.omniscient_view().to_json()["pile_cards"] != c.omniscient_view().to_json()["pile_cards"]
    )


# ---------------------------------------------------------------- draw


def test_row_card_taken_is_replaced_at_once_from_the_pile_in_the_same_slot():
    game = stacked(
        R3, [CI, CI, CI], row=["legal", "illegal", "legal", "legal"], pile_top=["lieutenant"]
    )
    act(game, 0, "take", from_="row", slot=1)
    assert game.hand(0).count("illegal") == 1
    assert game.omniscient_view().row[1] == "lieutenant"


def test_second_pick_may_take_the_replacement_card():
    game = stacked(
        R3, [CI, CI, CI], row=["legal", "illegal", "legal", "legal"], pile_top=["lieutenant"]
    )
    act(game, 0, "take", from_="row", slot=1)
    act(game, 0, "take", from_="row", slot=1)
    assert hand(game, 0) == sorted(CI + ["illegal", "lieutenant"])
    assert game.to_act == 1  # two picks end the turn


def test_row_pick_then_pile_pick_is_allowed():
    game = stacked(R3, [CI, CI, CI], pile_top=["illegal", "lieutenant"])
    act(game, 0, "take", from_="row", slot=0)  # the illegal replaces slot 0
    act(game, 0, "take", from_="pile")  # the lieutenant
    assert hand(game, 0) == sorted(CI + ["legal", "lieutenant"])


def test_pile_pick_then_row_pick_is_allowed():
    game = stacked(
        R3, [CI, CI, CI], row=["illegal", "legal", "legal", "legal"], pile_top=["lieutenant"]
    )
    act(game, 0, "take", from_="pile")
    act(game, 0, "take", from_="row", slot=0)
    assert hand(game, 0) == sorted(CI + ["lieutenant", "illegal"])


def test_never_two_cards_from_the_pile():
    game = stacked(R3, [CI, CI, CI])
    act(game, 0, "take", from_="pile")
    assert {"seat": 0, "act": "take", "from": "pile"} not in [
        a.to_json() for a in game.legal_actions()
    ]
    with pytest.raises(IllegalActionError, match="never two cards from the pile"):
        act(game, 0, "take", from_="pile")


def test_stop_after_one_pick_ends_the_turn():
    game = stacked(R3, [CI, CI, CI])
    act(game, 0, "take", from_="row", slot=2)
    act(game, 0, "stop")
    assert game.to_act == 1 and len(game.hand(0)) == 3


def test_no_draw_with_eight_cards_in_hand():
    eight = CI + ["legal"] * 6
    game = stacked(R3, [eight, CI, CI])
    assert "take" not in acts(game)
    with pytest.raises(IllegalActionError, match="8 or more cards"):
        act(game, 0, "take", from_="pile")


def test_second_pick_allowed_after_the_first_made_eight_cards():
    seven = CI + ["legal"] * 5
    game = stacked(R3, [seven, CI, CI])
    act(game, 0, "take", from_="row", slot=0)
    assert len(game.hand(0)) == 8
    act(game, 0, "take", from_="row", slot=1)
    assert len(game.hand(0)) == 9


def test_an_empty_row_slot_cannot_be_taken():
    rules = ProhisRules(players=3, deck={"legal": 14, "lieutenant": 1})
    game = stacked(
        rules, [CI + ["legal"] * 4] * 3, row=["legal", "legal", "lieutenant", None], fill_pile=False
    )
    with pytest.raises(IllegalActionError, match="slot 3 is empty"):
        act(game, 0, "take", from_="row", slot=3)


# ---------------------------------------------------------------- convoy


@pytest.mark.parametrize("size", [1, 5])
def test_a_convoy_has_two_to_four_cards(size):
    game = stacked(R3, [CI + ["legal"] * 4, CI, CI])
    cards = (["legal"] * 4 + ["captain"])[:size]
    with pytest.raises(IllegalActionError, match="2, 3 or 4 cards"):
        act(game, 0, "convoy", cards=cards)


def test_a_convoy_may_hold_any_kinds_in_the_smugglers_order():
    game = stacked(R3, [CI + ["legal", "illegal", "lieutenant"], [], []])
    act(game, 0, "convoy", cards=["inspector", "illegal", "legal", "lieutenant"])
    # the others hold no controller card: they decline by force, the convoy is stored
    assert sorted(game.warehouse(0)) == sorted(["inspector", "illegal", "legal", "lieutenant"])
    assert game.to_act == 1


def test_a_convoy_needs_the_cards_in_hand():
    game = stacked(R3, [CI + ["legal"], CI, CI])
    with pytest.raises(IllegalActionError, match="holds 0 illegal"):
        act(game, 0, "convoy", cards=["legal", "illegal"])


# ---------------------------------------------------------------- who controls


def test_control_round_goes_clockwise_from_the_smugglers_left():
    game = stacked(R3, [CI + ["legal"] * 2, CI, CI], first=1)
    act(game, 1, "convoy", cards=["captain", "inspector"])
    assert game.decision.kind == "control" and game.to_act == 2
    act(game, 2, "decline")
    assert game.to_act == 0


def test_highest_rank_controls_and_the_others_take_their_cards_back():
    game = stacked(R3, [CI + ["legal"] * 2, CI, CI])
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "control", card="inspector")
    assert game.controller == 2
    assert "captain" in game.hand(1)  # taken back
    assert "inspector" not in game.hand(2)  # on the table
    assert game.decision.kind == "bribe" and game.to_act == 0


def test_a_tie_goes_to_the_first_played():
    game = stacked(R3, [CI + ["legal"] * 2, CI, CI])
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 2, "control", card="inspector")
    assert game.controller == 1
    assert "inspector" in game.hand(2)


def test_nobody_controls_the_convoy_goes_to_the_smugglers_warehouse():
    game = stacked(R3, [CI + ["illegal"] * 2, CI, CI])
    act(game, 0, "convoy", cards=["illegal", "illegal"])
    act(game, 1, "decline")
    act(game, 2, "decline")
    assert game.warehouse(0) == ["illegal", "illegal"]
    assert game.to_act == 1 and game.decision.kind == "turn"


def test_an_opponent_without_controller_card_is_still_asked_and_recorded():
    game = stacked(R3, [CI + ["legal"] * 2, ["legal"], CI])
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    # seat 1 has nothing to control with, but only seat 1 knows: it is asked
    assert game.to_act == 1 and game.decision.kind == "control"
    assert [a.act for a in game.legal_actions()] == ["decline"]
    assert game.forced_after(0) == ()
    game.apply({"seat": 1, "act": "decline"})
    assert [a["act"] for a in game.record().actions] == ["convoy", "decline"]


def test_an_opponent_with_an_empty_hand_declines_by_force_unrecorded():
    game = stacked(R3, [CI + ["legal"] * 2, [], CI + ["legal"]])
    game.apply({"seat": 0, "act": "convoy", "cards": ["legal", "legal"]})
    assert game.to_act == 2  # everyone sees seat 1 holds nothing: the engine declines for it
    assert [a.act for a in game.forced_after(0)] == ["decline"]
    assert [a["act"] for a in game.record().actions] == ["convoy"]


# ---------------------------------------------------------------- bribe


def controlled_by_captain(convoy, smuggler_extra=("legal",)):
    """Seat 0 sends ``convoy``; seat 1 controls with a captain; seat 2 declines."""
    game = stacked(R3, [CI + list(convoy) + list(smuggler_extra), CI, CI])
    act(game, 0, "convoy", cards=list(convoy))
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    return game


def test_accepted_bribe_goes_to_the_controllers_warehouse_and_its_card_back_to_hand():
    game = controlled_by_captain(["illegal", "illegal"])
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "accept")
    assert game.warehouse(1) == ["legal"]
    assert game.hand(1).count("captain") == 1
    assert game.warehouse(0) == ["illegal", "illegal"]
    assert game.to_act == 1 and game.decision.kind == "turn"


def test_rejected_bribe_goes_back_and_the_controller_must_inspect():
    game = controlled_by_captain(["illegal", "legal"])
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    assert "legal" in game.hand(0)
    assert game.decision.kind == "inspection"
    assert acts(game) == {"turn"}
    assert [a.act for a in game.forced_after(len(game.actions) - 1)] == ["inspect"]
    act(game, 1, "turn", position=0)
    assert "inspect" not in [a["act"] for a in game.record().actions]


def test_bribe_cards_are_seen_only_by_smuggler_and_controller():
    game = controlled_by_captain(["illegal", "legal"], smuggler_extra=("illegal",))
    act(game, 0, "bribe", cards=["illegal"])
    assert game.view(1).convoy.bribe == ("illegal",)
    assert game.view(0).convoy.bribe == ("illegal",)
    assert game.view(2).convoy.bribe is None
    assert game.view(2).convoy.bribe_size == 1


def test_without_a_bribe_the_controller_chooses_to_inspect_or_waive():
    game = controlled_by_captain(["illegal", "legal"])
    act(game, 0, "no_bribe")
    assert acts(game) == {"inspect", "waive"}


def test_waiving_scores_the_controller_card_and_lets_the_convoy_pass():
    game = controlled_by_captain(["illegal", "legal"])
    act(game, 0, "no_bribe")
    act(game, 1, "waive")
    assert game.warehouse(1) == ["captain"]
    assert sorted(game.warehouse(0)) == ["illegal", "legal"]


# ---------------------------------------------------------------- inspection


@pytest.mark.parametrize(("card", "turns"), [("lieutenant", 1), ("captain", 2), ("inspector", 3)])
def test_a_controller_turns_as_many_cards_as_its_rank(card, turns):
    controller = ["lieutenant", "captain", "inspector"] if card == "lieutenant" else CI
    game = stacked(R3, [CI + ["legal"] * 4, controller, CI])
    act(game, 0, "convoy", cards=["legal"] * 4)
    act(game, 1, "control", card=card)
    act(game, 2, "decline")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    for position in range(turns):
        assert game.decision.kind == "inspection"
        act(game, 1, "turn", position=position)
    assert game.decision.kind == "turn" and game.to_act == 1
    assert card in game.hand(0)  # only legal goods: the smuggler takes the card


def test_a_convoy_smaller_than_the_rank_is_turned_completely():
    game = stacked(R3, [CI + ["legal"] * 2, CI, CI])
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 2, "decline")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=1)  # the last card is turned by force
    assert game.warehouse(0) == ["legal", "legal"]
    assert game.hand(0).count("inspector") == 2


def test_an_illegal_card_stops_the_inspection_and_the_controller_confiscates():
    game = controlled_by_captain(["legal", "illegal", "legal"])
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=1)
    assert sorted(game.warehouse(1)) == sorted(["legal", "illegal", "legal", "captain"])
    assert game.warehouse(0) == []
    assert game.to_act == 1 and game.decision.kind == "turn"


def test_a_controller_card_stops_the_inspection_and_the_convoy_passes():
    game = stacked(R3, [CI + ["lieutenant", "illegal"], CI, CI])
    act(game, 0, "convoy", cards=["lieutenant", "illegal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=0)
    assert sorted(game.warehouse(0)) == ["illegal", "lieutenant"]
    assert game.hand(0).count("captain") == 2
    assert game.view(2).convoy is None
    assert game.view(2).seats[0].known_in_warehouse == ("lieutenant",)  # the illegal stays secret


def test_the_controller_chooses_which_card_to_turn():
    game = controlled_by_captain(["legal", "legal", "illegal"])
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    assert {a.position for a in game.legal_actions()} == {0, 1, 2}
    act(game, 1, "turn", position=2)
    assert "illegal" in game.warehouse(1)


def test_unturned_cards_stay_secret_whatever_happens():
    game = controlled_by_captain(["illegal", "legal", "illegal", "legal"])
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=1)  # legal
    view2 = game.view(2).convoy
    assert view2.cards == (None, "legal", None, None)
    act(game, 1, "turn", position=3)  # legal: the captain's two turns found only legal goods
    assert game.view(2).seats[0].known_in_warehouse == ("legal", "legal")
    assert sorted(game.warehouse(0)) == ["illegal", "illegal", "legal", "legal"]
