"""Smuggle's declare-or-lie maths against the solver and against the engine itself.

Closed forms against nashpy; every payoff and declaration value against the
money the engine moves on a stacked pack; the fresh-hand distribution against
counting every hand; simulated declarations through the engine within 4 σ of
the exact means.
"""

from collections import Counter
from fractions import Fraction
from itertools import combinations, combinations_with_replacement

import pytest

from prohis_nb.analysis.smuggle import (
    DeclareOrLie,
    InformerGame,
    best_declaration,
    declaration_options,
    declaration_value,
    dutiable,
    expected_fines_of_goods,
    hand_distribution,
    hand_game,
    hides_goods_probability,
    immunity_value,
    inform_value,
    informer_threshold,
    item_game,
    predicted_changes,
    search_gain,
    should_inform,
    simulate_declarations,
    worth_checking,
)
from prohis_nb.smuggle.board import DUTIABLE, Board
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

HANDS = [
    ["watch", "luggage", "luggage", "luggage"],
    ["wine", "wine", "cigars", "luggage"],
    ["crown", "necklace", "camera", "perfume"],
    ["brandy", "diplomatic_bag", "luggage", "wine"],
    ["luggage", "luggage", "luggage", "luggage"],
]
BOARDS = [Board(), Board(compensation=50, informer_reward=300, immunity_fine=400)]


def first_declaration(hand, declared, officer, receiver=None, board=None, immunity=False):
    """Seat 1 holds ``hand`` and declares; return each seat's money change after the checks."""
    rest = Counter(PACK)
    rest.subtract(hand)
    packs = [list(hand) + list(rest.elements())] + [list(PACK)] * 2
    game = SmuggleGame(SmuggleRules(players=3, board=board or Board()), table={"packs": packs})
    before = game.view(0).money
    if immunity:
        game.apply({"seat": 1, "act": "immunity"})
    else:
        game.apply({"seat": 1, "act": "declare", "items": list(declared)})
    game.apply({"seat": 0, "act": officer})
    if receiver is not None:
        game.apply({"seat": 2, "act": receiver})
    after = game.view(0).money
    return [a - b for a, b in zip(after, before)]


# ---------------------------------------------------------------- the closed forms


@pytest.mark.parametrize("kind", DUTIABLE)
@pytest.mark.parametrize("board", BOARDS)
def test_item_game_closed_form_matches_nashpy(kind, board):
    game = item_game(kind, board)
    lying, searching = game.solve()
    assert lying == pytest.approx(float(game.lying_rate))
    assert searching == pytest.approx(float(game.search_rate))
    assert game.search_rate == Fraction(board.duty[kind], board.fine[kind] + board.compensation)
    assert game.lying_rate == Fraction(board.compensation, board.fine[kind] + board.compensation)


@pytest.mark.parametrize("hand", [h for h in HANDS if dutiable(h)])
def test_hand_game_sums_the_hand_and_matches_nashpy(hand):
    game = hand_game(hand)
    goods = dutiable(hand)
    assert (game.duty, game.fine) == (Board().hand_duty(goods), Board().hand_fines(goods))
    lying, searching = game.solve()
    assert (lying, searching) == pytest.approx((float(game.lying_rate), float(game.search_rate)))


@pytest.mark.parametrize(("duty", "fine", "comp"), [(150, 300, 200), (25, 50, 200), (500, 100, 50)])
def test_each_rate_makes_the_other_side_indifferent(duty, fine, comp):
    game = DeclareOrLie(duty, fine, comp)
    at = game.declarer_values(game.search_rate)
    officer = game.officer_values(game.lying_rate)
    if game.mixed:
        assert at["declare"] == at["lie"] == game.value == -Fraction(duty * fine, fine + comp)
        assert officer["accept"] == officer["search"]
        # off equilibrium, the side that can profit is told which way
        assert game.declarer_values(game.search_rate / 2)["lie"] > at["lie"]
    else:  # fine + compensation below the duty: lying is never worse, the Officer searches
        assert (game.lying_rate, game.search_rate) == (1, 1)
        assert at["lie"] >= at["declare"]
        assert game.solve() == pytest.approx((1.0, 1.0))


