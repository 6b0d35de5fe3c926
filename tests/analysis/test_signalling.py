"""Smuggle as a signalling game: the linear program's solution checked independently.

* the payoff table against the money the engine moves on a stacked pack;
* the hand types against counting every 4-card hand of the 54 cards;
* no type gains by switching declaration and the Officer gains nothing by
  changing any search rate (best responses computed here);
* the declarer's strategy guarantees exactly what the Officer's concedes (a
  duality certificate that does not trust the solver);
* on small packs, the value equals nashpy's for the normal form (every
  declarer plan against every pure per-declaration search plan).
"""

import random
from collections import Counter
from itertools import combinations, product

import nashpy
import numpy as np
import pytest

from prohis_nb.analysis.signalling import (
    ALL_DECLARATIONS,
    IMMUNITY,
    HandType,
    declaration_equilibrium,
    describe,
    hand_types,
    payoffs,
    solve,
)
from prohis_nb.analysis.smuggle import hides_goods_probability, search_gain
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, Board
from prohis_nb.smuggle.game import PACK, SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

TOL = 1e-6


@pytest.fixture(scope="module")
def eq():
    return declaration_equilibrium()


def engine_money(cards, declared, officer):
    """Seat 1 holds ``cards`` and declares ``declared`` (or claims immunity); its money change."""
    rest = Counter(PACK)
    rest.subtract(cards)
    packs = [list(cards) + list(rest.elements())] + [list(PACK)] * 2
    game = SmuggleGame(SmuggleRules(players=3), table={"packs": packs})
    before = game.view(0).money[1]
    if declared == IMMUNITY:
        game.apply({"seat": 1, "act": "immunity"})
        officer = "challenge" if officer == "search" else officer
    else:
        game.apply({"seat": 1, "act": "declare", "items": list(declared)})
    game.apply({"seat": 0, "act": officer})
    return game.view(0).money[1] - before


def cards_of(t):
    cards = list(t.goods) + ([DIPLOMATIC_BAG] if t.bag else [])
    return cards + ["luggage"] * (4 - len(cards))


def test_the_payoff_table_is_what_the_engine_charges():
    rng = random.Random(3)
    types = [HandType(("crown",), False), HandType(("wine", "watch"), True), HandType((), False)]
    types += rng.sample(list(hand_types()), 9)
    declarations = [(), ("wine",), ("crown",), IMMUNITY] + rng.sample(ALL_DECLARATIONS[:-1], 12)
    declarations += [t.goods for t in types]
    accepted, searched = payoffs(types, declarations)
    for i, t in enumerate(types):
        for j, d in enumerate(declarations):
            assert accepted[i, j] == engine_money(cards_of(t), d, "accept"), (t, d)
            assert searched[i, j] == engine_money(cards_of(t), d, "search"), (t, d)


def test_hand_types_equal_counting_every_hand():
    counted = Counter()
    for hand in combinations(range(len(PACK)), 4):
        cards = [PACK[i] for i in hand]
        goods = tuple(sorted((c for c in cards if c in DUTIABLE), key=DUTIABLE.index))
        counted[HandType(goods, DIPLOMATIC_BAG in cards)] += 1
    total = sum(counted.values())
    types = hand_types()
    assert set(types) == set(counted) and len(types) == 606
    for t, n in counted.items():
        assert types[t] == pytest.approx(n / total, rel=1e-12)


def test_no_type_gains_by_switching_declaration(eq):
    s = eq.search
    u = eq.accepted + s * (eq.searched - eq.accepted)  # every type x declaration, computed here
    assert np.all(eq.strategy >= -TOL)
    assert np.allclose(eq.strategy.sum(axis=1), 1)
    for i in range(len(eq.types)):
        best = u[i].max()
        used = eq.strategy[i] > 1e-7
        assert np.all(u[i][used] >= best - TOL), eq.types[i]


def test_the_officer_gains_nothing_by_changing_a_search_rate(eq):
    weights = eq.probability[:, None] * eq.strategy
    gain_of_searching = (weights * (eq.accepted - eq.searched)).sum(axis=0)
    for j, (gain, s) in enumerate(zip(gain_of_searching, eq.search, strict=True)):
        where = describe(eq.declarations[j])
        assert 0 <= s <= 1
        if s > TOL:
            assert gain >= -TOL, where  # searching must not lose
        if s < 1 - TOL:
            assert gain <= TOL, where  # accepting must not lose


