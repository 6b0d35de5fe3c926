"""``determinize`` draws from the exact posterior: the brute force's distribution, never an
impossible table.

At positions of seeded small games (both games, every seat), the tables
``determinize(view, rng)`` draws are compared with ``brute_knowledge``'s count of
every physical history the seat cannot rule out (independent of the engine's
model): every table drawn has a positive count (no impossible table), and the
drawn frequencies pass a chi-square test against the counts. The test's
significance level is 0.001 per position (scipy's chi-square quantile for the
degrees of freedom at hand; categories expected fewer than 5 times are
pooled), with fixed seeds: the same draws on every run, so it is not flaky;
a correct sampler fails a position one run in a thousand.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

from helpers.brute_knowledge import ProhisBruteForce, SmuggleBruteForce
from helpers.knowledge_play import SmuggleFeed, choose, small_prohis
from scipy.stats import chi2

from prohis_nb.core.determinize import determinize
from prohis_nb.smuggle.board import PACK_COUNTS
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules

SIGNIFICANCE = 0.001
DRAWS = 1_500


def prohis_table(game) -> tuple:
    """Everything hidden of a Prohis table, as the teacher sees it (places by kind, orders kept)."""
    truth = game.omniscient_view()
    convoy = truth.convoy
    return (
        tuple(tuple(sorted(hand)) for hand in truth.hands),
        tuple(tuple(sorted(stored)) for stored in truth.warehouses),
        truth.pile,
        None if convoy is None else convoy.cards,
        None if convoy is None or convoy.bribe is None else tuple(sorted(convoy.bribe)),
        None if convoy is None else tuple(tuple(sorted(b)) for b in convoy.rejected_bribes),
    )


def chi_square_test(drawn: Counter, chances: dict, draws: int) -> tuple[float, float]:
    """(statistic, critical value at SIGNIFICANCE), small categories pooled."""
    expected = {key: float(p) * draws for key, p in chances.items()}
    big = {key for key, e in expected.items() if e >= 5}
    statistic = sum((drawn[key] - expected[key]) ** 2 / expected[key] for key in big)
    rest_expected = sum(e for key, e in expected.items() if key not in big)
    categories = len(big)
    if rest_expected > 0:
        rest = sum(n for key, n in drawn.items() if key not in big)
        statistic += (rest - rest_expected) ** 2 / rest_expected
        categories += 1
    return statistic, float(chi2.ppf(1 - SIGNIFICANCE, max(1, categories - 1)))


def brute_tables(brute: ProhisBruteForce) -> dict[tuple, Fraction]:
    out: Counter = Counter()
    for game, weight in brute.histories.values():
        out[prohis_table(game)] += weight
    total = sum(out.values())
    return {key: Fraction(n, total) for key, n in out.items()}


def test_prohis_determinize_draws_the_brute_forces_distribution_and_no_impossible_table():
    checked = 0
    for seed in (1, 3, 5):
        game = small_prohis(seed, bribe_rounds=2)
        brutes = {seat: ProhisBruteForce(game, seat) for seat in range(3)}
        rng = random.Random(seed)
        for step in range(1, 16):
            if game.ended:
                break
            action = choose(rng, game.legal_actions())
            before = game.copy()
            game.apply(action)
            for brute in brutes.values():
                brute.step(before, action, game)
            if game.ended or step % 4:  # a few positions per game
                continue
            for seat, brute in brutes.items():
                chances = brute_tables(brute)
                if len(chances) < 2:
                    continue
                sampler = random.Random(seed * 100 + step * 10 + seat)
                view = game.view(seat)  # one view: its knowledge is folded once, then sampled
                drawn = Counter(prohis_table(determinize(view, sampler)) for _ in range(DRAWS))
                impossible = set(drawn) - set(chances)
                assert not impossible, (seed, step, seat, sorted(impossible)[:2])
                statistic, critical = chi_square_test(drawn, chances, DRAWS)
                assert statistic < critical, (seed, step, seat, statistic, critical)
                checked += 1
    assert checked >= 6


def test_smuggle_determinize_draws_the_brute_forces_distribution_and_no_impossible_table():
    kinds = tuple(PACK_COUNTS)
    checked = 0
    for seed in (2, 5):
        game = SmuggleGame(SmuggleRules(players=3), seed=seed)
        feeds = [SmuggleFeed(game, seat) for seat in range(3)]
        rng = random.Random(seed)
        for step in range(30):
            if game.ended:
                break
            action = rng.choice(game.legal_actions())
            before = game.omniscient_view()
            game.apply(action)
            after = game.omniscient_view()
            for feed in feeds:
                feed.step(before, action, after)
            if game.ended or step % 5 != 4:
                continue
            for feed in feeds:
                brute: SmuggleBruteForce = feed.brute
                shown = tuple(brute.shown)
                chances: Counter = Counter()
                for (hand, down, _pack), weight in brute.tables.items():
                    chances[(hand, tuple(d + s for d, s in zip(down, shown)))] += weight
                total = sum(chances.values())
                if len(chances) < 2:
                    continue
                sampler = random.Random(seed * 100 + step * 10 + feed.seat)
                drawn: Counter = Counter()
                view = game.view(feed.seat)  # one view: its knowledge is folded once
                for _ in range(DRAWS):
                    sample = determinize(view, sampler)
                    hand = tuple(sample.hand.count(kind) for kind in kinds)
                    discards = tuple(sample.discards.count(kind) for kind in kinds)
                    drawn[(hand, discards)] += 1
                impossible = set(drawn) - set(chances)
                assert not impossible, (seed, step, feed.seat)
                statistic, critical = chi_square_test(
                    drawn, {key: Fraction(n, total) for key, n in chances.items()}, DRAWS
                )
                assert statistic < critical, (seed, step, feed.seat, statistic, critical)
                checked += 1
    assert checked >= 4
