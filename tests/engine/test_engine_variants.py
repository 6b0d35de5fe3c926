"""RULES.md, Prohis, "Variants": pass_is_final, waiver_keeps_card, bribe_rounds, full_box.

Each variant is off by default; the default behaviour is checked next to it.
"""

from __future__ import annotations

import pytest
from helpers.engine import CI, act, acts, stacked, table_json

from prohis_nb import IllegalActionError, ProhisGame, ProhisRules

# ---------------------------------------------------------------- pass_is_final


def test_pass_is_final_a_passer_takes_no_more_turns():
    rules = ProhisRules(players=3, pass_is_final=True)
    game = stacked(rules, [CI + ["legal"]] * 3)
    act(game, 0, "pass")
    assert game.view(1).seats[0].out
    act(game, 1, "take", from_="pile")
    act(game, 1, "stop")
    act(game, 2, "take", from_="pile")
    act(game, 2, "stop")
    assert game.to_act == 1  # seat 0 is skipped


def test_pass_is_final_a_passer_cannot_control():
    rules = ProhisRules(players=3, pass_is_final=True)
    game = stacked(rules, [CI + ["legal"]] * 3)
    act(game, 0, "pass")
    act(game, 1, "convoy", cards=["legal", "captain"])
    assert game.to_act == 2  # seat 0 is not asked, although it holds controller cards
    act(game, 2, "decline")
    assert game.decision.kind == "turn" and game.to_act == 2
    assert game.warehouse(1) == ["legal", "captain"]


def test_pass_is_final_the_game_ends_when_all_have_passed():
    rules = ProhisRules(players=3, pass_is_final=True)
    game = stacked(rules, [CI + ["legal"]] * 3)
    act(game, 0, "pass")
    act(game, 1, "pass")
    act(game, 2, "take", from_="pile")
    act(game, 2, "stop")
    assert game.to_act == 2 and not game.ended  # the last player keeps playing alone
    act(game, 2, "convoy", cards=["legal", "legal"])  # nobody may control it
    assert game.warehouse(2) == ["legal", "legal"]
    act(game, 2, "pass")
    assert game.ended


def test_by_default_a_passer_plays_again_next_round():
    game = stacked(ProhisRules(players=3), [CI + ["legal"]] * 3)
    act(game, 0, "pass")
    assert not game.view(1).seats[0].out
    act(game, 1, "take", from_="pile")
    act(game, 1, "stop")
    act(game, 2, "take", from_="pile")
    act(game, 2, "stop")
    assert game.to_act == 0


# ---------------------------------------------------------------- waiver_keeps_card


def waived(rules):
    game = stacked(rules, [CI + ["illegal", "legal"], ["inspector", "legal"], ["legal"]])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 0, "no_bribe")
    act(game, 1, "waive")
    return game


def test_waiver_keeps_card_the_controller_takes_its_card_back():
    game = waived(ProhisRules(players=3, waiver_keeps_card=True))
    assert game.hand(1) == ["legal", "inspector"]
    assert game.warehouse(1) == []
    assert game.warehouse(0) == ["legal", "illegal"]  # the convoy passes all the same
    assert game.view(2).seats[1].known_in_hand == ("inspector",)


def test_by_default_the_waived_card_scores_in_the_controllers_warehouse():
    game = waived(ProhisRules(players=3))
    assert game.hand(1) == ["legal"] and game.warehouse(1) == ["inspector"]


# ---------------------------------------------------------------- bribe_rounds


def bribing(rounds):
    rules = ProhisRules(players=3, bribe_rounds=rounds)
    hands = [CI + ["illegal", "legal", "legal", "illegal"], CI, ["legal"]]
    game = stacked(rules, hands)
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="captain")
    return game


def test_bribe_rounds_after_a_rejection_the_smuggler_may_offer_again():
    game = bribing(3)
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    assert game.decision.kind == "bribe" and game.to_act == 0
    act(game, 0, "bribe", cards=["legal", "illegal"])
    act(game, 1, "accept")
    assert game.warehouse(1) == ["legal", "illegal"]
    assert game.warehouse(0) == ["legal", "illegal"]


