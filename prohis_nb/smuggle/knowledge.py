"""What each Smuggle seat knows of the cards, built from what it saw.

docs/smuggle-rules.md, "What each seat sees": a seat sees the cards it drew,
the hand it looked at as receiver, every searched hand, and its own face-down
discards; each round starts from a freshly shuffled pack. The game writes down
what happens as *events*; this module reads them for one observer (a seat, or
``None`` for what everyone knows):

* **Observations** (:func:`observe`): each event as that observer saw it,
  hidden cards left out. Two games that differ only in cards a seat never saw
  give it equal observations, hence equal knowledge.
* **The exact model** (:class:`SmuggleKnowledge`, ``view.knowledge``): for the
  round in play, where every card of the pack may be (the pack, the hand in
  play, the discard pile), exactly, under the model of
  :mod:`prohis_nb.core.knowledge` (a uniform shuffle, every hidden choice any
  of the physical cards alike; the Diplomatic Bag is the one card a receiver
  must discard when it holds it). A hand the seat passed on stays *tracked*:
  after the receiver's face-down discard, those cards are in the hand or the
  discards, and a Bag it knew was in the hand is in the discards.
* **Lower bounds** (:class:`LowerBounds`): the cards the seat knows for sure
  are in the hand and in the discards; the views show them as
  ``known_in_hand`` and ``known_discards``.

Declarations are not used here: what a declaration says about a hand is a
model of the players (the coach's, :mod:`prohis_nb.coach.smuggle`), put on top.

>>> from prohis_nb.smuggle.game import SmuggleGame, SmuggleRules
>>> game = SmuggleGame(SmuggleRules(players=3), seed=1)
>>> game.view(0).knowledge.probability("hand", "luggage")
Fraction(23, 54)
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from prohis_nb.core.knowledge import CardModel, ModelError
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, PACK_COUNTS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prohis_nb.core.game import Event

#: The kinds of card, in the pack's order.
KINDS: tuple[str, ...] = tuple(PACK_COUNTS)
_FULL = tuple(PACK_COUNTS[kind] for kind in KINDS)
HAND_SIZE = 4

# ---------------------------------------------------------------- observations
#
# ("round", round, officer)         a fresh pack
# ("draw", seat, cards or how many) a fresh hand (4) or a receiver's draw (1)
# ("look", seat, cards)             the observer accepted a passed hand and looked
# ("discard", seat, card or None)   a receiver's face-down discard
# ("search", cards)                 a hand shown to everyone (then discarded)
# ("round_end",)                    the hand in play goes to the discards


def observe(event: Event, observer: int | None) -> tuple | None:
    """``event`` as ``observer`` saw it (``None``: what everyone saw), or ``None`` if it says
    nothing about the cards."""
    kind, actor, data = event
    if kind == "draw":
        return ("draw", actor, tuple(data) if observer == actor else len(data))
    if kind == "discard":
        return ("discard", actor, data if observer == actor else None)
    if kind == "search":
        return ("search", tuple(data.cards))
    if kind == "look":
        return ("look", actor, tuple(data)) if observer == actor else None
    if kind == "round":
        return ("round", *data)
    if kind == "round_end":
        return ("round_end",)
    return None


def publicize(observation: tuple) -> tuple | None:
    """What everyone saw of what one seat observed (``None``: nothing)."""
    kind = observation[0]
    if kind == "draw" and not isinstance(observation[2], int):
        return ("draw", observation[1], len(observation[2]))
    if kind == "discard":
        return ("discard", observation[1], None)
    if kind == "look":
        return None
    return observation


def _round_start(observations: Sequence[tuple]) -> int:
    """Where the round in play begins (a new round forgets everything)."""
    for index in range(len(observations) - 1, -1, -1):
        if observations[index][0] == "round":
            return index
    return 0


# ---------------------------------------------------------------- the exact model


def _new_round() -> CardModel:
    model = CardModel.start(
        KINDS, _FULL, [("pack", sum(_FULL), 0), ("hand", 0, 0), ("discards", 0, 0)]
    )
    # The Bag is always told apart: the receiver's discard depends on it.
    return model.pin(DIPLOMATIC_BAG)


def _step(model: CardModel | None, observation: tuple) -> CardModel | None:
    kind = observation[0]
    if kind == "round":
        return _new_round()
    if model is None:
        return None
    if kind == "draw":
        _, _seat, cards = observation
        size = cards if isinstance(cards, int) else len(cards)
        if size == HAND_SIZE:  # a fresh hand: the one before goes to the discards
            model = model.merge("hand", "discards")
        if isinstance(cards, int):
            return model.move("pack", "hand", cards)
        return model.take_known("pack", cards, "hand")
    if kind == "look":
        return model.show("hand", observation[2])
    if kind == "search":
        return model.show("hand", observation[1])
    if kind == "discard":
        card = observation[2]
        if card is None:
            return model.discard_one("hand", "discards", forced=DIPLOMATIC_BAG)
        return model.take_known("hand", (card,), "discards")
    if kind == "round_end":
        return model.merge("hand", "discards")
    return model


class SmuggleTableSample(NamedTuple):
    """One round's table drawn from a seat's knowledge: the pack (top card first), the
    hand in play and the discards, each in a random order."""

    pack: tuple[str, ...]
    hand: tuple[str, ...]
    discards: tuple[str, ...]


class SmuggleKnowledge:
    """What one seat (or everyone) knows of this round's cards: exact, from what it saw.

    Places: ``"pack"``, ``"hand"`` (the hand in play) and ``"discards"``.
    :meth:`expected`, :meth:`probability`, :meth:`distribution`,
    :meth:`sample` and :meth:`describe` answer as in
    :class:`~prohis_nb.prohis.knowledge.ProhisKnowledge`. Two knowledges are
    equal when their observers saw the same things.
    """

    __slots__ = ("observer", "players", "observations", "_model")

    PLACES = ("pack", "hand", "discards")

    def __init__(self, observer: int | None, players: int, observations: tuple) -> None:
        self.observer = observer
        self.players = players
        #: What the observer saw, one observation per event about the cards (see above).
        self.observations = observations
        self._model: CardModel | None = None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, SmuggleKnowledge)
            and self.observer == other.observer
            and self.players == other.players
            and self.observations == other.observations
        )

    def __hash__(self) -> int:
        return hash((self.observer, self.players, len(self.observations)))

    def __repr__(self) -> str:
        who = "everyone" if self.observer is None else f"seat {self.observer}"
        return f"<SmuggleKnowledge of {who}: {len(self.observations)} observations>"

    def __getstate__(self) -> tuple:
        return (self.observer, self.players, self.observations)

    def __setstate__(self, state: tuple) -> None:
        self.observer, self.players, self.observations = state
        self._model = None

    @property
    def model(self) -> CardModel:
        """The underlying :class:`~prohis_nb.core.knowledge.CardModel` of the round in play."""
        model = self._model
        if model is None:
            observations = self.observations
            check_observations(observations)  # a forged history: ModelError, before any work
            for observation in observations[_round_start(observations) :]:
                model = _step(model, observation)
            if model is None:
                raise ModelError("no round among the observations: nothing is known yet")
            self._model = model
        return model

    def _check(self, place: str) -> str:
        if place not in self.PLACES:
            raise ModelError(f"unknown place {place!r}; places are {', '.join(self.PLACES)}")
        return place

    def places(self) -> tuple[str, ...]:
        """The places holding cards of the round in play."""
        return tuple(place for place in self.PLACES if self.model.size(place))

    def size(self, place: str) -> int:
        """How many cards ``place`` holds."""
        return self.model.size(self._check(place))

    def expected(self, place: str) -> dict[str, Fraction]:
        """The expected number of cards of each kind in ``place``, exactly."""
        return self.model.expected(self._check(place))

    def probability(self, place: str, kind: str) -> Fraction:
        """The chance that a card of ``place``, taken at random, is a ``kind``."""
        if kind not in PACK_COUNTS:
            raise ModelError(f"unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
        return self.model.probability(self._check(place), kind)

    def distribution(self, place: str) -> dict[tuple[int, ...], Fraction]:
        """The chance of every composition of ``place`` (counts in the order of ``KINDS``)."""
        return self.model.distribution(self._check(place))

    def sample(self, rng: random.Random) -> SmuggleTableSample:
        """This round's table drawn exactly from this knowledge (``rng`` the only randomness)."""
        cards, _notes = self.model.sample(rng)
        return SmuggleTableSample(
            tuple(cards["pack"]), tuple(cards["hand"]), tuple(cards["discards"])
        )

    def describe(self) -> tuple[str, ...]:
        """The seat's knowledge of this round in a few sentences (exact chances)."""
        model = self.model
        lines = []
        for kind in KINDS:
            for places, (fewest, most), expected in model.spread(kind):
                if len(places) > 1 or kind == DIPLOMATIC_BAG:
                    many = f"{most}" if fewest == most else f"{fewest} to {most}"
                    shares = ", ".join(
                        f"{_number(n)} in the {place}" for place, n in expected.items()
                    )
                    lines.append(f"{many} {kind}: in the {' or the '.join(places)} ({shares})")
        for place in self.places():
            size = model.size(place)
            expected = model.expected(place)
            shares = ", ".join(f"{kind} {_number(n / size)}" for kind, n in expected.items() if n)
            lines.append(f"the {place} ({size} cards): one card is {shares}")
        return tuple(lines)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"