def test_informer_game_closed_form_matches_nashpy():
    for kind in DUTIABLE:
        board = Board()
        game = InformerGame(board.duty[kind], board.fine[kind])
        lying, informing = game.solve()
        assert lying == pytest.approx(float(game.lying_rate)) == pytest.approx(2 / 3)
        assert informing == pytest.approx(float(game.inform_rate))


@pytest.mark.parametrize("board", BOARDS)
def test_the_informer_threshold_is_where_informing_stops_paying(board):
    t = informer_threshold(board)
    assert inform_value(t, board) == 0
    assert should_inform(min(1, t + Fraction(1, 100)), board)
    assert not should_inform(t, board) and not should_inform(t - Fraction(1, 100), board)


# ---------------------------------------------------------------- against the engine


@pytest.mark.parametrize("hand", [h for h in HANDS if dutiable(h)])
@pytest.mark.parametrize("board", BOARDS)
def test_the_payoff_table_is_what_the_engine_charges(hand, board):
    game = hand_game(hand, board)
    table = game.declarer_payoffs()
    truth = sorted(dutiable(hand).elements(), key=DUTIABLE.index)
    for i, declared in enumerate([truth, []]):
        for j, officer in enumerate(["accept", "search"]):
            change = first_declaration(hand, declared, officer, board=board)
            assert change[1] == table[i][j]
            assert change[0] == game.officer_payoffs()[i][j]  # every payment is between the two


DECLARATIONS = [
    (),
    ("wine",),
    ("watch",),
    ("wine", "wine", "cigars"),
    ("crown",),
    ("brandy", "wine"),
]


@pytest.mark.parametrize("hand", HANDS)
@pytest.mark.parametrize("declared", DECLARATIONS)
@pytest.mark.parametrize("board", BOARDS)
def test_declaration_values_at_pure_rates_are_the_engines_money(hand, declared, board):
    for search, inform, officer, receiver in [
        (1, 0, "search", None),
        (0, 0, "accept", "accept"),
        (0, 1, "accept", "inform"),
    ]:
        change = first_declaration(hand, declared, officer, receiver, board=board)
        assert declaration_value(hand, declared, search, inform, board) == change[1]
        if receiver == "inform":
            truth = dutiable(hand) == dutiable(declared)
            assert inform_value(0 if truth else 1, board) == change[2]


@pytest.mark.parametrize("hand", [h for h in HANDS if dutiable(h)])
def test_declaring_nothing_is_the_cheapest_lie(hand):
    truth = dutiable(hand)
    lies = [d for n in range(5) for d in combinations_with_replacement(DUTIABLE, n)]
    lies = [d for d in lies if dutiable(d) != truth]
    for s, r in [(0, 0), (Fraction(1, 3), 0), (Fraction(1, 5), Fraction(1, 2)), (1, 1)]:
        best = max(declaration_value(hand, d, s, r) for d in lies)
        assert best == declaration_value(hand, (), s, r)


@pytest.mark.parametrize("board", BOARDS)
def test_immunity_values_are_the_engines_money(board):
    for hand in HANDS:
        for challenger in ("officer", "receiver"):
            if challenger == "officer":
                change = first_declaration(hand, (), "challenge", board=board, immunity=True)
            else:
                change = first_declaration(hand, (), "accept", "challenge", board, immunity=True)
            assert immunity_value(hand, 1, board) == change[1]
        unchallenged = first_declaration(hand, (), "accept", "accept", board, immunity=True)
        assert immunity_value(hand, 0, board) == unchallenged[1] == 0


def test_the_options_are_ranked_best_first():
    hand = ["crown", "luggage", "luggage", "luggage"]
    # a false claim of immunity is the best lie when nobody challenges
    assert list(declaration_options(hand, 0.1))[0] == "immunity"
    assert list(declaration_options(hand, 0.1, challenge_rate=1))[0] == "nothing"  # hide it
    assert list(declaration_options(hand, 0.9, challenge_rate=1))[0] == "truth"
    with_bag = ["diplomatic_bag", "crown", "luggage", "wine"]
    assert list(declaration_options(with_bag, 0.9, challenge_rate=0.5))[0] == "immunity"
    options = declaration_options(["luggage"] * 4, 0.5)
    assert "nothing" not in options  # nothing to hide: "nothing" is the truth


