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
``search``      the searcher                   the :class:`~prohis_nb.smuggle.game.SearchShown`
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

from prohis_nb.core.game import Event


def _who(seat: int | None, observer: int | None) -> str:
    return "You" if seat is not None and seat == observer else f"Seat {seat}"


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(cards) if cards else "nothing"


#: An observer that is a seat but not the actor (no seat is numbered -1).
_ANOTHER_SEAT = -1
#: Public events whose line starts with who did it ("You" or "Seat N") and says
#: the rest alike to every seat: the actor's line is the others' with "You".
_ONLY_WHO_DIFFERS = frozenset({"declare", "immunity", "accept", "pass", "search", "pay"})


def phrasings(event: Event) -> tuple[str, str]:
    """``(the actor's line, every other seat's line)``: ``describe`` for each kind of seat.

    A seat's line for ``event`` is the first if it is the event's actor, else
    the second (``describe(event, seat)`` either way). Events of the table
    (``actor`` None) read the same to every seat: both lines are equal.

    >>> phrasings(("draw", 2, ("wine", "luggage")))
    ('You drew wine, luggage.', 'Seat 2 drew 2 cards.')
    """
    kind, actor, _data = event
    others = describe(event, _ANOTHER_SEAT)
    if actor is None:
        return others, others
    if kind in _ONLY_WHO_DIFFERS:  # "Seat 2 declared ..." -> "You declared ..."
        return "You" + others[len(f"Seat {actor}") :], others
    return describe(event, actor), others


def describe(event: Event, observer: int | None) -> str:
    """One line for ``observer`` (a seat, or ``None`` for the teacher who sees all)."""
    kind, actor, data = event
    who = _who(actor, observer)
    sees = observer is None or observer == actor
    if kind == "recalled":  # a line of a seat's log carried into a determinized game
        if observer is None:
            return f"(as seat {actor} saw it) {data}"
        return data if observer == actor else ""
    if kind == "round":
        round_, officer = data
        return f"Round {round_ + 1}: seat {officer} is the Customs Officer."
    if kind == "draw":
        n = len(data)
        if sees:
            return f"{who} drew {_cards(data)}."
        return f"{who} drew {n} card{'s' if n != 1 else ''}."
    if kind == "look":
        return f"{who} looked at the hand: {_cards(data)}." if sees else ""
    if kind == "declare":
        return f"{who} declared {_cards(data)}."
    if kind == "immunity":
        return f"{who} claimed Diplomatic Immunity."
    if kind == "accept":
        role = "as Officer" if data == "officer" else "the passed hand"
        return f"{who} accepted {role}."
    if kind == "pass":
        return f"{who} passed the hand face down to seat {data}."
    if kind == "search":
        how = {
            "officer": "searched",
            "informer": "turned Informer and searched",
            "challenge": "challenged and searched",
        }[data.how]
        verdict = "complete truth" if data.truth else "not the complete truth"
        if data.how == "challenge":
            verdict = "the Bag is there" if "diplomatic_bag" in data.cards else "no Bag"
        return f"{who} {how} seat {data.holder}'s hand: {_cards(data.cards)} ({verdict})."
    if kind == "pay":
        to, amount, why = data
        return f"{who} paid ${amount} to seat {to} ({why})."
    if kind == "discard":
        return f"{who} discarded {data}." if sees else f"{who} discarded a card."
    if kind == "round_end":
        round_, left = data
        return f"Round {round_ + 1} ends ({left} cards left in the pack)."
    if kind == "end":
        money, winners = data
        money_text = ", ".join(f"seat {s}: ${m}" for s, m in enumerate(money))
        return f"The game ends. {money_text}. Winner(s): {list(winners)}."
    return f"{who}: {kind}"
