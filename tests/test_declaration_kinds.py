"""Lesson 11's table of how declarers lie: the stored ranges are what solving again gives.

The kinds are checked against their definition by hand on a few hands; the
kinds of every (hand, declaration) pair cover it exactly once; the stored
ranges are solved again over every equilibrium; and in the solver's own
equilibrium (one point of the set) each kind's share lies inside its range.
"""

from __future__ import annotations

import pytest

from prohis_nb import declaration_kinds as kinds
from prohis_nb.analysis.signalling import HandType, declaration_equilibrium


@pytest.mark.parametrize(
    ("goods", "bag", "declared", "kind"),
    [
        (("watch",), False, ("watch",), "the complete truth"),
        (("watch",), False, (), "hides everything (declares nothing)"),
        (("crown",), False, ("wine",), "under-declares (names cheaper goods)"),
        (("wine",), False, ("crown",), "over-declares"),
        (("wine",), True, "immunity", "claims immunity with the Bag"),
        ((), False, "immunity", "claims immunity without it"),
    ],
)
def test_a_declaration_is_of_the_kind_its_definition_says(goods, bag, declared, kind):
    eq = declaration_equilibrium()
    weights = kinds.kind_weights(eq)
    i = eq.types.index(HandType(goods, bag))
    j = eq.declarations.index(declared)
    assert [k for k, w in weights.items() if w[i, j] == 1] == [kind]


def test_every_pair_is_of_exactly_one_kind_listed_in_the_lessons_order():
    eq = declaration_equilibrium()
    weights = kinds.kind_weights(eq)
    assert tuple(weights) == kinds.KINDS
    assert (sum(weights.values()) == 1).all()


def test_the_stored_ranges_are_what_solving_again_gives():
    stored, solved = kinds.kind_ranges(), kinds.solve_kind_ranges()
    assert set(stored) == set(solved)
    for kind, (low, high) in solved.items():
        assert stored[kind] == pytest.approx((low, high), abs=1e-9), kind


def test_the_solvers_own_equilibrium_lies_inside_every_range_and_the_shares_add_up():
    eq = declaration_equilibrium()
    shares = {
        kind: float((eq.probability[:, None] * eq.strategy * weights).sum())
        for kind, weights in kinds.kind_weights(eq).items()
    }
    assert sum(shares.values()) == pytest.approx(1)
    for kind, (low, high) in kinds.kind_ranges().items():
        assert low - 1e-9 <= shares[kind] <= high + 1e-9, kind
