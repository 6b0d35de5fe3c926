"""What each Prohis seat knows of the cards, built from what it saw.

docs/rules.md, "Who knows what".

The game (:mod:`prohis_nb.prohis.game`) holds the rules and writes down what
happens as *events*, with every card in them. This module reads the events
for one observer (a seat, or ``None`` for what everyone knows) and keeps two
things:

* **Observations** (:func:`observe`): each event as that observer saw it,
  hidden cards left out: "seat 2 formed a convoy of 3 cards", "you drew an
  illegal card". A seat's observations are everything its knowledge is built
  from, so two games that differ only in cards it never saw give it equal
  observations, hence equal knowledge.
* **The exact model** (:class:`ProhisKnowledge`, ``view.knowledge``): from
  the observations, a :class:`~prohis_nb.core.knowledge.CardModel` that
  knows, for every place (the pile, every hand, every warehouse, the convoy
  on the table, a bribe), the exact chance of every kind of card, under the
  model stated in :mod:`prohis_nb.core.knowledge` (a uniform shuffle, and
  every hidden choice any of the physical cards alike). It remembers what
  the lower bounds below forget: a row card seen taken by seat 1 and then
  sent face down in a convoy of three is *in seat 1's hand or that convoy*,
  and goes where that convoy goes; seat 0's captain and inspector, dealt in
  the open, are never in the pile.
* **Lower bounds** (:class:`~prohis_nb.prohis.bounds.LowerBounds`): for one
  observer, "at least these cards are in that hand / that warehouse", read
  from its observations. The views show them as ``known_in_hand``,
  ``known_in_warehouse`` and ``known_to_all`` (bots and widgets read them).

>>> from prohis_nb import Game
>>> game = Game(players=3, seed=4)
>>> knowledge = game.view(0).knowledge
>>> knowledge.probability("pile", "captain")
Fraction(0, 1)
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, NamedTuple

from prohis_nb.core.knowledge import CardModel, ModelError, ModelTooLarge
from prohis_nb.prohis.cards import KIND_INDEX, KINDS

if TYPE_CHECKING:
    from collections.abc import Sequence

    from prohis_nb.core.game import Event

Counts = tuple[int, ...]

# ---------------------------------------------------------------- observations
#
# An observation is a small tuple: ``(kind, ...)``, as listed below. Cards are
# kind names; ``None`` (or a number of cards) stands where the observer did not
# see them.
#
# ("deal", hand sizes, public cards by seat (counts), row cards, pile size,
#          pool (counts: the shuffled cards), own hand (counts) or None)
# ("take_row", seat, card, refill or None)
# ("take_pile", seat, card or None)
# ("convoy", seat, cards or how many)
# ("control", seat, card)             a controller card played face up
# ("take_back", seat, card)           a losing controller card back in hand
# ("bribe", smuggler, controller, cards or how many)
# ("accept", controller, smuggler, card)
# ("reject", controller, smuggler)
# ("waive", controller, smuggler, card, keeps)
# ("turn", smuggler, card)            a convoy card turned over
# ("confiscate", controller, smuggler, card, turned cards, face-down cards or None)
# ("success", smuggler, card)         the controller's card into the smuggler's hand
# ("stored", smuggler, turned cards)  the convoy into the smuggler's warehouse
# ("recall", place, cards)            a determinized table: a seat's own cards


def observe(event: Event, observer: int | None) -> tuple | None:
    """``event`` as ``observer`` saw it (``None``: what everyone saw), or ``None`` if it says
    nothing about the cards. The teacher's view is the events themselves."""
    kind, actor, data = event
    if kind == "take_row":
        return ("take_row", actor, data["card"], data["refill"])
    if kind == "take_pile":
        return ("take_pile", actor, data["card"] if observer == actor else None)
    if kind == "convoy":
        cards = data["cards"]
        return ("convoy", actor, tuple(cards) if observer == actor else len(cards))
    if kind == "control":
        return ("control", actor, data["card"])
    if kind == "take_back":
        return ("take_back", actor, data["card"])
    if kind == "bribe":
        controller = data["controller"]
        cards = data["cards"]
        seen = observer in (actor, controller)
        return ("bribe", actor, controller, tuple(cards) if seen else len(cards))
    if kind == "accept":
        return ("accept", actor, data["smuggler"], data["card"])
    if kind == "reject":
        return ("reject", actor, data["smuggler"])
    if kind == "waive":
        return ("waive", actor, data["smuggler"], data["card"], data["keeps"])
    if kind == "turn":
        return ("turn", data["smuggler"], data["card"])
    if kind == "confiscate":
        cards, turned = data["cards"], data["turned"]
        up = tuple(card for card, shown in zip(cards, turned) if shown)
        down = tuple(card for card, shown in zip(cards, turned) if not shown)
        # The controller looks at its warehouse; the smuggler knew its convoy.
        shown_down = down if observer in (actor, data["smuggler"]) else None
        return ("confiscate", actor, data["smuggler"], data["card"], up, shown_down)
    if kind == "success":
        return ("success", actor, data["card"])
    if kind == "stored":
        cards, turned = data["cards"], data["turned"]
        return ("stored", actor, tuple(card for card, shown in zip(cards, turned) if shown))
    if kind == "deal":
        own = None if observer is None else data["hands"][observer]
        return (
            "deal",
            tuple(sum(hand) for hand in data["hands"]),
            data["public"],
            data["row"],
            data["pile"],
            data["pool"],
            own,
        )
    return None


