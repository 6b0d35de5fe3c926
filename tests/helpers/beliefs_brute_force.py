"""Lesson 4's numbers by brute force: every convoy, every deal, counted with exact fractions."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations, permutations

from prohis_nb.widgets.lesson import dealt_game

# RULES.md, Scoring: a card in a warehouse (W) and left in hand (H).
W = {"legal": 1000, "illegal": 4000, "lieutenant": 3000, "captain": 4000, "inspector": 5000}
H = {"legal": 0, "illegal": -4000, "lieutenant": 1000, "captain": 2000, "inspector": 3000}
TURNS = {"lieutenant": 1, "captain": 2, "inspector": 3}  # RULES.md: cards turned by rank
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


KINDS = tuple(W)


DECK_3_PLAYERS = {"legal": 40, "illegal": 20, "lieutenant": 6, "captain": 3, "inspector": 3}
