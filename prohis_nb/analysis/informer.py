"""The Informer in one stage game with the declarer and the Officer.

:class:`~prohis_nb.analysis.smuggle.InformerGame` pits the passer against
the receiver alone and finds "the passer lies 67 %, the receiver informs
32 %". But a passed hand is one the Officer has already heard and accepted,
and the Officer's search rates decide how often a declaration is false.
This module puts the three players in one stage game.

**The model.** The declarer holds a fresh hand of type ``t`` (probability
``p_t``, as in :mod:`prohis_nb.analysis.signalling`) and declares ``d``. The
Officer searches ``d`` with probability ``s_d``. A hand the Officer accepts
passes to the receiver, who has heard ``d`` and seen the acceptance, and who
turns Informer (for an immunity claim: challenges) with probability ``r_d``.

* The declarer's and the Officer's payoffs are the money of the stage:
  the duty, the fines, the compensation ``C``, the Informer's reward ``R``
  (paid by the Officer), as the rules move it.
* The receiver's payoff is the stage's money **plus the value of the hand it
  ends with**. Informing (or a search by the Officer) gives it 4 fresh cards,
  worth ``W`` = the fresh hand's equilibrium value. Accepting gives it the
  passed cards ``t``: it discards one (the Bag if present, otherwise the card
  it likes least), draws one from the 50 cards left and declares, so
  accepting is worth ``V(t)`` = the best discard's expected equilibrium value
  (:func:`inherited_value`). Both values are those of
  :func:`~prohis_nb.analysis.signalling.declaration_equilibrium`.

So informing on ``d`` gains the receiver, over accepting,
``E[ R·[false] − C·[true] + W − V(t) | d ]`` (an immunity claim: ``R`` or
minus the immunity fine).

**The equilibrium.** Take the declarer and the Officer at the two-player
equilibrium and the receiver never informing. With ``r = 0`` the stage is the
two-player game, so neither of those two can gain. And at every declaration
made in equilibrium the Officer is indifferent between searching and
accepting: ``E[ (f(t) − duty(d))·[false] − C·[true] | d ] = 0`` (or prefers
accepting). The receiver gets ``R`` where the Officer gets ``f(t) − duty(d)``;
so whenever the hands hiding behind ``d`` carry fines more than ``R`` above
the declared duty, the receiver's money gain from informing is *negative*.
:func:`informer_equilibrium` computes every gain, money and inherited hand
included, and finds it negative at every declaration: the receiver never
informs. A declaration nobody makes never reaches a receiver; the belief that
such a hand is a lying hand of luggage (cheap to inherit) keeps informing
unattractive there too.

``tests/analysis/test_informer.py`` checks each player's best response with
its own arithmetic and the inherited values by playing the receiver's discard
and draw through every card of the pack.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from prohis_nb.analysis.signalling import (
    IMMUNITY,
    Declaration,
    DeclarationEquilibrium,
    HandType,
    declaration_equilibrium,
    describe,
)
from prohis_nb.smuggle.board import DIPLOMATIC_BAG, DUTIABLE, LUGGAGE, PACK_COUNTS, Board


def cards_of(hand: HandType) -> list[str]:
    """The 4 cards of a hand type: its goods, the Bag if held, luggage for the rest."""
    cards = list(hand.goods) + ([DIPLOMATIC_BAG] if hand.bag else [])
    return cards + [LUGGAGE] * (4 - len(cards))


def type_of(cards: Sequence[str]) -> HandType:
    """The type of 4 cards."""
    goods = tuple(sorted((c for c in cards if c in DUTIABLE), key=DUTIABLE.index))
    return HandType(goods, DIPLOMATIC_BAG in cards)


def inherited_value(
    hand: HandType, equilibrium: DeclarationEquilibrium | None = None
) -> tuple[float, str]:
    """What accepting ``hand`` is worth to the receiver, and the card it should discard.

    The receiver discards one card (the Bag if the hand holds it), draws one
    of the 50 cards not in the hand (each equally likely) and declares the
    new hand, which is then worth its equilibrium value. Returns the best
    discard's expected value and that card.
    """
    eq = equilibrium or declaration_equilibrium()
    value_of = dict(zip(eq.types, eq.values, strict=True))
    cards = cards_of(hand)
    rest = Counter(PACK_COUNTS)
    rest.subtract(cards)
    left = sum(rest.values())
    options = [DIPLOMATIC_BAG] if hand.bag else sorted(set(cards), key=cards.index)
    best: tuple[float, str] | None = None
    for discard in options:
        kept = list(cards)
        kept.remove(discard)
        value = sum(n / left * value_of[type_of([*kept, kind])] for kind, n in rest.items() if n)
        if best is None or value > best[0]:
            best = (float(value), discard)
    assert best is not None
    return best


@dataclass(frozen=True)
class InformerCheck:
    """The receiver's side of one declaration made in equilibrium."""

    declaration: Declaration
    #: P(the Officer accepts it) and P(it is not the complete truth | heard).
    accept_rate: float
    false_share: float
    #: The receiver's gain from informing over accepting: money only, and with the hands' values.
    money_gain: float
    gain: float
    #: The expected value of accepting (the inherited hand) and of a fresh hand.
    accept_value: float
    fresh_value: float


