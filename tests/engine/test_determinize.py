"""determinize(view, rng): samples a seat cannot tell from its own table, drawn uniformly.

Checked independently of the sampler: the sample's view equals the given
view (both games, 3-6 players, many seeded positions); the sample holds the
whole deck and plays on to the end; and on small stacked tables the
distribution is the uniform one, counted by enumerating the tables a seat
cannot tell apart by the rules (its own hand, the row, what was dealt in
the open), with a chi-square test.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from prohis_nb import ProhisGame
from prohis_nb.core.determinize import determinize
from prohis_nb.prohis import from_deal
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.game import from_deal as smuggle_from_deal
from prohis_nb.smuggle.rules import SmuggleRules

# Chi-square critical values at p = 0.001 (a correct sampler fails one seeded run in 1,000).
CHI2_999 = {3: 16.27, 7: 24.32, 11: 31.26}


def chi_square(counts: Counter, expected: dict) -> float:
    return sum((counts[key] - e) ** 2 / e for key, e in expected.items())


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
        assert Counter(sample.pack) + Counter(sample.hand) + Counter(sample.discards) == Counter(
            PACK
        )
        if game.view(seat).hand is not None:
            assert sample.hand == game.hand


def test_the_same_seed_gives_the_same_sample_and_bad_input_is_refused():
    game = ProhisGame(players=4, seed=3)
    a = determinize(game.view(1), random.Random(5)).omniscient_view().to_json()
    b = determinize(game.view(1), random.Random(5)).omniscient_view().to_json()
    assert a == b
    with pytest.raises(TypeError, match="seat's view"):
        determinize(game, random.Random(0))
    with pytest.raises(TypeError, match="random.Random"):
        determinize(game.view(0), 7)
    random_position(game, random.Random(0), 100_000)
    with pytest.raises(ValueError, match="ended"):
        determinize(game.view(0), random.Random(0))


def small_table():
    """Three seats dealt in the open a captain and an inspector, one hidden card each."""
    hands = [
        ["legal", "captain", "inspector"],
        ["illegal", "captain", "inspector"],
        ["lieutenant", "captain", "inspector"],
    ]
    return from_deal(
        hands,
        row=["legal"] * 4,
        pile=["illegal", "legal"],
        public_hands=[["captain", "inspector"]] * 3,
    )


def test_every_table_seat_0_cannot_tell_apart_is_equally_likely():
    # By the rules seat 0 knows its hand, the row, the pile's size and that each
    # hand holds a captain and an inspector. Unseen: illegal, illegal, lieutenant
    # and legal (the deck as dealt), over 4 places: pile top, pile bottom, one
    # card in seat 1's hand, one in seat 2's. 4!/2! = 12 tables, each 1/12.
    game = small_table()
    hidden = ["illegal", "legal", "illegal", "lieutenant"]
    tables = set(permutations(hidden))
    assert len(tables) == 12
    for table in tables:  # each is a real deal that shows seat 0 the same view
        pile, one, two = list(table[:2]), table[2], table[3]
        other = from_deal(
            [
                ["legal", "captain", "inspector"],
                [one, "captain", "inspector"],
                [two, "captain", "inspector"],
            ],
            row=["legal"] * 4,
            pile=pile,
            public_hands=[["captain", "inspector"]] * 3,
            rules=game.rules,
        )
        assert other.view(0) == game.view(0)
    rng = random.Random(2026)
    counts: Counter = Counter()
    draws = 3_000
    for _ in range(draws):
        sample = determinize(game.view(0), rng)
        truth = sample.omniscient_view()
        one = (Counter(truth.hands[1]) - Counter(["captain", "inspector"])).elements()
        two = (Counter(truth.hands[2]) - Counter(["captain", "inspector"])).elements()
        counts[(*truth.pile, *one, *two)] += 1
    assert set(counts) == tables
    assert chi_square(counts, dict.fromkeys(tables, draws / 12)) < CHI2_999[11]


def test_after_a_hidden_draw_and_a_convoy_the_sample_is_uniform_given_the_view():
    # Seat 0 draws the pile's top card (hidden from the others) and stops; seat 1
    # sends two cards face down. Seat 2 then locates its hand, the row and seat
    # 0's captain and inspector (dealt in the open, still in that hand); the view
    # no longer places seat 1's captain and inspector (a face-down convoy of 2
    # may hold them). Hidden places: pile 1, seat 0's 2 other cards, seat 1's
    # hand 1, the convoy 2: 6 cards, the deck minus the 9 seat 2 locates.
    game = small_table()
    game.apply({"act": "take", "from": "pile"})
    game.apply({"act": "stop"})
    game.apply({"act": "convoy", "cards": ["illegal", "captain"]})
    view = game.view(2)
    deck = Counter(game.rules.deck_counts())
    seen = Counter(view.hand) + Counter(view.row) + Counter(["captain", "inspector"])
    unseen = deck - seen
    assert unseen == Counter(legal=2, illegal=2, captain=1, inspector=1)
    rng = random.Random(7)
    counts: Counter = Counter()
    draws = 3_000
    for _ in range(draws):
        truth = determinize(view, rng).omniscient_view()
        counts[truth.convoy.cards[0]] += 1  # the first convoy card: any unseen card
    expected = {kind: draws * n / 6 for kind, n in unseen.items()}
    assert set(counts) == set(expected)
    assert chi_square(counts, expected) < CHI2_999[3]


def test_a_smuggle_seat_knows_only_its_own_hand_at_the_start():
    top = ["watch", "wine", "luggage", "luggage"]
    packs = [top + sorted((Counter(PACK) - Counter(top)).elements())] + [list(PACK)] * 2
    game = smuggle_from_deal(packs)
    view = game.view(1)  # seat 1 drew the four cards above; 50 unseen cards in the pack
    unseen = Counter(PACK) - Counter(top)
    rng = random.Random(11)
    counts: Counter = Counter()
    draws = 4_000
    for _ in range(draws):
        sample = determinize(view, rng)
        assert sample.hand == game.hand
        counts[sample.pack[-1]] += 1  # the top of the pack
    expected = {kind: draws * n / 50 for kind, n in unseen.items()}
    assert len(expected) == 10
    assert chi_square(counts, expected) < 27.88  # 9 degrees of freedom, p = 0.001
