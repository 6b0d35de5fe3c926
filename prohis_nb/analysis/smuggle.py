"""The maths of declaring to customs: Smuggle's declare-or-lie game.

Every amount comes from the :class:`~prohis_nb.smuggle.board.Board` (duties,
fines, the $200 compensation, the Informer's $100 reward). Write ``d`` for
the duty on the goods held, ``f`` for their fines, ``C`` for the compensation
and ``R`` for the reward.

**The declare-or-lie game.** A player holds dutiable goods. It either
*declares* them truthfully or *lies* by declaring nothing (the cheapest lie,
see :func:`declaration_value`). The Customs Officer, who cannot tell which,
*accepts* or *searches*. Every payment goes between the two, so the game is
zero-sum; the declarer's money changes by

==========  ===========  ===========
 declarer    accept       search
==========  ===========  ===========
 declare     ``−d``       ``−d + C``
 lie         ``0``        ``−f``
==========  ===========  ===========

Nobody has a safe choice: against acceptance lying pays, against a search
declaring pays; against a liar searching pays, against the truth accepting
pays. So in equilibrium both mix, each making the *other* indifferent:

* the Officer searches at the rate ``s*`` that makes declaring and lying
  equally good: ``−d + s C = −s f``, so ``s* = d / (f + C)``;
* the declarer lies at the rate ``q*`` that makes accepting and searching
  equally good for the Officer: ``(1 − q) d = (1 − q)(d − C) + q f``, so
  ``q* = C / (f + C)``;
* the declarer's value is ``−d + s* C = −d f / (f + C)``.

With the default board (``f = 2d``) and one watch (``d = 150``, ``f = 300``):
``s* = 150/500 = 30 %`` and ``q* = 200/500 = 40 %``. The bigger the fine, the
*less* often the Officer needs to search and the *less* often a rational
declarer lies.

The game is the same *per item* (one card's duty and fine) and *per hand*
(the sums over the dutiable cards held): :func:`item_game`, :func:`hand_game`.

**The Informer.** A hand the Officer accepted passes face down to the next
player, who may accept it or turn Informer. If the hand was not the complete
truth the passer pays the fines (to the Officer) and the Officer pays the
Informer ``R``; if it was, the Informer pays the passer ``C``. So informing is
worth ``p R − (1 − p) C`` to a receiver who believes the hand false with
probability ``p``: inform when ``p > C / (R + C)`` (2/3 with the default
board). :class:`InformerGame` is the 2 × 2 game between the passer and the
receiver: the receiver informs at ``r* = d / (f + C)`` (the passer pays the
same fines either way) and the passer lies at ``q* = C / (R + C)``.

Both games are checked against nashpy and against games played through the
engine (``tests/analysis/test_smuggle_math.py``); ``docs/bluffing-math.md``
lists every formula with its test.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from math import comb
from typing import Any

from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, PACK_COUNTS, Board

Number = int | float | Fraction

#: A declarer's choices and an Officer's, in the order of the payoff tables.
DECLARER_CHOICES = ("declare", "lie")
OFFICER_CHOICES = ("accept", "search")
RECEIVER_CHOICES = ("accept", "inform")


def _exact(value: Number) -> Fraction:
    """A float as the decimal it prints as (0.2 is 1/5), so the answers stay readable."""
    return _decimal(float(value)) if isinstance(value, float) else Fraction(value)


@lru_cache(maxsize=4096)  # bots ask with the same few rates again and again; parsing is slow
def _decimal(value: float) -> Fraction:
    return Fraction(repr(value))


def _rate(name: str, value: Number) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise ValueError(f"{name} is a probability between 0 and 1, got {value!r}")
    if not 0 <= value <= 1:
        raise ValueError(f"{name} is a probability between 0 and 1, got {value!r}")
    return _exact(value)


def _money(name: str, value: Number, positive: bool = False) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise ValueError(f"{name} is an amount of dollars, got {value!r}")
    if value < 0 or (positive and value == 0):
        raise ValueError(f"{name} must be {'more than' if positive else 'at least'} 0, got {value}")
    return _exact(value)


def dutiable(cards: Iterable[str]) -> Counter:
    """The dutiable items among ``cards``, counted by kind (luggage and the Bag left out).

    >>> dict(dutiable(["wine", "luggage", "wine", "diplomatic_bag"]))
    {'wine': 2}
    """
    cards = [cards] if isinstance(cards, str) else list(cards)
    unknown = [c for c in cards if c not in PACK_COUNTS]
    if unknown:
        raise ValueError(f"unknown card kind(s) {unknown}; the kinds are {list(PACK_COUNTS)}")
    return Counter(c for c in cards if c in DUTIABLE)


def _terms(game: DeclareOrLie | InformerGame) -> tuple[Fraction, Fraction, Fraction]:
    """A game's duty, fine and compensation (Fractions once ``__post_init__`` has run)."""
    return Fraction(game.duty), Fraction(game.fine), Fraction(game.compensation)


