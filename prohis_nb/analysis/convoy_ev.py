"""Expected values at every step of one convoy, from one seat's belief: the coach's maths.

The lessons value a whole convoy at once (:mod:`~prohis_nb.analysis.values`):
what inspecting is worth *before* any card is turned. The coach also sits
beside the controller half-way through an inspection, and beside the
smuggler choosing a bribe, so it needs the same numbers at those moments.
Everything here is exact (``Fraction``), built from the same two blocks as
the lessons:

* **the uniform belief**: the cards a seat cannot place (``pool``, counts by
  kind in the order of :data:`~prohis_nb.prohis.cards.KINDS`) are spread at
  random over the places it cannot see, so ``h`` face-down convoy cards are a
  hypergeometric draw of ``h`` cards from the pool
  (:func:`~prohis_nb.analysis.values.convoy_belief`). It ignores what the
  players' choices reveal (a smuggler who chose this convoy, an opponent who
  declined to control): that is where bluffing lives, and the coach says so;
* **the payoffs** of :mod:`~prohis_nb.analysis.payoffs`: changes of final
  score against every card staying where it was.

**The rest of an inspection.** A controller with ``r`` turns left, facing
``h`` face-down cards after ``t`` turned legal cards (an inspection that turned
anything else is over), catches the convoy with probability
``p(x) = catch_probability(h, x_illegal, x_controller, r)`` if the face-down
cards are ``x``. Caught, it banks the whole convoy and its played card
(``W(turned) + W(x) + W(card) − H(card)``); otherwise it loses its card to the
smuggler (``−H(card)``)::

    EV(rest) = Σ_x P(x) · [p(x) · (W(turned) + W(x) + W(card) − H(card)) + (1 − p(x)) · (−H(card))]

Before the first card (``t = 0``, ``r`` = the card's rank) this is the
lessons' ``EV(inspect)``, the **break-even bribe** ``b*``
(:func:`~prohis_nb.analysis.values.indifference_bribe`).

Worked example: a captain facing a 2-card convoy, the pool 1 illegal and 3
legal cards. The convoy is (illegal, legal) with probability 1/2 and then
surely caught (a captain turns both): 4,000 + 1,000 + 4,000 − 2,000 =
$7,000; or (legal, legal) and it passes: −$2,000. ``EV = 1/2 · 7,000 + 1/2 ·
(−2,000) = $2,500``:

>>> rest_of_inspection((3, 1, 0, 0, 0), 2, (), "captain", 2)
Fraction(2500, 1)

After one legal card is turned, one card is left, and it is illegal with
probability 1/3 (one illegal among the three cards still unseen):

>>> rest_of_inspection((2, 1, 0, 0, 0), 1, ("legal",), "captain", 1)
Fraction(1000, 1)

(1/3 · 7,000 + 2/3 · (−2,000) = $1,000.)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction
from functools import lru_cache
from math import comb

from prohis_nb.analysis.odds import catch_probability, rank_of
from prohis_nb.analysis.payoffs import to_warehouse_gain, warehouse_value
from prohis_nb.analysis.values import inspection_values
from prohis_nb.prohis.cards import HAND_VALUE, KINDS, WAREHOUSE_VALUE


def _makeups(
    pool: tuple[int, ...], hidden: int, kind: int = 0
) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every way of taking ``hidden`` cards from ``pool[kind:]``, with its number of ways.

    Yields ``(counts, ways)``: ``ways = Π C(U_i, x_i)`` for the kinds from ``kind`` on.
    Only the compositions that add up to ``hidden`` are built (not all of ``Π (U_i + 1)``).
    """
    if kind == len(pool) - 1:
        if hidden <= pool[kind]:
            yield (hidden,), comb(pool[kind], hidden)
        return
    for take in range(min(pool[kind], hidden) + 1):
        here = comb(pool[kind], take)
        for rest, ways in _makeups(pool, hidden - take, kind + 1):
            yield (take, *rest), here * ways


@lru_cache(maxsize=16384)
def hidden_convoy_belief(
    pool: tuple[int, ...], hidden: int
) -> tuple[tuple[tuple[int, ...], Fraction], ...]:
    """P(the ``hidden`` face-down cards' make-up), for a pool of counts by kind: cached.

    The hypergeometric law of :func:`~prohis_nb.analysis.values.convoy_belief`,
    ``P(x) = Π_i C(U_i, x_i) / C(U, h)``, listed as ``((counts, P), ...)``:
    the same few pools come back at every step of a game, so each is worked
    out once.

    >>> dict(hidden_convoy_belief((6, 3, 1, 0, 0), 2))[(1, 1, 0, 0, 0)]
    Fraction(2, 5)
    """
    total = sum(pool)
    if not 0 <= hidden <= total:
        raise ValueError(f"cannot draw {hidden} face-down cards from {total} unseen cards")
    everything = comb(total, hidden)
    return tuple(
        (counts, Fraction(ways, everything))
        for counts, ways in _makeups(tuple(pool), hidden)
        if ways
    )


@lru_cache(maxsize=16384)
def rest_of_inspection(
    pool: tuple[int, ...], hidden: int, turned: tuple[str, ...], card: str, turns_left: int
) -> Fraction:
    """The controller's expected gain from the rest of an inspection (module docstring).

    ``pool``: the cards the controller cannot place, counts by kind;
    ``hidden``: face-down convoy cards; ``turned``: the legal cards already
    turned; ``card``: the controller card played; ``turns_left``: turns it
    may still take (at least 1).
    """
    if turns_left < 1 or hidden < 1:
        raise ValueError(
            f"an inspection under way has a face-down card and a turn left, got "
            f"{hidden} face-down card(s) and {turns_left} turn(s)"
        )
    return _rest_over(hidden_convoy_belief(pool, hidden), hidden, turned, card, turns_left)


