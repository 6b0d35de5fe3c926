"""Brute force: every physical history a seat cannot tell from the real one, counted.

The tests' own answer to "what does seat S know?", independent of the
engine's knowledge model (``prohis_nb.core.knowledge`` and the games'
``knowledge`` modules): it uses only the rules (the engine plays the moves),
the tests' reading of RULES.md's "Who knows what" (``knowledge_model``: what
of each table and each action seat S may see) and counting.

**Prohis.** A history is a deal and every hidden choice. The deal of a small
stacked table: every way of putting the cards S has not seen into the places
it cannot see (each other hand's face-down part, as a multiset, and the pile,
as a sequence). Each hidden choice of another seat: a convoy of the same size
(any of the legal ones), a bribe of the same size (when S is not a party), the
same public move otherwise. A history is kept while every step of its trace
for S (``knowledge_model.prohis_state`` and ``prohis_action``) equals the real
game's. Each kept history counts the *physical* histories behind it, all
equally likely (RULES.md's shuffle, and hidden choices that take any of the
physical cards alike): a hand of ``h`` cards counts ``h! / Π h_k!`` physical
deals, a convoy with ``m_k`` cards of kind ``k`` from a hand holding ``h_k``
counts ``Π h_k! / (h_k - m_k)!`` ordered physical choices, a bribe ``Π C(h_k,
b_k)`` divided by the number of physical bribes of its size the rules allowed
(a second bribe must differ from a rejected one, so a hand with fewer allowed
offers makes each of them likelier), a controller card of kind ``k`` played
from a hand holding ``h_k`` of them ``h_k``. Histories that reach the same
table are merged (their counts added): the same future follows from the same
table.

**Smuggle.** Within a round, the card flow of docs/smuggle-rules.md written
out by hand: the pack is shuffled; a fresh hand takes 4 cards, a receiver's
draw 1; a searched hand is shown; a receiver discards one card (each card of
the hand with probability 1/size, or the Diplomatic Bag for sure when it is
there: a forced step weighs as much as all the free ones together); the seat sees its own draws,
the hand it looked at, its own discards. Every table (the hand, the face-down
discards, by kind) is carried with the count of physical histories behind it.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import comb, factorial
from typing import Any

from helpers.knowledge_model import prohis_action, prohis_state
from prohis_nb.prohis import from_deal
from prohis_nb.prohis.cards import KIND_INDEX, KINDS

# ---------------------------------------------------------------- Prohis


def _multinomial(counts: Counter) -> int:
    out = factorial(sum(counts.values()))
    for n in counts.values():
        out //= factorial(n)
    return out


def _falling(n: int, k: int) -> int:
    return factorial(n) // factorial(n - k) if k <= n else 0


def _hand_counts(game: Any, seat: int) -> list[int]:
    return list(game.hands[seat])


def choice_weight(game: Any, action: Any) -> int:
    """Physical choices behind ``action`` in ``game`` (before it is taken)."""
    if action.act == "convoy":
        hand = _hand_counts(game, action.seat)
        used = Counter(KIND_INDEX[card] for card in action.cards)
        out = 1
        for kind, n in used.items():
            out *= _falling(hand[kind], n)
        return out
    if action.act == "bribe":
        hand = _hand_counts(game, action.seat)
        used = Counter(KIND_INDEX[card] for card in action.cards)
        out = 1
        for kind, n in used.items():
            out *= comb(hand[kind], n)
        return out
    if action.act == "control":
        return _hand_counts(game, action.seat)[KIND_INDEX[action.card]]
    return 1


def _offers_of_size(game: Any, size: int) -> int:
    """The physical bribes of ``size`` cards the rules allow the smuggler in ``game``.

    Any ``size`` cards of the hand, but (several bribe rounds) none equal to a
    rejected offer: the engine's legal actions say which. A hidden bribe is a
    choice among these, each with the same chance, so one of them weighs
    ``choice_weight / this`` (a rule that narrows the choice is a probability,
    as the Bag's forced discard is below).
    """
    return sum(
        choice_weight(game, action)
        for action in game.legal_actions()
        if action.act == "bribe" and len(action.cards) == size
    )


def _trace_state(game: Any, seat: int) -> str:
    return json.dumps(prohis_state(game.omniscient_view().to_json(), seat, False), sort_keys=True)


def _trace_action(game: Any, action: Any, seat: int, truth: Any = None) -> str:
    if truth is None:
        truth = game.omniscient_view().to_json()
    return json.dumps(prohis_action(action, seat, truth), sort_keys=True)


def prohis_deals(
    setup: dict[str, Any], rules: Any, seat: int | None, pile_as_multiset: bool = False
):
    """Every stacked table ``seat`` cannot tell from ``setup`` by what it saw dealt, with its count.

    ``seat`` None: what everyone saw (no hand). ``pile_as_multiset``: one table
    per *composition* of the pile (in a fixed order), counting the orders it
    stands for: exact while no pile card is drawn or turned up (a lesson's
    table with a big pile, looked at before anyone draws).
    """
    hands = [Counter(hand) for hand in setup["hands"]]
    public = [Counter(cards) for cards in setup.get("public_hands", [[]] * len(hands))]
    deck = Counter(rules.deck_counts())
    seen = Counter(card for card in setup["row"] if card is not None)
    for other, (hand, shown) in enumerate(zip(hands, public)):
        seen += hand if other == seat else shown
    unseen = deck - seen
    players = len(hands)
    hidden = [
        0 if other == seat else sum(hands[other].values()) - sum(public[other].values())
        for other in range(players)
    ]
    pile_size = len(setup["pile"])

    def fill(other: int, left: Counter):
        if other == players:
            if pile_as_multiset:
                yield [], sorted(left.elements())
                return
            for pile in set(permutations(left.elements(), pile_size)):
                yield [], list(pile)
            return
        if other == seat:
            for rest, pile in fill(other + 1, left):
                yield [hands[other], *rest], pile
            return
        for taken in _submultisets(left, hidden[other]):
            for rest, pile in fill(other + 1, left - taken):
                yield [public[other] + taken + Counter(), *rest], pile

    for dealt, pile in fill(0, unseen):
        weight = 1
        hands_out = []
        for other, hand in enumerate(dealt):
            if other != seat:
                weight *= _multinomial(hand - public[other])
            hands_out.append(sorted(hand.elements()))
        if pile_as_multiset:
            weight *= _multinomial(Counter(pile))
        table = dict(setup, hands=hands_out, pile=pile)
        yield table, weight


def _submultisets(pool: Counter, size: int):
    kinds = sorted(pool)

    def walk(i: int, left: int):
        if left == 0:
            yield Counter()
            return
        if i == len(kinds):
            return
        kind = kinds[i]
        for n in range(min(pool[kind], left), -1, -1):
            for rest in walk(i + 1, left - n):
                yield rest + Counter({kind: n}) if n else rest

    yield from walk(0, size)


class ProhisBruteForce:
    """Every history of a small stacked Prohis game that ``seat`` cannot tell from the real one.

    Built at the deal (``real`` before any action); :meth:`step` follows one
    real action. :meth:`expected` gives the exact expected number of cards
    of each kind in a place, over the kept histories.
    """

    def __init__(self, real: Any, seat: int, pile_as_multiset: bool = False) -> None:
        self.seat = seat
        self.rules = real.rules
        self.real_state = _trace_state(real, seat)
        self.histories: dict[Any, tuple[Any, int]] = {}
        for table, weight in prohis_deals(real.setup, real.rules, seat, pile_as_multiset):
            game = from_deal(
                table["hands"],
                table["row"],
                table["pile"],
                table["first"],
                rules=real.rules,
                public_hands=table.get("public_hands"),
            )
            if _trace_state(game, seat) != self.real_state:
                continue
            self._keep(game, weight)

    def _keep(self, game: Any, weight: int | Fraction) -> None:
        key = game.state()
        held = self.histories.get(key)
        self.histories[key] = (game, weight + (held[1] if held else 0))

    def step(self, real_before: Any, action: Any, real_after: Any) -> None:
        """Follow ``action`` (taken in the real game ``real_before``, giving ``real_after``)."""
        seat = self.seat
        wanted_action = _trace_action(real_before, action, seat)
        wanted_state = _trace_state(real_after, seat)
        histories, self.histories = self.histories, {}
        for game, weight in histories.values():
            truth = game.omniscient_view().to_json()
            for other in game.legal_actions():
                if other.act != action.act or other.seat != action.seat:
                    continue
                if _trace_action(game, other, seat, truth) != wanted_action:
                    continue
                factor = choice_weight(game, other)
                if not factor:
                    continue
                if other.act == "bribe":
                    factor = Fraction(factor, _offers_of_size(game, len(other.cards)))
                after = game.copy()
                after.apply(other)
                if _trace_state(after, seat) != wanted_state:
                    continue
                self._keep(after, weight * factor)
        assert self.histories, "the real history itself must be kept"

    def total(self) -> int:
        return sum(weight for _game, weight in self.histories.values())

    def expected(self, place: str) -> dict[str, Fraction]:
        """Expected count of each kind in ``place`` (the knowledge's place names)."""
        sums = Counter()
        for game, weight in self.histories.values():
            for kind, n in _place_cards(game, place).items():
                sums[kind] += weight * n
        total = self.total()
        return {kind: Fraction(sums[kind], total) for kind in KINDS}

    def support(self, place: str) -> set[tuple[int, ...]]:
        """Every composition of ``place`` (counts in KINDS order) some kept history gives."""
        out = set()
        for game, _weight in self.histories.values():
            cards = _place_cards(game, place)
            out.add(tuple(cards[kind] for kind in KINDS))
        return out

    def distribution(self, place: str) -> dict[tuple[int, ...], Fraction]:
        """The chance of every composition of ``place``."""
        out: Counter = Counter()
        for game, weight in self.histories.values():
            cards = _place_cards(game, place)
            out[tuple(cards[kind] for kind in KINDS)] += weight
        total = self.total()
        return {key: Fraction(value, total) for key, value in out.items()}


def _place_cards(game: Any, place: str) -> Counter:
    truth = game.omniscient_view()
    if place == "pile":
        return Counter(truth.pile)
    if place == "convoy":
        convoy = truth.convoy
        return Counter(card for card, up in zip(convoy.cards, convoy.turned) if not up)
    if place == "bribe":
        return Counter(truth.convoy.bribe or ())
    what, seat = place.split()
    return Counter(truth.hands[int(seat)] if what == "hand" else truth.warehouses[int(seat)])


# ---------------------------------------------------------------- Smuggle

BAG = "diplomatic_bag"


def _take(pool: Counter, cards: Counter) -> int:
    """Physical ways to pick ``cards`` (by kind) out of ``pool``: Π C(pool_k, cards_k)."""
    out = 1
    for kind, n in cards.items():
        out *= comb(pool[kind], n)
    return out


class SmuggleBruteForce:
    """Every card history of a Smuggle round one seat cannot tell from the real one.

    ``tables`` maps (hand, face-down discards, pack), each counts by kind in
    the order of ``kinds``, to the count of physical histories behind them.
    The driver (the test) tells it what happens, as the seat sees it.
    """

    def __init__(self, seat: int, pack: Counter) -> None:
        self.seat = seat
        self.kinds = tuple(pack)
        self.index = {kind: i for i, kind in enumerate(self.kinds)}
        width = len(self.kinds)
        self.zero = (0,) * width
        self.tables: dict[tuple, int] = {(self.zero, self.zero, tuple(pack.values())): 1}
        self.shown = [0] * width  # face-up discards (searched hands)
        self.bag = self.index[BAG]

    def _counts(self, cards) -> tuple[int, ...]:
        out = [0] * len(self.kinds)
        for card in cards:
            out[self.index[card]] += 1
        return tuple(out)

    @staticmethod
    def _put(out: dict, key: tuple, weight: int) -> None:
        out[key] = out.get(key, 0) + weight

    def fresh_hand(self, seen: tuple[str, ...] | None) -> None:
        """A fresh hand of 4 from the pack (the one before went to the discards)."""
        out: dict = {}
        fixed = None if seen is None else self._counts(seen)
        for (hand, down, pack), weight in self.tables.items():
            down = _plus(down, hand)  # (a searched hand was moved to ``shown`` already)
            for drawn in [fixed] if fixed is not None else _draws(pack, 4):
                ways = 1
                for have, n in zip(pack, drawn):
                    ways *= comb(have, n)
                if ways:
                    self._put(out, (drawn, down, _minus(pack, drawn)), weight * ways)
        self.tables = out

    def draw_one(self, seen: str | None) -> None:
        out: dict = {}
        for (hand, down, pack), weight in self.tables.items():
            options = [self.index[seen]] if seen is not None else range(len(pack))
            for k in options:
                if pack[k]:
                    one = _unit(k, len(pack))
                    self._put(out, (_plus(hand, one), down, _minus(pack, one)), weight * pack[k])
        self.tables = out

    def discard(self, seen: str | None) -> None:
        """The receiver discards one card face down (the Bag if it holds it)."""
        out: dict = {}
        for (hand, down, pack), weight in self.tables.items():
            if hand[self.bag]:
                # forced: probability 1, against 1/size for each free card (the hand's
                # size is the same in every table, so weigh the forced card by it)
                options = [(self.bag, sum(hand))]
            else:
                options = [(k, n) for k, n in enumerate(hand) if n]
            for k, ways in options:
                if seen is not None and k != self.index[seen]:
                    continue
                one = _unit(k, len(hand))
                self._put(out, (_minus(hand, one), _plus(down, one), pack), weight * ways)
        self.tables = out

    def shown_hand(self, cards: tuple[str, ...], discarded: bool) -> None:
        """The hand in play is seen to be ``cards`` (a search, or the seat looked)."""
        counts = self._counts(cards)
        out: dict = {}
        for (hand, down, pack), weight in self.tables.items():
            if hand == counts:
                self._put(out, (self.zero if discarded else hand, down, pack), weight)
        if discarded:
            self.shown = [a + b for a, b in zip(self.shown, counts)]
        self.tables = out

    def end_round(self) -> None:
        out: dict = {}
        for (hand, down, pack), weight in self.tables.items():
            self._put(out, (self.zero, _plus(down, hand), pack), weight)
        self.tables = out

    def _place(self, place: str, hand, down, pack) -> tuple[int, ...]:
        if place == "hand":
            return hand
        if place == "pack":
            return pack
        return _plus(down, tuple(self.shown))

    def expected(self, place: str, kinds: tuple[str, ...]) -> dict[str, Fraction]:
        sums = [0] * len(self.kinds)
        total = 0
        for (hand, down, pack), weight in self.tables.items():
            for k, n in enumerate(self._place(place, hand, down, pack)):
                sums[k] += weight * n
            total += weight
        return {kind: Fraction(sums[self.index[kind]], total) for kind in kinds}

    def distribution(self, place: str) -> dict[tuple, Fraction]:
        out: Counter = Counter()
        total = 0
        for (hand, down, pack), weight in self.tables.items():
            out[self._place(place, hand, down, pack)] += weight
            total += weight
        return {key: Fraction(value, total) for key, value in out.items()}


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _minus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x - y for x, y in zip(a, b))


def _unit(k: int, width: int) -> tuple[int, ...]:
    return tuple(int(i == k) for i in range(width))


def _draws(pack: tuple[int, ...], size: int):
    """Every multiset of ``size`` cards the pack can give (counts by kind)."""

    def walk(i: int, left: int, taken: list[int]):
        if i == len(pack):
            if left == 0:
                yield tuple(taken)
            return
        for n in range(min(pack[i], left) + 1):
            taken.append(n)
            yield from walk(i + 1, left - n, taken)
            taken.pop()

    yield from walk(0, size, [])


def _key(cards: Counter) -> tuple[str, ...]:
    return tuple(sorted(cards.elements()))
