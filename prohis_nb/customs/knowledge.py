"""What each seat knows of one declaration, read from the events it saw (docs/customs-rules.md).

Smuggle's "What each seat sees" (docs/smuggle-rules.md) applied to one hand:

* the **declarer** (seat 1) knows the 4 cards it drew;
* the **Officer** (seat 0) knows the declaration (or the immunity claim),
  and the hand once it searched it or challenged the claim: a search shows it
  to everyone;
* **everyone** (an onlooker too: :data:`~prohis_nb.customs.log.PUBLIC`) knows
  the declaration, the answer, every payment and, after a search, the hand.

:func:`knowledge` reads the events in order; the views, the coach and
``determinize`` all read it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from prohis_nb.smuggle.board import PACK_COUNTS

#: The order a hand is shown in (the pack's kinds): 4 cards in hand have no order of their own.
PACK_ORDER = {kind: i for i, kind in enumerate(PACK_COUNTS)}


class Known(NamedTuple):
    """What one observer knows (``None``: not known to it)."""

    hand: tuple[str, ...] | None
    declared: tuple[str, ...] | None
    immunity: bool
    answer: str | None
    #: After a search or a challenge: the hand shown, and whether it was the truth.
    shown: tuple[str, ...] | None
    truth: bool | None
    money: tuple[int, int]


def knowledge(events: Sequence[Any], observer: int | None) -> Known:
    """What ``observer`` knows after ``events`` (0 Officer, 1 declarer, PUBLIC, None teacher)."""
    known = Known(None, None, False, None, None, None, (0, 0))
    for kind, actor, data in events:
        if kind == "draw":
            if observer is None or observer == actor:  # a hand's cards have no order
                known = known._replace(hand=tuple(sorted(data, key=PACK_ORDER.__getitem__)))
        elif kind == "declare":
            known = known._replace(declared=tuple(data))
        elif kind == "immunity":
            known = known._replace(declared=(), immunity=True)
        elif kind == "accept":
            known = known._replace(answer="accept")
        elif kind == "search":
            cards, truth, how = data
            shown = tuple(sorted(cards, key=PACK_ORDER.__getitem__))
            known = known._replace(answer=how, shown=shown, truth=truth, hand=shown)
        elif kind == "pay":
            payee, amount, _why = data
            money = list(known.money)
            money[actor] -= amount
            money[payee] += amount
            known = known._replace(money=(money[0], money[1]))
    return known
