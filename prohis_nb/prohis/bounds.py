"""What one observer knows for sure of each Prohis hand and warehouse: lower bounds.

The views show them as ``known_in_hand``, ``known_in_warehouse`` and
``known_to_all`` (bots and widgets read them). They are read from one
observer's observations (:mod:`prohis_nb.prohis.knowledge`), and the engine
keeps *everyone's* bounds on each hand at every action: a step is the
engine's only when every seat can tell it is forced
(``ProhisGame._forced_is_public``). A module of its own, light to import: a
new game needs it, the exact model only when someone looks.
"""

from __future__ import annotations

from prohis_nb.prohis.cards import KIND_INDEX

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (~10 ms)
if TYPE_CHECKING:
    from collections.abc import Sequence

_NOTHING = (0,) * 5  # counts by kind of no card


def _counts(cards: Sequence[str]) -> tuple[int, ...]:
    out = [0] * 5
    for card in cards:
        out[KIND_INDEX[card]] += 1
    return tuple(out)


class LowerBounds:
    """What one observer knows for sure: at least which cards each hand and warehouse hold.

    ``hand[seat]`` and ``warehouse[seat]``: counts by kind; ``observer`` is a
    seat, or ``None`` for what everyone knows. Each method is one way cards
    move, named after the rule, and takes what the observer saw of it. A
    bound grows when a card goes in for the observer to see, and drops when
    cards leave face down: a convoy of 3 cards may have taken any 3, so every
    bound above 3 drops by 3 and the rest to 0 (docs/rules.md says a row card is
    known "until it leaves", and a face-down card's leaving cannot be seen: the
    exact model above keeps where it may be; these bounds keep only what is
    certain). :meth:`read` applies one observation; the engine calls the
    methods itself for everyone's bounds, which it needs at every decision.
    """

    __slots__ = ("observer", "players", "hand", "warehouse", "_before_offer", "_offer")

    def __init__(self, observer: int | None, players: int, dealt: Sequence[Sequence[int]]) -> None:
        self.observer = observer
        self.players = players
        self.hand = [list(counts) for counts in dealt]  # cards dealt in the open
        self.warehouse = [[0] * 5 for _ in range(players)]
        self._before_offer: list[int] | None = None  # the smuggler's bounds before a bribe
        self._offer: list[int] | None = None  # the bribe's cards, when the observer saw them

    @classmethod
    def of(cls, observer: int | None, players: int, observations: Sequence[tuple]) -> LowerBounds:
        """The bounds ``observer`` holds after ``observations`` (they start with the deal)."""
        bounds = cls(observer, players, [[0] * 5] * players)
        for observation in observations:
            bounds.read(observation)
        return bounds

    def before_offer(self) -> list[int] | None:
        """The bounds on the smuggler's hand before a pending bribe (``None`` without one)."""
        return self._before_offer

    def remember_before_offer(self, counts: Sequence[int]) -> None:
        """Set what :meth:`before_offer` answers (a position rebuilt with a bribe on the table)."""
        self._before_offer = list(counts)

    # ------------------------------------------------------------ the moves

    def enters_hand(self, seat: int, kind: int) -> None:
        """A card the observer sees goes into ``seat``'s hand (a row card, a controller card)."""
        self.hand[seat][kind] += 1

    def leaves_face_up(self, seat: int, kind: int) -> None:
        """A card leaves ``seat``'s hand face up (a controller card played)."""
        seen = self.hand[seat]
        if seen[kind]:
            seen[kind] -= 1

    def leaves_face_down(self, seat: int, size: int, kinds: Sequence[int] | None = None) -> None:
        """``size`` cards leave ``seat``'s hand face down: a convoy.

        ``kinds``: which (kind indices), when the observer is that seat: its
        bounds drop exactly; the others' drop by ``size`` (never below 0).
        """
        seen = self.hand[seat]
        if kinds is not None:
            for kind in kinds:
                if seen[kind]:
                    seen[kind] -= 1
        elif max(seen) <= size:  # (the usual case: nothing left known)
            seen[:] = _NOTHING
        else:
            seen[:] = [c - size if c > size else 0 for c in seen]

    def offered(self, smuggler: int, size: int, counts: Sequence[int] | None = None) -> None:
        """A bribe of ``size`` cards leaves the smuggler's hand (``counts``: if it was seen)."""
        seen = self.hand[smuggler]
        self._before_offer = list(seen)
        self._offer = None if counts is None else list(counts)
        for k in range(5):
            if seen[k]:
                seen[k] = max(0, seen[k] - (counts[k] if counts is not None else size))

    def rejected(self, smuggler: int, controller: int) -> None:
        """A rejected bribe goes back: what was known before holds again; the controller saw it."""
        if self._before_offer is not None:
            self.hand[smuggler] = self._before_offer
        self._before_offer = None
        offer = self._offer
        if offer is not None and self.observer == controller:
            seen = self.hand[smuggler]
            for k in range(5):
                if offer[k] > seen[k]:
                    seen[k] = offer[k]

    def accepted(self, smuggler: int, controller: int) -> None:
        """An accepted bribe goes into the controller's warehouse: the smuggler knows it is."""
        self._before_offer = None
        offer = self._offer
        if offer is not None and self.observer == smuggler:
            seen = self.warehouse[controller]
            for k in range(5):
                seen[k] += offer[k]

    def enters_warehouse(self, seat: int, kind: int) -> None:
        """A card the observer sees goes into ``seat``'s warehouse (a waived controller card)."""
        self.warehouse[seat][kind] += 1

    def confiscated(
        self,
        controller: int,
        smuggler: int,
        card: int,
        up: Sequence[int],
        down: Sequence[int],
    ) -> None:
        """A confiscated convoy and the played card go into the controller's warehouse.

        Everyone saw the played card and the turned cards (``up``); the
        smuggler knows the face-down ones too (``down``).
        """
        seen = self.warehouse[controller]
        seen[card] += 1
        for kind in up:
            seen[kind] += 1
        if self.observer == smuggler:
            for kind in down:
                seen[kind] += 1

    def stored(self, smuggler: int, up: Sequence[int]) -> None:
        """A convoy goes into its smuggler's warehouse: its turned cards are known to be there."""
        seen = self.warehouse[smuggler]
        for kind in up:
            seen[kind] += 1

    # ------------------------------------------------------------ from the observations

    def read(self, observation: tuple) -> None:
        """Apply one of the observer's observations (see the list above)."""
        kind = observation[0]
        if kind == "deal":
            self.hand = [list(counts) for counts in observation[2]]
            self.warehouse = [[0] * 5 for _ in range(len(observation[1]))]
        elif kind in ("take_row", "take_back", "success"):
            self.enters_hand(observation[1], KIND_INDEX[observation[2]])
        elif kind == "take_pile":
            pass
        elif kind == "control":
            self.leaves_face_up(observation[1], KIND_INDEX[observation[2]])
        elif kind == "convoy":
            _, seat, cards = observation
            if isinstance(cards, int):
                self.leaves_face_down(seat, cards)
            else:
                self.leaves_face_down(seat, len(cards), [KIND_INDEX[card] for card in cards])
        elif kind == "bribe":
            _, smuggler, _controller, cards = observation
            if isinstance(cards, int):
                self.offered(smuggler, cards)
            else:
                self.offered(smuggler, len(cards), _counts(cards))
        elif kind == "reject":
            self.rejected(observation[2], observation[1])
        elif kind == "accept":
            _, controller, smuggler, card = observation
            self.accepted(smuggler, controller)
            self.enters_hand(controller, KIND_INDEX[card])
        elif kind == "waive":
            _, controller, _smuggler, card, keeps = observation
            if keeps:
                self.enters_hand(controller, KIND_INDEX[card])
            else:
                self.enters_warehouse(controller, KIND_INDEX[card])
        elif kind == "confiscate":
            _, controller, smuggler, card, up, down = observation
            self.confiscated(
                controller,
                smuggler,
                KIND_INDEX[card],
                [KIND_INDEX[c] for c in up],
                [KIND_INDEX[c] for c in down or ()],
            )
        elif kind == "stored":
            self.stored(observation[1], [KIND_INDEX[c] for c in observation[2]])