# ---------------------------------------------------------------- lower bounds


class LowerBounds:
    """The cards one observer knows for sure are in the hand in play and in the discards.

    ``hand`` and ``discards``: ``Counter``\\ s of kinds. A seat knows the
    cards it drew and the hand it looked at; after a receiver's face-down
    discard, a seat that knew cards of the hand knows one fewer of each kind
    (any of them may be the card that went); a searched hand is shown to all
    and goes to the discards; a new round forgets everything. The exact model
    above keeps what these bounds forget.
    """

    __slots__ = ("observer", "hand", "discards")

    def __init__(self, observer: int | None) -> None:
        self.observer = observer
        self.hand: Counter = Counter()
        self.discards: Counter = Counter()

    def read(self, observation: tuple) -> None:
        """Apply one observation (see the list above)."""
        kind = observation[0]
        if kind == "draw":
            cards = observation[2]
            if not isinstance(cards, int):
                self.hand.update(cards)
        elif kind == "look":
            self.hand = Counter(observation[2])
        elif kind == "discard":
            card = observation[2]
            if card is not None:
                _take_one(self.hand, card)
                self.discards[card] += 1
            elif self.hand:
                for kind_known in list(self.hand):
                    _take_one(self.hand, kind_known)
        elif kind == "search":  # shown to everyone, then thrown away as a new hand is drawn
            self.discards.update(observation[1])
            self.hand.clear()
        elif kind == "round":  # a fresh pack, an empty discard pile
            self.hand.clear()
            self.discards.clear()


def _take_one(known: Counter, kind: str) -> None:
    """One fewer ``kind`` in ``known``; the kind goes when none is left (kept counts are > 0)."""
    left = known[kind] - 1
    if left > 0:
        known[kind] = left
    else:
        known.pop(kind, None)


#: The kinds of observation the knowledge reads (listed above); any other is refused.
OBSERVATION_KINDS = frozenset(("round", "draw", "look", "discard", "search", "round_end"))


def check_observations(observations: Any) -> None:
    """Raise ``ModelError`` unless ``observations`` is a tuple of observations of known kinds."""
    if not isinstance(observations, tuple) or not all(
        isinstance(o, tuple) and o and isinstance(o[0], str) for o in observations
    ):
        raise ModelError("the observations must be a tuple of observations")
    for index, observation in enumerate(observations):
        if observation[0] not in OBSERVATION_KINDS:
            raise ModelError(
                f"observation {index} is of unknown kind {observation[0]!r} "
                f"(known: {', '.join(sorted(OBSERVATION_KINDS))})"
            )
