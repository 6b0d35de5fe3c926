"""Expected values: should the controller inspect, take the bribe, or waive?

**The belief.** A controller does not see the convoy. What it can reason about
is the pool of cards its seat has not seen (``unseen``: counts by kind, e.g.
from :func:`prohis_nb.bots.beliefs.unseen_cards`). If the smuggler's ``n``
cards are a random draw from that pool, the convoy's make-up follows the
multivariate hypergeometric law:

    P(convoy has x_i cards of kind i) = Π_i C(U_i, x_i) / C(U, n)

(``U_i`` unseen cards of kind ``i``, ``U`` in all). Real smugglers choose their
convoys, so this is the belief of a controller that knows nothing of their
habits: the starting point of the lessons.

**The controller's three values** (in dollars of final score, see
:mod:`~prohis_nb.analysis.payoffs`), for a controller card ``card`` of rank r:

* inspect: ``Σ_x P(x) · [p(x) · confiscate(x) + (1 - p(x)) · (−H(card))]`` with
  ``p(x)`` the catch probability of :mod:`~prohis_nb.analysis.odds`;
* waive: ``W(card) − H(card)`` (or 0 under ``waiver_keeps_card``);
* accept a bribe worth ``b`` dollars in its warehouse: ``b``.

After a rejected bribe the controller *must* inspect, so it should accept any
bribe worth at least the value of inspecting: the **indifference bribe** is
``b* = EV(inspect)``.

**The smuggler's two values** for a known convoy, offering a bribe ``B`` that
the controller accepts with probability ``a`` (and otherwise inspects), against
offering nothing to a controller that then inspects with probability ``q``:

* offer: ``a · (pass − H(B)) + (1 − a) · EV_s(inspected)``
* none: ``q · EV_s(inspected) + (1 − q) · pass``

where ``pass = Σ (W − H)`` over the convoy and ``EV_s(inspected)`` mixes the
passed and confiscated endings by the catch probability.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from itertools import product
from math import comb

from prohis_nb.analysis.odds import catch_probability, rank_of
from prohis_nb.analysis.payoffs import ending_payoff
from prohis_nb.prohis.cards import KINDS

Number = Fraction | float


def convoy_belief(unseen: Mapping[str, int], n: int) -> dict[tuple[int, ...], Fraction]:
    """P(convoy make-up) for ``n`` cards drawn from the ``unseen`` pool (hypergeometric).

    Keys are count vectors in the order of :data:`~prohis_nb.prohis.cards.KINDS`
    (legal, illegal, lieutenant, captain, inspector); the values add up to 1.
    """
    pool = [int(unseen.get(kind, 0)) for kind in KINDS]
    if any(count < 0 for count in pool):
        raise ValueError(f"unseen counts must be ≥ 0, got {dict(unseen)}")
    total = sum(pool)
    if not 1 <= n <= total:
        raise ValueError(f"cannot draw a convoy of {n} cards from {total} unseen cards")
    ways = comb(total, n)
    belief = {}
    for counts in product(*(range(min(c, n) + 1) for c in pool)):
        if sum(counts) != n:
            continue
        weight = 1
        for have, take in zip(pool, counts):
            weight *= comb(have, take)
        if weight:
            belief[counts] = Fraction(weight, ways)
    return belief


def cards_of(counts: Iterable[int]) -> list[str]:
    """A count vector (KINDS order) as a list of kinds."""
    return [kind for kind, count in zip(KINDS, counts) for _ in range(count)]


def _catch(counts: tuple[int, ...], card: str) -> Fraction:
    n = sum(counts)
    return catch_probability(n, counts[1], counts[2] + counts[3] + counts[4], rank_of(card))


def inspection_values(
    counts: Iterable[int] | Iterable[str], card: str
) -> tuple[Fraction, Fraction]:
    """(smuggler, controller) expected payoffs of inspecting one known convoy."""
    counts = _as_counts(counts)
    convoy = cards_of(counts)
    p = _catch(counts, card)
    passed = ending_payoff("passed", convoy, card)
    caught = ending_payoff("confiscated", convoy, card)
    smuggler = p * caught.smuggler + (1 - p) * passed.smuggler
    controller = p * caught.controller + (1 - p) * passed.controller
    return smuggler, controller


def controller_values(
    belief: Mapping[tuple[int, ...], Number],
    card: str,
    bribe_value: Number = 0,
    waiver_keeps_card: bool = False,
) -> dict[str, Number]:
    """The controller's expected payoff of ``inspect``, ``waive`` and ``accept`` (a bribe).

    ``belief``: P(convoy make-up) as from :func:`convoy_belief`; ``bribe_value``:
    what the bribe is worth in the controller's warehouse, in dollars.
    """
    inspect = sum(p * inspection_values(counts, card)[1] for counts, p in belief.items())
    waive = ending_payoff("waived", [], card, waiver_keeps_card=waiver_keeps_card).controller
    return {"inspect": inspect, "waive": waive, "accept": bribe_value}


def indifference_bribe(belief: Mapping[tuple[int, ...], Number], card: str) -> Number:
    """The bribe value ``b*`` at which accepting is worth exactly as much as inspecting."""
    return controller_values(belief, card)["inspect"]


def smuggler_values(
    convoy: Iterable[str],
    card: str,
    bribe: Iterable[str],
    accept_probability: Number,
    inspect_probability: Number = 1,
) -> dict[str, Number]:
    """The smuggler's expected payoff of offering ``bribe`` versus offering ``none``.

    ``accept_probability``: how likely the controller takes the bribe (it must
    inspect otherwise); ``inspect_probability``: how likely it inspects when
    offered nothing (it waives otherwise).
    """
    convoy = list(convoy)
    for name, value in (("accept", accept_probability), ("inspect", inspect_probability)):
        if not 0 <= value <= 1:
            raise ValueError(f"{name}_probability must be between 0 and 1, got {value}")
    inspected, _ = inspection_values(convoy, card)
    passes = ending_payoff("uncontrolled", convoy).smuggler
    paid = ending_payoff("accepted", convoy, card, bribe).smuggler
    a, q = accept_probability, inspect_probability
    return {
        "offer": a * paid + (1 - a) * inspected,
        "none": q * inspected + (1 - q) * passes,
    }


def _as_counts(cards_or_counts) -> tuple[int, ...]:
    items = list(cards_or_counts)
    if items and isinstance(items[0], str):
        return tuple(items.count(kind) for kind in KINDS)
    if len(items) != len(KINDS):
        raise ValueError(f"a convoy is a list of kinds or 5 counts ({', '.join(KINDS)})")
    return tuple(int(x) for x in items)
