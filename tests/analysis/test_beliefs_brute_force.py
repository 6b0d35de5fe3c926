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
from functools import cache
from itertools import combinations, permutations

import pytest

from prohis_nb.analysis import convoy_belief, hand_convoy_belief, indifference_bribe
from prohis_nb.bots.beliefs import unseen_cards
from prohis_nb.widgets.lesson import dealt_game

# RULES.md, Scoring: a card in a warehouse (W) and left in hand (H).
W = {"legal": 1000, "illegal": 4000, "lieutenant": 3000, "captain": 4000, "inspector": 5000}
H = {"legal": 0, "illegal": -4000, "lieutenant": 1000, "captain": 2000, "inspector": 3000}
TURNS = {"lieutenant": 1, "captain": 2, "inspector": 3}  # RULES.md: cards turned by rank
DECK_3_PLAYERS = {"legal": 40, "illegal": 20, "lieutenant": 6, "captain": 3, "inspector": 3}
CONTROLLER_CARDS = ("lieutenant", "captain", "inspector")

# Lesson 4's table: seat 0 sends (illegal, legal, legal), seat 1 controls with its captain.
GOODS = [
    ["illegal", "illegal", "legal", "legal"],
    ["legal"] * 4,
    ["legal", "legal", "illegal", "lieutenant"],
]
ROW = ["legal"] * 4


@cache
def controller_gain(convoy: tuple[str, ...], card: str) -> Fraction:
    """The controller's expected change of final score from inspecting ``convoy``.

    Lists every order in which the face-down cards may be turned (the
    controller cannot tell them apart) and plays RULES.md's inspection on each:
    stop at an illegal card (the convoy and the played card go to the
    controller's warehouse) or a controller card (the convoy passes and the
    played card goes to the smuggler's hand), or after ``rank`` legal cards.
    """
    total, orders = Fraction(0), 0
    for order in permutations(convoy):
        orders += 1
        caught = False
        for turned in order[: TURNS[card]]:
            if turned != "legal":
                caught = turned == "illegal"
                break
        if caught:  # from hand to warehouse: the played card, plus the whole convoy
            total += sum(W[c] for c in convoy) + W[card] - H[card]
        else:  # the played card leaves the controller's hand
            total += -H[card]
    return total / orders


def brute_force_b_star(pool: Counter, n: int, card: str) -> Fraction:
    """b* = E[value of inspecting] over every n-card convoy of labelled cards from ``pool``."""
    labelled = [kind for kind in sorted(pool) for _ in range(pool[kind])]
    total, convoys = Fraction(0), 0
    for picked in combinations(range(len(labelled)), n):
        total += controller_gain(tuple(sorted(labelled[i] for i in picked)), card)
        convoys += 1
    return total / convoys


def lesson_game():
    game = dealt_game(GOODS, ROW)
    game.apply({"seat": 0, "act": "convoy", "cards": ["illegal", "legal", "legal"]})
    game.apply({"seat": 1, "act": "control", "card": "captain"})
    game.apply({"seat": 2, "act": "decline"})
    return game


def pool_from_the_rules() -> Counter:
    """What seat 1 cannot place, from RULES.md alone: the deck minus its own hand and the
    row, minus seat 2's captain and inspector (dealt in the open, still in that hand).
    Seat 0's captain and inspector may be in its face-down convoy, so they stay unseen."""
    pool = Counter(DECK_3_PLAYERS)
    pool.subtract(GOODS[1] + ["captain", "inspector"])  # seat 1's hand, its captain now played
    pool.subtract(ROW)
    pool.subtract(["captain", "inspector"])  # seat 2's, known to everyone
    return +pool


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


def hand_model_by_listing(known: list[str], goods_pool: Counter, unknown: int, n: int):
    """P(convoy make-up) when the smuggler's hand is ``known`` + ``unknown`` labelled cards
    dealt from ``goods_pool`` and the convoy is n of the hand's cards: every deal, every
    choice of convoy, listed (Counter of sorted kinds -> probability)."""
    labelled = [kind for kind in sorted(goods_pool) for _ in range(goods_pool[kind])]
    tally: Counter = Counter()
    cases = 0
    for dealt in combinations(range(len(labelled)), unknown):
        hand = known + [labelled[i] for i in dealt]
        for chosen in combinations(range(len(hand)), n):
            tally[tuple(sorted(hand[i] for i in chosen))] += 1
            cases += 1
    return {convoy: Fraction(k, cases) for convoy, k in tally.items()}


def as_kinds(belief):
    """The package's count vectors as sorted kind tuples, to compare with the listing."""
    kinds = ("legal", "illegal", "lieutenant", "captain", "inspector")
    out = {}
    for counts, p in belief.items():
        convoy = tuple(sorted(k for k, c in zip(kinds, counts) for _ in range(c)))
        out[convoy] = p
    return out


def test_the_hand_model_equals_listing_every_deal_and_convoy():
    pool = Counter({"legal": 5, "illegal": 3, "lieutenant": 2})
    listed = hand_model_by_listing(["captain", "inspector"], pool, 4, 3)
    belief = hand_convoy_belief({"captain": 1, "inspector": 1}, 4, dict(pool), 3)
    assert as_kinds(belief) == listed


def hand_model_b_star_by_listing(card: str) -> Fraction:
    """Lesson 4's second model, listed card by card over the full pool.

    Seat 0's hand: its captain and inspector plus 4 goods dealt from the 58
    goods and lieutenants seat 1 could not place at the deal; the convoy: 3
    of those 6 cards. Listing the 20 choices of 3 hand places, and for the
    places holding dealt cards every set of labelled cards they may hold (all
    equally likely, by the symmetry of a shuffled deal).
    """
    goods = Counter(DECK_3_PLAYERS)
    goods.subtract({"captain": 3, "inspector": 3})
    goods.subtract(GOODS[1] + ROW)
    labelled = [kind for kind in sorted(+goods) for _ in range(goods[kind])]
    total = Fraction(0)
    for places in combinations(range(6), 3):  # places 4 and 5 hold the captain and inspector
        known = [("captain", "inspector")[p - 4] for p in places if p >= 4]
        dealt = 3 - len(known)
        sets = list(combinations(range(len(labelled)), dealt))
        part = sum(
            controller_gain(tuple(sorted(known + [labelled[i] for i in s])), card) for s in sets
        )
        total += part / len(sets)
    return total / 20


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


KINDS = tuple(W)


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
