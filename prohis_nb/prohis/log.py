"""The game's story, told to one seat.

Each engine event holds the whole truth; :func:`describe` tells it to one
observer and leaves out what that observer may not know (docs/rules.md, "Who knows
what"). The observer ``None`` is the teacher, who sees everything. A seat's log
is therefore safe to show on that seat's screen.
"""

from __future__ import annotations

from collections.abc import Iterable

from prohis_nb.core.game import Event
from prohis_nb.text import money

ORDINALS = ("1st", "2nd", "3rd", "4th")


def _who(seat: int | None, observer: int | None) -> str:
    return "You" if seat == observer else f"Seat {seat}"


def _whom(seat: int | None, observer: int | None) -> str:
    return "you" if seat == observer else f"seat {seat}"


def _whose(seat: int | None, observer: int | None) -> str:
    return "your" if seat == observer else f"seat {seat}'s"


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _a_card(kind: str) -> str:
    """A card as a noun: "an illegal card", "a legal card", "a captain" (never "an illegal")."""
    return _a(kind) + (" card" if kind in ("legal", "illegal") else "")


def _cards(cards: Iterable[str]) -> str:
    return ", ".join(cards)


def describe(event: Event, observer: int | None) -> str:
    """One line of the log of ``observer`` (a seat, or ``None`` for the teacher)."""
    kind, actor, data = event
    who = _who(actor, observer)
    sees_all = observer is None or observer == actor
    if kind == "recalled":  # a line of a seat's log carried into a determinized game
        if observer is None:
            return f"(as seat {data['seat']} saw it) {data['line']}"
        return data["line"] if observer == data["seat"] else ""
    if kind == "deal":  # what was dealt: read by the knowledge, never told (the log says
        return ""  # what each seat sees of it: its own hand, in its view)
    if kind == "start":
        return f"{who} {'play' if actor == observer else 'plays'} first."
    if kind == "take_row":
        line = f"{who} took {_a_card(data['card'])} from row slot {data['slot']}"
        if data["refill"] is None:
            return line + "; the pile is empty, so the slot stays empty."
        return line + f"; {_a_card(data['refill'])} was turned up in its place."
    if kind == "take_pile":
        if sees_all:
            return f"{who} drew {_a_card(data['card'])} from the pile."
        return f"{who} drew a card from the pile."
    if kind == "stop":
        return f"{who} stopped after one card."
    if kind == "final_round":
        return (
            "The pile is empty and the row has fewer than 4 cards: the final round begins. "
            f"{_who(data['last'], observer)} will play the very last turn."
        )
    if kind == "pass":
        return f"{who} passed" + (" and is out of the game." if data["out"] else ".")
    if kind == "all_passed":
        return "Everyone passed: the game ends."
    if kind == "convoy":
        size = len(data["cards"])
        if sees_all:
            order = _cards(data["cards"])
            return f"{who} formed a convoy of {size} cards: {order} (in that order)."
        return f"{who} formed a convoy of {size} face-down cards."
    if kind == "control":
        target = _whose(data["smuggler"], observer)
        return f"{who} played {_a(data['card'])} to control {target} convoy."
    if kind == "decline":
        return f"{who} declined to control."
    if kind == "no_control":
        return f"Nobody controlled: the convoy went to {_whose(actor, observer)} warehouse."
    if kind == "take_back":
        return f"{who} took {'your' if actor == observer else 'their'} {data['card']} back."
    if kind == "controller":
        return (
            f"{who} {'control' if actor == observer else 'controls'} "
            f"{_whose(data['smuggler'], observer)} convoy with {_a(data['card'])}."
        )
    if kind == "bribe":
        controller = data["controller"]
        size = len(data["cards"])
        plural = "s" if size > 1 else ""
        line = f"{who} offered {_whom(controller, observer)} a bribe of {size} card{plural}"
        if observer is None or observer in (actor, controller):
            return line + f": {_cards(data['cards'])}."
        return line + "."
    if kind == "no_bribe":
        more = " further" if data["after_rejection"] else ""
        return f"{who} offered no{more} bribe."
    if kind == "accept":
        smuggler = data["smuggler"]
        party = observer is None or observer in (actor, smuggler)
        bribe = f" ({_cards(data['cards'])})" if party else ""
        return (
            f"{who} accepted the bribe{bribe}: it went to {_whose(actor, observer)} warehouse, "
            f"the {data['card']} back to {_whose(actor, observer)} hand, and the convoy to "
            f"{_whose(smuggler, observer)} warehouse."
        )
    if kind == "reject":
        smuggler = data["smuggler"]
        party = observer is None or observer in (actor, smuggler)
        bribe = f" ({_cards(data['cards'])})" if party else ""
        then = (
            f" {_who(smuggler, observer)} may offer another."
            if data["more_offers"]
            else f" {who} must inspect."
        )
        back = f"it went back to {_whose(smuggler, observer)} hand"
        return f"{who} rejected the bribe{bribe}; {back}.{then}"
    if kind == "inspect":
        if data.get("must"):
            return f"{who} {'inspect' if actor == observer else 'inspects'} the convoy."
        return f"{who} chose to inspect {_whose(data['smuggler'], observer)} convoy."
    if kind == "waive":
        where = "hand" if data["keeps"] else "warehouse"
        return (
            f"{who} waived the inspection: the {data['card']} went to {_whose(actor, observer)} "
            f"{where} and the convoy to {_whose(data['smuggler'], observer)} warehouse."
        )
    if kind == "turn":
        return (
            f"{who} turned over the {ORDINALS[data['position']]} card of the convoy: "
            f"{_a_card(data['card'])}."
        )
    if kind == "confiscate":
        smuggler = data["smuggler"]
        line = (
            f"Illegal goods! {who} confiscated the convoy: its {len(data['cards'])} cards and "
            f"the {data['card']} went to {_whose(actor, observer)} warehouse"
        )
        if observer is None or observer in (actor, smuggler):
            return line + f" (convoy: {_cards(data['cards'])})."
        return line + "."
    if kind == "success":
        why = (
            "a controller card stopped the inspection"
            if data["stopped_by_controller"]
            else "the inspection found no illegal goods"
        )
        return (
            f"The convoy passed ({why}): {_who(actor, observer)} took "
            f"{_whose(data['controller'], observer)} {data['card']} into "
            f"{'your' if actor == observer else 'their'} hand."
        )
    if kind == "stored":
        if sees_all:
            return f"Stored in {_whose(actor, observer)} warehouse: {_cards(data['cards'])}."
        return ""
    if kind == "end":
        # Final scores are announced to everyone at the end (docs/rules.md, Scoring).
        final = data["scores"]
        scores = ", ".join(f"{_whom(s, observer)} {money(v)}" for s, v in enumerate(final))
        won = [_whom(s, observer) for s, v in enumerate(final) if v == max(final)]
        verb = "wins" if len(won) == 1 and won[0] != "you" else "win"
        winners = " and ".join(won)
        return f"The game is over. Scores: {scores}. {winners[0].upper()}{winners[1:]} {verb}."
    return f"{kind}"