def test_the_whole_number_best_declaration_is_the_first_option():
    """best_declaration (integers) against declaration_options (Fractions), ties included."""
    import random

    rng = random.Random(15)
    kinds = [*DUTIABLE, "luggage", "luggage", "diplomatic_bag"]
    # rates that make two options tie exactly (0.3 with a watch: truth = nothing = -90)
    grid = [0, 0.1, 0.25, 0.3, 0.5, 0.75, 1, Fraction(1, 3), Fraction(2, 7)]
    boards = [*BOARDS, Board(compensation=1, informer_reward=1, immunity_fine=1)]
    ties = 0
    for case in range(3000):
        hand = HANDS[case % len(HANDS)] if case < 50 else rng.choices(kinds, k=4)
        rates = [rng.choice(grid) if rng.random() < 0.6 else rng.random() for _ in range(3)]
        board = rng.choice(boards)
        options = declaration_options(hand, *rates, board=board)
        values = list(options.values())
        ties += len(values) > 1 and values[0] == values[1]
        assert best_declaration(hand, *rates, board=board) == next(iter(options)), (hand, rates)
    # ties made on purpose: truth = nothing at s = D / (F + C) with no Informer,
    # truth = immunity (0) at s = D / C unchallenged
    for hand in HANDS:
        goods = dutiable(hand)
        if not goods or "diplomatic_bag" in hand:
            continue
        board = Board()
        d, f = board.hand_duty(goods), board.hand_fines(goods)
        for rates in [(Fraction(d, f + board.compensation), 0, 1), (Fraction(d, 200), 0, 0)]:
            if rates[0] > 1:
                continue
            values = list(declaration_options(hand, *rates).values())
            ties += values[0] == values[1]
            assert best_declaration(hand, *rates) == next(iter(declaration_options(hand, *rates)))
    assert ties > 10  # the tie-breaking order was exercised
    with pytest.raises(ValueError, match="search_rate is a probability"):
        best_declaration(HANDS[0], 1.5)
    with pytest.raises(ValueError, match="unknown card kind"):
        best_declaration(["gold"], 0.5)


def test_worth_checking_in_whole_numbers_is_the_fraction_answer():
    """worth_checking against search_gain and should_inform (Fractions), ties included."""
    import random

    rng = random.Random(16)
    declarations = [(), ("watch",), ("wine", "wine"), ("crown", "camera", "perfume", "brandy")]
    grid = [0, 0.1, 0.3, 0.5, 1, Fraction(2, 3), Fraction(1, 7)]
    boards = [*BOARDS, Board(compensation=1, informer_reward=1, immunity_fine=1)]
    for _ in range(2000):
        declared = rng.choice(declarations)
        lie = rng.choice(grid) if rng.random() < 0.5 else rng.random()
        board = rng.choice(boards)
        p = hides_goods_probability(lie) if not declared else lie
        assert worth_checking(declared, lie, "search", board) == (
            search_gain(declared, p, board) > 0
        )
        assert worth_checking(declared, lie, "inform", board) == should_inform(p, board)
    # exact ties: informing at p = C / (R + C) and searching at p = C / (F - duty + C) do not pay
    board = Board()
    assert inform_value(Fraction(2, 3), board) == 0
    assert worth_checking(("watch",), Fraction(2, 3), "inform") is False
    assert worth_checking(("watch",), Fraction(2, 3) + Fraction(1, 10**9), "inform") is True
    duty = board.hand_duty(dutiable(["watch"]))
    even = board.compensation / (expected_fines_of_goods(board) - duty + board.compensation)
    assert search_gain(("watch",), even, board) == 0
    assert worth_checking(("watch",), even) is False
    assert worth_checking(("watch",), even + Fraction(1, 10**9)) is True
    with pytest.raises(ValueError, match="by is 'search' or 'inform'"):
        worth_checking((), 0.5, by="challenge")
    with pytest.raises(ValueError, match="lie_rate is a probability"):
        worth_checking((), 2)


