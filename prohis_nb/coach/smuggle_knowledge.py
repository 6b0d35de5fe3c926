"""What one Smuggle seat knows about the cards it cannot see, read from its view alone.

Everything here derives from the seat's one exact model of the cards,
``view.knowledge`` (:mod:`prohis_nb.smuggle.knowledge`: a uniform shuffle,
every unseen choice any of the physical cards alike, the Diplomatic Bag
discarded for sure when the hand holds it). The coach's beliefs about each
place (:func:`place_beliefs`), the prior over a hidden hand that its values
use (:func:`hand_prior`, :class:`Knowledge`) and the chance of the next card
drawn (:func:`pack_draw`) are all read from it, so the table and the values
of one panel can never disagree. Declarations are *not* used here: what a
declaration says about a hand is the game-theoretic part of the coach
(:mod:`prohis_nb.coach.smuggle`).

:class:`Knowledge` presents that model as *worlds*: one per composition the
hand in play may have, with its exact probability (``Fraction``).

The observed habits of every seat (:class:`Observed`) are counted from the
same log: how often each seat searched, informed or challenged, and how often
its declarations were found false.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb
from typing import Any

from prohis_nb.smuggle.board import DUTIABLE, PACK_COUNTS

KINDS: tuple[str, ...] = tuple(PACK_COUNTS)
_FULL = tuple(PACK_COUNTS[k] for k in KINDS)
_INDEX = {k: i for i, k in enumerate(KINDS)}

Cards = tuple[int, ...]  # counts by kind, in KINDS order


def counts(cards: Any) -> Cards:
    """``cards`` (kinds) as counts by kind, in ``KINDS`` order."""
    out = [0] * len(KINDS)
    for card in cards:
        out[_INDEX[card]] += 1
    return tuple(out)


def _add(a: Cards, b: Cards) -> Cards:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def _sub(a: Cards, b: Cards) -> Cards:
    return tuple(x - y for x, y in zip(a, b, strict=True))


_ZERO: Cards = (0,) * len(KINDS)


@lru_cache(maxsize=4096)
def draw_ways(pool: Cards, k: int) -> tuple[tuple[Cards, int], ...]:
    """Every multiset ``M`` of ``k`` cards from ``pool`` and its number of ways ``Π C(pool, M)``.

    Divided by ``C(|pool|, k)`` these are the hypergeometric probabilities.
    """
    out: list[tuple[Cards, int]] = []
    width = len(pool)

    def fill(i: int, left: int, taken: list[int], ways: int) -> None:
        if left == 0:
            out.append((tuple(taken) + (0,) * (width - len(taken)), ways))
            return
        if i == width:
            return
        for n in range(min(pool[i], left) + 1):
            taken.append(n)
            fill(i + 1, left - n, taken, ways * comb(pool[i], n))
            taken.pop()

    fill(0, k, [], 1)
    return tuple(out)


def draws(pool: Cards, k: int) -> tuple[tuple[Cards, Fraction], ...]:
    """Every multiset of ``k`` cards drawn from ``pool`` and its probability (hypergeometric).

    ``P(M) = Π_kind C(pool[kind], M[kind]) / C(|pool|, k)``.

    >>> pool = counts(["wine", "luggage", "luggage"])
    >>> [(names(m), p) for m, p in draws(pool, 2)]
    [(('luggage', 'wine'), Fraction(2, 3)), (('luggage', 'luggage'), Fraction(1, 3))]
    """
    total = comb(sum(pool), k)
    if total == 0:
        return ()
    return tuple((m, Fraction(ways, total)) for m, ways in draw_ways(pool, k))


@dataclass(frozen=True)
class World:
    """One way the seat's tracked cards may lie.

    ``tracked``: the cards of the hand in play whose kinds the seat knows
    (all of them when it holds the hand); ``unseen``: how many of the hand's
    cards it has not seen; ``buried``: tracked cards that went face down into
    the discards (which ones is what distinguishes the worlds).
    """

    tracked: Cards = _ZERO
    unseen: int = 0
    buried: Cards = _ZERO


@dataclass
class Knowledge:
    """The seat's card knowledge this round: the worlds and the cards seen in the discards."""

    seat: int
    worlds: dict[World, Fraction] = field(default_factory=lambda: {World(): Fraction(1)})
    seen_discards: Cards = _ZERO

    def pool(self, world: World) -> Cards:
        """The round's cards whose place the seat does not know, in ``world``."""
        known = _add(_add(self.seen_discards, world.tracked), world.buried)
        return _sub(_FULL, known)


