"""Every number of prohis_nb.analysis against an independent computation.

Closed forms against enumeration, payoffs against the engine's own scores,
beliefs against listing every hand, equilibria against best-response checks,
and the solver against textbook values (the 2x2 inspection game, Kuhn poker).
"""

from fractions import Fraction
from itertools import combinations, permutations

import numpy as np
import pytest
from helpers.convoys import CASES

from prohis_nb import ProhisGame, ProhisRules
from prohis_nb.analysis import (
    catch_probability,
    catch_probability_by_enumeration,
    catch_table,
    controller_values,
    convoy_belief,
    ending_distribution,
    ending_payoff,
    indifference_bribe,
    inspection_values,
    smuggler_values,
)
from prohis_nb.analysis.equilibrium import (
    CONTROLLER_PLANS,
    ConvoyGame,
    inspection_game,
    kuhn_poker_value,
    mixed_2x2,
    solve_convoy_game,
)
from prohis_nb.prohis.cards import KINDS


@pytest.mark.parametrize(("n", "k", "c", "r"), CASES)
def test_catch_probability_closed_form_equals_enumeration(n, k, c, r):
    assert catch_probability(n, k, c, r) == catch_probability_by_enumeration(n, k, c, r)


def test_a_worked_example_from_the_docs():
    assert catch_probability(3, 1, 0, "captain") == Fraction(2, 3)
    assert catch_probability(4, 1, 1, "lieutenant") == Fraction(1, 4)


@pytest.mark.parametrize(("n", "k", "c", "r"), CASES)
def test_endings_add_up_and_clean_means_only_legal_turned(n, k, c, r):
    ends = ending_distribution(n, k, c, r)
    assert sum(ends.values()) == 1
    m = min(r, n)
    orders = list(permutations(["i"] * k + ["c"] * c + ["l"] * (n - k - c)))
    clean = Fraction(sum(all(x == "l" for x in o[:m]) for o in orders), len(orders))
    assert ends["clean"] == clean


