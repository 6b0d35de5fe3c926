"""Bluffing in equilibrium: one convoy as a small two-player game, solved.

**The convoy game.** Chance first decides what the smuggler holds: with
probability ``p_dirty`` it holds illegal goods it could ship (a *dirty* hand),
otherwise only legal goods (an *honest* hand). Knowing its hand, the smuggler
chooses a convoy (``honest``: ``n`` legal cards; ``dirty``: ``k`` illegal and
the rest legal — only with a dirty hand) and whether to offer a bribe
(the cards ``bribe``). The controller, who sees neither the hand nor the
convoy, has one plan for each thing it may be shown: accept or reject a
bribe (a rejection obliges it to inspect), and inspect or waive when none is
offered. Payoffs come from :mod:`~prohis_nb.analysis.payoffs`, with the
inspection's outcome averaged by the exact catch probability.

By default the game is *zero-sum in relative score*: each side's payoff is its
own gain minus the other's (two rivals racing for the win). With
``zero_sum=False`` each side counts only its own gain.

The normal form has 8 smuggler strategies (4 for a dirty hand × 2 for an honest
one) and 4 controller strategies; :func:`solve_convoy_game` solves it with
nashpy (a linear program for the zero-sum game, support enumeration
otherwise) and reads the answer back in words.

**Classic references**, used as tests of the solver plumbing:
:func:`mixed_2x2` is the closed form of a 2×2 game's mixed equilibrium (the
inspection game), and :func:`kuhn_poker_value` builds Kuhn poker's normal form,
whose value for the first player is −1/18.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

import numpy as np

from prohis_nb.analysis.odds import catch_probability, rank_of
from prohis_nb.analysis.payoffs import ending_payoff

LOADS = ("honest", "dirty")
OFFERS = ("no bribe", "bribe")
CONTROLLER_PLANS = tuple(product(("accept", "reject"), ("inspect", "waive")))


@dataclass(frozen=True)
class ConvoyGame:
    """The parameters of the convoy game (see the module docstring)."""

    card: str = "captain"
    size: int = 3
    illegal: int = 1
    bribe: tuple[str, ...] = ("legal",)
    p_dirty: float = 0.5
    zero_sum: bool = True
    waiver_keeps_card: bool = False

    def __post_init__(self) -> None:
        rank_of(self.card)
        if not 2 <= self.size <= 4:
            raise ValueError(f"a convoy has 2 to 4 cards, got size={self.size}")
        if not 1 <= self.illegal <= self.size:
            raise ValueError(f"a dirty convoy holds 1 to {self.size} illegal cards")
        if not 0 <= self.p_dirty <= 1:
            raise ValueError(f"p_dirty is a probability, got {self.p_dirty}")

    def convoy(self, load: str) -> list[str]:
        if load == "honest":
            return ["legal"] * self.size
        return ["illegal"] * self.illegal + ["legal"] * (self.size - self.illegal)

    def outcome(self, load: str, offer: str, plan: tuple[str, str]) -> tuple[float, float]:
        """Expected (smuggler, controller) gains for one convoy, offer and controller plan."""
        convoy = self.convoy(load)
        to_bribe, to_none = plan
        if offer == "bribe" and to_bribe == "accept":
            payoff = ending_payoff("accepted", convoy, self.card, self.bribe)
            return float(payoff.smuggler), float(payoff.controller)
        if offer == "no bribe" and to_none == "waive":
            payoff = ending_payoff(
                "waived", convoy, self.card, waiver_keeps_card=self.waiver_keeps_card
            )
            return float(payoff.smuggler), float(payoff.controller)
        p = catch_probability(self.size, convoy.count("illegal"), 0, rank_of(self.card))
        caught = ending_payoff("confiscated", convoy, self.card)
        passed = ending_payoff("passed", convoy, self.card)
        return (
            float(p * caught.smuggler + (1 - p) * passed.smuggler),
            float(p * caught.controller + (1 - p) * passed.controller),
        )

    def smuggler_strategies(self) -> list[tuple[tuple[str, str], str]]:
        """(what a dirty hand does, what an honest hand offers): 8 pure strategies."""
        return [(dirty, honest) for dirty in product(LOADS, OFFERS) for honest in OFFERS]

    def payoff_matrices(self) -> tuple[np.ndarray, np.ndarray]:
        """(smuggler, controller) payoff matrices: rows = smuggler strategies, columns = plans."""
        rows = self.smuggler_strategies()
        a = np.zeros((len(rows), len(CONTROLLER_PLANS)))
        b = np.zeros_like(a)
        for i, ((dirty_load, dirty_offer), honest_offer) in enumerate(rows):
            for j, plan in enumerate(CONTROLLER_PLANS):
                sd, cd = self.outcome(dirty_load, dirty_offer, plan)
                sh, ch = self.outcome("honest", honest_offer, plan)
                s = self.p_dirty * sd + (1 - self.p_dirty) * sh
                c = self.p_dirty * cd + (1 - self.p_dirty) * ch
                a[i, j], b[i, j] = (s - c, c - s) if self.zero_sum else (s, c)
        return a, b


@dataclass(frozen=True)
class ConvoyEquilibrium:
    """An equilibrium of the convoy game, with the numbers a lesson shows."""

    game: ConvoyGame
    smuggler: np.ndarray  # probability of each smuggler strategy
    controller: np.ndarray  # probability of each controller plan
    smuggler_value: float
    controller_value: float

    @property
    def dirty_hand_sends_honest(self) -> float:
        """How often a smuggler holding illegal goods still sends an honest convoy (baiting)."""
        rows = self.game.smuggler_strategies()
        return float(sum(p for p, ((load, _), _) in zip(self.smuggler, rows) if load == "honest"))

    @property
    def honest_share(self) -> float:
        """Share of all convoys that are honest (honest hands plus baiting dirty hands)."""
        return (1 - self.game.p_dirty) + self.game.p_dirty * self.dirty_hand_sends_honest

    @property
    def inspect_rate(self) -> float:
        """How often the controller inspects a convoy offered no bribe."""
        return float(
            sum(q for q, (_, none) in zip(self.controller, CONTROLLER_PLANS) if none == "inspect")
        )

    @property
    def accept_rate(self) -> float:
        """How often the controller accepts a bribe."""
        return float(
            sum(q for q, (bribe, _) in zip(self.controller, CONTROLLER_PLANS) if bribe == "accept")
        )

    @property
    def bribe_rate(self) -> float:
        """How often a convoy comes with a bribe."""
        rows = self.game.smuggler_strategies()
        p = self.game.p_dirty
        total = 0.0
        for prob, ((_, dirty_offer), honest_offer) in zip(self.smuggler, rows):
            total += prob * (p * (dirty_offer == "bribe") + (1 - p) * (honest_offer == "bribe"))
        return float(total)

    def summary(self) -> str:
        """The equilibrium in words, for a lesson."""
        g = self.game
        article = "an" if g.card[0] in "aeiou" else "a"
        return (
            f"Against {article} {g.card} on a {g.size}-card convoy, a smuggler holding illegal "
            f"goods should still send an honest convoy {self.dirty_hand_sends_honest:.0%} "
            f"of the time "
            f"(so {self.honest_share:.0%} of all convoys are honest), and offer a bribe with "
            f"{self.bribe_rate:.0%} of convoys. The controller should inspect "
            f"{self.inspect_rate:.0%} of convoys offered no bribe and accept "
            f"{self.accept_rate:.0%} of bribes. Expected gain per convoy: smuggler "
            f"${self.smuggler_value:,.0f}, controller ${self.controller_value:,.0f}."
        )


def solve_convoy_game(game: ConvoyGame | None = None) -> ConvoyEquilibrium:
    """Solve the convoy game with nashpy and return one equilibrium."""
    import nashpy

    game = game or ConvoyGame()
    a, b = game.payoff_matrices()
    if game.zero_sum:
        sigma_s, sigma_c = nashpy.Game(a).linear_program()
    else:
        sigma_s, sigma_c = next(iter(nashpy.Game(a, b).support_enumeration()))
    sigma_s = np.clip(np.asarray(sigma_s, dtype=float), 0, None)
    sigma_c = np.clip(np.asarray(sigma_c, dtype=float), 0, None)
    sigma_s /= sigma_s.sum()
    sigma_c /= sigma_c.sum()
    return ConvoyEquilibrium(
        game=game,
        smuggler=sigma_s,
        controller=sigma_c,
        smuggler_value=float(sigma_s @ a @ sigma_c),
        controller_value=float(sigma_s @ b @ sigma_c),
    )


# ---------------------------------------------------------------- classic references


def mixed_2x2(a, b) -> tuple[Fraction, Fraction]:
    """Closed form of a 2×2 game's fully mixed equilibrium: (P(row 0), P(column 0)).

    The row player mixes so the column player is indifferent, and vice versa:
    ``p = (b11 − b10) / (b00 − b10 − b01 + b11)``,
    ``q = (a11 − a01) / (a00 − a01 − a10 + a11)``.
    """
    a = [[Fraction(x) for x in row] for row in a]
    b = [[Fraction(x) for x in row] for row in b]
    p = (b[1][1] - b[1][0]) / (b[0][0] - b[1][0] - b[0][1] + b[1][1])
    q = (a[1][1] - a[0][1]) / (a[0][0] - a[0][1] - a[1][0] + a[1][1])
    if not (0 <= p <= 1 and 0 <= q <= 1):
        raise ValueError("this 2x2 game has no fully mixed equilibrium")
    return p, q


def inspection_game(
    gain: float, fine: float, cost: float, loss: float
) -> tuple[list[list[float]], list[list[float]]]:
    """The textbook inspection game: an inspectee (rows: comply, cheat) and an inspector
    (columns: inspect, trust). Cheating gains ``gain`` unless inspected (then pays ``fine``);
    inspecting costs ``cost``; undetected cheating costs the inspector ``loss``."""
    inspectee = [[0, 0], [-fine, gain]]
    inspector = [[-cost, 0], [fine - cost, -loss]]
    return inspectee, inspector


def kuhn_poker_matrix() -> np.ndarray:
    """Kuhn poker in normal form: player 1's expected payoff (27 × 64 pure strategies).

    Three cards (J < Q < K), one each, ante 1, one bet of 1. Player 1's
    strategy says, for each card, *bet*, *check then fold* or *check then
    call*; player 2's says, for each card, what to do facing a bet (call or
    fold) and facing a check (bet or check).
    """
    cards = (0, 1, 2)
    p1_plans = list(product(("bet", "check-fold", "check-call"), repeat=3))
    p2_plans = list(product(product(("call", "fold"), ("bet", "check")), repeat=3))
    deals = [(x, y) for x in cards for y in cards if x != y]
    matrix = np.zeros((len(p1_plans), len(p2_plans)))
    for i, plan1 in enumerate(p1_plans):
        for j, plan2 in enumerate(p2_plans):
            total = 0.0
            for c1, c2 in deals:
                show = 1 if c1 > c2 else -1
                first = plan1[c1]
                facing_bet, facing_check = plan2[c2]
                if first == "bet":
                    total += 2 * show if facing_bet == "call" else 1
                elif facing_check == "check":
                    total += show
                elif first == "check-call":
                    total += 2 * show
                else:
                    total += -1
            matrix[i, j] = total / len(deals)
    return matrix


def kuhn_poker_value() -> float:
    """The value of Kuhn poker for the first player, by linear programming (−1/18)."""
    import nashpy

    matrix = kuhn_poker_matrix()
    row, column = nashpy.Game(matrix).linear_program()
    return float(np.asarray(row) @ matrix @ np.asarray(column))