def informer_gains(
    equilibrium: DeclarationEquilibrium | None = None,
) -> list[InformerCheck]:
    """The receiver's gain from informing at every declaration that reaches it, largest first."""
    eq = equilibrium or declaration_equilibrium()
    board: Board = eq.board
    fresh = eq.value
    inherited = {t: inherited_value(t, eq)[0] for t in eq.types}
    out = []
    for j in eq.used():
        d = eq.declarations[j]
        if eq.search[j] >= 1 - 1e-9:
            continue  # always searched: never passed on
        money = gain = accept = false = 0.0
        for t, p in eq.declared_by(d).items():
            lie = (not t.bag) if d == IMMUNITY else t.goods != d
            loss = board.immunity_fine if d == IMMUNITY else board.compensation
            cash = board.informer_reward if lie else -loss
            false += p * lie
            money += p * cash
            accept += p * inherited[t]
            gain += p * (cash + fresh - inherited[t])
        out.append(InformerCheck(d, 1 - float(eq.search[j]), false, money, gain, accept, fresh))
    return sorted(out, key=lambda c: -c.gain)


@dataclass(frozen=True)
class InformerEquilibrium:
    """The three-player stage game's equilibrium: the two-player one, the receiver never informing.

    ``checks`` holds every declaration's informing gain; the receiver never
    informing is a best response because the largest, ``worst_gain``, is
    below 0.
    """

    declarations: DeclarationEquilibrium
    checks: tuple[InformerCheck, ...]

    @property
    def never_informs(self) -> bool:
        """True when never informing is the receiver's best response at every declaration.

        So with the default board. Not with every board: when the compensation
        is small (``Board(compensation=50)``), dumping a heavy hand is worth
        informing even on a true declaration, and this candidate fails.
        """
        return self.worst_gain <= 1e-9

    @property
    def worst_gain(self) -> float:
        """The receiver's largest gain from informing on any declaration that reaches it."""
        return max(c.gain for c in self.checks)

    @property
    def largest_false_share(self) -> float:
        """The most often any passed declaration is false."""
        return max(c.false_share for c in self.checks)

    def check(self, declaration: Declaration | Sequence[str]) -> InformerCheck:
        """The receiver's side of ``declaration``."""
        j = self.declarations.index(declaration)
        d = self.declarations.declarations[j]
        for c in self.checks:
            if c.declaration == d:
                return c
        raise ValueError(f"{describe(d)} never reaches a receiver in equilibrium")


@cache
def informer_equilibrium(board: Board | None = None) -> InformerEquilibrium:
    """The three-player stage game's candidate (module docstring), with every informing gain.

    :attr:`InformerEquilibrium.never_informs` says whether the candidate is
    an equilibrium for this board.
    """
    eq = declaration_equilibrium(board or Board())
    return InformerEquilibrium(eq, tuple(informer_gains(eq)))


@dataclass(frozen=True)
class InformerBound:
    """The receiver's best informing gain over *every* equilibrium, where it is reached."""

    gain: float
    declaration: Declaration
    #: a whole equilibrium declarer strategy (type × declaration) at which it is reached
    strategy: object


@cache
def best_informing_gain(board: Board | None = None) -> InformerBound:
    """The receiver's largest informing gain over every equilibrium's every declaration.

    :func:`informer_equilibrium` uses the one equilibrium the solver returns.
    The declarer has many (lesson 11); who makes a declaration, and so what
    informing on it gains, differs between them. The hands' values and the
    search rates are the same in all of them, so the gain at ``d`` is an
    average of a fixed value per hand, weighted by who makes ``d``: its
    highest over the set is one linear program per declaration
    (:meth:`~prohis_nb.analysis.signalling_sets.DeclarerSet.ratio_extremes`).
    About 20 seconds with the default board: a check for the docs and tests,
    not for a lesson cell.
    """
    import numpy as np

    from prohis_nb.analysis.signalling_sets import declarer_set

    every = declarer_set(board)
    eq = every.equilibrium
    rules: Board = eq.board
    inherited = np.array([inherited_value(t, eq)[0] for t in eq.types])
    best: InformerBound | None = None
    for d in every.made_somewhere():
        lie = np.array([(not t.bag) if d == IMMUNITY else t.goods != d for t in eq.types])
        loss = rules.immunity_fine if d == IMMUNITY else rules.compensation
        values = np.where(lie, rules.informer_reward, -loss) + eq.value - inherited
        found = every.ratio_extremes(d, eq.probability, values, sides=(1,))
        if found is not None and (best is None or found[1][0] > best.gain):
            best = InformerBound(found[1][0], d, found[1][1])
    assert best is not None
    return best


def largest_false_share_anywhere(board: Board | None = None) -> float:
    """The most often any passed declaration is false, over *every* equilibrium (fast: stored).

    :attr:`InformerEquilibrium.largest_false_share` is the solver's one
    equilibrium's; this is the highest over the whole set, each declaration's
    share maximised by its own linear program
    (:meth:`~prohis_nb.analysis.signalling_sets.DeclarerSet.false_share_range`).
    Every declaration made in some equilibrium reaches a receiver, since none
    is searched for certain.
    """
    from prohis_nb.analysis.signalling_sets import declarer_set

    every = declarer_set(board)
    shares = (every.false_share_range(d) for d in every.made_somewhere())
    return max(high for _, high in (s for s in shares if s is not None))