def publicize(observation: tuple) -> tuple:
    """What everyone saw of what one seat observed (its private cards left out)."""
    kind = observation[0]
    if kind == "deal":
        return (*observation[:6], None)
    if kind == "take_pile":
        return ("take_pile", observation[1], None)
    if kind == "convoy" and not isinstance(observation[2], int):
        return ("convoy", observation[1], len(observation[2]))
    if kind == "bribe" and not isinstance(observation[3], int):
        return ("bribe", *observation[1:3], len(observation[3]))
    if kind == "confiscate":
        return (*observation[:5], None)
    return observation


# ---------------------------------------------------------------- the exact model

PILE = "pile"


def _hand(seat: int) -> str:
    return f"hand {seat}"


def _convoy(seat: int) -> str:
    return f"convoy {seat}"


def _bribe(seat: int) -> str:
    return f"bribe {seat}"


def _warehouse(seat: int, source: int | None = None) -> str:
    """A warehouse's part: its owner's own (``source`` None or the owner) or one seat's cards in it.

    Cards a seat was seen to hold can end in another's warehouse (a confiscated
    convoy, an accepted bribe); that part belongs to the component of the seat
    they came from, so the model never mixes two seats' possibilities.
    """
    return (
        f"warehouse {seat}"
        if source is None or source == seat
        else f"warehouse {seat} from {source}"
    )


class _Fold(NamedTuple):
    """The model after some observations, and what the sampler needs to rebuild a table."""

    model: CardModel | None
    done: int  # observations read
    rejected: tuple[int, ...]  # sizes of the offers rejected in the convoy on the table
    notes: int  # rejected offers noted in the model (several bribe rounds, non-party)
    told_apart: bool = False  # the pending offer's cards are told apart (materialized)


def _start(observation: tuple, observer: int | None) -> CardModel:
    _kind, sizes, public, row, pile, pool, own = observation
    players = len(sizes)
    places = [(PILE, pile + len(row), players)]
    known = {}
    for seat in range(players):
        places.append((_hand(seat), sizes[seat] - sum(public[seat]), seat))
        known[_hand(seat)] = public[seat]
        places += [(_convoy(seat), 0, seat), (_bribe(seat), 0, seat), (_warehouse(seat), 0, seat)]
        places += [(_warehouse(other, seat), 0, seat) for other in range(players) if other != seat]
    model = CardModel.start(KINDS, pool, places, known)
    for card in row:
        model = model.reveal(PILE, card)
    if own is not None:
        model = model.show(_hand(observer), _cards(own))  # type: ignore[arg-type]
    return model


def _cards(counts: Sequence[int]) -> list[str]:
    return [kind for kind, n in zip(KINDS, counts) for _ in range(n)]


