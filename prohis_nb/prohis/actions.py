"""Prohis actions: small immutable values, one per decision taken.

An :class:`Action` is a named tuple, so it is hashable, cheap, and compares by
value. Its fields follow the record format of docs/records.md (``from`` is spelled
``source`` in Python because ``from`` is a keyword):

============ ==================================================================
act          fields
============ ==================================================================
``take``     ``source`` = ``"row"`` with ``slot`` 0-3, or ``"pile"``
``stop``     (end the draw after one pick)
``pass``     (pass the turn)
``convoy``   ``cards``: 2-4 kinds in convoy order
``control``  ``card``: the controller kind played
``decline``  (do not control)
``bribe``    ``cards``: 1 or more kinds (kept in the fixed kind order)
``no_bribe`` (offer nothing, or nothing more)
``accept``   / ``reject`` (answer a bribe)
``inspect``  / ``waive`` (when no bribe was offered)
``turn``     ``position``: index in the convoy of the card to turn over
============ ==================================================================

>>> Action(1, "convoy", cards=("illegal", "legal", "captain"))
Action(seat=1, act='convoy', cards=('illegal', 'legal', 'captain'))
>>> Action.from_json({"seat": 0, "act": "take", "from": "row", "slot": 2}).to_json()
{'seat': 0, 'act': 'take', 'from': 'row', 'slot': 2}
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Mapping

from prohis_nb.errors import MalformedActionError, excerpt
from prohis_nb.prohis.cards import CONTROLLER_KINDS, KIND_INDEX, KINDS

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)

if TYPE_CHECKING:
    from typing import Any

#: Every act of Prohis and the fields it carries.
ACT_FIELDS: dict[str, tuple[str, ...]] = {
    "take": ("from", "slot"),
    "stop": (),
    "pass": (),
    "convoy": ("cards",),
    "control": ("card",),
    "decline": (),
    "bribe": ("cards",),
    "no_bribe": (),
    "accept": (),
    "reject": (),
    "inspect": (),
    "waive": (),
    "turn": ("position",),
}


_ActionFields = namedtuple(
    "_ActionFields",
    "seat act cards source slot card position",
    defaults=((), None, None, None, None),
)


class Action(_ActionFields):
    """One decision: which seat takes it, what it does, and its fields.

    ``seat`` (int) and ``act`` (str) always; then, by act, ``cards`` (tuple of
    kinds), ``source`` (``"row"``/``"pile"``), ``slot`` (0-3), ``card`` (a
    controller kind) or ``position`` (index in the convoy). A named tuple:
    hashable, immutable, compared by value.
    """

    __slots__ = ()

    def __repr__(self) -> str:
        parts = [f"seat={excerpt(self.seat)}", f"act={excerpt(self.act)}"]
        for name, default in (
            ("cards", ()),
            ("source", None),
            ("slot", None),
            ("card", None),
            ("position", None),
        ):
            value = getattr(self, name)
            if value != default:
                parts.append(f"{name}={_shown(value)}")
        return f"Action({', '.join(parts)})"

    def __str__(self) -> str:
        """A short form for logs and the terminal: ``1 convoy illegal,legal,captain``."""
        extra = ""
        if self.act == "take":
            extra = " row " + excerpt(self.slot) if self.source == "row" else " pile"
        elif self.cards:
            extra = " " + ",".join(self.cards)
        elif self.card is not None:
            extra = " " + self.card
        elif self.position is not None:
            extra = " " + excerpt(self.position)
        return f"{excerpt(self.seat)} {self.act}{extra}"

    def to_json(self) -> dict[str, Any]:
        """The action as a record holds it (docs/records.md)."""
        out: dict[str, Any] = {"seat": self.seat, "act": self.act}
        if self.act == "take":
            out["from"] = self.source
            if self.source == "row":
                out["slot"] = self.slot
        elif self.act in ("convoy", "bribe"):
            out["cards"] = list(self.cards)
        elif self.act == "control":
            out["card"] = self.card
        elif self.act == "turn":
            out["position"] = self.position
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read one record action; raises ``MalformedActionError`` saying what is wrong.

        Every field is checked for its type as well as its value: a list where
        a string belongs (``{"act": ["take"]}``) is refused like an unknown act.
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
                f"unknown act {excerpt(act)}; the Prohis acts are {', '.join(ACT_FIELDS)}"
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
        if act == "take":
            source = data.get("from")
            if source == "pile" and isinstance(source, str):
                if "slot" in data:
                    raise MalformedActionError("take from the pile has no slot")
                return cls(seat, act, source="pile")
            if source != "row" or not isinstance(source, str):
                raise MalformedActionError(
                    f"take: from must be 'row' (with a slot 0-3) or 'pile', got {excerpt(source)}"
                )
            slot = data.get("slot")
            if isinstance(slot, bool) or not isinstance(slot, int) or not 0 <= slot <= 3:
                raise MalformedActionError(
                    f"take from the row: slot must be 0 to 3 (a whole number), got {excerpt(slot)}"
                )
            return cls(seat, act, source="row", slot=slot)
        if act in ("convoy", "bribe"):
            cards = data.get("cards")
            if not isinstance(cards, list | tuple) or not all(
                isinstance(c, str) and c in KIND_INDEX for c in cards
            ):
                raise MalformedActionError(
                    f"{act}: cards must be a list of card kinds ({', '.join(KINDS)}), "
                    f"got {excerpt(cards)}"
                )
            cards = tuple(str(c) for c in cards)
            if act == "bribe":
                cards = canonical_cards(cards)
            return cls(seat, act, cards=cards)
        if act == "control":
            card = data.get("card")
            if not isinstance(card, str) or card not in CONTROLLER_KINDS:
                raise MalformedActionError(
                    f"control: card must be a controller kind ({', '.join(CONTROLLER_KINDS)}), "
                    f"got {excerpt(card)}"
                )
            return cls(seat, act, card=str(card))
        if act == "turn":
            position = data.get("position")
            if isinstance(position, bool) or not isinstance(position, int):
                raise MalformedActionError(
                    f"turn: position must be the index of a convoy card (a whole number), "
                    f"got {excerpt(position)}"
                )
            return cls(seat, act, position=position)
        return cls(seat, act)

    @classmethod
    def checked(cls, action: Action) -> Action:
        """An ``Action`` built by hand, checked field by field like a record's action.

        ``Action(0, "take", source="row", slot=7)``, ``Action(0, "bribe",
        cards=("joker",))`` or a convoy given as a list are refused with
        ``MalformedActionError``; a good action comes back in its canonical form.
        """
        act = action.act
        if not isinstance(act, str) or act not in ACT_FIELDS:
            raise MalformedActionError(
                f"unknown act {excerpt(act)}; the Prohis acts are {', '.join(ACT_FIELDS)}"
            )
        wanted = ACT_FIELDS[act]
        if not isinstance(action.cards, tuple):
            raise MalformedActionError(
                f"{act}: an Action's cards are a tuple of card kinds, e.g. "
                f"cards=('legal', 'illegal'), got {excerpt(action.cards)}"
            )
        data: dict[str, Any] = {"seat": action.seat, "act": act}
        for name, attribute in _RECORD_FIELDS:
            value = getattr(action, attribute)
            unset = value is None or (
                attribute == "cards" and isinstance(value, tuple) and not value
            )
            if name in wanted:
                if not unset or attribute == "cards":
                    data[name] = value
            elif not unset:
                raise MalformedActionError(
                    f"{act}: unexpected field {attribute}={excerpt(value)}; a {act} has "
                    f"{', '.join(['seat', 'act', *wanted])}"
                )
        return cls.from_json(data)


def _shown(value: Any) -> str:
    """A field in ``repr(action)``: as it is when it is a well-formed value, else an excerpt."""
    if isinstance(value, tuple) and all(isinstance(c, str) and len(c) < 40 for c in value):
        return repr(value) if len(value) < 200 else excerpt(value)
    return excerpt(value)


#: Record field name -> Action attribute.
_RECORD_FIELDS = (
    ("cards", "cards"),
    ("from", "source"),
    ("slot", "slot"),
    ("card", "card"),
    ("position", "position"),
)


def canonical_cards(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A bribe's cards in the fixed kind order (a bribe is a set of cards, not a row)."""
    return tuple(sorted((str(c) for c in cards), key=KIND_INDEX.__getitem__))