# ---------------------------------------------------------------- declare or lie


@dataclass(frozen=True)
class DeclareOrLie:
    """The declare-or-lie inspection game of one item or one hand (module docstring).

    ``duty`` and ``fine`` are the goods' duty and fines (both more than 0),
    ``compensation`` what the Officer pays for searching a completely true
    declaration.

    >>> game = DeclareOrLie(duty=150, fine=300)
    >>> game.search_rate, game.lying_rate, game.value
    (Fraction(3, 10), Fraction(2, 5), Fraction(-90, 1))
    """

    duty: Number
    fine: Number
    compensation: Number = 200

    def __post_init__(self) -> None:
        object.__setattr__(self, "duty", _money("duty", self.duty, positive=True))
        object.__setattr__(self, "fine", _money("fine", self.fine, positive=True))
        object.__setattr__(
            self, "compensation", _money("compensation", self.compensation, positive=True)
        )

    @property
    def mixed(self) -> bool:
        """True when both sides mix in equilibrium: the fine plus compensation beat the duty.

        Otherwise (``f + C ≤ d``) lying is always at least as good, and the
        Officer always searches.
        """
        return self.fine + self.compensation > self.duty

    def declarer_payoffs(self) -> list[list[Fraction]]:
        """The declarer's money change: rows declare / lie, columns accept / search."""
        d, f, c = _terms(self)
        return [[-d, -d + c], [Fraction(0), -f]]

    def officer_payoffs(self) -> list[list[Fraction]]:
        """The Officer's: every payment is between the two, so the negative of the declarer's."""
        return [[-x for x in row] for row in self.declarer_payoffs()]

    @property
    def search_rate(self) -> Fraction:
        """The Officer's equilibrium search rate ``s* = d / (f + C)`` (1 if that is above 1)."""
        d, f, c = _terms(self)
        return min(Fraction(1), d / (f + c))

    @property
    def lying_rate(self) -> Fraction:
        """The declarer's equilibrium lying rate ``q* = C / (f + C)`` (1 without a mixed one)."""
        if not self.mixed:
            return Fraction(1)
        _, f, c = _terms(self)
        return c / (f + c)

    @property
    def value(self) -> Fraction:
        """The declarer's expected money change in equilibrium, ``−d f / (f + C)``."""
        return self.declarer_values(self.search_rate)["lie"]

    def declarer_values(self, search_rate: Number) -> dict[str, Fraction]:
        """Expected money change of declaring and of lying against a search rate.

        ``declare = −d + s C`` and ``lie = −s f``: two straight lines that cross
        at ``s*``. Below it lying pays, above it declaring does.
        """
        s = _rate("search_rate", search_rate)
        d, f, c = _terms(self)
        return {"declare": -d + s * c, "lie": -s * f}

    def officer_values(self, lying_rate: Number) -> dict[str, Fraction]:
        """The Officer's expected gain from accepting and from searching against a lying rate.

        ``accept = (1 − q) d`` and ``search = (1 − q)(d − C) + q f``.
        """
        q = _rate("lying_rate", lying_rate)
        d, f, c = _terms(self)
        return {"accept": (1 - q) * d, "search": (1 - q) * (d - c) + q * f}

    def solve(self) -> tuple[float, float]:
        """``(lying rate, search rate)`` found by nashpy's support enumeration (the check)."""
        return _solve_2x2(self.declarer_payoffs(), self.officer_payoffs())


