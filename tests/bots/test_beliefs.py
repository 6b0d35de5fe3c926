"""unseen_cards: exactly the cards a seat cannot place, computed from its view alone."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from prohis_nb import Game, ProhisRules
from prohis_nb.bots.beliefs import hidden_places, unseen_cards
from prohis_nb.prohis.cards import KINDS


def truly_hidden(game, seat):
    """The cards in the places ``seat`` cannot see, from the game's state (the truth)."""
    view = game.view(seat)
    hidden = Counter(KINDS[k] for k in game.pile)
    if view.convoy is not None:
        for kind, shown in zip(game.convoy, view.convoy.cards):
            if shown is None:
                hidden[KINDS[kind]] += 1
        if game.bribe is not None and view.convoy.bribe is None:  # an offer it may not see
            for k, kind in enumerate(KINDS):
                hidden[kind] += game.bribe[k]
    for other in range(game.players):
        if other == seat:
            continue
        hand = list(game.hands[other])
        known = list(game.known_hand[seat][other])
        for k, kind in enumerate(KINDS):
            hidden[kind] += hand[k] - known[k]
            hidden[kind] += game.warehouses[other][k] - game.known_warehouse[seat][other][k]
    return {kind: hidden[kind] for kind in KINDS}


@pytest.mark.parametrize("players,bribe_rounds", [(3, 2), (4, 1), (5, 3), (6, 1)])
def test_unseen_cards_are_exactly_the_cards_in_hidden_places(players, bribe_rounds):
    rules = ProhisRules(players=players, bribe_rounds=bribe_rounds)
    checked = 0
    for seed in range(4):
        game = Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.ended:
            for seat in range(players):
                view = game.view(seat)
                unseen = unseen_cards(view)
                assert unseen == truly_hidden(game, seat), (seed, seat, game.decision)
                assert sum(unseen.values()) == hidden_places(view)
                checked += 1
            legal = game.legal_actions()
            quiet = [a for a in legal if a.act != "convoy"]  # longer games
            game.apply(rng.choice(quiet if quiet and rng.random() < 0.6 else legal))
    assert checked > 500


def test_at_the_deal_a_seat_locates_its_hand_the_row_and_every_dealt_controller_card():
    game = Game(players=4, seed=7)
    view = game.view(0)
    unseen = unseen_cards(view)
    deck = game.rules.deck_counts()
    seen = Counter(view.hand) + Counter(view.row)
    assert unseen["captain"] == unseen["inspector"] == 0  # one of each in every hand
    for kind in ("legal", "illegal", "lieutenant"):
        assert unseen[kind] == deck[kind] - seen[kind]


def test_a_bribe_is_located_by_the_controller_and_unseen_by_the_others():
    # Everyone sees seat 0 take three lieutenants from the row; after a convoy of
    # two cards at least one of them is still known to be in its hand. Seat 0
    # then offers seat 1 a lieutenant: seat 1 sees it on the table (and no longer
    # counts it in the hand); seat 2 only knows that one card left the hand.
    table = {
        "first": 0,
        "hands": [
            ["illegal", "legal", "captain", "inspector"],
            ["legal", "legal", "legal", "legal", "captain", "inspector"],
            ["legal", "legal", "legal", "legal", "captain", "inspector"],
        ],
        "row": ["lieutenant", "lieutenant", "legal", "legal"],
    }
    rest = Counter(ProhisRules(players=3).deck_counts())
    for card in [c for h in table["hands"] for c in h] + table["row"] + ["lieutenant"]:
        rest[card] -= 1
    table["pile"] = ["lieutenant"] + [kind for kind in KINDS for _ in range(rest[kind])]
    game = Game(ProhisRules(players=3), table=table)
    for action in (
        {"seat": 0, "act": "take", "from": "row", "slot": 0},  # a lieutenant comes up
        {"seat": 0, "act": "take", "from": "row", "slot": 1},
        {"seat": 1, "act": "pass"},
        {"seat": 2, "act": "pass"},
        {"seat": 0, "act": "take", "from": "row", "slot": 0},
        {"seat": 0, "act": "stop"},
        {"seat": 1, "act": "pass"},
        {"seat": 2, "act": "pass"},
        {"seat": 0, "act": "convoy", "cards": ["illegal", "legal"]},
        {"seat": 1, "act": "control", "card": "captain"},
        {"seat": 2, "act": "decline"},
        {"seat": 0, "act": "bribe", "cards": ["lieutenant"]},
    ):
        game.apply(action)
    view = game.view(1)
    assert view.convoy.bribe == ("lieutenant",)
    assert view.seats[0].known_in_hand == ()  # the known lieutenant is the one offered
    assert view.row == ("legal",) * 4
    unseen = unseen_cards(view)
    assert unseen == truly_hidden(game, 1)
    assert unseen["lieutenant"] == 6 - 1  # seat 1 places only the one on the table
    other = game.view(2)
    assert other.convoy.bribe is None and other.convoy.bribe_size == 1
    assert unseen_cards(other) == truly_hidden(game, 2)
    assert unseen_cards(other)["lieutenant"] == 6  # the offer could be any card
    assert sum(unseen_cards(other).values()) == hidden_places(other)
