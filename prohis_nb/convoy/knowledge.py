"""What each seat knows of one convoy, read from the events it saw (docs/convoy-rules.md).

The rules of Prohis ("Who knows what", docs/rules.md) applied to one convoy:

* the **smuggler** (seat 0) knows its hand (dealt to it), so whether it is
  dirty, and the cards it put in its convoy, but not the face-down order
  (chance shuffled the convoy);
* the **controller** (seat 1) knows the convoy's size, the bribe's cards
  (only the smuggler and the controller see them), every answer, every card
  turned, and, when it confiscates the convoy, the whole convoy (it lands in
  its warehouse, which it may look at);
* an **onlooker** (:data:`~prohis_nb.convoy.log.PUBLIC`) knows what both seats
  see: the size, that a bribe was offered and how many cards, the answers,
  the turned cards and the ending;
* everyone hears the final scores (announced at the end, as in both games).

:func:`knowledge` reads the events in order and returns what one observer
knows; the views (:mod:`~prohis_nb.convoy.views`), the coach and
``determinize`` all read it, so there is one model of what a seat knows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from prohis_nb.convoy.log import PUBLIC


class Known(NamedTuple):
    """What one observer knows of the convoy (``None``: not known to it)."""

    #: The smuggler's hand as dealt, and whether it is dirty.
    hand: tuple[str, ...] | None
    dirty: bool | None
    #: The convoy's cards (a multiset, in the engine's kind order).
    convoy: tuple[str, ...] | None
    #: One entry per face-down place: the card if it was turned, else None (() before the convoy).
    face_down: tuple[str | None, ...]
    #: Whether a bribe was offered (None before the offer), and its cards if this observer saw them.
    offered: bool | None
    bribe: tuple[str, ...] | None
    #: The controller's answer: accept, reject, inspect or waive.
    answer: str | None
    #: How the convoy ended (accepted, waived, passed, confiscated) and the final scores.
    ending: str | None
    scores: tuple[int, ...] | None


NOTHING = Known(None, None, None, (), None, None, None, None, None)


def knowledge(events: Sequence[Any], observer: int | None) -> Known:
    """What ``observer`` knows after ``events`` (0 smuggler, 1 controller, PUBLIC, None teacher)."""
    known = NOTHING
    sees_all = observer is None
    for kind, _actor, data in events:
        if kind == "deal":
            if sees_all or observer == 0:
                dirty, hand = data
                known = known._replace(hand=tuple(hand), dirty=dirty)
        elif kind == "convoy":
            known = known._replace(face_down=(None,) * len(data))
            if sees_all or observer == 0:
                known = known._replace(convoy=tuple(data))
        elif kind == "bribe":
            known = known._replace(offered=True)
            if observer != PUBLIC:
                known = known._replace(bribe=tuple(data))
        elif kind == "no_bribe":
            known = known._replace(offered=False)
        elif kind in ("accept", "reject", "inspect", "waive"):
            known = known._replace(answer=kind)
        elif kind == "turn":
            position, card = data
            face_down = list(known.face_down)
            face_down[position] = card
            known = known._replace(face_down=tuple(face_down))
        elif kind == "end":
            ending, scores = data
            known = known._replace(ending=ending, scores=tuple(scores))
            if ending == "confiscated" and observer == 1:
                known = known._replace(convoy=_confiscated(events))
    return known


def _confiscated(events: Sequence[Any]) -> tuple[str, ...]:
    """The convoy's cards, which the confiscating controller now holds in its warehouse."""
    for kind, _actor, data in events:
        if kind == "convoy":
            return tuple(data)
    raise ValueError("no convoy was sent")  # pragma: no cover - an ending follows a convoy
