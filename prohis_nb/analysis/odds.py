"""The odds of an inspection: how likely is a controller to catch a convoy?

A controller of rank ``r`` (lieutenant 1, captain 2, inspector 3) inspects a
face-down convoy of ``n`` cards holding ``k`` illegal cards, ``c`` controller
cards and ``n - k - c`` legal ones. It turns ``m = min(r, n)`` cards, one at a
time. The smuggler's order tells it nothing, so each card it turns is a
uniformly random face-down card: the turned cards are the first ``m`` cards of
a random ordering of the convoy. The inspection stops at the first illegal
card (caught) or the first controller card (the convoy passes).

**Closed form.** Call illegal and controller cards *stoppers*. By symmetry, the
first stopper in a random order is illegal with probability ``k / (k + c)``.
The inspection meets a stopper at all unless its ``m`` cards are all legal,
which happens with probability ``C(n-k-c, m) / C(n, m)``. So

    P(caught) = k / (k + c) * (1 - C(n-k-c, m) / C(n, m))     (0 when k = 0)

Worked example: a captain (m = 2) on a convoy of 3 cards with 1 illegal and
2 legal: ``1/1 * (1 - C(2,2)/C(3,2)) = 1 - 1/3 = 2/3``.

:func:`catch_probability_by_enumeration` checks it by listing every ordering.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import permutations
from math import comb

RANKS = {"lieutenant": 1, "captain": 2, "inspector": 3}


def _check(n: int, k: int, c: int, rank: int) -> None:
    if not 1 <= rank <= 3:
        raise ValueError(f"rank is 1 (lieutenant), 2 (captain) or 3 (inspector), got {rank}")
    if n < 1 or k < 0 or c < 0 or k + c > n:
        raise ValueError(f"need n >= 1 and 0 <= k, c with k + c <= n; got n={n}, k={k}, c={c}")


def rank_of(card: str | int) -> int:
    """Rank of a controller card, by name (``"captain"``) or already as a number."""
    if isinstance(card, int):
        return card
    try:
        return RANKS[card]
    except KeyError:
        raise ValueError(f"{card!r} is not a controller card; they are {list(RANKS)}") from None


@cache
def catch_probability(n: int, k: int, c: int, rank: int | str) -> Fraction:
    """Exact probability that the controller finds an illegal card (closed form above)."""
    rank = rank_of(rank)
    _check(n, k, c, rank)
    if k == 0:
        return Fraction(0)
    m = min(rank, n)
    meets_a_stopper = 1 - Fraction(comb(n - k - c, m), comb(n, m))
    return Fraction(k, k + c) * meets_a_stopper


def ending_distribution(n: int, k: int, c: int, rank: int | str) -> dict[str, Fraction]:
    """How an inspection ends: ``caught``, ``stopped`` (a controller card turned) or ``clean``.

    ``clean`` means every turned card was legal. The three add up to 1.
    """
    rank = rank_of(rank)
    _check(n, k, c, rank)
    m = min(rank, n)
    clean = Fraction(comb(n - k - c, m), comb(n, m))
    caught = catch_probability(n, k, c, rank)
    return {"caught": caught, "stopped": 1 - clean - caught, "clean": clean}


def catch_probability_by_enumeration(n: int, k: int, c: int, rank: int | str) -> Fraction:
    """The same probability, by turning the first ``m`` cards of every ordering of the convoy.

    Slow (n! orderings) but obviously right: the independent check of the closed form.
    """
    rank = rank_of(rank)
    _check(n, k, c, rank)
    cards = ["illegal"] * k + ["controller"] * c + ["legal"] * (n - k - c)
    m = min(rank, n)
    caught = total = 0
    for order in permutations(range(n)):
        total += 1
        for position in order[:m]:
            if cards[position] == "illegal":
                caught += 1
                break
            if cards[position] == "controller":
                break
    return Fraction(caught, total)


def catch_table(max_size: int = 4) -> dict[tuple[int, int, int, int], Fraction]:
    """Every catch probability for convoys of 2..``max_size`` cards: key ``(n, k, c, rank)``."""
    return {
        (n, k, c, rank): catch_probability(n, k, c, rank)
        for n in range(2, max_size + 1)
        for k in range(n + 1)
        for c in range(n - k + 1)
        for rank in (1, 2, 3)
    }