# ---------------------------------------------------------------- reading the log

_WHO = r"(?:You|Seat (?P<seat>\d+))"
_ROUND = re.compile(r"^Round \d+: seat (?P<officer>\d+) is the Customs Officer\.$")
_SEARCH = re.compile(
    rf"^{_WHO} (?P<how>searched|turned Informer and searched|challenged and searched) "
    r"seat (?P<holder>\d+)'s hand: (?P<cards>.+) \((?P<verdict>[^()]+)\)\.$"
)
_DECLARE = re.compile(rf"^{_WHO} (?:declared .+|claimed Diplomatic Immunity)\.$")
_ACCEPT = re.compile(rf"^{_WHO} accepted (?P<role>as Officer|the passed hand)\.$")


def _seat(match: re.Match, viewer: int) -> int:
    seat = match.group("seat")
    return viewer if seat is None else int(seat)


def knowledge(view: Any) -> Knowledge:
    """The seat's card knowledge of the round in play, from its exact model (``view.knowledge``).

    One world per composition the hand in play may have (all of it *tracked*:
    nothing is left to draw), with the model's exact chance; the cards seen
    in the discards are the view's ``known_discards``. The result is shared:
    do not change it.
    """
    exact = view.knowledge
    hand = exact.distribution("hand") if view.hand_size else {_ZERO: Fraction(1)}
    worlds = {World(tracked=tuple(composition)): p for composition, p in hand.items() if p}
    return Knowledge(view.seat, worlds, counts(view.known_discards))


@dataclass
class Observed:
    """Each seat's habits as the log shows them (counts; a rate is ``hits / tries``).

    ``search``: as Officer on a declaration, searched / decided; ``challenge``:
    as Officer on an immunity claim; ``inform``: as receiver of a declared
    hand; ``receiver_challenge``: as receiver of an immunity claim;
    ``false``: its declarations or claims found false / checked.
    """

    search: dict[int, list[int]] = field(default_factory=dict)
    challenge: dict[int, list[int]] = field(default_factory=dict)
    inform: dict[int, list[int]] = field(default_factory=dict)
    receiver_challenge: dict[int, list[int]] = field(default_factory=dict)
    false: dict[int, list[int]] = field(default_factory=dict)

    @staticmethod
    def _count(table: dict[int, list[int]], seat: int, hit: bool) -> None:
        entry = table.setdefault(seat, [0, 0])
        entry[0] += hit
        entry[1] += 1

    def rate(self, name: str, seat: int) -> tuple[Fraction | None, int, int]:
        """``(hits / tries or None, hits, tries)`` of ``seat`` for habit ``name``."""
        hits, tries = getattr(self, name).get(seat, (0, 0))
        return (Fraction(hits, tries) if tries else None), hits, tries


def observed(view: Any) -> Observed:
    """Count every seat's searches, informs, challenges and false declarations in ``view.log``.

    Cached by the log (the result is shared: do not change it).
    """
    return _observed(view.seat, tuple(view.log))


