"""Smuggle events phrased for one observer: what that seat may know, no more.

Declarations, searches (the cards shown) and payments are public. Cards drawn,
looked at or discarded are told only to the seat concerned (and to the
teacher, ``observer=None``); everyone else hears how many.

An event is ``(kind, actor, data)``: ``actor`` is the seat that did it
(``None`` for the table). Speed shaped ``data`` (issue 15): the engine
appends several events per action, so ``data`` is a bare value or a small
tuple rather than a dict of named fields:

============== ============================== ===========================================
kind            actor                          data
============== ============================== ===========================================
``round``       ``None``                       ``(round, officer)``
``draw``        the drawer                     the cards drawn (a tuple)
``declare``     the holder                     the declared items (a tuple)
``immunity``    the holder                     ``None``
``accept``      the Officer or the receiver    ``"officer"`` or ``"receiver"``
``pass``        the holder                     the receiver
``look``        the receiver                   the hand's cards (a tuple)
``search``      the searcher                   the :class:`~prohis_nb.smuggle.state.SearchShown`
``pay``         the payer                      ``(payee, amount, why)``
``discard``     the receiver                   the card discarded
``round_end``   ``None``                       ``(round, cards left in the pack)``
``end``         ``None``                       ``(money, winners)``
``recalled``    the seat                       one line of its log (a determinized game)
============== ============================== ===========================================

An event reads the same to every seat but its actor: :func:`phrasings` gives
both lines at once, so that a game phrases each event twice at most however
many seats read their logs (speed, issue 15: in a tournament every seat looks
at its log, and phrasing every event once per seat was a tenth of the time).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from prohis_nb.core.game import Event
from prohis_nb.text import money as dollars

if TYPE_CHECKING:
    from prohis_nb.smuggle.state import SearchShown


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(cards) if cards else "nothing"


# One phrase per kind of event: ``phrase(who, sees, data)``, where ``who`` is
# "You" or "Seat N" (the actor) and ``sees`` says whether the observer may see
# the hidden cards (the actor itself, or the teacher). A table rather than a
# chain of tests, so that phrasing an event twice (``phrasings``) costs two
# small calls (speed, issue 15).


def _round(who: str, sees: bool, data: tuple[int, int]) -> str:
    round_, officer = data
    return f"Round {round_ + 1}: seat {officer} is the Customs Officer."


def _draw(who: str, sees: bool, data: tuple[str, ...]) -> str:
    if sees:
        return f"{who} drew {_cards(data)}."
    n = len(data)
    return f"{who} drew {n} card{'s' if n != 1 else ''}."


def _look(who: str, sees: bool, data: tuple[str, ...]) -> str:
    return f"{who} looked at the hand: {_cards(data)}." if sees else ""


def _declare(who: str, sees: bool, data: tuple[str, ...]) -> str:
    return f"{who} declared {_cards(data)}."


def _immunity(who: str, sees: bool, data: None) -> str:
    return f"{who} claimed Diplomatic Immunity."


def _accept(who: str, sees: bool, data: str) -> str:
    role = "as Officer" if data == "officer" else "the passed hand"
    return f"{who} accepted {role}."


def _pass(who: str, sees: bool, data: int) -> str:
    return f"{who} passed the hand face down to seat {data}."


_HOW = {
    "officer": "searched",
    "informer": "turned Informer and searched",
    "challenge": "challenged and searched",
}


def _search(who: str, sees: bool, data: SearchShown) -> str:
    verdict = "complete truth" if data.truth else "not the complete truth"
    if data.how == "challenge":
        verdict = "the Bag is there" if "diplomatic_bag" in data.cards else "no Bag"
    return f"{who} {_HOW[data.how]} seat {data.holder}'s hand: {_cards(data.cards)} ({verdict})."


def _pay(who: str, sees: bool, data: tuple[int, int, str]) -> str:
    to, amount, why = data
    return f"{who} paid ${amount} to seat {to} ({why})."


def _discard(who: str, sees: bool, data: str) -> str:
    return f"{who} discarded {data}." if sees else f"{who} discarded a card."


def _round_end(who: str, sees: bool, data: tuple[int, int]) -> str:
    round_, left = data
    return f"Round {round_ + 1} ends ({left} cards left in the pack)."


def _end(who: str, sees: bool, data: tuple[tuple[int, ...], tuple[int, ...]]) -> str:
    money, winners = data
    amounts = "; ".join(f"seat {s}: {dollars(m)}" for s, m in enumerate(money))
    if len(winners) == 1:
        won = f"Winner: seat {winners[0]}."
    else:
        seats = ", ".join(map(str, winners[:-1])) + f" and {winners[-1]}"
        won = f"Winners (a shared win): seats {seats}."
    return f"The game ends. {amounts[0].upper()}{amounts[1:]}. {won}"


_PHRASES: dict[str, Callable[[str, bool, Any], str]] = {
    "round": _round,
    "draw": _draw,
    "look": _look,
    "declare": _declare,
    "immunity": _immunity,
    "accept": _accept,
    "pass": _pass,
    "search": _search,
    "pay": _pay,
    "discard": _discard,
    "round_end": _round_end,
    "end": _end,
}


def phrasings(event: Event) -> tuple[str, str]:
    """``(the actor's line, every other seat's line)``: ``describe`` for each kind of seat.

    A seat's line for ``event`` is the first if it is the event's actor, else
    the second (``describe(event, seat)`` either way). Events of the table
    (``actor`` None) read the same to every seat: both lines are equal.

    >>> phrasings(("draw", 2, ("wine", "luggage")))
    ('You drew wine, luggage.', 'Seat 2 drew 2 cards.')
    """
    kind, actor, data = event
    phrase = _PHRASES.get(kind)
    if phrase is None:
        if kind == "recalled":  # a line of the actor's own log (a determinized game)
            return data, ""
        return describe(event, actor), describe(event, None)  # an unknown kind
    others = phrase(f"Seat {actor}", False, data)
    if actor is None:
        return others, others
    return phrase("You", True, data), others


def describe(event: Event, observer: int | None) -> str:
    """One line for ``observer`` (a seat, or ``None`` for the teacher who sees all)."""
    kind, actor, data = event
    if kind == "recalled":  # a line of a seat's log carried into a determinized game
        if observer is None:
            return f"(as seat {actor} saw it) {data}"
        return data if observer == actor else ""
    mine = actor is not None and actor == observer
    who = "You" if mine else f"Seat {actor}"
    phrase = _PHRASES.get(kind)
    if phrase is None:
        return f"{who}: {kind}"
    return phrase(who, mine or observer is None, data)


# ---------------------------------------------------------------- what an event shows

#: Events that show no seat anything it could not know already: declarations,
#: answers, payments (money is public), the rounds' starts and ends.
_SHOWS_NOTHING = frozenset(
    ("round", "declare", "immunity", "accept", "pass", "pay", "discard", "round_end", "end")
)


def shown_to(event: Event, seat: int) -> str | None:
    """What ``event`` showed ``seat`` that it did not know, in a few words, or ``None``.

    The learner's undo (``GameBase.can_undo_for``) is refused past any event
    that answers here: cards the seat drew, a passed hand it looked at, a hand
    searched in front of everyone. Read from the event's kind and actor only
    (never from the cards), so two games that differ only in cards ``seat``
    may not see give the same answer. A kind not listed counts as showing
    something (safe).
    """
    kind, actor, _data = event
    if kind in _SHOWS_NOTHING:
        return None
    if kind == "draw":
        return "the cards you drew" if actor == seat else None
    if kind == "look":
        return "the passed hand" if actor == seat else None
    if kind == "search":
        return "the searched hand"
    return "what happened"