Belief = tuple[tuple[tuple[int, ...], Fraction], ...]


def as_belief(belief: Mapping[tuple[int, ...], Fraction] | Belief) -> Belief:
    """A belief about the face-down cards as a sorted tuple ``((counts, P), ...)`` (hashable).

    ``belief`` maps every make-up of the face-down cards (counts by kind, in the
    order of :data:`~prohis_nb.prohis.cards.KINDS`) to its probability; the
    probabilities must add up to 1 and every make-up must hold the same number
    of cards.
    """
    items = tuple(sorted((tuple(k), Fraction(p)) for k, p in dict(belief).items() if p))
    if not items:
        raise ValueError("a belief needs at least one make-up with a positive probability")
    if sum(p for _k, p in items) != 1:
        raise ValueError("a belief's probabilities must add up to 1")
    if len({sum(k) for k, _p in items}) != 1:
        raise ValueError("every make-up of a belief must hold the same number of cards")
    return items


@lru_cache(maxsize=16384)
def inspection_value(
    belief: Belief, turned: tuple[str, ...], card: str, turns_left: int
) -> Fraction:
    """:func:`rest_of_inspection` for any belief about the face-down cards (:func:`as_belief`).

    The coach's exact belief (``view.knowledge.distribution("convoy")``) is not
    hypergeometric from a pool: a convoy is a blind pick from the smuggler's
    possible hand, and that hand holds the captain and inspector it was dealt
    in the open. Before the first card (``turned`` empty, ``turns_left`` the
    rank, or the convoy's size if smaller) this is the break-even bribe ``b*``.

    >>> belief = as_belief({(1, 1, 0, 0, 0): Fraction(1, 2), (2, 0, 0, 0, 0): Fraction(1, 2)})
    >>> inspection_value(belief, (), "captain", 2)
    Fraction(2500, 1)
    """
    hidden = sum(belief[0][0])
    if turns_left < 1 or hidden < 1:
        raise ValueError(
            f"an inspection under way has a face-down card and a turn left, got "
            f"{hidden} face-down card(s) and {turns_left} turn(s)"
        )
    return _rest_over(belief, hidden, turned, card, turns_left)


def belief_catch_chance(belief: Belief, card: str, turns_left: int | None = None) -> Fraction:
    """P(the inspection catches the convoy) for any belief (:func:`as_belief`)."""
    hidden = sum(belief[0][0])
    turns = min(rank_of(card), hidden) if turns_left is None else turns_left
    return sum(
        (p * catch_probability(hidden, x[1], x[2] + x[3] + x[4], turns) for x, p in belief),
        Fraction(0),
    )


def _rest_over(
    belief: Iterable[tuple[tuple[int, ...], Fraction]],
    hidden: int,
    turned: tuple[str, ...],
    card: str,
    turns_left: int,
) -> Fraction:
    card_gain = WAREHOUSE_VALUE[card] - HAND_VALUE[card]
    banked = warehouse_value(turned) + card_gain
    lost = -HAND_VALUE[card]
    total = Fraction(0)
    for counts, p in belief:
        caught = catch_probability(hidden, counts[1], counts[2] + counts[3] + counts[4], turns_left)
        if caught:
            value = banked + sum(c * WAREHOUSE_VALUE[k] for k, c in zip(KINDS, counts))
            total += p * (caught * value + (1 - caught) * lost)
        else:
            total += p * lost
    return total


def break_even_bribe(pool: tuple[int, ...], size: int, card: str) -> Fraction:
    """``b* = EV(inspect)`` for a whole face-down convoy of ``size`` cards: the lessons' b*.

    A rejected bribe obliges the controller to inspect, so a bribe worth at
    least ``b*`` in its warehouse is worth accepting.
    """
    return rest_of_inspection(pool, size, (), card, min(rank_of(card), size))


def catch_chance(
    pool: tuple[int, ...], hidden: int, card: str, turns_left: int | None = None
) -> Fraction:
    """P(the inspection catches the convoy) under the uniform belief: ``Σ_x P(x) · p(x)``."""
    turns = rank_of(card) if turns_left is None else turns_left
    return sum(
        (
            p * catch_probability(hidden, x[1], x[2] + x[3] + x[4], turns)
            for x, p in hidden_convoy_belief(pool, hidden)
        ),
        Fraction(0),
    )


def smuggler_inspected(convoy: Iterable[str], card: str) -> Fraction:
    """The smuggler's expected gain when its known convoy is inspected by ``card`` (exact odds).

    :func:`~prohis_nb.analysis.values.inspection_values`, cached by the convoy's cards.
    """
    return _smuggler_inspected(tuple(sorted(convoy, key=KINDS.index)), card)


@lru_cache(maxsize=4096)
def _smuggler_inspected(convoy: tuple[str, ...], card: str) -> Fraction:
    return inspection_values(list(convoy), card)[0]


def smuggler_passes(convoy: Iterable[str]) -> int:
    """The smuggler's gain when its convoy gets through untouched: ``Σ (W − H)``."""
    return to_warehouse_gain(list(convoy))