@lru_cache(maxsize=256)
def _observed(seat: int, log: tuple[str, ...]) -> Observed:
    out = Observed()
    officer: int | None = None
    immunity = False
    for line in log:
        if m := _ROUND.match(line):
            officer = int(m.group("officer"))
        elif line.endswith("claimed Diplomatic Immunity.") and _DECLARE.match(line):
            immunity = True
        elif _DECLARE.match(line):
            immunity = False
        elif m := _ACCEPT.match(line):
            who = _seat(m, seat)
            if m.group("role") == "as Officer":
                out._count(out.challenge if immunity else out.search, who, False)
            else:
                out._count(out.receiver_challenge if immunity else out.inform, who, False)
        elif m := _SEARCH.match(line):
            who, holder = _seat(m, seat), int(m.group("holder"))
            how, verdict = m.group("how"), m.group("verdict")
            if how == "searched":
                out._count(out.search, who, True)
            elif how.startswith("turned"):
                out._count(out.inform, who, True)
            else:
                table = out.challenge if who == officer else out.receiver_challenge
                out._count(table, who, True)
            false = verdict in ("not the complete truth", "no Bag")
            out._count(out.false, holder, false)
    return out


# ---------------------------------------------------------------- what the coach shows


def names(cards: Cards) -> tuple[str, ...]:
    return tuple(kind for kind, n in zip(KINDS, cards, strict=True) for _ in range(n))


def hidden_hand(view: Any, known: Knowledge) -> bool:
    """True when a hand is in play and the seat does not see it."""
    return view.holder is not None and view.hand is None and view.hand_size > 0


def hand_prior(known: Knowledge) -> dict[tuple[str, ...], Fraction]:
    """P(the hand in play is each multiset of 4 cards), kinds sorted, from the card count alone."""
    out: dict[tuple[str, ...], Fraction] = {}
    for world, p in known.worlds.items():
        for drawn, q in draws(known.pool(world), world.unseen):
            key = names(_add(world.tracked, drawn))
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


def _mix(parts: list[tuple[Fraction, list[Fraction]]]) -> list[Fraction]:
    total = [Fraction(0)] * len(KINDS)
    for p, counts in parts:
        for i, c in enumerate(counts):
            total[i] += p * c
    return total


def _as_belief(counts: list[Fraction], size: int) -> dict[str, Fraction]:
    return {kind: c / size for kind, c in zip(KINDS, counts, strict=True) if c}


def place_beliefs(view: Any, known: Knowledge) -> list[tuple[str, int, dict[str, Fraction]]]:
    """``(place, size, P(kind))`` for the hidden hand, the pack and the face-down discards.

    The chances are the seat's exact knowledge (``view.knowledge``,
    :mod:`prohis_nb.smuggle.knowledge`: every physical history the seat cannot
    rule out, counted alike); ``known`` only says whether the hand is hidden.
    """
    knowledge = view.knowledge
    out = []

    def kinds(place: str, size: int) -> dict[str, Fraction]:
        return {kind: n / size for kind, n in knowledge.expected(place).items() if n}

    if hidden_hand(view, known):
        if view.receiver is not None:
            place = f"the hand seat {view.holder} passed to seat {view.receiver}"
        else:
            place = f"seat {view.holder}'s hand"
        out.append((place, view.hand_size, kinds("hand", view.hand_size)))
    if view.pack_size:
        out.append(("the pack", view.pack_size, kinds("pack", view.pack_size)))
    if view.discard_size and view.discard_size > len(view.known_discards):
        out.append(("the discards", view.discard_size, kinds("discards", view.discard_size)))
    return out


def goods_of(cards: tuple[str, ...]) -> tuple[str, ...]:
    """The dutiable items among ``cards`` in the board's order."""
    return tuple(sorted((c for c in cards if c in DUTIABLE), key=DUTIABLE.index))


def pack_draw(view: Any) -> dict[str, Fraction]:
    """P(the next card drawn from the pack is each kind): the exact model's share of the pack."""
    size = view.pack_size
    return {kind: n / size for kind, n in view.knowledge.expected("pack").items() if n}
