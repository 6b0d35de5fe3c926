"""The convoy stage game's table for the widgets, drawn from view data only (HTML).

Table, Stepper, Play and HotSeat draw any registered game through its
renderer (:mod:`prohis_nb.widgets.render`); this is the convoy's. It draws
Prohis's cards (the same pictures, colours and letters: a convoy is a
Prohis convoy) from ``view.to_json()`` and nothing else, so a picture can only
show what the view holds: the controller's card, the smuggler's hand (to
the smuggler and the teacher), the convoy's face-down places (a card where
one was turned), the bribe, the answer and the ending.

Every decision has at most a handful of choices, so each is a button
("Send a dirty convoy: 2 legal, 1 illegal", "Offer a bribe: 1 legal",
"Reject it: inspect"): nothing is composed card by card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prohis_nb.widgets.render.base import esc
from prohis_nb.widgets.render.prohis import ProhisRenderer

_ENDINGS = {
    "accepted": "The bribe was accepted: the convoy passed.",
    "waived": "The controller waived: the convoy passed.",
    "passed": "The inspection found nothing illegal: the convoy passed.",
    "confiscated": "The inspection caught illegal goods: the convoy was confiscated.",
}
_LABELS = {
    "no_bribe": "Offer no bribe",
    "accept": "Accept the bribe",
    "reject": "Reject it: inspect",
    "inspect": "Inspect the convoy",
    "waive": "Waive: let it pass",
}


def _words(cards: Any) -> str:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return ", ".join(f"{n} {kind}" for kind, n in counts.items())


class ConvoyRenderer(ProhisRenderer):
    """Draws one convoy: the controller's card, the hand, the face-down convoy, the bribe."""

    game_name = "convoy"
    card_acts: dict[str, bool] = {}  # every choice is one button
    send_labels: dict[str, str] = {}

    def act_heading(self, act: str) -> str:
        return {"convoy": "Your convoy", "bribe": "Your offer", "no_bribe": "Your offer"}.get(
            act, "Your answer"
        )

    def action_label(self, action: Any, view: Mapping[str, Any]) -> str:
        if action.act == "convoy":
            load = "a dirty" if "illegal" in action.cards else "an honest"
            return f"Send {load} convoy: {_words(action.cards)}"
        if action.act == "bribe":
            return f"Offer a bribe: {_words(action.cards)}"
        return _LABELS.get(action.act, str(action))

    def board(self, view: Mapping[str, Any], viewer: int | None) -> str:
        teacher = viewer is None
        boxes = [self._controller(view, viewer), self._smuggler(view, viewer, teacher)]
        boxes.append(self._convoy_box(view, teacher))
        boxes.append(self._offer(view, viewer))
        ending = view.get("ending")
        story = f"<p data-ending='{esc(ending)}'>{esc(_ENDINGS[ending])}</p>" if ending else ""
        return f"<div class='pnb-area'>{''.join(boxes)}</div>{story}"

    def _controller(self, view: Mapping[str, Any], viewer: int | None) -> str:
        you = " pnb-you" if viewer == 1 else ""
        acting = " pnb-acting" if view.get("to_act") == 1 and not view.get("ended") else ""
        who = "You (seat 1)" if viewer == 1 else "Seat 1"
        return (
            f"<div class='pnb-box{you}{acting}' data-seat='1'><h4>{who}: the controller</h4>"
            f"<div class='pnb-cards'>{self.card(view['card'], note='played')}</div></div>"
        )

    def _smuggler(self, view: Mapping[str, Any], viewer: int | None, teacher: bool) -> str:
        you = " pnb-you" if viewer == 0 else ""
        acting = " pnb-acting" if view.get("to_act") == 0 and not view.get("ended") else ""
        who = "You (seat 0)" if viewer == 0 else "Seat 0"
        hand = view.get("hand")
        if hand is not None:
            load = "dirty" if view.get("dirty") else "honest"
            inside = f"<div>A {load} hand</div><div class='pnb-cards'>{self.grouped(hand)}</div>"
        else:
            inside = "<div class='pnb-muted'>Its hand is face down.</div>"
        return (
            f"<div class='pnb-box{you}{acting}' data-seat='0'><h4>{who}: the smuggler</h4>"
            f"{inside}</div>"
        )

    def _convoy_box(self, view: Mapping[str, Any], teacher: bool) -> str:
        places = view.get("face_down") or ()
        if not places:
            waiting = "<span class='pnb-muted'>not sent yet</span>"
            return f"<div class='pnb-box'><h4>The convoy</h4>{waiting}</div>"
        turned = len(view.get("turned", ())) if teacher else 0
        cards = []
        for place, card in enumerate(places):
            where = f"place {place + 1}"
            if teacher:  # the teacher sees every card, turned or not
                note = f"turned, {where}" if place < turned else f"face down, {where}"
            else:
                note = f"turned, {where}" if card is not None else where
            cards.append(self.card(card, note=note))
        known = view.get("convoy")
        holds = (
            f"<div>It holds {esc(_words(known))}.</div>"
            if known is not None and not teacher
            else ""
        )
        return (
            f"<div class='pnb-box'><h4>The convoy ({len(places)} cards)</h4>"
            f"<div class='pnb-cards'>{''.join(cards)}</div>{holds}</div>"
        )

    def _offer(self, view: Mapping[str, Any], viewer: int | None) -> str:
        bribe = view.get("bribe")
        if "offered" in view:  # a seat's view says it
            offered = view["offered"]
        else:  # the teacher's: read from the bribe, the answer and the decision
            no_bribe = view.get("answer") in ("inspect", "waive") or (
                (view.get("decision") or {}).get("kind") == "inspect_or_waive"
            )
            offered = True if bribe is not None else (False if no_bribe else None)
        if bribe:
            inside = f"<div class='pnb-cards'>{self.cards(bribe, small=True)}</div>"
        elif offered:
            inside = "<span class='pnb-muted'>a bribe, face down</span>"
        elif offered is False:
            inside = "<span>no bribe</span>"
        else:
            inside = "<span class='pnb-muted'>not yet</span>"
        answer = view.get("answer")
        said = f"<div data-answer='{esc(answer)}'>Answer: {esc(answer)}</div>" if answer else ""
        return f"<div class='pnb-box'><h4>The bribe</h4>{inside}{said}</div>"