def item_game(kind: str, board: Board | None = None) -> DeclareOrLie:
    """The declare-or-lie game of one dutiable card of ``kind``.

    >>> item_game("wine").search_rate  # 25 / (50 + 200)
    Fraction(1, 10)
    """
    board = board or Board()
    if kind not in DUTIABLE:
        raise ValueError(f"{kind!r} carries no duty; the dutiable kinds are {list(DUTIABLE)}")
    return DeclareOrLie(board.duty[kind], board.fine[kind], board.compensation)


def hand_game(cards: Iterable[str], board: Board | None = None) -> DeclareOrLie:
    """The declare-or-lie game of a whole hand: duty and fines summed over its dutiable cards."""
    board = board or Board()
    goods = dutiable(cards)
    if not goods:
        raise ValueError("this hand holds nothing dutiable: declaring nothing is the truth")
    return DeclareOrLie(board.hand_duty(goods), board.hand_fines(goods), board.compensation)


def declaration_value(
    hand: Iterable[str],
    declared: Iterable[str],
    search_rate: Number,
    inform_rate: Number = 0,
    board: Board | None = None,
) -> Fraction:
    """Expected money change of declaring ``declared`` while holding ``hand``.

    The Officer searches with probability ``s``; a hand it accepts is passed
    on and the receiver turns Informer with probability ``r``. The hand is
    checked with probability ``e = s + (1 − s) r``.

    * The complete truth: ``−duty(hand) + e C`` (the duty is paid either way;
      a search or an Informer finding the truth pays ``C``).
    * Anything else: ``−(1 − s) duty(declared) − e fines(hand)`` (the duty on
      what was declared is paid only when the Officer accepts; a check costs
      the fines on everything held).

    So among lies, declaring nothing is the cheapest: any item declared only
    adds duty.
    """
    board = board or Board()
    s, r = _rate("search_rate", search_rate), _rate("inform_rate", inform_rate)
    held, said = dutiable(hand), dutiable(declared)
    checked = s + (1 - s) * r
    if held == said:
        return -board.hand_duty(held) + checked * board.compensation
    return -(1 - s) * board.hand_duty(said) - checked * board.hand_fines(held)


def immunity_value(
    hand: Iterable[str], challenge_rate: Number, board: Board | None = None
) -> Fraction:
    """Expected money change of claiming Diplomatic Immunity while holding ``hand``.

    Challenged (probability ``c``) with the Bag in the hand, the claimant is
    paid ``immunity_fine``; without it, it pays that fine plus every fine on
    the goods held. Unchallenged, it pays nothing.
    """
    board = board or Board()
    c = _rate("challenge_rate", challenge_rate)
    cards = list(hand)
    held = dutiable(cards)
    if DIPLOMATIC_BAG in cards:
        return c * board.immunity_fine
    return -c * (board.immunity_fine + board.hand_fines(held))


def declaration_options(
    hand: Iterable[str],
    search_rate: Number,
    inform_rate: Number = 0,
    challenge_rate: Number = 0,
    board: Board | None = None,
) -> dict[str, Fraction]:
    """The value of the three sensible declarations of ``hand``, best first.

    ``truth`` (declare exactly the dutiable items held), ``nothing`` (hide
    them all: only when there is something to hide) and ``immunity`` (claim
    Diplomatic Immunity). An expected-value declarer picks the first.
    """
    cards = list(hand)
    held = dutiable(cards)
    options = {"truth": declaration_value(cards, held.elements(), search_rate, inform_rate, board)}
    if held:
        options["nothing"] = declaration_value(cards, (), search_rate, inform_rate, board)
    options["immunity"] = immunity_value(cards, challenge_rate, board)
    order = {"truth": 0, "nothing": 1, "immunity": 2}  # ties: the truth first
    return dict(sorted(options.items(), key=lambda kv: (-kv[1], order[kv[0]])))


