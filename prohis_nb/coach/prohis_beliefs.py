"""What one Prohis seat may believe about every place it cannot see, exactly.

**The beliefs** (:func:`place_beliefs`) are the seat's knowledge
(``view.knowledge``, :mod:`prohis_nb.prohis.knowledge`): the exact chance of
every kind for a card of every place, given everything the seat saw (a row
card seen taken stays with its seat wherever its convoys went; a captain
dealt in the open is never in the pile), under the model stated in
:mod:`prohis_nb.core.knowledge` (a uniform shuffle, every hidden choice any of
the physical cards alike; no reading of the players' choices).

**The pool model** (:func:`unseen_pool`, :func:`pool_share`,
:func:`mixed_place`), kept for comparison (lesson 4's first belief is this
model); the coach's values no longer use it, they use the exact knowledge
(:mod:`prohis_nb.coach.prohis`). Every card of the deck is
somewhere. The seat
locates some of them (its hand and warehouse, the row, turned convoy cards,
controller cards on the table, a bribe it gave or was offered, cards it saw
go into another hand or warehouse: :func:`prohis_nb.bots.beliefs.unseen_cards`
subtracts those from the deck). The others, the *unseen pool* ``U``, lie in
the hidden places: the pile, face-down convoy cards, the unknown part of the
other hands and warehouses, a bribe offered to someone else. The coach
supposes every way of spreading the pool over those places is equally likely
(as a fair shuffle would make it before anyone chose anything). Then every
hidden card is of kind ``k`` with probability ``U_k / U``, whatever its place,
and a place holding ``known_k`` known cards of kind ``k`` and ``u`` unknown
ones among ``size`` has, for one of its cards taken at random,

    P(kind k) = (known_k + u · U_k / U) / size.

What it forgets: where a card seen went face down (a captain dealt in the
open to seat 0 can only be in seat 0's hand or convoy, never in the pile). What
both models leave out, on purpose: what choices reveal. A smuggler chose its
convoy, an opponent who declined to control may hold no controller card, a
player who took an illegal card from the row means to ship it. Reading
those is the bluffing the lessons teach; the coach starts from the cards.

>>> from prohis_nb import Game
>>> game = Game(players=4, seed=7)
>>> beliefs = place_beliefs(game.view(0))
>>> [b.place for b in beliefs]
["seat 1's hand", "seat 2's hand", "seat 3's hand", 'the pile']
>>> sum(beliefs[-1].kinds.values())
Fraction(1, 1)
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import lru_cache

from prohis_nb.bots.beliefs import unseen_cards
from prohis_nb.coach.advice import Belief
from prohis_nb.prohis.cards import KINDS
from prohis_nb.prohis.views import SeatView


def unseen_pool(view: SeatView) -> tuple[int, ...]:
    """The seat's unseen pool as counts in the order of :data:`~prohis_nb.prohis.cards.KINDS`."""
    unseen = unseen_cards(view)
    return tuple(unseen[kind] for kind in KINDS)


def pool_share(pool: tuple[int, ...]) -> dict[str, Fraction]:
    """``U_k / U`` for every kind in the pool (the belief about one hidden card)."""
    if not any(pool):
        return {}
    return dict(_place_kinds((0,) * len(KINDS), 1, tuple(pool)))


def mixed_place(known: tuple[str, ...], unknown: int, pool: tuple[int, ...]) -> dict[str, Fraction]:
    """``(known_k + u · U_k / U) / size`` for a place with ``known`` cards and ``unknown`` more."""
    counts = Counter(known)
    return dict(_place_kinds(tuple(counts[k] for k in KINDS), unknown, tuple(pool)))


@lru_cache(maxsize=4096)
def _place_kinds(
    known: tuple[int, ...], unknown: int, pool: tuple[int, ...]
) -> tuple[tuple[str, Fraction], ...]:
    """The formula in whole numbers: ``(known_k · U + u · U_k) / (size · U)``, cached."""
    total = sum(pool)
    size = sum(known) + unknown
    if not unknown:  # every card of the place is known
        return tuple((k, Fraction(n, size)) for k, n in zip(KINDS, known) if n)
    if not total:
        raise ValueError(f"{unknown} hidden card(s) but no unseen card to fill them")
    return tuple(
        (k, Fraction(n * total + unknown * u, size * total))
        for k, n, u in zip(KINDS, known, pool)
        if n or u
    )


def place_beliefs(view: SeatView, pool: tuple[int, ...] | None = None) -> tuple[Belief, ...]:
    """A :class:`~prohis_nb.coach.advice.Belief` for every place ``view.seat`` cannot fully see.

    In order: every other seat's hand (with its size) and warehouse (when part
    of it is unknown), the face-down convoy cards, a bribe this seat has not
    seen, the pile. A place with no card is left out. The chances are the
    seat's exact knowledge (``view.knowledge``); ``pool`` is not used (kept
    for callers that pass it).
    """
    knowledge = view.knowledge
    assert knowledge is not None, "a seat's view carries its knowledge"

    def kinds(place: str, size: int) -> dict[str, Fraction]:
        return {kind: n / size for kind, n in knowledge.expected(place).items() if n}

    beliefs: list[Belief] = []
    for info in view.seats:
        if info.seat != view.seat and info.hand_size:
            place = f"hand {info.seat}"
            beliefs.append(
                Belief(f"seat {info.seat}'s hand", info.hand_size, kinds(place, info.hand_size))
            )
    for info in view.seats:
        if info.seat == view.seat:
            continue
        if info.warehouse_size - len(info.known_in_warehouse) > 0:
            size = info.warehouse_size
            place = f"warehouse {info.seat}"
            beliefs.append(Belief(f"seat {info.seat}'s warehouse", size, kinds(place, size)))
    convoy = view.convoy
    if convoy is not None:
        hidden = sum(card is None for card in convoy.cards)
        if hidden:
            place = f"seat {convoy.smuggler}'s convoy (face down)"
            beliefs.append(Belief(place, hidden, kinds("convoy", hidden)))
        if convoy.bribe_size is not None and convoy.bribe is None:
            place = f"the bribe seat {convoy.smuggler} offered"
            beliefs.append(Belief(place, convoy.bribe_size, kinds("bribe", convoy.bribe_size)))
    if view.pile_size:
        beliefs.append(Belief("the pile", view.pile_size, kinds("pile", view.pile_size)))
    return tuple(beliefs)
