"""A seat's knowledge is exact: it is what counting every history the seat cannot rule out gives.

``view.knowledge`` (the engine's model) is checked against ``brute_knowledge``:
every physical history of a small game that the seat cannot tell from the
real one by RULES.md's "Who knows what", counted one by one (the engine only
plays the moves; what the seat may see is the tests' own ``knowledge_model``).
For every seat, at every decision of seeded random games on small stacked
tables (3 players, a few cards each), the expected number of cards of each
kind in every place must be equal, as exact fractions; and so must the whole
distribution of the places a coach asks about (a convoy, a bribe, a hand).

Smuggle: the same at every decision of seeded games, against the card flow of
a round written out by hand (``SmuggleBruteForce``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers.brute_knowledge import ProhisBruteForce
from helpers.knowledge_play import CI, SmuggleFeed, choose, small_prohis

from prohis_nb.prohis import from_deal
from prohis_nb.smuggle.board import PACK_COUNTS
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


def compare(game, brutes, step) -> int:
    compared = 0
    if game.ended:  # (the announced final scores are not part of the model: no decision left)
        return 0
    for seat, brute in brutes.items():
        knowledge = game.view(seat).knowledge
        for place in knowledge.places():
            assert knowledge.expected(place) == brute.expected(place), (step, seat, place)
            compared += 1
        for place in ("convoy", "bribe", *(f"hand {s}" for s in range(game.players))):
            if place in knowledge.places():
                assert knowledge.distribution(place) == brute.distribution(place), (
                    step,
                    seat,
                    place,
                )
    return compared


@pytest.mark.parametrize(
    "variants",
    [{}, {"bribe_rounds": 2}, {"waiver_keeps_card": True}],
    ids=["default", "two_bribe_rounds", "waiver_keeps_card"],
)
def test_prohis_knowledge_equals_the_brute_force_at_every_decision(variants):
    compared = 0
    for seed in range(4):
        game = small_prohis(seed, **variants)
        brutes = {seat: ProhisBruteForce(game, seat) for seat in range(game.players)}
        rng = random.Random(seed)
        compared += compare(game, brutes, 0)
        for step in range(1, 25):
            if game.ended:
                break
            action = choose(rng, game.legal_actions())
            before = game.copy()
            game.apply(action)
            for brute in brutes.values():
                brute.step(before, action, game)
            compared += compare(game, brutes, step)
    assert compared > 300


def test_a_second_offer_of_the_same_size_differs_from_the_rejected_one_for_an_onlooker():
    # bribe_rounds 2: seat 0 offers one card, seat 1 rejects it, seat 0 offers one card
    # again, which the rules make differ from the first. Seat 2 sees neither offer;
    # its knowledge of the pending bribe and of seat 0's hand is the brute force's.
    hands = [[*CI, "legal", "illegal", "legal", "illegal"], [*CI, "legal", "legal"],
             [*CI, "legal", "illegal"]]  # fmt: skip
    row, pile = ["legal", "illegal", "legal", "illegal"], ["legal", "illegal", "legal"]
    deck = from_deal(hands, row, pile, public_hands=[CI] * 3).rules

    def table():
        rules = deck.replace(bribe_rounds=2)
        return from_deal(hands, row, pile, public_hands=[CI] * 3, rules=rules)

    game = table()
    brute = ProhisBruteForce(table(), 2)
    for action in (
        {"act": "convoy", "cards": ["legal", "illegal"]},
        {"act": "control", "card": "captain"},
        {"act": "decline"},
        {"act": "bribe", "cards": ["legal"]},
        {"act": "reject"},
        {"act": "bribe", "cards": ["illegal"]},
    ):
        before = game.copy()
        game.apply(action)
        brute.step(before, game.actions[-1], game)
    knowledge = game.view(2).knowledge
    for place in knowledge.places():
        assert knowledge.expected(place) == brute.expected(place), place
    assert knowledge.distribution("bribe") == brute.distribution("bribe")
    assert knowledge.distribution("hand 0") == brute.distribution("hand 0")


def test_lesson_4_a_captain_is_never_in_the_pile_and_one_in_six_among_seat_0s_hidden_cards():
    # notebooks/04_bribe_or_inspect.ipynb builds its game so: every seat dealt its captain
    # and inspector in the open (widgets.lesson.dealt_game), seat 0 sends three cards,
    # seat 1 controls with its captain, seat 2 declines. Issue 22: seat 0's captain and
    # inspector can only be among its six hidden cards (hand and convoy), so a pile card
    # is never a captain and one of those six is a captain one time in six. The brute
    # force counts it (every deal of the lesson's deck seat 1 cannot rule out, the pile
    # as a composition: nobody has drawn from it), and the knowledge must agree.
    from prohis_nb.widgets.lesson import dealt_game

    def lesson_game():
        return dealt_game(
            [["illegal", "illegal", "legal", "legal"], ["legal"] * 4,
             ["legal", "legal", "illegal", "lieutenant"]]
        )  # fmt: skip

    game = lesson_game()
    brute = ProhisBruteForce(lesson_game(), 1, pile_as_multiset=True)
    for action in (
        {"seat": 0, "act": "convoy", "cards": ["illegal", "legal", "legal"]},
        {"seat": 1, "act": "control", "card": "captain"},
        {"seat": 2, "act": "decline"},
    ):
        before = game.copy()
        game.apply(action)
        brute.step(before, game.actions[-1], game)
    knowledge = game.view(1).knowledge
    pile = brute.expected("pile")
    assert knowledge.expected("pile") == pile
    assert knowledge.probability("pile", "captain") == pile["captain"] / game.view(1).pile_size
    hidden = Counter(brute.expected("hand 0")) + Counter(brute.expected("convoy"))
    mine = Counter(knowledge.expected("hand 0")) + Counter(knowledge.expected("convoy"))
    assert mine == hidden
    six = game.view(1).seats[0].hand_size + 3
    assert six == 6
    captain = hidden["captain"] / six
    assert (pile["captain"], captain) == (0, mine["captain"] / six)
    assert captain == mine["captain"] / six and 0 < captain < 1
    assert knowledge.expected("hand 2") == brute.expected("hand 2")


# ---------------------------------------------------------------- Smuggle


def test_smuggle_knowledge_equals_the_brute_force_at_every_decision():
    kinds = tuple(PACK_COUNTS)
    compared = 0
    for seed in range(4):
        game = SmuggleGame(SmuggleRules(players=3 + seed % 2), seed=seed)
        feeds = [SmuggleFeed(game, seat) for seat in range(game.players)]
        rng = random.Random(seed)
        for step in range(45):
            if game.ended:
                break
            for feed in feeds:
                knowledge = game.view(feed.seat).knowledge
                for place in knowledge.places():
                    assert knowledge.expected(place) == feed.brute.expected(place, kinds), (
                        seed,
                        step,
                        feed.seat,
                        place,
                    )
                    compared += 1
            action = rng.choice(game.legal_actions())
            before = game.omniscient_view()
            game.apply(action)
            after = game.omniscient_view()
            for feed in feeds:
                feed.step(before, action, after)
    assert compared > 500