# ---------------------------------------------------------------- a fresh hand


def test_hand_distribution_equals_counting_every_hand():
    for size in (2, 3):
        counted = Counter(
            tuple(sorted(PACK[i] for i in idx)) for idx in combinations(range(54), size)
        )
        total = sum(counted.values())
        exact = hand_distribution(size)
        assert {tuple(sorted(h)): p for h, p in exact.items()} == {
            h: Fraction(n, total) for h, n in counted.items()
        }
    assert sum(hand_distribution().values()) == 1


def test_the_posterior_and_the_mean_fines_follow_from_the_distribution():
    dist = hand_distribution()
    loaded = sum(p for h, p in dist.items() if dutiable(h))
    for q in (Fraction(1, 4), Fraction(1, 2), 1):
        assert hides_goods_probability(q) == loaded * q / (loaded * q + 1 - loaded)
    assert hides_goods_probability(0) == 0
    fines = sum(p * Board().hand_fines(dutiable(h)) for h, p in dist.items())
    assert expected_fines_of_goods() == fines / loaded
    f = expected_fines_of_goods()
    assert search_gain((), 1) == f and search_gain(("wine",), 0) == -200


# ---------------------------------------------------------------- simulation


@pytest.mark.parametrize(
    ("hand", "lie", "search", "inform"),
    [
        (["watch", "luggage", "luggage", "luggage"], 0.4, 0.3, 0.0),
        (["wine", "wine", "cigars", "luggage"], 0.7, 0.2, 0.5),
        (["luggage"] * 4, 0.5, 0.5, 0.5),
    ],
)
def test_simulated_declarations_agree_with_the_formulas(hand, lie, search, inform):
    sim = simulate_declarations(hand, lie, search, inform, games=1500, seed=7)
    exact = predicted_changes(hand, lie, search, inform)
    for seat in ("declarer", "officer", "receiver"):
        assert abs(sim[seat] - float(exact[seat])) <= 4 * sim[f"{seat}_se"] + 1e-9
    assert sum(sim[s] for s in ("declarer", "officer", "receiver")) == pytest.approx(0)


def test_the_equilibrium_makes_lying_and_declaring_equal_through_the_engine():
    hand = ["camera", "luggage", "luggage", "luggage"]
    game = hand_game(hand)
    s = float(game.search_rate)
    truth = simulate_declarations(hand, 0, s, games=1500, seed=3)
    lies = simulate_declarations(hand, 1, s, games=1500, seed=4)
    spread = 4 * (truth["declarer_se"] ** 2 + lies["declarer_se"] ** 2) ** 0.5
    assert abs(truth["declarer"] - lies["declarer"]) <= spread
    assert abs(truth["declarer"] - float(game.value)) <= 4 * truth["declarer_se"]


# ---------------------------------------------------------------- bad input


def test_bad_inputs_are_refused_with_what_is_allowed():
    with pytest.raises(ValueError, match="between 0 and 1"):
        DeclareOrLie(150, 300).declarer_values(1.5)
    with pytest.raises(ValueError, match="more than 0"):
        DeclareOrLie(0, 300)
    with pytest.raises(ValueError, match="dutiable kinds"):
        item_game("luggage")
    with pytest.raises(ValueError, match="nothing dutiable"):
        hand_game(["luggage"] * 4)
    with pytest.raises(ValueError, match="unknown card kind"):
        declaration_value(["gold"], (), 0.5)
    with pytest.raises(ValueError, match="4 cards"):
        simulate_declarations(["wine"], 0.5, 0.5)
    with pytest.raises(ValueError, match="no more"):
        simulate_declarations(["crown", "crown", "wine", "wine"], 0.5, 0.5)
    with pytest.raises(ValueError, match="mixed equilibrium"):
        InformerGame(500, 100, 50)