#: The kinds of observation the knowledge reads (listed above); any other is refused.
OBSERVATION_KINDS = frozenset(
    (
        "deal", "take_row", "take_pile", "convoy", "control", "take_back", "bribe", "accept",
        "reject", "waive", "turn", "confiscate", "success", "stored", "recall",
    )
)  # fmt: skip


def _step(fold: _Fold, observation: tuple, observer: int | None, rounds: int) -> _Fold:
    """Read one observation into the model (see the list of observations above)."""
    kind = observation[0]
    model = fold.model
    rejected, notes = fold.rejected, fold.notes
    if kind == "deal":
        if model is not None:
            raise ModelError("a second deal: a game is dealt once")
        return _Fold(_start(observation, observer), fold.done + 1, (), 0, False)
    if model is None:
        raise ModelError(f"the deal comes first, not {kind!r}")
    if kind not in OBSERVATION_KINDS:
        raise ModelError(f"an observation of unknown kind {kind!r}")
    if kind == "take_row":
        _, seat, card, refill = observation
        model = model.add(_hand(seat), card)
        if refill is not None:
            model = model.reveal(PILE, refill)
    elif kind == "take_pile":
        _, seat, card = observation
        if card is None:
            model = model.transfer(PILE, _hand(seat), 1)
        else:
            model = model.reveal(PILE, card).add(_hand(seat), card)
    elif kind == "convoy":
        _, seat, cards = observation
        if isinstance(cards, int):
            model = model.move(_hand(seat), _convoy(seat), cards)
        else:
            model = model.take_known(_hand(seat), cards, _convoy(seat))
        rejected, notes = (), 0
    elif kind == "control":
        _, seat, card = observation
        model = model.reveal(_hand(seat), card)
    elif kind in ("take_back", "success"):
        _, seat, card = observation
        model = model.add(_hand(seat), card)
    elif kind == "bribe":
        _, smuggler, controller, cards = observation
        told_apart = False
        if not isinstance(cards, int):
            model = model.take_known(_hand(smuggler), cards, _bribe(smuggler))
        elif cards in rejected:
            # Several bribe rounds: a new offer differs from those rejected (a rule about
            # compositions), so it is a choice among fewer than "any cards alike", and how
            # many fewer depends on the hand: the hand and the offer are told apart.
            model = model.offer_unlike_noted(_hand(smuggler), _bribe(smuggler), cards, "rejected")
            told_apart = True
        else:
            model = model.move(_hand(smuggler), _bribe(smuggler), cards)
        return _Fold(model, fold.done + 1, rejected, notes, told_apart)
    elif kind == "accept":
        _, controller, smuggler, card = observation
        model = model.merge(_bribe(smuggler), _warehouse(controller, smuggler))
        model = model.add(_hand(controller), card)
    elif kind == "reject":
        _, controller, smuggler = observation
        size = model.size(_bribe(smuggler))
        more = len(rejected) + 1 < rounds  # another offer may follow: it must differ
        if observer not in (controller, smuggler) and (more or fold.told_apart):
            # (an offer told apart is noted for free; one another may follow, so that
            # the next offer can be told apart from it)
            model = model.materialize(_bribe(smuggler))
            model = model.note(f"rejected {len(rejected)}", _bribe(smuggler))
            notes += 1
        model = model.merge(_bribe(smuggler), _hand(smuggler))
        rejected = (*rejected, size)
    elif kind == "waive":
        _, controller, _smuggler, card, keeps = observation
        model = model.add(_hand(controller) if keeps else _warehouse(controller), card)
    elif kind == "turn":
        _, smuggler, card = observation
        model = model.reveal(_convoy(smuggler), card)
    elif kind == "confiscate":
        _, controller, smuggler, card, up, down = observation
        if down is not None and observer != smuggler:
            model = model.show(_convoy(smuggler), down)
        target = _warehouse(controller, smuggler)
        model = model.merge(_convoy(smuggler), target)
        for turned in up:
            model = model.add(target, turned)
        model = model.add(_warehouse(controller), card)
        if notes:
            model = model.forget_notes(_hand(smuggler))
        rejected, notes = (), 0
    elif kind == "stored":
        _, smuggler, up = observation
        model = model.merge(_convoy(smuggler), _warehouse(smuggler))
        for turned in up:
            model = model.add(_warehouse(smuggler), turned)
        if notes:
            model = model.forget_notes(_hand(smuggler))
        rejected, notes = (), 0
    elif kind == "recall":
        _, place, cards = observation
        model = model.show(place, cards)
    return _Fold(model, fold.done + 1, rejected, notes, fold.told_apart)