def test_each_side_guarantees_the_same_value(eq):
    # The declarer's strategy: against the worst search plan (per declaration,
    # search if that lowers its payoff), it still gets at least this.
    weights = eq.probability[:, None] * eq.strategy
    accepted = (weights * eq.accepted).sum()
    slope = (weights * (eq.searched - eq.accepted)).sum(axis=0)
    guaranteed = accepted + np.minimum(slope, 0).sum()
    # The Officer's plan: each type's best declaration against it.
    u = eq.accepted + eq.search * (eq.searched - eq.accepted)
    conceded = eq.probability @ u.max(axis=1)
    assert guaranteed == pytest.approx(conceded, abs=1e-6)
    assert conceded == pytest.approx(eq.value, abs=1e-6)


def normal_form(pack, declarations):
    """Every declarer plan (a declaration per type) against every pure search plan."""
    types = hand_types(pack, size=1)
    board = Board()
    order = list(types)
    rows = list(product(range(len(declarations)), repeat=len(order)))
    cols = list(product((0, 1), repeat=len(declarations)))
    table = np.zeros((len(rows), len(cols)))
    for r, plan in enumerate(rows):
        for c, searched in enumerate(cols):
            for t, j in zip(order, plan, strict=True):
                d = declarations[j]
                held = Counter(t.goods)
                said = Counter(d)
                money = -board.hand_duty(said)  # written here from RULES.md
                if searched[j]:
                    money = money + board.compensation if held == said else -board.hand_fines(held)
                table[r, c] += types[t] * money
    return types, table


@pytest.mark.parametrize(
    "pack, declarations",
    [
        ({"luggage": 2, "wine": 1}, [(), ("wine",)]),
        ({"luggage": 2, "wine": 1, "watch": 1}, [(), ("wine",), ("watch",)]),
        ({"luggage": 3, "cigars": 2, "crown": 1}, [(), ("cigars",), ("crown",)]),
        ({"luggage": 1, "watch": 2, "crown": 1}, [(), ("watch",), ("crown",)]),
    ],
)
def test_small_packs_agree_with_nashpy_on_the_normal_form(pack, declarations):
    types, table = normal_form(pack, declarations)
    solved = solve(types, declarations)
    if "crown" in pack:
        assert solved.value < -1  # a game worth solving: the Officer must mix
    game = nashpy.Game(table)
    if table.shape[0] * table.shape[1] <= 16:
        rows, cols = next(iter(game.support_enumeration()))
    else:
        rows, cols = game.linear_program()
    assert rows @ table @ cols == pytest.approx(solved.value, abs=1e-6)
    # the LP's search rates, as a plan searching each declaration independently, are optimal too
    plan = np.array(
        [
            np.prod([s if bit else 1 - s for s, bit in zip(solved.search, c, strict=True)])
            for c in product((0, 1), repeat=len(declarations))
        ]
    )
    assert (table @ plan).max() == pytest.approx(solved.value, abs=1e-6)


# ---------------------------------------------------------------- what the lesson teaches


def test_a_crown_holder_hides_behind_cheaper_declarations(eq):
    choices = eq.choices(["crown"])
    board = Board()
    assert choices and all(board.hand_duty(Counter(d)) < 500 for d in choices)


def test_under_declaring_is_used_and_dear_declarations_are_searched_less(eq):
    board = Board()
    under = 0.0
    for i, t in enumerate(eq.types):
        for j, d in enumerate(eq.declarations):
            if d == IMMUNITY or Counter(d) == Counter(t.goods):
                continue
            if board.hand_duty(Counter(d)) < board.hand_duty(Counter(t.goods)):
                under += eq.probability[i] * eq.strategy[i, j]
    assert under > 0.1
    assert eq.search_rate(["necklace"]) < eq.search_rate(["wine"])


def test_a_fresh_hand_is_worth_about_what_the_2x2_games_say(eq):
    board = Board()
    by_2x2 = 0.0
    for t, p in zip(eq.types, eq.probability, strict=True):
        d = board.hand_duty(Counter(t.goods))
        f = board.hand_fines(Counter(t.goods))
        by_2x2 += p * (-d * f / (f + board.compensation) if d else 0)
    assert abs(eq.value - by_2x2) < 25


def test_the_2x2_search_rate_is_no_best_response_once_the_officer_hears():
    # at one watch's 2x2 lying rate (40 %) a hand declared as nothing hides goods this often:
    loaded = sum(p for t, p in hand_types().items() if t.goods)
    posterior = loaded * 0.4 / (loaded * 0.4 + 1 - loaded)
    assert float(hides_goods_probability(0.4)) == pytest.approx(posterior)
    assert float(search_gain((), posterior)) > 500  # hearing "nothing": search every time
    assert float(search_gain(("watch",), 0)) == -200  # hearing the truth: never search