def best_declaration(
    hand: Iterable[str],
    search_rate: Number,
    inform_rate: Number = 0,
    challenge_rate: Number = 0,
    board: Board | None = None,
) -> str:
    """The name of the best of :func:`declaration_options`: its first key, the same exactly.

    Speed shaped this function (issue 15): the EV declarer asks at every
    declaration, with rates that move as it learns the table's habits, so a
    cache of :func:`declaration_options` almost never hits and its ``Fraction``
    arithmetic was a tenth of a tournament's time. The same exact comparison
    is made here in whole numbers: each rate is the fraction it prints as
    (``n / d``), and the three values are compared multiplied by the same
    positive denominator. With ``e = s + (1 − s) r`` the chance of a check,
    ``D``/``F`` the duty and fines of the goods held, ``C`` the compensation
    and ``I`` the immunity fine:

    * truth ``−D + e C``; nothing (only with goods) ``−e F``;
    * immunity ``c I`` holding the Bag, else ``−c (I + F)``.

    Ties go to the truth, then to nothing, as in :func:`declaration_options`.

    >>> best_declaration(["watch", "luggage", "luggage", "luggage"], 0.1, challenge_rate=1)
    'nothing'
    >>> best_declaration(["watch", "luggage", "luggage", "luggage"], 0.3, challenge_rate=1)
    'truth'
    """
    board = board or Board()
    cards = list(hand)
    held = dutiable(cards)
    s = _rate("search_rate", search_rate)
    r = _rate("inform_rate", inform_rate)
    c = _rate("challenge_rate", challenge_rate)
    sn, sd = s.numerator, s.denominator
    rn, rd = r.numerator, r.denominator
    cn, cd = c.numerator, c.denominator
    en, ed = sn * rd + (sd - sn) * rn, sd * rd  # e = en / ed
    duty, fines = board.hand_duty(held), board.hand_fines(held)
    # Every value times ed * cd (> 0): the order is unchanged.
    best, value = "truth", (en * board.compensation - duty * ed) * cd
    if held:
        nothing = -en * fines * cd
        if nothing > value:
            best, value = "nothing", nothing
    if DIPLOMATIC_BAG in cards:
        immunity = cn * board.immunity_fine * ed
    else:
        immunity = -cn * (board.immunity_fine + fines) * ed
    if immunity > value:
        best = "immunity"
    return best


def break_even_search_rate(
    hand: Iterable[str], inform_rate: Number = 0, board: Board | None = None
) -> Fraction | None:
    """The Officer's search rate at which declaring ``hand`` truthfully and hiding it pay the same.

    The hand is checked with probability ``e = s + (1 − s) r``; the two
    values are equal when ``e = d / (f + C)``, so ``s = (e − r) / (1 − r)``.
    Below it hiding pays, above it the truth does. ``None`` when there is no
    such rate in [0, 1]: nothing to hide, or the Informers alone already
    check the hand often enough (then the truth pays at every search rate),
    or the fines are too small for the truth ever to pay.

    >>> break_even_search_rate(["watch", "luggage", "luggage", "luggage"])
    Fraction(3, 10)
    """
    board = board or Board()
    r = _rate("inform_rate", inform_rate)
    held = dutiable(hand)
    if not held:
        return None
    d, f = board.hand_duty(held), board.hand_fines(held)
    checked = Fraction(d, f + board.compensation)
    if r >= checked or checked > 1:
        return None
    return (checked - r) / (1 - r)


# ---------------------------------------------------------------- the Informer


def informer_threshold(board: Board | None = None) -> Fraction:
    """Inform when the hand is false with probability above ``C / (R + C)``.

    >>> informer_threshold()
    Fraction(2, 3)
    """
    board = board or Board()
    return Fraction(board.compensation, board.informer_reward + board.compensation)


def inform_value(p_false: Number, board: Board | None = None) -> Fraction:
    """The receiver's expected gain from turning Informer: ``p R − (1 − p) C``.

    Accepting the hand moves no money, so this is the gain over accepting.
    """
    board = board or Board()
    p = _rate("p_false", p_false)
    return p * board.informer_reward - (1 - p) * board.compensation


