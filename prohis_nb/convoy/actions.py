"""The convoy stage game's actions: small immutable values, one per decision.

=============  ===========  ===================================================
act            who          fields and meaning
=============  ===========  ===================================================
``convoy``     smuggler     ``cards``: the convoy, an honest or (from a dirty
                            hand) a dirty one; order does not matter, the
                            convoy is shuffled face down
``bribe``      smuggler     ``cards``: one bribe of the menu, from the hand
``no_bribe``   smuggler     offer nothing
``accept``     controller   take the bribe: the convoy passes
``reject``     controller   refuse the bribe, and so inspect
``inspect``    controller   no bribe was offered: inspect
``waive``      controller   no bribe was offered: let the convoy pass
=============  ===========  ===================================================

The names are Prohis's (docs/records.md), so a record reads the same in
both games.

>>> Action(0, "convoy", cards=("illegal", "legal", "legal")).to_json()
{'seat': 0, 'act': 'convoy', 'cards': ['legal', 'legal', 'illegal']}
>>> parse_for_seat("bribe legal", 0)
Action(seat=0, act='bribe', cards=('legal',))
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Iterable, Mapping
from typing import Any

from prohis_nb.errors import MalformedActionError, excerpt
from prohis_nb.prohis.cards import KIND_INDEX, KINDS

#: Every act and the fields it carries.
ACT_FIELDS: dict[str, tuple[str, ...]] = {
    "convoy": ("cards",),
    "bribe": ("cards",),
    "no_bribe": (),
    "accept": (),
    "reject": (),
    "inspect": (),
    "waive": (),
}
#: At most this many cards in an action's ``cards`` (a convoy holds 4, a bribe 4).
MAX_CARDS = 4


def _sorted(cards: Any) -> tuple[str, ...]:
    return tuple(sorted(cards, key=KIND_INDEX.__getitem__))


class Action(namedtuple("Action", "seat act cards", defaults=((),))):
    """One decision: ``seat``, ``act`` and, for a convoy or a bribe, its ``cards``.

    The cards are kept in the engine's kind order (legal, illegal, ...): a
    convoy is shuffled face down and a bribe is a set, so their order means
    nothing, and one order makes equal actions compare equal.
    """

    __slots__ = ()

    def __new__(cls, seat: int, act: str, cards: Any = ()) -> Action:
        if isinstance(cards, str | bytes | Mapping) or not isinstance(cards, Iterable):
            # Not a list of cards (3, true, "legal"): kept as given, for
            # ``checked`` to refuse in words ("cards is a list of ... got 3").
            return super().__new__(cls, seat, act, cards if cards else ())
        cards = tuple(cards)
        if cards and all(isinstance(card, str) and card in KIND_INDEX for card in cards):
            cards = _sorted(cards)
        return super().__new__(cls, seat, act, cards)

    def __repr__(self) -> str:
        extra = f", cards={excerpt(self.cards, 200)}" if self.cards else ""
        return f"Action(seat={excerpt(self.seat)}, act={excerpt(self.act)}{extra})"

    def __str__(self) -> str:
        """A short form, read back by :func:`parse`: ``0 bribe legal``."""
        cards = f" {','.join(self.cards)}" if self.cards else ""
        return f"{excerpt(self.seat)} {self.act}{cards}"

    def to_json(self) -> dict[str, Any]:
        """The action as a record holds it."""
        out: dict[str, Any] = {"seat": self.seat, "act": self.act}
        if ACT_FIELDS.get(self.act):
            out["cards"] = list(self.cards)
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Read one record action; raises ``MalformedActionError`` saying what is wrong."""
        if isinstance(data, Action):
            return cls.checked(data)
        if not isinstance(data, Mapping):
            raise MalformedActionError(
                f"an action is an object with seat and act, got {excerpt(data)}"
            )
        act = data.get("act")
        if not isinstance(act, str) or act not in ACT_FIELDS:
            raise MalformedActionError(
                f"unknown act {excerpt(act)}; the convoy acts are {', '.join(ACT_FIELDS)}"
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
        cards: Any = ()
        if ACT_FIELDS[act]:
            if "cards" not in data:
                raise MalformedActionError(f"{act}: cards is missing (a list of card kinds)")
            cards = data["cards"]
        return cls.checked(cls(seat, act, tuple(cards) if isinstance(cards, list) else cards))

    @classmethod
    def checked(cls, action: Action) -> Action:
        """``action`` if it is well formed, else ``MalformedActionError`` saying why."""
        seat, act, cards = action
        if isinstance(seat, bool) or not isinstance(seat, int) or act not in ACT_FIELDS:
            raise MalformedActionError(f"not a convoy action: {excerpt(action)}")
        if ACT_FIELDS[act]:
            if not isinstance(cards, tuple) or not 1 <= len(cards) <= MAX_CARDS:
                raise MalformedActionError(
                    f"{act}: cards is a list of 1 to {MAX_CARDS} card kinds, got {excerpt(cards)}"
                )
            unknown = [
                card for card in cards if not isinstance(card, str) or card not in KIND_INDEX
            ]
            if unknown:
                raise MalformedActionError(
                    f"{act}: unknown card kind(s) {excerpt(unknown)}; the kinds are {KINDS}"
                )
            return cls(seat, act, cards)
        if cards:
            raise MalformedActionError(f"{act} carries no cards, got {excerpt(cards)}")
        return action


def parse(text: str) -> Action:
    """Read the short form ``"<seat> <act> [card,card]"`` (:meth:`Action.__str__`)."""
    words = text.split()
    if len(words) < 2 or not words[0].isdigit() or len(words[0]) > 3:
        raise MalformedActionError(
            f"write '<seat> <act> [cards]', e.g. '0 bribe legal'; got {excerpt(text)}"
        )
    return parse_for_seat(" ".join(words[1:]), int(words[0]))


def parse_for_seat(text: str, seat: int) -> Action:
    """An action typed by ``seat``: ``"convoy illegal,legal,legal"``, ``"no_bribe"``..."""
    if not isinstance(text, str):
        raise MalformedActionError(f"an action is typed as text, got {excerpt(text)}")
    act, _, rest = text.strip().partition(" ")
    cards = tuple(card.strip() for card in rest.split(",") if card.strip())
    if act in ACT_FIELDS and not ACT_FIELDS[act] and cards:
        raise MalformedActionError(f"{act} takes no cards, got {excerpt(rest)}")
    return Action.from_json(
        {"seat": seat, "act": act, **({"cards": list(cards)} if ACT_FIELDS.get(act) else {})}
    )
