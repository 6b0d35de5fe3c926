"""A tournament's statistics from running sums, so games can be summarised as they stream past.

:mod:`prohis_nb.tournament` explains the statistics (cluster-robust intervals
with deals as the independent units, and paired per-deal differences). This
module computes them from a few sums per bot and per seat that can be added
up chunk by chunk, in any order, on any machine: a tournament that streams
its games to Parquet (:mod:`prohis_nb.scale.sink`) never holds them, yet its
intervals are *exactly* those of a tournament kept in memory.

**Why sums suffice.** With ``S_d`` and ``n_d`` the sum and count of one bot's
values (scores, or win shares) in deal ``d`` and ``x̄ = ΣS_d / Σn_d``, the
cluster-robust spread is ::

    Σ_d (S_d - n_d·x̄)² = Σ S_d² - 2·x̄·Σ n_d·S_d + x̄²·Σ n_d²

so ``D``, ``ΣS_d``, ``Σn_d``, ``ΣS_d²``, ``Σn_d·S_d`` and ``Σn_d²`` are all
it needs, whatever the number of games. A paired comparison needs, over the
deals both bots played, ``D``, ``Σx_d`` and ``Σx_d²`` (``x_d`` the
difference of their mean scores in deal ``d``). Every deal must be summed as
a whole: :func:`~prohis_nb.tournament.run_tournament` cuts its chunks at deal
boundaries.

**Why they are exact.** Scores are whole dollars, a win share ``1/k`` is
counted in whole units of ``1/L`` (``L`` = the least common multiple of 1 to
the number of seats: 60 for six seats), and a per-deal mean difference is a
``Fraction``. Every sum is therefore exact, the order of addition cannot
change it, and the floating-point numbers derived from it are the same
however the games were split into chunks.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

#: z for a two-sided 95% normal confidence interval (the limit of :func:`t95` for many deals).
Z95 = 1.959963984540054


def _t_cdf(t: float, df: int) -> float:
    """Student's t distribution function, by the regularised incomplete beta function.

    ``P(T ≤ t) = 1 − ½ I_x(df/2, 1/2)`` with ``x = df / (df + t²)`` for ``t ≥ 0``;
    ``I`` by its continued fraction (Lentz's method, as in *Numerical Recipes*).
    """
    x = df / (df + t * t)
    a, b = df / 2, 0.5
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    # continued fraction for I_x(a, b), valid for x < (a + 1) / (a + b + 2)
    flip = x > (a + 1) / (a + b + 2)
    if flip:
        a, b, x = b, a, 1 - x
    tiny = 1e-300
    c, d = 1.0, 1 - (a + b) * x / (a + 1)
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1 + numerator * d
            d = 1 / (d if abs(d) > tiny else tiny)
            c = 1 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    incomplete = front * h / a
    if flip:
        incomplete = 1 - incomplete
    tail = 0.5 * incomplete
    return 1 - tail if t >= 0 else tail


def t_quantile(probability: float, df: int) -> float:
    """The ``probability`` quantile of Student's t with ``df`` degrees of freedom (stdlib only).

    Bisection on :func:`_t_cdf` to 1e-12; checked against scipy in the tests.
    """
    if not 0 < probability < 1 or df < 1:
        raise ValueError(f"need 0 < probability < 1 and df ≥ 1, got {probability!r}, {df!r}")
    if probability < 0.5:
        return -t_quantile(1 - probability, df)
    low, high = 0.0, 1.0
    while _t_cdf(high, df) < probability:
        high *= 2
    for _ in range(200):
        mid = (low + high) / 2
        if _t_cdf(mid, df) < probability:
            low = mid
        else:
            high = mid
        if high - low < 1e-12:
            break
    return (low + high) / 2


def t95(clusters: int) -> float:
    """The critical value of a two-sided 95% interval from ``clusters`` independent units.

    Student's t with ``clusters − 1`` degrees of freedom: with few deals (or
    students) the normal ``z = 1.96`` gives intervals that are too narrow
    (10 deals: t = 2.26). The same degrees of freedom as statsmodels'
    cluster-robust inference (``use_t=True``).
    """
    return t_quantile(0.975, max(1, clusters - 1))


class Played(Protocol):
    """What the sums read from one game: who sat where, the scores and the winners."""

    lineup: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Stats:
    """Mean score and win rate of one bot or one seat, with 95% confidence intervals."""

    label: str
    appearances: int
    mean_score: float
    score_ci: tuple[float, float]
    win_rate: float
    win_ci: tuple[float, float]


@dataclass(frozen=True)
class PairedDifference:
    """``first``'s mean score minus ``second``'s, deal by deal, with its 95% interval.

    ``per_deal`` holds the differences when the games were kept in memory; a
    tournament streamed to a sink keeps only their sums, and it is empty.
    """

    first: str
    second: str
    deals: int
    mean: float
    ci: tuple[float, float]
    per_deal: tuple[float, ...] = field(default=(), repr=False)

    @property
    def real(self) -> bool:
        """True when the 95% interval excludes 0: the difference is very unlikely to be luck."""
        low, high = self.ci
        return low > 0 or high < 0


def cluster_mean_ci(values: Sequence[float], clusters: Sequence[int]) -> tuple[float, float, float]:
    """Mean of ``values`` and its 95% interval, treating each cluster as one independent unit.

    ``SE² = D/(D-1) · Σ_d (S_d - n_d·mean)² / N²`` (see :mod:`prohis_nb.tournament`),
    and the interval ``mean ± t · SE`` with Student's t on ``D − 1`` degrees
    of freedom (:func:`t95`; statsmodels' cluster-robust OLS gives the same),
    computed directly from the values; with a single cluster the interval is
    undefined (``nan``). Tournaments use :class:`TournamentSums`, which gives
    the same numbers from running sums.
    """
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = math.fsum(values) / n
    sums: dict[int, list[float]] = {}
    for value, cluster in zip(values, clusters, strict=True):
        sums.setdefault(cluster, []).append(value - mean)
    d = len(sums)
    if d < 2:
        return mean, math.nan, math.nan
    spread = math.fsum(math.fsum(devs) ** 2 for devs in sums.values())
    se = math.sqrt(d / (d - 1) * spread) / n
    t = t95(d)
    return mean, mean - t * se, mean + t * se


def summarise(label: str, scores: list[int], shares: list[float], deals: list[int]) -> Stats:
    """The :class:`Stats` of a list of appearances (score, win share, deal), from the values."""
    mean, low, high = cluster_mean_ci(scores, deals)
    rate, rate_low, rate_high = cluster_mean_ci(shares, deals)
    rate_ci = (max(rate_low, 0.0), min(rate_high, 1.0))
    return Stats(label, len(scores), mean, (low, high), rate, rate_ci)


# ---------------------------------------------------------------- running sums


@dataclass
class Moments:
    """The sums of one quantity of one bot or seat over whole deals (see the module docstring).

    ``total`` = ΣS_d, ``squares`` = ΣS_d², ``cross`` = Σn_d·S_d; the counts
    (``N``, ``D``, ``Σn_d²``) are kept by the :class:`LabelSums` holding it.
    """

    total: int = 0
    squares: int = 0
    cross: int = 0

    def add_deal(self, deal_sum: int, count: int) -> None:
        self.total += deal_sum
        self.squares += deal_sum * deal_sum
        self.cross += count * deal_sum

    def merge(self, other: Moments) -> None:
        self.total += other.total
        self.squares += other.squares
        self.cross += other.cross

    def interval(self, appearances: int, deals: int, count_squares: int, unit: int) -> tuple:
        """``(mean, low, high)`` of the values ``S/unit`` (``nan`` where undefined)."""
        if appearances == 0:
            return math.nan, math.nan, math.nan
        mean = Fraction(self.total, appearances)
        value = float(mean / unit)
        if deals < 2:
            return value, math.nan, math.nan
        spread = self.squares - 2 * mean * self.cross + mean * mean * count_squares
        se = math.sqrt(float(Fraction(deals, deals - 1) * spread / (unit * unit))) / appearances
        t = t95(deals)
        return value, value - t * se, value + t * se


@dataclass
class LabelSums:
    """Everything the :class:`Stats` of one bot (or one seat) need, as exact sums."""

    appearances: int = 0  # N = Σ n_d
    deals: int = 0  # D
    count_squares: int = 0  # Σ n_d²
    score: Moments = field(default_factory=Moments)
    share: Moments = field(default_factory=Moments)  # in units of 1/share_unit

    def add_deal(self, count: int, score: int, share: int) -> None:
        self.appearances += count
        self.deals += 1
        self.count_squares += count * count
        self.score.add_deal(score, count)
        self.share.add_deal(share, count)

    def merge(self, other: LabelSums) -> None:
        self.appearances += other.appearances
        self.deals += other.deals
        self.count_squares += other.count_squares
        self.score.merge(other.score)
        self.share.merge(other.share)

    def stats(self, label: str, share_unit: int) -> Stats:
        counts = (self.appearances, self.deals, self.count_squares)
        mean, low, high = self.score.interval(*counts, 1)
        rate, rate_low, rate_high = self.share.interval(*counts, share_unit)
        # A rate lies in [0, 1]: clip the normal interval (nan first, so nan stays nan).
        rate_ci = (max(rate_low, 0.0), min(rate_high, 1.0))
        return Stats(label, self.appearances, mean, (low, high), rate, rate_ci)


@dataclass
class PairSums:
    """Over the deals two bots both played: ``D``, Σx_d and Σx_d² (``x_d`` exact)."""

    deals: int = 0
    total: Fraction = Fraction(0)
    squares: Fraction = Fraction(0)

    def merge(self, other: PairSums) -> None:
        self.deals += other.deals
        self.total += other.total
        self.squares += other.squares


@dataclass
class TournamentSums:
    """Running sums of a tournament, added deal by deal and merged chunk by chunk.

    >>> from types import SimpleNamespace as Game
    >>> sums = TournamentSums(players=2)
    >>> sums.add_deal([Game(lineup=("a", "b"), scores=(5, 3), winners=(0,)),
    ...                Game(lineup=("b", "a"), scores=(4, 4), winners=(0, 1))])
    >>> sums.add_deal([Game(lineup=("a", "b"), scores=(1, 2), winners=(1,))])
    >>> sums.stats()[0]["a"].mean_score, sums.stats()[0]["a"].win_rate
    (3.3333333333333335, 0.5)
    >>> sums.paired("a", "b").mean     # deal 0: 4.5 - 3.5; deal 1: 1 - 2
    0.0
    """

    players: int
    games: int = 0
    bots: dict[str, LabelSums] = field(default_factory=dict)
    seats: list[LabelSums] = field(default_factory=list)
    pairs: dict[tuple[str, str], PairSums] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [LabelSums() for _ in range(self.players)]

    @property
    def share_unit(self) -> int:
        """Win shares are counted in whole units of ``1/share_unit`` (lcm of 1..players)."""
        return math.lcm(*range(1, self.players + 1))

    @classmethod
    def from_games(cls, games: Iterable[Any]) -> TournamentSums:
        """The sums of ``games`` (results with ``deal``, ``lineup``, ``scores``, ``winners``)."""
        by_deal: dict[int, list[Any]] = {}
        for game in games:
            by_deal.setdefault(game.deal, []).append(game)
        players = len(next(iter(by_deal.values()))[0].scores) if by_deal else 0
        sums = cls(players=players)
        for deal in sorted(by_deal):
            sums.add_deal(by_deal[deal])
        return sums

    def add_deal(self, games: Sequence[Played]) -> None:
        """Add every game of one deal (all of them: a deal must never be split)."""
        unit = self.share_unit
        bots: dict[str, list[int]] = {}  # label -> [count, score sum, share sum]
        seats = [[0, 0, 0] for _ in range(self.players)]
        for game in games:
            share = unit // len(game.winners)
            for seat, (label, score) in enumerate(zip(game.lineup, game.scores, strict=True)):
                won = share if seat in game.winners else 0
                for row in (bots.setdefault(label, [0, 0, 0]), seats[seat]):
                    row[0] += 1
                    row[1] += score
                    row[2] += won
        self.games += len(games)
        for label, (count, score, share_sum) in bots.items():
            self.bots.setdefault(label, LabelSums()).add_deal(count, score, share_sum)
        for seat, (count, score, share_sum) in enumerate(seats):
            if count:
                self.seats[seat].add_deal(count, score, share_sum)
        labels = sorted(bots)
        for i, first in enumerate(labels):
            mean_first = Fraction(bots[first][1], bots[first][0])
            for second in labels[i + 1 :]:
                x = mean_first - Fraction(bots[second][1], bots[second][0])
                pair = self.pairs.setdefault((first, second), PairSums())
                pair.deals += 1
                pair.total += x
                pair.squares += x * x

    def merge(self, other: TournamentSums) -> TournamentSums:
        """Add ``other``'s sums (games of other deals) to these; return ``self``."""
        if other.players != self.players:
            raise ValueError(f"cannot merge sums of {other.players} and {self.players} seats")
        self.games += other.games
        for label, sums in other.bots.items():
            self.bots.setdefault(label, LabelSums()).merge(sums)
        for mine, theirs in zip(self.seats, other.seats, strict=True):
            mine.merge(theirs)
        for key, pair in other.pairs.items():
            self.pairs.setdefault(key, PairSums()).merge(pair)
        return self

    def stats(self) -> tuple[dict[str, Stats], list[Stats]]:
        """The :class:`Stats` by bot (sorted by label) and by seat."""
        unit = self.share_unit
        bots = {label: self.bots[label].stats(label, unit) for label in sorted(self.bots)}
        seats = [sums.stats(f"seat {seat}", unit) for seat, sums in enumerate(self.seats)]
        return bots, seats

    def paired(self, first: str, second: str) -> PairedDifference:
        """``first``'s mean score minus ``second``'s, paired deal by deal (needs two deals)."""
        pair = self.pairs.get((min(first, second), max(first, second)), PairSums())
        if first == second or pair.deals < 2:
            shared = 0 if first == second else pair.deals
            raise ValueError(
                f"{first!r} and {second!r} must be two bots that played at least two deals"
                f" together (they shared {shared})"
            )
        sign = 1 if first < second else -1
        d = pair.deals
        mean = sign * pair.total / d
        variance = (pair.squares - d * mean * mean) / (d - 1)
        se = math.sqrt(float(variance / d))
        value = float(mean)
        t = t95(d)
        return PairedDifference(first, second, d, value, (value - t * se, value + t * se))