def should_inform(p_false: Number, board: Board | None = None) -> bool:
    """True when informing is worth more than accepting (ties: accept)."""
    return inform_value(p_false, board) > 0


@dataclass(frozen=True)
class InformerGame:
    """The passer (declare / lie) against the receiver (accept / inform) of a passed hand.

    The Officer accepted the declaration. A lie found by the Informer costs
    the passer the fines (paid to the Officer) and pays the Informer
    ``reward`` from the Officer; an Informer who finds the truth pays the
    passer ``compensation``. The game is not zero-sum: the Officer takes the
    fines.

    >>> game = InformerGame(duty=150, fine=300)
    >>> game.inform_rate, game.lying_rate
    (Fraction(3, 10), Fraction(2, 3))
    """

    duty: Number
    fine: Number
    compensation: Number = 200
    reward: Number = 100

    def __post_init__(self) -> None:
        object.__setattr__(self, "duty", _money("duty", self.duty, positive=True))
        object.__setattr__(self, "fine", _money("fine", self.fine, positive=True))
        object.__setattr__(
            self, "compensation", _money("compensation", self.compensation, positive=True)
        )
        object.__setattr__(self, "reward", _money("reward", self.reward, positive=True))
        if self.fine + self.compensation <= self.duty:
            raise ValueError("no mixed equilibrium: fine + compensation must exceed the duty")

    def passer_payoffs(self) -> list[list[Fraction]]:
        """The passer's money change: rows declare / lie, columns accept / inform."""
        d, f, c = _terms(self)
        return [[-d, -d + c], [Fraction(0), -f]]

    def receiver_payoffs(self) -> list[list[Fraction]]:
        """The receiver's: nothing when it accepts, ``−C`` or ``+R`` when it informs."""
        return [[Fraction(0), -Fraction(self.compensation)], [Fraction(0), Fraction(self.reward)]]

    @property
    def inform_rate(self) -> Fraction:
        """The receiver's equilibrium informing rate ``d / (f + C)`` (the passer indifferent)."""
        d, f, c = _terms(self)
        return d / (f + c)

    @property
    def lying_rate(self) -> Fraction:
        """The passer's equilibrium lying rate ``C / (R + C)`` (the receiver indifferent)."""
        c, r = Fraction(self.compensation), Fraction(self.reward)
        return c / (r + c)

    def solve(self) -> tuple[float, float]:
        """``(lying rate, inform rate)`` found by nashpy's support enumeration (the check)."""
        return _solve_2x2(self.passer_payoffs(), self.receiver_payoffs())


def _solve_2x2(a: list[list[Fraction]], b: list[list[Fraction]]) -> tuple[float, float]:
    """The unique equilibrium of a 2 × 2 game by nashpy: (P(second row), P(second column)...)."""
    import nashpy
    import numpy as np

    game = nashpy.Game(np.array(a, dtype=float), np.array(b, dtype=float))
    equilibria = list(game.support_enumeration())
    if len(equilibria) != 1:
        raise ValueError(f"expected one equilibrium, nashpy found {len(equilibria)}")
    rows, columns = equilibria[0]
    return float(rows[1]), float(columns[1])


# ---------------------------------------------------------------- a fresh hand


@cache
def hand_distribution(size: int = 4) -> dict[tuple[str, ...], Fraction]:
    """P(each hand of ``size`` cards drawn from the full 54-card pack), by sorted kinds.

    ``P(hand) = Π_kind C(pack[kind], count) / C(54, size)`` (hypergeometric).

    >>> p = hand_distribution()
    >>> p[("luggage",) * 4]  # C(24, 4) / C(54, 4)
    Fraction(3542, 105417)
    """
    kinds = tuple(PACK_COUNTS)
    total = comb(sum(PACK_COUNTS.values()), size)
    out: dict[tuple[str, ...], Fraction] = {}

    def fill(i: int, left: int, hand: tuple[str, ...], ways: int) -> None:
        """Choose how many cards of ``kinds[i]`` the hand holds, then the next kinds."""
        if left == 0:
            out[hand] = Fraction(ways, total)
            return
        if i == len(kinds):
            return
        kind = kinds[i]
        for n in range(min(PACK_COUNTS[kind], left) + 1):
            fill(i + 1, left - n, hand + (kind,) * n, ways * comb(PACK_COUNTS[kind], n))

    fill(0, size, (), 1)
    return out


