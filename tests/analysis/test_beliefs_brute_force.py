"""Lesson 4's beliefs and indifference bribes against brute force over real cards.

Nothing here calls the package's formulas to get the expected number. The
pool of cards a seat cannot place is written down from RULES.md (the deck for
three players, the seat's own hand, the row, the captain and inspector every
other seat was dealt in the open); every convoy is listed card by card (each
physical card labelled, so a kind with 20 cards gives 20 different convoys);
every inspection is played out by listing the orders in which the controller
may turn the convoy's cards; payoffs come from the scoring table of RULES.md.
The package must give exactly the same fractions.
"""

from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from helpers.beliefs_brute_force import (
    CONTROLLER_CARDS,
    DECK_3_PLAYERS,
    GOODS,
    KINDS,
    ROW,
    as_kinds,
    brute_force_b_star,
    controller_gain,
    hand_model_b_star_by_listing,
    hand_model_by_listing,
    lesson_game,
    pool_from_the_rules,
)

from prohis_nb.analysis import convoy_belief, hand_convoy_belief, indifference_bribe
from prohis_nb.bots.beliefs import unseen_cards


def test_the_lesson_pool_is_what_the_rules_let_seat_1_place():
    assert unseen_cards(lesson_game().view(1)) == {
        kind: pool_from_the_rules()[kind] for kind in DECK_3_PLAYERS
    }


@pytest.mark.parametrize("card", CONTROLLER_CARDS)
def test_lesson_4_b_star_equals_brute_force_over_every_convoy(card):
    unseen = unseen_cards(lesson_game().view(1))
    expected = brute_force_b_star(pool_from_the_rules(), 3, card)
    assert indifference_bribe(convoy_belief(unseen, 3), card) == expected


def test_forgetting_the_open_deal_gives_the_old_wrong_numbers():
    """The bug of issue 12: counting seat 2's captain and inspector as unseen."""
    forgetful = pool_from_the_rules() + Counter({"captain": 1, "inspector": 1})
    right = brute_force_b_star(pool_from_the_rules(), 3, "captain")
    wrong = brute_force_b_star(forgetful, 3, "captain")
    assert round(right) != round(wrong)
    assert indifference_bribe(convoy_belief(dict(forgetful), 3), "captain") == wrong


def test_the_hand_model_equals_listing_every_deal_and_convoy():
    pool = Counter({"legal": 5, "illegal": 3, "lieutenant": 2})
    listed = hand_model_by_listing(["captain", "inspector"], pool, 4, 3)
    belief = hand_convoy_belief({"captain": 1, "inspector": 1}, 4, dict(pool), 3)
    assert as_kinds(belief) == listed


@pytest.mark.parametrize("card", CONTROLLER_CARDS)
def test_a_convoy_from_the_smugglers_hand_gives_the_listed_b_star(card):
    pool = Counter(DECK_3_PLAYERS)
    pool.subtract({"captain": 3, "inspector": 3})
    pool.subtract(GOODS[1] + ROW)
    belief = hand_convoy_belief({"captain": 1, "inspector": 1}, 4, dict(+pool), 3)
    assert indifference_bribe(belief, card) == hand_model_b_star_by_listing(card)


def test_the_hand_model_roughly_halves_the_captains_b_star():
    ratio = hand_model_b_star_by_listing("captain") / brute_force_b_star(
        pool_from_the_rules(), 3, "captain"
    )
    assert Fraction(2, 5) < ratio < Fraction(3, 5)


@pytest.mark.parametrize("convoy", sorted({tuple(sorted(p)) for p in permutations(KINDS * 2, 2)}))
def test_on_two_cards_an_inspector_is_never_worth_more_than_a_captain(convoy):
    """Both turn every card of a 2-card convoy, so they catch it equally often; but a
    convoy that passes takes the played card from the controller's hand, and an
    inspector is worth more there (H = 3,000 against 2,000)."""
    captain, inspector = controller_gain(convoy, "captain"), controller_gain(convoy, "inspector")
    assert inspector <= captain
    if "illegal" not in convoy or any(c in CONTROLLER_CARDS for c in convoy):
        assert inspector < captain  # it may pass: the inspector risks more from hand


def test_every_2_card_belief_gives_the_inspector_a_lower_b_star():
    for pool in ({"legal": 6, "illegal": 3, "lieutenant": 1}, dict(pool_from_the_rules())):
        belief = convoy_belief(pool, 2)
        assert indifference_bribe(belief, "inspector") < indifference_bribe(belief, "captain")
        assert indifference_bribe(belief, "inspector") == brute_force_b_star(
            Counter(pool), 2, "inspector"
        )


def test_the_explorer_given_the_lesson_pool_shows_the_brute_force_b_star():
    pytest.importorskip("ipywidgets")
    pytest.importorskip("nashpy")
    from prohis_nb.widgets import Explorer

    unseen = unseen_cards(lesson_game().view(1))
    explorer = Explorer(card="captain", convoy_size=3, illegal=1, unseen=unseen)
    expected = brute_force_b_star(pool_from_the_rules(), 3, "captain")
    assert explorer.values["indifference_bribe"] == expected
    assert any(f"b* = ${round(expected):,}" in s for s in explorer.sentences)
