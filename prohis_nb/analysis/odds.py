"""The odds of an inspection: how likely is a controller to catch a convoy?

A controller of rank ``r`` (lieutenant 1, captain 2, inspector 3) inspects a
face-down convoy of ``n`` cards holding ``k`` illegal cards, ``c`` controller
cards and ``L = n - k - c`` legal ones. It turns ``m = min(r, n)`` cards, one
at a time. The smuggler's order tells it nothing, so each card it turns is a
uniformly random face-down card: the turned cards are the first ``m`` cards of
a random ordering of the convoy. The inspection stops at the first illegal
card (caught) or the first controller card (the convoy passes).

**Closed form.** Call illegal and controller cards *stoppers*. By symmetry, the
first stopper in a random order is illegal with probability ``k / (k + c)``.
The inspection meets a stopper at all unless its ``m`` cards are all legal,
which happens with probability ``C(L, m) / C(n, m)``. So

    P(caught) = k / (k + c) * (1 - C(L, m) / C(n, m))     (0 when k = 0)

**Card by card.** The inspection ends *at card j* when the first ``j - 1``
turned cards are legal and the ``j``-th is a stopper:

    P(caught at card j)  = L!/(L-j+1)! * (n-j)!/n! * k      = (L)_(j-1) * k / (n)_j
    P(stopped at card j) = (L)_(j-1) * c / (n)_j
    P(all m turned cards legal) = C(L, m) / C(n, m)

with ``(x)_j = x (x-1) ... (x-j+1)`` the falling factorial (``j`` factors).

Worked example: a captain (m = 2) on a convoy of 3 cards with 1 illegal and
2 legal: ``1/1 * (1 - C(2,2)/C(3,2)) = 1 - 1/3 = 2/3``; card by card,
caught at card 1 with probability 1/3, at card 2 with ``2 * 1 / (3 * 2) = 1/3``.

:func:`catch_probability_by_enumeration` and
:func:`inspection_endings_by_enumeration` check both by listing orderings.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import permutations
from math import comb, perm

from prohis_nb.prohis.cards import RANK

#: Rank of each controller card (from :mod:`prohis_nb.prohis.cards`).
RANKS = RANK
#: The three ways an inspection ends.
OUTCOMES = ("caught", "stopped", "clean")


def _check(n: int, k: int, c: int, rank: int) -> None:
    if rank not in RANK.values():
        raise ValueError(
            f"rank is 1 (lieutenant), 2 (captain) or 3 (inspector), got {rank!r}; "
            f"or give the card's name, one of {list(RANK)}"
        )
    if n < 1 or k < 0 or c < 0 or k + c > n:
        raise ValueError(f"need n >= 1 and 0 <= k, c with k + c <= n; got n={n}, k={k}, c={c}")


def rank_of(card: str | int) -> int:
    """Rank of a controller card, by name (``"captain"``) or already as a number."""
    if isinstance(card, int) and not isinstance(card, bool):
        return card
    if isinstance(card, str) and card in RANK:
        return RANK[card]
    raise ValueError(f"{card!r} is not a controller card; they are {list(RANK)}")


@dataclass(frozen=True, order=True)
class InspectionEnd:
    """How one inspection ended: ``outcome`` after turning ``turned`` cards.

    ``outcome`` is ``"caught"`` (the last turned card was illegal: confiscation),
    ``"stopped"`` (it was a controller card: the convoy passes) or ``"clean"``
    (all ``turned`` cards were legal: the convoy passes).

    >>> str(InspectionEnd("caught", 2))
    'caught at card 2'
    """

    outcome: str
    turned: int

    def __post_init__(self) -> None:
        if self.outcome not in OUTCOMES:
            raise ValueError(f"outcome is one of {OUTCOMES}, got {self.outcome!r}")
        if not 1 <= self.turned <= 3:
            raise ValueError(f"an inspection turns 1 to 3 cards, got {self.turned}")

    @property
    def passes(self) -> bool:
        """True when the convoy gets through (stopped by a controller card, or clean)."""
        return self.outcome != "caught"

    def __str__(self) -> str:
        if self.outcome == "clean":
            return f"clean after {self.turned} legal card{'s' if self.turned > 1 else ''}"
        return f"{self.outcome} at card {self.turned}"


@cache
def catch_probability(n: int, k: int, c: int, rank: int | str) -> Fraction:
    """Exact probability that the controller finds an illegal card.

    ``P(caught) = k/(k+c) · (1 − C(n−k−c, m) / C(n, m))`` with ``m = min(rank, n)``.

    >>> catch_probability(3, 1, 0, "captain")
    Fraction(2, 3)
    """
    rank = rank_of(rank)
    _check(n, k, c, rank)
    if k == 0:
        return Fraction(0)
    m = min(rank, n)
    meets_a_stopper = 1 - Fraction(comb(n - k - c, m), comb(n, m))
    return Fraction(k, k + c) * meets_a_stopper


def inspection_endings(n: int, k: int, c: int, rank: int | str) -> dict[InspectionEnd, Fraction]:
    """P(each way the inspection can end), card by card (closed form above).

    Keys are :class:`InspectionEnd` values with a non-zero probability; they add up to 1.

    >>> for end, p in inspection_endings(3, 1, 0, "captain").items():
    ...     print(end, p)
    caught at card 1 1/3
    caught at card 2 1/3
    clean after 2 legal cards 1/3
    """
    rank = rank_of(rank)
    _check(n, k, c, rank)
    m = min(rank, n)
    legal = n - k - c
    endings: dict[InspectionEnd, Fraction] = {}
    for j in range(1, m + 1):
        ways_to_reach = perm(legal, j - 1)  # the first j - 1 turned cards are legal
        for outcome, stoppers in (("caught", k), ("stopped", c)):
            p = Fraction(ways_to_reach * stoppers, perm(n, j))
            if p:
                endings[InspectionEnd(outcome, j)] = p
    clean = Fraction(comb(legal, m), comb(n, m))
    if clean:
        endings[InspectionEnd("clean", m)] = clean
    return endings


def inspection_endings_by_enumeration(
    n: int, k: int, c: int, rank: int | str
) -> dict[InspectionEnd, Fraction]:
    """The same distribution, by listing the *distinct* orderings of the convoy's multiset.

    Every distinct ordering of ``k`` illegal, ``c`` controller and ``L`` legal
    cards is equally likely (each stands for ``k! c! L!`` orderings of the
    individual cards), so counting distinct orderings is enough.
    """
    rank = rank_of(rank)
    _check(n, k, c, rank)
    m = min(rank, n)
    cards = "i" * k + "c" * c + "l" * (n - k - c)
    orders = set(permutations(cards))
    tally: Counter[InspectionEnd] = Counter()
    for order in orders:
        end = InspectionEnd("clean", m)
        for j, card in enumerate(order[:m], start=1):
            if card != "l":
                end = InspectionEnd("caught" if card == "i" else "stopped", j)
                break
        tally[end] += 1
    return {end: Fraction(count, len(orders)) for end, count in sorted(tally.items())}


def ending_distribution(n: int, k: int, c: int, rank: int | str) -> dict[str, Fraction]:
    """How an inspection ends, whatever the card: ``caught``, ``stopped`` or ``clean``.

    ``stopped``: a controller card was turned; ``clean``: every turned card was
    legal. The three add up to 1 (sums of :func:`inspection_endings`).
    """
    totals = dict.fromkeys(OUTCOMES, Fraction(0))
    for end, p in inspection_endings(n, k, c, rank).items():
        totals[end.outcome] += p
    return totals


def catch_probability_by_enumeration(n: int, k: int, c: int, rank: int | str) -> Fraction:
    """The same probability, by turning the first ``m`` cards of every ordering of the convoy.

    Slow (n! orderings of the individual cards) but obviously right: the
    independent check of the closed form.
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
        for rank in sorted(RANK.values())
    }
