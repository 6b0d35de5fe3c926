"""Smuggle actions: small immutable values, one per decision taken.

=============== ==============================================================
act              meaning (fields)
=============== ==============================================================
``declare``      declare the hand: ``items``, 0-4 dutiable kinds (a multiset,
                 kept in the board's order; items not held are allowed)
``immunity``     claim Diplomatic Immunity
``accept``       the Officer accepts a declaration or an immunity claim; the
                 receiver accepts a passed hand (and will look at it)
``search``       the Officer searches a declared hand
``inform``       the receiver turns Informer and searches the passed hand
``challenge``    the Officer or the receiver challenges an immunity claim
``discard``      the receiver, after accepting, discards one ``card`` (a kind)
=============== ==============================================================

>>> Action(1, "declare", items=("wine", "wine")).to_json()
{'seat': 1, 'act': 'declare', 'items': ['wine', 'wine']}
>>> parse("2 declare watch,wine")
Action(seat=2, act='declare', items=('wine', 'watch'))
>>> parse_for_seat("declare nothing", 1)
Action(seat=1, act='declare')
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Mapping
from itertools import combinations_with_replacement
from typing import Any

from prohis_nb.errors import MalformedActionError, excerpt
from prohis_nb.smuggle.board import DUTIABLE, PACK_COUNTS

#: Every act and the fields it carries.
ACT_FIELDS: dict[str, tuple[str, ...]] = {
    "declare": ("items",),
    "immunity": (),
    "accept": (),
    "search": (),
    "inform": (),
    "challenge": (),
    "discard": ("card",),
}

#: The largest declaration: the hand size (a documented restriction, see docs).
MAX_DECLARED = 4
_ORDER = {kind: i for i, kind in enumerate(DUTIABLE)}

#: Every declaration allowed, as sorted tuples of kinds: 495 multisets of 0-4 items.
DECLARATIONS: tuple[tuple[str, ...], ...] = tuple(
    items
    for size in range(MAX_DECLARED + 1)
    for items in combinations_with_replacement(DUTIABLE, size)
)


class Action(namedtuple("Action", "seat act items card", defaults=((), None))):
    """One decision: ``seat``, ``act``, then ``items`` (declare) or ``card`` (discard)."""

    __slots__ = ()

    def __repr__(self) -> str:
        parts = [f"seat={excerpt(self.seat)}", f"act={excerpt(self.act)}"]
        if self.items:
            parts.append(f"items={excerpt(self.items, 200)}")
        if self.card is not None:
            parts.append(f"card={excerpt(self.card)}")
        return f"Action({', '.join(parts)})"

    def __str__(self) -> str:
        """A short form, read back by :func:`parse`: ``1 declare wine,wine``."""
        extra = ""
        if self.act == "declare":
            extra = " " + (",".join(self.items) or "nothing")
        elif self.card is not None:
            extra = " " + self.card
        return f"{excerpt(self.seat)} {self.act}{extra}"

    def to_json(self) -> dict[str, Any]:
        """The action as a record holds it."""
        out: dict[str, Any] = {"seat": self.seat, "act": self.act}
        if self.act == "declare":
            out["items"] = list(self.items)
        elif self.act == "discard":
            out["card"] = self.card
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read one record action; raises ``MalformedActionError`` saying what is wrong.

        Types are checked as well as values: ``{"act": ["accept"]}`` or an
        ``items`` that is not a list of strings is refused, and a ``declare``
        must say its ``items`` (``[]`` to declare nothing).
        """
        if isinstance(data, Action):
            return cls.checked(data)
        if not isinstance(data, Mapping):
            raise MalformedActionError(
                f"an action is an object with seat and act, got {excerpt(data)}"
            )
        act = data.get("act")
        if not isinstance(act, str) or act not in ACT_FIELDS:
            raise MalformedActionError(
                f"unknown act {excerpt(act)}; the Smuggle acts are {', '.join(ACT_FIELDS)}"
            )
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise MalformedActionError(
                f"{act}: seat must be a seat number (a whole number), got {excerpt(seat)}"
            )
        allowed = {"seat", "act", *ACT_FIELDS[act]}
        extra = [key for key in data if key not in allowed]
        if extra:
            raise MalformedActionError(
                f"{act}: unexpected field(s) {excerpt(sorted(map(str, extra)))}; a {act} has "
                f"{', '.join(sorted(allowed))}"
            )
        if act == "declare":
            if "items" not in data:
                raise MalformedActionError(
                    "declare: items is missing: list the declared kinds, [] to declare nothing"
                )
            return cls(seat, act, items=_items(data["items"]))
        if act == "discard":
            card = data.get("card")
            if not isinstance(card, str) or card not in PACK_COUNTS:
                raise MalformedActionError(
                    f"discard: card must be one of {', '.join(PACK_COUNTS)}, got {excerpt(card)}"
                )
            return cls(seat, act, card=card)
        return cls(seat, act)

    @classmethod
    def checked(cls, action: Action) -> Action:
        """An ``Action`` built by hand, checked field by field like a record's action."""
        act = action.act
        if not isinstance(act, str) or act not in ACT_FIELDS:
            raise MalformedActionError(
                f"unknown act {excerpt(act)}; the Smuggle acts are {', '.join(ACT_FIELDS)}"
            )
        data: dict[str, Any] = {"seat": action.seat, "act": act}
        items, card = action.items, action.card
        if not isinstance(items, tuple):
            raise MalformedActionError(
                f"{act}: an Action's items are a tuple of kinds, e.g. items=('wine',), "
                f"got {excerpt(items)}"
            )
        if act == "declare":
            data["items"] = items
        elif not (isinstance(items, tuple) and not items):
            raise MalformedActionError(
                f"{act}: unexpected items {excerpt(items)}; only a declare has items"
            )
        if act == "discard":
            data["card"] = card
        elif card is not None:
            raise MalformedActionError(
                f"{act}: unexpected card {excerpt(card)}; only a discard has a card"
            )
        return cls.from_json(data)