class _Checkpoints:
    """Models already read from one observer's observations, shared by a game and its views.

    Holds nothing but what the observer's own observations gave, so a view
    may keep a reference to it. A game gets a new one whenever its history
    could change other than by growing (a copy, an undo).
    """

    __slots__ = ("folds", "too_large")

    def __init__(self) -> None:
        self.folds: list[tuple[tuple, _Fold]] = []  # (observations read, the fold), oldest first
        #: The shortest observations found past the model's bound, and the error: every
        #: longer history that starts with them is past it too (a fold reads them in order),
        #: so it is refused at once instead of folded again for seconds.
        self.too_large: tuple[tuple, ModelTooLarge] | None = None

    def past_bound(self, observations: tuple) -> ModelTooLarge | None:
        """The error of a known prefix of ``observations`` past the bound, if any."""
        if self.too_large is None:
            return None
        seen, error = self.too_large
        if len(seen) <= len(observations) and observations[: len(seen)] == seen:
            return error
        return None

    def best(self, observations: tuple) -> _Fold | None:
        for seen, fold in reversed(self.folds):
            if len(seen) <= len(observations) and observations[: len(seen)] == seen:
                return fold
        return None

    def keep(self, observations: tuple, fold: _Fold) -> None:
        self.folds.append((observations, fold))
        if len(self.folds) > 8:
            del self.folds[0]


class TableSample(NamedTuple):
    """One whole table drawn from a seat's knowledge (counts by kind; the pile top first).

    ``convoy``: the face-down convoy cards in a random order; ``bribe``: a
    pending bribe's cards; ``rejected``: the cards of every rejected offer of
    the convoy on the table, in order.
    """

    hands: tuple[Counts, ...]
    warehouses: tuple[Counts, ...]
    pile: tuple[str, ...]
    convoy: tuple[str, ...]
    bribe: Counts | None
    rejected: tuple[Counts, ...]


