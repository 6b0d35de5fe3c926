"""Both payoff conventions of the convoy game, solved completely, checked by hand and by Gambit.

* ``convoy_payoffs`` is the payoff table of docs/rules.md under each convention
  (numbers written here from the scoring table, not by the module).
* Own money: a dirty hand's honest convoy is strictly dominated under every
  answer (the three pairs of the issue, computed here), so no equilibrium
  baits; the exact extreme equilibria say so, and Gambit's ``enummixed``
  finds the same set of extreme equilibria.
* Race: the exact enumeration's bait and inspection ranges equal
  ``equilibrium_sets``' (behaviour corners, another method).
* The weight on the rival's gain where baiting stops being dominated: 1/4,
  by hand; at exactly 1/4 it is weakly dominated (equal only when inspected).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from prohis_nb.analysis.bimatrix import extreme_equilibria as enumerate_equilibria
from prohis_nb.analysis.convoy_game import ConvoyGame, bait_dominance, bait_dominance_weight
from prohis_nb.analysis.payoffs import convoy_payoffs


def test_convoy_payoffs_under_each_convention():
    three_legal = ["legal"] * 3
    # own money, from the scoring table: a legal card +1,000 stored, 0 in hand; the captain
    # 4,000 stored, 2,000 in hand
    own = convoy_payoffs("own_money")
    assert own("passed", three_legal, "captain") == (3_000 + 2_000, -2_000)
    assert own("waived", three_legal, "captain") == (3_000, 4_000 - 2_000)
    assert own("accepted", three_legal, "captain", ["legal"]) == (3_000, 1_000)
    race = convoy_payoffs("race")
    for ending in ("passed", "waived", "accepted"):
        s, c = own(ending, three_legal, "captain", ["legal"] if ending == "accepted" else ())
        assert race(ending, three_legal, "captain", ["legal"] if ending == "accepted" else ()) == (
            s - c,
            c - s,
        )
    with pytest.raises(ValueError, match="race"):
        convoy_payoffs("money")


def test_own_money_a_dirty_hands_honest_convoy_is_strictly_dominated():
    game = ConvoyGame(convention="own_money")
    p_caught = Fraction(2, 3)  # a captain turns 2 of 3 cards, one of them illegal
    by_hand = {
        # (honest, dirty) smuggler money: accepted, inspected, waived
        "accept": (3_000, 8_000 + 2_000),
        "inspect": (3_000 + 2_000, p_caught * 4_000 + (1 - p_caught) * (10_000 + 2_000)),
        "waive": (3_000, 10_000),
    }
    for answer, (honest, dirty) in by_hand.items():
        offer = "no bribe" if answer in ("inspect", "waive") else "bribe"
        got_h = game.convention_payoffs("honest", offer, answer)[0]
        got_d = game.convention_payoffs("dirty", offer, answer)[0]
        assert (got_h, got_d) == (honest, dirty) and honest < dirty
    found = enumerate_equilibria(*game.exact_payoff_matrices())
    assert found
    rows = game.smuggler_strategies()
    for x, _ in found:
        assert sum(v for v, ((load, _), _) in zip(x, rows) if load == "honest") == 0


def _by_label(pair):
    return int(pair[0])


def test_gambit_enummixed_finds_the_same_extreme_equilibria():
    gbt = pytest.importorskip("pygambit")
    import numpy as np

    for convention in ("own_money", "race"):
        game = ConvoyGame(convention=convention)
        a, b = game.exact_payoff_matrices()
        ours = {(tuple(x), tuple(y)) for x, y in enumerate_equilibria(a, b)}
        # pygambit 17: StrategicGame.from_arrays; players and strategies are labelled "1",
        # "2", ... in the arrays' order, and a profile gives each player's (label, prob) pairs
        g = gbt.StrategicGame.from_arrays(
            np.array(a, dtype=object), np.array(b, dtype=object), title=convention
        )
        result = gbt.nash.enummixed_solve(g, rational=True)
        assert result.success
        theirs = set()
        for profile in result.equilibria:
            x, y = (
                tuple(Fraction(str(prob)) for _, prob in sorted(profile[player], key=_by_label))
                for player in ("1", "2")
            )
            assert len(x) == len(a) and len(y) == len(a[0])
            theirs.add((x, y))
        assert ours == theirs, convention


def test_in_the_race_the_enumeration_agrees_with_the_behaviour_corners():
    from prohis_nb.analysis.equilibrium import extreme_equilibria
    from prohis_nb.analysis.equilibrium_sets import equilibrium_set

    for p in (0.3, 0.5, 0.9):
        game = ConvoyGame(p_dirty=p)
        corners = equilibrium_set(game)
        found = extreme_equilibria(game)
        baits = [e.dirty_hand_sends_honest for e in found]
        inspects = [e.inspect_rate for e in found]
        assert min(baits) == pytest.approx(float(corners.bait_range[0]))
        assert max(baits) == pytest.approx(float(corners.bait_range[1]))
        assert min(inspects) == pytest.approx(float(corners.inspect_range[0]))
        assert max(inspects) == pytest.approx(float(corners.inspect_range[1]))
        assert {round(e.smuggler_value, 6) for e in found} == {round(float(corners.value), 6)}


def test_baiting_is_dominated_below_a_quarter_of_the_rivals_gain():
    # inspected: honest 5,000 own / −2,000 controller; dirty 20,000/3 own / 14,000/3 controller;
    # dominated while w (14,000/3 + 2,000) < 20,000/3 − 5,000, i.e. w < 1/4
    w = (Fraction(20_000, 3) - 5_000) / (Fraction(14_000, 3) + 2_000)
    assert bait_dominance_weight() == w == Fraction(1, 4)


# Own money per answer of one convoy (smuggler, controller), written here by hand from the
# scoring table: honest convoy / dirty convoy, both with the same offer.
_OWN = {
    "accept": ((3_000, 1_000), (10_000, 1_000)),
    "inspect": ((5_000, -2_000), (Fraction(20_000, 3), Fraction(14_000, 3))),
    "waive": ((3_000, 2_000), (10_000, 2_000)),
}


def _by_hand(weight: Fraction) -> str:
    gaps = [(sd - weight * cd) - (sh - weight * ch) for (sh, ch), (sd, cd) in _OWN.values()]
    if all(g > 0 for g in gaps):
        return "strictly dominated"
    return "weakly dominated" if all(g >= 0 for g in gaps) else "not dominated"


@pytest.mark.parametrize("players", range(3, 8))
def test_baiting_at_a_table_of_n_is_dominated_strictly_weakly_or_not_as_by_hand(players):
    weight = Fraction(1, players - 1)
    assert bait_dominance(weight) == _by_hand(weight)


def test_at_exactly_a_quarter_baiting_is_weakly_dominated():
    # at w = 1/4, inspected: honest 5,000 + 500 = 5,500, dirty 20,000/3 − 14,000/12 = 5,500
    assert _by_hand(Fraction(1, 4)) == "weakly dominated"
    assert bait_dominance(Fraction(1, 4)) == "weakly dominated"
    assert bait_dominance(Fraction(1, 5)) == "strictly dominated"
    assert bait_dominance(Fraction(1, 3)) == "not dominated"
