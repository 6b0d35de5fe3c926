"""The customs stage game's table for the widgets, drawn from view data only (HTML).

Table, Stepper, Play and HotSeat draw any registered game through its
renderer (:mod:`prohis_nb.widgets.render`); this is the customs game's. It is
Smuggle's renderer (the same card pictures, the declaration as text chips,
the declaration composed item by item with its duty) with the table of one
declaration: the Officer, the declarer and its 4 cards (face up for the
declarer and the teacher, and for everyone once searched), the declaration,
and the money each has gained or lost.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prohis_nb.widgets.render.base import esc, seat_name
from prohis_nb.widgets.render.smuggle import SmuggleRenderer, dollars


class CustomsRenderer(SmuggleRenderer):
    """Draws one declaration: the Officer, the declarer's hand, the declaration, the money."""

    game_name = "customs"

    def board(self, view: Mapping[str, Any], viewer: int | None) -> str:
        teacher = viewer is None
        money = view["scores"] if teacher else view["money"]
        acting = None if view.get("ended") else view.get("to_act")
        boxes = []
        for seat, role in ((0, "Customs Officer"), (1, "declares")):
            classes = "pnb-box pnb-seat" + (" pnb-acting" if seat == acting else "")
            classes += " pnb-you" if seat == viewer else ""
            inside = f"<div data-money='{money[seat]}'>Money: {dollars(money[seat])}</div>"
            if seat == 1:
                hand = view.get("hand")
                kinds = list(hand) if hand is not None else [None] * view.get("hand_size", 4)
                face = "face up" if hand is not None else "face down"
                inside += (
                    f"<div>Hand: 4 cards, {face}</div>"
                    f"<div class='pnb-cards pnb-hand'>{self.cards(kinds)}</div>"
                )
            boxes.append(
                f"<div class='{classes}' data-seat='{seat}'><h4>{esc(seat_name(seat, viewer))} "
                f"<span class='pnb-badge'>{role}</span></h4>{inside}</div>"
            )
        declaration = self._declaration({**view, "holder": 1, "ended": False}, viewer)
        answer = view.get("answer")
        said = ""
        if answer:
            truth = view.get("truth")
            found = ""
            if truth is not None:
                found = (
                    (" — the Bag was there" if truth else " — no Bag")
                    if view.get("immunity")
                    else (" — the complete truth" if truth else " — not the complete truth")
                )
            said = f"<p data-answer='{esc(answer)}'>The Officer's answer: {esc(answer)}{found}.</p>"
        return f"<div class='pnb-area'>{declaration}{''.join(boxes)}</div>{said}"
