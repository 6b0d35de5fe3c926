"""The Officer's advice when it depends on which equilibrium is played (issue 23, item 1).

The declaration game has many equilibria, all equally exact: the Officer's
search rates are the same in each, the declarers' mixes are not. The coach
prices the Officer's choice with one of them (the solved vertex) and says when
another reverses the advice. Checked here without the coach's code:

* at a round's first claim the Officer has seen nothing, so its belief is the
  fresh-hand prior ``p_t``, and the equilibrium conditions themselves leave it
  indifferent (or pin the sign) in every equilibrium: the two extreme declarer
  strategies are each an equilibrium (no type gains by switching, the Officer
  gains nothing by changing a rate: regrets from the payoffs), their gains
  recomputed by Bayes' rule do not differ in sign, and the coach says nothing;
* later in seeded random games the Officer's card count differs from the
  prior: at Officer decisions where the coach says the advice depends, two
  equilibria are found (each checked by its regrets) whose Bayes gains (on
  the card count) have opposite signs, and the coach says so in words; at
  every decision the solved vertex's gain lies in the coach's range.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("scipy")

from helpers.smuggle_coach import COMPENSATION, DUTY, FINE, IMMUNITY_FINE, stacked

from prohis_nb.analysis.signalling import IMMUNITY, declaration_equilibrium
from prohis_nb.analysis.signalling_sets import declarer_set
from prohis_nb.coach.smuggle import TIE, advise
from prohis_nb.smuggle.game import SmuggleGame
from prohis_nb.smuggle.rules import SmuggleRules


def _regrets(eq, strategy):
    """(a type's largest gain by switching, the Officer's gain by changing its rates)."""
    a, b, s, p = eq.accepted, eq.searched, eq.search, eq.probability
    money = a + s[None, :] * (b - a)
    declarer = (money.max(axis=1) - (strategy * money).sum(axis=1)).max()
    gain = ((p[:, None] * strategy) * (a - b)).sum(axis=0)
    officer = (np.maximum(gain, 0) - gain * s).sum()
    return declarer, officer


def _search_gain(t, heard):
    """The Officer's money from searching minus accepting a hand of type ``t`` (test board)."""
    fines = sum(FINE[g] for g in t.goods)
    if heard == IMMUNITY:
        return -IMMUNITY_FINE if t.bag else IMMUNITY_FINE + fines
    duty = sum(DUTY[g] for g in heard)
    return (fines if t.goods != heard else duty - COMPENSATION) - duty


def _bayes_gain(eq, strategy, weights, heard):
    j = eq.index(heard)
    mass = weights * strategy[:, j]
    gains = np.array([_search_gain(t, heard) for t in eq.types])
    return float((mass * gains).sum() / mass.sum())


@pytest.fixture(scope="module")
def eq():
    return declaration_equilibrium()


@pytest.mark.parametrize("heard", [(), ("wine",), ("perfume",), IMMUNITY])
def test_at_a_first_claim_no_equilibrium_reverses_the_advice(eq, heard):
    """With nothing seen, the Officer's belief is the fresh-hand prior, where every
    equilibrium leaves it indifferent at a declaration searched sometimes (that is what
    makes the rate an equilibrium): the advice cannot depend on the equilibrium. Two
    extreme equilibria, checked here by their regrets, give the same gain by Bayes."""
    every = declarer_set()
    gains = np.array([_search_gain(t, heard) for t in eq.types])
    found = every.ratio_extremes(heard, eq.probability, gains)
    assert found is not None
    for value, sigma in found:
        declarer, officer = _regrets(eq, sigma)
        assert declarer < 1e-6 and officer < 1e-6
        assert _bayes_gain(eq, sigma, eq.probability, heard) == pytest.approx(value, abs=1e-6)
    low, high = found[0][0], found[1][0]
    assert not (low < -TIE and high > TIE)
    game = stacked(3, ["wine", "wine", "wine", "wine"])
    if heard == IMMUNITY:
        game.apply({"act": "immunity"})
    else:
        game.apply({"act": "declare", "items": list(heard)})
    advice = advise(game.view(0))
    assert advice.choices[1].details["depends_on_equilibrium"] is False
    assert "depends on which equilibrium" not in advice.why


def _random_officer_views(seeds):
    for seed in seeds:
        game = SmuggleGame(SmuggleRules(players=3 + seed % 4), seed=seed)
        rng = random.Random(seed)
        while not game.ended:
            view = game.view(game.to_act)
            legal = game.legal_actions()
            if view.decision.kind == "officer":
                yield view
            acts = sorted({a.act for a in legal})
            act = rng.choice(acts)
            game.apply(rng.choice([a for a in legal if a.act == act]))


def test_in_seeded_games_the_coach_flags_only_real_reversals(eq):
    from prohis_nb.coach import smuggle as coach
    from prohis_nb.coach import smuggle_knowledge as counting

    every = declarer_set()
    flagged = checked = 0
    for view in _random_officer_views([0, 1]):
        advice = advise(view)
        accept, search = advice.choices
        details = search.details
        checked += 1
        span = details["equilibrium_gain_range"]
        vertex_gain = search.value - accept.value
        if span is not None:
            assert span[0] - 1e-6 <= vertex_gain <= span[1] + 1e-6
        if not details["depends_on_equilibrium"]:
            continue
        flagged += 1
        assert "depends on which equilibrium" in advice.why
        heard = details["declaration"]
        known = counting.knowledge(view)
        worlds = coach._worlds(known)
        weights = np.zeros(len(eq.types))
        for i, _, need in coach._possible_senders(view_board(view), heard):
            weights[i] = coach._count_probability(worlds, need)
        gains = np.array([_search_gain(t, heard) for t in eq.types])
        (low, low_sigma), (high, high_sigma) = every.ratio_extremes(heard, weights, gains)
        assert low < -TIE and high > TIE
        for sigma, value in ((low_sigma, low), (high_sigma, high)):
            declarer, officer = _regrets(eq, sigma)
            assert declarer < 1e-6 and officer < 1e-6
            assert _bayes_gain(eq, sigma, weights, heard) == pytest.approx(value, abs=1e-6)
        if flagged >= 4:
            break
    assert checked and flagged, f"{checked} Officer decisions, none flagged"


def view_board(view):
    from prohis_nb.coach.smuggle import board_of

    return board_of(view)