def test_the_full_table_covers_every_convoy():
    table = catch_table()
    assert len(table) == sum(3 * (n + 1) * (n + 2) // 2 for n in range(2, 5))
    assert all(0 <= p <= 1 for p in table.values())


def test_bad_inputs_are_refused():
    with pytest.raises(ValueError, match="rank"):
        catch_probability(3, 1, 0, 4)
    with pytest.raises(ValueError, match="k \\+ c <= n"):
        catch_probability(2, 2, 1, 1)
    with pytest.raises(ValueError, match="not a controller card"):
        catch_probability(2, 1, 0, "legal")


# ---------------------------------------------------------------- payoffs against the engine


def score_change(convoy, card, ending, bribe=()):
    """Play one convoy through the engine (seat 0 smuggles, seat 1 controls); score deltas."""
    rules = ProhisRules(players=3)
    extra = ["legal", "legal"]
    hands = [list(convoy) + list(bribe) + extra, [card], []]
    remaining = dict(rules.deck_counts())
    for c in [x for h in hands for x in h] + ["legal"] * 4:
        remaining[c] -= 1
    pile = [kind for kind in KINDS for _ in range(remaining[kind])]
    game = ProhisGame(rules, table={"first": 0, "hands": hands, "row": ["legal"] * 4, "pile": pile})
    before = game.scores()
    game.apply({"seat": 0, "act": "convoy", "cards": list(convoy)})
    if ending == "uncontrolled":
        game.apply({"seat": 1, "act": "decline"})
    else:
        game.apply({"seat": 1, "act": "control", "card": card})
        if ending == "accepted":
            game.apply({"seat": 0, "act": "bribe", "cards": list(bribe)})
            game.apply({"seat": 1, "act": "accept"})
        elif ending == "waived":
            game.apply({"seat": 0, "act": "no_bribe"})
            game.apply({"seat": 1, "act": "waive"})
        else:
            game.apply({"seat": 0, "act": "no_bribe"})
            game.apply({"seat": 1, "act": "inspect"})
            order = sorted(range(len(convoy)), key=lambda i: convoy[i] != "illegal")
            if ending == "passed":
                order = sorted(range(len(convoy)), key=lambda i: convoy[i] == "illegal")
            for position in order:
                if game.decision is None or game.decision.kind != "inspection":
                    break
                game.apply({"seat": 1, "act": "turn", "position": position})
    after = game.scores()
    return after[0] - before[0], after[1] - before[1]


@pytest.mark.parametrize(
    ("ending", "convoy", "card", "bribe"),
    [
        ("uncontrolled", ("illegal", "legal", "captain"), "captain", ()),
        ("waived", ("illegal", "illegal"), "inspector", ()),
        ("accepted", ("illegal", "lieutenant"), "captain", ("legal", "illegal")),
        ("passed", ("legal", "legal", "illegal"), "lieutenant", ()),
        ("confiscated", ("illegal", "legal", "inspector"), "inspector", ()),
    ],
)
def test_payoffs_equal_the_engines_score_changes(ending, convoy, card, bribe):
    assert tuple(ending_payoff(ending, convoy, card, bribe)) == score_change(
        convoy, card, ending, bribe
    )


def test_waiver_keeps_card_variant_costs_the_controller_nothing():
    assert ending_payoff("waived", ["legal"], "captain", waiver_keeps_card=True).controller == 0


# ---------------------------------------------------------------- beliefs and values


def test_belief_equals_counting_every_possible_hand():
    pool = {"legal": 4, "illegal": 2, "lieutenant": 1, "captain": 1}
    cards = [kind for kind, count in pool.items() for _ in range(count)]
    listed = {}
    hands = list(combinations(range(len(cards)), 3))
    for hand in hands:
        key = tuple(sum(cards[i] == kind for i in hand) for kind in KINDS)
        listed[key] = listed.get(key, 0) + Fraction(1, len(hands))
    assert convoy_belief(pool, 3) == listed


def test_inspection_value_equals_averaging_every_turn_order():
    convoy = ["illegal", "legal", "captain", "legal"]
    for card, m in (("lieutenant", 1), ("captain", 2), ("inspector", 3)):
        total = Fraction(0)
        orders = list(permutations(range(4)))
        for order in orders:
            ending = "passed"
            for position in order[:m]:
                if convoy[position] == "illegal":
                    ending = "confiscated"
                    break
                if convoy[position] != "legal":
                    break
            total += ending_payoff(ending, convoy, card).controller
        assert inspection_values(convoy, card)[1] == total / len(orders)


def test_the_indifference_bribe_makes_accepting_worth_inspecting():
    belief = convoy_belief({"legal": 20, "illegal": 10, "lieutenant": 3}, 3)
    b = indifference_bribe(belief, "captain")
    values = controller_values(belief, "captain", bribe_value=b)
    assert values["accept"] == values["inspect"]
    assert controller_values(belief, "captain", bribe_value=b + 1)["accept"] > values["inspect"]


def test_smuggler_values_at_the_extremes():
    convoy, card, bribe = ["illegal", "legal"], "captain", ["legal"]
    sure = smuggler_values(convoy, card, bribe, accept_probability=1, inspect_probability=0)
    assert sure["offer"] == ending_payoff("accepted", convoy, card, bribe).smuggler
    assert sure["none"] == ending_payoff("uncontrolled", convoy).smuggler
    never = smuggler_values(convoy, card, bribe, accept_probability=0, inspect_probability=1)
    assert never["offer"] == never["none"] == inspection_values(convoy, card)[0]
    with pytest.raises(ValueError, match="between 0 and 1"):
        smuggler_values(convoy, card, bribe, accept_probability=2)


# ---------------------------------------------------------------- equilibria


def test_the_2x2_inspection_game_closed_form_matches_the_solver():
    import nashpy

    inspectee, inspector = inspection_game(gain=3, fine=5, cost=1, loss=2)
    p, q = mixed_2x2(inspectee, inspector)
    # closed form of the textbook game: cheat with probability cost/(fine + loss),
    # inspect with probability gain/(gain + fine)
    assert 1 - p == Fraction(1, 7) and q == Fraction(3, 8)
    equilibria = list(nashpy.Game(np.array(inspectee), np.array(inspector)).support_enumeration())
    assert len(equilibria) == 1
    rows, columns = equilibria[0]
    assert rows[0] == pytest.approx(float(p)) and columns[0] == pytest.approx(float(q))


def test_kuhn_poker_is_worth_minus_one_eighteenth_to_the_first_player():
    assert kuhn_poker_value() == pytest.approx(-1 / 18, abs=1e-9)


@pytest.mark.parametrize(
    "game",
    [
        ConvoyGame(),
        ConvoyGame(card="inspector", size=4, illegal=2, bribe=("legal", "legal"), p_dirty=0.7),
        ConvoyGame(card="lieutenant", size=2, p_dirty=0.3),
    ],
)
def test_the_convoy_equilibrium_leaves_no_profitable_deviation(game):
    eq = solve_convoy_game(game)
    a, b = game.payoff_matrices()
    s, c = eq.smuggler, eq.controller
    assert s.sum() == pytest.approx(1) and c.sum() == pytest.approx(1)
    value_s, value_c = s @ a @ c, s @ b @ c
    assert (a @ c).max() <= value_s + 1e-6  # no smuggler strategy does better
    assert (s @ b).max() <= value_c + 1e-6  # no controller plan does better
    assert 0 <= eq.inspect_rate <= 1 and 0 <= eq.honest_share <= 1
    assert "honest convoy" in eq.summary()


def test_the_payoff_matrix_is_built_from_the_payoffs():
    game = ConvoyGame(card="captain", size=2, p_dirty=1.0, zero_sum=False)
    a, b = game.payoff_matrices()
    rows = game.smuggler_strategies()
    i = rows.index((("dirty", "no bribe"), "no bribe"))
    j = CONTROLLER_PLANS.index(("accept", "waive"))
    waived = ending_payoff("waived", ["illegal", "legal"], "captain")
    assert (a[i, j], b[i, j]) == (waived.smuggler, waived.controller)


def test_impossible_games_are_refused():
    with pytest.raises(ValueError, match="2 to 4 cards"):
        ConvoyGame(size=5)
    with pytest.raises(ValueError, match="probability"):
        ConvoyGame(p_dirty=1.5)
