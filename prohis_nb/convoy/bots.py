"""Bots for the convoy stage game: the equilibrium strategy of lesson 6's convoy game.

The stage game *is* the convoy game of :mod:`prohis_nb.analysis.equilibrium`
(the same hands, convoys, bribes, answers and payoffs; a test checks the
payoffs against the analysis, so the two cannot drift apart). So its
equilibrium, solved there, can be played here: :class:`EquilibriumConvoyBot`
plays one equilibrium of the game its rules describe, in *behaviour*:

* as smuggler with a dirty hand, a dirty convoy with probability
  ``P(dirty convoy | dirty hand)``, then each offer with
  ``P(offer | dirty hand, that convoy)``; with an honest hand, each offer with
  ``P(offer | honest hand)``;
* as controller, accepting each bribe at its equilibrium rate and inspecting
  an unbribed convoy at the equilibrium inspection rate.

By Kuhn's theorem (each side remembers its own moves) these conditional
rates play exactly the equilibrium mix. The game often has many equilibria
(:mod:`prohis_nb.analysis.equilibrium_sets`); the bot plays a fixed one:

* in the race (zero-sum), the optimal mixes nashpy's linear program returns:
  every equilibrium of a zero-sum game has the same value, so any one of them
  guarantees the smuggler (and the controller) exactly that value;
* with each side's own money, the equilibrium at the end of the exact
  Lemke–Howson path that starts from the smuggler's first pure strategy
  (:func:`prohis_nb.analysis.equilibrium.solve_bimatrix`). That is the
  textbook algorithm's choice, computed in whole numbers, so it is the same
  on every machine, and the solve always ends (nashpy's floating-point
  Lemke–Howson could cycle for ever on some menus). The other equilibria,
  with their different payoffs, are listed by
  :func:`prohis_nb.analysis.equilibrium.extreme_equilibria`.

A solve takes a few milliseconds for the lessons' menus and grows with the
menu (2^(bribes + 1) controller plans): about 40 s for the largest menu the
rules allow, 8 bribes (``benchmarks/analysis_speed.py`` prints the figures).
Any other bot plays the stage game too: ``"random"`` (:class:`RandomBot`).

The solve is made at the bot's first decision whatever that decision is,
even one forced by its hand, so that the first answer takes as long for an
honest hand (one legal convoy) as for a dirty one (docs/teaching.md, "Time").
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from prohis_nb.bots.base import Bot
from prohis_nb.convoy.rules import ConvoyRules


def analysis_game(rules: ConvoyRules) -> Any:
    """The :class:`~prohis_nb.analysis.equilibrium.ConvoyGame` whose parameters are ``rules``'."""
    from prohis_nb.analysis.equilibrium import ConvoyGame

    return ConvoyGame(
        card=rules.card,
        size=rules.size,
        illegal=rules.illegal,
        bribes=rules.bribes,
        p_dirty=rules.p_dirty,  # type: ignore[arg-type]  # a Fraction: the analysis reads it exactly
        zero_sum=rules.payoffs == "race",
        waiver_keeps_card=rules.waiver_keeps_card,
    )


def _key(cards: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(cards))


class Behaviour:
    """One equilibrium of the convoy game as rates at each decision (see the module docstring).

    ``dirty_convoy``: P(a dirty convoy | dirty hand); ``offers[(hand, load)]``:
    each offer's probability (by its cards, ``()`` for no bribe) given the
    hand and the convoy; ``accept[cards]``: P(accept) of each bribe;
    ``inspect``: P(inspect) of an unbribed convoy.
    """

    def __init__(self, rules: ConvoyRules) -> None:
        from prohis_nb.analysis.equilibrium import solve_convoy_game

        game = analysis_game(rules)
        point = solve_convoy_game(game)
        labels = game.offer_labels  # label -> cards
        joint: defaultdict[tuple[str, str, tuple[str, ...]], float] = defaultdict(float)
        for p, ((load, dirty_offer), honest_offer) in zip(
            point.smuggler, game.smuggler_strategies(), strict=True
        ):
            joint["dirty", load, _key(labels[dirty_offer])] += float(p)
            joint["honest", "honest", _key(labels[honest_offer])] += float(p)
        loads: defaultdict[tuple[str, str], float] = defaultdict(float)
        for (hand, load, _offer), p in joint.items():
            loads[hand, load] += p
        self.dirty_convoy = loads["dirty", "dirty"]
        self.offers: dict[tuple[str, str], dict[tuple[str, ...], float]] = {}
        for (hand, load, offer), p in joint.items():
            if loads[hand, load] > 1e-12:
                self.offers.setdefault((hand, load), {})[offer] = p / loads[hand, load]
        self.accept = {_key(labels[label]): rate for label, rate in point.accept_rates.items()}
        self.inspect = point.inspect_rate
        self.point = point


@lru_cache(maxsize=64)
def behaviour(rules: ConvoyRules) -> Behaviour:
    """The equilibrium behaviour for ``rules`` (solved once per rules value)."""
    return Behaviour(rules)


class EquilibriumConvoyBot(Bot):
    """Plays one equilibrium of the convoy game, in either seat (see the module docstring)."""

    default_name = "equilibrium"
    games = ("convoy",)
    needs = ("numpy", "scipy", "nashpy")  # the equilibrium of the convoy's bimatrix game

    def choose(self, view: Any, legal_actions: Sequence[Any]) -> Any:
        # The plan first, for every decision, even a forced one: an honest hand has one
        # legal convoy, a dirty hand two, and a solve (up to tens of seconds, once per
        # rules) done only for the dirty hand would make its first answer visibly slower,
        # telling the controller what the smuggler holds (docs/teaching.md, "Time").
        plan = behaviour(ConvoyRules.from_json(view.rules))
        if len(legal_actions) == 1:
            return legal_actions[0]
        kind = view.decision.kind
        if kind == "convoy":
            dirty = next(a for a in legal_actions if "illegal" in a.cards)
            honest = next(a for a in legal_actions if "illegal" not in a.cards)
            return dirty if self.rng.random() < plan.dirty_convoy else honest
        if kind == "bribe":
            hand = "dirty" if view.dirty else "honest"
            load = "dirty" if view.convoy and "illegal" in view.convoy else "honest"
            rates = plan.offers.get((hand, load), {(): 1.0})  # off the path: no bribe
            weights = [rates.get(_key(a.cards), 0.0) for a in legal_actions]
            if sum(weights) <= 0:
                weights = [1.0 if a.act == "no_bribe" else 0.0 for a in legal_actions]
            return self.rng.choices(list(legal_actions), weights)[0]
        if kind == "bribe_answer":
            rate = plan.accept.get(_key(view.bribe or ()), 0.0)
            act = "accept" if self.rng.random() < rate else "reject"
        else:
            act = "inspect" if self.rng.random() < plan.inspect else "waive"
        return next(a for a in legal_actions if a.act == act)


#: The convoy's own bots, by name (its registry entry names this mapping).
BOTS: dict[str, Any] = {"equilibrium": EquilibriumConvoyBot}
