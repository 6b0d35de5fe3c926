"""The convoy equilibrium bot returns a Nash equilibrium for every rule set, and always returns.

attack-24 F1/F9: nashpy's floating-point Lemke–Howson cycled for ever on
some "own"-money rule sets (lieutenant, 2 cards, both illegal, bribes
``[["legal", "legal"], ["captain"]]`` …), so ``behaviour(rules)``, the
convoy's default opponent, hung. The solver is now an exact Lemke–Howson
with lexicographic pivoting (:func:`prohis_nb.analysis.bimatrix.lemke_howson`).

The check here does not use the analysis: each ending's payoff is what the
*engine* scores, averaged exactly over every face-down order of a stacked
table, and the bot's behaviour strategy must leave neither side anything to
gain (zero regret, up to float rounding of the bot's rates). How long a
solve takes is measured by ``benchmarks/analysis_speed.py``, not here.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import combinations, permutations

import pytest

from prohis_nb import ConvoyRules, ConvoyStageGame

pytest.importorskip("nashpy")

from prohis_nb.analysis.bimatrix import lemke_howson
from prohis_nb.convoy.bots import Behaviour

ANSWERS = {False: ("inspect", "waive"), True: ("accept", "reject")}


@cache
def engine_payoffs(rules: ConvoyRules, hand: str, load: str, offer: tuple, answer: str):
    """(smuggler, controller) expected scores of one ending, by the engine, over every order."""
    orders = list(permutations(range(rules.size)))
    total = [Fraction(0), Fraction(0)]
    for order in orders:
        game = ConvoyStageGame(rules, table={"hand": hand, "order": list(order)})
        game.apply({"act": "convoy", "cards": list(rules.convoy(load == "dirty"))})
        game.apply({"act": "bribe", "cards": list(offer)} if offer else {"act": "no_bribe"})
        game.apply({"act": answer})
        assert game.ended
        for seat in (0, 1):
            total[seat] += Fraction(game.scores()[seat], len(orders))
    return tuple(total)


def choices(rules: ConvoyRules, hand: str) -> list[tuple[str, tuple]]:
    """Every (convoy, offer) a hand may choose: offers by their cards, sorted, () for none."""
    loads = ("honest", "dirty") if hand == "dirty" else ("honest",)
    offers = [()] + [
        tuple(sorted(b)) for b in rules.bribes if hand == "dirty" or "illegal" not in b
    ]
    return [(load, offer) for load in loads for offer in offers]


def regrets(rules: ConvoyRules, plan: Behaviour) -> tuple[float, float, float]:
    """(smuggler's regret, controller's regret, payoff scale) of ``plan`` against engine payoffs."""
    p = rules.p_dirty
    hands = {"dirty": float(p), "honest": float(1 - p)}

    def answer_rates(offer: tuple) -> dict[str, float]:
        if offer:
            rate = plan.accept.get(offer, 0.0)
            return {"accept": rate, "reject": 1 - rate}
        return {"inspect": plan.inspect, "waive": 1 - plan.inspect}

    def smuggler_value(hand: str, load: str, offer: tuple) -> float:
        return sum(
            rate * float(engine_payoffs(rules, hand, load, offer, answer)[0])
            for answer, rate in answer_rates(offer).items()
        )

    def smuggler_rate(hand: str, load: str, offer: tuple) -> float:
        load_rate = (
            1.0
            if hand == "honest"
            else (plan.dirty_convoy if load == "dirty" else 1 - plan.dirty_convoy)
        )
        if load_rate == 0:
            return 0.0
        return load_rate * plan.offers.get((hand, load), {}).get(offer, 0.0)

    smuggler_regret, scale = 0.0, 1.0
    weights: dict[tuple, dict[tuple[str, str], float]] = {}
    for hand, weight in hands.items():
        options = choices(rules, hand)
        rates = {choice: smuggler_rate(hand, *choice) for choice in options}
        assert sum(rates.values()) == pytest.approx(1, abs=1e-9), (hand, rates)
        values = {choice: smuggler_value(hand, *choice) for choice in options}
        played = sum(rates[c] * values[c] for c in options)
        smuggler_regret += weight * (max(values.values()) - played)
        scale = max(scale, *(abs(v) for v in values.values()))
        for (load, offer), rate in rates.items():
            weights.setdefault(offer, {})[hand, load] = weight * rate
    controller_regret = 0.0
    for offer, reached in weights.items():
        value = {
            answer: sum(
                w * float(engine_payoffs(rules, hand, load, offer, answer)[1])
                for (hand, load), w in reached.items()
            )
            for answer in ANSWERS[bool(offer)]
        }
        played = sum(rate * value[answer] for answer, rate in answer_rates(offer).items())
        controller_regret += max(value.values()) - played
    return smuggler_regret, controller_regret, scale


def assert_equilibrium(rules: ConvoyRules) -> None:
    smuggler, controller, scale = regrets(rules, Behaviour(rules))
    assert smuggler <= 1e-7 * scale, (rules, smuggler)
    assert controller <= 1e-7 * scale, (rules, controller)


#: The rule sets attack-24 found hanging for more than 15 s (F1, F9: a sample of its 58).
HUNG = [
    dict(card="lieutenant", size=2, illegal=2, bribes=(("legal", "legal"), ("captain",))),
    dict(card="lieutenant", size=2, illegal=2, bribes=(("legal",), ("legal", "legal"))),
    dict(
        card="lieutenant",
        size=3,
        illegal=2,
        bribes=(("legal", "legal"), ("captain",)),
        waiver_keeps_card=True,
    ),
    dict(card="lieutenant", size=3, illegal=3, bribes=(("legal", "legal"), ("captain",))),
    dict(card="captain", size=2, illegal=1, bribes=(("legal",), ("legal", "legal"))),
    dict(card="captain", size=4, illegal=4, bribes=(("legal",), ("legal", "legal"))),
    dict(card="inspector", size=3, illegal=3, bribes=(("legal", "legal"), ("captain",))),
    dict(
        card="inspector",
        size=4,
        illegal=2,
        bribes=(("legal",), ("legal", "legal")),
        waiver_keeps_card=True,
    ),
]


@pytest.mark.parametrize("variants", HUNG, ids=lambda v: f"{v['card']}-{v['size']}-{v['illegal']}")
def test_the_rule_sets_that_hung_nashpy_give_an_equilibrium(variants):
    assert_equilibrium(ConvoyRules(payoffs="own", **variants))


#: Bribes for the sweep's menus: legal, two legal, illegal goods, a controller card, mixed.
BRIBES = (("legal",), ("legal", "legal"), ("illegal",), ("captain",), ("illegal", "legal"))
MENUS = [()] + [(b,) for b in BRIBES] + list(combinations(BRIBES, 2))


@pytest.mark.parametrize("payoffs", ["own", "race"])
@pytest.mark.parametrize("card", ["lieutenant", "captain", "inspector"])
def test_every_small_rule_set_gives_an_equilibrium(card, payoffs):
    """Every size, illegal count and menu of at most two of five bribes, both waiver rules."""
    checked = 0
    for size in (2, 3, 4):
        for illegal in range(1, size + 1):
            for bribes in MENUS:
                for keeps in (False, True):
                    rules = ConvoyRules(
                        card=card,
                        size=size,
                        illegal=illegal,
                        bribes=bribes,
                        waiver_keeps_card=keeps,
                        payoffs=payoffs,
                    )
                    assert_equilibrium(rules)
                    checked += 1
    assert checked == 9 * len(MENUS) * 2


@pytest.mark.parametrize("p_dirty", ["0", "1/3", "4/5", "1"])
def test_other_chances_of_a_dirty_hand_give_an_equilibrium(p_dirty):
    for bribes in (("legal",), ("legal", "legal")), (("illegal",), ("captain",)):
        assert_equilibrium(
            ConvoyRules(
                card="captain", size=2, illegal=2, bribes=bribes, p_dirty=p_dirty, payoffs="own"
            )
        )


def test_the_exact_lemke_howson_is_an_equilibrium_from_every_label_on_degenerate_games():
    """Small integer games are full of ties; every start must end at an exact equilibrium."""
    import random

    rng = random.Random(24)
    for _ in range(200):
        m, n = rng.randint(1, 5), rng.randint(1, 5)
        a = [[rng.randint(-2, 2) for _ in range(n)] for _ in range(m)]
        b = [[rng.randint(-2, 2) for _ in range(n)] for _ in range(m)]
        for label in range(m + n):
            x, y = lemke_howson(a, b, label)
            assert sum(x) == sum(y) == 1 and min(x) >= 0 and min(y) >= 0
            rows = [sum(a[i][j] * y[j] for j in range(n)) for i in range(m)]
            columns = [sum(x[i] * b[i][j] for i in range(m)) for j in range(n)]
            assert max(rows) == sum(x[i] * rows[i] for i in range(m))  # exact: no regret at all
            assert max(columns) == sum(columns[j] * y[j] for j in range(n))


def test_gambit_finds_no_regret_in_the_exact_lemke_howson_point():
    """A second solver's bookkeeping: Gambit computes the point's regret in its own game."""
    gbt = pytest.importorskip("pygambit")
    np = pytest.importorskip("numpy")
    from prohis_nb.convoy.bots import analysis_game

    for variants in HUNG:
        game = analysis_game(ConvoyRules(payoffs="own", **variants))
        a, b = game.exact_payoff_matrices()
        x, y = lemke_howson(a, b, 0)
        g = gbt.StrategicGame.from_arrays(np.array(a, dtype=object), np.array(b, dtype=object))
        profile = g.mixed_strategy_profile(data=[list(x), list(y)], rational=True)
        assert profile.max_regret() == 0, variants
