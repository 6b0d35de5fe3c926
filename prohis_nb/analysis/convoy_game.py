"""The convoy game of lesson 5: one convoy, two players, and whose payoff counts.

**The game.** Chance first decides what the smuggler holds: with
probability ``p_dirty`` it holds illegal goods it could ship (a *dirty*
hand), otherwise only legal goods (an *honest* hand). Knowing its hand, the
smuggler chooses a convoy (``honest``: ``size`` legal cards, or ``dirty``:
``illegal`` illegal cards and the rest legal, only from a dirty hand) and an
offer (no bribe, or a bribe from the menu ``bribes``). The controller,
holding the card ``card``, sees only the offer: it accepts or rejects (and
then inspects) a bribe, and inspects or waives when none is offered. An
inspection's outcome is averaged by the exact catch probability
(:mod:`~prohis_nb.analysis.odds`); each ending's money comes from
:mod:`~prohis_nb.analysis.payoffs`.

**Whose payoff: two conventions** (:data:`CONVENTIONS`), both first-class:

* ``"race"``: each side counts its gain *minus the other's*. That is the
  payoff of two rivals racing for the win (with two players only the
  difference of the scores decides it); the game is zero-sum, solved by a
  linear program, and every equilibrium is found exactly by
  :mod:`~prohis_nb.analysis.equilibrium_sets`.
* ``"own_money"``: each side counts only its own gain, as a player does
  who wants the most money, or who faces several rivals and not only this
  controller. A bimatrix game: its extreme equilibria are enumerated
  exactly by :mod:`~prohis_nb.analysis.bimatrix`.

The conventions give different games. In the race an inspected honest
convoy is worth the controller's card to the smuggler *and* costs it to the
controller, so baiting pays; in own money a dirty hand's honest convoy is
strictly dominated by its dirty one under every answer, and nobody baits.
``docs/bluffing-math.md`` §5.2 says which one a table of 3 to 6 is closer to.

This module is standard-library only (numpy only for :meth:`ConvoyGame.payoff_matrices`),
so a game engine may use :func:`~prohis_nb.analysis.payoffs.convoy_payoffs`
and these tables without the analysis extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from itertools import product
from typing import Any

from prohis_nb.analysis.odds import catch_probability, rank_of
from prohis_nb.analysis.payoffs import CONVENTIONS, apply_convention, ending_payoff
from prohis_nb.prohis.cards import KINDS

LOADS = ("honest", "dirty")
NO_BRIBE = "no bribe"
#: The offers and the controller plans of the default, single-bribe game.
OFFERS = (NO_BRIBE, "bribe")
CONTROLLER_PLANS = tuple(product(("accept", "reject"), ("inspect", "waive")))

Plan = tuple[str, ...]
Strategy = tuple[tuple[str, str], str]


def exact_probability(probability: float | Fraction) -> Fraction:
    """A probability as an exact fraction; a float is read as the decimal it prints (0.1 → 1/10)."""
    if isinstance(probability, Fraction | int):
        return Fraction(probability)
    return Fraction(repr(float(probability)))


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


@dataclass(frozen=True)
class ConvoyGame:
    """The parameters of the convoy game (see the module docstring).

    ``card``: the controller card played (its rank); ``size``: cards in the
    convoy (2-4); ``illegal``: illegal cards in a dirty convoy; ``bribe``: the
    single bribe of the default menu; ``bribes``: a menu of bribes (overrides
    ``bribe``; ``()`` for none at all); ``p_dirty``: probability of a dirty
    hand; ``convention``: ``"race"`` (each side's gain minus the other's,
    zero-sum) or ``"own_money"`` (each its own gain), see the module docstring;
    ``zero_sum``: the older name, ``True`` for the race (``convention`` wins
    when both are given).
    """

    card: str = "captain"
    size: int = 3
    illegal: int = 1
    bribe: tuple[str, ...] = ("legal",)
    p_dirty: float = 0.5
    zero_sum: bool = True
    waiver_keeps_card: bool = False
    bribes: tuple[tuple[str, ...], ...] | None = None
    convention: str = ""

    def __post_init__(self) -> None:
        if self.convention == "":  # not given: read it from zero_sum
            object.__setattr__(self, "convention", "race" if self.zero_sum else "own_money")
        elif self.convention not in CONVENTIONS:
            raise ValueError(
                f"convention is one of {', '.join(map(repr, CONVENTIONS))}, got {self.convention!r}"
            )
        else:
            object.__setattr__(self, "zero_sum", self.convention == "race")
        rank_of(self.card)
        if self.card not in ("lieutenant", "captain", "inspector"):
            raise ValueError(f"card is a controller card's name, got {self.card!r}")
        if not 2 <= self.size <= 4:
            raise ValueError(f"a convoy has 2 to 4 cards, got size={self.size}")
        if not 1 <= self.illegal <= self.size:
            raise ValueError(f"a dirty convoy holds 1 to {self.size} illegal cards")
        if not 0 <= self.p_dirty <= 1:
            raise ValueError(f"p_dirty is a probability between 0 and 1, got {self.p_dirty}")
        object.__setattr__(self, "bribe", self._cards(self.bribe))
        if self.bribes is not None:
            menu = tuple(self._cards(b) for b in self.bribes)
            if len(set(menu)) != len(menu):
                raise ValueError(f"the bribes on the menu must differ, got {menu}")
            object.__setattr__(self, "bribes", menu)

    @staticmethod
    def _cards(bribe: Sequence[str]) -> tuple[str, ...]:
        if isinstance(bribe, str):
            raise ValueError(f"a bribe is a tuple of card kinds, e.g. ('legal',), got {bribe!r}")
        cards = tuple(bribe)
        unknown = [c for c in cards if c not in KINDS]
        if not cards or unknown:
            raise ValueError(
                f"a bribe is one or more cards of the kinds {list(KINDS)}, got {cards!r}"
            )
        return cards

    # ------------------------------------------------------------ the strategies

    @property
    def menu(self) -> tuple[tuple[str, ...], ...]:
        """The bribes the smuggler may offer."""
        return self.bribes if self.bribes is not None else (self.bribe,)

    @cached_property
    def offer_labels(self) -> dict[str, tuple[str, ...]]:
        """Every offer's label and cards: ``"no bribe"`` (no cards), then each bribe.

        A single bribe is labelled ``"bribe"``; on a longer menu each label
        names its cards, e.g. ``"bribe (legal, legal)"``.
        """
        labels: dict[str, tuple[str, ...]] = {NO_BRIBE: ()}
        for cards in self.menu:
            label = "bribe" if len(self.menu) == 1 else f"bribe ({', '.join(cards)})"
            labels[label] = cards
        return labels

    def offers(self, hand: str) -> tuple[str, ...]:
        """The offers a ``dirty`` or ``honest`` hand can make (an honest one: no illegal card)."""
        return tuple(
            label
            for label, cards in self.offer_labels.items()
            if hand == "dirty" or "illegal" not in cards
        )

    def convoy(self, load: str) -> list[str]:
        """The cards of an ``honest`` or a ``dirty`` convoy."""
        if load == "honest":
            return ["legal"] * self.size
        return ["illegal"] * self.illegal + ["legal"] * (self.size - self.illegal)

    def smuggler_strategies(self) -> list[Strategy]:
        """``((dirty hand's load, its offer), honest hand's offer)`` for every pure strategy."""
        return [
            ((load, offer), honest)
            for load, offer in product(LOADS, self.offers("dirty"))
            for honest in self.offers("honest")
        ]

    def controller_plans(self) -> list[Plan]:
        """``(answer to each bribe on the menu..., answer to no bribe)`` for every pure plan."""
        answers = [("accept", "reject")] * len(self.menu) + [("inspect", "waive")]
        return list(product(*answers))

    # ------------------------------------------------------------ the payoffs

    def outcome(self, load: str, offer: str, plan: Plan) -> tuple[float, float]:
        """Expected (smuggler, controller) gains for one convoy, offer and controller plan."""
        smuggler, controller = self._outcome(load, offer, self._answer(offer, plan))
        return float(smuggler), float(controller)

    def relative_gain(self, load: str, offer: str, answer: str) -> Fraction:
        """The smuggler's gain minus the controller's, exactly, for one convoy.

        ``load``: ``"honest"`` or ``"dirty"``; ``offer``: one of :attr:`offer_labels`;
        ``answer``: ``"accept"`` or ``"inspect"`` for a bribe, ``"inspect"`` or
        ``"waive"`` for no bribe.

        >>> ConvoyGame().relative_gain("honest", "no bribe", "inspect")
        Fraction(7000, 1)
        """
        allowed = ("inspect", "waive") if offer == NO_BRIBE else ("accept", "inspect")
        if load not in LOADS or offer not in self.offer_labels or answer not in allowed:
            raise ValueError(
                f"a convoy is one of {LOADS}, an offer one of {list(self.offer_labels)} and the "
                f"answer to {offer!r} one of {allowed}; got {load!r}, {offer!r}, {answer!r}"
            )
        smuggler, controller = self._outcome(load, offer, answer)
        return smuggler - controller

    def _answer(self, offer: str, plan: Plan) -> str:
        if offer == NO_BRIBE:
            return plan[-1]
        index = list(self.offer_labels).index(offer) - 1
        return "accept" if plan[index] == "accept" else "inspect"

    def _outcome(self, load: str, offer: str, answer: str) -> tuple[Fraction, Fraction]:
        convoy = self.convoy(load)
        if answer == "accept":
            payoff = ending_payoff("accepted", convoy, self.card, self.offer_labels[offer])
            return Fraction(payoff.smuggler), Fraction(payoff.controller)
        if answer == "waive":
            payoff = ending_payoff(
                "waived", convoy, self.card, waiver_keeps_card=self.waiver_keeps_card
            )
            return Fraction(payoff.smuggler), Fraction(payoff.controller)
        p = catch_probability(self.size, convoy.count("illegal"), 0, self.card)
        caught = ending_payoff("confiscated", convoy, self.card)
        passed = ending_payoff("passed", convoy, self.card)
        return (
            p * caught.smuggler + (1 - p) * passed.smuggler,
            p * caught.controller + (1 - p) * passed.controller,
        )

    def convention_payoffs(self, load: str, offer: str, answer: str) -> tuple[Fraction, Fraction]:
        """(smuggler, controller) payoffs of one convoy under the game's convention, exactly.

        ``answer``: ``"accept"``, ``"reject"`` or ``"inspect"`` for a bribe (a
        rejection inspects), ``"inspect"`` or ``"waive"`` for no bribe.

        >>> ConvoyGame(convention="own_money").convention_payoffs("dirty", "bribe", "accept")
        (Fraction(10000, 1), Fraction(1000, 1))
        >>> ConvoyGame(convention="race").convention_payoffs("dirty", "bribe", "accept")
        (Fraction(9000, 1), Fraction(-9000, 1))
        """
        answer = "inspect" if answer == "reject" else answer
        self.relative_gain(load, offer, answer)  # checks the names
        smuggler, controller = self._outcome(load, offer, answer)
        return apply_convention(self.convention, smuggler, controller)

    def exact_payoff_matrices(self) -> tuple[list[list[Fraction]], list[list[Fraction]]]:
        """(smuggler, controller) payoff matrices in exact fractions, as :meth:`payoff_matrices`."""
        rows, columns = self.smuggler_strategies(), self.controller_plans()
        cache: dict[tuple[str, str, str], tuple[Fraction, Fraction]] = {}

        def gains(load: str, offer: str, plan: Plan) -> tuple[Fraction, Fraction]:
            key = (load, offer, self._answer(offer, plan))
            if key not in cache:
                cache[key] = self._outcome(*key)
            return cache[key]

        p = exact_probability(self.p_dirty)
        a = [[Fraction(0)] * len(columns) for _ in rows]
        b = [[Fraction(0)] * len(columns) for _ in rows]
        for i, ((dirty_load, dirty_offer), honest_offer) in enumerate(rows):
            for j, plan in enumerate(columns):
                sd, cd = gains(dirty_load, dirty_offer, plan)
                sh, ch = gains("honest", honest_offer, plan)
                s = p * sd + (1 - p) * sh
                c = p * cd + (1 - p) * ch
                a[i][j], b[i][j] = apply_convention(self.convention, s, c)
        return a, b

    def payoff_matrices(self) -> tuple[Any, Any]:
        """(smuggler, controller) payoff matrices: rows = smuggler strategies, columns = plans.

        Entry ``(s, π)``: ``p_dirty · u(dirty hand's choice, π) + (1 − p_dirty) ·
        u(honest hand's choice, π)``, each ``u`` an outcome of :meth:`outcome`;
        in the race the smuggler's entry is its gain minus the controller's and
        the controller's is the opposite; in own money each its own gain.
        (``p_dirty`` is used as the float given, as it always was.)
        """
        import numpy as np

        rows, columns = self.smuggler_strategies(), self.controller_plans()
        cache: dict[tuple[str, str, str], tuple[Fraction, Fraction]] = {}

        def gains(load: str, offer: str, plan: Plan) -> tuple[Fraction, Fraction]:
            key = (load, offer, self._answer(offer, plan))
            if key not in cache:
                cache[key] = self._outcome(*key)
            return cache[key]

        p = self.p_dirty
        a = np.zeros((len(rows), len(columns)))
        b = np.zeros_like(a)
        for i, ((dirty_load, dirty_offer), honest_offer) in enumerate(rows):
            for j, plan in enumerate(columns):
                sd, cd = gains(dirty_load, dirty_offer, plan)
                sh, ch = gains("honest", honest_offer, plan)
                s = p * sd + (1 - p) * sh
                c = p * cd + (1 - p) * ch
                a[i, j], b[i, j] = apply_convention(self.convention, s, c)
        return a, b


def bait_dominance_weight(game: ConvoyGame | None = None) -> Fraction | None:
    """The weight on the rival's gain below which a dirty hand's honest convoy is dominated.

    Between the two conventions lies a table of several players: a smuggler
    who counts its own gain minus ``w`` times the controller's (``w = 1``:
    the race; ``w = 0``: own money; roughly ``w = 1/(n − 1)`` at a table of
    ``n``, where the controller is one of ``n − 1`` rivals). For each answer,
    the dirty hand's honest convoy does worse than its dirty convoy with the
    same offer while ``w (c_dirty − c_honest) < s_dirty − s_honest``
    (``s``, ``c``: the two sides' own money). The result is the smallest
    ``w`` at which that fails for some answer: below it baiting is strictly
    dominated, as in own money. ``None`` if it never fails.

    >>> bait_dominance_weight()
    Fraction(1, 4)
    """
    game = game or ConvoyGame()
    bounds = []
    for offer in game.offers("dirty"):
        answers = ("inspect", "waive") if offer == NO_BRIBE else ("accept", "inspect")
        for answer in answers:
            s_d, c_d = game._outcome("dirty", offer, answer)
            s_h, c_h = game._outcome("honest", offer, answer)
            if c_d > c_h:
                bounds.append((s_d - s_h) / (c_d - c_h))
            elif s_d <= s_h:
                return Fraction(0)  # not dominated at any weight
    return min(bounds) if bounds else None


def bait_dominance(weight: Fraction, game: ConvoyGame | None = None) -> str:
    """Whether a dirty hand's honest convoy is dominated when the rival's gain weighs ``weight``.

    The smuggler counts its own money minus ``weight`` times the controller's
    (see :func:`bait_dominance_weight`). For each offer and each answer to it,
    the honest convoy is set beside the dirty convoy with the same offer. The
    answer, in words:

    * ``"strictly dominated"``: the honest convoy earns less under every
      answer, so no equilibrium baits;
    * ``"weakly dominated"``: never more, and as much under some answer (at
      the border weight exactly), so some equilibria bait and some do not;
    * ``"not dominated"``: it earns more under some answer.

    >>> bait_dominance(Fraction(1, 4))
    'weakly dominated'
    """
    game = game or ConvoyGame()
    weight = Fraction(weight)
    gaps = []
    for offer in game.offers("dirty"):
        answers = ("inspect", "waive") if offer == NO_BRIBE else ("accept", "inspect")
        for answer in answers:
            s_d, c_d = game._outcome("dirty", offer, answer)
            s_h, c_h = game._outcome("honest", offer, answer)
            gaps.append((s_d - weight * c_d) - (s_h - weight * c_h))
    if all(gap > 0 for gap in gaps):
        return "strictly dominated"
    if all(gap >= 0 for gap in gaps):
        return "weakly dominated"
    return "not dominated"