# ---------------------------------------------------------------- what an event shows

#: Events that show no seat anything it could not know already: its own choices,
#: and steps that follow from public facts (a controller card taken back, the
#: control round's winner, the final round starting when the pile is empty...).
_SHOWS_NOTHING = frozenset(
    (
        "start",
        "stop",
        "pass",
        "all_passed",
        "final_round",
        "convoy",
        "control",
        "decline",
        "no_control",
        "take_back",
        "controller",
        "no_bribe",
        "accept",
        "reject",
        "inspect",
        "waive",
        "success",
        "stored",
    )
)


def shown_to(event: Event, seat: int) -> str | None:
    """What ``event`` showed ``seat`` that it did not know, in a few words, or ``None``.

    The learner's undo (``GameBase.can_undo_for``) is refused past any event
    that answers here. The answer reads the event's kind and public fields
    only (whether a row card was turned up, who controls), never a hidden
    card, so it is the same in two games that differ only in cards ``seat``
    may not see. A kind not listed counts as showing something (safe).
    """
    kind, actor, data = event
    if kind in _SHOWS_NOTHING:
        return None
    if kind == "take_row":  # a card from the pile turned up in the slot (none once it is empty)
        return None if data["refill"] is None else "the card turned up in the row"
    if kind == "take_pile":
        return "the card you drew from the pile" if actor == seat else None
    if kind == "bribe":  # the controller sees the cards offered
        return "the bribe's cards" if seat == data["controller"] and actor != seat else None
    if kind == "turn":
        return "a convoy card turned over"
    if kind == "confiscate":
        return None if seat == data["smuggler"] else "the confiscated convoy"
    if kind == "end":
        return "the final scores"
    return "what happened"
