"""determinize(view, rng): tables a seat cannot tell from its own, never impossible ones.

Checked independently of the sampler: the sample's view equals the given view
(both games, 3-6 players, many seeded positions); the sample holds the whole
deck and plays on to the end; the same seed gives the same sample; a view no
game could show is refused with a ``ViewError``. And the four impossible
tables of issue 22 (section 4), each a fact of the rules the old sampler broke:
a captain or an inspector in the pile; a row card seen taken and convoyed found
away from its seat; a Diplomatic Bag the passer saw discarded found elsewhere;
a pending bribe equal to a rejected offer. (That the draws follow the exact
posterior is checked against a brute force in
``tests/properties/test_prop_determinize_exact.py``.)
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from prohis_nb import ProhisGame
from prohis_nb.core.determinize import determinize
from prohis_nb.errors import ViewError
from prohis_nb.prohis import from_deal
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules
from prohis_nb.widgets.lesson import stacked_smuggle_game

CI = ["captain", "inspector"]


def random_position(game, rng: random.Random, steps: int):
    for _ in range(steps):
        if game.ended:
            break
        legal = game.legal_actions()
        game.apply(legal[rng.randrange(len(legal))])
    return game


def positions(make, count: int, max_steps: int):
    """Seeded positions of games in progress, 3 to 6 players."""
    found = []
    seed = 0
    while len(found) < count:
        rng = random.Random(seed)
        game = random_position(make(3 + seed % 4, seed), rng, rng.randrange(max_steps))
        if not game.ended:
            found.append((seed, game))
        seed += 1
    return found


def prohis_game(players: int, seed: int) -> ProhisGame:
    return ProhisGame(players=players, seed=seed, bribe_rounds=1 + seed % 3)


def smuggle_game(players: int, seed: int) -> SmuggleGame:
    return SmuggleGame(SmuggleRules(players=players), seed=seed)


@pytest.mark.parametrize("make", [prohis_game, smuggle_game], ids=["prohis", "smuggle"])
def test_the_sample_shows_the_seat_exactly_its_view_and_plays_on(make):
    for seed, game in positions(make, 25, 250):
        for seat in range(game.players):
            view = game.view(seat)
            sample = determinize(view, random.Random(seed * 10 + seat))
            assert sample.view(seat).to_json() == view.to_json(), (seed, seat)
            assert sample.view(seat) == view
            rng = random.Random(seed)
            random_position(sample, rng, 10_000)  # the sample is a real game: it ends
            assert sample.ended


def test_a_prohis_sample_holds_the_whole_deck_and_the_seats_known_cards():
    for seed, game in positions(prohis_game, 20, 250):
        seat = seed % game.players
        view = game.view(seat)
        sample = determinize(view, random.Random(seed))
        assert sample.card_counts() == game.rules.deck_counts()
        for info in view.seats:  # every card the seat knows of a hand is in that hand
            hand = Counter(sample.hand(info.seat))
            assert not Counter(info.known_in_hand) - hand
            assert len(sample.hand(info.seat)) == info.hand_size


def test_a_smuggle_sample_holds_the_round_s_54_cards():
    for seed, game in positions(smuggle_game, 20, 150):
        seat = seed % game.players
        sample = determinize(game.view(seat), random.Random(seed))
        table = sample.omniscient_view()
        holder_hand = table.hands[table.holder] if table.holder is not None else ()
        assert Counter(table.pack) + Counter(holder_hand) + Counter(table.discards) == Counter(PACK)
        if game.view(seat).hand is not None:
            assert sample.hand == game.hand


def test_the_same_seed_gives_the_same_sample_and_bad_input_is_refused():
    game = ProhisGame(players=4, seed=3)
    a = determinize(game.view(1), random.Random(5)).omniscient_view().to_json()
    b = determinize(game.view(1), random.Random(5)).omniscient_view().to_json()
    assert a == b
    with pytest.raises(ViewError, match="seat's view"):
        determinize(game, random.Random(0))
    with pytest.raises(ViewError, match="random.Random"):
        determinize(game.view(0), 7)
    random_position(game, random.Random(0), 100_000)
    with pytest.raises(ViewError, match="ended"):
        determinize(game.view(0), random.Random(0))


# ---------------------------------------------------------------- issue 22, section 4


def test_no_sample_puts_a_captain_or_an_inspector_in_the_pile():
    # Every captain and inspector is dealt in the open: until played it is in its
    # seat's hidden cards, a convoy, a warehouse; never in the pile.
    drawn = 0
    for seed, game in positions(prohis_game, 12, 120):
        rng = random.Random(seed)
        for seat in range(game.players):
            for _ in range(6):
                pile = determinize(game.view(seat), rng).omniscient_view().pile
                assert "captain" not in pile and "inspector" not in pile, (seed, seat)
                drawn += 1
    assert drawn > 200


def test_a_row_card_seen_taken_and_convoyed_stays_with_its_seat():
    # The only lieutenant of the deck is in the row. Seat 1 takes it (everyone sees),
    # then sends a face-down convoy of three: the lieutenant is in seat 1's hand or in
    # that convoy, in every table seat 2 can be at.
    game = from_deal(
        [[*CI, "legal", "illegal"], [*CI, "legal", "legal"], [*CI, "illegal", "legal"]],
        row=["lieutenant", "legal", "illegal", "legal"],
        pile=["legal", "illegal", "legal", "illegal", "legal"],
        first=1,
        public_hands=[CI] * 3,
    )
    game.apply({"act": "take", "from": "row", "slot": 0})
    game.apply({"act": "stop"})
    game.apply({"act": "take", "from": "pile"})
    game.apply({"act": "stop"})
    game.apply({"act": "take", "from": "pile"})
    game.apply({"act": "stop"})
    game.apply({"act": "convoy", "cards": ["legal", "lieutenant", "legal"]})
    assert game.to_act == 2 and game.decision.kind == "control"
    rng = random.Random(22)
    places = Counter()
    for _ in range(400):
        truth = determinize(game.view(2), rng).omniscient_view()
        in_hand = "lieutenant" in truth.hands[1]
        in_convoy = "lieutenant" in truth.convoy.cards
        assert in_hand or in_convoy
        places["hand" if in_hand else "convoy"] += 1
    assert set(places) == {"hand", "convoy"}  # (it may be in either)


def test_a_bag_the_passer_saw_discarded_is_in_the_discards():
    # Seat 1 draws the Diplomatic Bag, declares and passes the hand on; seat 2 accepts
    # and must discard the Bag (docs/smuggle-rules.md). Seat 1 knew the Bag was in the
    # hand, so in every table it can be at, the Bag is in the discards.
    game = stacked_smuggle_game(["diplomatic_bag", "wine", "luggage", "luggage"])
    game.apply({"act": "declare", "items": ["wine"]})
    game.apply({"act": "accept"})  # the Officer
    game.apply({"act": "accept"})  # seat 2, the receiver
    game.apply({"act": "discard", "card": "diplomatic_bag"})
    assert "diplomatic_bag" in game.discards
    rng = random.Random(4)
    for _ in range(200):
        sample = determinize(game.view(1), rng)
        assert "diplomatic_bag" in sample.discards
        assert "diplomatic_bag" not in sample.hand and "diplomatic_bag" not in sample.pack


def test_no_sample_holds_a_pending_bribe_equal_to_a_rejected_offer():
    # Two bribe rounds. Seat 0 offers a legal card, seat 1 rejects it, seat 0 offers one
    # card again: by the rules that offer differs from the rejected one. Seat 2 sees
    # neither, and must never be shown a table where they are the same.
    game = from_deal(
        [
            [*CI, "legal", "illegal", "legal", "illegal"],
            [*CI, "legal", "legal"],
            [*CI, "legal", "illegal"],
        ],
        row=["legal", "illegal", "legal", "illegal"],
        pile=["legal", "illegal", "legal"],
        first=0,
        public_hands=[CI] * 3,
        rules=None,
    )
    game = from_deal(
        [
            [*CI, "legal", "illegal", "legal", "illegal"],
            [*CI, "legal", "legal"],
            [*CI, "legal", "illegal"],
        ],
        row=["legal", "illegal", "legal", "illegal"],
        pile=["legal", "illegal", "legal"],
        first=0,
        public_hands=[CI] * 3,
        rules=game.rules.replace(bribe_rounds=2),
    )
    game.apply({"act": "convoy", "cards": ["legal", "illegal"]})
    game.apply({"act": "control", "card": "captain"})
    game.apply({"act": "decline"})
    game.apply({"act": "bribe", "cards": ["legal"]})
    game.apply({"act": "reject"})
    game.apply({"act": "bribe", "cards": ["illegal"]})
    assert game.decision.kind == "bribe_answer"
    rng = random.Random(62)
    for _ in range(200):
        sample = determinize(game.view(2), rng)
        assert tuple(sample.bribe) not in sample.rejected
        assert sample.legal_actions()  # a real position: it plays on
        random_position(sample, rng, 10_000)
        assert sample.ended


# ---------------------------------------------------------------- views altered by hand


def _altered(view):
    """Views no game could show, as a caller might make them with ``dataclasses.replace``."""
    yield dataclasses.replace(view, decision=())
    yield dataclasses.replace(view, players=0)
    yield dataclasses.replace(view, players=2_000)
    yield dataclasses.replace(view, seat=-1)
    yield dataclasses.replace(view, knowledge=None)
    if hasattr(view, "row"):
        yield dataclasses.replace(view, seats={})
        yield dataclasses.replace(view, row=[])
        yield dataclasses.replace(view, hand=("joker",))
        yield dataclasses.replace(view, pile_size=view.pile_size + 1)
    else:
        yield dataclasses.replace(view, pack_size=view.pack_size + 1)
        yield dataclasses.replace(view, money=())


@pytest.mark.parametrize("make", [prohis_game, smuggle_game], ids=["prohis", "smuggle"])
def test_a_view_altered_by_hand_is_refused_with_a_view_error(make):
    for seed, game in positions(make, 4, 60):
        view = game.view(seed % game.players)
        for altered in _altered(view):
            with pytest.raises(ViewError, match="could show|view"):
                determinize(altered, random.Random(0))