def test_bribe_rounds_a_new_offer_must_differ_from_those_rejected():
    game = bribing(3)
    act(game, 0, "bribe", cards=["legal", "illegal"])
    act(game, 1, "reject")
    assert ("legal", "illegal") not in {a.cards for a in game.legal_actions()}
    before = table_json(game)
    with pytest.raises(IllegalActionError, match="must differ from those rejected"):
        act(game, 0, "bribe", cards=["illegal", "legal"])  # the same cards in another order
    assert table_json(game) == before
    act(game, 0, "bribe", cards=["illegal"])
    act(game, 1, "reject")
    assert {("legal", "illegal"), ("illegal",)}.isdisjoint(a.cards for a in game.legal_actions())


def test_bribe_rounds_after_the_last_allowed_offer_the_controller_must_inspect():
    game = bribing(2)
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    act(game, 0, "bribe", cards=["illegal"])
    act(game, 1, "reject")
    assert game.decision.kind == "inspection"
    assert "waive" not in acts(game)


def test_bribe_rounds_stopping_after_a_rejection_still_obliges_the_inspection():
    game = bribing(3)
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    act(game, 0, "no_bribe")
    # no waive after a rejected bribe: the inspection starts by itself
    assert game.decision.kind == "inspection"
    assert [a.act for a in game.forced_after(len(game.actions) - 1)] == ["inspect"]


def test_bribe_rounds_is_one_by_default():
    assert ProhisRules(players=3).bribe_rounds == 1
    game = bribing(1)
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    assert game.decision.kind == "inspection"


# ---------------------------------------------------------------- full_box and record names


def test_full_box_plays_a_four_player_game_with_the_whole_box():
    game = ProhisGame(players=4, full_box=True, seed=3)
    assert sum(game.card_counts().values()) == 58 + 30 + 8 + 4 + 4
    assert game.rules.to_json() == {"players": 4, "variants": {"full_box": True}}


def test_variants_are_written_under_their_record_names():
    rules = ProhisRules(
        players=5, pass_is_final=True, waiver_keeps_card=True, bribe_rounds=2, full_box=True
    )
    assert rules.to_json()["variants"] == {
        "pass_is_final": True,
        "waiver_keeps_card": True,
        "bribe_rounds": 2,
        "full_box": True,
    }
    assert ProhisRules.from_json(rules.to_json()) == rules
    assert ProhisRules(players=5).to_json() == {"players": 5, "variants": {}}


def test_pass_is_final_a_player_who_is_out_gets_no_final_turn():
    rules = ProhisRules(
        players=3, pass_is_final=True, deck={"legal": 7, "illegal": 1, "lieutenant": 0}
    )
    game = stacked(rules, [CI + ["legal"]] * 3, ["legal"] * 4, ["illegal"])
    act(game, 0, "pass")  # seat 0 is out
    act(game, 1, "take", from_="row", slot=0)  # the last pile card refills the row
    act(game, 1, "stop")
    act(game, 2, "take", from_="row", slot=1)  # the row is short: seat 2 starts the final round
    act(game, 2, "stop")
    assert game.to_act == 1  # seat 0 is skipped
    act(game, 1, "take", from_="row", slot=2)
    act(game, 1, "stop")
    assert game.to_act == 2 and not game.ended  # the trigger plays the very last turn
    act(game, 2, "pass")
    assert game.ended


def test_bribe_rounds_once_every_possible_offer_was_rejected_the_smuggler_stops_by_itself():
    rules = ProhisRules(players=3, bribe_rounds=3)
    game = stacked(rules, [["illegal", "legal", "legal"], ["captain"], ["legal"]])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 0, "bribe", cards=["legal"])  # the only card left in hand
    act(game, 1, "reject")
    # nothing new to offer: no_bribe, then the obliged inspect, are forced steps
    assert [a.act for a in game.forced_after(len(game.actions) - 1)] == ["no_bribe", "inspect"]
    assert game.decision.kind == "inspection"