def _items(items: Any) -> tuple[str, ...]:
    if not isinstance(items, list | tuple):
        raise MalformedActionError(
            f"declare: items must be a list of kinds ([] to declare nothing), got {excerpt(items)}"
        )
    bad = [k for k in items if not isinstance(k, str) or k not in _ORDER]
    if bad:
        raise MalformedActionError(
            f"declare: items {excerpt(bad)} cannot be declared; the dutiable kinds are "
            f"{', '.join(DUTIABLE)}"
        )
    if len(items) > MAX_DECLARED:
        raise MalformedActionError(
            f"declare: at most {MAX_DECLARED} items (the hand size), got {len(items)}"
        )
    return tuple(sorted(items, key=_ORDER.__getitem__))


def _small_number(word: str) -> bool:
    """True for a plain number of a few ASCII digits (``"²"`` is a digit to ``str.isdigit``)."""
    return word.isascii() and word.isdigit() and len(word) <= 6


def parse(text: str) -> Action:
    """Read the short form ``"<seat> <act> [items|card]"`` (``declare nothing``: no items)."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action in words is a string, got {excerpt(text)}")
    words = text.split()
    if len(words) < 2 or not _small_number(words[0].lstrip("-")):
        raise MalformedActionError(
            f"write an action as '<seat> <act> [items|card]', e.g. '1 declare wine,wine'; "
            f"got {excerpt(text)}"
        )
    seat, act, rest = int(words[0]), words[1], words[2:]
    if act not in ACT_FIELDS:
        raise MalformedActionError(
            f"unknown act {excerpt(act)}; the Smuggle acts are {', '.join(ACT_FIELDS)}"
        )
    data: dict[str, Any] = {"seat": seat, "act": act}
    if act == "declare":
        joined = ",".join(rest)
        data["items"] = [] if joined in ("", "nothing") else [k for k in joined.split(",") if k]
    elif act == "discard":
        data["card"] = rest[0] if rest else None
    elif rest:
        raise MalformedActionError(f"{act} takes no argument, got {excerpt(' '.join(rest))}")
    return Action.from_json(data)


def parse_for_seat(text: str, seat: int) -> Action:
    """Read an action typed by ``seat`` without its seat number: ``"declare wine,wine"``.

    The same short form as :func:`parse` (``"<act> [items|card]"``); a text that
    already starts with a seat number is read as it is.
    """
    if not isinstance(text, str):
        raise MalformedActionError(f"an action in words is a string, got {excerpt(text)}")
    words = text.split()
    if words and _small_number(words[0].lstrip("-")):
        return parse(text)
    return parse(f"{seat} {text}")
