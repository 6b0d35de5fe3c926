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

**A second model: the convoy comes from the smuggler's hand.** The pool above
mixes the smuggler's hand with the pile and the other hands. A controller that
remembers what it knows of the smuggler's *hand* (its captain and inspector,
dealt in the open) can instead suppose the hand is those known cards plus
unknown cards drawn from the pool, and the convoy ``n`` cards of that hand
taken at random (:func:`hand_convoy_belief`). Known controller cards in the
hand make a controller card in the convoy far likelier, which stops
inspections: in lesson 4 this halves b*. Which model fits depends on how the
smuggler chooses; neither describes a smuggler who chooses on purpose (that is
the convoy game of lesson 5).

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

from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import product
from math import comb, lcm
from typing import Any

from prohis_nb.analysis.odds import catch_probability, rank_of
from prohis_nb.analysis.payoffs import ending_payoff, warehouse_value
from prohis_nb.prohis.cards import CONTROLLER_KINDS, KINDS

Number = Fraction | float


def convoy_belief(unseen: Mapping[str, int], n: int) -> dict[tuple[int, ...], Fraction]:
    """P(convoy make-up) for ``n`` cards drawn from the ``unseen`` pool (hypergeometric).

    ``P(x) = Π_i C(U_i, x_i) / C(U, n)``. Keys are count vectors in the order of
    :data:`~prohis_nb.prohis.cards.KINDS` (legal, illegal, lieutenant, captain,
    inspector): the three controller ranks stay apart, since each scores
    differently. The values add up to 1.

    >>> belief = convoy_belief({"legal": 6, "illegal": 3, "lieutenant": 1}, 2)
    >>> belief[(1, 1, 0, 0, 0)]  # one legal and one illegal: 6 * 3 / C(10, 2)
    Fraction(2, 5)
    """
    unknown = sorted(set(unseen) - set(KINDS))
    if unknown:
        raise ValueError(f"unknown card kind(s) {unknown} in unseen; the kinds are {list(KINDS)}")
    pool = [unseen.get(kind, 0) for kind in KINDS]
    if any(isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in pool):
        raise ValueError(f"unseen counts must be whole numbers ≥ 0, got {dict(unseen)}")
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