def hides_goods_probability(lie_rate: Number, board: Board | None = None) -> Fraction:
    """P(a hand declared as *nothing* hides goods), for fresh hands from the full pack.

    The model: a hand with dutiable goods declares nothing with probability
    ``lie_rate`` (and the truth otherwise); a hand without declares nothing.
    Bayes: ``P(goods | nothing) = P(goods) q / (P(goods) q + P(no goods))``.
    """
    q = _rate("lie_rate", lie_rate)
    loaded = _goods_probability()
    if q == 0:
        return Fraction(0)
    return loaded * q / (loaded * q + (1 - loaded))


@cache
def _goods_probability() -> Fraction:
    return sum((p for hand, p in hand_distribution().items() if dutiable(hand)), Fraction(0))


@cache
def expected_fines_of_goods(board: Board | None = None) -> Fraction:
    """The mean fines of a fresh hand that holds dutiable goods (what a search of a liar finds)."""
    board = board or Board()
    loaded = {h: p for h, p in hand_distribution().items() if dutiable(h)}
    weight = sum(loaded.values(), Fraction(0))
    return sum((p * board.hand_fines(dutiable(h)) for h, p in loaded.items()), Fraction(0)) / weight


def search_gain(declared: Iterable[str], p_false: Number, board: Board | None = None) -> Fraction:
    """The Officer's expected gain of searching over accepting a declaration.

    False with probability ``p`` (then the search finds, on average, a fresh
    loaded hand's fines instead of the declared duty), true otherwise (then
    the search costs the compensation): ``p (F − duty(declared)) − (1 − p) C``
    with ``F`` = :func:`expected_fines_of_goods`.
    """
    board = board or Board()
    p = _rate("p_false", p_false)
    said = board.hand_duty(dutiable(declared))
    return p * (expected_fines_of_goods(board) - said) - (1 - p) * board.compensation


def worth_checking(
    declared: Iterable[str], lie_rate: Number, by: str = "search", board: Board | None = None
) -> bool:
    """Whether checking ``declared`` gains, against a declarer who lies at ``lie_rate``.

    ``by="search"``: the Officer's :func:`search_gain` is above 0; ``by="inform"``:
    :func:`should_inform` says so. The declaration is false with probability
    ``p = lie_rate`` when it names goods, and ``p =``
    :func:`hides_goods_probability` ``(lie_rate)`` when it is "nothing".

    Speed shaped this function (issue 15): the EV bot asks at nearly every
    Officer's and receiver's choice with a rate that moves as it learns, and
    the ``Fraction`` arithmetic of those functions was most of its cost. The
    same exact comparison is made in whole numbers: with ``p = pn / pd``,
    ``F = Fn / Fd`` (:func:`expected_fines_of_goods`) and the goods
    probability ``L = Ln / Ld``, ``p = L q / (L q + 1 − L)`` for "nothing", and

    * search: ``p (F − duty) − (1 − p) C > 0`` times ``pd Fd``;
    * inform: ``p R − (1 − p) C > 0`` times ``pd``.

    >>> worth_checking(("watch",), 0.5), worth_checking(("watch",), 0.1)
    (True, False)
    >>> worth_checking((), 0.05), worth_checking((), 0.05, by="inform")
    (True, False)
    """
    if by not in ("search", "inform"):
        raise ValueError(f"by is 'search' or 'inform', got {by!r}")
    board = board or Board()
    declared = tuple(declared)
    q = _rate("lie_rate", lie_rate)
    if declared:
        duty = board.hand_duty(dutiable(declared))
        pn, pd = q.numerator, q.denominator
    else:
        duty = 0
        goods = _goods_probability()
        ln, ld = goods.numerator, goods.denominator
        qn, qd = q.numerator, q.denominator
        pn, pd = ln * qn, ln * qn + (ld - ln) * qd  # q = 0 gives p = 0 / (ld - ln) qd = 0
    c = board.compensation
    if by == "inform":
        return pn * board.informer_reward - (pd - pn) * c > 0
    fines = expected_fines_of_goods(board)
    fn, fd = fines.numerator, fines.denominator
    return pn * (fn - duty * fd) - (pd - pn) * c * fd > 0


