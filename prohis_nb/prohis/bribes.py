"""The bribes a smuggler may offer: every non-empty set of its cards, never listed.

docs/rules.md lets a smuggler offer *any* cards of its hand as a bribe; with the
``bribe_rounds`` variant a new offer must differ from those already rejected.
Cards of one kind are interchangeable, so a bribe is a count by kind: ``b_k``
cards of kind ``k`` with ``0 <= b_k <= c_k`` (the hand holds ``c_k``), not all
zero. A hand therefore offers

    (c_legal + 1)(c_illegal + 1)(c_lieutenant + 1)(c_captain + 1)(c_inspector + 1) - 1

bribes, minus the rejected ones: 11 for a hand of 3 legal and 2 illegal goods,
about 1.2 billion for a stacked hand of 970 cards (320 legal, 330 illegal,
310 lieutenants, 5 captains, 5 inspectors). So
:class:`Bribes` never lists them (speed shaped this module):

* its length is that product;
* bribe ``i`` is decoded from ``i`` like a number in a mixed radix (the count
  of legal goods is the most significant digit, then illegal, lieutenant,
  captain, inspector), skipping the empty set and the rejected offers. The
  order is the one a nested loop over the counts would give, so a seeded
  random choice by index is the same as when the list was built in full;
* ``bribe in bribes`` checks the bribe against the hand and the rejected offers.

A usual hand allows only a few dozen bribes (fewer than :data:`LISTED`):
those are also listed once, when the family is made, so that picking one by
index and finding it again in ``apply`` cost a tuple index and a dict probe
instead of a decoding (speed shaped this: a bribe is offered at every
control won). The answers are the same either way.

>>> bribes = Bribes(0, (2, 1, 0, 0, 0), ((1, 0, 0, 0, 0),))
>>> len(bribes)       # (2 + 1) * (1 + 1) - 1 = 5 sets, minus one rejected
4
>>> [b.cards for b in bribes]
[('illegal',), ('legal', 'illegal'), ('legal', 'legal'), ('legal', 'legal', 'illegal')]
>>> Action(0, "bribe", cards=("legal",)) in bribes      # rejected already
False
>>> bribes.to_json()["up_to"], bribes.to_json()["except"]
({'legal': 2, 'illegal': 1}, [{'legal': 1}])
"""

from __future__ import annotations

from itertools import product

from prohis_nb.core.legal import ActionFamily
from prohis_nb.prohis.actions import Action
from prohis_nb.prohis.cards import KIND_INDEX, KINDS

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any


#: A family with fewer bribes than this is listed when it is made (a hand of
#: 6 cards of 5 kinds allows at most 63 bribes).
LISTED = 64


def _expand(counts: tuple[int, ...] | list[int]) -> tuple[str, ...]:
    """A count vector as a tuple of kinds in the fixed kind order (not cached: hands may be big)."""
    cards: list[str] = []
    for kind, count in zip(KINDS, counts):
        cards += [kind] * count
    return tuple(cards)


def _as_json(counts: tuple[int, ...]) -> dict[str, int]:
    return {kind: count for kind, count in zip(KINDS, counts) if count}


