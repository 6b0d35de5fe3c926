"""Smuggle events phrased for one observer: what that seat may know, no more.

Declarations, searches (the cards shown) and payments are public. Cards drawn,
looked at or discarded are told only to the seat concerned (and to the
teacher, ``observer=None``); everyone else hears how many.
"""

from __future__ import annotations

from prohis_nb.core.game import Event


def _who(seat: int | None, observer: int | None) -> str:
    return "You" if seat is not None and seat == observer else f"Seat {seat}"


def _cards(cards: tuple[str, ...]) -> str:
    return ", ".join(cards) if cards else "nothing"


def describe(event: Event, observer: int | None) -> str:
    """One line for ``observer`` (a seat, or ``None`` for the teacher who sees all)."""
    kind, actor, data = event
    who = _who(actor, observer)
    sees = observer is None or observer == actor
    if kind == "recalled":  # a line of a seat's log carried into a determinized game
        if observer is None:
            return f"(as seat {data['seat']} saw it) {data['line']}"
        return data["line"] if observer == data["seat"] else ""
    if kind == "round":
        return f"Round {data['round'] + 1}: seat {data['officer']} is the Customs Officer."
    if kind == "draw":
        n = len(data["cards"])
        if sees:
            return f"{who} drew {_cards(data['cards'])}."
        return f"{who} drew {n} card{'s' if n != 1 else ''}."
    if kind == "look":
        return f"{who} looked at the hand: {_cards(data['cards'])}." if sees else ""
    if kind == "declare":
        return f"{who} declared {_cards(data['items'])}."
    if kind == "immunity":
        return f"{who} claimed Diplomatic Immunity."
    if kind == "accept":
        role = "as Officer" if data["role"] == "officer" else "the passed hand"
        return f"{who} accepted {role}."
    if kind == "pass":
        return f"{who} passed the hand face down to seat {data['to']}."
    if kind == "search":
        how = {
            "officer": "searched",
            "informer": "turned Informer and searched",
            "challenge": "challenged and searched",
        }[data["how"]]
        verdict = "complete truth" if data["truth"] else "not the complete truth"
        if data["how"] == "challenge":
            verdict = "the Bag is there" if "diplomatic_bag" in data["cards"] else "no Bag"
        return f"{who} {how} seat {data['holder']}'s hand: {_cards(data['cards'])} ({verdict})."
    if kind == "pay":
        return f"{who} paid ${data['amount']} to seat {data['to']} ({data['why']})."
    if kind == "discard":
        return f"{who} discarded {data['card']}." if sees else f"{who} discarded a card."
    if kind == "round_end":
        return f"Round {data['round'] + 1} ends ({data['left']} cards left in the pack)."
    if kind == "end":
        money = ", ".join(f"seat {s}: ${m}" for s, m in enumerate(data["money"]))
        return f"The game ends. {money}. Winner(s): {list(data['winners'])}."
    return f"{who}: {kind}"