class ProhisKnowledge:
    """What one seat (or everyone) knows of the cards: exact, from what it saw (``view.knowledge``).

    Places are named ``"pile"``, ``"hand S"``, ``"warehouse S"`` (for every
    seat S), ``"convoy"`` (the face-down cards of the convoy on the table) and
    ``"bribe"`` (a bribe on the table): see :meth:`places` and :meth:`label`.

    * :meth:`expected` ``(place)``: the expected number of cards of each
      kind there; :meth:`probability` ``(place, kind)``: the chance that one of
      its cards, taken at random, is of that kind (both exact ``Fraction``\\ s);
    * :meth:`distribution` ``(place)``: the chance of every composition
      (counts by kind, in the order of :data:`~prohis_nb.prohis.cards.KINDS`);
    * :meth:`sample` ``(rng)``: a whole table drawn from this knowledge;
    * :meth:`describe`: the facts in words ("seat 0's captain is in seat 0's
      hand or its convoy...").

    The model: see :mod:`prohis_nb.core.knowledge`. Two knowledges are equal
    when their observers saw the same things.
    """

    __slots__ = ("observer", "players", "bribe_rounds", "observations", "_checkpoints", "_fold")

    def __init__(
        self,
        observer: int | None,
        players: int,
        bribe_rounds: int,
        observations: tuple,
        checkpoints: _Checkpoints | None = None,
    ) -> None:
        self.observer = observer
        self.players = players
        self.bribe_rounds = bribe_rounds
        #: What the observer saw, one observation per event about the cards (see above).
        self.observations = observations
        self._checkpoints = checkpoints
        self._fold: _Fold | None = None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, ProhisKnowledge)
            and self.observer == other.observer
            and self.players == other.players
            and self.bribe_rounds == other.bribe_rounds
            and self.observations == other.observations
        )

    def __hash__(self) -> int:
        return hash((self.observer, self.players, len(self.observations)))

    def __repr__(self) -> str:
        who = "everyone" if self.observer is None else f"seat {self.observer}"
        return f"<ProhisKnowledge of {who}: {len(self.observations)} observations>"

    def __getstate__(self) -> tuple:
        return (self.observer, self.players, self.bribe_rounds, self.observations)

    def __setstate__(self, state: tuple) -> None:
        self.observer, self.players, self.bribe_rounds, self.observations = state
        self._checkpoints, self._fold = None, None

    # ------------------------------------------------------------ the model

    def _read(self) -> _Fold:
        fold = self._fold
        if fold is not None:
            return fold
        observations = self.observations
        checkpoints = self._checkpoints
        fold = checkpoints.best(observations) if checkpoints is not None else None
        if fold is None:
            fold = _Fold(None, 0, (), 0)
        start = fold.done
        if checkpoints is not None:
            known = checkpoints.past_bound(observations)
            if known is not None:
                raise ModelTooLarge(str(known))
        for index in range(start, len(observations)):
            try:
                fold = _step(fold, observations[index], self.observer, self.bribe_rounds)
            except ModelTooLarge as error:
                if checkpoints is not None:
                    checkpoints.too_large = (observations[: index + 1], error)
                raise
        if fold.model is None:
            raise ModelError("no deal among the observations: nothing is known yet")
        if checkpoints is not None and fold.done > start:
            checkpoints.keep(observations, fold)
        self._fold = fold
        return fold

    @property
    def model(self) -> CardModel:
        """The underlying :class:`~prohis_nb.core.knowledge.CardModel` (its places: the parts)."""
        return self._read().model  # type: ignore[return-value]

    def _parts(self, place: str) -> list[str]:
        """The model's places that make up the public ``place``."""
        n = self.players
        words = place.split()
        if place in (PILE,):
            return [PILE]
        if len(words) == 2 and words[0] in ("hand", "warehouse") and words[1].isdigit():
            seat = int(words[1])
            if 0 <= seat < n:
                if words[0] == "hand":
                    return [_hand(seat)]
                return [_warehouse(seat, source) for source in range(n)]
        if place in ("convoy", "bribe"):
            smuggler = self._smuggler()
            if smuggler is not None:
                part = _convoy(smuggler) if place == "convoy" else _bribe(smuggler)
                if self.model.size(part):
                    return [part]
            raise ModelError(f"there is no {place} on the table")
        raise ModelError(
            f"unknown place {place!r}; places are {', '.join(self.places())} "
            "(hand S and warehouse S for every seat S)"
        )

    def _smuggler(self) -> int | None:
        model = self.model
        for seat in range(self.players):
            if model.size(_convoy(seat)) or model.size(_bribe(seat)):
                return seat
        return None

    def places(self) -> tuple[str, ...]:
        """Every place with cards in it: the pile, each hand and warehouse, a convoy, a bribe."""
        model = self.model
        out = [PILE] if model.size(PILE) else []
        out += [f"hand {seat}" for seat in range(self.players)]
        out += [f"warehouse {seat}" for seat in range(self.players)]
        smuggler = self._smuggler()
        if smuggler is not None:
            if model.size(_convoy(smuggler)):
                out.append("convoy")
            if model.size(_bribe(smuggler)):
                out.append("bribe")
        return tuple(out)

    def label(self, place: str) -> str:
        """``place`` in words: "the pile", "seat 2's hand", "seat 1's convoy (face down)"."""
        self._parts(place)  # (checks the name)
        if place == PILE:
            return "the pile"
        if place in ("convoy", "bribe"):
            smuggler = self._smuggler()
            what = "convoy (face down)" if place == "convoy" else "bribe"
            return f"seat {smuggler}'s {what}"
        what, seat = place.split()
        return f"seat {seat}'s {what}"

    def size(self, place: str) -> int:
        """How many cards ``place`` holds."""
        return sum(self.model.size(part) for part in self._parts(place))

    def expected(self, place: str) -> dict[str, Fraction]:
        """The expected number of cards of each kind in ``place``, exactly."""
        return self.model.expected(self._parts(place))

    def probability(self, place: str, kind: str) -> Fraction:
        """The chance that a card of ``place``, taken at random, is a ``kind``."""
        if kind not in KIND_INDEX:
            raise ModelError(f"unknown kind {kind!r}; kinds are {', '.join(KINDS)}")
        size = self.size(place)
        if not size:
            raise ModelError(f"{self.label(place)} holds no card")
        return self.expected(place)[kind] / size

    def distribution(self, place: str) -> dict[Counts, Fraction]:
        """The chance of every composition of ``place`` (counts in the order of ``KINDS``)."""
        return self.model.distribution(self._parts(place))

    def sample(self, rng: random.Random) -> TableSample:
        """A whole table drawn exactly from this knowledge (``rng`` the only randomness)."""
        fold = self._read()
        cards, notes = fold.model.sample(rng)  # type: ignore[union-attr]
        n = self.players

        def counts(names: Sequence[str]) -> Counts:
            out = [0] * len(KINDS)
            for name in names:
                for card in cards[name]:
                    out[KIND_INDEX[card]] += 1
            return tuple(out)

        hands = tuple(counts([_hand(seat)]) for seat in range(n))
        warehouses = tuple(
            counts([_warehouse(seat, source) for source in range(n)]) for seat in range(n)
        )
        smuggler = self._smuggler()
        convoy: tuple[str, ...] = ()
        bribe = None
        rejected: list[Counts] = []
        if smuggler is not None:
            convoy = tuple(cards[_convoy(smuggler)])
            if cards[_bribe(smuggler)]:
                bribe = counts([_bribe(smuggler)])
            for i, size in enumerate(fold.rejected):
                key = f"rejected {i}"
                if key in notes:
                    rejected.append(_counts(notes[key]))
                else:  # any ``size`` cards of the hand they went back to, alike
                    held = list(cards[_hand(smuggler)])
                    if bribe is not None:
                        held += cards[_bribe(smuggler)]
                    rejected.append(_counts(rng.sample(held, size)))
        return TableSample(hands, warehouses, tuple(cards[PILE]), convoy, bribe, tuple(rejected))

    # ------------------------------------------------------------ in words

    def describe(self) -> tuple[str, ...]:
        """The observer's knowledge in a few sentences (exact chances as fractions).

        First the cards it saw go where it can no longer see them, kind by
        kind: "1 captain: in seat 0's hand or seat 0's convoy (expected 1/2
        in seat 0's hand, 1/2 in seat 0's convoy)"; then, for one card of each
        place, the chance of each kind.
        """
        model = self.model
        own = set() if self.observer is None else {_hand(self.observer), _warehouse(self.observer)}
        lines = []
        for kind in KINDS:
            for places, (fewest, most), expected in model.spread(kind):
                if set(places) <= own:
                    continue  # its own hand and warehouse: it sees them
                many = f"{most}" if fewest == most else f"{fewest} to {most}"
                where = " or ".join(_words(place) for place in places)
                if len(places) == 1 and fewest == most:
                    lines.append(f"{many} {kind}: surely in {where}")
                    continue
                shares = ", ".join(
                    f"{_number(count)} in {_words(place)}" for place, count in expected.items()
                )
                lines.append(f"{many} {kind}: in {where} (expected {shares})")
        for place in self.places():
            size = self.size(place)
            if not size:
                continue
            chances = self.expected(place)
            shares = ", ".join(
                f"{kind} {_number(Fraction(count) / size)}"
                for kind, count in chances.items()
                if count
            )
            lines.append(f"{self.label(place)} ({size} cards): one card is {shares}")
        return tuple(lines)


def _counts(cards: Sequence[str]) -> Counts:
    out = [0] * len(KINDS)
    for card in cards:
        out[KIND_INDEX[card]] += 1
    return tuple(out)


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{value}"


def _words(part: str) -> str:
    """A model place in words: "seat 1's hand", "seat 2's warehouse"."""
    words = part.split()
    if part == PILE:
        return "the pile"
    if words[0] == "warehouse":
        return f"seat {words[1]}'s warehouse"
    return f"seat {words[1]}'s {words[0]}"
