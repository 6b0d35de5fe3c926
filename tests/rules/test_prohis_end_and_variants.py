"""Prohis rules, continued: pass, end of the game, scoring, variants, who knows what."""

import json

import pytest
from rulehelpers import act, stacked

from prohis_nb import IllegalActionError, ProhisGame, ProhisRules
from prohis_nb.cli import main as cli_main

R3 = ProhisRules(players=3)
CI = ["captain", "inspector"]


def acts(game):
    return {a.act for a in game.legal_actions()}


def tiny(**variants):
    """Three players, 7 legal cards: each hand captain, inspector, legal; 4 legal in the row."""
    rules = ProhisRules(players=3, deck={"legal": 7}, **variants)
    return stacked(rules, [CI + ["legal"]] * 3, row=["legal"] * 4, fill_pile=False)


# ---------------------------------------------------------------- pass


def test_pass_is_always_allowed():
    game = ProhisGame(players=4, seed=3)
    assert "pass" in acts(game)


def test_a_player_with_nothing_else_legal_passes_by_force():
    rules = ProhisRules(players=3, deck={"legal": 2})
    game = stacked(rules, [["legal"], CI, CI + CI + ["legal"]], row=[None] * 4, fill_pile=False)
    # seat 0 holds one card, cannot draw from an empty table: its pass is forced
    assert [a.act for a in game.forced_after(-1)] == ["pass"]
    assert game.to_act == 1


# ---------------------------------------------------------------- end of the game


def test_final_round_begins_when_the_pile_is_empty_and_the_row_short():
    game = tiny()
    assert not game.final_round
    act(game, 0, "take", from_="row", slot=0)
    assert game.final_round  # triggered during seat 0's turn


def test_each_other_player_has_one_more_turn_and_the_trigger_plays_the_last():
    game = tiny()
    act(game, 0, "take", from_="row", slot=0)
    act(game, 0, "stop")
    order = []
    for slot in (1, 2, 3):
        seat = game.to_act
        order.append(seat)
        act(game, seat, "take", from_="row", slot=slot)
        if not game.ended:
            act(game, seat, "stop")
        else:  # the row is empty: nothing to pick, the engine stopped the draw itself
            assert [a.act for a in game.forced_after(len(game.actions) - 1)] == ["stop"]
    assert order == [1, 2, 0]
    assert game.ended and game.to_act is None


def test_the_final_round_triggered_at_the_deal_gives_everyone_one_turn():
    rules = ProhisRules(players=3, deck={"legal": 6})
    game = stacked(rules, [CI + ["legal"] * 2] * 3, row=[None] * 4, fill_pile=False, first=1)
    order = []
    while not game.ended:
        order.append(game.to_act)
        act(game, game.to_act, "convoy", cards=["legal", "legal"])
        while game.decision and game.decision.kind == "control":
            act(game, game.to_act, "decline")
    assert order == [1, 2, 0]


def test_every_player_passing_in_a_row_ends_the_game_at_once():
    game = ProhisGame(players=4, seed=5)
    for _ in range(4):
        act(game, game.to_act, "pass")
    assert game.ended


def test_passes_broken_by_another_action_do_not_end_the_game():
    game = ProhisGame(players=3, seed=5)
    act(game, game.to_act, "pass")
    act(game, game.to_act, "take", from_="pile")
    act(game, game.to_act, "stop")
    act(game, game.to_act, "pass")
    act(game, game.to_act, "pass")
    assert not game.ended
    act(game, game.to_act, "pass")
    assert game.ended


def test_no_action_after_the_end():
    game = ProhisGame(players=3, seed=5)
    for _ in range(3):
        act(game, game.to_act, "pass")
    with pytest.raises(IllegalActionError, match="ended"):
        act(game, 0, "pass")


# ---------------------------------------------------------------- scoring


def test_warehouse_cards_score_their_warehouse_values():
    hands = [["illegal", "lieutenant", "captain", "inspector", "legal"], ["legal"], ["legal"]]
    game = stacked(R3, hands)
    act(game, 0, "convoy", cards=["illegal", "lieutenant", "captain", "inspector"])
    act(game, 1, "decline")  # no controller card: a decision all the same
    act(game, 2, "decline")
    assert game.warehouse(0) == ["illegal", "lieutenant", "captain", "inspector"]
    assert game.scores()[0] == 4000 + 3000 + 4000 + 5000 + 0  # and a legal in hand: $0


def test_hand_cards_score_hand_values_illegal_costs_4000_legal_nothing():
    hands = [["illegal", "legal", "lieutenant", "captain", "inspector"], ["legal"], ["illegal"]]
    game = stacked(R3, hands)
    assert game.scores()[:3] == [-4000 + 0 + 1000 + 2000 + 3000, 0, -4000]


def test_equal_totals_share_the_win():
    hands = [CI + ["legal"] * 4, CI + ["legal"] * 4, CI + ["legal", "legal", "illegal", "illegal"]]
    game = stacked(R3, hands)
    for _ in range(3):
        act(game, game.to_act, "pass")
    assert game.scores() == [5000, 5000, 5000 - 8000]
    assert game.winners() == [0, 1]


# ---------------------------------------------------------------- variants


