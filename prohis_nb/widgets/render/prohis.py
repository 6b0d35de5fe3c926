"""Prohis cards and table, drawn from view data (inline SVG, colour-blind safe).

Each kind has its own colour from the Okabe-Ito palette *and* its own shape
and corner letter, so no one needs to tell colours apart:

============  ==============  ==================  ======
kind          colour          shape               letter
============  ==============  ==================  ======
legal         bluish green    a crate             L
illegal       vermillion      a warning triangle  X
lieutenant    sky blue        one chevron         1
captain       blue            two chevrons        2
inspector     reddish purple  three chevrons      3
face down     grey, hatched   a question mark     ?
============  ==============  ==================  ======

Every card carries its name for screen readers (``role="img"``,
``aria-label``, ``title``). A face-down card carries no kind at all
(``data-kind="hidden"``): whatever is not in the view cannot be in the page.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from prohis_nb.text import money
from prohis_nb.widgets.render.base import OKABE_ITO, Renderer, esc, seat_name

#: Colour, corner letter, word on the card and name in words, by kind.
CARD_STYLE: dict[str, tuple[str, str, str, str]] = {
    "legal": (OKABE_ITO["bluish_green"], "L", "LEGAL", "legal goods"),
    "illegal": (OKABE_ITO["vermillion"], "X", "ILLEGAL", "illegal goods"),
    "lieutenant": (OKABE_ITO["sky_blue"], "1", "LIEUT.", "lieutenant (controller, rank 1)"),
    "captain": (OKABE_ITO["blue"], "2", "CAPTAIN", "captain (controller, rank 2)"),
    "inspector": (OKABE_ITO["reddish_purple"], "3", "INSP.", "inspector (controller, rank 3)"),
}
HIDDEN_NAME = "face-down card"
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


def _chevrons(count: int) -> str:
    lines = []
    for i in range(count):
        y = 14 + 9 * i + (3 - count) * 4
        lines.append(
            f"<polyline points='11,{y} 22,{y + 7} 33,{y}' fill='none' stroke='#fff' "
            "stroke-width='4' stroke-linejoin='round'/>"
        )
    return "".join(lines)


SHAPES: dict[str, str] = {
    "legal": (
        "<rect x='12' y='13' width='20' height='20' fill='#fff' stroke='#000' stroke-width='1.5'/>"
        "<path d='M12 13 L32 33 M32 13 L12 33' stroke='#000' stroke-width='1.2'/>"
    ),
    "illegal": (
        "<polygon points='22,9 36,35 8,35' fill='#fff' stroke='#000' stroke-width='1.5'/>"
        "<text x='22' y='32' font-size='17' font-weight='bold' text-anchor='middle' "
        "font-family='sans-serif' fill='#000'>!</text>"
    ),
    "lieutenant": _chevrons(1),
    "captain": _chevrons(2),
    "inspector": _chevrons(3),
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
    colour, letter, word, _name = CARD_STYLE[kind]
    fit = " textLength='35' lengthAdjust='spacingAndGlyphs'" if len(word) > 6 else ""
    border = (
        "stroke='#000' stroke-width='3' stroke-dasharray='5 2'"
        if kind == "illegal"
        else "stroke='#222' stroke-width='1.5'"
    )
    return (
        f"<svg viewBox='0 0 44 62' width='{width}' height='{height}' aria-hidden='true' "
        "focusable='false'>"
        f"<rect x='1' y='1' width='42' height='60' rx='5' fill='{colour}' {border}/>"
        f"{SHAPES[kind]}"
        "<rect x='3' y='44' width='38' height='15' rx='2' fill='#fff'/>"
        f"<text x='22' y='55' font-size='8.5' font-weight='bold' text-anchor='middle' "
        f"font-family='sans-serif' fill='#000'{fit}>{word}</text>"
        "<circle cx='8' cy='8.5' r='6' fill='#fff' stroke='#000' stroke-width='0.8'/>"
        f"<text x='8' y='11.8' font-size='9' font-weight='bold' text-anchor='middle' "
        f"font-family='sans-serif' fill='#000'>{letter}</text></svg>"
    )


# Card pictures never change: draw each (kind, size) once.
_PICTURES: dict[tuple[str | None, bool], str] = {}


def card_svg(kind: str | None, small: bool = False) -> str:
    """The SVG picture of a kind (``None``: a face-down card)."""
    key = (kind, small)
    if key not in _PICTURES:
        width, height = (22, 31) if small else (44, 62)
        if kind is None:
            _PICTURES[key] = _BACK.format(w=width, h=height)
        else:
            _PICTURES[key] = _face(kind, width, height)
    return _PICTURES[key]


def card_name(kind: str | None) -> str:
    """A kind in words: ``"illegal goods"``, ``"captain (controller, rank 2)"``..."""
    if kind is None:
        return HIDDEN_NAME
    return CARD_STYLE[kind][3] if kind in CARD_STYLE else str(kind)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


#: A hand or a bribe of more cards than this (a stacked table may deal hundreds)
#: is drawn grouped by kind with counts, so the page stays small. Hand and bribe
#: sizes are public: the choice of drawing reveals nothing.
PICTURES_AT_MOST = 24


class ProhisRenderer(Renderer):
    """Draws a Prohis table: row, pile, convoy, every seat's hand and warehouse."""

    game_name = "prohis"
    card_acts = {"convoy": True, "bribe": False}
    send_labels = {"convoy": "Send convoy", "bribe": "Offer bribe"}

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

    def grouped(self, kinds: Sequence[str], hidden: int = 0) -> str:
        """Cards grouped by kind as small pictures with counts (for warehouses)."""
        counts = Counter(kinds)
        parts = [
            f"{self.card(k, small=True)}<span class='pnb-count'>×{counts[k]}</span>"
            for k in CARD_STYLE
            if counts[k]
        ]
        if hidden:
            parts.append(f"{self.card(None, small=True)}<span class='pnb-count'>×{hidden}</span>")
        return "".join(parts) or "<span class='pnb-muted'>empty</span>"

    # ------------------------------------------------------------ the table

    def board(self, view: Mapping[str, Any], viewer: int | None) -> str:
        teacher = viewer is None
        parts = [self._centre(view, teacher)]
        convoy = view.get("convoy")
        if convoy:
            parts.append(self._convoy(convoy, viewer))
        acting = None if view.get("ended") else view.get("to_act")
        seats = [self._seat(view, info, viewer, acting) for info in view.get("seats", ())]
        return (
            f"<div class='pnb-area'>{''.join(parts)}</div>"
            f"<div class='pnb-area' style='margin-top:8px'>{''.join(seats)}</div>"
        )

    def _centre(self, view: Mapping[str, Any], teacher: bool) -> str:
        row = list(view.get("row", ()))
        slots = "".join(
            self.card(kind, note=f"slot {i}")
            if kind
            else f"<span class='pnb-muted' aria-label='slot {i} empty'>slot {i} empty</span>"
            for i, kind in enumerate(row)
        )
        pile = view.get("pile", 0)
        flags = []
        if view.get("final_round"):
            flags.append("<span class='pnb-badge pnb-warn'>final round</span>")
        if view.get("passes_in_a_row"):
            passes = view["passes_in_a_row"]
            word = "pass" if passes == 1 else "passes"
            flags.append(f"<span class='pnb-badge'>{passes} {word} in a row</span>")
        pile_cards = ""
        if teacher and view.get("pile_cards"):
            pile_cards = (
                "<details><summary>The pile, top card first (teacher only)</summary>"
                f"<div class='pnb-cards'>{self.cards(view['pile_cards'], small=True)}</div>"
                "</details>"
            )
        return (
            "<div class='pnb-box pnb-row'><h4>Row (face up)</h4>"
            f"<div class='pnb-cards'>{slots}</div></div>"
            "<div class='pnb-box pnb-pile'><h4>Draw pile</h4>"
            f"<div class='pnb-cards'>{self.card(None)}<span class='pnb-count' "
            f"data-pile='{pile}'>{_plural(pile, 'card')}</span></div>"
            f"{''.join(flags)}{pile_cards}</div>"
        )

    def _convoy(self, convoy: Mapping[str, Any], viewer: int | None) -> str:
        smuggler = convoy["smuggler"]
        cards = []
        for i, (kind, turned) in enumerate(zip(convoy["cards"], convoy["turned"])):
            if turned:
                note = f"{ORDINALS[i]}, turned"
            elif kind is None:
                note = f"{ORDINALS[i]}, face down"
            else:  # face down, but this viewer may see it (the smuggler or the teacher)
                note = f"{ORDINALS[i]}, secret"
            cards.append(self.card(kind, note=note))
        lines = [
            f"<h4>{'Your convoy' if smuggler == viewer else f'Convoy of seat {smuggler}'}: "
            f"{_plural(len(convoy['cards']), 'card')}</h4>",
            f"<div class='pnb-cards pnb-convoy-cards'>{''.join(cards)}</div>",
        ]
        if convoy.get("controls"):
            played = "".join(
                f"<div>{esc(seat_name(c['seat'], viewer))} played "
                f"{self.card(c['card'], small=True)} {esc(c['card'])}</div>"
                for c in convoy["controls"]
            )
            lines.append(f"<div class='pnb-controls'>Controller cards on the table:{played}</div>")
        if convoy.get("controller") is not None:
            card = convoy.get("controller_card")
            lines.append(
                f"<div>Controller: {esc(seat_name(convoy['controller'], viewer))} with "
                f"{self.card(card, small=True)} {esc(card)}</div>"
            )
        if convoy.get("bribe_size"):
            bribe = convoy.get("bribe")
            size = convoy["bribe_size"]
            if size > PICTURES_AT_MOST:  # a huge offer: grouped by kind
                seen = self.grouped(bribe or [], hidden=0 if bribe is not None else size)
            else:
                seen = (
                    self.cards(bribe, small=True)
                    if bribe is not None
                    else (self.cards([None] * size, small=True))
                )
            lines.append(
                f"<div>Bribe offered: {_plural(convoy['bribe_size'], 'card')} "
                f"<span class='pnb-cards' style='display:inline-flex'>{seen}</span></div>"
            )
        if convoy.get("rejected_bribes"):
            for rejected in convoy["rejected_bribes"]:
                text = esc(", ".join(rejected))
                lines.append(f"<div class='pnb-muted'>Rejected bribe: {text}</div>")
        if convoy.get("turn_limit"):
            lines.append(
                f"<div>Inspection: {convoy['turns_done']} of at most {convoy['turn_limit']} "
                "cards turned</div>"
            )
        return f"<div class='pnb-box pnb-convoy'>{''.join(lines)}</div>"

    def _seat(
        self,
        view: Mapping[str, Any],
        info: Mapping[str, Any],
        viewer: int | None,
        acting: int | None,
    ) -> str:
        seat = info["seat"]
        classes = ["pnb-box", "pnb-seat"]
        if seat == acting:
            classes.append("pnb-acting")
        if seat == viewer:
            classes.append("pnb-you")
        heading = esc(seat_name(seat, viewer))
        if seat == acting:
            heading += " <span class='pnb-badge pnb-warn'>to decide</span>"
        if info.get("out"):
            heading += " <span class='pnb-badge'>out</span>"
        hand_size, store_size = info["hand_size"], info["warehouse_size"]
        if viewer is None:  # the teacher sees every card
            hand = list(view["hands"][seat])
            store = list(view["warehouses"][seat])
            hand_html = self.cards(hand) if hand_size <= PICTURES_AT_MOST else self.grouped(hand)
            store_html = self.grouped(store)
            score = f"<div>Score now: {money(view['scores'][seat])}</div>"
            public = info.get("known_to_all") or []
            known = (
                f"<div class='pnb-muted'>Known to all: {esc(', '.join(public))}</div>"
                if public
                else ""
            )
        elif seat == viewer:
            hand = view["hand"]
            hand_html = self.cards(hand) if hand_size <= PICTURES_AT_MOST else self.grouped(hand)
            store_html = self.grouped(view["warehouse"])
            now = "Your final score" if view.get("ended") else "Your score if the game ended now"
            score = f"<div>{now}: {money(view['score'])}</div>"
            known = ""
        else:
            seen = list(info["known_in_hand"])[:hand_size]  # never more than the hand holds
            if hand_size > PICTURES_AT_MOST:  # hundreds of cards (a stacked table): by kind
                hand_html = self.grouped(seen, hidden=hand_size - len(seen))
            else:
                hand_html = "".join(self.card(k, note="known") for k in seen) + "".join(
                    self.card(None) for _ in range(hand_size - len(seen))
                )
            stored = list(info["known_in_warehouse"])
            store_html = self.grouped(stored, hidden=store_size - len(stored))
            score = ""
            known = ""
        return (
            f"<div class='{' '.join(classes)}' data-seat='{seat}'><h4>{heading}</h4>"
            f"<div>Hand: {_plural(hand_size, 'card')}</div>"
            f"<div class='pnb-cards pnb-hand'>{hand_html or '<span class=pnb-muted>empty</span>'}"
            "</div>"
            f"<div style='margin-top:4px'>Warehouse: {_plural(store_size, 'card')}</div>"
            f"<div class='pnb-cards pnb-warehouse'>{store_html}</div>{known}{score}</div>"
        )

    # ------------------------------------------------------------ actions

    def act_heading(self, act: str) -> str:
        return {
            "take": "Draw",
            "stop": "Draw",
            "pass": "Pass",
            "convoy": "Form a convoy (pick 2-4 cards in order)",
            "control": "Control the convoy",
            "decline": "Control the convoy",
            "bribe": "Offer a bribe (pick the cards)",
            "no_bribe": "Offer a bribe (pick the cards)",
            "accept": "Answer the bribe",
            "reject": "Answer the bribe",
            "inspect": "Inspect or waive",
            "waive": "Inspect or waive",
            "turn": "Turn a convoy card over",
        }.get(act, super().act_heading(act))

    def action_label(self, action: Any, view: Mapping[str, Any]) -> str:
        act = action.act
        if act == "take":
            if action.source == "pile":
                return "Draw from the pile"
            row = view.get("row", ())
            kind = row[action.slot] if action.slot < len(row) else None
            return f"Take row slot {action.slot} ({kind})"
        if act == "stop":
            return "Stop after one card"
        if act == "pass":
            return "Pass"
        if act == "control":
            return f"Control with {action.card}"
        if act == "decline":
            return "Decline"
        if act == "no_bribe":
            convoy = view.get("convoy") or {}
            return "No (further) bribe" if convoy.get("offers") else "No bribe"
        if act == "accept":
            return "Accept the bribe"
        if act == "reject":
            return "Reject the bribe"
        if act == "inspect":
            return "Inspect"
        if act == "waive":
            return "Waive"
        if act == "turn":
            return f"Turn the {ORDINALS[action.position]} card"
        if act in ("convoy", "bribe"):
            return f"{act.capitalize()}: {', '.join(action.cards)}"
        return str(action)
