"""The story of one convoy, told to one observer (what it may know, nothing more).

The game appends events ``(kind, actor, data)`` (:class:`~prohis_nb.core.game.Event`);
:func:`describe` phrases one for ``observer``: seat 0 (the smuggler), seat 1
(the controller), :data:`PUBLIC` (an onlooker: only what both seats see) or
``None`` (the teacher, who sees every card).

=============  =========  =====================================================
kind           actor      data
=============  =========  =====================================================
``deal``       None       ``(dirty, hand)``: chance's hand, seen by the smuggler
``convoy``     0          the convoy's cards (seen by the smuggler only)
``bribe``      0          the bribe's cards (seen by both seats)
``no_bribe``   0          None
``accept``...  1          None: ``accept``, ``reject``, ``inspect``, ``waive``
``turn``       1          ``(position, card)``: a face-down card turned, public
``end``        None       ``(ending, scores)``: how the convoy ended, the scores
=============  =========  =====================================================
"""

from __future__ import annotations

from typing import Any

from prohis_nb.core.stage import PUBLIC  # the onlooker, who knows only what both seats see
from prohis_nb.text import money

_ORDINAL = ("1st", "2nd", "3rd", "4th")
_ENDINGS = {
    "accepted": "the bribe was accepted and the convoy passed",
    "waived": "the controller waived and the convoy passed",
    "passed": "the inspection found nothing illegal and the convoy passed",
    "confiscated": "the inspection caught illegal goods: the convoy was confiscated",
}
_ANSWERS = {
    "accept": "accepted the bribe",
    "reject": "rejected the bribe, so the convoy is inspected",
    "inspect": "chose to inspect the convoy",
    "waive": "waived the inspection",
}


def cards_in_words(cards: Any) -> str:
    """``("legal", "legal", "illegal")`` → ``"2 legal, 1 illegal"``."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return ", ".join(f"{n} {kind}" for kind, n in counts.items()) or "nothing"


def describe(event: Any, observer: int | None) -> str:
    """One event in words for ``observer`` ("" when that observer hears nothing of it)."""
    kind, actor, data = event
    sees_all = observer is None
    you = actor is not None and actor == observer
    who = "You" if you else f"Seat {actor}"
    if kind == "deal":
        dirty, hand = data
        if sees_all or observer == 0:
            whose = "You were" if observer == 0 else "Seat 0 was"
            load = "a dirty hand" if dirty else "an honest hand"
            return f"{whose} dealt {load}: {cards_in_words(hand)}."
        return "Seat 0 was dealt a hand, face down."
    if kind == "convoy":
        if sees_all or you:
            return f"{who} sent a convoy of {cards_in_words(data)}, shuffled face down."
        return f"Seat 0 sent a convoy of {len(data)} face-down cards."
    if kind == "bribe":
        if observer == PUBLIC:
            return f"Seat 0 offered a bribe of {len(data)} card{'s' if len(data) > 1 else ''}."
        return f"{who} offered a bribe: {cards_in_words(data)}."
    if kind == "no_bribe":
        return f"{who} offered no bribe."
    if kind in _ANSWERS:
        return f"{who} {_ANSWERS[kind]}."
    if kind == "turn":
        position, card = data
        return f"{who} turned the {_ORDINAL[position]} card: {card}."
    if kind == "end":
        ending, scores = data
        totals = ", ".join(f"seat {seat} {money(score)}" for seat, score in enumerate(scores))
        return f"The end: {_ENDINGS[ending]}. Final scores: {totals}."
    raise ValueError(f"unknown event {kind!r}")  # pragma: no cover - the game makes no other
