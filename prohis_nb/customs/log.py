"""The story of one declaration, told to one observer (what it may know, nothing more).

Events ``(kind, actor, data)``, phrased by :func:`describe` for seat 0 (the
Officer), seat 1 (the declarer), :data:`PUBLIC` (an onlooker) or ``None`` (the
teacher):

============  =========  ======================================================
kind          actor      data
============  =========  ======================================================
``draw``      1          the 4 cards drawn (seen by the declarer only)
``declare``   1          the items declared (public)
``immunity``  1          None: a claim of Diplomatic Immunity (public)
``accept``    0          None: the Officer lets the hand through
``search``    0          ``(cards, truth, how)``: the hand shown to all; ``how``
                         is ``search``, or ``challenge`` for an immunity claim
``pay``       payer      ``(payee, amount, why)``: money changing hands (public)
``end``       None       the final scores
============  =========  ======================================================
"""

from __future__ import annotations

from typing import Any

from prohis_nb.smuggle.board import PACK_COUNTS
from prohis_nb.text import money

_PACK_ORDER = {kind: i for i, kind in enumerate(PACK_COUNTS)}


def _cards(cards: Any) -> str:
    """A hand's cards in words, in the pack's order (4 cards in hand have no order)."""
    return _items(sorted(cards, key=_PACK_ORDER.__getitem__))


def _items(items: Any) -> str:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "nothing"


def describe(event: Any, observer: int | None) -> str:
    """One event in words for ``observer``."""
    kind, actor, data = event
    who = "You" if actor is not None and actor == observer else f"Seat {actor}"
    if kind == "draw":
        if observer is None or observer == actor:
            return f"{who} drew 4 cards: {_cards(data)}."
        return f"Seat {actor} drew 4 cards, face down."
    if kind == "declare":
        return f"{who} declared {_items(data)}."
    if kind == "immunity":
        return f"{who} claimed Diplomatic Immunity."
    if kind == "accept":
        return f"{who} accepted the declaration."
    if kind == "search":
        cards, truth, how = data
        if how == "challenge":
            verdict = "it holds the Diplomatic Bag" if truth else "no Diplomatic Bag"
            return f"{who} challenged the immunity claim: {_cards(cards)} ({verdict})."
        verdict = "the complete truth" if truth else "not the complete truth"
        return f"{who} searched the hand: {_cards(cards)} ({verdict})."
    if kind == "pay":
        payee, amount, why = data
        them = "you" if payee == observer else f"seat {payee}"
        return f"{who} paid {them} {money(amount)} ({why})."
    if kind == "end":
        totals = ", ".join(f"seat {seat} {money(score)}" for seat, score in enumerate(data))
        return f"The end. Final scores: {totals}."
    raise ValueError(f"unknown event {kind!r}")  # pragma: no cover
