"""Smuggle cards and table, drawn from view data (inline SVG, colour-blind safe).

Ten kinds of card, each with its own shape and its own two-letter corner mark,
on an Okabe-Ito colour, so nobody has to tell colours apart (the Crown and the
Necklace share yellow; their shapes, letters and borders differ):

==============  ==============  ===================  ======
kind            colour          shape                letters
==============  ==============  ===================  ======
luggage         grey            a suitcase           Lu
diplomatic_bag  black           a sealed envelope    DB
crown           yellow          a crown              Cr
wine            reddish purple  a bottle             Wi
cigars          vermillion      three cigars         Ci
brandy          orange          a brandy glass       Br
perfume         sky blue        a round flask        Pe
watch           blue            a clock face         Wa
camera          bluish green    a camera body, lens  Ca
necklace        yellow          a string of pearls   Ne
face down       light grey      hatched, a "?"       ?
==============  ==============  ===================  ======

Every card carries its name for screen readers (``role="img"``,
``aria-label``, ``title``). A face-down card carries no kind at all
(``data-kind="hidden"``): whatever is not in the view cannot be in the page.

A **declaration** is a claim, not a card: it is drawn as text chips
(``class="pnb-claim"``, ``data-item``), never as card pictures, so the only
card pictures in a seat's table are the cards that seat may see.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from prohis_nb.smuggle.board import DUTIABLE, Board
from prohis_nb.text import money
from prohis_nb.widgets.render.base import OKABE_ITO, Renderer, esc, seat_name

#: Colour, corner letters, word on the card and name in words, by kind.
CARD_STYLE: dict[str, tuple[str, str, str, str]] = {
    "luggage": (OKABE_ITO["grey"], "Lu", "LUGGAGE", "Luggage"),
    "diplomatic_bag": ("#000000", "DB", "DIPL. BAG", "Diplomatic Bag"),
    "crown": (OKABE_ITO["yellow"], "Cr", "CROWN", "Crown"),
    "wine": (OKABE_ITO["reddish_purple"], "Wi", "WINE", "Wine"),
    "cigars": (OKABE_ITO["vermillion"], "Ci", "CIGARS", "Cigars"),
    "brandy": (OKABE_ITO["orange"], "Br", "BRANDY", "Brandy"),
    "perfume": (OKABE_ITO["sky_blue"], "Pe", "PERFUME", "Perfume"),
    "watch": (OKABE_ITO["blue"], "Wa", "WATCH", "Watch"),
    "camera": (OKABE_ITO["bluish_green"], "Ca", "CAMERA", "Camera"),
    "necklace": (OKABE_ITO["yellow"], "Ne", "NECKLACE", "Necklace"),
}
HIDDEN_NAME = "face-down card"
#: How many cards of the pack the teacher sees face up (top first).
PACK_SHOWN = 8

_W = "fill='#fff' stroke='#000' stroke-width='1.5'"
SHAPES: dict[str, str] = {
    "luggage": (
        f"<rect x='9' y='17' width='26' height='18' rx='3' {_W}/>"
        "<path d='M17 17 V12 H27 V17' fill='none' stroke='#000' stroke-width='2'/>"
        "<path d='M9 24 H35' stroke='#000' stroke-width='1.2'/>"
    ),
    "diplomatic_bag": (
        f"<rect x='8' y='13' width='28' height='20' {_W}/>"
        "<path d='M8 13 L22 25 L36 13' fill='none' stroke='#000' stroke-width='1.5'/>"
        "<circle cx='22' cy='25' r='4.5' fill='#D55E00' stroke='#000' stroke-width='1'/>"
    ),
    "crown": f"<polygon points='8,34 8,15 15,24 22,11 29,24 36,15 36,34' {_W}/>",
    "wine": (
        f"<path d='M19 9 H25 V16 Q31 19 31 25 V36 H13 V25 Q13 19 19 16 Z' {_W}/>"
        "<rect x='15' y='26' width='14' height='6' fill='#000'/>"
    ),
    "cigars": (
        f"<rect x='8' y='13' width='28' height='5' rx='2.5' {_W}/>"
        f"<rect x='8' y='21' width='28' height='5' rx='2.5' {_W}/>"
        f"<rect x='8' y='29' width='28' height='5' rx='2.5' {_W}/>"
    ),
    "brandy": (
        f"<path d='M11 14 Q11 30 22 30 Q33 30 33 14 Z' {_W}/>"
        "<path d='M22 30 V36 M15 37 H29' stroke='#000' stroke-width='2'/>"
    ),
    "perfume": (
        f"<circle cx='22' cy='27' r='9' {_W}/><rect x='19' y='11' width='6' height='8' {_W}/>"
    ),
    "watch": (
        f"<circle cx='22' cy='23' r='12' {_W}/>"
        "<path d='M22 23 V15 M22 23 L28 26' stroke='#000' stroke-width='2'/>"
    ),
    "camera": (
        f"<rect x='8' y='16' width='28' height='19' rx='2' {_W}/>"
        f"<rect x='13' y='12' width='8' height='4' {_W}/>"
        "<circle cx='22' cy='25.5' r='6' fill='#000'/>"
        "<circle cx='22' cy='25.5' r='2.5' fill='#fff'/>"
    ),
    "necklace": (
        "<path d='M9 13 Q22 44 35 13' fill='none' stroke='#000' stroke-width='1'/>"
        + "".join(
            f"<circle cx='{x}' cy='{y}' r='2.8' {_W}/>"
            for x, y in ((10, 16), (13, 23), (17, 28), (22, 30), (27, 28), (31, 23), (34, 16))
        )
    ),
}

_BACK = (
    "<svg viewBox='0 0 44 62' width='{w}' height='{h}' aria-hidden='true' focusable='false'>"
    "<rect x='1' y='1' width='42' height='60' rx='5' fill='#d9d9d9' stroke='#555' "
    "stroke-width='1.5'/>"
    "<path d='M6 14 L30 56 M14 6 L38 48 M6 34 L18 56 M26 6 L38 27' stroke='#aaa' "
    "stroke-width='3'/>"
    "<text x='22' y='38' font-size='22' font-weight='bold' text-anchor='middle' "
    "font-family='sans-serif' fill='#333'>?</text></svg>"
)


def _face(kind: str, width: int, height: int) -> str:
    colour, letters, word, _name = CARD_STYLE[kind]
    fit = " textLength='36' lengthAdjust='spacingAndGlyphs'" if len(word) > 6 else ""
    border = {
        "crown": "stroke='#000' stroke-width='3'",
        "necklace": "stroke='#000' stroke-width='2' stroke-dasharray='3 2'",
    }.get(kind, "stroke='#222' stroke-width='1.5'")
    return (
        f"<svg viewBox='0 0 44 62' width='{width}' height='{height}' aria-hidden='true' "
        "focusable='false'>"
        f"<rect x='1' y='1' width='42' height='60' rx='5' fill='{colour}' {border}/>"
        f"{SHAPES[kind]}"
        "<rect x='3' y='44' width='38' height='15' rx='2' fill='#fff'/>"
        "<text x='22' y='55' font-size='8.5' font-weight='bold' text-anchor='middle' "
        f"font-family='sans-serif' fill='#000'{fit}>{word}</text>"
        "<rect x='1.5' y='1.5' width='14' height='10' rx='3' fill='#fff' stroke='#000' "
        "stroke-width='0.8'/>"
        "<text x='8.5' y='9.5' font-size='8' font-weight='bold' text-anchor='middle' "
        f"font-family='sans-serif' fill='#000'>{letters}</text></svg>"
    )


# Card pictures never change: draw each (kind, size) once.
_PICTURES: dict[tuple[str | None, bool], str] = {}


def card_svg(kind: str | None, small: bool = False) -> str:
    """The SVG picture of a kind (``None``: a face-down card)."""
    key = (kind, small)
    if key not in _PICTURES:
        width, height = (22, 31) if small else (44, 62)
        _PICTURES[key] = (
            _BACK.format(w=width, h=height) if kind is None else _face(kind, width, height)
        )
    return _PICTURES[key]


def card_name(kind: str | None) -> str:
    """A kind in words: ``"Diplomatic Bag"``, ``"Wine"``... (``None``: a face-down card)."""
    if kind is None:
        return HIDDEN_NAME
    return CARD_STYLE[kind][3] if kind in CARD_STYLE else str(kind)


_DEFAULT_BOARD = Board()


@lru_cache(maxsize=16)
def _board_from(text: str) -> Board:
    return Board.from_json(json.loads(text))


def board_of(view: Mapping[str, Any]) -> Board:
    """The board (duties, fines, amounts) written in ``view["rules"]``.

    No ``board`` variant means the default board (docs/smuggle-rules.md's duty table).
    """
    variants = (view.get("rules") or {}).get("variants") or {}
    if "board" not in variants:
        return _DEFAULT_BOARD
    return _board_from(json.dumps(variants["board"], sort_keys=True))


def dollars(amount: int) -> str:
    """Money as a reader writes it: ``$2,000``, ``−$150`` (below zero: borrowed)."""
    return money(amount)


def items_in_words(items: Sequence[str]) -> str:
    """A multiset of items in words, in the board's order: ``"2 Wine, 1 Watch"``."""
    counts = Counter(items)
    order = [k for k in DUTIABLE if counts[k]] + sorted(k for k in counts if k not in DUTIABLE)
    return ", ".join(f"{counts[k]} {card_name(k)}" for k in order) or "nothing"


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class SmuggleRenderer(Renderer):
    """Draws a Smuggle table: the round, the pack, the declaration, every seat's box.

    The hand on the table is drawn in its holder's box: face up for the seat
    that may see it (``view["hand"]`` is not None) and for the teacher, as
    ``hand_size`` card backs for everyone else.
    """

    game_name = "smuggle"
    card_acts: Mapping[str, bool] = {}
    send_labels = {"declare": "Declare"}
    #: Acts built as a multiset of items (act -> the action's field holding them);
    #: :class:`~prohis_nb.widgets.declare.ItemComposer` composes them.
    item_acts: Mapping[str, str] = {"declare": "items"}

    # ------------------------------------------------------------ cards

    def card(self, kind: str | None, *, small: bool = False, note: str = "") -> str:
        if kind is not None and kind not in CARD_STYLE:
            kind = None  # never draw a kind the renderer does not know as if it were known
        name = card_name(kind)
        label = f"{name}, {note}" if note else name
        note_html = f"<span class='pnb-note' aria-hidden='true'>{esc(note)}</span>" if note else ""
        return (
            f"<span class='pnb-card' role='img' data-kind='{kind or 'hidden'}' "
            f"aria-label='{esc(label)}' title='{esc(label)}'>{card_svg(kind, small)}"
            f"{note_html}</span>"
        )

    def card_name(self, kind: str) -> str:
        return card_name(kind)

    def card_colour(self, kind: str) -> str | None:
        return CARD_STYLE[kind][0] if kind in CARD_STYLE else None

    def cards(self, kinds: Sequence[str | None], *, small: bool = False) -> str:
        """A line of cards, one picture each."""
        if not kinds:
            return "<span class='pnb-muted'>none</span>"
        return "".join(self.card(k, small=small) for k in kinds)

    def claim(self, items: Sequence[str]) -> str:
        """Declared items as text chips (a claim, not cards: no ``pnb-card``, no ``data-kind``)."""
        counts = Counter(items)
        chips = []
        for kind in [k for k in DUTIABLE if counts[k]]:
            colour, letters, _word, name = CARD_STYLE[kind]
            text_colour = "#fff" if kind == "watch" else "#000"
            chips.append(
                f"<span class='pnb-claim pnb-badge' data-item='{kind}' "
                f"style='background:{colour};color:{text_colour}'>"
                f"{counts[kind]} × {esc(name)} ({letters})</span>"
            )
        return " ".join(chips) or "<span class='pnb-claim pnb-badge'>nothing</span>"

    # ------------------------------------------------------------ words

    def describe_items(self, act: str, items: Sequence[str], view: Mapping[str, Any]) -> str:
        """A composed declaration in words with its duty: ``"2 Wine: duty $50"``."""
        duty = board_of(view).hand_duty(Counter(items))
        return f"{items_in_words(items)}: duty {dollars(duty)}"

    def act_heading(self, act: str) -> str:
        return {
            "declare": "Declare your hand (or claim Diplomatic Immunity)",
            "immunity": "Declare your hand (or claim Diplomatic Immunity)",
            "accept": "Accept, or look inside",
            "search": "Accept, or look inside",
            "inform": "Accept, or look inside",
            "challenge": "Accept, or look inside",
            "discard": "Discard one card (then you draw one)",
        }.get(act, super().act_heading(act))

    def action_label(self, action: Any, view: Mapping[str, Any]) -> str:
        act = action.act
        kind = (view.get("decision") or {}).get("kind")
        if act == "declare":
            return f"Declare {items_in_words(action.items)}"
        if act == "immunity":
            return "Claim Diplomatic Immunity"
        if act == "accept":
            if kind == "receiver":
                return "Accept the passed hand"
            return "Accept the immunity claim" if view.get("immunity") else "Accept the declaration"
        if act == "search":
            return "Search the hand"
        if act == "inform":
            return "Turn Informer"
        if act == "challenge":
            return "Challenge the immunity claim"
        if act == "discard":
            return f"Discard your {card_name(action.card)}"
        return str(action)

    # ------------------------------------------------------------ the table

    def board(self, view: Mapping[str, Any], viewer: int | None) -> str:
        teacher = viewer is None
        centre = [
            self._round(view),
            self._pack(view, teacher),
            self._declaration(view, viewer),
            self._last_search(view, viewer),
        ]
        acting = None if view.get("ended") else view.get("to_act")
        seats = [self._seat(view, seat, viewer, acting) for seat in range(view["players"])]
        return (
            f"<div class='pnb-area'>{''.join(centre)}</div>"
            f"<div class='pnb-area' style='margin-top:8px'>{''.join(seats)}</div>"
        )

    def _round(self, view: Mapping[str, Any]) -> str:
        players = view["players"]
        officer = view["officer"]
        return (
            "<div class='pnb-box pnb-round'><h4>Round</h4>"
            f"<div data-round='{view['round'] + 1}'>Round {view['round'] + 1} of {players}</div>"
            f"<div>Customs Officer: seat {officer}</div></div>"
        )

    def _pack(self, view: Mapping[str, Any], teacher: bool) -> str:
        size = view["pile"] if teacher else view["pack_size"]
        discards = len(view["discards"]) if teacher else view["discard_size"]
        lines = [
            "<h4>Pack and discards</h4>",
            f"<div class='pnb-cards'>{self.card(None)}<span class='pnb-count' "
            f"data-pack='{size}'>{_plural(size, 'card')} in the pack</span></div>",
            f"<div data-discards='{discards}'>{_plural(discards, 'card')} discarded "
            "(face down)</div>",
        ]
        if teacher:
            top = list(view["pack"][:PACK_SHOWN])
            pictures = "".join(
                self.card(kind, small=True, note="next" if i == 0 else f"{i + 1}.")
                for i, kind in enumerate(top)
            )
            more = len(view["pack"]) - len(top)
            rest = f"<span class='pnb-muted'>and {more} more</span>" if more else ""
            lines.append(
                "<div class='pnb-teacher-only'><b>Teacher only: the next cards of the pack, "
                f"top card first</b><div class='pnb-cards pnb-pack'>"
                f"{pictures or '<span class=pnb-muted>empty</span>'}{rest}</div></div>"
            )
            if view["discards"]:
                lines.append(
                    "<details><summary>Teacher only: the discards</summary>"
                    f"<div class='pnb-cards pnb-discards'>"
                    f"{self.cards(view['discards'], small=True)}</div></details>"
                )
        return f"<div class='pnb-box pnb-pile'>{''.join(lines)}</div>"

    def _declaration(self, view: Mapping[str, Any], viewer: int | None) -> str:
        holder = view.get("holder")
        if view.get("ended") or holder is None:
            body = "<span class='pnb-muted'>No hand on the table.</span>"
        elif view.get("immunity"):
            body = (
                f"{esc(seat_name(holder, viewer))} claimed <b>Diplomatic Immunity</b> "
                "(no duty; a wrong claim costs "
                f"{dollars(board_of(view).immunity_fine)} more than the fines)"
            )
        elif view.get("declared") is not None:
            items = view["declared"]
            duty = board_of(view).hand_duty(Counter(items))
            body = (
                f"{esc(seat_name(holder, viewer))} declared {self.claim(items)} "
                f"<span data-duty='{duty}'>duty {dollars(duty)}</span>"
            )
        else:
            who = "you" if holder == viewer else f"seat {holder}"
            body = f"Not declared yet ({who} to declare)."
        return f"<div class='pnb-box pnb-declaration'><h4>Declaration</h4><div>{body}</div></div>"

    def _last_search(self, view: Mapping[str, Any], viewer: int | None) -> str:
        """The hand searched last this round: shown to everyone, so drawn face up."""
        search = view.get("last_search")
        if not search:
            return ""
        how = {
            "officer": "searched",
            "informer": "turned Informer and searched",
            "challenge": "challenged the immunity claim and searched",
        }.get(search["how"], "searched")
        if search["how"] == "challenge":
            found = "the Bag was there" if "diplomatic_bag" in search["cards"] else "no Bag"
        else:
            found = "the complete truth" if search["truth"] else "not the complete truth"
        who = seat_name(search["searcher"], viewer)
        whose = "your" if search["holder"] == viewer else f"seat {search['holder']}'s"
        return (
            "<div class='pnb-box pnb-last-search'><h4>Last search (shown to everyone)</h4>"
            f"<div>{esc(who)} {esc(how)} {esc(whose)} hand: {esc(found)}</div>"
            f"<div class='pnb-cards pnb-search'>{self.cards(search['cards'], small=True)}</div>"
            "</div>"
        )

    def _seat(
        self,
        view: Mapping[str, Any],
        seat: int,
        viewer: int | None,
        acting: int | None,
    ) -> str:
        teacher = viewer is None
        classes = ["pnb-box", "pnb-seat"]
        if seat == acting:
            classes.append("pnb-acting")
        if seat == viewer:
            classes.append("pnb-you")
        badges = []
        if seat == view["officer"] and not view.get("ended"):
            badges.append("<span class='pnb-badge pnb-officer'>Customs Officer</span>")
        if seat == view.get("holder"):
            badges.append("<span class='pnb-badge pnb-holder'>holds the hand</span>")
        if seat == view.get("receiver"):
            badges.append("<span class='pnb-badge pnb-receiver'>hand passed to them</span>")
        if seat == acting:
            badges.append("<span class='pnb-badge pnb-warn'>to decide</span>")
        money = (view["scores"] if teacher else view["money"])[seat]
        owes = " <span class='pnb-muted'>(borrowing)</span>" if money < 0 else ""
        hand_html = ""
        if seat == view.get("holder"):
            if teacher:
                kinds: Sequence[str | None] = view["hands"][seat]
            elif view.get("hand") is not None:  # this viewer holds the hand and may see it
                kinds = view["hand"]
            else:
                kinds = [None] * view["hand_size"]
            face = "face down" if kinds and kinds[0] is None else "face up"
            hand_html = (
                f"<div>Hand: {_plural(len(kinds), 'card')}, {face}</div>"
                f"<div class='pnb-cards pnb-hand'>{self.cards(kinds)}</div>"
            )
        return (
            f"<div class='{' '.join(classes)}' data-seat='{seat}'>"
            f"<h4>{esc(seat_name(seat, viewer))} {' '.join(badges)}</h4>"
            f"<div data-money='{money}'>Money: {dollars(money)}{owes}</div>{hand_html}</div>"
        )