def hand_convoy_belief(
    known: Mapping[str, int], unknown: int, pool: Mapping[str, int], n: int
) -> dict[tuple[int, ...], Fraction]:
    """P(convoy make-up) when the convoy is ``n`` random cards of the smuggler's hand.

    The hand holds the ``known`` cards (counts by kind, e.g. the captain and
    inspector every seat is dealt in the open) and ``unknown`` more cards drawn
    without replacement from ``pool`` (counts by kind). Summing over the hand's
    possible make-ups ``h``::

        P(x) = Σ_h P(h) · Π_i C(h_i, x_i) / C(|h|, n)

    (two hypergeometric draws: the hand from the pool, the convoy from the hand).

    >>> belief = hand_convoy_belief({"captain": 1, "inspector": 1}, 0, {}, 2)
    >>> belief[(0, 0, 0, 1, 1)]  # the hand is exactly a captain and an inspector
    Fraction(1, 1)
    """
    unknown_kinds = sorted((set(known) | set(pool)) - set(KINDS))
    if unknown_kinds:
        raise ValueError(f"unknown card kind(s) {unknown_kinds}; the kinds are {list(KINDS)}")
    size = sum(known.values()) + unknown
    if isinstance(unknown, bool) or not isinstance(unknown, int) or unknown < 0:
        raise ValueError(f"unknown (hand cards not known) is a whole number ≥ 0, got {unknown!r}")
    if not 1 <= n <= size:
        raise ValueError(f"cannot take a convoy of {n} cards from a hand of {size} cards")
    hands = convoy_belief(pool, unknown) if unknown else {(0,) * len(KINDS): Fraction(1)}
    base = [known.get(kind, 0) for kind in KINDS]
    belief: dict[tuple[int, ...], Fraction] = {}
    for drawn, p_hand in hands.items():
        hand = {kind: b + d for kind, b, d in zip(KINDS, base, drawn)}
        for counts, p in convoy_belief(hand, n).items():
            belief[counts] = belief.get(counts, Fraction(0)) + p_hand * p
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
    """(smuggler, controller) expected payoffs of inspecting one known convoy.

    ``p · confiscated + (1 − p) · passed`` for each side, ``p`` the catch probability.

    >>> inspection_values(["illegal", "legal"], "captain")  # caught for sure: a captain turns both
    (Fraction(4000, 1), Fraction(7000, 1))
    """
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
    bribe: Iterable[str] = (),
) -> dict[str, Number]:
    """The controller's expected payoff of ``inspect``, ``waive`` and ``accept`` (a bribe).

    ``belief``: P(convoy make-up) as from :func:`convoy_belief`. The bribe is
    either ``bribe_value``, what it is worth in the controller's warehouse in
    dollars, or ``bribe``, its cards (then ``accept = Σ W(bribe)``).

    * ``inspect = Σ_x P(x) · [p(x) · confiscated(x) + (1 − p(x)) · (−H(card))]``
    * ``waive = W(card) − H(card)`` (0 under ``waiver_keeps_card``)
    * ``accept = b``

    >>> belief = convoy_belief({"legal": 6, "illegal": 3, "lieutenant": 1}, 2)
    >>> values = controller_values(belief, "captain", bribe=["legal", "legal"])
    >>> values["inspect"], values["waive"], values["accept"]
    (Fraction(8300, 3), 2000, 2000)
    """
    bribe = list(bribe)
    if bribe and bribe_value:
        raise ValueError("give the bribe as bribe_value (dollars) or as bribe (cards), not both")
    inspect = sum(p * inspection_values(counts, card)[1] for counts, p in belief.items())
    waive = ending_payoff("waived", [], card, waiver_keeps_card=waiver_keeps_card).controller
    accept = warehouse_value(bribe) if bribe else bribe_value
    return {"inspect": inspect, "waive": waive, "accept": accept}


def inspect_value(unseen: Sequence[int], n: int, card: str) -> Fraction:
    """``EV(inspect)`` for ``n`` cards drawn from ``unseen``: fast, and exactly equal.

    The same number as ``controller_values(convoy_belief(pool, n), card)["inspect"]``
    (``pool``: ``unseen`` as counts by kind, in the order of
    :data:`~prohis_nb.prohis.cards.KINDS`), computed for bots that ask it at
    every controller decision. Speed shaped it: rather than one ``Fraction`` per
    convoy make-up (a few hundred ``Fraction`` operations), the payoffs of all
    make-ups of ``n`` cards are put over one common denominator ``D`` once per
    ``(n, card)`` (:func:`_inspection_table`), so a call adds whole numbers,
    ``Σ_x Π_i C(U_i, x_i) · D·v(x)``, and divides once by ``C(U, n) · D``.

    >>> pool = {"legal": 6, "illegal": 3, "lieutenant": 1}
    >>> inspect_value((6, 3, 1, 0, 0), 2, "captain")
    Fraction(8300, 3)
    >>> controller_values(convoy_belief(pool, 2), "captain")["inspect"]
    Fraction(8300, 3)
    """
    counts = tuple(unseen)
    if len(counts) != len(KINDS) or any(
        isinstance(x, bool) or not isinstance(x, int) or x < 0 for x in counts
    ):
        raise ValueError(
            f"unseen is {len(KINDS)} whole numbers ≥ 0 ({', '.join(KINDS)}), got {counts!r}"
        )
    total = sum(counts)
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= total:
        raise ValueError(f"cannot draw a convoy of {n!r} cards from {total} unseen cards")
    if not isinstance(card, str) or card not in CONTROLLER_KINDS:
        raise ValueError(f"card is the controller card played, one of {CONTROLLER_KINDS}")
    return _inspect_value(counts, n, card)