def test_pass_is_final_puts_the_player_out_of_turns_and_controls():
    game = tiny(pass_is_final=True)
    act(game, 0, "pass")
    act(game, 1, "convoy", cards=["legal", "captain"])
    assert game.to_act == 2  # seat 0 is out: never asked to control
    act(game, 2, "decline")
    assert game.to_act == 2  # and takes no more turns: seat 2 plays next


def test_pass_is_final_game_ends_when_all_have_passed():
    game = ProhisGame(players=3, seed=2, pass_is_final=True)
    first = game.to_act
    act(game, first, "pass")
    act(game, game.to_act, "take", from_="pile")
    act(game, game.to_act, "stop")
    act(game, game.to_act, "pass")
    assert not game.ended
    act(game, game.to_act, "pass")
    assert game.ended


def test_without_pass_is_final_a_passing_player_plays_again():
    game = tiny()
    act(game, 0, "pass")
    act(game, 1, "pass")
    act(game, 2, "take", from_="row", slot=0)
    act(game, 2, "stop")
    assert game.to_act == 0


def waived(**variants):
    rules = ProhisRules(players=3, **variants)
    game = stacked(rules, [CI + ["illegal", "legal"], CI, CI])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="inspector")
    act(game, 2, "decline")
    act(game, 0, "no_bribe")
    act(game, 1, "waive")
    return game


def test_waiver_keeps_card_variant_returns_the_card_to_hand():
    game = waived(waiver_keeps_card=True)
    assert game.warehouse(1) == []
    assert game.hand(1).count("inspector") == 1


def test_by_default_a_waived_card_scores_in_the_controllers_warehouse():
    game = waived()
    assert game.warehouse(1) == ["inspector"]


def bribed(rounds):
    rules = ProhisRules(players=3, bribe_rounds=rounds)
    game = stacked(rules, [CI + ["illegal", "legal", "legal", "illegal"], CI, CI])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    act(game, 0, "bribe", cards=["legal"])
    act(game, 1, "reject")
    return game


def test_bribe_rounds_let_the_smuggler_offer_again_after_a_rejection():
    game = bribed(2)
    assert game.decision.kind == "bribe" and game.to_act == 0
    act(game, 0, "bribe", cards=["legal", "illegal"])
    act(game, 1, "accept")
    assert sorted(game.warehouse(1)) == ["illegal", "legal"]


def test_a_new_offer_must_differ_from_those_rejected():
    game = bribed(3)
    with pytest.raises(IllegalActionError, match="already rejected"):
        act(game, 0, "bribe", cards=["legal"])


def test_after_the_last_allowed_offer_the_controller_must_inspect():
    game = bribed(2)
    act(game, 0, "bribe", cards=["illegal"])
    act(game, 1, "reject")
    assert game.decision.kind == "inspection"


def test_stopping_the_offers_after_a_rejection_obliges_an_inspection():
    game = bribed(3)
    act(game, 0, "no_bribe")
    assert game.decision.kind == "inspection"  # no waive after a rejected bribe


def test_with_one_bribe_round_a_rejection_leads_straight_to_inspection():
    assert bribed(1).decision.kind == "inspection"


# ---------------------------------------------------------------- who knows what


def test_a_card_taken_from_the_row_is_known_to_all_until_it_may_have_left():
    game = stacked(R3, [CI + ["legal"], CI, CI], row=["illegal", "legal", "legal", "legal"])
    act(game, 0, "take", from_="row", slot=0)
    act(game, 0, "stop")
    assert "illegal" in game.view(2).seats[0].known_in_hand
    # a convoy of 4 of its 4 cards may have taken it: no longer known
    act(game, 1, "pass")
    act(game, 2, "pass")
    act(game, 0, "convoy", cards=["legal", "illegal", "captain", "inspector"])
    assert game.view(2).seats[0].known_in_hand == ()


def test_a_pile_draw_by_another_player_is_hidden():
    game = stacked(R3, [CI, CI, CI], pile_top=["illegal"])
    act(game, 0, "take", from_="pile")
    assert "illegal" not in game.view(1).seats[0].known_in_hand
    assert game.view(1).log[-1] == "Seat 0 drew a card from the pile."
    assert game.view(0).log[-1] == "You drew an illegal card from the pile."


def test_a_controller_card_moving_in_the_open_is_known():
    game = stacked(R3, [CI + ["legal", "legal"], CI, CI])
    act(game, 0, "convoy", cards=["legal", "legal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    act(game, 0, "no_bribe")
    act(game, 1, "inspect")
    act(game, 1, "turn", position=0)  # the second card is turned by force: only legal goods
    assert game.hand(0).count("captain") == 2
    assert game.view(2).seats[0].known_in_hand.count("captain") >= 1


def test_a_seat_knows_its_own_warehouse_but_only_turned_cards_of_others():
    game = stacked(R3, [CI + ["illegal", "legal"], CI, CI])
    act(game, 0, "convoy", cards=["illegal", "legal"])
    act(game, 1, "decline")
    act(game, 2, "decline")
    assert sorted(game.view(0).warehouse) == ["illegal", "legal"]
    assert game.view(1).seats[0].warehouse_size == 2
    assert game.view(1).seats[0].known_in_warehouse == ()


def test_a_rejected_bribe_is_remembered_by_the_controller_only():
    game = bribed(1)
    assert "illegal" not in game.view(2).seats[0].known_in_hand
    assert game.view(1).seats[0].known_in_hand.count("legal") >= 1


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