class Bribes(ActionFamily):
    """Every bribe ``seat`` may offer from ``hand`` (counts by kind), except ``rejected``.

    A read-only sequence of ``Action(seat, "bribe", cards=...)``, cards in the
    fixed kind order; see the module docstring for its order and its cost.
    """

    act = "bribe"
    __slots__ = (
        "seat",
        "hand",
        "_weights",
        "_size",
        "_excluded",
        "_excluded_counts",
        "_listed",
        "_listed_lookup",
    )

    def __init__(
        self, seat: int, hand: tuple[int, ...], rejected: tuple[tuple[int, ...], ...] = ()
    ) -> None:
        self.seat = seat
        self.hand = tuple(hand)
        # weights[k]: how far index k's digit moves the raw index (the last kind moves by 1).
        weights = [1] * 5
        for k in range(3, -1, -1):
            weights[k] = weights[k + 1] * (self.hand[k + 1] + 1)
        self._weights = tuple(weights)
        everything = weights[0] * (self.hand[0] + 1)  # every subset, the empty one included
        excluded = {
            tuple(r) for r in rejected if any(r) and all(0 <= b <= c for b, c in zip(r, self.hand))
        }
        self._excluded_counts = tuple(sorted(excluded, key=self._raw))
        self._excluded = tuple(self._raw(r) for r in self._excluded_counts)  # ascending
        self._size = everything - 1 - len(self._excluded)
        # A small family is listed once (see the module docstring); a big one never.
        self._listed: tuple[Action, ...] | None = None
        self._listed_lookup: dict[Action, Action] | None = None
        if self._size < LISTED:
            self._listed = tuple(self._iterate())  # (the same order as _item's, faster)
            self._listed_lookup = {action: action for action in self._listed}

    # ------------------------------------------------------------ the sequence

    def _raw(self, counts: tuple[int, ...]) -> int:
        """Position of ``counts`` among all subsets (the empty one is 0)."""
        return sum(b * w for b, w in zip(counts, self._weights))

    def __len__(self) -> int:
        return self._size

    def _item(self, index: int) -> Action:
        raw = index + 1  # skip the empty set (raw index 0)
        # Skip the rejected offers: each one at or before the position moves it on.
        for excluded in self._excluded:
            if excluded <= raw:
                raw += 1
            else:
                break
        counts = []
        for weight in self._weights:
            digit, raw = divmod(raw, weight)
            counts.append(digit)
        return Action(self.seat, "bribe", cards=_expand(counts))

    def __getitem__(self, index: Any) -> Any:
        if self._listed is not None:
            try:
                return self._listed[index]
            except IndexError:  # (refused with the family's own message, below)
                pass
        return ActionFamily.__getitem__(self, index)

    def __iter__(self) -> Iterator[Action]:
        if self._listed is not None:
            return iter(self._listed)
        return self._iterate()

    def _iterate(self) -> Iterator[Action]:
        # The nested loop itself (faster than decoding each index): same order.
        excluded = set(self._excluded_counts)
        seat = self.seat
        for counts in product(*(range(c + 1) for c in self.hand)):
            if any(counts) and counts not in excluded:
                yield Action(seat, "bribe", cards=_expand(counts))

    def listed(self) -> tuple[Action, ...] | None:
        """Every bribe, if the family is small enough to be listed (:data:`LISTED`), else None."""
        return self._listed

    # ------------------------------------------------------------ membership

    def counts_of(self, cards: Any) -> tuple[int, ...] | None:
        """``cards`` (kinds, any order) as counts, or ``None`` if they are not all kinds."""
        if isinstance(cards, str) or not isinstance(cards, tuple | list):
            return None
        counts = [0] * 5
        try:
            for card in cards:
                counts[KIND_INDEX[card]] += 1
        except (KeyError, TypeError):
            return None
        return tuple(counts)

    def _allowed(self, counts: tuple[int, ...]) -> bool:
        if not any(counts) or any(b > c for b, c in zip(counts, self.hand)):
            return False
        return self._raw(counts) not in self._excluded

    def get(self, action: Any, default: Any = None) -> Any:
        """The canonical ``Action`` equal to ``action`` if it is one of these bribes."""
        if not isinstance(action, tuple) or getattr(action, "act", None) != "bribe":
            return default
        if self._listed_lookup is not None:
            try:
                found = self._listed_lookup.get(action)  # type: ignore[call-overload]
            except TypeError:  # a field that is not hashable (a list of cards)
                found = None
            if found is not None:
                return found
        counts = self.counts_of(getattr(action, "cards", None))
        if counts is None or not self._allowed(counts):
            return default
        canonical = Action(self.seat, "bribe", cards=_expand(counts))
        # Equal as tuples, as a dict lookup would require: same seat, cards in
        # the fixed kind order, no other field set.
        return canonical if canonical == action else default

    def action_for(self, cards: Any) -> Action | None:
        """The bribe offering exactly ``cards`` (kinds in any order), or ``None``."""
        counts = self.counts_of(cards)
        if counts is None or not self._allowed(counts):
            return None
        return Action(self.seat, "bribe", cards=_expand(counts))

    # ------------------------------------------------------------ description

    @property
    def up_to(self) -> dict[str, int]:
        """The most cards of each kind a bribe may hold (the kinds in hand)."""
        return _as_json(self.hand)

    @property
    def excluded(self) -> tuple[dict[str, int], ...]:
        """The offers already rejected (counts by kind), which may not be offered again."""
        return tuple(_as_json(r) for r in self._excluded_counts)

    def to_json(self) -> dict[str, Any]:
        """``{"seat", "act": "bribe", "up_to": {kind: n}, "except": [{kind: n}], "count"}``.

        Any bribe of at least one card with at most ``up_to[kind]`` cards of
        each kind, except the offers in ``except``; ``count`` is how many.
        """
        return {
            "seat": self.seat,
            "act": "bribe",
            "up_to": self.up_to,
            "except": list(self.excluded),
            "count": self._size,
        }

    def _key(self) -> tuple:
        return (self.seat, self.hand, self._excluded_counts)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Bribes) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        rejected = list(self.excluded)
        return f"<Bribes seat={self.seat} up_to={self.up_to} except={rejected}: {len(self)}>"