@lru_cache(maxsize=8192)  # the same pool comes back within a game (several cards, turns)
def _inspect_value(counts: tuple[int, ...], n: int, card: str) -> Fraction:
    makeups, scale = _inspection_table(n, card)
    rows = [[comb(have, take) for take in range(n + 1)] for have in counts]
    r0, r1, r2, r3, r4 = rows  # KINDS has five kinds: the loop below is written out for them
    total = 0
    for (x0, x1, x2, x3, x4), scaled in makeups:
        total += r0[x0] * r1[x1] * r2[x2] * r3[x3] * r4[x4] * scaled
    return Fraction(total, comb(sum(counts), n) * scale)


@cache
def _inspection_table(n: int, card: str) -> tuple[tuple[tuple[tuple[int, ...], int], ...], int]:
    """Every make-up ``x`` of ``n`` cards with ``D·v(x)`` (a whole number), and ``D``.

    ``v(x)`` is the controller's payoff of inspecting ``x``
    (:func:`inspection_values`); ``D`` the least common denominator of them all.
    """
    assert len(KINDS) == 5  # _inspect_value unpacks five kinds
    makeups = [x for x in product(range(n + 1), repeat=len(KINDS)) if sum(x) == n]
    values = [inspection_values(x, card)[1] for x in makeups]
    scale = lcm(*(v.denominator for v in values))
    return tuple((x, int(v * scale)) for x, v in zip(makeups, values)), scale


def indifference_bribe(belief: Mapping[tuple[int, ...], Number], card: str) -> Number:
    """The bribe value ``b*`` at which accepting is worth exactly as much as inspecting.

    A rejected bribe obliges the controller to inspect, so the comparison is
    accept (``b``) against inspect, never against waiving: ``b* = EV(inspect)``.
    Accept any bribe worth ``b ≥ b*`` in your warehouse.
    """
    return controller_values(belief, card)["inspect"]


def smuggler_values(
    convoy: Iterable[str],
    card: str,
    bribe: Iterable[str] | Number,
    accept_probability: Number,
    inspect_probability: Number = 1,
) -> dict[str, Number]:
    """The smuggler's expected payoff of offering ``bribe`` versus offering ``none``.

    ``bribe``: the bribe's cards (it costs the smuggler ``Σ H(bribe)``: nothing
    for legal cards, −$4,000 each, a gain, for illegal ones), or a number, its
    cost in dollars of the smuggler's final score. ``accept_probability``:
    how likely the controller takes the bribe (a rejection obliges it to
    inspect); ``inspect_probability``: how likely it inspects when offered
    nothing (it waives otherwise). With ``pass = Σ (W − H)`` over the convoy:

    * ``offer = a · (pass − cost) + (1 − a) · EV_s(inspected)``
    * ``none = q · EV_s(inspected) + (1 − q) · pass``
    """
    convoy = list(convoy)
    for name, value in (("accept", accept_probability), ("inspect", inspect_probability)):
        if not 0 <= value <= 1:
            raise ValueError(f"{name}_probability must be between 0 and 1, got {value}")
    inspected, _ = inspection_values(convoy, card)
    passes = ending_payoff("uncontrolled", convoy).smuggler
    if isinstance(bribe, int | float | Fraction):
        paid = passes - bribe
    else:
        paid = ending_payoff("accepted", convoy, card, bribe).smuggler
    a, q = accept_probability, inspect_probability
    return {
        "offer": a * paid + (1 - a) * inspected,
        "none": q * inspected + (1 - q) * passes,
    }


def _as_counts(cards_or_counts: Iterable[Any]) -> tuple[int, ...]:
    items = list(cards_or_counts)
    if items and isinstance(items[0], str):
        unknown = sorted(set(items) - set(KINDS))
        if unknown:
            raise ValueError(f"unknown card kind(s) {unknown}; the kinds are {list(KINDS)}")
        return tuple(items.count(kind) for kind in KINDS)
    if len(items) != len(KINDS):
        raise ValueError(f"a convoy is a list of kinds or 5 counts ({', '.join(KINDS)})")
    return tuple(int(x) for x in items)
