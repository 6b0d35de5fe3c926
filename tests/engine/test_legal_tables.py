"""The shared legal-action tables give every seat its own actions, complete and in a fixed order.

The engine builds a turn's convoys once per hand and shares them between
seats, and finds a small bribe family's offers by a plain dict: these tests
check the lists against a brute-force enumeration of RULES.md's convoys, and
the offers against what a smuggler may do, from several seats and hands.
"""

from __future__ import annotations

from itertools import product

import pytest
from helpers.engine import CI, act, small_rules, stacked, table_json

from prohis_nb import IllegalActionError
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import KINDS

R4 = small_rules(players=4, legal=40, illegal=20, lieutenant=8)


def brute_force_convoys(hand: list[str]) -> list[tuple[str, ...]]:
    """Every distinct ordered convoy of 2 to 4 cards of ``hand`` (RULES.md, "Convoy").

    In the engine's documented order: by kind order card by card, a convoy
    before the longer ones it starts (the order of a sorted list of tuples).
    """
    convoys = []
    for size in (2, 3, 4):
        for kinds in product(range(len(KINDS)), repeat=size):
            if all(kinds.count(k) <= hand.count(KINDS[k]) for k in set(kinds)):
                convoys.append(kinds)
    return [tuple(KINDS[k] for k in kinds) for kinds in sorted(convoys)]


HANDS = [
    CI + ["legal", "legal", "illegal", "lieutenant"],
    CI + ["illegal"] * 5 + ["legal"],
    CI + ["lieutenant", "legal"],
    ["legal", "illegal"],
]


@pytest.mark.parametrize("hand", HANDS)
def test_each_seat_is_offered_every_convoy_of_its_hand_in_order(hand):
    # Every seat holds the same hand: the engine builds the list once, and each
    # seat must still be offered its own actions.
    for first in range(4):
        game = stacked(R4, [hand] * 4, first=first)
        assert game.to_act == first and game.decision.kind == "turn"
        convoys = [a for a in game.legal_actions() if a.act == "convoy"]
        assert [a.cards for a in convoys] == brute_force_convoys(hand)
        assert {a.seat for a in convoys} == {first}


def test_a_listed_bribe_is_found_in_any_card_order_and_recorded_in_kind_order():
    hand = CI + ["illegal", "legal", "legal"]
    game = stacked(R4, [hand, CI + ["lieutenant"], CI, CI])
    act(game, 0, "convoy", cards=["legal", "illegal"])
    act(game, 1, "control", card="captain")
    act(game, 2, "decline")
    act(game, 3, "decline")
    assert game.decision.kind == "bribe"
    offers = [a for a in game.legal_actions() if a.act == "bribe"]
    assert len(offers) == 2 * 2 * 2 - 1  # legal, captain, inspector: 0 or 1 each, not none
    game.apply({"seat": 0, "act": "bribe", "cards": ["inspector", "legal"]})
    assert game.actions[-1] == Action(0, "bribe", cards=("legal", "inspector"))
    assert game.decision.kind == "bribe_answer"


def test_a_bribe_the_hand_cannot_pay_is_refused_and_the_game_is_unchanged():
    game = stacked(R4, [CI + ["illegal", "legal"], CI + ["lieutenant"], CI, CI])
    act(game, 0, "convoy", cards=["legal", "illegal"])
    act(game, 1, "control", card="lieutenant")
    act(game, 2, "decline")
    act(game, 3, "decline")
    before, actions = table_json(game), game.actions
    with pytest.raises(IllegalActionError):
        game.apply(Action(0, "bribe", cards=("legal",)))  # the legal card went in the convoy
    assert table_json(game) == before and game.actions == actions
