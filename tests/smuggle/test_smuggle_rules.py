"""Board and rules configuration of Smuggle."""

import pytest

from prohis_nb.errors import RulesError
from prohis_nb.smuggle.board import DUTIABLE, PACK_COUNTS, Board
from prohis_nb.smuggle.rules import SmuggleRules


def test_pack_has_54_cards_with_four_of_each_plain_item():
    assert sum(PACK_COUNTS.values()) == 54
    assert PACK_COUNTS["luggage"] == 24
    assert PACK_COUNTS["crown"] == 1 and PACK_COUNTS["diplomatic_bag"] == 1
    assert all(PACK_COUNTS[k] == 4 for k in DUTIABLE if k != "crown")


def test_rulebook_values_in_default_board():
    b = Board()
    assert (b.fine["wine"], b.fine["cigars"], b.fine["watch"]) == (50, 100, 300)
    assert (b.duty["crown"], b.fine["crown"]) == (500, 1000)
    assert b.start_money == 2000 and b.compensation == 200
    assert b.informer_reward == 100 and b.immunity_fine == 200


def test_hand_duty_and_fines_ignore_luggage_and_bag():
    b = Board()
    hand = {"wine": 1, "camera": 1, "luggage": 1, "diplomatic_bag": 1}
    assert b.hand_duty(hand) == 225
    assert b.hand_fines(hand) == 450


@pytest.mark.parametrize(
    "kwargs",
    [
        {"start_money": -1},
        {"compensation": 1.5},
        {"immunity_fine": True},
        {"duty": {"wine": 10}},
        {"fine": {**Board().fine, "wine": -5}},
    ],
)
def test_impossible_board_refused(kwargs):
    with pytest.raises(RulesError, match="must"):
        Board(**kwargs)


@pytest.mark.parametrize("players", [2, 7, "4", True])
def test_player_count_outside_three_to_six_refused(players):
    with pytest.raises(RulesError, match="3 to 6"):
        SmuggleRules(players=players)


def test_money_divided_evenly_with_nothing_left_over():
    rules = SmuggleRules(players=5)
    assert rules.starting_money() == (2000,) * 5
    assert sum(rules.starting_money()) == rules.total_money()


def test_rules_json_round_trip_with_custom_board():
    board = Board(start_money=1000, fine={**Board().fine, "wine": 60})
    rules = SmuggleRules(players=3, board=board)
    assert SmuggleRules.from_json(rules.to_json()) == rules
    assert SmuggleRules.from_json({"players": 4, "variants": {}}) == SmuggleRules(players=4)


def test_unknown_variant_refused():
    with pytest.raises(RulesError, match="allowed"):
        SmuggleRules.from_json({"players": 4, "variants": {"bribes": 1}})