def _small_number(word: str) -> bool:
    """True for a plain number of a few ASCII digits (``"²"`` is a digit to ``str.isdigit``)."""
    return word.isascii() and word.isdigit() and len(word) <= 6


def parse_action(text: str, seat: int) -> Action:
    """Read an action typed in a terminal, e.g. ``take row 2``, ``take pile``,
    ``convoy illegal legal captain``, ``control inspector``, ``bribe legal legal``,
    ``turn 1``, ``pass``. Raises ``MalformedActionError`` with the forms allowed.
    """
    if not isinstance(text, str):
        raise MalformedActionError(f"an action in words is a string, got {excerpt(text)}")
    words = text.replace(",", " ").split()
    if not words:
        raise MalformedActionError("type an action, e.g. 'take row 2' or 'pass'")
    act, args = words[0].lower(), words[1:]
    if act not in ACT_FIELDS:
        raise MalformedActionError(
            f"unknown act {excerpt(act)}; the Prohis acts are {', '.join(ACT_FIELDS)}"
        )
    data: dict[str, Any] = {"seat": seat, "act": act}
    if act == "take":
        if args[:1] == ["pile"]:
            data["from"] = "pile"
        elif args[:1] == ["row"] and len(args) == 2 and _small_number(args[1]):
            data.update({"from": "row", "slot": int(args[1])})
        else:
            raise MalformedActionError("take needs 'row SLOT' (0-3) or 'pile'")
    elif act in ("convoy", "bribe"):
        data["cards"] = [a.lower() for a in args]
    elif act == "control":
        data["card"] = args[0].lower() if args else None
    elif act == "turn":
        if len(args) != 1 or not _small_number(args[0]):
            raise MalformedActionError("turn needs the position of a convoy card, e.g. 'turn 0'")
        data["position"] = int(args[0])
    elif args:
        raise MalformedActionError(f"{act} takes no arguments")
    return Action.from_json(data)