# ---------------------------------------------------------------- through the engine


def simulate_declarations(
    hand: Iterable[str],
    lying_rate: Number,
    search_rate: Number,
    inform_rate: Number = 0,
    games: int = 2000,
    seed: int = 0,
    board: Board | None = None,
) -> dict[str, Any]:
    """Play ``games`` first declarations of a stacked Smuggle game through the engine.

    Seat 1 draws ``hand`` (4 cards), lies (declares nothing) with probability
    ``lying_rate`` and declares the truth otherwise; the Officer (seat 0)
    searches with probability ``search_rate``; an accepted hand goes to seat 2,
    who turns Informer with probability ``inform_rate``. Returns the mean
    money change of each seat (``declarer``, ``officer``, ``receiver``) and
    its standard error, to compare with the formulas.
    """
    from prohis_nb.smuggle.game import PACK, SmuggleGame
    from prohis_nb.smuggle.rules import SmuggleRules

    cards = list(hand)
    if len(cards) != 4:
        raise ValueError(f"a hand is 4 cards, got {len(cards)}")
    rest = list(PACK)
    for card in cards:
        if card not in rest:
            raise ValueError(f"the pack holds no more {card!r} for this hand")
        rest.remove(card)
    q, s, r = (
        _rate("lying_rate", lying_rate),
        _rate("search_rate", search_rate),
        _rate("inform_rate", inform_rate),
    )
    rules = SmuggleRules(players=3, board=board or Board())
    rng = random.Random(seed)
    truth = sorted(dutiable(cards).elements(), key=DUTIABLE.index)
    results: dict[str, list[int]] = {"declarer": [], "officer": [], "receiver": []}
    for _ in range(games):
        rng.shuffle(rest)
        packs = [cards + rest] + [list(PACK)] * 2
        game = SmuggleGame(rules, table={"packs": packs})
        start = game.view(0).money
        lie = rng.random() < q
        game.apply({"seat": 1, "act": "declare", "items": [] if lie else truth})
        if rng.random() < s:
            game.apply({"seat": 0, "act": "search"})
        else:
            game.apply({"seat": 0, "act": "accept"})
            act = "inform" if rng.random() < r else "accept"
            game.apply({"seat": 2, "act": act})
        money = game.view(0).money
        for name, seat in (("officer", 0), ("declarer", 1), ("receiver", 2)):
            results[name].append(money[seat] - start[seat])
    out: dict[str, Any] = {"games": games}
    for name, values in results.items():
        mean = sum(values) / games
        var = sum((v - mean) ** 2 for v in values) / max(games - 1, 1)
        out[name] = mean
        out[f"{name}_se"] = (var / games) ** 0.5
    return out


def predicted_changes(
    hand: Iterable[str],
    lying_rate: Number,
    search_rate: Number,
    inform_rate: Number = 0,
    board: Board | None = None,
) -> dict[str, Fraction]:
    """The exact mean money changes that :func:`simulate_declarations` estimates."""
    board = board or Board()
    cards = list(hand)
    held = dutiable(cards)
    q, s, r = (
        _rate("lying_rate", lying_rate),
        _rate("search_rate", search_rate),
        _rate("inform_rate", inform_rate),
    )
    c, reward = board.compensation, board.informer_reward
    if not held:  # "nothing" is then the truth, whatever the coin said
        q = Fraction(0)
    declarer = (1 - q) * declaration_value(cards, held.elements(), s, r, board) + q * (
        declaration_value(cards, (), s, r, board)
    )
    # the receiver: informs after an acceptance; false with probability q
    receiver = (1 - s) * r * (q * reward - (1 - q) * c)
    officer = -declarer - receiver
    return {"declarer": declarer, "officer": officer, "receiver": receiver}
